"""A board larger than the screen: a 1000x1000 board with 1% mines in the window.

Run: python benchmarks/bench_bigboard.py

Prints each figure beside a yardstick measured in the same run: the frame after
the first click (the engine's cascade over about 990,000 cells, then drawing what
is in view, the overview map included) beside a full redraw of the view, the
engine's first click alone, and the process's peak memory. SDL's dummy driver
unless DISPLAY is set. A benchmark, not a test: it asserts nothing.
"""

from __future__ import annotations

import resource
import sys
import time

import window_env  # noqa: F401  (first: the environment pygame starts in)

# isort: split
import pygame

from game import cli
from game.app import App
from game.core.game import Game
from game.rules import custom

BOARD = custom(1000, 1000, 10_000)


def main() -> None:
    print(f"Python {sys.version.split()[0]}, pygame-ce {pygame.version.ver}\n")
    started = time.perf_counter()
    app = App(cli.Options(board=BOARD, zoom=1, sound=False, seed=5))
    app.run(frames=1)
    start_ms = (time.perf_counter() - started) * 1000
    layout = app.viewport.renderer.layout

    redraws = []
    for _ in range(20):
        t = time.perf_counter()
        app.viewport.renderer.invalidate()
        app.stage.draw()
        redraws.append((time.perf_counter() - t) * 1000)
    redraw = sorted(redraws)[len(redraws) // 2]

    engine = Game.new(1000, 1000, 10_000, seed=5)
    t = time.perf_counter()
    engine.reveal(500, 500)
    engine_ms = (time.perf_counter() - t) * 1000

    x, y, w, h = layout.cell_rect(layout.top + layout.shown_rows // 2, layout.left + 5)
    pos = (x + w // 2, y + h // 2)
    t = time.perf_counter()
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle(pygame.event.Event(kind, pos=pos, button=1))
    app.stage.draw()
    frame_ms = (time.perf_counter() - t) * 1000
    opened = app.table.game.opened_count
    app.close()
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    rows = [
        ("start, 1000x1000 at 1x, to the first frame", f"{start_ms:7.1f} ms", ""),
        (
            f"view {layout.shown_cols}x{layout.shown_rows} cells: full redraw",
            f"{redraw:7.1f} ms",
            "(the yardstick)",
        ),
        (
            f"first click, {opened:,} cells opened: input to frame",
            f"{frame_ms:7.1f} ms",
            f"engine alone {engine_ms:.1f} ms + full redraw {redraw:.1f} ms; target < 150 ms",
        ),
        ("peak memory of the process", f"{peak_mb:7.1f} MB", "target < 300 MB"),
    ]
    for name, figure, yardstick in rows:
        print(f"{name:<52} {figure}   {yardstick}")


if __name__ == "__main__":
    main()
