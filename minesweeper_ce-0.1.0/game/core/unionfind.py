"""Disjoint sets over 0..n-1 as a parent list: the one union-find of the engine
(bbbv.py joins zero runs into openings, layouts.py numbers into frontier groups)."""

from __future__ import annotations

__all__ = ["find", "join"]


def find(parent: list[int], x: int) -> int:
    """The representative of x's set (path halving keeps later finds short)."""
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


def join(parent: list[int], a: int, b: int) -> int:
    """Merge the sets of a and b; returns the representative of the merged set
    (b's, when they differ)."""
    x, y = find(parent, a), find(parent, b)
    if x != y:
        parent[x] = y
    return y
