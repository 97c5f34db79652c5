"""The gaps a player by ear found, through the real loop with the recording voice:
a figure's "-" (no value) said as a word, not as nothing; a replay's file name as
what it holds, not as long numbers; a game's end with its one time; the hint key
after it; a speech log that cannot be written."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pygame
import pytest
from conftest import classic_window
from test_window import BEGINNER, FakeClock, post, use_layout
from test_window_replay import write_replay
from test_window_speech import said_after, spoken_app, voice  # noqa: F401 (fixtures)

from game import cli
from game.app import App
from game.view.speech_out import Recording
from game.words import names_spoken, nones_spoken


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "3BV/s: none"),
        ("de", "3BV/s: kein Wert"),
        ("pl", "3BV/s: brak"),
        ("zh_CN", "3BV/s: 无"),  # (the B key joins with ": " in every language)
        ("ja", "3BV/s: なし"),
    ],
)
def test_a_figure_with_no_value_is_said_as_a_word(
    spoken_app: App,  # noqa: F811
    voice: Recording,  # noqa: F811
    code: str,
    said: str,
) -> None:
    """B before the first move: the screen's "3BV/s: -" was heard "3BV/s" (a voice
    reads a lone "-" as nothing)."""
    app = spoken_app
    app.prefs.change(language=code)
    use_layout(app, BEGINNER)
    said_after(app, voice, pygame.K_UP)
    assert said_after(app, voice, pygame.K_b) == said


def test_only_a_lone_mark_of_no_value_is_said_as_none() -> None:
    assert nones_spoken("3BV/s -, clicks 4") == "3BV/s none, clicks 4"
    assert nones_spoken("Best: - - 3") == "Best: none none 3"
    assert nones_spoken("Time: \u2013.") == "Time: none."
    for kept in ("Minesweeper - won in 3 s", "(rows - 1) x (columns - 1)", "-5", "a-b"):
        assert nones_spoken(kept) == kept


def test_a_kept_replays_name_is_said_as_its_board_result_and_time(
    spoken_app: App,  # noqa: F811
    voice: Recording,  # noqa: F811
) -> None:
    """The end panel's "Replay kept: 20261202-...-beginner-lost-0ms-kept.msreplay" was
    heard as long numbers; the screen keeps the whole name."""
    app = spoken_app
    use_layout(app, BEGINNER)
    said_after(app, voice, pygame.K_UP)
    said_after(app, voice, pygame.K_HOME)
    said_after(app, voice, pygame.K_PAGEUP)
    said_after(app, voice, pygame.K_SPACE)  # (the mine at row 1, column 1: lost)
    for _ in range(4):
        said = said_after(app, voice, pygame.K_TAB)
    assert said == "Keep replay, button"
    said = said_after(app, voice, pygame.K_RETURN)  # (the panel again, with its note)
    kept = app.end_of_game.kept_as
    assert kept is not None and kept.endswith("-beginner-lost-0ms-kept.msreplay")
    dialog = app.stage.top_dialog
    assert dialog is not None and kept in dialog.said, "the screen: the whole name"
    day = f"{kept[:4]}-{kept[4:6]}-{kept[6:8]} {kept[9:11]}:{kept[11:13]}"
    assert f"Replay kept: Beginner, lost in 0.000 seconds, {day}, kept by you." in said, said
    assert re.search(r"\d{5}", said) is None, said


def test_the_analysis_of_a_kept_replay_says_no_run_of_digits(
    spoken_app: App,  # noqa: F811
    voice: Recording,  # noqa: F811
    tmp_path: Path,
) -> None:
    """Its header's file name was said as the screen shortened it: "20261202-07..."."""
    name = "20261202-075455-575-beginner-lost-800ms.msreplay"
    path = write_replay(tmp_path).rename(tmp_path / name)
    said_after(spoken_app, voice, pygame.K_UP)
    post(pygame.DROPFILE, file=str(path))
    spoken_app.run(frames=1)
    assert spoken_app.speaker.wait()
    said = said_after(spoken_app, voice, pygame.K_a)
    assert said.startswith(
        "Analysis. Beginner, lost in 0.800 seconds, 2026-12-02 07:54 9x9, 10 mines, not won."
    ), said
    dialog = spoken_app.stage.top_dialog
    assert dialog is not None and name in dialog.said, "the screen's words: the whole name"


