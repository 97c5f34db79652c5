"""The words of a hint: each certain fact the solver finds, said as a player would.

Pure text from plain facts (cells, numbers, counts); the solver's halves
(knowledge.py's rules, solver.py's enumeration) gather the facts and call these.

Each sentence is a ``Reason``: the English sentence itself (a str: logs, tests and
the JSON read it), with its template and fields kept, so it can be said in the
player's language where it is shown (game.language.shown, above this pure core,
translates it with the catalogs). A field may be a Reason itself (a cell's name, a
list of cells, "3 mines"), translated in turn, so the whole sentence translates.
Templates are marked for the catalogs by the two makers, ``said`` and ``said_n``
(tools/catalogs.py passes them to Babel as keywords: said, said_n:1,2).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import NoReturn

from game.core.delta import Cell


class Reason(str):
    """A sentence (or a part of one) of a hint: its English words, with the template
    and fields that make them (and, for a count, the plural template and the count,
    ``{n}``), kept to be said again in another language. Frozen."""

    template: str
    plural: str | None
    n: int
    fields: Mapping[str, object]

    def __new__(
        cls, template: str, plural: str | None, n: int, fields: Mapping[str, object]
    ) -> Reason:
        chosen = template if plural is None or n == 1 else plural
        made = super().__new__(cls, chosen.format(**{k: str(v) for k, v in fields.items()}))
        for name, value in (
            ("template", template),
            ("plural", plural),
            ("n", n),
            ("fields", dict(fields)),
        ):
            object.__setattr__(made, name, value)
        return made

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"a Reason is frozen: cannot set {name}")

    def __getnewargs__(self) -> tuple[str, str | None, int, Mapping[str, object]]:  # type: ignore[override]
        return (self.template, self.plural, self.n, self.fields)

    def translated(
        self, gettext: Callable[[str], str], ngettext: Callable[[str, str, int], str]
    ) -> str:
        """The words in a language: its template looked up with ``gettext`` (or,
        for a count, ``ngettext``), each field that is a Reason translated in turn."""
        if self.plural is None:
            template = gettext(self.template)
        else:
            template = ngettext(self.template, self.plural, self.n)
        return template.format(
            **{
                k: v.translated(gettext, ngettext) if isinstance(v, Reason) else str(v)
                for k, v in self.fields.items()
            }
        )


def said(template: str, **fields: object) -> Reason:
    """Words from a template marked for the catalogs, and its fields."""
    return Reason(template, None, 0, fields)


def said_n(singular: str, plural: str, n: int, **fields: object) -> Reason:
    """Words for a count ``n`` (the field ``{n}``), in the plural form it takes."""
    return Reason(singular, plural, n, {"n": n, **fields})


def listed(items: list[Reason] | list[str]) -> Reason | str:
    """'A', 'A and B', 'A, B and C' (each separator translated)."""
    if len(items) == 1:
        return items[0]
    most: Reason | str = items[0]
    for item in items[1:-1]:
        # Translators: a list of several things, one more after the first ones ("3, 4").
        most = said("{some}, {one}", some=most, one=item)
    # Translators: the last thing of a list ("3, 4 and 5"; "row 2, column 3 and row 4, column 5").
    return said("{most} and {last}", most=most, last=items[-1])


def cell_name(cell: Cell) -> Reason:
    """A cell as a person says it: 'row 3, column 5' (counted from 1)."""
    # Translators: a cell of the board, counted from 1 (a hint names cells so).
    return said("row {row}, column {column}", row=cell[0] + 1, column=cell[1] + 1)


def cells_text(cells: Iterable[Cell]) -> Reason:
    """Several cells in plain words, grouped by row: 'row 2, columns 3 and 4; row 3,
    column 5'."""
    by_row: dict[int, list[int]] = {}
    for row, col in sorted(cells):
        by_row.setdefault(row, []).append(col)
    parts: list[Reason] = []
    for row, cols in by_row.items():
        if len(cols) == 1:
            parts.append(cell_name((row, cols[0])))
        else:
            parts.append(
                said_n(
                    # Translators: cells in one row: {columns} is a list ("3, 4 and 5").
                    "row {row}, column {columns}",
                    "row {row}, columns {columns}",
                    len(cols),
                    row=row + 1,
                    columns=listed([str(c + 1) for c in cols]),
                )
            )
    text = parts[0]
    for part in parts[1:]:
        # Translators: cells in several rows, row after row.
        text = said("{some}; {one}", some=text, one=part)
    return text


def mines_word(n: int) -> Reason:
    """'1 mine', '3 mines'."""
    return said_n("{n} mine", "{n} mines", n)


def the_number(value: int, cell: Cell) -> Reason:
    """'the 3 at row 2, column 4'."""
    # Translators: an opened number of the board and its cell ("the 3 at row 2, column 4").
    return said("the {value} at {cell}", value=value, cell=cell_name(cell))


def settled(target: Reason, is_mine: bool) -> Reason:
    """'row 3, column 5 is safe' (or 'is a mine')."""
    if is_mine:
        return said("{cell} is a mine", cell=target)
    return said("{cell} is safe", cell=target)


