"""The cost of a recursive chord (game/core/chain.py: chord recursion, EVF's mode 11)
beside the same cells opened by standard chords, one call of the engine a number, in
the same run. A benchmark, not a test.

The board is the worst case for a chain: N x N, rows of flagged mines and rows of safe
cells in turn, each mine row with one gap at alternate ends, so every safe cell is a
number and one path of numbers runs through half the board; (1, 0) is opened. One
chord there opens every safe cell, each chord of the chain opening one or two: about
N * N / 2 chords deep. The yardstick chords the same numbers one at a time in the
standard mode, in the order they open (what a player would have to click).

Run: python benchmarks/bench_recursion.py [--size N] [--runs R]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.snake_board import snake
from game.core.status import Status


def chained(n: int) -> tuple[float, int]:
    """Seconds for the one recursive chord, and the cells it opened."""
    game = snake(n, "chord")
    start = time.perf_counter()
    delta = game.chord(1, 0)
    took = time.perf_counter() - start
    assert game.status is Status.WON
    return took, delta.opened


def one_by_one(n: int) -> tuple[float, int]:
    """Seconds for the standard chords of the same numbers, and how many chords."""
    game = snake(n, "none")
    todo = [(1, 0)]
    chords = 0
    start = time.perf_counter()
    while todo:
        delta = game.chord(*todo.pop())
        chords += 1
        todo.extend(delta.changed)
    took = time.perf_counter() - start
    assert game.status is Status.WON
    return took, chords


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    n = args.size
    ours = [chained(n) for _ in range(args.runs)]
    base = [one_by_one(n) for _ in range(args.runs)]
    took = statistics.median(t for t, _ in ours)
    yard = statistics.median(t for t, _ in base)
    opened, chords = ours[0][1], base[0][1]
    print(
        f"{n}x{n}: one recursive chord opens {opened} cells in {took:.2f} s"
        f" (median of {args.runs})   standard chords, one call a number ({chords} calls):"
        f" {yard:.2f} s   x{took / yard:.2f}"
    )


if __name__ == "__main__":
    main()
