"""The live counters of the player's own: an expression over the figures' names
(game.words.FIGURES: the figures a player can choose to see while a game is
played), evaluated by simpleeval (never Python's eval), its tables cut to what a
counter needs, bounded.

What an expression may hold: numbers, the figures' names, ``+ - * / // % **``,
comparisons, ``and``/``or``, ``x if c else y``, and min, max, abs and round, each
called with numbers only. Nothing else parses as a counter: no string, no
attribute (so no method call: ``'a'.ljust(999999999)``, ``(1).to_bytes(...)``), no
f-string or format spec, no subscript, no keyword argument: simpleeval's table of
nodes holds these kinds only (_evaluator), and an expression holding any other is
refused when it is parsed (_allowed). Every number is a float once read (a literal,
a figure, each result), so each step of an evaluation is one operation on two
floats: its time and memory are bounded by the expression's length
(MAX_EXPRESSION) whatever it says. ``**`` takes numbers up to
MAX_POWER, round's digits are a whole number up to MAX_DIGITS, a result past a
float's range is "too large".

Pure: what the figures are comes from the report of a game being played
(game.replay.played.live_report, the analysis's own function); the panel that draws
them is game.scenes.counters.
"""

from __future__ import annotations

import ast
import math
import operator
import warnings
from collections.abc import Callable, Mapping
from typing import Any, Final

from game.language import N_, Words
from game.replay.figures import GameNumbers
from game.replay.played import live_report
from game.session.play import Clicks
from game.words import MAX_NAME

MAX_EXPRESSION = 200
"""The longest expression evaluated (a longer one shows an error)."""
MAX_POWER = 1000.0
"""The largest exponent or base magnitude ``**`` takes."""
MAX_DIGITS = 15
"""The most digits round takes either way (a float holds about 15)."""
MAX_ARGUMENTS = 20
"""The most numbers min or max takes."""


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
DIGITS = N_("round takes a whole number of digits up to {limit}")


def _power(base: float, exponent: float) -> float:
    if abs(exponent) > MAX_POWER or abs(base) > MAX_POWER:
        raise ExpressionError(POWER, limit=f"{MAX_POWER:g}")
    result: object = base**exponent
    if not isinstance(result, float):  # (a negative number to a fraction: complex)
        raise ExpressionError(NO_NUMBER)
    return result


def _round(value: float, digits: float = 0.0) -> float:
    """round(x) or round(x, n), n a whole number up to MAX_DIGITS either way (the
    digits of a float; round(1, -999999999) on Python's int would never return)."""
    if digits != int(digits) or abs(digits) > MAX_DIGITS:
        raise ExpressionError(DIGITS, limit=MAX_DIGITS)
    return float(round(value, int(digits)))


def _number(value: object) -> float:
    """A figure or a result as a float: None is a figure not known yet; anything
    but a number is none; an infinite or undefined one is too large."""
    if value is None:
        raise ExpressionError(NOT_YET)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ExpressionError(NUMBERS_ONLY)
    number = float(value)  # (OverflowError for an int past a float's range: too large)
    if not math.isfinite(number):
        raise ExpressionError(TOO_LARGE)
    return number


def _on_numbers(function: Callable[..., object]) -> Callable[..., float]:
    """An operator or function on floats only, giving a float (a bool, a string, a
    figure not known yet is refused; a result past a float's range is too large)."""

    def on_numbers(*operands: object) -> float:
        return _number(function(*(_number(operand) for operand in operands)))

    return on_numbers


def _comparing(function: Callable[[float, float], bool]) -> Callable[[object, object], bool]:
    """A comparison of two floats only."""

    def compared(left: object, right: object) -> bool:
        return function(_number(left), _number(right))

    return compared


_ARITHMETIC: dict[type, Callable[..., object]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
    ast.Pow: _power,
    ast.USub: operator.neg,
    ast.UAdd: operator.pos,
}
_COMPARE: dict[type, Callable[[float, float], bool]] = {
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
}
_OPERATORS: dict[type, Callable[..., object]] = {
    **{kind: _on_numbers(function) for kind, function in _ARITHMETIC.items()},
    **{kind: _comparing(function) for kind, function in _COMPARE.items()},
}
"""simpleeval's operators: arithmetic and comparisons of floats only (no strings, no
shifts, no bitwise operators, no ``not``, ``in`` or ``is``)."""

_FUNCTIONS: dict[str, tuple[Callable[..., float], int, int]] = {
    "min": (_on_numbers(min), 2, MAX_ARGUMENTS),
    "max": (_on_numbers(max), 2, MAX_ARGUMENTS),
    "abs": (_on_numbers(abs), 1, 1),
    "round": (_on_numbers(_round), 1, 2),
}
"""simpleeval's functions, with how few and how many numbers each takes (positional
only: no keywords, no unpacking)."""

