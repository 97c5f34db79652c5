"""Board codes round-trip, refuse anything else in one line; the daily board."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.board import MAX_SEED
from game.core.game import Game
from game.replay.boardcode import (
    ALPHABET,
    LENGTH,
    LENGTH_V1,
    BoardCode,
    BoardCodeError,
    daily,
    parse,
)
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
rule_sets = st.builds(GameRules, st.sampled_from(list(FirstClick)), st.booleans(), st.booleans())


@st.composite
def codes(draw: st.DrawFn) -> BoardCode:
    """Codes of both versions: with a start cell (2) and without (1)."""
    board = draw(boards)
    start = draw(
        st.none() | st.tuples(st.integers(0, board.rows - 1), st.integers(0, board.cols - 1))
    )
    return BoardCode(board, draw(rule_sets), draw(st.integers(0, MAX_SEED)), start)


@settings(max_examples=300)
@given(codes())
def test_every_board_round_trips(code: BoardCode) -> None:
    text = code.code
    assert len(text.replace("-", "")) == (LENGTH_V1 if code.start is None else LENGTH)
    assert parse(text) == code
    assert parse(text.lower().replace("-", " ")) == code


def test_confusable_letters_read_as_digits() -> None:
    code = BoardCode(Board(9, 9, 10), GameRules(), 101)
    text = code.code.replace("0", "O").replace("1", "l")
    assert parse(text) == code


@settings(max_examples=300)
@given(codes(), st.integers(0, LENGTH - 1), st.sampled_from(ALPHABET))
def test_one_wrong_letter_is_caught(code: BoardCode, at: int, letter: str) -> None:
    letters = code.code.replace("-", "")
    at %= len(letters)
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
    assert daily(day).code == "08202-00050-QZEVR-4EXGE-V4N08-0E0Y74"  # pinned from version 2 on
    assert parse(daily(day).code) == daily(day)
    # The version 1 code of that day, handed out before, keeps its meaning: the
    # same seed, the mines placed at the first click.
    old = parse("04202-00050-QZEVR-4EXGEV-4N9A9N")
    assert old.start is None and old.version == 1
    assert (old.board, old.rules, old.seed) == (daily(day).board, daily(day).rules, daily(day).seed)


@pytest.mark.parametrize("first_click", list(FirstClick))
def test_a_version_2_code_is_one_layout_wherever_the_first_click_lands(
    first_click: FirstClick,
) -> None:
    from game.session.play import PlaySession

    code = parse(BoardCode(Board(16, 30, 99), GameRules(first_click), 4242, (3, 7)).code)
    assert code.version == 2 and code.start == (3, 7)
    layouts = set()
    for first in [(0, 0), (3, 7), (15, 29), (8, 12)]:
        session = PlaySession.new(
            code.board, code.rules, lambda: 0.0, seed=code.seed, start=code.start
        )
        layouts.add(session.game.minefield)  # placed before any click
        session.game.reveal(*first)
        layouts.add(session.game.minefield)
    assert len(layouts) == 1
    [layout] = layouts
    assert layout is not None and (3, 7) not in layout
    if first_click is not FirstClick.SAFE:  # the start cell opens an area
        session = PlaySession.new(
            code.board, code.rules, lambda: 0.0, seed=code.seed, start=code.start
        )
        assert session.game.reveal(3, 7).opened > 1


def test_the_daily_start_cell_comes_from_the_seed_and_opens_an_area() -> None:
    from game.session.play import PlaySession

    starts = set()
    for d in range(1, 29):
        code = daily(date(2026, 2, d))
        assert code.start is not None
        starts.add(code.start)
        session = PlaySession.new(
            code.board, code.rules, lambda: 0.0, seed=code.seed, start=code.start
        )
        assert session.game.reveal(*code.start).opened > 1
    assert len(starts) > 10  # not one cell for every day
