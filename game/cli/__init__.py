"""The command line: options, checked, with a clear usage error (exit 2) otherwise
(the parser itself: arguments.py, loaded when the command line has words)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, TextIO

from game import terminal_bar
from game.cli.words import early_language, speak
from game.core.on_first_use import OnFirstUse
from game.language import gettext
from game.net.code import RoomCodeError
from game.net.code import parse as room_code
from game.rules import PRESETS, Board, Difficulty, GameRules, RuleMode

if TYPE_CHECKING:
    import argparse
    import datetime as dt

    from game.cli import arguments
    from game.modes.mode import Mode
    from game.modes.tournament import Tournament
else:  # (argparse and the parser: with the first argument, never at a plain start;
    # datetime with the first date asked for, --daily's: 0.45 MB)
    arguments = OnFirstUse("game.cli.arguments")
    dt = OnFirstUse("datetime")


class Options:
    """What the player asked for on the command line (None: use the saved setting).
    (A plain class, not a record type: it loads before the first frame, and a plain
    class costs next to nothing to make.)"""

    __slots__ = (
        "analyse",
        "board",
        "board_code",
        "broker",
        "daily",
        "data_dir",
        "export_evf",
        "export_gif",
        "export_history",
        "export_html",
        "first_game",
        "frames",
        "import_history",
        "json",
        "ladder",
        "language",
        "mode",
        "moves",
        "race",
        "replay",
        "rules",
        "say",
        "seed",
        "show_ladder",
        "show_trials",
        "sound",
        "speech",
        "speech_log",
        "speed",
        "standings",
        "start",
        "tournament",
        "trial",
        "verify_replay",
        "zoom",
    )

    def __init__(
        self,
        *,
        board: Board | None = None,
        seed: int | None = None,
        zoom: int | None = None,
        sound: bool | None = None,
        frames: int | None = None,
        data_dir: str | None = None,
        rules: GameRules | None = None,
        mode: RuleMode | None = None,
        board_code: str | None = None,
        daily: str | None = None,
        start: tuple[int, int] | None = None,
        replay: str | None = None,
        verify_replay: str | None = None,
        export_evf: tuple[str, str] | None = None,
        export_gif: tuple[str, str] | None = None,
        export_html: tuple[str, str] | None = None,
        speed: float = 1.0,
        analyse: tuple[str, ...] = (),
        json: bool = False,
        moves: bool = False,
        export_history: str | None = None,
        import_history: str | None = None,
        language: str | None = None,
        ladder: int | None = None,
        show_ladder: bool = False,
        trial: str | None = None,
        show_trials: bool = False,
        tournament: Tournament | None = None,
        standings: tuple[str, ...] = (),
        first_game: Callable[[GameRules], Mode] | None = None,
        speech: bool = False,
        speech_log: Path | None = None,
        say: str | None = None,
        race: tuple[str, ...] = (),
        broker: str | None = None,
    ) -> None:
        self.board: Final = board
        self.seed: Final = seed
        self.zoom: Final = zoom
        self.sound: Final = sound
        self.frames: Final = frames
        self.data_dir: Final = data_dir
        self.rules: Final = rules
        """The rules of the first game (a board code's, the daily board's); None: the settings."""
        self.mode: Final = mode
        """--mode: the rule mode the games start in (kept in the settings, as the menu does)."""
        self.board_code: Final = board_code
        """--board: a board code, read by game.replay.boardcode (a bad one: one line, exit 2)."""
        self.daily: Final = daily
        """--daily: the first game is the daily board of this date (ISO, the player's today)."""
        self.start: Final = start
        """The first game's start cell (a board code's, the daily board's: one layout)."""
        self.replay: Final = replay
        """--replay: a replay file to play back in the window."""
        self.verify_replay: Final = verify_replay
        """--verify-replay: a replay file to check without a window."""
        self.export_evf: Final = export_evf
        """--export-evf: one of our replays, and the EVF file to write."""
        self.export_gif: Final = export_gif
        """--export-gif: a replay of any kind, and the animated GIF to write."""
        self.speech: Final = speech
        """--speech: speech on from this start, kept as X keeps it (a player who cannot
        see the screen needs no key found first)."""
        self.speech_log: Final = speech_log
        """--speech-log: every announcement written there too, a line of UTF-8 each."""
        self.say: Final = say
        """--say: words said through the system's speech, without a window (a check)."""
        self.export_html: Final = export_html
        """--export-html: a replay of any kind, and the web page to write."""
        self.speed: Final = speed
        """--speed: with --export-gif, how many times faster than it was played."""
        self.analyse: Final = analyse
        """--analyse: replay files to report on, without a window."""
        self.json: Final = json
        """--json: the report as JSON Lines."""
        self.moves: Final = moves
        """--moves: every move judged in the report."""
        self.export_history: Final = export_history
        """--export-history: write every game of the history to this file and stop."""
        self.import_history: Final = import_history
        """--import-history: add the games of an exported history and stop."""
        self.language: Final = language
        """--lang: the language of this session (a code of game.language.LANGUAGES; one
        this version does not know is English, with no error)."""
        self.ladder: Final = ladder
        """--ladder: the ladder's level to play (checked unlocked by parse_args)."""
        self.show_ladder: Final = show_ladder
        """--show-ladder: print the ladder and stop."""
        self.trial: Final = trial
        """--trial: the time trial to play."""
        self.show_trials: Final = show_trials
        """--show-trials: print the time trials' records and stop."""
        self.tournament: Final = tournament
        """--tournament: the tournament the games are played in (read by parse_args)."""
        self.standings: Final = standings
        """--standings: a tournament file, and perhaps a folder of replays: print and stop."""
        self.first_game: Final = first_game
        """The way to play of the first game, when the command line names one (a board
        code, the daily board, a ladder level, a trial, a tournament: game.cli.first_game
        reads them), made under the settings' rules; None: an ordinary game."""
        self.race: Final = race
        """--race: ("host",) to open a room (its code printed), ("join", CODE) to join one."""
        self.broker: Final = broker
        """--broker: the race's MQTT broker (mqtt://, mqtts://, ws://, wss://)."""

    def replace(self, **changes: Any) -> Options:
        """The same options with some changed."""
        return Options(**{name: getattr(self, name) for name in self.__slots__} | changes)


def _race(words: list[str] | None) -> tuple[str, ...]:
    """--race's words checked: host, or join and a room code (a usage error: exit 2)."""
    if not words:
        return ()
    if words == ["host"]:
        return ("host",)
    if len(words) == 2 and words[0] == "join":
        try:
            return ("join", room_code(words[1]))
        except RoomCodeError:
            pass
    say(sys.stderr, gettext("minesweeper: --race takes host, or join and a room code"))
    raise SystemExit(2)


def _replay(args: argparse.Namespace) -> str | None:
    """The replay to watch: --replay's, or the FILE named alone (a usage error: exit 2
    beside another first game)."""
    if args.file is None:
        return args.replay  # type: ignore[no-any-return]
    others = (args.replay, args.difficulty, args.custom, args.board, args.daily, args.ladder)
    if any(others) or args.trial or args.tournament or args.race:
        said = gettext("minesweeper: a replay FILE is played back alone, with no other first game")
        say(sys.stderr, said)
        raise SystemExit(2)
    return args.file  # type: ignore[no-any-return]


def parse_args(argv: Sequence[str] | None = None) -> Options:
    """Options from the command line, in the player's language (the help and the
    usage errors: game.cli.words); a bad one prints a usage error and exits 2."""
    words = sys.argv[1:] if argv is None else list(argv)
    speak(early_language(words))
    if not words:  # (a plain start, the usual one: the settings' game, nothing to parse)
        return Options()
    return options_of(parser().parse_args(words))


def parser() -> argparse.ArgumentParser:
    """The argument parser (also used to print the help)."""
    return arguments.parser()


def options_of(args: argparse.Namespace) -> Options:
    """The options the parser read (and a shared board or a series read now)."""
    board = PRESETS[Difficulty(args.difficulty)] if args.difficulty else args.custom
    options = Options(
        board=board,
        seed=args.seed,
        mode=args.mode,
        zoom=args.zoom,
        sound=False if args.no_sound else None,
        frames=args.frames,
        data_dir=args.data_dir,
        board_code=args.board,
        daily=dt.date.today().isoformat() if args.daily else None,
        replay=_replay(args),
        verify_replay=args.verify_replay,
        analyse=tuple(args.analyse or ()),
        export_evf=tuple(args.export_evf) if args.export_evf else None,
        export_gif=tuple(args.export_gif) if args.export_gif else None,
        export_html=tuple(args.export_html) if args.export_html else None,
        speed=args.speed,
        json=args.json,
        moves=args.moves,
        export_history=args.export_history,
        import_history=args.import_history,
        language=args.lang,
        show_ladder=args.show_ladder,
        trial=args.trial,
        show_trials=args.show_trials,
        standings=tuple(args.standings or ()),
        speech=args.speech,
        speech_log=Path(args.speech_log) if args.speech_log else None,
        say=args.say,
        race=_race(args.race),
        broker=args.broker,
    )
    if len(options.standings) > 2:
        say(sys.stderr, gettext("minesweeper: --standings takes a tournament file and one folder"))
        raise SystemExit(2)
    if (
        args.ladder is None
        and args.tournament is None
        and args.trial is None
        and options.board_code is None
        and options.daily is None
    ):
        return options
    # A shared board or a series is read before the window opens (its size is the
    # window's): only then do the board codes and the modes load.
    from game.cli.first_game import settled  # (a shared board or a series only)

    return settled(options, args.ladder, args.tournament)


def say(stream: TextIO | None, line: str) -> None:
    """Print a line as text (game.terminal.say: a file's words never command the
    terminal), where there is a console (a windowed Windows build has none)."""
    terminal_bar.say(stream, line)


class Printout(Enum):
    """The commands that print and stop, with no window (game.cli.commands runs them)."""

    VERIFY = "verify"
    ANALYSE = "analyse"
    EXPORT_EVF = "export-evf"
    EXPORT_GIF = "export-gif"
    EXPORT_HTML = "export-html"
    HISTORY = "history"
    """--export-history, --import-history."""
    SERIES = "series"
    """--show-ladder, --show-trials, --standings."""
    SAY = "say"


def printout_of(options: Options) -> Printout | None:
    """The command without a window the options ask for (None: the window opens)."""
    if options.verify_replay is not None:
        return Printout.VERIFY
    if options.analyse:
        return Printout.ANALYSE
    if options.export_evf is not None:
        return Printout.EXPORT_EVF
    if options.export_gif is not None:
        return Printout.EXPORT_GIF
    if options.export_html is not None:
        return Printout.EXPORT_HTML
    if options.export_history is not None or options.import_history is not None:
        return Printout.HISTORY
    if options.show_ladder or options.show_trials or options.standings:
        return Printout.SERIES
    return Printout.SAY if options.say is not None else None
