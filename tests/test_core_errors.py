"""Bad arguments raise ValueError subclasses whose messages a person understands."""

from __future__ import annotations

from typing import Any

import pytest

from game.core.errors import (
    BoardSizeError,
    CellError,
    GameError,
    LayoutError,
    MoveError,
    RuleError,
    SnapshotError,
)
from game.core.game import Game
from game.core.moves import Move
from game.core.status import Status


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "words"),
    [
        ((0, 9, 1), {}, BoardSizeError, "at least 1 of rows"),
        ((9, -1, 1), {}, BoardSizeError, "at least 1 of columns"),
        ((9, 9, 81), {}, BoardSizeError, "0 to 80 mines"),
        ((9, 9, -1), {}, BoardSizeError, "0 to 80 mines"),
        ((9, 9, 2.5), {}, BoardSizeError, "whole number"),
        ((9, 9, True), {}, BoardSizeError, "whole number"),
        ((9, 9, 10), {"first_click": "lucky"}, RuleError, "'opening', 'safe'"),
    ],
)
def test_impossible_new_games_are_refused(
    args: tuple[Any, ...], kwargs: dict[str, Any], error: type[GameError], words: str
) -> None:
    with pytest.raises(error, match=words):
        Game.new(*args, **kwargs)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "empty"),
        ("..\n...", "as long as the first"),
        ("..\n.x", "'x'"),
        ("**\n**", "all mines"),
    ],
)
def test_bad_layouts_are_refused(text: str, words: str) -> None:
    with pytest.raises((LayoutError, BoardSizeError), match=words):
        Game.from_layout(text)


@pytest.mark.parametrize("cell", [(-1, 0), (0, -1), (3, 0), (0, 3), (1.0, 1)])
def test_cells_off_the_board_are_refused_by_every_action(cell: tuple[Any, Any]) -> None:
    game = Game.from_layout("*..\n...\n...")
    for action in (game.reveal, game.toggle_mark, game.chord):
        with pytest.raises(CellError, match="off the board"):
            action(*cell)
    with pytest.raises(CellError):
        game.look(*cell)


def test_every_engine_error_is_a_value_error() -> None:
    for error in (BoardSizeError, CellError, LayoutError, RuleError, MoveError, SnapshotError):
        assert issubclass(error, GameError) and issubclass(error, ValueError)


def test_moves_round_trip_through_text_and_bad_text_is_refused() -> None:
    for text in ("r 3 4", "m 0 0", "c 15 29"):
        assert str(Move.from_text(text)) == text
    for bad in ("r 3", "x 1 2", "r a b", "r -1 2", ""):
        with pytest.raises(MoveError):
            Move.from_text(bad)


GOOD = Game.from_layout("*..\n...\n...").to_snapshot()


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: "not a dict",
        lambda d: {k: v for k, v in d.items() if k != "cells"},
        lambda d: {**d, "rows": "three"},
        lambda d: {**d, "cells": ["hhh", "hhh"]},
        lambda d: {**d, "cells": ["Zhh", "hhh", "hhh"]},
        lambda d: {**d, "mines": 2},
        lambda d: {**d, "status": "paused"},
        lambda d: {**d, "status": "won"},
        lambda d: {**d, "status": "lost"},
        lambda d: {**d, "cells": ["Ohh", "hhh", "hhh"], "status": "playing"},
        lambda d: {**d, "marks": "yes"},
        lambda d: {**d, "first_click": "lucky"},
        lambda d: {**d, "exploded": [[9, 9]], "status": "lost"},
        lambda d: {**d, "placed": False},
    ],
)
def test_damaged_snapshots_are_refused(damage: Any) -> None:
    with pytest.raises(SnapshotError):
        Game.from_snapshot(damage(dict(GOOD)))


def test_a_snapshot_before_the_first_reveal_restores_with_fresh_mines() -> None:
    game = Game.new(9, 9, 10, seed=4)
    game.toggle_mark(0, 0)
    copy = Game.from_snapshot(game.to_snapshot())
    assert copy.view() == game.view() and copy.mine_cells() == []
    copy.reveal(4, 4)
    assert len(copy.mine_cells()) == 10 and copy.look(0, 0).name == "FLAG"


@pytest.mark.parametrize("where", [(True, 1), (1, False), (True, True)])
def test_true_and_false_are_not_coordinates(where: tuple[object, object]) -> None:
    game = Game.new(9, 9, 10, seed=1)
    for act in (game.reveal, game.toggle_mark, game.chord, game.look):
        with pytest.raises(CellError):
            act(*where)  # type: ignore[arg-type]
    assert game.status is Status.READY
