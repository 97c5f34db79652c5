"""A report (game.replay.report) as text a person reads: what ``--analyse`` prints
without ``--json``. The same figures as the JSON, named and formatted as the analysis
view names them (game.analysis.glossary), "-" for one that is undefined (JSON: null);
and with ``--moves`` every move judged, a line each.

Pure Python: no pygame, no files.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.analysis.glossary import UNDEFINED, figures
from game.language import N_, Named, gettext, pgettext, shown

Report = Mapping[str, Any]


def summary(reports: Sequence[Report]) -> str:
    """A line a file: board, result, time, 3BV and clicks; the files not read after."""
    heads = (N_("file"), N_("format"), N_("board"), N_("result"), N_("time"))
    rows = [(*(gettext(head) for head in heads), "3BV", "L", "R", "D")]
    errors = []
    for entry in reports:
        if "error" in entry:
            said = gettext("{file}: not read: {error}")
            error = entry["error"]  # (its file's name and its fault: the path names it here)
            why = error.fields["words"] if isinstance(error, Named) else error
            errors.append(said.format(file=entry["file"], error=shown(why)))
            continue
        board = f"{entry['rows']}x{entry['cols']}/{entry['mines']}"
        bbbv = entry["bbbv"] if entry["won"] else f"{entry['solved_bbbv']}/{entry['bbbv']}"
        rows.append(
            (
                entry["file"],
                entry["format"],
                board,
                gettext("won") if entry["won"] else gettext("not won"),
                f"{entry['time']:.3f}",
                str(bbbv),
                str(entry["left"]),
                str(entry["right"]),
                str(entry["double"]),
            )
        )
    return "\n".join(columns(rows) + errors)


def details(entry: Report) -> str:
    """One file's every figure, a line each, and its judged moves if it has them."""
    stats: Mapping[str, Any] = entry.get("stats", {})
    lines: list[tuple[str, ...]] = [
        (gettext(label), value)
        for label, value in (
            (N_("Player"), entry.get("player")),
            (N_("Identifier"), entry.get("identifier")),
            (N_("Country"), entry.get("country")),
            (N_("Program"), entry.get("program")),
            (N_("Date"), entry.get("date")),
        )
        if value
    ]
    lines += [(gettext(figure.label), figure.value) for figure in figures(entry)]
    if all(key in stats for key in ("lce", "rce", "dce")):
        lines.append(
            (
                gettext("Effective by kind"),
                gettext("{left} left, {right} right, {double} double").format(
                    left=stats["lce"], right=stats["rce"], double=stats["dce"]
                ),
            )
        )
    numbers = [stats.get(f"cell{n}") for n in range(9)]
    if all(count is not None for count in numbers):
        lines.append((gettext("Numbers 0-8"), " ".join(str(count) for count in numbers)))
    text = [str(entry["file"]), *("  " + line for line in columns(lines))]
    moves = entry.get("moves")
    if moves is not None:
        text += ["", *("  " + line for line in move_table(moves))]
    return "\n".join(text)


def move_table(moves: Sequence[Mapping[str, Any]]) -> list[str]:
    """The judged moves as a table: time, what, where (rows and columns from 1), its
    class, the chance it was safe and the best chance there was, the thinking time
    before it and the 3BV solved after it (the headings, the moves' kinds and classes
    in the player's language: the JSON keeps their names)."""
    kinds = move_kinds()
    heads = [N_("time"), N_("move"), N_("row"), N_("col"), N_("class"), N_("safe")]
    heads += [N_("best safe"), N_("think")]
    rows: list[tuple[str, ...]] = [(*(gettext(head) for head in heads), "3BV")]
    for move in moves:
        verdict = _class(move["class"])
        if move.get("cause"):
            verdict += f" ({_class(move['cause'])})"
        rows.append(
            (
                f"{float(move['time']):.3f}",
                kinds.get(str(move["kind"]), str(move["kind"])),
                str(int(move["row"]) + 1),
                str(int(move["col"]) + 1),
                verdict,
                _chance(move.get("p_safe")),
                _chance(move.get("best_p_safe")),
                f"{float(move['think']):.3f}",
                str(move["bbbv_solved"]),
            )
        )
    if len(rows) == 1:
        return [gettext("(no moves)")]
    return columns(rows)


MOVE_CLASSES = {
    "logic": N_("logic"),
    "guess": N_("guess"),
    # Translators: a move's class, a needless guess (English keeps the JSON's name).
    "needless_guess": N_("needless_guess"),
    "mistake": N_("mistake"),
    "wasted": N_("wasted"),
    "death": N_("death"),
}
"""A move's class (game.analysis.judge.MoveClass: its name in the JSON) in words (in
English the JSON's own names, which the table has always shown)."""


def move_kinds() -> dict[str, str]:
    """What a move did (game.analysis.judge.MoveKind: its name in the JSON) in the
    player's language (a move's "open" is not a ladder level's, hence the context)."""
    return {
        "open": pgettext("a move", "open"),
        "flag": pgettext("a move", "flag"),
        "unflag": pgettext("a move", "unflag"),
        "question": pgettext("a move", "question"),
        "unmark": pgettext("a move", "unmark"),
        "chord": pgettext("a move", "chord"),
    }


def _class(name: object) -> str:
    words = MOVE_CLASSES.get(str(name))
    return str(name) if words is None else gettext(words)


def _chance(value: object) -> str:
    return UNDEFINED if value is None else f"{100 * float(value):.1f}%"  # type: ignore[arg-type]


def columns(rows: Sequence[Sequence[str]]) -> list[str]:
    """Rows of cells, each column as wide as its widest cell."""
    widths = [max(len(str(row[i])) for row in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(str(cell).ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]


def text(reports: Sequence[Report]) -> str:
    """What ``--analyse`` prints without ``--json``: the summary, then each file read
    in full."""
    parts = [summary(reports)]
    parts += [details(entry) for entry in reports if "error" not in entry]
    return "\n\n".join(parts)
