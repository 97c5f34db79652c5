"""The solver: what logic alone says about a board as the player sees it.

    from game.core.solver import analyse
    a = analyse(game.view(), game.mines)
    a.safe, a.mines            # cells safe / mined in every layout that fits
    a.probability[(3, 4)]      # an exact Fraction
    a.deductions[0].reason     # "the 1 at row 3, column 5 already touches ..."

Only the opened numbers and the total mine count are evidence. Flags and question
marks are the player's opinions: the solver reads them as hidden cells.

The work has two halves:

- ``Knowledge`` propagates what a player can find, in the order a player finds
  it: single numbers (all mines found, so the rest is safe; as many hidden cells as
  mines missing, so all are mines), then pairs of numbers (subset and overlap),
  then the total mine count. It works on flat padded arrays (board.py's
  Geometry) with a work list of the numbers whose surroundings changed, so the
  no-guess generator (generate.py) can run it incrementally while it opens
  cells: there an *oracle* (the true counts) tells the number of every cell
  logic proves safe.
- ``analyse`` then counts the layouts that fit what is left: the hidden cells
  next to numbers (the frontier) split into independent groups, each group's
  solutions are enumerated by backtracking over classes of cells that touch the
  same numbers (with binomial weights), counted by number of mines, and the groups
  are combined with the cells off the frontier, weighted by
  ``comb(off_frontier, mines_left)``, in exact integers. A group with too many
  layouts to list (BACKTRACK_NODES) is counted instead by a dynamic programme
  over its classes whose states are the needs of the numbers still open, so its
  cost follows the frontier's width, not its layouts. A work budget bounds both;
  a group that exceeds it gets a local approximation and the analysis says
  ``exact=False``.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from game.core.board import Geometry
from game.core.delta import Cell
from game.core.errors import GameError

__all__ = [
    "Analysis",
    "Deduction",
    "Hint",
    "Knowledge",
    "ViewError",
    "analyse",
    "cell_name",
]

# Cell states in Knowledge.state.
UNKNOWN = 0
OPEN = 1  # opened: its number is known
SAFE = 2  # proved safe, not opened (its number is unknown)
MINE = 3  # proved a mine
BORDER = 4  # the sentinel ring around the board

DEFAULT_BUDGET = 200_000
"""Work analyse may spend counting layouts before it approximates: backtracking
nodes, and for the dynamic programme the integer operations on its polynomials."""

BACKTRACK_NODES = 20_000
"""Nodes one group may spend in plain backtracking before the dynamic programme
takes over (backtracking is faster on small groups, the programme on long ones)."""

_HIDDEN_CHARS = frozenset("#F?*!X")


class ViewError(GameError):
    """A view that is not a board, or that no layout of mines fits."""


class _Contradiction(Exception):
    """Raised inside the solver when no layout fits."""


class _OverBudget(Exception):
    """Raised inside the enumeration when it has spent its node budget."""


@dataclass(frozen=True)
class Deduction:
    """One certain fact and why: ``cell`` is a mine (``is_mine``) or safe."""

    cell: Cell
    is_mine: bool
    reason: str
    premises: tuple[Cell, ...]
    """The opened numbers the reason uses (empty for the total mine count alone)."""
    rule: str
    """'single', 'pair', 'count' (the total mine count) or 'enumeration'."""


@dataclass(frozen=True)
class Hint:
    """What Game.hint() offers: a certain cell with its reason, or the safest cell."""

    cell: Cell
    is_mine: bool
    reason: str
    premises: tuple[Cell, ...]
    probability: Fraction
    """The chance that ``cell`` is a mine: 0 or 1 for a certain one."""


@dataclass(frozen=True)
class Analysis:
    """What the numbers and the mine count say about every hidden cell."""

    safe: frozenset[Cell]
    mines: frozenset[Cell]
    probability: dict[Cell, Fraction] = field(compare=False)
    deductions: tuple[Deduction, ...]
    exact: bool


def cell_name(cell: Cell) -> str:
    """A cell as a person says it: 'row 3, column 5' (counted from 1)."""
    return f"row {cell[0] + 1}, column {cell[1] + 1}"


def _cells_text(cells: Iterable[Cell]) -> str:
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


def _mines_word(n: int) -> str:
    return "1 mine" if n == 1 else f"{n} mines"


class Knowledge:
    """What logic knows about a board, propagated rule by rule.

    ``state`` holds one of UNKNOWN, OPEN, SAFE, MINE per padded cell (BORDER on the
    sentinel ring) and ``number`` the number of each OPEN cell. With an oracle
    (the true mine counts, for the generator) every cell proved safe is opened at
    once, zeros cascading; without one it is only marked SAFE. With ``explain``
    every fact learnt is recorded as a Deduction with its reason.
    """

    __slots__ = (
        "_box",
        "_dirty",
        "_in_dirty",
        "_pair_dirty",
        "count",
        "deductions",
        "geo",
        "known_mines",
        "mines",
        "number",
        "opened",
        "oracle",
        "state",
        "unknown",
    )

    def __init__(
        self,
        geo: Geometry,
        mines: int,
        *,
        oracle: bytearray | None = None,
        explain: bool = False,
    ) -> None:
        self.geo = geo
        self.mines = mines
        self.state = bytearray(geo.interior.translate(bytes([BORDER, UNKNOWN]) + bytes(254)))
        self.number = bytearray(geo.size)
        self.count = oracle
        self.oracle = oracle is not None
        self.deductions: list[Deduction] | None = [] if explain else None
        self.unknown = geo.cells
        self.known_mines = 0
        self.opened = 0
        self._dirty: deque[int] = deque()
        self._in_dirty = bytearray(geo.size)
        self._pair_dirty: set[int] = set()
        w = geo.width
        self._box = tuple(dr * w + dc for dr in range(-2, 3) for dc in range(-2, 3) if dr or dc)

    # ------------------------------------------------------------ changing what is known

    def _touch(self, i: int) -> None:
        """The cells around i changed: every opened number there is checked again."""
        state, in_dirty = self.state, self._in_dirty
        for o in self.geo.offsets:
            n = i + o
            if state[n] == OPEN and not in_dirty[n]:
                in_dirty[n] = 1
                self._dirty.append(n)

    def set_open(self, i: int, value: int) -> None:
        """Cell i is open and shows value."""
        if self.state[i] == UNKNOWN:
            self.unknown -= 1
        self.state[i] = OPEN
        self.number[i] = value
        self.opened += 1
        if not self._in_dirty[i]:
            self._in_dirty[i] = 1
            self._dirty.append(i)
        self._touch(i)

    def reveal(self, i: int) -> None:
        """Open a safe cell with the oracle's count; a zero opens its neighbours too."""
        count = self.count
        assert count is not None
        state = self.state
        stack = [i]
        offsets = self.geo.offsets
        while stack:
            j = stack.pop()
            if state[j] not in (UNKNOWN, SAFE):
                continue
            value = count[j]
            self.set_open(j, value)
            if value == 0:
                stack.extend(j + o for o in offsets if state[j + o] in (UNKNOWN, SAFE))

    def _learn(self, i: int, is_mine: bool, why: tuple[object, ...]) -> None:
        if self.state[i] != UNKNOWN:
            return
        if self.deductions is not None:
            self._record(i, is_mine, why)
        if is_mine:
            self.state[i] = MINE
            self.known_mines += 1
            self.unknown -= 1
            self._touch(i)
        elif self.oracle:
            self.reveal(i)
        else:
            self.state[i] = SAFE
            self.unknown -= 1
            self._touch(i)

    def changed(self, i: int) -> None:
        """The oracle's counts around cell i changed (the generator moved a mine)."""
        count = self.count
        assert count is not None
        for o in self.geo.offsets:
            n = i + o
            if self.state[n] == OPEN:
                self.number[n] = count[n]
        self._touch(i)

    # ------------------------------------------------------------ the rules

    def around(self, n: int) -> tuple[list[int], int]:
        """The unknown neighbours of the opened number n, and how many mines they hold."""
        state = self.state
        unknown = []
        found = 0
        for o in self.geo.offsets:
            j = n + o
            s = state[j]
            if s == UNKNOWN:
                unknown.append(j)
            elif s == MINE:
                found += 1
        return unknown, self.number[n] - found

    def run(self) -> None:
        """Propagate until no rule finds anything more; raises ViewError when no
        layout fits what is known."""
        try:
            while self._singles() or self._pairs() or self._count():
                pass
        except _Contradiction:
            raise ViewError("no layout of mines fits this view") from None

    def _singles(self) -> bool:
        """Every number on the work list alone. True if anything was learnt."""
        dirty, in_dirty, state = self._dirty, self._in_dirty, self.state
        learnt = False
        while dirty:
            n = dirty.popleft()
            in_dirty[n] = 0
            if state[n] != OPEN:
                continue
            unknown, left = self.around(n)
            if left < 0 or left > len(unknown):
                raise _Contradiction
            if not unknown:
                self._pair_dirty.discard(n)
                continue
            if left == 0 or left == len(unknown):
                mine = left != 0
                for j in unknown:
                    self._learn(j, mine, ("single", n, unknown, left))
                learnt = True
            else:
                self._pair_dirty.add(n)
        return learnt

    def _pairs(self) -> bool:
        """Two numbers that share hidden cells, for each number that changed since it
        was last compared. Stops at the first pair that teaches something."""
        state = self.state
        for a in sorted(self._pair_dirty):
            if state[a] != OPEN:
                self._pair_dirty.discard(a)
                continue
            ua_list, ra = self.around(a)
            if not ua_list:
                self._pair_dirty.discard(a)
                continue
            ua = set(ua_list)
            for o in self._box:
                b = a + o
                if b < 0 or b >= len(state) or state[b] != OPEN:
                    continue
                ub_list, rb = self.around(b)
                ub = set(ub_list)
                inter = ua & ub
                if not inter or (ua <= ub and ub <= ua):
                    continue
                only_a, only_b = ua - inter, ub - inter
                d = rb - ra
                # ma = mines in only_a, mb = ma + d in only_b, x = ra - ma in inter.
                lo = max(0, -d, ra - len(inter))
                hi = min(len(only_a), len(only_b) - d, ra)
                if lo > hi:
                    raise _Contradiction
                found: list[tuple[set[int], bool]] = []
                if only_a and hi == 0:
                    found.append((only_a, False))
                if only_a and lo == len(only_a):
                    found.append((only_a, True))
                if only_b and hi + d == 0:
                    found.append((only_b, False))
                if only_b and lo + d == len(only_b):
                    found.append((only_b, True))
                if ra - lo == 0:
                    found.append((inter, False))
                if ra - hi == len(inter):
                    found.append((inter, True))
                if found:
                    why = ("pair", a, ua_list, ra, b, ub_list, rb)
                    for cells, mine in found:
                        for j in sorted(cells):
                            self._learn(j, mine, why)
                    return True
            self._pair_dirty.discard(a)
        return False

    def _count(self) -> bool:
        """The total mine count: no mine left, or as many mines left as hidden cells."""
        left = self.mines - self.known_mines
        if left < 0 or left > self.unknown:
            raise _Contradiction
        if not self.unknown or 0 < left < self.unknown:
            return False
        mine = left > 0
        cells = self.unknown_cells()
        for j in cells:
            self._learn(j, mine, ("count", left, len(cells)))
        return True

    def unknown_cells(self) -> list[int]:
        """Every cell nothing is known about, in board order."""
        state = self.state
        cells = []
        j = state.find(UNKNOWN)
        while j != -1:
            cells.append(j)
            j = state.find(UNKNOWN, j + 1)
        return cells

    # ------------------------------------------------------------ the words

    def _record(self, i: int, is_mine: bool, why: tuple[object, ...]) -> None:
        assert self.deductions is not None
        cell = self.geo.cell
        target = cell_name(cell(i))
        verdict = "is a mine" if is_mine else "is safe"
        kind = why[0]
        premises: tuple[Cell, ...]
        if kind == "single":
            _, n, unknown, left = why
            assert isinstance(n, int) and isinstance(unknown, list) and isinstance(left, int)
            premises = (cell(n),)
            reason = self._single_reason(n, unknown, left, target, verdict)
        elif kind == "pair":
            _, a, ua, ra, b, ub, rb = why
            assert isinstance(a, int) and isinstance(b, int)
            assert isinstance(ua, list) and isinstance(ub, list)
            assert isinstance(ra, int) and isinstance(rb, int)
            premises = (cell(a), cell(b))
            shared = set(ua) & set(ub)
            x_lo = max(0, ra - (len(ua) - len(shared)), rb - (len(ub) - len(shared)))
            x_hi = min(ra, rb, len(shared))
            if (i in shared) == is_mine:
                hold = f"must hold at least {_mines_word(x_lo)}"
            else:
                hold = f"can hold at most {_mines_word(x_hi)}"
            reason = (
                f"{self._needs(a, ra, ua)}, and {self._needs(b, rb, ub)}; the cells they "
                f"share ({_cells_text(map(cell, shared))}) {hold}, so {target} {verdict}"
            )
        else:
            _, left, hidden = why
            assert isinstance(left, int)
            premises = ()
            if is_mine:
                reason = (
                    f"the {_mines_word(left)} left fill exactly the {hidden} hidden "
                    f"cell{'s' if hidden != 1 else ''} nothing else is known about, "
                    f"so {target} is a mine"
                )
            else:
                reason = f"all {self.mines} mines are accounted for, so {target} is safe"
        self.deductions.append(Deduction(cell(i), is_mine, reason, premises, str(kind)))

    def _known_around(self, n: int) -> list[Cell]:
        return [self.geo.cell(n + o) for o in self.geo.offsets if self.state[n + o] == MINE]

    def _the(self, n: int) -> str:
        return f"the {self.number[n]} at {cell_name(self.geo.cell(n))}"

    def _needs(self, n: int, left: int, unknown: list[int]) -> str:
        known = self._known_around(n)
        more = " more" if known else ""
        return (
            f"{self._the(n)} needs {left}{more} {'mine' if left == 1 else 'mines'} among "
            f"{_cells_text(map(self.geo.cell, unknown))}"
        )

    def _single_reason(
        self, n: int, unknown: list[int], left: int, target: str, verdict: str
    ) -> str:
        known = self._known_around(n)
        value = self.number[n]
        hidden = _cells_text(map(self.geo.cell, unknown))
        if left == 0:
            if value == 0:
                return f"{self._the(n)} touches no mine, so {target} is safe"
            its = "its mine" if value == 1 else f"all {value} of its mines"
            return (
                f"{self._the(n)} already touches {its} at {_cells_text(known)}, so {target} is safe"
            )
        plural = len(unknown) != 1
        cleared = any(self.state[n + o] == SAFE for o in self.geo.offsets)
        if cleared:
            rest = (
                f"of the hidden cells around it, only {hidden} {'are' if plural else 'is'} "
                f"not known to be safe"
            )
        else:
            rest = f"it has exactly {len(unknown)} hidden cell{'s' if plural else ''} ({hidden})"
        if known:
            return (
                f"{self._the(n)} touches {_mines_word(len(known))} already found at "
                f"{_cells_text(known)} and needs {left} more; {rest}, so {target} {verdict}"
            )
        return f"{self._the(n)} needs {_mines_word(left)}; {rest}, so {target} {verdict}"


