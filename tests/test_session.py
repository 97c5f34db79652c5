"""The play session (pure): stopwatch, moves and their log, rules kept with the game,
the bindings table, and the scene."""

from __future__ import annotations

import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.errors import MoveError
from game.core.game import Game
from game.core.moves import Move, chord, mark, reveal
from game.core.status import Status
from game.rules import PRESETS, Board, Difficulty, FirstClick, GameRules
from game.session.input import NO_FEEDBACK, Feedback, Press
from game.session.picture import Face, picture_of
from game.session.play import LoggedMove, PlaySession
from game.session.stopwatch import Phase, Stopwatch
from game.view.commands import (
    BINDINGS,
    MENU_KEYS,
    SIGHTLESS,
    Binding,
    Command,
    DuplicateKeyError,
    KeyMap,
)
from game.view.menus import MENUS


class Clock:
    def __init__(self) -> None:
        self.ms = 5_000.0

    def __call__(self) -> float:
        return self.ms


LAYOUT = """
*..*.
.....
.*...
.....
"""
# A reveal at (3, 4) cascades but leaves (0, 1) and (0, 2) hidden: the game goes on.


# ---------------------------------------------------------------- the stopwatch


def test_a_stopwatch_shows_1_at_once_then_a_second_more_each_second() -> None:
    clock = Clock()
    watch = Stopwatch(clock)
    assert (watch.phase, watch.seconds_shown, watch.elapsed_ms) == (Phase.IDLE, 0, 0)
    watch.start()
    assert watch.seconds_shown == 1
    clock.ms += 999
    assert watch.seconds_shown == 1
    clock.ms += 1
    assert watch.seconds_shown == 2 and watch.elapsed_ms == 1000
    clock.ms += 10_000_000
    assert watch.seconds_shown == 999


def test_a_pause_is_not_playing_time() -> None:
    clock = Clock()
    watch = Stopwatch(clock)
    watch.pause()  # not started: nothing to pause
    assert watch.phase is Phase.IDLE
    watch.start()
    clock.ms += 1500
    watch.pause()
    clock.ms += 60_000
    assert watch.elapsed_ms == 1500 and not watch.running
    watch.unpause()
    clock.ms += 500
    assert watch.elapsed_ms == 2000
    watch.stop()
    clock.ms += 500
    watch.unpause()  # a stopped watch stays stopped
    watch.start()
    assert watch.elapsed_ms == 2000 and watch.phase is Phase.STOPPED


def test_a_resumed_stopwatch_goes_on_from_its_time() -> None:
    clock = Clock()
    watch = Stopwatch(clock, 4_321, started=True)
    assert watch.phase is Phase.PAUSED and watch.seconds_shown == 5
    watch.unpause()
    clock.ms += 679
    assert watch.elapsed_ms == 5000 and watch.seconds_shown == 6


@given(st.lists(st.tuples(st.sampled_from("spruq"), st.integers(0, 5000)), max_size=30))
def test_elapsed_time_never_goes_back(steps: list[tuple[str, int]]) -> None:
    clock = Clock()
    watch = Stopwatch(clock)
    last = 0.0
    for op, ms in steps:
        {
            "s": watch.start,
            "p": watch.pause,
            "r": watch.unpause,
            "u": watch.stop,
            "q": lambda: None,
        }[op]()
        clock.ms += ms
        assert watch.elapsed_ms >= last
        last = watch.elapsed_ms


@given(
    st.lists(st.tuples(st.sampled_from("spruq"), st.integers(0, 5000)), max_size=20),
    st.integers(0, 20_000),
    st.integers(0, 8000),
)
def test_a_deadline_is_the_clock_reading_from_which_a_time_is_reached(
    steps: list[tuple[str, int]], ms: int, later: int
) -> None:
    clock = Clock()
    watch = Stopwatch(clock)
    for op, step in steps:
        {"s": watch.start, "p": watch.pause, "r": watch.unpause, "u": watch.stop}.get(
            op, lambda: None
        )()
        clock.ms += step
    deadline = watch.deadline(ms)
    assert (deadline is None) is (not watch.running)
    if deadline is not None:
        reading, at = deadline
        assert reading is clock
        clock.ms += later
        assert (watch.elapsed_ms >= ms) is (clock.ms >= at)


