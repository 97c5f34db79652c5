"""The ladder (game/core/ladder.py): its difficulty figures, and the time to deal a level.

Run: python benchmarks/bench_ladder.py [--quick]

Prints the solver's rating (rating.py: the hardest rule needed, the steps of each
kind, the score) of the ladder's first, 50th and 100th levels, and the score's
average by tens of levels. Then the time to make one of the ladder's Expert-sized
levels (levels 66 to 100: its mines placed by the no-guess generator from its seed
and start cell, as the game deals it; and with its rating too) beside the
yardstick: a no-guess Expert board (16x30, 99 mines) as the game deals one today,
timed in the same run, interleaved, each board from a different seed, medians
compared. A benchmark, not a test: it asserts
nothing.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.board import Geometry
from game.core.generate import no_guess
from game.core.ladder import LEVELS, level, positions, rating
from game.core.rating import rate_positions

EXPERT_LEVELS = range(66, LEVELS + 1)


def time_all(rounds: int) -> tuple[list[float], list[float], list[float]]:
    """Seconds to deal each of the ladder's Expert levels (its mines, as the game
    deals it), to rate it, and to deal a no-guess Expert board from another seed
    (the yardstick), interleaved so that the machine's load falls on all three."""
    deal, rated, expert = [], [], []
    for round_ in range(rounds):
        for number in EXPERT_LEVELS:
            rung = level(number)
            start = time.perf_counter()
            found = positions(rung)
            deal.append(time.perf_counter() - start)
            geo = Geometry(rung.rows, rung.cols)
            start = time.perf_counter()
            rate_positions(geo, found, geo.index(*rung.start))
            rated.append(time.perf_counter() - start)
            start = time.perf_counter()
            no_guess(16, 30, 99, (8, 15), 1000 + 100 * round_ + number)
            expert.append(time.perf_counter() - start)
    return deal, rated, expert


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
    deal, rated, expert = ([t * 1000 for t in times] for times in time_all(rounds))
    both = [a + b for a, b in zip(deal, rated, strict=True)]
    print(f"\nThe ladder's Expert-sized levels (66-100), {len(deal)} makes, ms:")
    print(
        f"  dealt (its mines, as the game deals it): median {statistics.median(deal):.1f}, "
        f"max {max(deal):.1f}"
    )
    print(
        f"  dealt and rated:                         median {statistics.median(both):.1f}, "
        f"max {max(both):.1f}"
    )
    print(
        f"Yardstick, a no-guess Expert board today:  median {statistics.median(expert):.1f}, "
        f"max {max(expert):.1f} ({len(expert)} seeds)"
    )


if __name__ == "__main__":
    main()
