"""A ghost never slows the game: the frame time with a ghost racing beside the same
frames without one, in the same run.

Run: python benchmarks/bench_ghost.py

Expert at zoom 2 (SDL's dummy driver unless DISPLAY is set), a game under way on
the board of a community Expert replay (49 s), that replay as the ghost. Two
figures, in alternating blocks with and without the ghost: the frame time as the
player meets it (the real loop, paced at its 60 frames a second, wall time per
frame), whose ratio is the target's (at most 1.10); and the work of one frame alone
(the loop run a frame at a time, the game's clock moved on by a 60th of a second
each: the ghost's cursor and bar drawn, the cells under its last cursor drawn
again). A benchmark, not a test: it asserts nothing.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from window_env import ROOT  # first: the environment pygame starts in

# isort: split
from game import cli
from game.app import App
from game.core.game import Game
from game.modes.practice import Practice
from game.replay.files import open_replay
from game.replay.progress import progress_of

GHOST = (
    ROOT / "tests/data/replays/ms-toollib/test_files/"
    "HI-SCORE Exp_49.25_3BV=127_3BVs=2.57_Wang Jianing G01825.avf"
)
BLOCKS, FRAMES = 12, 60
TARGET = 1.10


class Clock:
    """The game's clock: the real one, or moved by hand a frame at a time."""

    def __init__(self) -> None:
        self.ms = 1000.0
        self.real = False
        self._since = time.perf_counter()

    def __call__(self) -> float:
        if self.real:
            now = time.perf_counter()
            self.ms += (now - self._since) * 1000
            self._since = now
        else:
            self._since = time.perf_counter()
        return self.ms


def main() -> None:
    replay = open_replay(Path(GHOST)).replay
    progress = progress_of(replay)
    assert progress is not None and replay.minefield is not None
    clock = Clock()
    app = App(cli.Options(board=replay.board, zoom=2, sound=False, seed=1), clock=clock)
    app.run(frames=2)
    app.get_ready()
    app.table.start(Practice.again(Game.from_minefield(replay.minefield)))
    app.run(frames=1)
    first_move = replay.moves[0][1]
    app.table.act(first_move)  # the clock runs: a game under way
    app.run(frames=1)
    race = app.play.race
    paced: dict[bool, list[float]] = {True: [], False: []}
    work: dict[bool, list[float]] = {True: [], False: []}
    for block in range(BLOCKS):
        with_ghost = block % 2 == 0
        race.ghost = None
        if with_ghost:
            race.race(progress, "the replay")
        clock.real = True
        start = time.perf_counter()
        app.run(frames=app.frame + FRAMES)  # the real loop, at its own pace
        paced[with_ghost].append((time.perf_counter() - start) * 1000 / FRAMES)
        clock.real = False
        for _ in range(FRAMES):
            clock.ms += 1000 / 60
            start = time.perf_counter()
            app.run(frames=app.frame + 1)
            work[with_ghost].append((time.perf_counter() - start) * 1000)
    app.close()
    ghost, plain = statistics.median(paced[True]), statistics.median(paced[False])
    ghost_work, plain_work = statistics.median(work[True]), statistics.median(work[False])
    print(f"Expert at zoom 2, {BLOCKS // 2} blocks of {FRAMES} frames each way ({ROOT.name})")
    print(f"{'':34}{'with the ghost':>16}{'without':>12}")
    print(f"{'frame time (the loop at 60 fps)':34}{ghost:>13.2f} ms{plain:>9.2f} ms")
    print(f"{'work of a frame':34}{ghost_work:>13.3f} ms{plain_work:>9.3f} ms")
    print(f"frame time ratio {ghost / plain:.3f}x (target <= {TARGET:.2f}x)")


if __name__ == "__main__":
    main()
