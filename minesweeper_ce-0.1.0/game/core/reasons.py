"""The words of a hint: each certain fact the solver finds, said as a player would.

Pure text from plain facts (cells, numbers, counts); the solver's halves
(knowledge.py's rules, solver.py's enumeration) gather the facts and call these.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.core.delta import Cell


def cell_name(cell: Cell) -> str:
    """A cell as a person says it: 'row 3, column 5' (counted from 1)."""
    return f"row {cell[0] + 1}, column {cell[1] + 1}"


def cells_text(cells: Iterable[Cell]) -> str:
    """Several cells in plain words, grouped by row: 'row 2, columns 3 and 4; row 3,
    column 5'."""
    by_row: dict[int, list[int]] = {}
    for row, col in sorted(cells):
        by_row.setdefault(row, []).append(col)
    parts = []
    for row, cols in by_row.items():
        names = [str(c + 1) for c in cols]
        if len(names) == 1:
            parts.append(f"row {row + 1}, column {names[0]}")
        else:
            parts.append(f"row {row + 1}, columns {', '.join(names[:-1])} and {names[-1]}")
    return "; ".join(parts)


def mines_word(n: int) -> str:
    """'1 mine', '3 mines'."""
    return "1 mine" if n == 1 else f"{n} mines"


def the_number(value: int, cell: Cell) -> str:
    """'the 3 at row 2, column 4'."""
    return f"the {value} at {cell_name(cell)}"


def verdict(is_mine: bool) -> str:
    return "is a mine" if is_mine else "is safe"


def needs(the: str, left: int, found_before: bool, hidden: Iterable[Cell]) -> str:
    """'the 2 at ... needs 1 more mine among ...' (``more`` when some are found)."""
    more = " more" if found_before else ""
    return f"{the} needs {left}{more} {'mine' if left == 1 else 'mines'} among {cells_text(hidden)}"


def single_reason(
    the: str,
    value: int,
    left: int,
    known: list[Cell],
    hidden: list[Cell],
    cleared: bool,
    target: str,
    is_mine: bool,
) -> str:
    """One number settles ``target``: ``known`` are its mines found, ``hidden`` its
    cells still unknown, ``cleared`` whether some of its cells are known safe."""
    said = verdict(is_mine)
    if left == 0:
        if value == 0:
            return f"{the} touches no mine, so {target} is safe"
        its = "its mine" if value == 1 else f"all {value} of its mines"
        return f"{the} already touches {its} at {cells_text(known)}, so {target} is safe"
    plural = len(hidden) != 1
    names = cells_text(hidden)
    if cleared:
        rest = (
            f"of the hidden cells around it, only {names} {'are' if plural else 'is'} "
            f"not known to be safe"
        )
    else:
        rest = f"it has exactly {len(hidden)} hidden cell{'s' if plural else ''} ({names})"
    if known:
        return (
            f"{the} touches {mines_word(len(known))} already found at "
            f"{cells_text(known)} and needs {left} more; {rest}, so {target} {said}"
        )
    return f"{the} needs {mines_word(left)}; {rest}, so {target} {said}"


def pair_reason(
    needs_a: str,
    needs_b: str,
    shared: list[Cell],
    at_least: int | None,
    at_most: int,
    target: str,
    is_mine: bool,
) -> str:
    """Two numbers settle ``target`` through the cells they share, which must hold
    ``at_least`` mines (when that is the argument) or can hold ``at_most``."""
    if at_least is not None:
        hold = f"must hold at least {mines_word(at_least)}"
    else:
        hold = f"can hold at most {mines_word(at_most)}"
    return (
        f"{needs_a}, and {needs_b}; the cells they share ({cells_text(shared)}) {hold}, "
        f"so {target} {verdict(is_mine)}"
    )


def count_reason(is_mine: bool, left: int, hidden: int, mines: int, target: str) -> str:
    """The total mine count settles every cell nothing else is known about."""
    if is_mine:
        return (
            f"the {mines_word(left)} left fill exactly the {hidden} hidden "
            f"cell{'s' if hidden != 1 else ''} nothing else is known about, "
            f"so {target} is a mine"
        )
    return f"all {mines} mines are accounted for, so {target} is safe"


def off_frontier_reason(is_mine: bool, left: int, target: str) -> str:
    """Enumeration settles a cell that touches no number."""
    if is_mine:
        return (
            f"the cells beside the numbers cannot hold all {mines_word(left)} left, "
            f"so every cell that touches no number, {target} among them, is a mine"
        )
    return (
        f"the numbers need all {mines_word(left)} left in the cells beside them, "
        f"so {target}, which touches no number, is safe"
    )


def enumeration_reason(numbers: list[str], left: int | None, target: str, is_mine: bool) -> str:
    """Only listing the layouts settles ``target``: ``numbers`` are the numbers of
    its group in words, ``left`` the mines left when the count took part."""
    numbers_text = (
        numbers[0] if len(numbers) == 1 else f"{', '.join(numbers[:-1])} and {numbers[-1]}"
    )
    count_text = "" if left is None else f" and the {mines_word(left)} left"
    return (
        f"no single number or pair settles it, but in every layout that fits "
        f"{numbers_text}{count_text}, {target} {verdict(is_mine)}"
    )