# ---------------------------------------------------------------- counting layouts


class _Group:
    """One independent part of the frontier, enumerated as classes of cells."""

    __slots__ = ("approx", "classes", "exact", "mine_weights", "numbers", "weights")

    def __init__(self) -> None:
        self.classes: list[list[int]] = []  # cells touching the same numbers
        self.numbers: list[int] = []  # the opened numbers this group touches
        self.weights: list[int] = []  # weights[k]: layouts with k mines
        self.mine_weights: list[list[int]] = []  # [class][k]: sum of w * mines in class
        self.exact = True
        self.approx: dict[int, Fraction] = {}


def _enumerate(
    group: _Group,
    constraints: list[tuple[list[int], int]],
    cons_ids: list[list[int]],
    budget: list[int],
) -> None:
    """Fill group.weights and group.mine_weights by backtracking; raises _OverBudget."""
    classes = group.classes
    sizes = [len(c) for c in classes]
    # Number ids local to this group.
    local: dict[int, int] = {}
    for ids in cons_ids:
        for c in ids:
            local.setdefault(c, len(local))
    need = [0] * len(local)
    left = [0] * len(local)
    for c, k in local.items():
        need[k] = constraints[c][1]
        left[k] = len(constraints[c][0])
    ccons = [[local[c] for c in ids] for ids in cons_ids]
    total_cells = sum(sizes)
    weights = [0] * (total_cells + 1)
    mine_weights = [[0] * (total_cells + 1) for _ in classes]
    assign = [0] * len(classes)
    n_classes = len(classes)
    comb = math.comb
    remaining = budget

    def rec(p: int, k: int, w: int) -> None:
        if p == n_classes:
            weights[k] += w
            for q in range(n_classes):
                m = assign[q]
                if m:
                    mine_weights[q][k] += w * m
            return
        g = sizes[p]
        cs = ccons[p]
        lo, hi = 0, g
        for c in cs:
            nc = need[c]
            if nc < hi:
                hi = nc
            floor = nc - (left[c] - g)
            if floor > lo:
                lo = floor
        for m in range(lo, hi + 1):
            remaining[0] -= 1
            if remaining[0] < 0:
                raise _OverBudget
            for c in cs:
                need[c] -= m
                left[c] -= g
            assign[p] = m
            rec(p + 1, k + m, w * comb(g, m))
            for c in cs:
                need[c] += m
                left[c] += g
        assign[p] = 0

    rec(0, 0, 1)
    group.weights = weights
    group.mine_weights = mine_weights


