"""A saved game read back: every check a hostile record must pass before the
engine trusts it (Game.from_snapshot applies what this returns).

Cells are one letter each: 'h' hidden, 'f' flagged, 'q' question-marked, 'o'
opened; upper case where the cell holds a mine.
"""

from __future__ import annotations

from game.core.board import MAX_SEED, Fate, FirstClick, Geometry, Recursion, check_mine_count
from game.core.delta import Mark
from game.core.errors import SnapshotError
from game.core.record import Record
from game.core.status import Status

__all__ = ["Saved", "read", "restore_cells"]


class Saved(Record):
    """A checked saved game, in the engine's flat indices."""

    __slots__ = (
        "cells",
        "exploded",
        "fate",
        "first_click",
        "geometry",
        "left_click_chords",
        "marks",
        "mines",
        "no_guess_guaranteed",
        "placed",
        "positions",
        "recursion",
        "seed",
        "status",
    )

    geometry: Geometry
    mines: int
    placed: bool
    status: Status
    cells: str
    """One letter a cell, row by row (see the module's docstring)."""
    positions: list[int]
    exploded: list[int]
    first_click: FirstClick
    marks: bool
    left_click_chords: bool
    seed: int | None
    no_guess_guaranteed: bool | None
    fate: Fate
    """What a click does to the mines (absent from games saved before the rule modes)."""
    recursion: Recursion
    """Which acts chord on by themselves (absent from games saved before the
    recursive chords)."""

    def __init__(
        self,
        geometry: Geometry,
        mines: int,
        placed: bool,
        status: Status,
        cells: str,
        positions: list[int],
        exploded: list[int],
        first_click: FirstClick,
        marks: bool,
        left_click_chords: bool,
        seed: int | None,
        no_guess_guaranteed: bool | None,
        fate: Fate = Fate.NONE,
        recursion: Recursion = Recursion.NONE,
    ) -> None:
        self.geometry = geometry
        self.mines = mines
        self.placed = placed
        self.status = status
        self.cells = cells
        self.positions = positions
        self.exploded = exploded
        self.first_click = first_click
        self.marks = marks
        self.left_click_chords = left_click_chords
        self.seed = seed
        self.no_guess_guaranteed = no_guess_guaranteed
        self.fate = fate
        self.recursion = recursion


def read(data: object) -> Saved:
    """Check a record made by Game.to_snapshot; raises SnapshotError on anything wrong."""
    try:
        return _read(data)
    except SnapshotError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        raise SnapshotError(f"the saved game is damaged ({error})") from None


def _read(data: object) -> Saved:
    if not isinstance(data, dict):
        raise SnapshotError("the saved game is not a record of a game")
    rows, cols, mines = data["rows"], data["cols"], data["mines"]
    cells = data["cells"]
    if not (isinstance(cells, list) and len(cells) == rows):
        raise SnapshotError("the saved game's rows do not match its size")
    if not all(isinstance(line, str) and len(line) == cols for line in cells):
        raise SnapshotError("the saved game's rows do not match its size")
    for flag in ("placed", "marks", "left_click_chords"):
        if not isinstance(data[flag], bool):
            raise SnapshotError(f"the saved game's {flag!r} is not true or false")
    seed = data.get("seed")
    if seed is not None and (type(seed) is not int or not 0 <= seed <= MAX_SEED):
        raise SnapshotError(f"the saved game's seed {seed!r} is not a seed")
    geometry = Geometry(rows, cols)
    check_mine_count(geometry, mines)
    status = Status(data["status"])
    first_click = FirstClick.parse(data["first_click"])
    fate = Fate.parse(data.get("fate", Fate.NONE.value))
    recursion = Recursion.parse(data.get("recursion", Recursion.NONE.value))
    text = "".join(cells)
    if set(text) - set("hfqoHFQO"):
        raise SnapshotError("the saved game has cells of an unknown kind")
    positions = [geometry.index(k // cols, k % cols) for k, ch in enumerate(text) if ch.isupper()]
    placed = data["placed"]
    if placed and len(positions) != mines:
        raise SnapshotError("the saved game's mines do not match its mine count")
    if not placed and (positions or status is not Status.READY or "o" in text.lower()):
        raise SnapshotError("the saved game opened cells before placing its mines")
    proved = data.get("no_guess_guaranteed")
    if proved is not None:
        if not isinstance(proved, bool):
            raise SnapshotError("the saved game's 'no_guess_guaranteed' is not true or false")
        if not placed or first_click is not FirstClick.NOGUESS:
            raise SnapshotError("the saved game says no-guess without being one")
    if "O" in text:
        raise SnapshotError("the saved game shows an opened mine")
    exploded = [geometry.index(*cell) for cell in map(tuple, data["exploded"])]
    mined = set(positions)
    if any(p not in mined for p in exploded) or bool(exploded) != (status is Status.LOST):
        raise SnapshotError("the saved game's exploded mines do not add up")
    opened = text.count("o")
    won = opened == geometry.cells - mines
    if won != (status is Status.WON) or (status is Status.READY and opened):
        raise SnapshotError("the saved game's state does not match its board")
    return Saved(
        geometry,
        mines,
        placed,
        status,
        text,
        positions,
        exploded,
        first_click,
        data["marks"],
        data["left_click_chords"],
        seed,
        proved,
        fate,
        recursion,
    )


def restore_cells(
    saved: Saved, openable: bytearray, zero: bytearray, mark: bytearray, flags: set[int]
) -> int:
    """Put a saved game's opened, flagged and question-marked cells on a new game's
    arrays (the mines already laid); how many cells are open."""
    geometry, cols = saved.geometry, saved.geometry.cols
    opened = 0
    for k, ch in enumerate(saved.cells):
        i = geometry.index(k // cols, k % cols)
        lower = ch.lower()
        if lower == "o":
            openable[i] = 0
            zero[i] = 0
            opened += 1
        elif lower == "f":
            mark[i] = Mark.FLAG.value
            openable[i] = 0
            zero[i] = 0
            flags.add(i)
        elif lower == "q":
            mark[i] = Mark.QUESTION.value
    return opened


def cell_rows(geo: Geometry, mark: bytearray, openable: bytearray, mine: bytearray) -> list[str]:
    """A game's cells in the letters above, a string a row (from the engine's flat
    arrays: a cell's mark, whether it can still be opened, whether it holds a mine)."""
    flag = Mark.FLAG.value
    rows = []
    for row in range(geo.rows):
        start = (row + 1) * geo.width + 1
        chars = []
        for i in range(start, start + geo.cols):
            ch = "o" if not openable[i] and mark[i] != flag else "hfq"[mark[i]]
            chars.append(ch.upper() if mine[i] else ch)
        rows.append("".join(chars))
    return rows
