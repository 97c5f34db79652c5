"""How soon the words reach the speech library after the key that caused them, and
what speaking costs the loop's thread, beside a yardstick measured in the same run.

Run: python benchmarks/bench_speech.py

A Beginner game in the window (SDL's dummy driver), speech on, the voice a recording
one that notes the moment (time.perf_counter) each announcement reaches its call:
what speech-dispatcher's socket or accessible_output2 would be handed. Each key is
posted as SDL posts it and the loop runs a frame; the latency is from the key posted
to the call, through the loop, the stage, the words, the queue and the speech
worker. The keys: the cursor moved (its cell said) and, in between, a cell opened
(the move's result said). Also the loop's own work for a key (the frame run) with
speech on and off, in alternating blocks. The yardstick: a bare hand-off of a string
to a waiting thread through a queue.Queue, the same way the Speaker hands one over.
The target: 20 ms (issue 44). A benchmark, not a test: it asserts nothing.
"""

from __future__ import annotations

import queue
import statistics
import threading
import time

from window_env import ROOT  # noqa: F401  # first: the environment pygame starts in

# isort: split
import pygame

from game import cli
from game.app import App
from game.view.speech_out import Recording

KEYS, BLOCKS = 200, 10
TARGET_MS = 20.0


class Clock:
    def __init__(self) -> None:
        self.ms = 1000.0

    def __call__(self) -> float:
        return self.ms


def press(app: App, key: int) -> float:
    """Post a key as SDL does, run a frame; the moment it was posted."""
    start = time.perf_counter()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=""))
    app.run(frames=1)
    return start


def latencies(app: App, voice: Recording) -> list[float]:
    out = []
    keys = [pygame.K_RIGHT, pygame.K_LEFT, pygame.K_DOWN, pygame.K_UP]
    for i in range(KEYS):
        voice.arrived.clear()
        key = pygame.K_SPACE if i % 25 == 24 else keys[i % 4]
        start = press(app, key)
        if voice.arrived.wait(2.0):
            out.append((voice.at[-1] - start) * 1000.0)
        if app.table.status.is_over:
            app.play.new_game()
            app.run(frames=1)
    return out


def loop_work(app: App, speech: bool) -> float:
    """The median time the loop takes for a cursor key (the frame run), in ms."""
    app.prefs.change(speech=speech)
    times = []
    for i in range(KEYS // BLOCKS):
        start = press(app, pygame.K_RIGHT if i % 2 else pygame.K_LEFT)
        times.append((time.perf_counter() - start) * 1000.0)
    app.speaker.wait()
    return statistics.median(times)


def hand_off() -> list[float]:
    """The yardstick: a string through a queue to a waiting thread, in ms."""
    inbox: queue.Queue[tuple[float, str] | None] = queue.Queue()
    out: list[float] = []

    def worker() -> None:
        while (item := inbox.get()) is not None:
            out.append((time.perf_counter() - item[0]) * 1000.0)

    thread = threading.Thread(target=worker)
    thread.start()
    for _ in range(KEYS):
        inbox.put((time.perf_counter(), "row 3, column 5: 2"))
        time.sleep(0.002)
    inbox.put(None)
    thread.join()
    return out


def main() -> None:
    app = App(cli.Options(zoom=2, sound=False, seed=7), clock=Clock())
    voice = Recording()
    app.speaker.make_backend = lambda: voice
    app.run(frames=1)
    app.prefs.change(speech=True)
    press(app, pygame.K_UP)  # (the first input: the cursor shown, the worker started)
    app.speaker.wait()
    try:
        said = latencies(app, voice)
        on, off = [], []
        for _ in range(BLOCKS):
            on.append(loop_work(app, True))
            off.append(loop_work(app, False))
    finally:
        app.close()
    yardstick = hand_off()
    said.sort()
    print(f"key to the speech library's call, {len(said)} keys (target <= {TARGET_MS:.0f} ms):")
    print(
        f"  median {statistics.median(said):.2f} ms, 95th {said[int(0.95 * len(said))]:.2f} ms,"
        f" worst {said[-1]:.2f} ms"
    )
    print(
        f"  yardstick, a string handed to a thread through a queue: median "
        f"{statistics.median(yardstick):.3f} ms, worst {max(yardstick):.3f} ms"
    )
    print(
        f"the loop's work for a cursor key: speech on {statistics.median(on):.2f} ms, "
        f"off {statistics.median(off):.2f} ms (medians of {BLOCKS} blocks each)"
    )


if __name__ == "__main__":
    main()
