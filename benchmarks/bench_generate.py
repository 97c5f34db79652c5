"""No-guess generation and solver speed, each figure beside a yardstick.

Run: python benchmarks/bench_generate.py [--quick]

The yardstick is the plain way to get a no-guess board: draw random layouts (the
first click's 3x3 area kept free) until one is cleared by logic from the first
click, with an attempt cap. It uses the same solver (generate.solve_from), is
timed in the same run on the same machine, and so says how much the perturbation
(Tatham's method, generate.py) buys. This is a benchmark, not a test: it asserts
nothing.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.board import FirstClick, Geometry, place_mines
from game.core.game import Game
from game.core.generate import no_guess, solve_from
from game.core.minefield import Minefield
from game.core.solver import analyse

BOARDS = [
    # name, rows, cols, mines, (median target ms, p95 target ms), yardstick cap
    ("Beginner 9x9/10", 9, 9, 10, (2.0, None), 2000),
    ("Intermediate 16x16/40", 16, 16, 40, (None, None), 2000),
    ("Expert 16x30/99", 16, 30, 99, (50.0, 300.0), 2000),
    ("16x30/170", 16, 30, 170, (1000.0, None), 300),
]


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def rejection(rows: int, cols: int, mines: int, click: tuple[int, int], seed: int, cap: int) -> int:
    """Random layouts until one is clear by logic; the attempts it took (0: none in cap)."""
    rng = random.Random(seed)
    geo = Geometry(rows, cols)
    first = geo.index(*click)
    for attempt in range(1, cap + 1):
        positions = place_mines(geo, mines, first, FirstClick.OPENING, rng)
        field = Minefield(rows, cols, map(geo.cell, positions))
        if solve_from(field, click).cleared:
            return attempt
    return 0


def time_no_guess(rows: int, cols: int, mines: int, seeds: int) -> tuple[list[float], int]:
    times = []
    fallbacks = 0
    for seed in range(seeds):
        click = (seed % rows, seed * 7 % cols)
        start = time.perf_counter()
        made = no_guess(rows, cols, mines, click, seed)
        times.append(time.perf_counter() - start)
        fallbacks += not made.guaranteed
    return times, fallbacks


def time_rejection(
    rows: int, cols: int, mines: int, boards: int, cap: int
) -> tuple[list[float], int, int]:
    times = []
    failures = 0
    attempts = 0
    for seed in range(boards):
        click = (seed % rows, seed * 7 % cols)
        start = time.perf_counter()
        took = rejection(rows, cols, mines, click, seed, cap)
        times.append(time.perf_counter() - start)
        failures += took == 0
        attempts += took or cap
    return times, failures, attempts


def analyse_times(games: int) -> list[float]:
    """analyse() on every position of Expert no-guess games played by its own safe cells."""
    times = []
    for seed in range(games):
        game = Game.new(16, 30, 99, seed=seed, first_click="noguess")
        game.reveal(8, 15)
        while game.status.name == "PLAYING":
            start = time.perf_counter()
            a = analyse(game.view(), 99)
            times.append(time.perf_counter() - start)
            hidden = [c for c in sorted(a.safe) if game.look(*c).name == "HIDDEN"]
            if not hidden:
                break
            for cell in hidden:
                game.reveal(*cell)
    return times


def main() -> None:
    quick = "--quick" in sys.argv
    scale = 0.2 if quick else 1.0
    print(f"Python {sys.version.split()[0]}; times in ms; yardstick: rejection sampling\n")
    head = f"{'board':<22} {'no-guess median':>15} {'p95':>8} {'max':>8}  {'target':<22}"
    print(head + f" {'rejection median':>16} {'p95':>9}  failed/boards")
    for name, rows, cols, mines, (median_target, p95_target), cap in BOARDS:
        seeds = max(10, int((300 if rows * cols < 300 else 150) * scale))
        times, fallbacks = time_no_guess(rows, cols, mines, seeds)
        ms = [t * 1000 for t in times]
        target = []
        if median_target is not None:
            target.append(f"median < {median_target:g}")
        if p95_target is not None:
            target.append(f"p95 < {p95_target:g}")
        boards = max(5, int((60 if mines < 150 else 5) * scale))
        rtimes, failures, _ = time_rejection(rows, cols, mines, boards, cap)
        rms = [t * 1000 for t in rtimes]
        print(
            f"{name:<22} {statistics.median(ms):15.1f} {percentile(ms, 0.95):8.1f} "
            f"{max(ms):8.1f}  {', '.join(target) or '-':<22} "
            f"{statistics.median(rms):16.1f} {percentile(rms, 0.95):9.1f}  "
            f"{failures}/{boards} (cap {cap})"
        )
        if fallbacks:
            print(f"  ({fallbacks} of {seeds} no-guess boards fell back to an unproved board)")
    times = analyse_times(3 if quick else 10)
    ms = [t * 1000 for t in times]
    print(
        f"\nanalyse() on {len(ms)} Expert positions: median {statistics.median(ms):.2f} ms, "
        f"p95 {percentile(ms, 0.95):.2f} ms, max {max(ms):.2f} ms"
    )


if __name__ == "__main__":
    main()