# ---------------------------------------------------------------- the session


def test_the_first_reveal_starts_the_clock_and_every_move_is_logged_with_its_time() -> None:
    clock = Clock()
    session = PlaySession(Game.from_layout(LAYOUT), clock)
    session.act(mark(0, 0))  # a mark before the first reveal: logged at 0
    clock.ms += 3000  # thinking before the first reveal is free
    assert session.timer_value == 0
    session.act(reveal(3, 4))
    assert session.status is Status.PLAYING
    clock.ms += 1234
    session.act(chord(1, 1))
    assert [str(entry) for entry in session.log] == ["0 m 0 0", "0 r 3 4", "1234 c 1 1"]
    assert session.timer_value == 2


def test_the_end_of_the_game_stops_the_clock_and_the_log() -> None:
    clock = Clock()
    session = PlaySession(Game.from_layout(LAYOUT), clock)
    session.act(reveal(3, 4))
    clock.ms += 2500
    delta = session.act(reveal(0, 0))
    assert delta.lost and session.status is Status.LOST
    clock.ms += 9000
    assert session.elapsed_ms == 2500 and session.timer_value == 3
    assert session.act(reveal(3, 0)).is_nothing
    assert len(session.log) == 2


def test_a_paused_session_is_unpaused_by_the_next_move() -> None:
    clock = Clock()
    session = PlaySession(Game.from_layout(LAYOUT), clock)
    session.act(reveal(3, 4))
    session.pause()
    assert session.paused
    clock.ms += 50_000
    session.act(mark(0, 1))
    clock.ms += 100
    assert not session.paused and session.elapsed_ms == 100


def test_a_session_keeps_the_rules_its_game_started_with() -> None:
    rules = GameRules(FirstClick.SAFE, question_marks=False, left_click_chords=True)
    session = PlaySession.new(PRESETS[Difficulty.BEGINNER], rules, Clock(), seed=3)
    assert session.rules == rules
    assert session.board == Board(9, 9, 10) and session.board.difficulty is Difficulty.BEGINNER
    game = session.game
    assert (game.first_click, game.marks, game.left_click_chords) == (FirstClick.SAFE, False, True)
    with pytest.raises(AttributeError):
        game.marks = True  # type: ignore[misc]  # a game's rules cannot be changed


def test_a_seeded_session_deals_the_same_board_as_the_engine() -> None:
    session = PlaySession.new(Board(16, 30, 99), GameRules(), Clock(), seed=42)
    session.act(reveal(8, 8))
    game = Game.new(16, 30, 99, seed=42)
    game.reveal(8, 8)
    assert session.game.minefield == game.minefield and session.game.seed == 42


def test_a_log_replayed_gives_the_same_game() -> None:
    clock = Clock()
    session = PlaySession.new(Board(9, 9, 10), GameRules(), clock, seed=9)
    for move in (reveal(4, 4), mark(0, 0), reveal(8, 8), chord(4, 4), reveal(0, 8)):
        clock.ms += 700
        session.act(move)
    again = PlaySession.new(Board(9, 9, 10), GameRules(), Clock(), seed=9)
    for entry in session.log:
        again.act(LoggedMove.from_text(str(entry)).move)
    assert again.game.view() == session.game.view()


@pytest.mark.parametrize("text", ["", "r 1 1", "-5 r 1 1", "1.5 r 1 1", "12 x 1 1", "9" * 13])
def test_a_logged_move_that_is_not_one_is_refused(text: str) -> None:
    with pytest.raises(MoveError):
        LoggedMove.from_text(text)


def test_a_logged_move_round_trips() -> None:
    entry = LoggedMove(120_005, Move.from_text("c 15 29"))
    assert LoggedMove.from_text(str(entry)) == entry


# ---------------------------------------------------------------- commands


