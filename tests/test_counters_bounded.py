"""A counter of the player's own is bounded whatever it says (issue 46): no method
call on anything, no string, no f-string or format spec, round's digits and **
bounded, and any expression evaluates within a small time and memory or is refused
in one line; the Counters dialog refuses what the panel would show as an error."""

from __future__ import annotations

import ast
import contextlib
import time
import tracemalloc
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.persist.settings import Settings
from game.replay.counters import MAX_DIGITS, MAX_EXPRESSION, Expression, ExpressionError
from game.replay.counters import sample_names as sample
from game.screens.counters import own_counter_dialog

NAMES = sample()

ATTACKS = [
    "'a'.ljust(999999999)",
    "(1).to_bytes(999999999,'big')",
    "'a'.center(999999999)",
    "'1'.zfill(999999999)",
    "'\\t'.expandtabs(999999999)",
    "round(1, -999999999)",
    "round(bbbv, 999999999)",
    "f'{1:>999999999}'",
    "f'{1:.999999999f}'",
    "format(1, '>999999999')",
    "(9).__pow__(999999999)",
    "max(*[1] * 10)",
    "min(x for x in (1, 2))",
    "abs(x=1)",
    "[1] * 999999999",
    "(lambda: 1)()",
    "(x := 1)",
    "time.real",
    "{1: 2}[1]",
    "~1",
    "1 << 99999",
    "not 1",
    "'a' * 999999999",
    "b'a' * 999999999",
    "1j * 2",
    "True + 1",
    "9 ** 9 ** 9",
    "1e308 * 10",
    "(-8) ** 0.5",
]


def _bounded(text: str, unchecked: bool = False) -> float | str:
    """The value or the one line, in well under a second (a loaded machine: 0.25 s;
    the attacks took 1-3 s each, or never returned) and 500 KB, whatever the text.
    Unchecked: the parsed tree handed to the evaluator as it is, without the check
    made when it is parsed (simpleeval's table of nodes alone refuses)."""
    tracemalloc.start()
    started = time.perf_counter()
    try:
        try:
            counter = _unchecked(text) if unchecked else Expression.of("x", text)
            result: float | str = counter.value(NAMES)
        except ExpressionError as error:
            result = str(error)
            assert result and "\n" not in result and len(result) <= 100
        took = time.perf_counter() - started
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert took < 0.25, (text, took)
    assert peak < 500_000, (text, peak)  # (the deepest tree: about 100 KB; the attacks: 1 GB)
    return result


def _unchecked(text: str) -> Expression:
    try:
        with warnings.catch_warnings():  # ("1if": Python's own warning)
            warnings.simplefilter("ignore")
            tree = ast.parse(text.strip(), mode="eval").body
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return Expression.of("x", text)  # (no tree: refused when parsed, as ever)
    return Expression("x", text, None, tree)


@pytest.mark.parametrize("text", ATTACKS)
def test_what_would_cost_memory_or_time_is_refused_at_once(text: str) -> None:
    assert isinstance(_bounded(text), str)


@pytest.mark.parametrize("text", ATTACKS)
def test_the_evaluator_alone_refuses_them_too(text: str) -> None:
    """simpleeval's tables hold a counter's node kinds, operators and functions only:
    each attack is refused in one line, bounded, by the evaluation itself too."""
    assert isinstance(_bounded(text, unchecked=True), str)


def test_the_counters_a_player_writes_still_count() -> None:
    assert _bounded("round(bbbv / time * 60, 2)") == pytest.approx(360.0)
    assert _bounded(f"round(ioe, {MAX_DIGITS})") == pytest.approx(NAMES["ioe"])
    assert _bounded("bbbv if time > 3 else 0") == 120.0
    assert _bounded("max(1, 2, 3) + abs(-2) + min(4, 5)") == 9.0
    assert _bounded("solved and bbbv or 0") == 120.0
    assert _bounded("10 // 3 + 10 % 3") == 4.0


TOKENS = st.sampled_from(
    [
        *"0123456789+-*/%().,'\"[]{}:<>=!~^&| _",
        *("**", "//", "<<", "999999999", "-999999999", "1e308", "time", "bbbv", "solved"),
        *("round(", "max(", "min(", "abs(", ".ljust(", ".to_bytes(", ".center(", ".zfill("),
        *("f'{", "}'", ":>", ":.", "if", "else", "and", "or", "not", "lambda", "for", "in"),
        *("__class__", "__import__(", "'a'", "b'a'", "1j", "True", "None", "x=", "*", ":="),
    ]
)


@settings(max_examples=400, deadline=None)
@given(st.lists(TOKENS, max_size=40).map("".join))
def test_fuzz_any_expression_is_bounded_or_refused_in_one_line(text: str) -> None:
    _bounded(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(TOKENS, max_size=40).map("".join))
def test_fuzz_the_evaluator_alone_is_bounded_or_refuses_in_one_line(text: str) -> None:
    _bounded(text, unchecked=True)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=MAX_EXPRESSION))
def test_fuzz_any_text_is_bounded_or_refused_in_one_line(text: str) -> None:
    _bounded(text)


def test_the_longest_expression_costs_little() -> None:
    for text in ("-" * (MAX_EXPRESSION - 1) + "1", "+".join(["bbbv"] * 40)[:MAX_EXPRESSION]):
        assert len(text) <= MAX_EXPRESSION and isinstance(_bounded(text), float)


def _checked(expression: str) -> str | None:
    dialog = own_counter_dialog(Settings(), None)
    return dialog.validate({"name": "mine", "expression": expression})


def test_the_dialog_refuses_what_the_panel_would_show_as_an_error() -> None:
    assert _checked("round(bbbv, 999)") is not None  # (it parses: the panel would fail)
    assert _checked("9 ** 9 ** 9") is not None
    assert _checked("unknown + 1") is not None
    assert _checked("'a'.ljust(9)") is not None
    assert _checked("bbbv / time * 60") is None
    assert _checked("bbbv / (left - left)") is None  # (a moment's division by zero: kept)
    assert _checked("pace + 1") is None


def test_as_many_counters_as_the_settings_keep_cost_a_frame_little() -> None:
    """Twenty costly counters made a 60-frame start take 25 s: now every counter a
    settings file may hold, each at its worst, is evaluated in a few milliseconds."""
    from game.words import MAX_OWN

    worst = ["round(1, -999999999)", "'a'.ljust(999999999)", "-" * 199 + "bbbv", "9**9**9"]
    counters = [Expression.of(f"c{n}", worst[n % len(worst)]) for n in range(MAX_OWN)]
    started = time.perf_counter()
    for counter in counters:
        with contextlib.suppress(ExpressionError):
            counter.value(NAMES)
    assert time.perf_counter() - started < 0.5
