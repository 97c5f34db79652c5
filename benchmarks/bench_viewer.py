"""The replay viewer's changed frame, beside the play screen's in the same run.

Run: python benchmarks/bench_viewer.py

Expert at zoom 2 (SDL's dummy driver unless DISPLAY is set): the community's 49.25 s
Expert record of tests/data/replays played back through the window's stage, a frame
at a time (a 60th of a second of the game's time, then the frame drawn and shown).
The figure is the work of a frame in which the replay moved (the pointer at least):
plain, then with the timeline (T) and the thinking-time heatmap (H) over the board;
the work is the events handled, the game's step and the frame drawn, without showing
it (Window.flip, timed apart: on X11 a round trip to the server, the same for every
scene). The yardstick is the play screen's changed frame on the same board in the
same window, timed the same way: a click opening one cell. Medians. Target: a viewer
frame's work in at most 2 ms. A benchmark, not a test: it asserts nothing.
"""

from __future__ import annotations

import statistics
import time

from window_env import ROOT  # first: the environment pygame starts in

# isort: split
import pygame

from game import cli
from game.app import STEP_MS, App
from game.core.game import Game
from game.modes.ordinary import Ordinary
from game.replay.files import open_replay

EXPERT = (
    ROOT
    / "tests/data/replays/ms-toollib/test_files"
    / "HI-SCORE Exp_49.25_3BV=127_3BVs=2.57_Wang Jianing G01825.avf"
)
ZOOM = 2
FRAMES = 600
"""Frames of each viewer run (ten seconds of the game)."""
TARGET_MS = 2.0


class Present:
    """The window's flip, timed: how long the frames spent showing what was drawn."""

    def __init__(self, app: App) -> None:
        self.window = app.viewport.window
        self.flip = self.window.present
        self.ms = 0.0
        self.window.present = self  # type: ignore[method-assign]

    def __call__(self) -> None:
        start = time.perf_counter()
        self.flip()
        self.ms += (time.perf_counter() - start) * 1000

    def taken(self) -> float:
        """The time spent showing since the last call."""
        ms, self.ms = self.ms, 0.0
        return ms


def play_frames(app: App, present: Present) -> tuple[list[float], list[float]]:
    """The play screen's changed frames: a click opening one cell each, drawn; the
    work and the showing of each."""
    replay = open_replay(EXPERT).replay
    assert replay.minefield is not None
    app.table.start(Ordinary.given(Game.from_minefield(replay.minefield)))
    app.run(frames=app.frame + 1)
    mines = set(replay.minefield)
    times, shown = [], []
    for row in range(replay.board.rows):
        for col in range(replay.board.cols):
            if (row, col) in mines or app.table.game.look(row, col).name != "HIDDEN":
                continue
            pos = app.viewport.cell_pos(row, col)
            present.taken()
            start = time.perf_counter()
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                app.handle(pygame.event.Event(kind, pos=pos, button=1))
            app.stage.draw()
            flip = present.taken()
            times.append((time.perf_counter() - start) * 1000 - flip)
            shown.append(flip)
            if len(times) >= 60 or app.table.game.status.is_over:
                return times, shown
    return times, shown


def viewer_frames(app: App, present: Present, views: str) -> tuple[list[float], list[float]]:
    """The viewer's frames from the replay's start: a step of the game, then drawn;
    the work and the showing of each."""
    scene = app.watch(open_replay(EXPERT).replay)
    for name in views:  # T, H: as the player turns them on
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(name), mod=0))
    app.stage.draw()
    times, shown = [], []
    for _ in range(FRAMES):
        present.taken()
        start = time.perf_counter()
        app.update(STEP_MS)
        app.stage.draw()
        flip = present.taken()
        times.append((time.perf_counter() - start) * 1000 - flip)
        shown.append(flip)
        if scene.finished:
            break
    scene.done = True
    app.stage.settle()
    return times, shown


def main() -> None:
    replay = open_replay(EXPERT).replay
    app = App(cli.Options(board=replay.board, zoom=ZOOM, sound=False, seed=1))
    app.run(frames=2)
    app.get_ready()
    present = Present(app)
    runs = [
        ("play screen: a click opening one cell (yardstick)", play_frames(app, present)),
        ("viewer: a changed frame", viewer_frames(app, present, "")),
        ("viewer: with the timeline and the heatmap", viewer_frames(app, present, "th")),
    ]
    app.close()
    print(f"pygame-ce {pygame.version.ver}; Expert at zoom {ZOOM}, {FRAMES} viewer frames a run\n")
    print(f"{'':52}{'work':>10}{'showing':>12}")
    yardstick = statistics.median(runs[0][1][0])
    for name, (work, shown) in runs:
        ms = statistics.median(work)
        ratio = f"{ms / yardstick:.1f}x the yardstick" if name.startswith("viewer") else ""
        print(f"{name:<52}{ms:7.3f} ms{statistics.median(shown):9.3f} ms   {ratio}")
    print(f"target: a viewer frame's work in at most {TARGET_MS:g} ms")


if __name__ == "__main__":
    main()
