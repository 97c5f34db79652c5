"""The exact chance of a mine in every hidden cell: counting the layouts that fit.

The hidden cells next to numbers (the frontier) split into independent groups;
each group's solutions are enumerated by backtracking over classes of cells that
touch the same numbers (with binomial weights), counted by number of mines, and
the groups are combined with the cells off the frontier, weighted by
``comb(off_frontier, mines_left)``, in exact integers. A group with too many
layouts to list (the caller's ``backtrack_nodes``) is counted instead by a dynamic
programme over its classes whose states are the needs of the numbers still open,
so its cost follows the frontier's width, not its layouts. A work budget bounds
both; a group that exceeds it gets a local approximation and the result says it is
not exact.
"""

from __future__ import annotations

import math
from collections import deque
from typing import TYPE_CHECKING

from game.core.errors import ViewError
from game.core.knowledge import OPEN, Knowledge
from game.core.on_first_use import OnFirstUse
from game.core.unionfind import find, join

if TYPE_CHECKING:
    import fractions
    from fractions import Fraction
else:  # (fractions and decimal, 0.5 MB resident: loaded with the first exact probability)
    fractions = OnFirstUse("fractions")

__all__ = ["Group", "probabilities"]


class _OverBudget(Exception):
    """Raised inside the enumeration when it has spent its node budget."""


class Group:
    """One independent part of the frontier, enumerated as classes of cells."""

    __slots__ = ("approx", "classes", "exact", "mine_weights", "numbers", "weights")

    def __init__(self) -> None:
        self.classes: list[list[int]] = []  # cells touching the same numbers
        self.numbers: list[int] = []  # the opened numbers this group touches
        self.weights: list[int] = []  # weights[k]: layouts with k mines
        self.mine_weights: list[list[int]] = []  # [class][k]: sum of w * mines in class
        self.exact = True
        self.approx: dict[int, Fraction] = {}


def _local_numbers(
    constraints: list[tuple[list[int], int]], cons_ids: list[list[int]]
) -> tuple[list[int], list[int], list[list[int]]]:
    """The group's numbers renumbered from 0 in order of first use: the mines each
    needs, the hidden cells each touches, and each class's numbers by the new ids."""
    local: dict[int, int] = {}
    for ids in cons_ids:
        for c in ids:
            local.setdefault(c, len(local))
    need = [0] * len(local)
    cells = [0] * len(local)
    for c, k in local.items():
        need[k] = constraints[c][1]
        cells[k] = len(constraints[c][0])
    return need, cells, [[local[c] for c in ids] for ids in cons_ids]


def _enumerate(
    group: Group,
    constraints: list[tuple[list[int], int]],
    cons_ids: list[list[int]],
    budget: list[int],
) -> None:
    """Fill group.weights and group.mine_weights by backtracking; raises _OverBudget."""
    classes = group.classes
    sizes = [len(c) for c in classes]
    need, left, ccons = _local_numbers(constraints, cons_ids)
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
    group: Group,
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
    need0, _, ccons = _local_numbers(constraints, cons_ids)
    numbers = len(need0)
    first = [n] * numbers
    last = [-1] * numbers
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
    open_before = [[j for j in range(numbers) if first[j] < p <= last[j]] for p in range(n + 1)]
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


def _groups(kn: Knowledge) -> tuple[list[Group], list[tuple[list[int], int]], list[int]]:
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

    for ids in cell_cons.values():
        for c in ids[1:]:
            join(parent, c, ids[0])
    by_root: dict[int, Group] = {}
    classes_of: dict[int, dict[tuple[int, ...], list[int]]] = {}
    for u in sorted(cell_cons):
        ids = cell_cons[u]
        r = find(parent, ids[0])
        if r not in by_root:
            by_root[r] = Group()
            classes_of[r] = {}
        classes_of[r].setdefault(tuple(ids), []).append(u)
    for cid in range(len(constraints)):
        r = find(parent, cid)
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


def probabilities(
    kn: Knowledge, budget: int, backtrack_nodes: int
) -> tuple[dict[int, Fraction], bool, dict[int, Group], list[int], dict[int, bool]]:
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
            allowed = min(backtrack_nodes, spend[0])
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
                        fractions.Fraction(constraints[c][1], len(constraints[c][0]))
                        for c in cell_ids[u]
                    ]
                    group.approx[u] = max(ratios)
        elif not any(group.weights):
            raise ViewError("no layout of mines fits this view")
    group_of: dict[int, Group] = {}
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
                p = fractions.Fraction(sum(mw), tw * len(cls))
                for u in cls:
                    prob[u] = p
        frontier = sum(prob.values(), fractions.Fraction(0))
        density = (
            fractions.Fraction(max(0, min(f, left - round(frontier))), f)
            if f
            else fractions.Fraction(0)
        )
        for u in off:
            prob[u] = density
        return prob, False, group_of, off, certain
    for group, poly in zip(exact_groups, polys, strict=True):
        rest = _poly_div(whole, poly)
        g_of_k = [sum(q * h(k + kk) for kk, q in enumerate(rest)) for k in range(len(poly))]
        for cls, mw in zip(group.classes, group.mine_weights, strict=True):
            size = len(cls)
            num = sum((mw[k] // size) * g_of_k[k] for k in range(len(poly)))
            p = fractions.Fraction(num, total)
            for u in cls:
                prob[u] = p
    if f:
        num = sum(
            w * (comb(f - 1, target - k - 1) if 0 <= target - k - 1 <= f - 1 else 0)
            for k, w in enumerate(whole)
        )
        p = fractions.Fraction(num, total)
        for u in off:
            prob[u] = p
    return prob, exact, group_of, off, certain
