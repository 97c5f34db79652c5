"""What a click does to the mines in the rule modes that move them (Fate, board.py):
the judgment of a click, and the layout the mines move to.

The judgment reads the board as the player sees it with the exact solver (solver.py:
the opened numbers and the total mine count; flags are the player's opinion and
count as hidden). A click's cells are *proved* when the solver finds each safe in
every layout that fits; otherwise the click is a guess, *needless* when some hidden
cell somewhere was proved safe (the player had a safe move) and *forced* when none
was. Then, by the game's fate:

- STRONG: a guess dies: if no mine is under the cells, one of the unproved cells
  becomes a mine;
- WEAK: a forced guess is made safe (the cells are emptied of mines), a needless one
  dies as in STRONG;
- QUASI: a forced guess is made safe, a needless one keeps its luck;
- GUESSABLE: any click on a mine is made safe.

The mines only ever move to a layout that fits everything shown: every opened number
stays true and the mine count stays the same (``consistent_layout``). It is found by
a depth-first search over the frontier that tries each cell's present state first,
so as few mines move as the search finds; it gives up (the board stays as it is)
past ``MAX_NODES`` suppositions, or when the solver's count was not exact, and
nothing is judged on a board of more than ``MAX_CELLS`` cells. The same
game, seed and moves always move the same mines: the choices draw from a
``random.Random`` seeded by the game's seed and the position.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from game.core.board import Fate, Geometry
from game.core.delta import Cell
from game.core.errors import ViewError
from game.core.knowledge import MINE, OPEN, UNKNOWN, Knowledge
from game.core.minefield import Minefield
from game.core.solver import analyse, parse_view

if TYPE_CHECKING:
    from game.core.game import Game

__all__ = ["MAX_CELLS", "MAX_NODES", "consistent_layout", "fated_layout"]

MAX_NODES = 2_000
"""Suppositions the search for a layout may make before it gives up (on Expert the
search makes about 70, at most about 200 seen in 195 searches: 15 ms)."""
MAX_CELLS = 1_000
"""The largest board whose clicks are judged (every preset, and the largest custom
board of the classic Windows game, 24x30): the solver reads the whole board at each
click, so a game's judging grows with the square of its size (a bot's won game takes
2 s at 30x30, 21 s at 50x50 and 83 s at 70x70, and a replay's verification as long);
on a larger board the mines are laid as the mode lays them and never move."""


def fated_layout(game: Game, cells: list[Cell]) -> Minefield | None:
    """Where the mines go before ``cells`` open under the game's fate (None: they stay)."""
    fate, field = game.fate, game.minefield
    if fate is Fate.NONE or field is None or not cells or not game.opened_count:
        return None  # (the first click is the laying's: it is never judged)
    if game.rows * game.cols > MAX_CELLS:
        return None
    view = game.view()
    analysis = analyse(view, game.mines, explain=False)
    if not analysis.exact:
        return None
    mined = [c for c in cells if c in field]
    unproved = [c for c in cells if c not in analysis.safe and c not in analysis.mines]
    if not unproved:
        return None  # a deduction (or a certain mine): nothing moves
    needless = bool(analysis.safe)
    rng = random.Random(f"fate {game.seed} {game.opened_count} {sorted(cells)}")
    dies = fate is Fate.STRONG or (fate is Fate.WEAK and needless)
    spared = fate is Fate.GUESSABLE or (fate in (Fate.WEAK, Fate.QUASI) and not needless)
    if dies and not mined:
        victim = rng.choice(unproved)
        return consistent_layout(view, field, rng, mines={victim})
    if spared and mined:
        return consistent_layout(view, field, rng, safe=set(cells))
    return None


def consistent_layout(
    view: str,
    field: Minefield,
    rng: random.Random,
    *,
    safe: set[Cell] | frozenset[Cell] = frozenset(),
    mines: set[Cell] | frozenset[Cell] = frozenset(),
) -> Minefield | None:
    """A layout of as many mines as ``field`` that fits the view (every opened number
    true), with the ``safe`` cells empty and the ``mines`` cells mined, as close to
    ``field`` as the search finds; None when none fits or the search gives up."""
    geo, numbers = parse_view(view)
    kn = Knowledge(geo, len(field))
    for i, value in numbers:
        kn.set_open(i, value)
    try:
        for cells, is_mine in ((safe, False), (mines, True)):
            for cell in cells:
                i = geo.index(*cell)
                if kn.state[i] == OPEN:
                    raise ViewError("an opened cell cannot hold a mine")
                if kn.state[i] == UNKNOWN:
                    kn.assume(i, is_mine)
                elif (kn.state[i] == MINE) != is_mine:
                    raise ViewError("the supposition contradicts what is known")
        kn.run()
    except ViewError:
        return None
    now = bytearray(geo.size)
    for cell in field:
        now[geo.index(*cell)] = 1
    found = _search(kn, now)
    return None if found is None else _fill(found, geo, now, rng)


def _frontier_cell(kn: Knowledge) -> int | None:
    """An unknown cell next to an opened number (None: the frontier is settled)."""
    state, offsets = kn.state, kn.geo.offsets
    j = state.find(UNKNOWN)
    while j != -1:
        if any(state[j + o] == OPEN for o in offsets):
            return j
        j = state.find(UNKNOWN, j + 1)
    return None


def _search(kn: Knowledge, now: bytearray) -> Knowledge | None:
    """Depth first over the frontier's cells, each cell's present state tried first."""
    stack = [kn]
    nodes = 0
    while stack:
        here = stack.pop()
        cell = _frontier_cell(here)
        if cell is None:
            return here
        for is_mine in (not now[cell], bool(now[cell])):  # pushed last, tried first
            nodes += 1
            if nodes > MAX_NODES:
                return None
            there = here.copy()
            there.assume(cell, is_mine)
            try:
                there.run()
            except ViewError:
                continue
            stack.append(there)
    return None


def _fill(kn: Knowledge, geo: Geometry, now: bytearray, rng: random.Random) -> Minefield:
    """The settled frontier's mines, and the mines left on the cells beyond it: those
    already there stay, the rest go to cells drawn at random."""
    state = kn.state
    left = kn.mines - kn.known_mines
    beyond = kn.unknown_cells()
    staying = [i for i in beyond if now[i]][:left]
    free = [i for i in beyond if not now[i]]
    placed = staying + rng.sample(free, left - len(staying))
    mine_cells = [i for i in range(geo.size) if state[i] == MINE] + placed
    return Minefield(geo.rows, geo.cols, map(geo.cell, mine_cells))
