"""The community's mouse machine (game.replay.tally) does work in proportion to the
board: its openings are found once, and a click in an untouched opening opens it a run
at a time. Counted, not timed: how often a cell's neighbours are listed. And the fast
opening opens exactly what a flood fill from the clicked cell opens, and counts the
3BV solved as ms-toollib's flood fills do."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from game.replay.files import open_replay
from game.replay.tally import FLAG, HIDDEN, Machine, tally
from game.replay.video import Facts, Mouse, MouseEvent, Video


def one_click(rows: int, cols: int) -> Video:
    """One left click in the middle of a board whose 10 mines lie along its top edge,
    4 cells apart: the click opens every safe cell."""
    mines = frozenset((0, 4 * k) for k in range(10))
    x, y = cols // 2 * 16 + 8, rows // 2 * 16 + 8
    events = (MouseEvent(0, Mouse.LEFT_DOWN, x, y), MouseEvent(0, Mouse.LEFT_UP, x, y))
    return Video("rawvf", rows, cols, mines, events, 16, Facts())


@pytest.fixture
def listed(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """How many times a cell's neighbours were listed, from here on."""
    calls = [0]
    real = Machine.around

    def counted(self: Machine, i: int) -> list[int]:
        calls[0] += 1
        return real(self, i)

    monkeypatch.setattr(Machine, "around", counted)
    yield calls


def test_one_click_on_a_300x300_board_lists_no_cell_s_neighbours(listed: list[int]) -> None:
    counted = tally(one_click(300, 300))
    assert counted.won and counted.solved_bbbv == counted.bbbv == 1
    assert listed[0] == 0  # (a flood fill per cell listed 447,878)


def test_the_work_of_one_click_grows_no_faster_than_the_board(listed: list[int]) -> None:
    tally(one_click(40, 40))
    small = listed[0]
    tally(one_click(400, 400))
    assert listed[0] - small <= max(small, 10)


def test_a_1000x1000_one_click_replay_opens_as_our_replay_too(tmp_path: object) -> None:
    """The window's and --moves' path (the video made our Replay) uses the same machine."""
    from pathlib import Path

    rows = cols = 1000
    mines = {(0, 4 * k) for k in range(10)}
    board = "\n".join(
        "".join("*" if (r, c) in mines else "0" for c in range(cols)) for r in range(rows)
    )
    path = Path(str(tmp_path)) / "big.rawvf"
    path.write_text(
        f"Width: {cols}\nHeight: {rows}\nMines: 10\nBoard:\n{board}\n"
        "0.000 lc (8008 8008)\n0.000 lr (8008 8008)\n",
        encoding="ascii",
    )
    replay = open_replay(str(path)).replay
    assert replay.bbbv_solved == replay.bbbv == 1 and replay.result.name == "WON"


# ------------------------------------------------- the fast opening is a flood fill


def _neighbours(i: int, rows: int, cols: int) -> list[int]:
    row, col = divmod(i, cols)
    return [
        r * cols + c
        for r in range(max(0, row - 1), min(rows, row + 2))
        for c in range(max(0, col - 1), min(cols, col + 2))
        if (r, c) != (row, col)
    ]


def _flood(look: list[int], board: list[int], start: list[int], rows: int, cols: int) -> None:
    """The reference: open the cells; a zero opens the closed cells around it that
    bear no flag."""
    stack = list(start)
    while stack:
        i = stack.pop()
        if look[i] != HIDDEN or board[i] < 0:
            continue
        look[i] = board[i]
        if board[i] == 0:
            stack.extend(j for j in _neighbours(i, rows, cols) if look[j] == HIDDEN)


def _whole(look: list[int], board: list[int], i: int, seen: set[int], rows: int, cols: int) -> bool:
    """ms-toollib's test that an opening opens whole: a flood through the zeros not in
    ``seen`` (added to it) that meets no flag."""
    stack = [i]
    while stack:
        j = stack.pop()
        if board[j] == 0:
            if look[j] == FLAG:
                return False
            seen.add(j)
            stack.extend(k for k in _neighbours(j, rows, cols) if k not in seen)
    return True


def _lone(board: list[int], i: int, rows: int, cols: int) -> bool:
    return board[i] > 0 and all(board[j] != 0 for j in _neighbours(i, rows, cols))


@st.composite
def games(draw: st.DrawFn) -> tuple[int, int, frozenset[tuple[int, int]], list[tuple[str, int]]]:
    rows, cols = draw(st.integers(1, 9)), draw(st.integers(1, 9))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    mines = draw(st.sets(st.sampled_from(cells), max_size=len(cells) // 6))
    actions = draw(
        st.lists(
            st.tuples(st.sampled_from(["left", "right", "chord"]), st.integers(0, rows * cols - 1)),
            max_size=30,
        )
    )
    return rows, cols, frozenset(mines), actions


FLAGGED_OPENING = (
    2,
    4,
    frozenset(),
    [
        *[("right", 1), ("right", 5), ("right", 2), ("right", 3), ("right", 6), ("left", 7)],
        *[("right", 2), ("right", 3), ("right", 6), ("left", 0), ("chord", 7)],
    ],
)
"""A chord by an opening with flags on two of its zeros: ms-toollib's flood for the
first neighbour meets a flag, the next neighbour's passes the zeros already looked
at, misses the flags, and counts the opening."""


@settings(max_examples=300, deadline=None)
@example(FLAGGED_OPENING)
@given(games())
def test_clicks_and_flags_open_what_a_flood_fill_opens(
    game: tuple[int, int, frozenset[tuple[int, int]], list[tuple[str, int]]],
) -> None:
    rows, cols, mines, actions = game
    machine = Machine(rows, cols, mines)
    board = list(machine.board)
    look = [HIDDEN] * (rows * cols)
    solved = 0
    for action, i in actions:
        if action == "left":
            if look[i] == HIDDEN and board[i] < 0:
                continue  # (a mine ends the game; the machine's look stays)
            machine.left_click(i)
            if look[i] == HIDDEN:
                whole = board[i] == 0 and _whole(look, board, i, set(), rows, cols)
                solved += whole or _lone(board, i, rows, cols)
            _flood(look, board, [i], rows, cols)
        elif action == "right":
            machine.right_click(i)
            if look[i] in (HIDDEN, FLAG):
                look[i] = FLAG if look[i] == HIDDEN else HIDDEN
        else:
            around = _neighbours(i, rows, cols)
            closed = [j for j in around if look[j] == HIDDEN]
            flags = sum(look[j] == FLAG for j in around)
            if look[i] < 9 and flags == look[i] and any(board[j] < 0 for j in closed):
                continue
            machine.chord(i)
            if look[i] < 9 and flags == look[i] and closed:
                solved += sum(_lone(board, j, rows, cols) for j in closed)
                seen: set[int] = set()
                for j in closed:
                    if board[j] == 0 and j not in seen and _whole(look, board, j, seen, rows, cols):
                        solved += 1
                _flood(look, board, closed, rows, cols)
        assert machine.look == look
        closed_safe = [j for j in range(rows * cols) if board[j] >= 0 and look[j] >= HIDDEN]
        assert machine.safe_left == len(closed_safe)
        assert machine.solved == solved


def test_the_machine_s_names_are_the_members_they_name() -> None:
    """The counting machine looks its states and press kinds up as globals, unpacked
    from their enums in order: each name is the member of that name."""
    from game.replay import tally as machine

    for enum in (machine._Game, machine._Mouse, Mouse):
        for member in enum:
            assert getattr(machine, member.name) is member