def test_a_file_names_run_of_digits_is_left_out_of_its_spoken_name() -> None:
    assert names_spoken("Exp_20120506_123456.avf") == "Exp.avf"
    assert names_spoken("Arbiter 2012.avf, game.msreplay") == "Arbiter 2012.avf, game.msreplay"
    said = names_spoken("20261123-105301-123-expert-lost-5012ms-opponent-unverified.evf")
    assert said == "Expert, lost in 5.012 s, 2026-11-23 10:53, the opponent's, not verified, EVF"
    said = names_spoken("20261399-105301-123-daily-won-1ms.msreplay")  # (no day 99)
    assert said == "Daily board, won in 0.001 s"


def lost_by_keys(app: App, voice: Recording, ms: float) -> str:  # noqa: F811
    """The BEGINNER layout lost by keys, ``ms`` after its first move: what the fatal
    key said (the mine at row 1, column 1)."""
    use_layout(app, BEGINNER)
    for key in (pygame.K_UP, pygame.K_HOME, pygame.K_PAGEUP, pygame.K_RIGHT, pygame.K_SPACE):
        said_after(app, voice, key)
    said_after(app, voice, pygame.K_LEFT)
    app.table.clock.ms += ms  # type: ignore[attr-defined]  # (the fixture's FakeClock)
    return said_after(app, voice, pygame.K_SPACE)


def test_a_games_end_says_its_time_once_as_the_panel_shows_it(
    spoken_app: App,  # noqa: F811
    voice: Recording,  # noqa: F811
) -> None:
    """The fatal move said the LED's whole seconds ("lost at 2 seconds"), the panel
    after it "Time, 1.078 seconds": two times for one game."""
    said = lost_by_keys(spoken_app, voice, 1078)
    assert said.startswith("mine at row 1, column 1: lost. Game over. Time, 1.078 seconds."), said
    assert said.count("second") == 1, said


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "no hint: the game is over"),
        ("de", "kein Tipp: das Spiel ist vorbei"),
        ("pl", "brak podpowiedzi: gra się skończyła"),
        ("zh_CN", "没有提示：游戏已结束"),
        ("ja", "ヒントなし：ゲームは終了しました"),
    ],
)
def test_the_hint_key_after_the_end_says_why_there_is_none(
    spoken_app: App,  # noqa: F811
    voice: Recording,  # noqa: F811
    code: str,
    said: str,
) -> None:
    """H after a game's end (its panel closed, the board in front) said nothing."""
    app = spoken_app
    app.prefs.change(language=code)
    lost_by_keys(app, voice, 1078)
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")  # (the panel closed)
    app.run(frames=1)
    assert app.stage.top_dialog is None
    assert said_after(app, voice, pygame.K_h) == said
    assert app.table.hint is None


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes: POSIX")
@pytest.mark.parametrize(
    ("target", "code", "why"),
    [
        (
            "fifo",
            "en",
            "Could not write the speech log (it is a named pipe that no program reads).",
        ),
        ("folder", "de", "Das Sprachprotokoll ließ sich nicht schreiben (es ist ein Ordner)."),
        ("/dev/full", "pl", "Nie udało się zapisać dziennika mowy (dysk jest pełny)."),
    ],
)
def test_a_speech_log_that_cannot_be_written_says_why_and_the_game_goes_on(
    tmp_path: Path,
    voice: Recording,  # noqa: F811
    target: str,
    code: str,
    why: str,
) -> None:
    """--speech-log at a named pipe no program reads blocked the speech's thread for
    good (the voice silent from then on, no word of why); at a folder or /dev/full the
    system's English words ("[Errno 21] Is a directory: '...'") in any language."""
    if target == "/dev/full" and not Path(target).exists():
        pytest.skip("no /dev/full here")
    log = {"fifo": tmp_path / "fifo", "folder": tmp_path}.get(target, Path(target))
    if target == "fifo":
        os.mkfifo(log)
    classic_window()
    app = App(cli.Options(zoom=2, sound=False, seed=1, speech_log=log), clock=FakeClock())
    try:
        app.speaker.make_backend = lambda: voice
        app.run(frames=1)
        app.prefs.change(speech=True, language=code)
        use_layout(app, BEGINNER)
        said_after(app, voice, pygame.K_UP)  # (the log fails on the speech's thread)
        said = said_after(app, voice, pygame.K_DOWN)
        assert said.endswith(why), said  # said once, and shown over the board
        assert app.table.note == why
        assert said_after(app, voice, pygame.K_UP).count(why) == 0  # the game goes on
    finally:
        app.close()


