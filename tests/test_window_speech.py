"""Spoken play, through the real loop: a whole Beginner game by keys alone, its
transcript checked move by move (the recording backend: the words as they reach the
speech library; --speech-log: the same words, a line each); the menus and dialogs
said as the focus moves; nothing said before the first input."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from conftest import classic_window
from test_window import BEGINNER, ZOOM, FakeClock, post, use_layout

from game import cli
from game.app import App
from game.core.look import Look
from game.core.status import Status
from game.screens.settings import keys_items
from game.view.commands import Command
from game.view.speech_out import Recording


@pytest.fixture
def voice() -> Recording:
    return Recording()


@pytest.fixture
def spoken_app(tmp_path: Path, voice: Recording) -> Iterator[App]:
    classic_window()
    log = tmp_path / "speech.log"
    options = cli.Options(zoom=ZOOM, sound=False, seed=1, speech_log=log)
    application = App(options, clock=FakeClock())
    application.speaker.make_backend = lambda: voice
    application.run(frames=1)
    application.prefs.change(speech=True)
    yield application
    application.close()


def said_after(app: App, voice: Recording, key: int, mod: int = 0) -> str:
    """Press a key (as SDL posts it), run a frame, and what the voice was told."""
    before = len(voice.spoken)
    post(pygame.KEYDOWN, key=key, mod=mod, unicode="")
    post(pygame.KEYUP, key=key, mod=mod, unicode="")
    app.run(frames=1)
    assert app.speaker.wait(), "the speech worker did not answer"
    new = voice.spoken[before:]
    assert new, f"nothing said for key {pygame.key.name(key)}"
    return " ".join(new)


def test_a_whole_beginner_game_by_keys_alone_is_said_move_by_move(
    spoken_app: App, voice: Recording, tmp_path: Path
) -> None:
    app = spoken_app
    game = use_layout(app, BEGINNER)
    mines = set(game.mine_cells())
    first = said_after(app, voice, pygame.K_DOWN)  # the first key shows the cursor
    assert "Speech on." in first and "New game: 9 by 9, 10 mines left." in first
    assert first.endswith("row 5, column 5: hidden")
    assert app.table.cursor == (4, 4)
    said = said_after(app, voice, pygame.K_HOME)
    assert said == "row 5, column 1: hidden"
    said = said_after(app, voice, pygame.K_PAGEUP)
    assert said == "row 1, column 1: hidden"
    said = said_after(app, voice, pygame.K_f)
    assert said == "flag: 9 mines left"
    assert app.table.game.look(0, 0) is Look.FLAG
    said = said_after(app, voice, pygame.K_i)
    assert said == "row 1, column 1: flag"
    moves = 0
    while app.table.game.status is not Status.WON:
        said = said_after(app, voice, pygame.K_n)  # the next hidden cell
        cell = app.table.cursor
        assert cell is not None
        assert said == f"row {cell[0] + 1}, column {cell[1] + 1}: hidden"
        if cell in mines:
            flags = app.table.game.flags
            said = said_after(app, voice, pygame.K_f)
            assert said.startswith("flag: ") and f"{10 - flags - 1} mine" in said
            continue
        opened_before = app.table.game.opened_count
        said = said_after(app, voice, pygame.K_SPACE)
        opened = app.table.game.opened_count - opened_before
        moves += 1
        if app.table.game.status is Status.WON:
            assert said.startswith("opened ") and "Won! A new best time!" in said
            assert said.index("Won!") < len(said) - 20, "the panel's words follow"
        elif opened == 1:
            look = app.table.game.look(*cell)
            assert said == f"opened: {int(look) if look else 'empty'}"
        else:
            assert said == f"opened {opened} cells"
    assert moves >= 2
    log = (tmp_path / "speech.log").read_text(encoding="utf-8").splitlines()
    assert log == [text for text in voice.spoken if text], "the log has the voice's words"


def test_brief_words_put_the_place_first_in_a_few_letters(
    spoken_app: App, voice: Recording
) -> None:
    app = spoken_app
    use_layout(app, BEGINNER)
    app.prefs.change(speech_brief=True)
    said_after(app, voice, pygame.K_UP)
    said = said_after(app, voice, pygame.K_UP)
    assert said == "D5, hidden"  # row 4 (D), column 5
    said = said_after(app, voice, pygame.K_HOME)
    assert said == "D1, hidden"
    said = said_after(app, voice, pygame.K_PAGEUP)
    assert said == "A1, hidden"
    said_after(app, voice, pygame.K_PAGEDOWN)
    said = said_after(app, voice, pygame.K_e)
    assert said == "I1: edge, hidden, hidden; edge, hidden, hidden; edge, edge, edge."
    said_after(app, voice, pygame.K_f)
    said = said_after(app, voice, pygame.K_r)
    assert said == "I: flag, 8 hidden"


def test_the_menus_and_a_dialog_are_said_as_the_focus_moves(
    spoken_app: App, voice: Recording
) -> None:
    app = spoken_app
    said_after(app, voice, pygame.K_UP)
    said = said_after(app, voice, pygame.K_F10)
    assert said == "Game menu: New, F2"
    said = said_after(app, voice, pygame.K_DOWN)
    assert said == "Beginner, 1"
    said = said_after(app, voice, pygame.K_RIGHT)
    assert said.startswith("Options menu: Question marks, on")
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    app.run(frames=1)
    said = said_after(app, voice, pygame.K_F1)
    assert said.startswith("Minesweeper ") and said.endswith("OK, button")
    assert "X, speech on / off." in said and "N, cursor to the next hidden cell" in said
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    app.run(frames=1)
    before = len(voice.spoken)
    app.play.command(Command.REBIND)  # the Keys screen: every key, the speech's too
    app.run(frames=1)
    assert app.speaker.wait()
    said = " ".join(voice.spoken[before:])
    assert said.startswith("Keys.") and said.endswith("cursor up (Shift: 5 cells): Up, W")
    lines = dict(keys_items(app.prefs.keymap))
    assert lines["speech on / off"] == "X", "the Keys screen names the speech keys"


def test_nothing_is_said_and_no_speech_library_loads_before_the_first_input(
    tmp_path: Path, voice: Recording
) -> None:
    classic_window()
    options = cli.Options(zoom=ZOOM, sound=False, seed=1)
    app = App(options, clock=FakeClock())
    app.speaker.make_backend = lambda: voice
    app.prefs.change(speech=True)
    app.run(frames=3)
    try:
        assert app.speaker.said == 0 and not voice.spoken
        said = said_after(app, voice, pygame.K_UP)
        assert "row 5, column 5: hidden" in said
    finally:
        app.close()


def test_x_says_speech_off_then_nothing_and_on_again(spoken_app: App, voice: Recording) -> None:
    app = spoken_app
    said_after(app, voice, pygame.K_UP)
    assert said_after(app, voice, pygame.K_x) == "Speech off."
    assert app.prefs.settings.speech is False and not app.speaker.enabled
    before = len(voice.spoken)
    post(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")
    app.run(frames=1)
    assert app.speaker.wait() and len(voice.spoken) == before, "the voice is off"
    said = said_after(app, voice, pygame.K_x)
    assert said.startswith("Speech on.")


@pytest.mark.parametrize("running", [True, False])
def test_the_first_start_speaks_when_a_screen_reader_runs(
    monkeypatch: pytest.MonkeyPatch, running: bool
) -> None:
    monkeypatch.setattr("game.view.speech.screen_reader_running", lambda: running)
    classic_window()
    app = App(cli.Options(zoom=ZOOM, sound=False, seed=1), clock=FakeClock())
    app.speaker.make_backend = Recording
    try:
        app.run(frames=2)
        assert app.prefs.settings.speech is None  # (the first start: asked at the first input)
        post(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=0, unicode="")
        app.run(frames=1)
        assert app.prefs.settings.speech is running and app.speaker.enabled is running
        app.prefs.change(speech=not running)  # the player's choice is kept from then on
        assert app.profile.settings.speech is (not running)
    finally:
        app.close()


def test_the_hint_and_its_reason_and_the_pause_are_said(spoken_app: App, voice: Recording) -> None:
    app = spoken_app
    use_layout(app, BEGINNER)
    said_after(app, voice, pygame.K_UP)
    said = said_after(app, voice, pygame.K_p)  # (no game under way yet: no silent key)
    assert said == "nothing to pause: no game under way" and not app.table.session.paused
    said_after(app, voice, pygame.K_SPACE)  # (4, 4) opens: a 1 beside the mine above
    said = said_after(app, voice, pygame.K_h)
    hint = app.table.hint
    assert hint is not None
    row, col = hint.cell
    assert said.startswith(f"row {row + 1}, column {col + 1}: hidden. ")
    assert len(said) > 40, "the hint's reason is said"
    assert said_after(app, voice, pygame.K_h) == said, "H again: the hint said again"
    said_after(app, voice, pygame.K_LEFT)
    assert said_after(app, voice, pygame.K_h) == said, "and the cursor back on its cell"
    assert app.table.cursor == hint.cell
    said = said_after(app, voice, pygame.K_p)
    assert said == "pause (hides the board; any key goes on)"
    cursor = app.table.cursor
    said = said_after(app, voice, pygame.K_LEFT)  # (any key goes on: it does nothing else)
    assert said == f"Going on. row {cursor[0] + 1}, column {cursor[1] + 1}: hidden", said
    assert app.table.cursor == cursor and not app.table.session.paused


def test_a_mine_opened_is_said_with_its_place_and_the_time(
    spoken_app: App, voice: Recording
) -> None:
    app = spoken_app
    use_layout(app, BEGINNER)
    said_after(app, voice, pygame.K_UP)
    said_after(app, voice, pygame.K_SPACE)  # (4, 4): a 1; the clock starts
    app.table.clock.ms += 11_500  # type: ignore[attr-defined]
    said_after(app, voice, pygame.K_UP)  # (3, 4): the mine
    said = said_after(app, voice, pygame.K_SPACE)
    assert said.startswith("mine at row 4, column 5: lost. Game over. Time, 11.500 seconds. ")
    assert app.table.game.status is Status.LOST


def test_earcons_under_the_cursor_a_tone_a_number_the_edge_and_a_flag(
    spoken_app: App, voice: Recording, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = spoken_app
    played: list[str] = []
    monkeypatch.setattr(app.prefs.sound, "play", played.append)
    use_layout(app, BEGINNER)
    said_after(app, voice, pygame.K_UP)  # (4, 4) shown
    said_after(app, voice, pygame.K_SPACE)  # a 1
    said_after(app, voice, pygame.K_DOWN)
    said_after(app, voice, pygame.K_UP)  # back on the 1
    assert played[-1] == "tone1"
    said_after(app, voice, pygame.K_HOME)
    said_after(app, voice, pygame.K_LEFT)  # against the edge
    assert played[-1] == "edge"
    said_after(app, voice, pygame.K_f)
    said_after(app, voice, pygame.K_RIGHT)
    said_after(app, voice, pygame.K_LEFT)  # back on the flag
    assert played[-1] == "flagged"
    app.prefs.change(earcons=False)
    count = len(played)
    said_after(app, voice, pygame.K_RIGHT)
    assert len(played) == count, "earcons off: none"


def test_speech_asked_for_on_the_command_line_is_on_from_the_first_key_and_kept(
    tmp_path: Path, voice: Recording
) -> None:
    # A player who cannot see the screen starts the game with --speech: no key to find
    # first, no screen reader needed; the first key's first words say speech is on.
    classic_window()
    options = cli.parse_args(["--speech", "--zoom", str(ZOOM), "--no-sound", "--seed", "1"])
    app = App(options, clock=FakeClock())
    app.speaker.make_backend = lambda: voice
    try:
        app.run(frames=2)
        assert app.prefs.settings.speech is True and app.profile.settings.speech is True
        said = said_after(app, voice, pygame.K_LSHIFT)
        assert said.startswith("Speech on. F1: the keys.")
        assert said_after(app, voice, pygame.K_UP) == "row 5, column 5: hidden"
    finally:
        app.close()


def test_speech_kept_on_says_so_at_the_first_key_of_the_next_start(
    tmp_path: Path, voice: Recording
) -> None:
    classic_window()
    first = App(cli.Options(zoom=ZOOM, sound=False, seed=1), clock=FakeClock())
    first.prefs.change(speech=True)  # (chosen last time: X)
    first.close()
    app = App(cli.Options(zoom=ZOOM, sound=False, seed=1), clock=FakeClock())
    app.speaker.make_backend = lambda: voice
    try:
        app.run(frames=2)
        said = said_after(app, voice, pygame.K_UP)
        assert said.startswith("Speech on. F1: the keys.")
        assert said.endswith("row 5, column 5: hidden")
    finally:
        app.close()


def test_a_key_of_a_symbol_is_said_in_a_word_in_the_menus_and_the_help(
    spoken_app: App, voice: Recording
) -> None:
    # espeak-ng reads a lone "-", ".", "," as nothing: "Zoom out, -" was heard "Zoom out".
    app = spoken_app
    said_after(app, voice, pygame.K_UP)
    said_after(app, voice, pygame.K_F10)
    said_after(app, voice, pygame.K_RIGHT)  # the Options menu
    lines = [said_after(app, voice, pygame.K_DOWN) for _ in range(30)]
    at = lines.index("Zoom in, +")
    assert lines[at : at + 4] == [
        "Zoom in, +",
        "Zoom out, minus",
        "Larger words, period",
        "Smaller words, comma",
    ], lines
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    app.run(frames=1)
    said = said_after(app, voice, pygame.K_F1)
    assert "minus, zoom out." in said and "comma, smaller words" in said, said
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    app.run(frames=1)
    app.play.command(Command.REBIND)  # the Keys screen
    app.run(frames=1)
    lines = [said_after(app, voice, pygame.K_DOWN) for _ in range(80)]
    assert "zoom out: minus, Keypad minus" in lines, lines
    assert "replay: slower (down to 0.25x): left bracket" in lines, lines


def test_a_shared_boards_cursor_is_on_its_start_cell_as_its_ring_says(
    spoken_app: App, voice: Recording
) -> None:
    # "row 6, column 11: hidden. Start here" was said with the cursor elsewhere: a
    # player by ear had to find the cell the ring shows.
    app = spoken_app
    said_after(app, voice, pygame.K_UP)  # (the cursor shown)
    said = said_after(app, voice, pygame.K_F8)  # today's daily board
    start = app.table.session.start
    assert start is not None and app.table.cursor == start
    place = f"row {start[0] + 1}, column {start[1] + 1}: hidden"
    assert f"{place}. Start here" in said, said
    assert said_after(app, voice, pygame.K_i) == place
    said = said_after(app, voice, pygame.K_SPACE)
    assert said.startswith("opened"), said


def test_no_voice_is_told_once_in_the_window_too_and_the_game_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The terminal is nowhere when the game is started from a desktop: a helper sees
    # in the window why it is silent.
    classic_window()
    app = App(cli.parse_args(["--speech", "--zoom", str(ZOOM), "--no-sound"]), clock=FakeClock())

    def none() -> Recording:
        raise OSError("no speech-dispatcher here")

    app.speaker.make_backend = none
    try:
        app.run(frames=2)
        for key in (pygame.K_UP, pygame.K_LEFT):
            post(pygame.KEYDOWN, key=key, mod=0, unicode="")
            app.run(frames=1)
            assert app.speaker.wait()
        app.run(frames=2)  # (the worker woke the loop; the play screen shows why)
        told = "No speech found (no speech-dispatcher here); the game will not speak."
        assert app.table.note == told
        assert capsys.readouterr().err == told + "\n", "once, on the terminal too"
        post(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode="")
        app.run(frames=2)
        assert app.table.game.opened_count > 0 and app.table.note is None, "the game goes on"
    finally:
        app.close()


def test_a_game_offered_back_is_no_new_game_in_words(tmp_path: Path, voice: Recording) -> None:
    # "New game: 9 by 9, 10 mines left. Unfinished game. ..." was said of the game
    # left unfinished: its offer alone says what is on the table.
    classic_window()
    first = App(cli.Options(zoom=ZOOM, sound=False, seed=1), clock=FakeClock())
    first.prefs.change(speech=True)
    first.run(frames=2)
    use_layout(first, BEGINNER)
    first.table.move_cursor(0, 0, (4, 4))
    first.play.open_at_cursor()
    assert first.table.game.opened_count > 0
    first.close()
    app = App(cli.Options(zoom=ZOOM, sound=False, seed=1), clock=FakeClock())
    app.speaker.make_backend = lambda: voice
    try:
        app.run(frames=2)
        said = said_after(app, voice, pygame.K_LSHIFT)
        assert said.startswith("Speech on. F1: the keys. Unfinished game. You left your "), said
        assert "New game" not in said, said
        said = said_after(app, voice, pygame.K_TAB)
        said = said_after(app, voice, pygame.K_RETURN)  # New game
        assert said.startswith("New game: 9 by 9, 10 mines left."), said
    finally:
        app.close()
