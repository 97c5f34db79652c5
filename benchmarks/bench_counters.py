"""What the live counters cost: a frame's work with the panel and five live counters
beside the same frames without it, in the same run.

Run: python benchmarks/bench_counters.py

Expert at zoom 1 (SDL's dummy driver's desktop is 1024x768: Expert at zoom 2 with the
panel would not fit it, and the two would be drawn at different zooms), a game under
way on the board of a community Expert replay, its moves played as the frames go
(a move every 20 frames) and the pointer moving every frame (the path counts), the
game's clock moved on by a 60th of a second a frame. Paired blocks, with and
without the panel in turn: the work of a frame (the loop run a frame at a time),
each block's mean (every frame counts: those that word the figures anew, at each
move, as much as the others); the figure is the median of the
pairs' ratios (target at most 1.10): a shared machine's hiccup of milliseconds
doubles one block's mean, and the median of the pairs leaves it out. The median
frame of each block is shown too. The yardstick, measured in the same run: one
figure's words rendered by the game's font (what the panel spares: it draws a value
only when its words change, and then copies the glyphs that changed). A benchmark,
not a test: it asserts nothing.
"""

from __future__ import annotations

import statistics
import time

from window_env import ROOT  # first: the environment pygame starts in

# isort: split
import pygame

from game import cli
from game.app import App
from game.core.game import Game
from game.modes.practice import Practice
from game.replay.files import open_replay
from game.view.fonts import ui_font

REPLAY = (
    ROOT / "tests/data/replays/ms-toollib/test_files/"
    "HI-SCORE Exp_49.25_3BV=127_3BVs=2.57_Wang Jianing G01825.avf"
)
COUNTERS = ("time", "bbbv", "bbbv_s", "etime", "ioe")
"""The five live counters."""
BLOCKS, FRAMES = 22, 120
MOVE_EVERY = 20
"""A move every third of a second: Expert at some 3 clicks a second."""
TARGET = 1.10


class Clock:
    """The game's clock, moved by hand a frame at a time."""

    def __init__(self) -> None:
        self.ms = 1000.0

    def __call__(self) -> float:
        return self.ms


def yardstick(repeats: int = 2000) -> float:
    """The median time of rendering one figure's words (ms)."""
    font = ui_font(10)
    times = []
    for k in range(repeats):
        start = time.perf_counter()
        font.render(f"{k / 7:.3f} s", True, (0, 0, 0))
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    replay = open_replay(REPLAY).replay
    assert replay.minefield is not None
    clock = Clock()
    app = App(cli.Options(board=replay.board, zoom=1, sound=False, seed=1), clock=clock)
    app.run(frames=2)
    app.get_ready()
    app.prefs.change(counters=COUNTERS)
    app.table.start(Practice.again(Game.from_minefield(replay.minefield)))
    app.run(frames=1)
    moves = [move for _, move in replay.moves]
    app.table.act(moves[0])  # the clock runs: a game under way
    app.run(frames=1)
    played = 1
    medians: dict[bool, list[float]] = {True: [], False: []}
    means: dict[bool, list[float]] = {True: [], False: []}
    ratios = []
    x = 0
    for block in range(BLOCKS):
        shown = block % 2 == 0
        app.prefs.change(counters_shown=shown)
        app.run(frames=app.frame + 2)  # (the window resized and drawn whole)
        work = []
        for frame in range(FRAMES):
            clock.ms += 1000 / 60
            x = (x + 7) % 400
            pos = app.viewport.cell_pos(4 + x // 100, 3 + x % 20)
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
            )
            if frame % MOVE_EVERY == 0 and played < len(moves) - 1:  # (never the last)
                app.table.act(moves[played])
                played += 1
            start = time.perf_counter()
            app.run(frames=app.frame + 1)
            work.append((time.perf_counter() - start) * 1000)
        medians[shown].append(statistics.median(work))
        means[shown].append(statistics.fmean(work))
        if not shown:
            ratios.append(means[True][-1] / means[False][-1])
    rows = app.play.counters.rows()
    app.close()
    print(f"Expert at zoom 1, {BLOCKS // 2} pairs of blocks of {FRAMES} frames ({ROOT.name})")
    print(f"the panel shows: {', '.join(f'{row.label} {row.value}' for row in rows)}")
    print(f"{'':34}{'with the panel':>16}{'without':>12}")
    with_panel, without = statistics.median(means[True]), statistics.median(means[False])
    print(f"{'work of a frame (mean)':34}{with_panel:>13.3f} ms{without:>9.3f} ms")
    with_panel, without = statistics.median(medians[True]), statistics.median(medians[False])
    print(f"{'the median frame':34}{with_panel:>13.3f} ms{without:>9.3f} ms")
    print(f"yardstick: one figure's words rendered {yardstick():.3f} ms")
    print(
        f"work ratio {statistics.median(ratios):.3f}x (median of paired blocks; target <= "
        f"{TARGET:.2f}x)"
    )


if __name__ == "__main__":
    main()
