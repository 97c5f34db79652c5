"""game.core.record: a record compares, hashes, shows and replaces by its fields, as
the frozen dataclasses it stands for did (the modes, the replay's records, the
history's rows loaded before the first input)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.game import Game
from game.core.record import Record
from game.modes.ordinary import Ordinary
from game.modes.practice import Practice
from game.modes.shared import Code, Daily
from game.replay.boardcode import BoardCode
from game.rules import PRESETS, Difficulty, GameRules


class Point(Record):
    __slots__ = ("x", "y")

    def __init__(self, x: int, y: int = 0) -> None:
        self.x = x
        self.y = y


class Named(Point):
    __slots__ = ("cache", "name")
    uncompared = frozenset({"cache"})

    def __init__(self, x: int, y: int = 0, name: str = "", cache: object = None) -> None:
        super().__init__(x, y)
        self.name = name
        self.cache = cache


@given(st.integers(), st.integers(), st.integers(), st.integers())
def test_records_of_equal_fields_are_equal_and_hash_alike(a: int, b: int, c: int, d: int) -> None:
    assert (Point(a, b) == Point(c, d)) == ((a, b) == (c, d))
    assert Point(a, b) == Point(a, b) and hash(Point(a, b)) == hash(Point(a, b))
    assert Point(a, b) != (a, b)  # another class is never equal


def test_a_subclass_adds_its_fields_after_its_bases_and_leaves_one_out_of_equality() -> None:
    assert Named.fields == ("x", "y", "cache", "name")
    one, two = Named(1, 2, "a", cache=[1]), Named(1, 2, "a", cache=[2])
    assert one == two and hash(one) == hash(two)
    assert one != Named(1, 2, "b") and one != Point(1, 2)
    assert repr(one) == "Named(x=1, y=2, cache=[1], name='a')"


class Tagged(Record):
    __slots__ = ("tag",)

    def __init__(self, tag: str) -> None:
        self.tag = tag


class Untagged(Tagged):
    __slots__ = ()
    uncompared = frozenset({"tag"})


@given(st.text(max_size=3), st.text(max_size=3))
def test_a_subclass_that_leaves_every_field_out_compares_by_none(a: str, b: str) -> None:
    # (its key is its own, not its base's: records of no compared field are all equal)
    assert Untagged(a) == Untagged(b) and hash(Untagged(a)) == hash(Untagged(b))
    assert (Tagged(a) == Tagged(b)) == (a == b)
    one, two = Named(3, 4), Point(5)
    assert one == one and two == two  # (itself, at once)


def test_replace_keeps_the_rest_and_makes_a_new_record() -> None:
    one = Named(1, 2, "a")
    two = one.replace(name="b")
    assert two == Named(1, 2, "b") and one == Named(1, 2, "a")
    assert type(two) is Named


def test_a_field_is_set_once() -> None:
    point = Point(1, 2)
    with pytest.raises(AttributeError):
        point.x = 3
    with pytest.raises(AttributeError):
        del point.y
    assert point == Point(1, 2)


def test_a_shared_boards_mode_is_equal_whether_or_not_its_game_is_dealt() -> None:
    board = PRESETS[Difficulty.BEGINNER]
    code = BoardCode(board, GameRules(), 7, start=(0, 0))
    game = Game.new(board.rows, board.cols, board.mines, seed=7)
    assert Code(code).with_game(game) == Code(code) and Code(code).with_game(game).dealt is game
    assert hash(Daily("2026-01-02", game)) == hash(Daily("2026-01-02"))
    assert Daily("2026-01-02") != Daily("2026-01-03")
    assert Ordinary(board, GameRules(), 3, game) == Ordinary(board, GameRules(), 3)
    assert Ordinary(board, GameRules(), 3) != Ordinary(board, GameRules(), 4)
    again = Practice.again(game)
    assert again == Practice(again.start, again.why) and again != Practice.again(game)
