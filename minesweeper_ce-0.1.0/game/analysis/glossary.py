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

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Figure:
    """One line of the analysis view."""

    label: str
    value: str
    means: str


@dataclass(frozen=True)
class _Term:
    key: str
    label: str
    means: str
    digits: int = 2
    unit: str = ""
    percent: bool = False


_SPEED = (
    _Term("bbbv_s", "3BV/s", "3BV solved per second: the speed players rank by.", 3),
    _Term("etime", "Estimated time", "The time the whole board would take at this pace.", 3, " s"),
    _Term("stnb", "STNB", "Speed adjusted for the level (8x8, 16x16 and 16x30 boards only).", 1),
    _Term("rqp", "RQP", "Time squared over 3BV solved: lower is better.", 3),
    _Term("qg", "QG", "Time to the power 1.7 over 3BV solved: lower is better.", 3),
)
_CLICKS = (
    _Term("ce", "Effective clicks", "Clicks that changed the board (opened or flagged).", 0),
    _Term("cl_s", "Clicks/s", "Every click, useful or not, per second.", 2),
    _Term("ioe", "IOE", "Efficiency: 3BV solved per click (1 or more is very good).", 3),
    _Term("corr", "Correctness", "Effective clicks over all clicks.", 3),
    _Term("thrp", "Throughput", "3BV solved per effective click.", 3),
    _Term("flag", "Flags", "Flags on the board at the end.", 0),
)
_BOARD = (
    _Term("op", "Openings", "Areas of empty cells that one click opens whole.", 0),
    _Term("isl", "Islands", "Groups of numbers touching no opening: each a click apiece.", 0),
    _Term("zini", "ZiNi", "Clicks a greedy rule with flags and chords spends to clear it.", 0),
    _Term("hzini", "HZiNi", "ZiNi with every opening clicked first, as people play.", 0),
    _Term("over_zini", "Clicks over ZiNi", "A win's clicks beyond what ZiNi spends here.", 0),
)
_JUDGED = (
    _Term("guesses", "Guesses", "Clicks made when nothing on the board was certainly safe.", 0),
    _Term(
        "needless_guesses",
        "Needless guesses",
        "Clicks on an uncertain cell while another was certainly safe.",
        0,
    ),
    _Term("mistakes", "Mistakes", "A certain mine opened, or a certainly safe cell flagged.", 0),
    _Term("wasted", "Wasted clicks", "Clicks that changed nothing, or took a flag off.", 0),
    _Term(
        "luck", "Luck", "The chance of surviving every guess made (100%: none needed).", 1, "", True
    ),
)


def figures(entry: Mapping[str, Any]) -> list[Figure]:
    """The lines of the analysis view for a report (of a game read or played)."""
    stats: Mapping[str, Any] = entry.get("stats", {})
    solved, total = entry.get("solved_bbbv"), entry.get("bbbv")
    lines = [
        Figure(
            "Time", f"{float(entry['time']):.3f} s", "From the first click to the end of the game."
        ),
        Figure(
            "3BV",
            f"{solved} of {total}" if total is not None and solved != total else str(total or "-"),
            "The least left clicks that clear the board, an opening counting once.",
        ),
    ]
    lines += _known(stats, _SPEED, undefined=UNDEFINED)
    lines.append(
        Figure(
            "Clicks",
            f"{entry['left']} left, {entry['right']} right, {entry['double']} double",
            "Every press: left, right, and both buttons at once (a chord).",
        )
    )
    lines += _known(stats, _CLICKS, undefined=UNDEFINED)
    if entry.get("path") is not None:
        lines.append(
            Figure(
                "Mouse path",
                f"{float(entry['path']) / 16:.1f} cells",
                "How far the pointer travelled during the game.",
            )
        )
    lines += _known(stats, _BOARD)
    lines += _known(stats, _JUDGED)
    death = next((move for move in entry.get("moves", ()) if move["class"] == "death"), None)
    if death is not None:
        lines.append(_death(death))
    return lines


UNDEFINED = "-"
"""How a person reads a figure that is undefined (JSON: null)."""


def _known(
    stats: Mapping[str, Any], terms: tuple[_Term, ...], undefined: str | None = None
) -> list[Figure]:
    """The figures of the terms the stats hold; one given as None is shown as
    ``undefined``, or left out without it."""
    shown = []
    for term in terms:
        value = stats.get(term.key)
        if value is None:
            if undefined is not None and term.key in stats:
                shown.append(Figure(term.label, undefined, term.means))
            continue
        if term.percent:
            text = f"{100 * value:.{term.digits}f}%"
        else:
            text = f"{value:.{term.digits}f}" if term.digits else str(round(value))
        shown.append(Figure(term.label, text + term.unit, term.means))
    return shown


_CAUSES = {
    "logic": "a cell thought safe",
    "guess": "a guess",
    "needless_guess": "a needless guess",
    "mistake": "a certain mine",
}


def _death(move: Mapping[str, Any]) -> Figure:
    cause = _CAUSES.get(str(move.get("cause")), "a click")
    p_safe = move.get("p_safe")
    chance = "" if p_safe is None else f", {float(p_safe):.0%} safe"
    where = f"row {int(move['row']) + 1}, column {int(move['col']) + 1}"
    return Figure(
        "The death",
        f"{cause}{chance}",
        f"The click that lost the game, at {where}, {float(move['time']):.2f} s in.",
    )
