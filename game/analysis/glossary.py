"""The figures of a game's analysis as a player reads them: a name, the value as
text and one line saying what it means (the analysis view shows the line of the
figure under the pointer or the keyboard's highlight).

The values come from a report (game.replay.report: ms-toollib's names, and ours
for the judged moves); a figure the report lacks (the mouse path of one of our
replays, the ZiNi of a board too large to work out) is left out, never shown as
0. A rate the report gives as undefined (None: STNB off the 8x8, 16x16 and 16x30 levels, 3BV/s
of a game won in no time, RQP with nothing solved) is shown as "-". Definitions:
docs/STATS.md. Pure Python.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from types import MappingProxyType
from typing import Any

from game.core.record import Record, put
from game.language import N_, decimal, gettext


class Figure(Record):
    """One line of the analysis view (its label and meaning in English, marked with
    N_: the view translates them; its value, and the death's meaning, made of its
    numbers, are written in the player's language already)."""

    __slots__ = ("key", "label", "means", "value")

    label: str
    value: str
    means: str
    key: str
    """Which figure it is: the report's name (``time``, ``bbbv``, ``clicks``,
    ``path`` and the stats' names), as the live counters choose them."""

    def __init__(self, label: str, value: str, means: str, key: str = "") -> None:
        self.label = label
        self.value = value
        self.means = means
        self.key = key


class _Term(Record):
    __slots__ = ("digits", "key", "label", "means", "percent", "unit")

    key: str
    label: str
    means: str
    digits: int
    unit: str
    percent: bool

    def __init__(
        self,
        key: str,
        label: str,
        means: str,
        digits: int = 2,
        unit: str = "",
        percent: bool = False,
    ) -> None:
        put(self, "key", key)  # (some twenty made at import)
        put(self, "label", label)
        put(self, "means", means)
        put(self, "digits", digits)
        put(self, "unit", unit)
        put(self, "percent", percent)


_SPEED = (
    _Term("bbbv_s", N_("3BV/s"), N_("3BV solved per second: the speed players rank by."), 3),
    _Term(
        "etime",
        N_("Estimated time"),
        N_("The time the whole board would take at this pace."),
        3,
        " s",
    ),
    _Term(
        "stnb",
        N_("STNB"),
        N_("Speed adjusted for the level (8x8, 16x16 and 16x30 boards only)."),
        1,
    ),
    _Term("rqp", N_("RQP"), N_("Time squared over 3BV solved: lower is better."), 3),
    _Term("qg", N_("QG"), N_("Time to the power 1.7 over 3BV solved: lower is better."), 3),
)
_CLICKS = (
    _Term(
        "ce", N_("Effective clicks"), N_("Clicks that changed the board (opened or flagged)."), 0
    ),
    _Term("cl_s", N_("Clicks/s"), N_("Every click, useful or not, per second."), 2),
    _Term("ioe", N_("IOE"), N_("Efficiency: 3BV solved per click (1 or more is very good)."), 3),
    _Term("corr", N_("Correctness"), N_("Effective clicks over all clicks."), 3),
    _Term("thrp", N_("Throughput"), N_("3BV solved per effective click."), 3),
    _Term("flag", N_("Flags"), N_("Flags on the board at the end."), 0),
)
_BOARD = (
    _Term("op", N_("Openings"), N_("Areas of empty cells that one click opens whole."), 0),
    _Term(
        "isl", N_("Islands"), N_("Groups of numbers touching no opening: each a click apiece."), 0
    ),
    _Term(
        "zini", N_("ZiNi"), N_("Clicks a greedy rule with flags and chords spends to clear it."), 0
    ),
    _Term("hzini", N_("HZiNi"), N_("ZiNi with every opening clicked first, as people play."), 0),
    _Term(
        "over_zini", N_("Clicks over ZiNi"), N_("A win's clicks beyond what ZiNi spends here."), 0
    ),
)
_JUDGED = (
    _Term(
        "guesses", N_("Guesses"), N_("Clicks made when nothing on the board was certainly safe."), 0
    ),
    _Term(
        "needless_guesses",
        N_("Needless guesses"),
        N_("Clicks on an uncertain cell while another was certainly safe."),
        0,
    ),
    _Term(
        "mistakes",
        N_("Mistakes"),
        N_("A certain mine opened, or a certainly safe cell flagged."),
        0,
    ),
    _Term("wasted", N_("Wasted clicks"), N_("Clicks that changed nothing, or took a flag off."), 0),
    _Term(
        "luck",
        N_("Luck"),
        N_("The chance of surviving every guess made (100%: none needed)."),
        1,
        "",
        True,
    ),
)


_NAMED = {
    "time": N_("Time"),
    "bbbv": "3BV",
    "clicks": N_("Clicks"),
    "path": N_("Mouse path"),
}
"""The labels of the figures that are no term of the stats."""

_MEANS = {
    "time": N_("From the first click to the end of the game."),
    "bbbv": N_("The least left clicks that clear the board, an opening counting once."),
    "clicks": N_("Every press: left, right, and both buttons at once (a chord)."),
    "path": N_("How far the pointer travelled during the game."),
}

UNDEFINED = "-"
"""How a person reads a figure that is undefined (JSON: null)."""

_ORDER = (
    "time",
    "bbbv",
    *(term.key for term in _SPEED),
    "clicks",
    *(term.key for term in _CLICKS),
    "path",
    *(term.key for term in _BOARD),
    *(term.key for term in _JUDGED),
)
"""The figures in the analysis view's order."""
_TERMS = {
    term.key: (term, undefined)
    for terms, undefined in (
        (_SPEED, UNDEFINED),
        (_CLICKS, UNDEFINED),
        (_BOARD, None),
        (_JUDGED, None),
    )
    for term in terms
}
"""Each term of the stats, and how it is shown when the report gives it as None
(left out without it)."""


def label_of(key: str) -> str:
    """A figure's label (English, marked: translate it where it is shown), by its
    report name; the name itself when it names no figure."""
    found = _TERMS.get(key)
    return found[0].label if found is not None else _NAMED.get(key, key)


_NO_STATS: Mapping[str, Any] = MappingProxyType({})
"""The stats of a report that has none."""


def value_of(entry: Mapping[str, Any], key: str) -> str | None:
    """One figure's value as the analysis view words it, by its report name (None:
    the report lacks it, or the key names no figure): figures() words each line so."""
    if key in _TERMS:
        stats: Mapping[str, Any] = entry.get("stats", _NO_STATS)
        return worded(key, stats[key]) if key in stats else None
    if key == "time":
        return worded(key, entry["time"])
    if key == "bbbv":
        return worded(key, (entry.get("solved_bbbv"), entry.get("bbbv")))
    if key == "clicks":
        return worded(key, (entry["left"], entry["right"], entry["double"]))
    if key == "path":
        return worded(key, entry.get("path"))
    return None


OF_WORDS = N_("{solved} of {total}")
CLICKS_WORDS = N_("{left} left, {right} right, {double} double")
PATH_WORDS = N_("{cells} cells")
PHRASES = (OF_WORDS, CLICKS_WORDS, PATH_WORDS)
"""The words ``worded`` puts around a figure's numbers (the web page carries them in
each language, to word a link's figures in its reader's: game.flows.web_page)."""


def worded(key: str, value: Any) -> str | None:
    """A figure's value in words, as the analysis view shows it, given as a report
    has it: a stat's number (None: undefined, "-" for a rate, left out for the
    rest), the time in seconds, the 3BV as (solved, total), the clicks as (left,
    right, double), the path in pixels (None: left out). value_of words a report's
    figures so, and the live counters the figures of a game being played
    (game.replay.figures)."""
    found = _TERMS.get(key)
    if found is not None:
        term, undefined = found
        if value is None:
            return undefined
        if term.percent:
            text = f"{decimal(100 * value, term.digits)}%"
        else:
            text = decimal(value, term.digits) if term.digits else str(round(value))
        return text + term.unit
    if key == "time":
        return f"{decimal(float(value), 3)} s"
    if key == "bbbv":
        solved, total = value
        if total is not None and solved != total:
            return gettext(OF_WORDS).format(solved=solved, total=total)
        return str(total or "-")
    if key == "clicks":
        left, right, double = value
        return gettext(CLICKS_WORDS).format(left=left, right=right, double=double)
    if key == "path" and value is not None:
        return gettext(PATH_WORDS).format(cells=decimal(float(value) / 16, 1))
    return None


def figures(entry: Mapping[str, Any], keys: Collection[str] | None = None) -> list[Figure]:
    """The lines of the analysis view for a report (of a game read or played);
    with ``keys``, only the lines of those figures (the live counters' choice: the
    same words, none worked out for nothing)."""
    lines = []
    for key in _ORDER:
        if keys is not None and key not in keys:
            continue
        value = value_of(entry, key)
        if value is not None:
            found = _TERMS.get(key)
            means = found[0].means if found is not None else _MEANS[key]
            lines.append(Figure(label_of(key), value, means, key))
    death = next((move for move in entry.get("moves", ()) if move["class"] == "death"), None)
    if death is not None and keys is None:
        lines.append(_death(death))
    return lines


_CAUSES = {
    "logic": N_("a cell thought safe"),
    "guess": N_("a guess"),
    "needless_guess": N_("a needless guess"),
    "mistake": N_("a certain mine"),
}
_ANY_CAUSE = N_("a click")
"""The death's cause when the report names none we know."""


def _death(move: Mapping[str, Any]) -> Figure:
    cause = gettext(_CAUSES.get(str(move.get("cause")), _ANY_CAUSE))
    p_safe = move.get("p_safe")
    if p_safe is not None:
        cause = gettext("{cause}, {chance} safe").format(cause=cause, chance=f"{float(p_safe):.0%}")
    return Figure(
        N_("The death"),
        cause,
        gettext("The click that lost the game, at row {row}, column {col}, {time} s in.").format(
            row=int(move["row"]) + 1, col=int(move["col"]) + 1, time=decimal(float(move["time"]), 2)
        ),
    )
