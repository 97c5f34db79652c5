"""GIF export speed and size: a 60-second Expert game at zoom 1 and speed 1, beside
its yardstick and the targets.

Run: python benchmarks/bench_gif.py

The game is the community's 49.25 s Expert record in tests/data/replays (Wang Jianing,
AVF), played as it is and stretched to 60 s (every event's time x 60/49.25: the same
moves, more frames). The yardstick is the same frames drawn without encoding: the
replay driven and every frame drawn by the same renderer, menu bar and pointer, with
no comparison, cropping, palette or writing. Targets: at most 10 s and 3 MB. Best of a
few runs. A benchmark, not a test: it asserts nothing.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from window_env import ROOT  # first: the environment pygame starts in

# isort: split
import pygame

from game.modes.watching import Watching
from game.replay.drive import Driver, ReplayClock
from game.replay.files import open_replay
from game.replay.format import EventKind, Replay
from game.session.geometry import Layout, led_digits
from game.session.picture import picture_of
from game.session.table import Table, Via
from game.view.animation import FRAME_MS, LEAD_MS, GifExport, draw_pointer
from game.view.commands import KeyMap
from game.view.menus import MENUS
from game.view.render import Renderer
from game.view.widgets.menubar import MenuBar

EXPERT = (
    ROOT
    / "tests/data/replays/ms-toollib/test_files"
    / "HI-SCORE Exp_49.25_3BV=127_3BVs=2.57_Wang Jianing G01825.avf"
)
TARGET_S, TARGET_MB = 10.0, 3.0
REPEATS = 3


def stretched(replay: Replay, seconds: float) -> Replay:
    """The same game with every event's time scaled so that it lasts ``seconds``."""
    factor = seconds * 1000 / max(1, replay.events[-1].ms)
    events = tuple(e.replace(ms=round(e.ms * factor)) for e in replay.events)
    return replay.replace(events=events, ms=round(replay.ms * factor))


def draw_only(replay: Replay, zoom: int = 1) -> int:
    """The yardstick: every frame of the GIF drawn, nothing encoded; the frame count."""
    board = replay.board
    layout = Layout(board.rows, board.cols, digits=led_digits(board.mines))
    width, height = layout.size
    screen = pygame.Surface((width * zoom, height * zoom))
    renderer = Renderer(layout, zoom)
    bar = MenuBar(MENUS, KeyMap, lambda _command: None)
    clock = ReplayClock(min(0, replay.events[0].ms) - LEAD_MS)
    table = Table.of(Watching(replay), clock)
    driver = Driver(replay, clock)
    pointer = None
    frames = 0
    while True:
        session = table.session
        renderer.invalidate()
        renderer.draw(
            screen,
            session.game,
            picture_of(session, driver.machine.feedback, counter_below_zero=True),
        )
        bar.draw(screen, renderer.sprites, pygame.Rect(renderer.scaled(layout.menu_bar)))
        if pointer is not None:
            bx, by = layout.board_origin
            draw_pointer(screen, ((bx + pointer[0]) * zoom, (by + pointer[1]) * zoom), zoom)
        pygame.image.tobytes(screen, "RGB")  # (the pixels, as the export reads them)
        frames += 1
        if driver.finished:
            return frames
        target = clock.ms + FRAME_MS
        for event in driver.until(target):
            if event.kind is not EventKind.CANCEL:
                pointer = (event.x, event.y)
            if event.move is not None:
                table.act(event.move, Via.MOUSE)
        if not driver.finished:
            clock.ms = target


def best(run: object, repeats: int = REPEATS) -> tuple[float, object]:
    """The fastest of a few runs of a function: (seconds, its result)."""
    assert callable(run)
    times, result = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    return min(times), result


def main() -> None:
    print(f"pygame-ce {pygame.version.ver}; Expert, zoom 1, speed 1, {1000 // FRAME_MS} fps\n")
    folder = Path(tempfile.mkdtemp(prefix="minesweeper-bench-gif-"))
    original = open_replay(EXPERT).replay
    for name, replay in (
        ("49.25 s record", original),
        ("stretched to 60 s", stretched(original, 60.0)),
    ):
        target = folder / "expert.gif"

        def export(replay: Replay = replay, target: Path = target) -> GifExport:
            gif = GifExport(replay, target)
            gif.run()
            return gif

        seconds, done = best(export)
        assert isinstance(done, GifExport)
        drawn_s, drawn = best(lambda replay=replay: draw_only(replay))
        size_mb = target.stat().st_size / 1e6
        print(f"{name}: {drawn} frames drawn, {done.frames} stored (unchanged ones merged)")
        print(
            f"  export        {seconds:6.2f} s   "
            f"yardstick (the frames drawn, no encoding) {drawn_s:.2f} s: "
            f"{seconds / drawn_s:.1f}x   target <= {TARGET_S:g} s"
        )
        print(
            f"  file          {size_mb:6.2f} MB  "
            f"({size_mb * 1e6 / max(done.frames, 1) / 1024:.1f} KB a stored frame)   "
            f"target <= {TARGET_MB:g} MB"
        )


if __name__ == "__main__":
    main()
