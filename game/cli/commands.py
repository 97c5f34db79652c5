"""The command line's commands that run without a window: --verify-replay,
--analyse, --export-evf, --export-gif, --export-html, --export-history and
--import-history, the series' printouts (--show-ladder, --show-trials,
--standings), and --say. Each prints its lines and returns the exit status. Imported only
when a command is given (game/__main__.py): the window loads none of it."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from game import language
from game.cli import Options, Printout, say
from game.core.status import Status
from game.flows import series_commands
from game.flows.web_save import page_text
from game.language import gettext, shown
from game.modes.mode import facts_of
from game.persist.history_transfer import TransferError
from game.persist.outputs import check_output
from game.persist.profile import Profile
from game.persist.store import atomic_write_bytes
from game.replay.drive import describe, verify
from game.replay.evf_write import export_evf as to_evf
from game.replay.files import COMMUNITY_SUFFIXES, Opened, open_replay
from game.replay.format import ReplayError
from game.replay.reader import load
from game.replay.report import report
from game.replay.report_text import text
from game.replay.verify_video import verify_file
from game.terminal_bar import TerminalBar
from game.view import speech_out
from game.view.animation import ExportError, GifExport
from game.view.speech import NO_VOICE, log_line, log_trouble


def _folders(data_dir: str | None) -> list[Path]:
    """The data folder --data-dir names, if any (outputs.check_output adds the rest)."""
    return [] if not data_dir else [Path(data_dir).expanduser()]


def verify_replay(path: str) -> int:
    """--verify-replay: one line on stdout, and 0 if the replay reproduces its
    recorded result, 1 if not; a file that is no replay: one line on stderr, 2.
    Ours and the community's files alike (game.replay.verify_video)."""
    if path.lower().endswith(COMMUNITY_SUFFIXES):
        try:
            checked = verify_file(path)
        except ReplayError as error:
            say(sys.stderr, f"minesweeper: {shown(error)}")
            return 2
        say(sys.stdout, checked.line())
        return 0 if checked.ok else 1
    try:
        recorded = load(path)
        check = verify(recorded)
    except ReplayError as error:
        say(sys.stderr, f"minesweeper: {path}: {shown(error)}")
        return 2
    if check.ok:
        say(sys.stdout, gettext("ok: {game}").format(game=describe(check.summary)))
        return 0
    said = gettext("differs: {game}; recorded {recorded} ({problem})")
    game, kept = describe(check.summary), describe(recorded.summary)
    say(sys.stdout, said.format(game=game, recorded=kept, problem=check.problems[0]))
    return 1


def export_evf(source: str, target: str, *, data_dir: str | None = None) -> int:
    """--export-evf: 0 once written; a file that is no replay, or cannot be written
    (or is no new or regular file, the replay itself, or one of the game's own
    files: outputs.check_output, ``data_dir`` being --data-dir): one line on
    stderr, 2. Nothing is left behind when the write fails (a full disk)."""

    def evf(opened: Opened) -> bytes:
        replay = opened.replay
        facts = facts_of(replay.rules, replay.result is Status.WON, fair=True)
        return to_evf(replay, mode=facts.evf_mode, official=facts.official, fair=facts.fair)

    return 2 if _write_export(source, target, data_dir, evf) is None else 0


def _write_export(
    source: str, target: str, data_dir: str | None, made: Callable[[Opened], bytes]
) -> bytes | None:
    """Write what ``made`` makes of the replay in ``source`` to ``target`` (checked
    first: outputs.check_output), atomically; what was written, or None once one
    line on stderr said why not."""
    try:
        check_output(Path(target), inputs=[Path(source)], folders=_folders(data_dir))
        data = made(open_replay(source))
        atomic_write_bytes(Path(target), data, inputs=[Path(source)])
    except ReplayError as error:
        say(sys.stderr, f"minesweeper: {shown(error)}")
        return None
    except OSError as error:
        say(sys.stderr, f"minesweeper: {target}: {error.strerror or error}")
        return None
    except ValueError as error:
        say(sys.stderr, f"minesweeper: {Path(source).name}: {shown(error)}")
        return None
    return data


def export_gif(
    source: str,
    target: str,
    *,
    speed: float = 1.0,
    zoom: int | None = None,
    data_dir: str | None = None,
) -> int:
    """--export-gif: a progress bar with the time left on a terminal, then one line
    on stdout and 0 once written; a file that is no replay, a GIF too large, or one
    that cannot be written (or is no new or regular file, the replay itself, or one
    of the game's own files: as export_evf): one line on stderr, 2. No window opens."""
    bar = TerminalBar(sys.stderr, f"{Path(target).name}:")
    try:
        check_output(Path(target), inputs=[Path(source)], folders=_folders(data_dir))
        replay = open_replay(source).replay
        export = GifExport(replay, target, speed=speed, zoom=zoom or 1)
        while not export.step(250.0):
            bar(export.progress, 1.0)
    except ReplayError as error:
        bar.close()
        say(sys.stderr, f"minesweeper: {shown(error)}")
        return 2
    except (ExportError, OSError) as error:
        bar.close()
        why = getattr(error, "strerror", None) or error
        say(sys.stderr, f"minesweeper: {Path(target).name}: {why}")
        return 2
    bar.close()
    size = Path(target).stat().st_size
    said = gettext("{file}: {frames} frames, {kb} KB")
    say(sys.stdout, said.format(file=target, frames=export.frames, kb=f"{size / 1024:.0f}"))
    return 0


