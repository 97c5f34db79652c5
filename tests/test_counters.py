"""The live counters' choices and the player's own counters: what the settings keep
(hostile input: what is no counter is left out, no error), and expressions that
evaluate, or show one line of error and never raise anything else."""

from __future__ import annotations

import json
import warnings
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.persist.settings import Settings
from game.replay.counters import MAX_EXPRESSION, Expression, ExpressionError, names_of
from game.replay.figures import GameNumbers
from game.replay.played import live_report
from game.session.play import Clicks
from game.words import (
    DEFAULT_FIGURES,
    FIGURES,
    MAX_KEPT_EXPRESSION,
    MAX_OWN,
    chosen,
    own_counters,
)

ENTRY = live_report(
    GameNumbers((16, 30, 99), False, 20.0, (120, 40), Clicks(30, 5, 5, 35), 5, 800.0)
)
NAMES = names_of(ENTRY, pace_ms=-1500.0)


def value(text: str) -> float:
    return Expression.of("mine", text).value(NAMES)


def problem(text: str) -> str:
    with pytest.raises(ExpressionError) as raised:
        value(text)
    words = str(raised.value)
    assert words and "\n" not in words and len(words) <= 100
    return words


def test_an_expression_over_the_figures_names() -> None:
    assert value("bbbv / time * 60") == pytest.approx(120 / 20 * 60)
    assert value("(left + right + chord) / solved") == pytest.approx(40 / 40)
    assert value("(left + right + double) / bbbv") == pytest.approx(40 / 120)
    assert value("path") == pytest.approx(800 / 16)
    assert value("pace") == pytest.approx(-1.5)
    assert value("ioe") == pytest.approx(ENTRY["stats"]["ioe"])
    assert value("max(ce, 1) ** 0.5") == pytest.approx(35**0.5)


def test_a_syntax_error_is_one_line() -> None:
    assert "syntax" in problem("bbbv / (time")
    assert "syntax" in problem("bbbv time")


def test_a_division_by_zero_is_one_line() -> None:
    assert problem("bbbv / (time - time)") == "division by zero"


def test_a_ten_thousand_character_expression_is_one_line() -> None:
    assert str(MAX_EXPRESSION) in problem("1+" * 5000)


@pytest.mark.parametrize(
    "text",
    [
        "9 ** 9 ** 9",  # a power too large
        "10 ** 400",
        "'a' * 999999999",  # a string grown
        "'a' + 'b'",
        "time.__class__",  # no attributes
        "__import__('os')",  # no functions but min, max, abs, round
        "open('x')",
        "unknown + 1",
        "bbbv > 3",  # no number
        "[1] * 10**9",
        "",
        "stnb + 1",  # undefined (STNB on a level)... defined here; a None below
        "1 << 100000",
    ],
)
def test_what_is_no_counter_is_one_line_and_never_more(text: str) -> None:
    names = {**NAMES, "stnb": None}
    try:
        result = Expression.of("x", text).value(names)
    except ExpressionError as error:
        assert "\n" not in str(error) and str(error)
    else:
        assert isinstance(result, float)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_any_text_evaluates_or_says_why_in_one_line(text: str) -> None:
    try:
        Expression.of("x", text).value(NAMES)
    except ExpressionError as error:
        assert "\n" not in str(error)


@pytest.mark.parametrize("text", ["1; 2", "bbbv\ntime", "ioe;"])
def test_more_than_one_expression_is_a_syntax_error_not_the_first_alone(text: str) -> None:
    counter = Expression.of("x", text)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # (simpleeval would warn and use the first)
        with pytest.raises(ExpressionError) as said:
            counter.value(NAMES)
    assert counter.problem is not None and str(said.value) == str(counter.problem)


def test_the_settings_keep_the_chosen_figures_in_order_and_drop_the_unknown() -> None:
    doc = {"version": 4, "counters": ["ioe", "sparkle", 7, None, "ioe", "time", {"x": 1}]}
    assert Settings.from_json(doc).counters == ("ioe", "time")
    assert Settings.from_json({"version": 4, "counters": "ioe"}).counters == DEFAULT_FIGURES
    assert Settings.from_json({"version": 4}).counters == DEFAULT_FIGURES
    assert Settings.from_json({"version": 4, "counters": []}).counters == ()
    assert chosen(FIGURES * 3) == FIGURES


def test_the_settings_keep_the_players_own_counters_bounded() -> None:
    own: list[Any] = [
        ["3BV/min", "bbbv / time * 60"],
        ["long", "1+" * 20_000],
        ["3BV/min", "again"],  # a name twice: the first kept
        ["", "1"],
        ["x" * 100, "1"],
        [1, "1"],
        "text",
        ["a", "b", "c"],
    ] + [[f"n{k}", "1"] for k in range(100)]
    settings = Settings.from_json({"version": 4, "own_counters": own})
    kept = settings.own_counters
    assert kept[0] == ("3BV/min", "bbbv / time * 60")
    assert kept[1][0] == "long" and len(kept[1][1]) == MAX_KEPT_EXPRESSION
    assert len(kept) == MAX_OWN
    assert Settings.from_json(json.loads(json.dumps(settings.to_json()))) == settings
    assert own_counters([("a", "1"), ("a", "2")]) == (("a", "1"),)


@settings(max_examples=200, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=30),
        lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=5), inner),
        max_leaves=30,
    ),
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=30),
        lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=5), inner),
        max_leaves=30,
    ),
)
def test_any_counters_in_a_settings_file_read_with_no_error(figures: Any, own: Any) -> None:
    settings = Settings.from_json(
        {"version": 4, "counters": figures, "own_counters": own, "counters_shown": True}
    )
    assert set(settings.counters) <= set(FIGURES)
    assert len(settings.own_counters) <= MAX_OWN


def test_the_form_lists_names_an_expression_may_use() -> None:
    from game.screens.counters import NAMES

    assert set(NAMES) <= set(NAMES_OF_ENTRY)


NAMES_OF_ENTRY = names_of(ENTRY)