def _enumerate_dp(
    group: _Group,
    constraints: list[tuple[list[int], int]],
    cons_ids: list[list[int]],
    budget: list[int],
) -> None:
    """The same counts as _enumerate, by a dynamic programme over the classes in order.

    After the first p classes are assigned, what the rest can do depends only on
    the mines still needed by the numbers that touch classes on both sides (the
    open numbers): that tuple is the state. A forward pass keeps, per state, the
    weights of the prefixes leading to it (a polynomial: coefficient k = weight with
    k mines); a backward pass the weights of the suffixes that complete it. A
    class's mine weights are then sums of forward x backward products. The work
    grows with the number of states, not of layouts, so long thin frontiers that
    have millions of layouts stay cheap. Raises _OverBudget.
    """
    classes = group.classes
    n = len(classes)
    sizes = [len(c) for c in classes]
    local: dict[int, int] = {}
    for ids in cons_ids:
        for c in ids:
            local.setdefault(c, len(local))
    need0 = [0] * len(local)
    for c, k in local.items():
        need0[k] = constraints[c][1]
    ccons = [[local[c] for c in ids] for ids in cons_ids]
    first = [n] * len(local)
    last = [-1] * len(local)
    for p, cs in enumerate(ccons):
        for j in cs:
            first[j] = min(first[j], p)
            last[j] = max(last[j], p)
    # Cells of later classes each number can still use, after class p.
    cap_after: list[list[int]] = []
    for p, cs in enumerate(ccons):
        cap_after.append(
            [sum(sizes[q] for q in range(p + 1, last[j] + 1) if j in ccons[q]) for j in cs]
        )
    open_before = [[j for j in range(len(local)) if first[j] < p <= last[j]] for p in range(n + 1)]
    comb = math.comb

    def spend(units: int) -> None:
        budget[0] -= units
        if budget[0] < 0:
            raise _OverBudget

    def add_into(target: list[int], poly: list[int], shift: int, factor: int) -> None:
        end = shift + len(poly)
        if len(target) < end:
            target.extend([0] * (end - len(target)))
        for t, x in enumerate(poly):
            if x:
                target[shift + t] += factor * x

    forward: list[dict[tuple[int, ...], list[int]]] = [{} for _ in range(n + 1)]
    forward[0][()] = [1]
    moves: list[list[tuple[tuple[int, ...], int, tuple[int, ...]]]] = []
    for p in range(n):
        g, cs, caps = sizes[p], ccons[p], cap_after[p]
        before, after = open_before[p], open_before[p + 1]
        here = set(cs)
        step: list[tuple[tuple[int, ...], int, tuple[int, ...]]] = []
        nxt = forward[p + 1]
        for state, poly in forward[p].items():
            cur = dict(zip(before, state, strict=True))
            for j in cs:
                if first[j] == p:
                    cur[j] = need0[j]
            lo, hi = 0, g
            for j, cap in zip(cs, caps, strict=True):
                hi = min(hi, cur[j])
                lo = max(lo, cur[j] - cap)
            for m in range(lo, hi + 1):
                new = tuple(cur[j] - m if j in here else cur[j] for j in after)
                spend(len(poly))
                add_into(nxt.setdefault(new, []), poly, m, comb(g, m))
                step.append((state, m, new))
        moves.append(step)
    backward: list[dict[tuple[int, ...], list[int]]] = [{} for _ in range(n + 1)]
    backward[n][()] = [1]
    for p in range(n - 1, -1, -1):
        g = sizes[p]
        into = backward[p]
        later = backward[p + 1]
        for state, m, new in moves[p]:
            suffix = later.get(new)
            if suffix is not None:
                spend(len(suffix))
                add_into(into.setdefault(state, []), suffix, m, comb(g, m))
    total_cells = sum(sizes)
    weights = [0] * (total_cells + 1)
    for k, x in enumerate(backward[0].get((), [])):
        weights[k] += x
    mine_weights = [[0] * (total_cells + 1) for _ in classes]
    for p in range(n):
        g = sizes[p]
        later = backward[p + 1]
        mw = mine_weights[p]
        for state, m, new in moves[p]:
            suffix = later.get(new)
            if not m or suffix is None:
                continue
            prefix = forward[p][state]
            spend(len(prefix) * len(suffix))
            factor = comb(g, m) * m
            for a, x in enumerate(prefix):
                if x:
                    for b, y in enumerate(suffix):
                        if y:
                            mw[a + b + m] += factor * x * y
    group.weights = weights
    group.mine_weights = mine_weights