def test_every_command_has_a_key_or_a_menu_line_and_no_key_is_bound_twice() -> None:
    keymap = KeyMap()
    in_menus = {item.command for menu in MENUS for item in menu.items if item is not None}
    assert {binding.command for binding in BINDINGS} | in_menus == set(Command)
    assert not {key for binding in BINDINGS for key in binding.keys} & MENU_KEYS
    for binding in BINDINGS:
        for key in binding.keys:
            assert keymap.command_for(key) is binding.command
            assert keymap.command_for(key.lower()) is binding.command
    assert keymap.command_for("Q") is None


def test_a_key_bound_twice_is_refused() -> None:
    with pytest.raises(DuplicateKeyError, match="'f'"):
        KeyMap([*BINDINGS, Binding(Command.HELP, ("f",), "again")])
    with pytest.raises(DuplicateKeyError, match="menu bar"):
        KeyMap([Binding(Command.HELP, ("F10",), "help")])


def test_a_menu_shows_the_key_of_its_command() -> None:
    keymap = KeyMap()
    assert keymap.shortcut(Command.NEW_GAME) == "F2"
    assert keymap.shortcut(Command.ZOOM_IN) == "+"
    assert keymap.shortcut(Command.EXIT) == ""


def test_the_help_is_made_from_the_table() -> None:
    rows = KeyMap().help_rows(sightless=True)  # (speech on: every key of the table)
    for binding in BINDINGS:
        if binding.label:  # (a line covered by the one before it is left out)
            assert (binding.label, binding.says) in rows
    seen = KeyMap().help_rows()  # speech off: no room for the keys of play without sight
    assert ("X", "speech on / off") not in seen and seen == [
        row for row in rows if row[1] not in {b.does for b in BINDINGS if b.command in SIGHTLESS}
    ]
    assert ("Arrows, WASD", "move the cursor (Shift: 5 cells)") in rows
    assert rows[0] == ("Left click", "open a cell") and rows[-1] == ("Esc", "close a dialog")
    rebound = KeyMap([Binding(Command.HELP, ("F12",), "the help")]).help_rows()
    assert ("F12", "the help") in rebound


# ---------------------------------------------------------------- the scene


def test_the_scene_follows_the_game_and_the_mouse() -> None:
    clock = Clock()
    session = PlaySession(Game.from_layout(LAYOUT), clock)
    scene = picture_of(session, NO_FEEDBACK, counter_below_zero=True)
    assert (scene.face, scene.counter, scene.timer, scene.pressed) == (
        Face.SMILE,
        3,
        0,
        frozenset(),
    )
    held = Feedback(cell=(0, 1), press=Press.AREA, face_pressed=False)
    scene = picture_of(session, held, counter_below_zero=True)
    assert scene.face is Face.SURPRISED
    assert scene.pressed == {(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)}
    for col in range(4):
        session.act(mark(3, col))
    assert picture_of(session, NO_FEEDBACK, counter_below_zero=True).counter == -1
    assert picture_of(session, NO_FEEDBACK, counter_below_zero=False).counter == 0
    session.act(reveal(0, 0))
    over = picture_of(session, held, counter_below_zero=True)
    assert over.face is Face.DEAD and over.pressed == frozenset()
    pushed = Feedback(cell=None, press=Press.NONE, face_pressed=True)
    assert picture_of(session, pushed, counter_below_zero=True).face is Face.SMILE_PRESSED


def test_the_session_never_imports_pygame() -> None:
    import subprocess  # a fresh process: this one has pygame from other tests

    code = "import game.session, game.rules, sys; sys.exit('pygame' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_rebinding_replaces_a_commands_keys_and_refuses_a_clash() -> None:
    keymap = KeyMap().rebound([("flag", ("G",))])
    assert keymap.command_for("G") is Command.FLAG and keymap.command_for("F") is None
    with pytest.raises(DuplicateKeyError):
        KeyMap().rebound([("flag", ("W",))])
    assert KeyMap().rebound([("a command of a newer version", ("Q",))]).command_for("Q") is None
    # The help's "Arrows, WASD" line splits into one line a command once one is rebound.
    rows = KeyMap().rebound([("cursor left", ("J",))]).help_rows()
    assert ("J", "cursor left") in rows and ("Down, S"[:4], "cursor down") in rows