def export_html(source: str, target: str, *, data_dir: str | None = None) -> int:
    """--export-html: one line on stdout and 0 once written; a file that is no
    replay, a board too large for a page, or a page that cannot be written (or is no
    new or regular file, the replay itself, or one of the game's own files:
    outputs.check_output, ``data_dir`` being --data-dir): one line on stderr, 2.
    Nothing is left behind when the write fails."""
    data = _write_export(
        source, target, data_dir, lambda opened: page_text(opened.replay, opened.caption).encode()
    )
    if data is None:
        return 2
    said = gettext("{file}: a web page, {kb} KB")
    say(sys.stdout, said.format(file=target, kb=f"{len(data) / 1024:.0f}"))
    return 0


def analyse(paths: Sequence[str], *, as_json: bool, moves: bool = False) -> int:
    """--analyse: each file's figures on stdout (JSON Lines with --json, else a table
    and each file's figures, and with --moves its judged moves, for a person); 0 if
    every file was read, 2 if one was not."""
    reports = [report(path, moves=moves) for path in paths]
    if as_json:
        for entry in reports:
            say(sys.stdout, json.dumps(entry, ensure_ascii=False))
    else:
        say(sys.stdout, text(reports))
    return 2 if any("error" in entry for entry in reports) else 0


def transfer_history(options: Options) -> int:
    """--export-history / --import-history: one line on stdout and 0; or, when the
    history or the file could not be used, or the history raised a notice on the
    way (damage found and set aside, say), every notice and the line on stderr
    and 1."""
    profile = Profile.open(options.data_dir)
    status = 0
    doing = gettext("importing") if options.export_history is None else gettext("exporting")
    bar = TerminalBar(sys.stderr, doing)
    target = Path(options.export_history or options.import_history or "")
    told = ""  # (the error's line, once said)
    try:
        profile.history  # noqa: B018 (opened now: what it finds is said first)
        for problem in profile.take_new_problems():
            say(sys.stderr, f"minesweeper: {shown(problem)}")
            status = 1  # (damage found and set aside at the start: said, and 1, as later)
        if options.export_history is not None:
            exported = profile.export_to(target)
            bar.close()
            status = 1 if exported.skipped else status
            said = gettext("{what} to {file}")
            say(sys.stdout, said.format(what=exported.words(), file=target.absolute()))
        else:
            added = profile.import_from(target, bar)
            bar.close()
            where = profile.history.path
            said = gettext("{what} from {file} to {history}")
            say(sys.stdout, said.format(what=added.words(), file=target.absolute(), history=where))
    except TransferError as error:
        bar.close()
        told = str(error) if str(target) in str(error) else f"{target}: {error}"
        say(sys.stderr, f"minesweeper: {told}")
        status = 1
    finally:
        later = profile.take_new_problems()
        for problem in later:  # (one the error's line said already is not said again)
            if shown(problem).rstrip(".") not in told:
                say(sys.stderr, f"minesweeper: {shown(problem)}")
        profile.close()
    return 1 if later else status


def series_command(options: Options) -> int:
    """--show-ladder, --show-trials, --standings: print and return the exit code."""
    out, err = sys.stdout, sys.stderr
    if out is None or err is None:
        return 1  # (a windowed Windows build has no console to print to)
    if options.standings:
        file, folder = options.standings[0], (options.standings[1:] or [None])[0]
        return series_commands.print_standings(
            file, folder, lambda: Profile.open(options.data_dir), out, err
        )
    profile = Profile.open(options.data_dir)
    try:
        if options.show_ladder:
            return series_commands.print_ladder(profile, out)
        return series_commands.print_trials(profile, out, err)
    finally:
        profile.close()


def say_aloud(words: str, log: Path | None) -> int:
    """--say: the words through the system's speech (the screen reader running, else
    the system's voice: game.view.speech_out), given the time a voice takes to say
    them before the game stops (speech-dispatcher says them after), and a line on
    stdout naming the voice: 0; no voice (the speech library or a screen reader's
    part missing): the reason on stderr, 1. With --speech-log the words are written
    there once a voice took them. A check that a download speaks (the release
    workflow runs it on each system)."""
    try:
        backend = speech_out.system_backend()
        backend.speak(words, language.current(), 0)
    except Exception as error:  # (ImportError, OSError, a library's own: the reason said)
        reason = " ".join(str(error).split()) or type(error).__name__
        say(sys.stderr, "minesweeper: " + gettext(NO_VOICE).format(reason=reason))
        return 1
    if not getattr(backend, "keeps_words", False):  # (a voice that stops at the exit)
        time.sleep(min(10.0, 1.0 + 0.4 * len(words.split())))
    voice = speech_out.name_of(backend)
    backend.close()
    if log is not None:
        try:
            log_line(log, " ".join(words.split()))
        except OSError as error:
            say(sys.stderr, "minesweeper: " + log_trouble(error))
            return 1
    say(sys.stdout, gettext("Said through {voice}.").format(voice=voice))
    return 0


def run(options: Options, printout: Printout) -> int:
    """The command the options ask for (cli.printout_of named it); its exit status."""
    if printout is Printout.VERIFY:
        assert options.verify_replay is not None
        return verify_replay(options.verify_replay)
    if printout is Printout.ANALYSE:
        return analyse(options.analyse, as_json=options.json, moves=options.moves)
    if printout is Printout.EXPORT_EVF:
        assert options.export_evf is not None
        return export_evf(*options.export_evf, data_dir=options.data_dir)
    if printout is Printout.EXPORT_GIF:
        assert options.export_gif is not None
        gif = options.export_gif
        return export_gif(*gif, speed=options.speed, zoom=options.zoom, data_dir=options.data_dir)
    if printout is Printout.EXPORT_HTML:
        assert options.export_html is not None
        return export_html(*options.export_html, data_dir=options.data_dir)
    if printout is Printout.HISTORY:
        return transfer_history(options)
    if printout is Printout.SAY:
        assert options.say is not None
        return say_aloud(options.say, options.speech_log)
    return series_command(options)