def _groups(kn: Knowledge) -> tuple[list[_Group], list[tuple[list[int], int]], list[int]]:
    """Split the frontier into independent groups; returns them, the constraints and the
    unknown cells off the frontier."""
    state = kn.state
    constraints: list[tuple[list[int], int]] = []
    numbers: list[int] = []
    cell_cons: dict[int, list[int]] = {}
    j = state.find(OPEN)
    while j != -1:
        unknown, left = kn.around(j)
        if unknown:
            cid = len(constraints)
            constraints.append((unknown, left))
            numbers.append(j)
            for u in unknown:
                cell_cons.setdefault(u, []).append(cid)
        j = state.find(OPEN, j + 1)
    # Union-find over constraints, joined through shared cells.
    parent = list(range(len(constraints)))

    def root(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for ids in cell_cons.values():
        r0 = root(ids[0])
        for c in ids[1:]:
            r = root(c)
            if r != r0:
                parent[r] = r0
    by_root: dict[int, _Group] = {}
    classes_of: dict[int, dict[tuple[int, ...], list[int]]] = {}
    for u in sorted(cell_cons):
        ids = cell_cons[u]
        r = root(ids[0])
        if r not in by_root:
            by_root[r] = _Group()
            classes_of[r] = {}
        classes_of[r].setdefault(tuple(ids), []).append(u)
    for cid in range(len(constraints)):
        r = root(cid)
        by_root[r].numbers.append(numbers[cid])
    for r, group in by_root.items():
        group.classes = list(classes_of[r].values())
    off = [u for u in kn.unknown_cells() if u not in cell_cons]
    return list(by_root.values()), constraints, off


def _order_classes(
    classes: list[list[int]], keys: list[tuple[int, ...]]
) -> tuple[list[list[int]], list[list[int]]]:
    """Order classes so that each number's classes come close together (breadth first
    over shared numbers): the backtracking closes numbers early and prunes sooner."""
    by_cons: dict[int, list[int]] = {}
    for k, ids in enumerate(keys):
        for c in ids:
            by_cons.setdefault(c, []).append(k)
    seen = [False] * len(classes)
    order: list[int] = []
    for start in range(len(classes)):
        if seen[start]:
            continue
        seen[start] = True
        queue = deque([start])
        while queue:
            k = queue.popleft()
            order.append(k)
            for c in keys[k]:
                for q in by_cons[c]:
                    if not seen[q]:
                        seen[q] = True
                        queue.append(q)
    return [classes[k] for k in order], [list(keys[k]) for k in order]


def _poly_mul(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                if y:
                    out[i + j] += x * y
    return out


def _poly_div(p: list[int], d: list[int]) -> list[int]:
    """p / d for polynomials whose quotient is exact (p was made as d times it)."""
    s = next(i for i, x in enumerate(d) if x)
    lead = d[s]
    n = len(p) - len(d) + 1
    q = [0] * max(n, 1)
    for j in range(n):
        acc = p[j + s]
        for t in range(1, len(d) - s):
            if j - t < 0:
                break
            acc -= d[s + t] * q[j - t]
        q[j] = acc // lead
    return q


def _strip(p: list[int]) -> list[int]:
    end = len(p)
    while end > 1 and not p[end - 1]:
        end -= 1
    return p[:end]


def _probabilities(
    kn: Knowledge, budget: int
) -> tuple[dict[int, Fraction], bool, dict[int, _Group], list[int], dict[int, bool]]:
    """Exact mine probability of every unknown cell (flat index).

    Returns the probabilities, whether they are exact, the group of each frontier
    cell, the off-frontier cells, and the cells certain in every local solution of
    their group (sound even when the whole is approximate).
    """
    groups, constraints, off = _groups(kn)
    spend = [budget]
    exact = True
    cell_ids: dict[int, list[int]] = {}
    for ci, (cells, _) in enumerate(constraints):
        for u in cells:
            cell_ids.setdefault(u, []).append(ci)
    for group in groups:
        keys = [tuple(cell_ids[cls[0]]) for cls in group.classes]
        group.classes, ordered_keys = _order_classes(group.classes, keys)
        done = False
        if len(group.classes) <= 600:  # the backtracking recurses once per class
            allowed = min(BACKTRACK_NODES, spend[0])
            nodes = [allowed]
            try:
                _enumerate(group, constraints, ordered_keys, nodes)
                done = True
            except _OverBudget:
                pass
            spend[0] -= allowed - max(nodes[0], 0)
        if not done:
            try:
                _enumerate_dp(group, constraints, ordered_keys, spend)
                done = True
            except _OverBudget:
                group.exact = False
        if not group.exact:
            exact = False
            for cls in group.classes:
                for u in cls:
                    ratios = [
                        Fraction(constraints[c][1], len(constraints[c][0])) for c in cell_ids[u]
                    ]
                    group.approx[u] = max(ratios)
        elif not any(group.weights):
            raise ViewError("no layout of mines fits this view")
    group_of: dict[int, _Group] = {}
    for group in groups:
        for cls in group.classes:
            for u in cls:
                group_of[u] = group

    left = kn.mines - kn.known_mines
    f = len(off)
    prob: dict[int, Fraction] = {}
    certain: dict[int, bool] = {}
    exact_groups = [g for g in groups if g.exact]
    for group in exact_groups:
        total = sum(group.weights)
        for cls, mw in zip(group.classes, group.mine_weights, strict=True):
            s = sum(mw)
            if s == 0 or s == total * len(cls):
                for u in cls:
                    certain[u] = s != 0
    approx_mines = 0
    for group in groups:
        if not group.exact:
            approx_mines += round(sum(group.approx.values()))
            prob.update(group.approx)
    target = left - approx_mines

    polys = [_strip(g.weights) for g in exact_groups]
    whole = [1]
    for poly in polys:
        whole = _poly_mul(whole, poly)
    comb = math.comb

    def h(j: int) -> int:
        rest = target - j
        return comb(f, rest) if 0 <= rest <= f else 0

    total = sum(w * h(k) for k, w in enumerate(whole))
    if total == 0:
        if exact:
            raise ViewError("no layout of mines fits this view")
        # The approximation left no room: fall back to local ratios everywhere.
        for group in exact_groups:
            tw = sum(group.weights)
            for cls, mw in zip(group.classes, group.mine_weights, strict=True):
                p = Fraction(sum(mw), tw * len(cls))
                for u in cls:
                    prob[u] = p
        frontier = sum(prob.values(), Fraction(0))
        density = Fraction(max(0, min(f, left - round(frontier))), f) if f else Fraction(0)
        for u in off:
            prob[u] = density
        return prob, False, group_of, off, certain
    for group, poly in zip(exact_groups, polys, strict=True):
        rest = _poly_div(whole, poly)
        g_of_k = [sum(q * h(k + kk) for kk, q in enumerate(rest)) for k in range(len(poly))]
        for cls, mw in zip(group.classes, group.mine_weights, strict=True):
            size = len(cls)
            num = sum((mw[k] // size) * g_of_k[k] for k in range(len(poly)))
            p = Fraction(num, total)
            for u in cls:
                prob[u] = p
    if f:
        num = sum(
            w * (comb(f - 1, target - k - 1) if 0 <= target - k - 1 <= f - 1 else 0)
            for k, w in enumerate(whole)
        )
        p = Fraction(num, total)
        for u in off:
            prob[u] = p
    return prob, exact, group_of, off, certain


# ---------------------------------------------------------------- the public entry


def parse_view(view: str) -> tuple[Geometry, list[tuple[int, int]]]:
    """Read a view: its geometry and (flat index, number) of every opened cell."""
    if not isinstance(view, str):
        raise ViewError(f"a view is text; got {type(view).__name__}")
    lines = [line.strip() for line in view.splitlines() if line.strip()]
    if not lines:
        raise ViewError("the view is empty")
    cols = len(lines[0])
    if any(len(line) != cols for line in lines):
        raise ViewError("every row of a view must be as long as the first")
    geo = Geometry(len(lines), cols)
    numbers = []
    for row, line in enumerate(lines):
        base = (row + 1) * geo.width + 1
        for col, ch in enumerate(line):
            if ch == ".":
                numbers.append((base + col, 0))
            elif "1" <= ch <= "8":
                numbers.append((base + col, ord(ch) - 48))
            elif ch not in _HIDDEN_CHARS:
                raise ViewError(f"row {row}, column {col} of the view has an unknown {ch!r}")
    return geo, numbers


def analyse(
    view: str, mines: int, *, budget: int = DEFAULT_BUDGET, explain: bool = True
) -> Analysis:
    """Everything logic says about a view (``Game.view()`` text) with ``mines`` in all.

    Flags and question marks (and the marks of a finished game) count as hidden
    cells. Raises ViewError for text that is not a view, or that no layout fits.
    Without ``explain`` the deductions are left out (the safe cells, mines and
    probabilities are the same), which is several times quicker.
    """
    geo, numbers = parse_view(view)
    if type(mines) is not int or not 0 <= mines <= geo.cells:
        raise ViewError(f"a {geo.rows}x{geo.cols} board cannot hold {mines!r} mines")
    kn = Knowledge(geo, mines, explain=explain)
    for i, value in numbers:
        kn.set_open(i, value)
    kn.run()
    deductions = kn.deductions or []
    prob_flat, exact, group_of, _off, certain = _probabilities(kn, budget)
    cell = geo.cell
    probability: dict[Cell, Fraction] = {}
    safe: set[Cell] = set()
    mined: set[Cell] = set()
    zero, one = Fraction(0), Fraction(1)
    for i in range(geo.size):
        s = kn.state[i]
        if s == SAFE:
            probability[cell(i)] = zero
            safe.add(cell(i))
        elif s == MINE:
            probability[cell(i)] = one
            mined.add(cell(i))
    left = mines - kn.known_mines
    enumerated: list[Deduction] = []
    for i in sorted(prob_flat):
        p = prob_flat[i]
        c = cell(i)
        probability[c] = p
        if exact:
            if p not in (0, 1):
                continue
            is_mine = p == 1
        elif i in certain:
            is_mine = certain[i]
        else:
            continue
        (mined if is_mine else safe).add(c)
        if not explain:
            continue
        group = group_of.get(i)
        verdict = "is a mine" if is_mine else "is safe"
        if group is None:
            premises: tuple[Cell, ...] = ()
            if is_mine:
                reason = (
                    f"the cells beside the numbers cannot hold all {_mines_word(left)} left, "
                    f"so every cell that touches no number, {cell_name(c)} among them, is a mine"
                )
            else:
                reason = (
                    f"the numbers need all {_mines_word(left)} left in the cells beside them, "
                    f"so {cell_name(c)}, which touches no number, is safe"
                )
        else:
            premises = tuple(sorted(cell(n) for n in group.numbers))
            names = [f"the {kn.number[n]} at {cell_name(cell(n))}" for n in sorted(group.numbers)]
            numbers_text = (
                names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
            )
            count_text = "" if not exact else f" and the {_mines_word(left)} left"
            reason = (
                f"no single number or pair settles it, but in every layout that fits "
                f"{numbers_text}{count_text}, {cell_name(c)} {verdict}"
            )
        enumerated.append(
            Deduction(
                c,
                is_mine,
                reason,
                premises,
                "enumeration",
            )
        )
    return Analysis(
        safe=frozenset(safe),
        mines=frozenset(mined),
        probability=probability,
        deductions=(*deductions, *enumerated),
        exact=exact,
    )
