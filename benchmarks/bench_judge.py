"""Judging every click of an Expert game (game.analysis.judge) beside simply
replaying the same moves, measured in the same run. A benchmark, not a test.

The games are played by a bot: it opens what logic proves safe, flags what it proves
mined, and guesses the safest cell when nothing is certain, so each game has the
mix of logic, flags and guesses of a real one (about 300 moves when won).

Run: python benchmarks/bench_judge.py [--games N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.analysis.judge import judge
from game.core.game import Game
from game.core.moves import Move, mark, reveal
from game.core.solver import analyse


def bot_game(seed: int) -> tuple[Game, list[tuple[int, Move]]]:
    """An Expert game played to its end by logic and the safest guesses."""
    game = Game.new(16, 30, 99, seed=seed)
    moves: list[tuple[int, Move]] = []
    ms = 0

    def play(move: Move) -> None:
        nonlocal ms
        ms += 400
        moves.append((ms, move))
        game.apply(move)

    play(reveal(8, 15))
    flagged: set[tuple[int, int]] = set()
    while not game.status.is_over:
        found = analyse(game.view(), game.mines)
        for cell in sorted(found.mines - flagged):
            play(mark(*cell))
            flagged.add(cell)
        if found.safe:
            for cell in sorted(found.safe):
                if game.status.is_over:
                    break
                play(reveal(*cell))
        else:
            cell = min(found.probability, key=lambda c: found.probability[c])
            play(reveal(*cell))
    return game, moves


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    judged_times, replay_times, sizes, peaks = [], [], [], []
    for seed in range(args.games):
        played, moves = bot_game(seed)
        field = played.minefield
        assert field is not None
        start = time.perf_counter()
        again = Game.from_minefield(field)
        for _, move in moves:
            again.apply(move)
        replay_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        judge(Game.from_minefield(field), moves)
        judged_times.append(time.perf_counter() - start)
        tracemalloc.start()  # (apart: tracing slows Python several times)
        judge(Game.from_minefield(field), moves)
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
        sizes.append(len(moves))
    print(f"{args.games} Expert games by a bot, {statistics.median(sizes):.0f} moves (median)")
    print(f"replay the moves:   median {statistics.median(replay_times) * 1000:7.1f} ms")
    print(
        f"judge every click:  median {statistics.median(judged_times) * 1000:7.1f} ms,"
        f" max {max(judged_times) * 1000:.1f} ms (target <= 1000 ms)"
    )
    print(f"judging's peak memory (tracemalloc): {max(peaks) / 1e6:.1f} MB (target <= 200 MB)")


if __name__ == "__main__":
    main()
