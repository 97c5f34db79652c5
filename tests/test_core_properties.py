"""Invariants of the engine over random layouts and random sequences of actions."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.game import Game
from game.core.look import Look
from game.core.moves import Action, Move
from game.core.status import Status

NEIGHBOURS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


@st.composite
def layouts(draw: st.DrawFn) -> str:
    rows = draw(st.integers(1, 7))
    cols = draw(st.integers(1, 7))
    cells = draw(st.lists(st.booleans(), min_size=rows * cols, max_size=rows * cols))
    if all(cells):
        cells[draw(st.integers(0, rows * cols - 1))] = False
    return "\n".join(
        "".join("*" if cells[r * cols + c] else "." for c in range(cols)) for r in range(rows)
    )


def moves_for(rows: int, cols: int) -> st.SearchStrategy[list[Move]]:
    move = st.builds(
        Move, st.sampled_from(list(Action)), st.integers(0, rows - 1), st.integers(0, cols - 1)
    )
    return st.lists(move, max_size=40)


def grid(view: str) -> list[str]:
    return view.split("\n")


def mine_set(layout: str) -> set[tuple[int, int]]:
    return {
        (r, c)
        for r, line in enumerate(layout.split("\n"))
        for c, ch in enumerate(line)
        if ch == "*"
    }


def expected_count(mines: set[tuple[int, int]], r: int, c: int) -> int:
    return sum((r + dr, c + dc) in mines for dr, dc in NEIGHBOURS)


@settings(max_examples=300, deadline=None)
@given(data=st.data(), layout=layouts(), marks=st.booleans(), chords=st.booleans())
def test_every_action_keeps_every_invariant(
    data: st.DataObject, layout: str, marks: bool, chords: bool
) -> None:
    game = Game.from_layout(layout, marks=marks, left_click_chords=chords)
    mines = mine_set(layout)
    safe = game.rows * game.cols - len(mines)
    before = grid(game.view())
    for move in data.draw(moves_for(game.rows, game.cols)):
        status_before = game.status
        delta = game.apply(move)
        after = grid(game.view())
        changed = {
            (r, c)
            for r in range(game.rows)
            for c in range(game.cols)
            if before[r][c] != after[r][c]
        }
        # .changed holds exactly the cells whose look changed.
        assert set(delta.changed) == changed
        assert len(delta.changed) == len(changed)
        # .opened counts the cells that went from closed to open.
        newly_open = sum(
            1 for r, c in changed if after[r][c] in ".12345678" and before[r][c] in "#?"
        )
        assert delta.opened == newly_open
        assert delta.won == (game.status is Status.WON and status_before is not Status.WON)
        assert delta.lost == (game.status is Status.LOST and status_before is not Status.LOST)
        text = "".join(after)
        if game.status is Status.LOST:
            assert "!" in text
        else:
            # While playing (or won) no mine is ever shown.
            assert not set(text) & set("*!X")
        # Every opened cell shows the number of mines around it in the layout.
        for r in range(game.rows):
            for c in range(game.cols):
                ch = after[r][c]
                if ch in ".12345678":
                    assert (r, c) not in mines
                    assert Look(".12345678".index(ch)) is game.look(r, c)
                    assert ".12345678".index(ch) == expected_count(mines, r, c)
        flags = text.count("F")
        if game.status is Status.WON:
            assert game.mines_left == 0
            assert sum(ch in ".12345678" for ch in text) == safe  # every safe cell open
            assert {
                (r, c) for r in range(game.rows) for c in range(game.cols) if after[r][c] == "F"
            } == mines
        elif game.status is not Status.LOST:
            assert game.mines_left == len(mines) - flags
        if not marks:
            assert delta.mark is None or delta.mark.name != "QUESTION"
        before = after


@settings(max_examples=150, deadline=None)
@given(data=st.data(), layout=layouts())
def test_a_snapshot_restores_the_same_game(data: st.DataObject, layout: str) -> None:
    game = Game.from_layout(layout)
    moves = data.draw(moves_for(game.rows, game.cols))
    for move in moves[: len(moves) // 2]:
        game.apply(move)
    copy = Game.from_snapshot(game.to_snapshot())
    assert copy.view() == game.view()
    assert (copy.status, copy.mines_left) == (game.status, game.mines_left)
    for move in moves[len(moves) // 2 :]:
        assert set(copy.apply(move).changed) == set(game.apply(move).changed)
        assert copy.view() == game.view()


@settings(max_examples=100, deadline=None)
@given(
    rows=st.integers(1, 12),
    cols=st.integers(1, 12),
    density=st.floats(0, 0.99),
    seed=st.integers(0, 2**32),
    rule=st.sampled_from(["opening", "safe"]),
    data=st.data(),
)
def test_the_first_reveal_of_a_new_game_is_always_safe(
    rows: int, cols: int, density: float, seed: int, rule: str, data: st.DataObject
) -> None:
    mines = min(int(rows * cols * density), rows * cols - 1)
    game = Game.new(rows, cols, mines, seed=seed, first_click=rule)
    r = data.draw(st.integers(0, rows - 1))
    c = data.draw(st.integers(0, cols - 1))
    delta = game.reveal(r, c)
    placed = set(game.mine_cells())
    assert len(placed) == mines and (r, c) not in placed
    assert not delta.lost
    zone = {(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
    zone = {(a, b) for a, b in zone if 0 <= a < rows and 0 <= b < cols}
    if rule == "opening" and rows * cols - len(zone) >= mines:
        assert not placed & zone
        assert game.look(r, c) is Look.OPEN_0