_EVALUATED: Final = (ast.BinOp, ast.UnaryOp, ast.Compare, ast.BoolOp, ast.IfExp, ast.Call)
"""The node kinds simpleeval evaluates with its own handlers, from its own table (a
number and a name have ours: _evaluator); its table holds these and nothing else."""

_NODES = (
    ast.Expression,
    ast.Load,
    ast.And,
    ast.Or,
    ast.Constant,
    ast.Name,
    *_EVALUATED,
    *_OPERATORS,
)
"""Every kind of node an expression may hold: anything else (an attribute, so a
method call; a string; an f-string and its format spec; a subscript; a lambda; a
comprehension; a walrus; a keyword) is refused when it is parsed, and simpleeval's
table (_evaluator) has no handler for it either."""


def _allowed(tree: ast.AST) -> ExpressionError | None:
    """Why the parsed expression is no counter (None: every node is one simpleeval is
    given to evaluate, each number a number, each call one of _FUNCTIONS')."""
    for node in ast.walk(tree):
        if not isinstance(node, _NODES):
            return ExpressionError(NOT_ALLOWED)
        if isinstance(node, ast.Constant) and (
            isinstance(node.value, bool) or not isinstance(node.value, (int, float))
        ):
            return ExpressionError(NUMBERS_ONLY)
        if isinstance(node, ast.Call):
            function = node.func.id if isinstance(node.func, ast.Name) else None
            if function not in _FUNCTIONS or node.keywords:
                return ExpressionError(NOT_ALLOWED)
            _, least, most = _FUNCTIONS[function]
            if not least <= len(node.args) <= most:
                return ExpressionError(NOT_ALLOWED)
    return None


def _evaluator(names: Mapping[str, Any]) -> Any:
    """simpleeval's evaluator over these names, its table of nodes cut to a counter's:
    a number is a float, a name a figure's (a float), the rest simpleeval's own
    handlers with _OPERATORS and _FUNCTIONS, so every value is a float (or a
    comparison's bool) and each step one operation on floats."""
    from simpleeval import SimpleEval  # (a player's own counters only: none by default)

    functions = {name: function for name, (function, _, _) in _FUNCTIONS.items()}
    figures = dict(names)
    evaluator = SimpleEval(operators=_OPERATORS, functions=functions, names=figures)

    def figure(node: ast.Name) -> float:
        if node.id not in figures:
            raise ExpressionError(NO_NAME, name=node.id[:MAX_NAME])
        return _number(figures[node.id])

    def constant(node: ast.Constant) -> float:
        if isinstance(node.value, bool) or not isinstance(node.value, (int, float)):
            raise ExpressionError(NUMBERS_ONLY)
        return _number(node.value)

    own = evaluator.nodes
    evaluator.nodes = {
        ast.Name: figure,
        ast.Constant: constant,
        **{kind: own[kind] for kind in _EVALUATED},
    }
    return evaluator


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
            with warnings.catch_warnings():  # ("1if": Python's own warning, never the player's)
                warnings.simplefilter("ignore")
                tree = ast.parse(text.strip(), mode="eval")  # (one expression: "1; 2" is none)
        except (SyntaxError, ValueError, MemoryError, RecursionError):  # (too deeply nested)
            return cls(name, text, ExpressionError(SYNTAX))
        return cls(name, text, _allowed(tree), tree.body)

    def value(self, names: Mapping[str, Any]) -> float:
        """Its value over these names; ExpressionError (one line) when it has none:
        a syntax error, a division by zero, a name unknown or undefined yet, a result
        that is no number, anything too large."""
        if self.problem is not None:
            raise self.problem
        try:
            result: object = _evaluator(names).eval(self.text, previously_parsed=self._tree)
        except ZeroDivisionError:
            raise ExpressionError(ZERO) from None
        except (OverflowError, MemoryError, RecursionError):
            raise ExpressionError(TOO_LARGE) from None
        except ExpressionError:
            raise
        except Exception:  # (simpleeval's own refusals, none known after _allowed: one line)
            raise ExpressionError(NOT_ALLOWED) from None
        if isinstance(result, bool):
            raise ExpressionError(NO_NUMBER)
        return _number(result)

    def tried(self) -> ExpressionError | None:
        """What the panel would show instead of a value, tried on a game's figures
        midway (sample_names): a problem that is no figure not known yet or a division
        by zero (which a game's figures may make at one moment and not the next);
        None when it evaluates. The Counters dialog's check."""
        if self.problem is not None:
            return self.problem
        try:
            self.value(sample_names())
        except ExpressionError as error:
            said = error.args[0]
            if not isinstance(said, Words) or said.template not in (ZERO, NOT_YET):
                return error
        return None


def sample_names() -> dict[str, Any]:
    """The names of a game midway (Expert, 20 s, 40 of 120 3BV, every figure known):
    what the Counters dialog tries an expression on."""
    numbers = GameNumbers((16, 30, 99), False, 20.0, (120, 40), Clicks(30, 5, 5, 35), 5, 800.0)
    return names_of(live_report(numbers), pace_ms=-1500.0)
