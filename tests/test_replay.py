"""Replays: the format round-trips, the recorder follows the window's input, verify
plays a replay again, and the reader refuses every malformed file in one line."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.game import Game
from game.core.moves import Move
from game.core.status import Status
from game.modes.ordinary import Ordinary
from game.replay.drive import describe, spot_of, verify
from game.replay.format import MAX_BYTES, Event, EventKind, Replay, ReplayError
from game.replay.reader import load, parse
from game.replay.recorder import Recorder
from game.session.input import InputMachine
from game.session.play import PlaySession
from game.session.table import Table

LAYOUT = """
*........
.........
.........
....*....
.........
.........
********.
.........
.........
"""


class Clock:
    def __init__(self) -> None:
        self.ms = 5000.0

    def __call__(self) -> float:
        return self.ms


def centre(row: int, col: int) -> tuple[int, int]:
    return (col * 16 + 8, row * 16 + 8)


Step = tuple[float, EventKind, int, tuple[int, int]]


def record(steps: list[Step], game: Game | None = None) -> tuple[Replay, PlaySession]:
    """Drive a session, an input machine and a recorder as the window does."""
    clock = Clock()
    table = Table.of(Ordinary.given(game or Game.from_layout(LAYOUT)), clock)
    session = table.session
    machine = InputMachine()
    recorder = Recorder()
    table.tap(recorder)
    for wall, kind, button, pos in steps:
        clock.ms = wall
        held = frozenset(machine.held)
        spot = spot_of(session.board, *pos)
        made = None
        if kind is EventKind.DOWN:
            machine.press(button, spot)
        elif kind is EventKind.UP:
            action = machine.release(button, spot)
            made = action if isinstance(action, Move) else None
        elif kind is EventKind.MOVE:
            machine.move(spot)
        else:
            machine.cancel()
        table.pointer(kind.value, button, pos, held, made)
    made = recorder.replay(player="Ann", date="2026-11-23T10:00:00")
    assert made is not None
    return made, session


def click(wall: float, row: int, col: int, button: int = 1) -> list[Step]:
    pos = centre(row, col)
    return [
        (wall - 40, EventKind.MOVE, 0, pos),
        (wall - 20, EventKind.DOWN, button, pos),
        (wall, EventKind.UP, button, pos),
    ]


def _win_script() -> list[Step]:
    """Open (0, 5), flag (0, 0), then open every other safe cell still hidden."""
    game = Game.from_layout(LAYOUT)
    game.reveal(0, 5)
    steps = [*click(6000, 0, 5), *click(6500, 0, 0, 3)]
    mines = set(game.mine_cells())
    wall = 6500
    for row in range(9):
        for col in range(9):
            if game.look(row, col).name == "HIDDEN" and (row, col) not in mines:
                game.reveal(row, col)
                wall += 500
                steps += click(wall, row, col)
    assert game.status is Status.WON
    return steps


WIN = _win_script()


def won() -> tuple[Replay, PlaySession]:
    return record(WIN)


def test_a_recorded_win_reproduces_and_round_trips() -> None:
    replay, session = won()
    assert session.status is Status.WON
    assert replay.result is Status.WON
    assert replay.ms == WIN[-1][0] - 6000 == session.summary().ms
    assert replay.events[2].ms == 0  # the first reveal is time 0
    assert replay.events[0].ms == -40  # before it, negative
    again = parse(replay.to_text())
    assert again == replay
    check = verify(again)
    assert check.ok, check.problems
    assert check.view == session.game.view()
    assert f"won in {replay.ms / 1000:.3f} s" in describe(check.summary)


def test_a_lost_game_reproduces() -> None:
    replay, _ = record([*click(6000, 0, 5), *click(6500, 0, 0)])
    assert replay.result is Status.LOST
    assert verify(parse(replay.to_text())).ok


def test_a_seeded_game_keeps_its_seed_and_the_seed_deals_its_layout() -> None:
    game = Game.new(9, 9, 10, seed=42)
    replay, _ = record(click(6000, 4, 4), game)
    assert replay.seed == 42
    assert verify(replay).ok
    other = replay.replace(seed=43)
    assert "seed" in " ".join(verify(other).problems)


def test_a_changed_move_time_or_view_fails_verification() -> None:
    replay, _ = won()
    assert not verify(replay.replace(ms=replay.ms + 1)).ok
    assert not verify(replay.replace(view=replay.view.replace("1", "2", 1))).ok
    events = list(replay.events)
    last = events[-1]
    events[-1] = last.replace(ms=last.ms + 5)
    assert any("time" in p for p in verify(replay.replace(events=tuple(events))).problems)


def test_input_that_does_not_make_the_recorded_move_fails() -> None:
    replay, _ = won()
    events = list(replay.events)
    up = events[2]
    assert up.move is not None
    events[2] = up.replace(move=Move(up.move.action, 1, 1))
    assert not verify(replay.replace(events=tuple(events))).ok


def test_a_cancel_the_window_made_on_its_own_is_recorded() -> None:
    # Left goes down on a cell; the window cancels (a dialog); the release is a stray.
    clock = Clock()
    table = Table.of(Ordinary.given(Game.from_layout(LAYOUT)), clock)
    recorder = Recorder()
    table.tap(recorder)
    clock.ms = 100
    table.pointer("down", 1, centre(0, 5), frozenset())
    clock.ms = 200
    table.pointer("up", 1, centre(0, 5), frozenset())
    replay = recorder.replay()
    assert replay is not None
    assert [event.kind for event in replay.events] == [
        EventKind.DOWN,
        EventKind.CANCEL,
        EventKind.UP,
    ]
    assert verify(replay).ok


def test_a_resumed_game_is_not_recorded() -> None:
    game = Game.from_layout(LAYOUT)
    game.reveal(0, 5)
    clock = Clock()
    table = Table.of(Ordinary.given(game), clock)
    recorder = Recorder()
    table.tap(recorder)
    table.pointer("move", 0, (0, 0), frozenset())
    assert recorder.replay() is None


def test_events_after_the_end_are_left_out() -> None:
    replay, _ = record([*WIN, *click(12000, 1, 1)])
    assert replay.events[-1].move is not None


def test_a_move_to_the_same_pixel_is_not_recorded_twice() -> None:
    replay, _ = record([(5000, EventKind.MOVE, 0, (3, 3)), (5010, EventKind.MOVE, 0, (3, 3)), *WIN])
    moves = sum(1 for step in WIN if step[1] is EventKind.MOVE)
    assert sum(1 for event in replay.events if event.kind is EventKind.MOVE) == 1 + moves


def test_event_lines_read_back() -> None:
    event = Event(-25, EventKind.UP, 3, -5, 200, Move.from_text("m 12 0"))
    assert event.to_text() == "-25 up right -0.3125 12.5 = m 12 0"


# ---------------------------------------------------------------------- hostile files


def text_of_win() -> str:
    return won()[0].to_text()


BAD = [
    ("", "empty"),
    ("minesweeper-replay 2\n", "version 2"),
    ("hello\n", "not a replay"),
    ("minesweeper-replay 1\n", "cut short"),
    ("minesweeper-replay x\n", "format version"),
]


@pytest.mark.parametrize(("text", "words"), BAD)
def test_bad_starts_are_refused_in_one_line(text: str, words: str) -> None:
    with pytest.raises(ReplayError, match=words):
        parse(text)


def mutate(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("board: 9x9:10", "board: 9x9:99", "takes 10 to 64"),
        ("board: 9x9:10", "board: 8x9:10", "Rows"),
        ("board: 9x9:10", "board: 9x9", "ROWSxCOLS"),
        ("result: won", "result: maybe", "won, lost"),
        ("time-ms: ", "time-ms: -1", "whole number"),
        ("time-ms: ", "time-ms: 99999999999", "0 to"),
        ("first-click: ", "first-click: never", "first-click"),
        ("question-marks: yes", "question-marks: maybe", "yes or no"),
        ("events: ", "events: +1", "header says"),
        ("events: ", "events: -1", "more events"),
        ("left-clicks: ", "left-clicks: +1", "click counts"),
        ("effective-clicks: ", "effective-clicks: 500", "effective"),
        ("*......../", "**......./", "mines"),
        ("*......../", "*......./", "rows of"),
        ("3bv-solved: ", "3bv-solved: 80", "3bv-solved"),
        ("player: Ann", "player: " + "A" * 40, "name"),
        ("date: 2026", "date: x2026", "date"),
        ("0 up left 5.5 0.5 = r 0 5", "0 up left 5.5 0.5 = r 0 9", "off the board"),
        ("0 up left 5.5 0.5 = r 0 5", "0 up left 5.5 0.5 = z 0 5", "move letter"),
        ("0 up left 5.5 0.5 = r 0 5", "0 down left 5.5 0.5 = r 0 5", "only 'up'"),
        ("0 up left 5.5 0.5", "0 up thumb 5.5 0.5", "button"),
        ("0 up left 5.5 0.5", "0 up left 5.5e3 0.5", "position"),
        ("0 up left 5.5 0.5", "0 up left 99999.5 0.5", "position"),
        ("0 up left 5.5 0.5", "0 jump left 5.5 0.5", "unknown event"),
        ("0 up left 5.5 0.5", "x up left 5.5 0.5", "time in ms"),
        ("0 up left 5.5 0.5", "999999999999 up left 5.5 0.5", "out of range"),
        ("0 up left 5.5 0.5", "-50 up left 5.5 0.5", "earlier"),
        ("\nend\n", "\n", "cut short"),
        ("\nend\n", "\nend\nmore\n", "after 'end'"),
        ("result: won\n", "result: won\nresult: won\n", "twice"),
        ("result: won\n", "colour: red\n", "unknown header"),
        ("result: won\n", "", "no 'result'"),
        ("result: won\n", "result won\n", "key: value"),
        ("result: won\n", "result: won\x07\n", "control"),
        ("layout: ", "x-layout: ", "needs its layout"),
    ],
)
def test_every_malformed_field_is_refused_in_one_line(old: str, new: str, words: str) -> None:
    text = text_of_win()
    if old.endswith(": ") and not old.startswith("layout"):
        line = next(line for line in text.split("\n") if line.startswith(old))
        value = line[len(old) :]
        key, _, change = new.partition(": ")
        if change.startswith("+") or key == "events":
            change = str(int(value) + int(change))
        old, new = line, f"{key}: {change}"
    with pytest.raises(ReplayError, match=words) as caught:
        parse(mutate(text, old, new))
    assert "\n" not in str(caught.value)


def test_an_oversized_file_is_refused_without_reading_it_all(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "big.msreplay"
    path.write_bytes(b"minesweeper-replay 1\n" + b"x" * (MAX_BYTES + 10))
    with pytest.raises(ReplayError, match="larger than"):
        load(path)
    with pytest.raises(ReplayError, match="cannot be read"):
        load(path.with_name("absent"))
    path.write_bytes(b"\xff\xfe")
    with pytest.raises(ReplayError, match="UTF-8"):
        load(path)


def test_a_fifo_or_a_folder_is_refused_without_waiting(tmp_path: object) -> None:
    import os
    from pathlib import Path

    folder = Path(str(tmp_path))
    with pytest.raises(ReplayError, match="not a file"):
        load(folder)
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "pipe")
        with pytest.raises(ReplayError, match="not a file"):
            load(folder / "pipe")


def test_a_byte_order_mark_is_read() -> None:
    assert verify(parse("\ufeff" + text_of_win())).ok


def test_a_very_long_line_is_refused() -> None:
    text = text_of_win().replace("player: Ann", "player: " + "A" * 5000)
    with pytest.raises(ReplayError, match="longer than"):
        parse(text)


def test_windows_line_ends_are_read() -> None:
    replay = parse(text_of_win().replace("\n", "\r\n"))
    assert verify(replay).ok


SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))


def refused_cleanly(data: bytes | str) -> None:
    try:
        parse(data)
    except ReplayError as error:
        message = str(error)
        assert message and "\n" not in message
        assert "Traceback" not in message


@SETTINGS
@given(st.binary(max_size=2000))
def test_random_bytes_never_raise_anything_but_replay_error(data: bytes) -> None:
    refused_cleanly(data)
    refused_cleanly(b"minesweeper-replay 1\n" + data)


@SETTINGS
@given(st.data())
def test_mutated_valid_files_are_read_or_refused_cleanly(data: st.DataObject) -> None:
    text = text_of_win()
    at = data.draw(st.integers(0, len(text) - 1))
    action = data.draw(st.sampled_from(["cut", "replace", "insert", "delete", "dup-line"]))
    if action == "cut":
        mutated = text[:at]
    elif action == "replace":
        mutated = text[:at] + data.draw(st.characters()) + text[at + 1 :]
    elif action == "insert":
        mutated = text[:at] + data.draw(st.text(max_size=20)) + text[at:]
    elif action == "delete":
        mutated = text[:at] + text[at + data.draw(st.integers(1, 30)) :]
    else:
        lines = text.split("\n")
        k = data.draw(st.integers(0, len(lines) - 1))
        mutated = "\n".join([*lines[: k + 1], lines[k], *lines[k + 1 :]])
    try:
        replay = parse(mutated)
    except ReplayError as error:
        assert "\n" not in str(error)
        return
    verify(replay)  # whatever it says, it says it without raising


@SETTINGS
@given(st.integers(0, 2000))
def test_every_truncation_is_refused(cut: int) -> None:
    text = text_of_win()
    if cut >= len(text) - 1:
        return
    with pytest.raises(ReplayError):
        parse(text[:cut])


steps = st.lists(
    st.tuples(
        st.integers(0, 400),  # ms since the step before
        st.sampled_from([EventKind.MOVE, EventKind.DOWN, EventKind.UP, EventKind.CANCEL]),
        st.sampled_from([1, 2, 3]),
        st.integers(-40, 9 * 16 + 40),
        st.integers(-60, 9 * 16 + 40),
    ),
    max_size=60,
)


@SETTINGS
@given(steps)
def test_any_input_recorded_replays_to_the_same_end(
    script: list[tuple[int, EventKind, int, int, int]],
) -> None:
    wall = 5000.0
    timed: list[Step] = []
    for gap, kind, button, x, y in script:
        wall += gap
        timed.append((wall, kind, button, (x, y)))
    if not timed:
        return
    replay, session = record(timed)
    again = parse(replay.to_text())
    assert again == replay
    check = verify(again)
    assert check.ok, check.problems
    assert check.view == session.game.view()


def test_a_replay_of_the_largest_board_is_read_back() -> None:
    """1000 rows and 998,001 mines are a board the game deals: its replay is read."""
    from game.core.minefield import Minefield
    from game.core.moves import reveal
    from game.replay.reader import parse
    from game.replay.recorder import Recorder

    now = [0.0]
    field = Minefield(1000, 9, [(0, c) for c in range(9)] + [(1, 0)])
    table = Table.of(Ordinary.given(Game.from_minefield(field)), lambda: now[0])
    recorder = Recorder()
    table.tap(recorder)
    spot = (8 * 16 + 8, 999 * 16 + 8)
    table.pointer("down", 1, spot, frozenset())
    now[0] = 100.0
    table.pointer("up", 1, spot, frozenset({1}), reveal(999, 8))
    replay = recorder.replay()
    assert replay is not None
    assert parse(replay.to_text()).board == replay.board
    dense = replay.to_text().replace("board: 1000x9:10", "board: 1000x1000:998001", 1)
    with pytest.raises(ReplayError, match=r"layout|rows"):  # read, refused for its layout
        parse(dense)
    with pytest.raises(ReplayError, match="board is ROWSxCOLS"):
        parse(replay.to_text().replace("board: 1000x9:10", "board: 1000x9:\u0661\u0660", 1))
