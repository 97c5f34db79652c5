"""No-guess boards: mines placed so that logic alone clears the board from the
first click.

The method is Simon Tatham's (Mines, in his puzzle collection): place the mines at
random with the first cell's 3x3 area free, then let the solver play from the
first click. Each time it is stuck, *perturb* the layout: pick a number on the
frontier and either empty the hidden cells around it of mines or fill them all,
swapping with cells elsewhere (first hidden cells on the frontier, then hidden
cells beyond it, in random order). Either way that number becomes decisive and
the solver goes on. Only cells logic knows nothing about are ever moved, so every
fact learnt so far stays true and the solver continues where it was, with the
changed numbers re-read.

The solver here is the player's: single numbers, pairs of numbers and the total
mine count (solver.Knowledge), with the true counts as its oracle for the cells
it opens. A board it clears is cleared by ``analyse`` too, which knows more.

Bounds: after each round of perturbations the solver plays the layout again from
the first click (facts learnt before a perturbation may rest on numbers that have
changed since), and the layout is accepted only when that fresh play clears it.
A layout is given up after ``rows + cols`` perturbations in a row that opened
nothing new, ``rows * cols`` perturbations in all, ``MAX_ROUNDS`` fresh plays, or
when no perturbation is possible; the generator then starts again from a fresh
random layout, at most ``MAX_ATTEMPTS`` times. If every attempt fails (in the
tests only boards too dense for logic do, such as 2x2 with 2 mines) it returns
the layout that opened the most cells, with ``guaranteed`` False: still a fair
random board, but it may need a guess.

Everything draws from the one ``random.Random`` it is given, so the same seed,
size, mine count and first click always give the same board.

A deal can be long (a 1000x1000 board nearly full of mines takes minutes):
``no_guess_steps`` and ``positions_steps`` are the same work as generators that
yield a ``DealProgress`` after each step (a fresh layout, a perturbation), so a
caller can show how far it got, and stop by no longer asking for steps. The
generator keeps no clock: the caller decides what is too long.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import NamedTuple, TypeVar

from game.core.board import FirstClick, Geometry, count_neighbours, place_mines
from game.core.delta import Cell
from game.core.knowledge import MINE, OPEN, SAFE, UNKNOWN, Knowledge
from game.core.minefield import Minefield
from game.core.record import Record

T = TypeVar("T")

__all__ = [
    "MAX_ATTEMPTS",
    "DealProgress",
    "Dealt",
    "NoGuess",
    "SolveResult",
    "finish",
    "no_guess",
    "no_guess_positions",
    "no_guess_steps",
    "positions_steps",
    "solve_from",
]

MAX_ATTEMPTS = 30
"""Fresh layouts tried before the generator settles for its best one."""


class NoGuess(Record):
    """A generated board: the mines and whether logic alone is proved to clear it."""

    __slots__ = ("attempts", "guaranteed", "minefield", "perturbations")

    minefield: Minefield
    guaranteed: bool
    attempts: int
    perturbations: int

    def __init__(
        self, minefield: Minefield, guaranteed: bool, attempts: int, perturbations: int
    ) -> None:
        self.minefield = minefield
        self.guaranteed = guaranteed
        self.attempts = attempts
        self.perturbations = perturbations


class DealProgress(Record):
    """How far a deal got: which fresh layout it tries, and how much of it logic
    has settled (cells opened or known to be mines) out of all the cells."""

    __slots__ = ("attempt", "cells", "settled")

    attempt: int
    settled: int
    cells: int

    def __init__(self, attempt: int, settled: int, cells: int) -> None:
        self.attempt = attempt
        self.settled = settled
        self.cells = cells

    @property
    def fraction(self) -> float:
        """The part of this attempt's board settled, 0 to 1."""
        return self.settled / self.cells if self.cells else 1.0


Dealt = tuple[list[int], bool | None]
"""A deal's end: the mine positions and, for a no-guess board, whether logic is
proved to clear it (None for the other rules)."""
Steps = Generator[DealProgress, None, Dealt]
"""A deal a step at a time: DealProgress after each step, then the Dealt."""