def so(target: Reason, is_mine: bool) -> Reason:
    """'so row 3, column 5 is safe' (or 'is a mine'): the end of most reasons."""
    if is_mine:
        return said("so {cell} is a mine", cell=target)
    return said("so {cell} is safe", cell=target)


def needs(the: Reason, left: int, found_before: bool, hidden: Iterable[Cell]) -> Reason:
    """'the 2 at ... needs 1 more mine among ...' (``more`` when some are found)."""
    if found_before:
        return said_n(
            "{the} needs {n} more mine among {cells}",
            "{the} needs {n} more mines among {cells}",
            left,
            the=the,
            cells=cells_text(hidden),
        )
    return said_n(
        "{the} needs {n} mine among {cells}",
        "{the} needs {n} mines among {cells}",
        left,
        the=the,
        cells=cells_text(hidden),
    )


def single_reason(
    the: Reason,
    value: int,
    left: int,
    known: list[Cell],
    hidden: list[Cell],
    cleared: bool,
    target: Reason,
    is_mine: bool,
) -> Reason:
    """One number settles ``target``: ``known`` are its mines found, ``hidden`` its
    cells still unknown, ``cleared`` whether some of its cells are known safe."""
    if left == 0:
        if value == 0:
            return said("{the} touches no mine, {so}", the=the, so=so(target, False))
        return said_n(
            "{the} already touches its mine at {cells}, {so}",
            "{the} already touches all {n} of its mines at {cells}, {so}",
            value,
            the=the,
            cells=cells_text(known),
            so=so(target, False),
        )
    names = cells_text(hidden)
    if cleared:
        rest = said_n(
            "of the hidden cells around it, only {cells} is not known to be safe",
            "of the hidden cells around it, only {cells} are not known to be safe",
            len(hidden),
            cells=names,
        )
    else:
        rest = said_n(
            "it has exactly {n} hidden cell ({cells})",
            "it has exactly {n} hidden cells ({cells})",
            len(hidden),
            cells=names,
        )
    if known:
        return said(
            "{the} touches {mines} already found at {cells} and needs {left} more; {rest}, {so}",
            the=the,
            mines=mines_word(len(known)),
            cells=cells_text(known),
            left=left,
            rest=rest,
            so=so(target, is_mine),
        )
    return said(
        "{the} needs {mines}; {rest}, {so}",
        the=the,
        mines=mines_word(left),
        rest=rest,
        so=so(target, is_mine),
    )


def pair_reason(
    needs_a: Reason,
    needs_b: Reason,
    shared: list[Cell],
    at_least: int | None,
    at_most: int,
    target: Reason,
    is_mine: bool,
) -> Reason:
    """Two numbers settle ``target`` through the cells they share, which must hold
    ``at_least`` mines (when that is the argument) or can hold ``at_most``."""
    fields = {"needs_a": needs_a, "needs_b": needs_b, "cells": cells_text(shared)}
    if at_least is not None:
        return said(
            "{needs_a}, and {needs_b}; the cells they share ({cells}) must hold at least "
            "{mines}, {so}",
            **fields,
            mines=mines_word(at_least),
            so=so(target, is_mine),
        )
    return said(
        "{needs_a}, and {needs_b}; the cells they share ({cells}) can hold at most {mines}, {so}",
        **fields,
        mines=mines_word(at_most),
        so=so(target, is_mine),
    )


def count_reason(is_mine: bool, left: int, hidden: int, mines: int, target: Reason) -> Reason:
    """The total mine count settles every cell nothing else is known about."""
    if is_mine:
        return said_n(
            "the {mines} left fill exactly the {n} hidden cell nothing else is known about, {so}",
            "the {mines} left fill exactly the {n} hidden cells nothing else is known about, {so}",
            hidden,
            mines=mines_word(left),
            so=so(target, True),
        )
    return said_n(
        # Translators: the game's mines, all found ({n} is their count, often more than 1).
        "all {n} mines are accounted for, {so}",
        "all {n} mines are accounted for, {so}",
        mines,
        so=so(target, False),
    )


def off_frontier_reason(is_mine: bool, left: int, target: Reason) -> Reason:
    """Enumeration settles a cell that touches no number."""
    if is_mine:
        return said(
            "the cells beside the numbers cannot hold all {mines} left, so every cell "
            "that touches no number, {cell} among them, is a mine",
            mines=mines_word(left),
            cell=target,
        )
    return said(
        "the numbers need all {mines} left in the cells beside them, so {cell}, which "
        "touches no number, is safe",
        mines=mines_word(left),
        cell=target,
    )


def enumeration_reason(
    numbers: list[Reason], left: int | None, target: Reason, is_mine: bool
) -> Reason:
    """Only listing the layouts settles ``target``: ``numbers`` are the numbers of
    its group in words, ``left`` the mines left when the count took part."""
    if left is None:
        return said(
            "no single number or pair settles it, but in every layout that fits {numbers}, {fact}",
            numbers=listed(numbers),
            fact=settled(target, is_mine),
        )
    return said(
        "no single number or pair settles it, but in every layout that fits "
        "{numbers} and the {mines} left, {fact}",
        numbers=listed(numbers),
        mines=mines_word(left),
        fact=settled(target, is_mine),
    )
