"""The live counters of the player's own: an expression over the figures' names
(game.words.FIGURES: the figures a player can choose to see while a game is
played), evaluated by simpleeval (never Python's eval), bounded.

Pure: what the figures are comes from the report of a game being played
(game.replay.played.live_report, the analysis's own function); the panel that draws
them is game.scenes.counters.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final

from game.language import N_, Words
from game.words import MAX_NAME

if TYPE_CHECKING:
    from simpleeval import SimpleEval

MAX_EXPRESSION = 200
"""The longest expression evaluated (a longer one shows an error)."""
MAX_POWER = 1000.0
"""The largest exponent or base magnitude ``**`` takes."""


def names_of(entry: Mapping[str, Any], pace_ms: float | None = None) -> dict[str, Any]:
    """The names an expression may use, from a report of a game being played
    (game.replay.played.live_report): ``time`` (s), ``bbbv``, ``solved``, ``left``,
    ``right``, ``chord`` (also ``double``), ``clicks``, ``path`` (cells), ``pace``
    (s ahead of the best; None without one) and the stats' own (``ce``, ``ioe``,
    ``corr``, ``thrp``, ``bbbv_s``, ``cl_s``, ``ce_s``, ``etime``, ``rqp``, ``qg``,
    ``stnb``, ``flag``; None while undefined)."""
    stats = entry.get("stats", {})
    names: dict[str, Any] = {
        "time": entry["time"],
        "bbbv": entry["bbbv"],
        "solved": entry["solved_bbbv"],
        "left": entry["left"],
        "right": entry["right"],
        "chord": entry["double"],
        "double": entry["double"],
        "clicks": entry["left"] + entry["right"] + entry["double"],
        "path": entry["path"] / 16,
        "pace": None if pace_ms is None else pace_ms / 1000,
    }
    names.update(stats)
    return names


def too_long() -> ExpressionError:
    """What an expression longer than MAX_EXPRESSION is told (the settings file's, the
    counters' form's)."""
    return ExpressionError(LONG, count=MAX_EXPRESSION)


class ExpressionError(ValueError):
    """An expression that cannot be evaluated, in one line: its words (English, marked
    with N_) and the values they name, as Words (game.language: ``shown`` says them in
    the player's language)."""

    def __init__(self, words: str, **values: object) -> None:
        super().__init__(Words(words, **values))


LONG = N_("longer than {count} characters")
EMPTY = N_("empty")
SYNTAX = N_("not an expression (syntax)")
ZERO = N_("division by zero")
POWER = N_("** takes numbers up to {limit}")
NOT_YET = N_("a figure not known yet")
NUMBERS_ONLY = N_("numbers only")
NO_NUMBER = N_("not a number")
TOO_LARGE = N_("too large")
NO_NAME = N_("{name} is no figure's name")
NOT_ALLOWED = N_("not allowed in a counter")


def _power(base: Any, exponent: Any) -> Any:
    if abs(exponent) > MAX_POWER or abs(base) > MAX_POWER:
        raise ExpressionError(POWER, limit=f"{MAX_POWER:g}")
    return float(base) ** float(exponent)


def _numbers(function: Callable[..., Any]) -> Callable[..., Any]:
    """An operator on numbers only (a string repeated a billion times is no counter)."""

    def on_numbers(*operands: Any) -> Any:
        for operand in operands:
            if operand is None:
                raise ExpressionError(NOT_YET)
            if isinstance(operand, bool) or not isinstance(operand, (int, float)):
                raise ExpressionError(NUMBERS_ONLY)
        return function(*operands)

    return on_numbers


_ARITHMETIC: dict[type, Callable[..., Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
    ast.Pow: _power,
    ast.USub: operator.neg,
    ast.UAdd: operator.pos,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
}
_OPERATORS = {kind: _numbers(function) for kind, function in _ARITHMETIC.items()}
"""Arithmetic and comparisons of numbers only: no strings, no shifts, no attributes."""

_FUNCTIONS = {"min": min, "max": max, "abs": abs, "round": round}


class Expression:
    """A counter of the player's own, parsed once (``problem``: why it never
    evaluates, in one line; None when it parsed)."""

    __slots__ = ("_tree", "name", "problem", "text")

    def __init__(
        self, name: str, text: str, problem: ExpressionError | None, tree: Any = None
    ) -> None:
        self.name: Final = name
        self.text: Final = text
        self.problem: Final = problem
        self._tree: Final = tree

    @classmethod
    def of(cls, name: str, text: str) -> Expression:
        """Parse an expression (bounded: MAX_EXPRESSION characters)."""
        if len(text) > MAX_EXPRESSION:
            return cls(name, text, too_long())
        if not text.strip():
            return cls(name, text, ExpressionError(EMPTY))
        try:
            ast.parse(text.strip(), mode="eval")  # (one expression: "1; 2" is no counter)
            tree = _evaluator({}).parse(text)
        except Exception:  # (SyntaxError, simpleeval's InvalidExpression: a comment alone...)
            return cls(name, text, ExpressionError(SYNTAX))
        return cls(name, text, None, tree)

    def value(self, names: Mapping[str, Any]) -> float:
        """Its value over these names; ExpressionError (one line) when it has none:
        a syntax error, a division by zero, a name unknown or undefined yet, a result
        that is no number, anything too large."""
        if self.problem is not None:
            raise self.problem
        try:
            result = _evaluator(names).eval(self.text, previously_parsed=self._tree)
        except ZeroDivisionError:
            raise ExpressionError(ZERO) from None
        except ExpressionError:
            raise
        except Exception as error:  # (simpleeval's own, TypeError on an undefined value...)
            raise _one_line(error) from None
        if isinstance(result, bool) or not isinstance(result, (int, float)):
            raise ExpressionError(NO_NUMBER)
        return float(result)


def _evaluator(names: Mapping[str, Any]) -> SimpleEval:
    from simpleeval import SimpleEval  # (a player's own counters only: none by default)

    return SimpleEval(operators=_OPERATORS, functions=_FUNCTIONS, names=dict(names))


def _one_line(error: Exception) -> ExpressionError:
    """Any other error of an evaluation as one short line."""
    if isinstance(error, TypeError):
        return ExpressionError(NOT_YET)
    if isinstance(error, (OverflowError, MemoryError, RecursionError)):
        return ExpressionError(TOO_LARGE)
    name = getattr(error, "name", None)  # (simpleeval's NameNotDefined)
    if isinstance(name, str) and type(error).__name__ == "NameNotDefined":
        return ExpressionError(NO_NAME, name=name[:MAX_NAME])
    return ExpressionError(NOT_ALLOWED)
