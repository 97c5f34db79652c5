"""The cost of a click in each rule mode (game/core/fate.py: the click judged with the
exact solver, the mines moved when the mode says) beside the same game's clicks in
the standard mode, measured in the same run. A benchmark, not a test.

Each game is Expert, played by a bot that opens a cell logic proves safe, else
guesses the safest cell, so every mode sees deductions, forced guesses and, where it
punishes them, needless ones. The yardstick plays the same seeds in the standard mode
(its mines never move, nothing is judged).

Run: python benchmarks/bench_fate.py [--games N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.game import Game
from game.core.solver import analyse
from game.rules import GameRules, RuleMode


def play(mode: RuleMode, seed: int) -> tuple[float, int, float]:
    """One Expert game of the bot under a mode: seconds spent in the game's own
    moves (the bot's thinking left out), how many moves, and the slowest but the
    first (the first lays the mines)."""
    rules = GameRules.of_mode(mode)
    game = Game.new(
        16,
        30,
        99,
        seed=seed,
        first_click=rules.first_click,
        fate=rules.fate,
        recursion=rules.recursion,
    )
    spent, moves, slowest = 0.0, 0, 0.0
    cell = (8, 15)
    while True:
        start = time.perf_counter()
        game.reveal(*cell)
        took = time.perf_counter() - start
        spent += took
        slowest = max(slowest, took) if moves else 0.0
        moves += 1
        if game.status.is_over:
            return spent, moves, slowest
        found = analyse(game.view(), game.mines, explain=False)
        hidden = [c for c in found.probability if game.look(*c).char == "#"]
        safe = sorted(c for c in found.safe if c in hidden)
        cell = safe[0] if safe else min(hidden, key=lambda c: found.probability[c])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=8)
    args = parser.parse_args()
    base: list[float] = []
    for mode in RuleMode:
        per_move, worst = [], 0.0
        for seed in range(args.games):
            spent, moves, slowest = play(mode, seed)
            per_move.append(spent / moves * 1000)
            worst = max(worst, slowest * 1000)
        median = statistics.median(per_move)
        if mode is RuleMode.STANDARD:
            base = per_move
        yardstick = statistics.median(base)
        print(
            f"{mode.value:17} {median:8.3f} ms a click (median of {args.games} Expert games)"
            f"   standard: {yardstick:.3f} ms   x{median / yardstick:.1f}"
            f"   slowest click {worst:.1f} ms (a frame at 30 fps: 33.3 ms)"
        )


if __name__ == "__main__":
    main()
