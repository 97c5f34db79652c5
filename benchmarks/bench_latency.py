"""Input to frame: how long after a click on an idle window the frame showing it is
drawn, with the loop asleep on the event queue (game.view.waiting with SDL's wait)
beside the loop before it (no SDL wait: 30 wake-ups a second while idle, the click
handled at the next one), in the same run, taking turns.

The real loop (App.run) runs on the main thread; a player's thread waits a random
while (the window idle and asleep), posts a right click on a hidden cell (a flag, then
another that takes it off: the board stays the same), and notes the time; the loop
notes when the frame after it is drawn (Stage.draw returned). On a real X server
(DISPLAY set) or SDL's dummy driver. A benchmark, not a test.

Run: python benchmarks/bench_latency.py [--clicks N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import threading
import time

import pygame
import window_env  # noqa: F401  (before pygame starts: the environment it starts in)

from game import cli
from game.app import App
from game.view import waiting


def clicks_timed(clicks: int, asleep: bool, seed: int) -> list[float]:
    """Latencies (ms) of ``clicks`` right clicks on an idle window."""
    found = waiting.sdl_wait
    if not asleep:
        waiting.sdl_wait = lambda: None  # (the loop before: no SDL wait)
    app = App(cli.Options(zoom=2, sound=False, seed=1))
    app.run(frames=1)
    drawn: list[float] = []
    draw = app.stage.draw

    def noted() -> None:
        draw()
        drawn.append(time.perf_counter())

    app.stage.draw = noted  # type: ignore[method-assign]
    at = app.viewport.cell_pos(0, 0)
    posted: list[float] = []
    shuffle = random.Random(seed)

    def player() -> None:
        for _ in range(clicks):
            time.sleep(0.12 + shuffle.random() * 0.1)  # (idle by then: asleep)
            posted.append(time.perf_counter())
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=3))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=3))
        time.sleep(0.1)
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    thread = threading.Thread(target=player, daemon=True)
    thread.start()
    app.run()
    thread.join()
    app.close()
    waiting.sdl_wait = found
    return [(min(t for t in drawn if t >= p) - p) * 1000 for p in posted]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clicks", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    times: dict[bool, list[float]] = {True: [], False: []}
    for n in range(args.rounds):  # (taking turns)
        for asleep in (True, False):
            times[asleep] += clicks_timed(args.clicks, asleep, n)
    print(f"click to frame drawn, {args.rounds} x {args.clicks} clicks, idle window:")
    for asleep, name in ((True, "asleep on the queue (SDL's wait)"), (False, "30 wake-ups/s")):
        runs = sorted(times[asleep])
        print(
            f"  {name:34} median {statistics.median(runs):5.1f} ms"
            f"  90th {runs[int(len(runs) * 0.9)]:5.1f} ms  max {runs[-1]:5.1f} ms"
        )


if __name__ == "__main__":
    main()