def finish(steps: Generator[DealProgress, None, T]) -> T:
    """Run a deal's steps to the end; what it returns."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            value: T = done.value
            return value


class SolveResult(NamedTuple):
    """How far logic alone gets from the first click."""

    cleared: bool
    opened: int
    """Safe cells opened (the first click's cascade included)."""
    mines_found: int


def _solver(
    geo: Geometry, mines: int, count: bytearray, first: int, count_rule: bool = True
) -> Knowledge:
    kn = Knowledge(geo, mines, oracle=count, count_rule=count_rule)
    kn.reveal(first)
    kn.run()
    return kn


def solve_from(minefield: Minefield, first_cell: Cell) -> SolveResult:
    """Play ``minefield`` from ``first_cell`` by logic alone (single numbers, pairs of
    numbers, the mine count): did it clear the board?"""
    geo = Geometry(minefield.rows, minefield.cols)
    positions = [geo.index(r, c) for r, c in minefield]
    first = geo.index(*first_cell)
    if first in set(positions):
        return SolveResult(False, 0, 0)
    kn = _solver(geo, len(positions), count_neighbours(geo, positions), first)
    return SolveResult(kn.unknown == 0, kn.opened, kn.known_mines)


class _Attempt:
    """One layout being played and perturbed."""

    def __init__(
        self, geo: Geometry, mines: int, positions: list[int], first: int, count_rule: bool
    ) -> None:
        self.geo = geo
        self.count_rule = count_rule
        self.mines = mines
        self.first = first
        self.mine = bytearray(geo.size)
        for p in positions:
            self.mine[p] = 1
        self.count = count_neighbours(geo, positions)
        zone = {first}
        if geo.cells - 1 - len(geo.neighbours(first)) >= mines:
            zone.update(geo.neighbours(first))
        self.zone = zone
        self.kn = _solver(geo, mines, self.count, first, count_rule)
        self.perturbations = 0
        self.restarted = False  # the last perturbation changed known cells

    def solve_afresh(self) -> None:
        """Play the current layout again from the first click."""
        self.kn = _solver(self.geo, self.mines, self.count, self.first, self.count_rule)

    def positions(self) -> list[int]:
        mine = self.mine
        return [i for i in range(len(mine)) if mine[i]]

    def _move(self, i: int, delta: int) -> None:
        self.mine[i] = 1 if delta > 0 else 0
        count = self.count
        for o in self.geo.offsets:
            count[i + o] += delta

    def perturb(self, rng: random.Random) -> bool:
        """Make the solver's stuck place decisive by moving mines; False if it cannot.

        The set to settle is the hidden cells around a random stuck number, or, when
        no number touches a hidden cell (hidden cells walled in by known mines),
        every hidden cell. The set is emptied of its mines or filled with them,
        swapping with hidden cells on the frontier, then hidden cells beyond it,
        then (a last resort, after which the solver must start again) cells already
        known, never in the first click's area.
        """
        kn = self.kn
        state, offsets = kn.state, self.geo.offsets
        unknown = kn.unknown_cells()
        on_frontier = set()
        for u in unknown:
            for o in offsets:
                if state[u + o] == OPEN:
                    on_frontier.add(u)
                    break
        numbers = sorted({u + o for u in on_frontier for o in offsets if state[u + o] == OPEN})
        rng.shuffle(numbers)
        sets = [[n + o for o in offsets if state[n + o] == UNKNOWN] for n in numbers[:8]]
        if not sets:
            sets = [unknown]
        mine = self.mine
        known: list[int] | None = None
        for cells in sets:
            inside = set(cells)
            full = sum(mine[c] for c in cells)
            empty = len(cells) - full
            near = sorted(u for u in on_frontier if u not in inside)
            far = sorted(u for u in unknown if u not in on_frontier and u not in inside)
            rng.shuffle(near)
            rng.shuffle(far)
            if known is None:
                zone = self.zone
                known = [
                    i for i in range(len(state)) if state[i] in (OPEN, MINE, SAFE) and i not in zone
                ]
                rng.shuffle(known)
            to_fill: list[int] = []  # safe cells outside that take the set's mines
            to_empty: list[int] = []  # mines outside that move into the set
            for u in near + far + known:
                if u in inside:
                    continue
                if mine[u]:
                    to_empty.append(u)
                else:
                    to_fill.append(u)
                if len(to_fill) == full or len(to_empty) == empty:
                    break
            if len(to_fill) == full:
                for u in to_fill:
                    self._move(u, +1)
                changed = to_fill + [c for c in cells if mine[c]]
                for c in cells:
                    if mine[c]:
                        self._move(c, -1)
            elif len(to_empty) == empty:
                for u in to_empty:
                    self._move(u, -1)
                changed = to_empty + [c for c in cells if not mine[c]]
                for c in cells:
                    if not mine[c]:
                        self._move(c, +1)
            elif to_empty and len(sets) == 1:
                # Walled in, and too few cells outside to do the whole job: fill part
                # of the set, as Tatham does ("pack the mines around the edges"), with
                # every mine found outside it, known ones included.
                holes = sorted(c for c in cells if not mine[c])
                chosen = rng.sample(holes, len(to_empty))
                for u in to_empty:
                    self._move(u, -1)
                for c in chosen:
                    self._move(c, +1)
                changed = to_empty + chosen
            else:
                continue
            self.perturbations += 1
            self.restarted = any(state[c] != UNKNOWN for c in changed)
            if self.restarted:
                self.solve_afresh()
            else:
                for c in changed:
                    kn.changed(c)
                kn.run()
            return True
        return False


MAX_ROUNDS = 12
"""Times one layout is played afresh (each after a round of perturbations) before
the generator gives it up for a new one."""


def _settle(current: _Attempt, rng: random.Random) -> Generator[None, None, bool]:
    """Perturb until a fresh play from the first click clears the layout (a step
    yielded after each perturbation)."""
    geo = current.geo
    patience = geo.rows + geo.cols
    cap = max(64, geo.cells)
    for _ in range(MAX_ROUNDS):
        kn = current.kn
        if not kn.unknown:
            return True  # a fresh play cleared it with no perturbation
        # Perturb the incremental solver until it clears the board; the facts it
        # learnt before a perturbation may rest on numbers that changed, so a
        # fresh play decides.
        best = kn.opened + kn.known_mines
        stale = 0
        while kn.unknown:
            if current.perturbations >= cap or not current.perturb(rng):
                return False
            yield
            kn = current.kn
            progress = kn.opened + kn.known_mines
            if current.restarted:
                # Known cells changed and the solver started again: progress is
                # measured afresh (the cap on perturbations still bounds the work).
                best, stale = progress, 0
            elif progress > best:
                best, stale = progress, 0
            else:
                stale += 1
                if stale >= patience:
                    return False
        current.solve_afresh()
    return not current.kn.unknown


def no_guess_positions(
    geo: Geometry, mines: int, first: int, rng: random.Random, count_rule: bool = True
) -> tuple[list[int], bool, int, int]:
    """Mine positions (flat indices) for a no-guess board whose first click is
    ``first``; also whether it is proved clear by logic, the attempts and the
    perturbations it took."""
    return finish(no_guess_steps(geo, mines, first, rng, count_rule))


def no_guess_steps(
    geo: Geometry, mines: int, first: int, rng: random.Random, count_rule: bool = True
) -> Generator[DealProgress, None, tuple[list[int], bool, int, int]]:
    """no_guess_positions a step at a time (a DealProgress after each)."""
    best: tuple[int, list[int]] | None = None
    total_perturbations = 0
    cells = geo.cells
    for attempt in range(1, MAX_ATTEMPTS + 1):
        yield DealProgress(attempt, 0, cells)
        positions = place_mines(geo, mines, first, FirstClick.OPENING, rng)
        yield DealProgress(attempt, 0, cells)
        current = _Attempt(geo, mines, positions, first, count_rule)
        settle = _settle(current, rng)
        while True:
            try:
                next(settle)
            except StopIteration as stop:
                done = bool(stop.value)
                break
            yield DealProgress(attempt, current.kn.opened + current.kn.known_mines, cells)
        total_perturbations += current.perturbations
        if done:
            return current.positions(), True, attempt, total_perturbations
        current.solve_afresh()
        if best is None or current.kn.opened > best[0]:
            best = (current.kn.opened, current.positions())
    assert best is not None
    return best[1], False, MAX_ATTEMPTS, total_perturbations


def no_guess(
    rows: int, cols: int, mines: int, first_cell: Cell, seed: int, count_rule: bool = True
) -> NoGuess:
    """A no-guess board as a value: the same arguments always give the same board
    (``count_rule`` False: cleared without the total mine count, see positions_steps)."""
    geo = Geometry(rows, cols)
    first = geo.index(*first_cell)
    positions, guaranteed, attempts, perturbations = no_guess_positions(
        geo, mines, first, random.Random(seed), count_rule
    )
    field = Minefield(rows, cols, map(geo.cell, positions))
    return NoGuess(field, guaranteed, attempts, perturbations)


def positions_steps(
    geo: Geometry,
    mines: int,
    first: int,
    rule: FirstClick,
    seed: int | None,
    count_rule: bool = True,
) -> Steps:
    """Where the mines of a game go, dealt from its seed around its first cell under
    its first-click rule, a step at a time (a DealProgress after each; ``finish`` runs
    them all); for a no-guess board, whether logic is proved to clear it (None for the
    other rules). ``count_rule`` False: a no-guess board logic clears from the numbers
    alone, without the total mine count (the strong no-guess and strong guessable
    modes: ms-toollib's is_solvable, Metasweeper's laymine_solvable, accepts exactly
    such boards)."""
    rng = random.Random(seed)
    if rule is FirstClick.NOGUESS:
        positions, proved, _, _ = yield from no_guess_steps(geo, mines, first, rng, count_rule)
        return positions, proved
    yield DealProgress(1, 0, geo.cells)
    return place_mines(geo, mines, first, rule, rng), None
