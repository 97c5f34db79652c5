"""Board codes round-trip, refuse anything else in one line; the daily board."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.boardcode import ALPHABET, LENGTH, BoardCode, BoardCodeError, daily, parse
from game.core import MAX_SEED, Game
from game.rules import (
    MAX_COLS,
    MAX_ROWS,
    MIN_COLS,
    MIN_MINES,
    MIN_ROWS,
    Board,
    FirstClick,
    GameRules,
    max_mines,
)

boards = st.builds(
    lambda rows, cols, share: Board(
        rows, cols, MIN_MINES + round(share * (max_mines(rows, cols) - MIN_MINES))
    ),
    st.integers(MIN_ROWS, MAX_ROWS),
    st.integers(MIN_COLS, MAX_COLS),
    st.floats(0, 1),
)
codes = st.builds(
    BoardCode,
    boards,
    st.builds(GameRules, st.sampled_from(list(FirstClick)), st.booleans(), st.booleans()),
    st.integers(0, MAX_SEED),
)


@settings(max_examples=300)
@given(codes)
def test_every_board_round_trips(code: BoardCode) -> None:
    text = code.code
    assert len(text.replace("-", "")) == LENGTH
    assert parse(text) == code
    assert parse(text.lower().replace("-", " ")) == code


def test_confusable_letters_read_as_digits() -> None:
    code = BoardCode(Board(9, 9, 10), GameRules(), 101)
    text = code.code.replace("0", "O").replace("1", "l")
    assert parse(text) == code


@settings(max_examples=300)
@given(codes, st.integers(0, LENGTH - 1), st.sampled_from(ALPHABET))
def test_one_wrong_letter_is_caught(code: BoardCode, at: int, letter: str) -> None:
    letters = code.code.replace("-", "")
    if letters[at] == letter:
        return
    wrong = letters[:at] + letter + letters[at + 1 :]
    with pytest.raises(BoardCodeError):
        parse(wrong)


@settings(max_examples=500)
@given(st.text(max_size=80))
def test_any_text_is_a_board_or_one_line_error(text: str) -> None:
    try:
        parse(text)
    except BoardCodeError as error:
        assert "\n" not in str(error)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "got 0"),
        ("ABC", "got 3"),
        ("U" * 27, "no 'U'"),
        ("0" * 27, "check"),
        ("x" * 99, "longer"),
    ],
)
def test_bad_codes_say_why(text: str, words: str) -> None:
    with pytest.raises(BoardCodeError, match=words):
        parse(text)


def test_the_same_code_deals_the_same_mines() -> None:
    code = parse(BoardCode(Board(16, 30, 99), GameRules(), 12345).code)
    games = [
        Game.new(16, 30, 99, seed=code.seed, first_click=code.rules.first_click) for _ in range(2)
    ]
    for game in games:
        game.reveal(8, 8)
    assert games[0].minefield == games[1].minefield


def test_the_daily_board_is_the_same_on_a_date_and_differs_between_dates() -> None:
    day = date(2026, 11, 23)
    assert daily(day) == daily(date(2026, 11, 23))
    assert daily(day).seed != daily(date(2026, 11, 24)).seed
    assert len({daily(date(2026, 1, d)).seed for d in range(1, 32)}) == 31
    assert daily(day).code == "04202-00050-QZEVR-4EXGEV-4N9A9N"  # pinned: the same in every version
    assert parse(daily(day).code) == daily(day)
