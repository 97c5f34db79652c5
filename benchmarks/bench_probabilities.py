"""Mine probabilities shown while a button is held: the frame's time, beside the same
frame without probabilities (the yardstick), measured in the same run.

Run: python benchmarks/bench_probabilities.py

An Expert game at zoom 2 (or the largest that fits), a few cells opened, the
probabilities on (O); then the left button is held and the pointer moves to another
hidden cell every frame, as a player hesitating over a cell does. Each frame is the
real loop's (App.run: the events, the table, the picture, the renderer). The figure
is the time of such a frame; the yardstick is the same frames with the
probabilities off. Budget: 16.7 ms a frame (60 a second); target: at most 2 ms.
The median, the 95th percentile and the worst of 900 frames each. A benchmark, not a
test: it asserts nothing.
"""

from __future__ import annotations

import statistics
import time

from window_env import ROOT  # noqa: F401  (first: the environment pygame starts in)

# isort: split
import pygame

from game import cli
from game.app import App
from game.core.look import Look
from game.core.moves import reveal
from game.rules import PRESETS, Difficulty
from game.view.commands import Command

ZOOM = 2
FRAMES = 300
EXPERT = PRESETS[Difficulty.EXPERT]


def post(kind: int, **attrs: object) -> None:
    pygame.event.post(pygame.event.Event(kind, attrs))


def held_frames(app: App, cells: list[tuple[int, int]]) -> list[float]:
    """Frame times (ms) with the left button held, the pointer on another cell each frame."""
    first = app.viewport.cell_pos(*cells[0])
    post(pygame.MOUSEMOTION, pos=first, rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=first, button=1)
    app.run(frames=1)
    times = []
    for k in range(FRAMES):
        cell = cells[(k * 7) % len(cells)]
        post(pygame.MOUSEMOTION, pos=app.viewport.cell_pos(*cell), rel=(1, 0), buttons=(1, 0, 0))
        start = time.perf_counter()
        app.run(frames=1)
        times.append((time.perf_counter() - start) * 1000)
    post(pygame.WINDOWLEAVE)  # (the press let go of, off the board: no move made)
    app.run(frames=1)
    return times


def main() -> None:
    print(f"pygame-ce {pygame.version.ver}; Expert, a button held and moving, {FRAMES} frames")
    app = App(cli.Options(zoom=ZOOM, sound=False, seed=11, board=EXPERT))
    try:
        app.run(frames=2)
        table = app.table
        table.act(reveal(8, 15))  # an opening: a frontier of numbers, odds over it
        app.run(frames=1)
        game = table.game
        hidden = [
            (r, c)
            for r in range(EXPERT.rows)
            for c in range(EXPERT.cols)
            if game.look(r, c) is Look.HIDDEN
        ]
        plain: list[float] = []
        odds: list[float] = []
        for _ in range(3):  # (interleaved: the machine's load falls on both alike)
            plain += held_frames(app, hidden)
            app.play.command(Command.PROBABILITIES)
            app.run(frames=1)
            if not table.show_probabilities or table.session.paused:
                raise SystemExit("the probabilities are not shown: nothing measured")
            odds += held_frames(app, hidden)
            app.play.command(Command.PROBABILITIES)
            app.run(frames=1)
        zoom = app.viewport.zoom
    finally:
        app.close()
    print(f"zoom {zoom}, {len(hidden)} hidden cells")
    for name, times, note in (
        ("without probabilities (yardstick)", plain, ""),
        ("with probabilities", odds, "   (target <= 2 ms; budget 16.7 ms)"),
    ):
        slow = statistics.quantiles(times, n=20)[-1]
        print(
            f"  {name:34} median {statistics.median(times):6.2f} ms   95th {slow:6.2f} ms"
            f"   worst {max(times):6.2f} ms{note}"
        )


if __name__ == "__main__":
    main()