def test_the_deaths_heatmap_says_where_most_games_were_lost(
    spoken_app: App,  # noqa: F811
    voice: Recording,  # noqa: F811
) -> None:
    """Statistics > Deaths said its title, caption and scale, never what the heat
    shows: which cells, how many."""
    app = spoken_app
    for _ in range(2):
        lost_by_keys(app, voice, 500)  # (the mine at row 1, column 1)
        post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
        app.run(frames=1)
    use_layout(app, BEGINNER)
    for key in (pygame.K_UP, pygame.K_HOME, pygame.K_PAGEUP, pygame.K_RIGHT, pygame.K_SPACE):
        said_after(app, voice, key)  # (row 1, column 2: the first click, safe)
    said_after(app, voice, pygame.K_DOWN)
    said_after(app, voice, pygame.K_DOWN)
    said_after(app, voice, pygame.K_DOWN)  # (row 4, column 2)
    for _ in range(3):
        said_after(app, voice, pygame.K_RIGHT)  # (row 4, column 5: a mine)
    assert "lost" in said_after(app, voice, pygame.K_SPACE)
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    app.run(frames=1)
    said_after(app, voice, pygame.K_F4)
    said = ""
    for _ in range(6):
        said = said_after(app, voice, pygame.K_TAB)
        if said.startswith("Deaths"):
            break
    said = said_after(app, voice, pygame.K_RETURN)
    assert said.startswith(
        "Where you died. Beginner, 9x9: 3 games lost. Where most games were lost (2 "
        "cells): row 1, column 1: 2 deaths; row 4, column 5: 1 death. The reddest cell: 2 "
        "deaths; a clear cell: none."
    ), said


def test_a_game_that_ends_with_no_panel_says_its_own_time_at_its_end() -> None:
    """A mode whose end has no panel beside the board (a live race's) says the game's
    time to the millisecond with the fatal move, not the LED's whole seconds."""
    from typing import ClassVar

    from game.core.game import Game
    from game.core.moves import Move
    from game.modes.ordinary import Ordinary
    from game.scenes.board_voice import BoardVoice
    from game.session.table import MoveApplied, Table, TableEvent

    class NoPanel(Ordinary):
        __slots__ = ()
        ends_beside: ClassVar[bool] = False

    now = [1000.0]
    game = Game.from_layout(BEGINNER)
    table = Table.of(NoPanel.given(game), lambda: now[0])
    heard: list[TableEvent] = []
    table.tap(heard.append)
    table.act(Move.from_text("r 0 5"))
    now[0] += 1078
    table.act(Move.from_text("r 0 0"))  # (a mine)
    fatal = [event for event in heard if isinstance(event, MoveApplied)][-1]
    assert fatal.delta.lost
    assert BoardVoice._time_of(fatal) == "1.078 seconds"  # (the LED shows 2)
