"""What logic alone finds on a board, in the order a player finds it.

``Knowledge`` propagates single numbers (all mines found, so the rest is safe; as
many hidden cells as mines missing, so all are mines), then pairs of numbers
(subset and overlap), then the total mine count. It works on flat padded arrays
(board.py's Geometry) with a work list of the numbers whose surroundings changed,
so the no-guess generator (generate.py) can run it incrementally while it opens
cells: there an *oracle* (the true counts) tells the number of every cell logic
proves safe. With ``explain`` each fact is kept as a Deduction in words
(reasons.py).
"""

from __future__ import annotations

from collections import deque

from game.core import reasons
from game.core.board import Geometry
from game.core.delta import Cell
from game.core.errors import ViewError
from game.core.reasons import Reason
from game.core.record import Record, put

__all__ = ["BORDER", "MINE", "OPEN", "SAFE", "UNKNOWN", "Deduction", "Knowledge"]

# Cell states in Knowledge.state.
UNKNOWN = 0
OPEN = 1  # opened: its number is known
SAFE = 2  # proved safe, not opened (its number is unknown)
MINE = 3  # proved a mine
BORDER = 4  # the sentinel ring around the board


class _Contradiction(Exception):
    """Raised inside the rules when no layout fits."""


class Deduction(Record):
    """One certain fact and why: ``cell`` is a mine (``is_mine``) or safe; ``reason``:
    why, in words (English as a str; game.language.shown says it in the player's);
    ``premises``: the opened numbers the reason uses (empty for the total mine count
    alone); ``rule``: 'single', 'pair', 'count' (the total mine count) or
    'enumeration'."""

    __slots__ = ("cell", "is_mine", "premises", "reason", "rule")
    cell: Cell
    is_mine: bool
    reason: Reason
    premises: tuple[Cell, ...]
    rule: str

    def __init__(
        self, cell: Cell, is_mine: bool, reason: Reason, premises: tuple[Cell, ...], rule: str
    ) -> None:
        # (a judged game makes thousands)
        put(self, "cell", cell)
        put(self, "is_mine", is_mine)
        put(self, "reason", reason)
        put(self, "premises", premises)
        put(self, "rule", rule)


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
        "count_rule",
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
        count_rule: bool = True,
    ) -> None:
        self.geo = geo
        self.count_rule = count_rule
        """The total mine count is used (False: the numbers alone, as ms-toollib's
        is_solvable judges a board)."""
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

    def assume(self, i: int, is_mine: bool) -> None:
        """Take the unknown cell i as a mine or as safe: a supposition (fate.py searches
        for a layout this way); run() then says whether anything still fits."""
        self._learn(i, is_mine, ("assume",))

    def copy(self) -> Knowledge:
        """An independent copy, to suppose something of without changing this one (no
        oracle, no deductions kept)."""
        assert self.count is None and self.deductions is None
        other = Knowledge.__new__(Knowledge)
        other.geo, other.mines, other.count, other.oracle = self.geo, self.mines, None, False
        other.count_rule = self.count_rule
        other.deductions = None
        other.state, other.number = bytearray(self.state), bytearray(self.number)
        other.unknown, other.known_mines, other.opened = self.unknown, self.known_mines, self.opened
        other._dirty, other._in_dirty = deque(self._dirty), bytearray(self._in_dirty)
        other._pair_dirty, other._box = set(self._pair_dirty), self._box
        return other

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
        if not self.count_rule or not self.unknown or 0 < left < self.unknown:
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
        target = reasons.cell_name(cell(i))
        kind = why[0]
        premises: tuple[Cell, ...]
        if kind == "single":
            _, n, unknown, left = why
            assert isinstance(n, int) and isinstance(unknown, list) and isinstance(left, int)
            premises = (cell(n),)
            cleared = any(self.state[n + o] == SAFE for o in self.geo.offsets)
            reason = reasons.single_reason(
                self._the(n),
                self.number[n],
                left,
                self._known_around(n, unknown),
                [cell(j) for j in unknown],
                cleared,
                target,
                is_mine,
            )
        elif kind == "pair":
            _, a, ua, ra, b, ub, rb = why
            assert isinstance(a, int) and isinstance(b, int)
            assert isinstance(ua, list) and isinstance(ub, list)
            assert isinstance(ra, int) and isinstance(rb, int)
            premises = (cell(a), cell(b))
            shared = set(ua) & set(ub)
            x_lo = max(0, ra - (len(ua) - len(shared)), rb - (len(ub) - len(shared)))
            x_hi = min(ra, rb, len(shared))
            reason = reasons.pair_reason(
                self._needs(a, ra, ua),
                self._needs(b, rb, ub),
                [cell(j) for j in shared],
                x_lo if (i in shared) == is_mine else None,
                x_hi,
                target,
                is_mine,
            )
        else:
            _, left, hidden = why
            assert isinstance(left, int) and isinstance(hidden, int)
            premises = ()
            reason = reasons.count_reason(is_mine, left, hidden, self.mines, target)
        self.deductions.append(Deduction(cell(i), is_mine, reason, premises, str(kind)))

    def _known_around(self, n: int, unknown: list[int]) -> list[Cell]:
        """The mines known around number ``n`` when a rule read it (``unknown``: its
        cells unknown then, some of them learned by the same rule since: not known
        to it, as its reason must say)."""
        return [
            self.geo.cell(n + o)
            for o in self.geo.offsets
            if self.state[n + o] == MINE and n + o not in unknown
        ]

    def _the(self, n: int) -> Reason:
        return reasons.the_number(self.number[n], self.geo.cell(n))

    def _needs(self, n: int, left: int, unknown: list[int]) -> Reason:
        return reasons.needs(
            self._the(n), left, bool(self._known_around(n, unknown)), map(self.geo.cell, unknown)
        )
