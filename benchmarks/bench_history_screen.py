"""The History screen in the real window, with 100,000 games and with none.

Run: python benchmarks/bench_history_screen.py [games]   (100000 by default)

Through the real loop (SDL's dummy driver unless DISPLAY is set), each timing one
frame that handles the player's key or button and draws the result: opening the
History (F7: the count, the first page, the chart's games, the dialog laid out
and drawn), More (the next page, here the 20th), Next (the next board's games)
and Sort (fastest first). Each beside the same step on an empty history and the
target of 50 ms (issue 18, item 15). Medians of a few runs; a benchmark, not a
test: it asserts nothing.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from window_env import ROOT  # first: the environment pygame starts in

# isort: split
import pygame

from benchmarks import history_fill
from game import cli
from game.app import App
from game.persist.paths import HISTORY_FILE
from game.rules import PRESETS, Difficulty
from game.screens.history import HistoryAnswer

GAMES = 100_000
TARGET_MS = 50.0
REPEATS = 7


def frame_ms(app: App, act: Callable[[], None]) -> float:
    """One frame of the real loop after act, in milliseconds."""
    start = time.perf_counter()
    act()
    app.run(frames=1)
    return (time.perf_counter() - start) * 1000


def press(key: int) -> Callable[[], None]:
    def act() -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))

    return act


def choose(app: App, label: str) -> Callable[[], None]:
    def act() -> None:
        dialog = app.stage.top_dialog
        assert dialog is not None
        dialog.choose(label)

    return act


def measure(folder: Path) -> dict[str, float]:
    """The History screen's steps on the data folder, medians in milliseconds."""
    os.environ["MINESWEEPER_DATA_DIR"] = str(folder)
    app = App(cli.Options(board=PRESETS[Difficulty.BEGINNER], zoom=2, sound=False, seed=1))
    app.run(frames=3)
    times: dict[str, list[float]] = {"open": [], "more": [], "next": [], "sort": []}
    for _ in range(REPEATS):
        times["open"].append(frame_ms(app, press(pygame.K_F7)))
        shown = app.stage.top_dialog
        if shown is None or not shown.title.startswith("History"):
            raise SystemExit("F7 did not open the History screen")
        for _ in range(19):  # to the 20th page, the last timed
            more = frame_ms(app, choose(app, HistoryAnswer.MORE.label))
        times["more"].append(more)
        times["next"].append(frame_ms(app, choose(app, HistoryAnswer.NEXT.label)))
        times["sort"].append(frame_ms(app, choose(app, HistoryAnswer.SORT.label)))
        while app.stage.top_dialog is not None:
            frame_ms(app, press(pygame.K_ESCAPE))
    pygame.quit()
    return {step: statistics.median(samples) for step, samples in times.items()}


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else GAMES
    scratch = Path(tempfile.mkdtemp(prefix="minesweeper-bench-history-screen-"))
    empty, full = scratch / "empty", scratch / "full"
    empty.mkdir()
    full.mkdir()
    history_fill.fill(full / HISTORY_FILE, games)
    with_games = measure(full)
    without = measure(empty)
    print(f"History screen, {games:,} games, beside an empty history and the target ({ROOT.name})")
    print(f"{'step':<28} {f'{games:,} games':>14} {'empty':>10} {'target':>8}")
    words = {
        "open": "open (F7)",
        "more": "More (to the 20th page)",
        "next": "Next (the next board)",
        "sort": "Sort (fastest first)",
    }
    for step, word in words.items():
        print(f"{word:<28} {with_games[step]:>12.1f}ms {without[step]:>8.1f}ms {TARGET_MS:>6.0f}ms")


if __name__ == "__main__":
    main()
