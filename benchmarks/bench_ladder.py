"""The ladder (game/core/ladder.py): its difficulty figures, and the time to deal a level.

Run: python benchmarks/bench_ladder.py [--quick]

Prints the solver's rating (rating.py: the hardest rule needed, the steps of each
kind, the score) of the ladder's first, 50th and 100th levels, and the score's
average by tens of levels. Then the time to make one of the ladder's Expert-sized
levels (levels 66 to 100: its mines placed by the no-guess generator from its seed
and start cell, and its rating) beside the yardstick: a no-guess Expert board
(16x30, 99 mines) as the game deals one today, timed in the same run, each board
from a different seed, medians compared. A benchmark, not a test: it asserts
nothing.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.generate import no_guess
from game.core.ladder import LEVELS, level, rating

EXPERT_LEVELS = range(66, LEVELS + 1)


def time_levels(rounds: int) -> list[float]:
    """Seconds to make each of the ladder's Expert levels (mines and rating)."""
    times = []
    for _ in range(rounds):
        for number in EXPERT_LEVELS:
            start = time.perf_counter()
            rating(level(number))
            times.append(time.perf_counter() - start)
    return times


def time_expert(boards: int) -> list[float]:
    """Seconds to deal each of ``boards`` no-guess Expert boards (the yardstick)."""
    times = []
    for seed in range(boards):
        start = time.perf_counter()
        no_guess(16, 30, 99, (8, 15), 1000 + seed)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    quick = "--quick" in sys.argv
    print(f"Python {sys.version.split()[0]}\n")
    print("The ladder's difficulty (the solver's rating, from each level's start cell):")
    for number in (1, 50, 100):
        rung = level(number)
        found = rating(rung)
        print(
            f"  level {number:>3} ({rung.rows}x{rung.cols}, {rung.mines} mines): "
            f"score {found.score:>4}; {found.describe()}"
        )
    scores = [rating(level(number)).score for number in range(1, LEVELS + 1)]
    tens = [statistics.mean(scores[i : i + 10]) for i in range(0, LEVELS, 10)]
    print("  average score by tens of levels: " + ", ".join(f"{t:.0f}" for t in tens))
    rounds = 1 if quick else 3
    levels = [t * 1000 for t in time_levels(rounds)]
    expert = [t * 1000 for t in time_expert(len(levels))]
    print(
        f"\nMaking a ladder level of Expert size (levels 66-100, {len(levels)} makes): "
        f"median {statistics.median(levels):.1f} ms, max {max(levels):.1f} ms"
    )
    print(
        f"Yardstick, a no-guess Expert board today ({len(expert)} seeds): "
        f"median {statistics.median(expert):.1f} ms, max {max(expert):.1f} ms"
    )


if __name__ == "__main__":
    main()
