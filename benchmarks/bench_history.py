"""The game history at 0, 10,000, 100,000 and 1,000,000 games, side by side.

Run: python benchmarks/bench_history.py [largest]   (largest: 1000000 by default)

For each size: start to first frame (median of paired runs against an empty data
folder, run by turns), recording one finished game (commit included), the
Statistics dialog's data for every kind of board, the slowest page of the History
(50 games, every board and result filter, every sort, first page and the 20th),
and the file's size per 1,000 games. The histories are made by history_fill
(one SQL statement; tests prove it equal to recording each game). A benchmark,
not a test: it asserts nothing.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import history_fill  # noqa: E402
from game.persist.game_record import PAGE, Sort  # noqa: E402
from game.persist.history import History  # noqa: E402
from game.persist.paths import HISTORY_FILE  # noqa: E402
from game.persist.profile import Profile  # noqa: E402
from game.rules import PRESETS, Difficulty  # noqa: E402

SIZES = (0, 10_000, 100_000, 1_000_000)
PAIRS = 10
"""Paired start-up runs per size."""


def ms(action: Callable[[], object], repeats: int = 5) -> float:
    """The median time of an action, in milliseconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def first_frame(folder: Path) -> float:
    """Seconds from starting the game to its first frame (and out)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "game", "--no-sound", "--frames", "1", "--data-dir", str(folder)],
        check=True,
        cwd=ROOT,
        env=env,
        capture_output=True,
    )
    return time.perf_counter() - start


def start_ratio(folder: Path, empty: Path) -> float:
    """Median over paired runs of (start with this history) / (start with none)."""
    ratios = []
    for _ in range(PAIRS):
        ratios.append(first_frame(folder) / first_frame(empty))
    return statistics.median(ratios)


def statistics_data(profile: Profile) -> None:
    """What the Statistics and Best Times dialogs ask, for every kind of board."""
    for kind in [*PRESETS, Difficulty.CUSTOM]:
        profile.stats(kind)
        profile.best_rate(kind)
    for preset in PRESETS:
        profile.best_times(preset)


def slowest_page(history: History) -> float:
    """The slowest page of the History over every filter, sort and two depths
    (each asked once: a player's click asks once)."""
    worst = 0.0
    for kind in (None, *PRESETS, Difficulty.CUSTOM):
        for won in (None, True, False):
            for sort in Sort:
                for offset in (0, 19 * PAGE):
                    start = time.perf_counter()
                    history.page(kind, won, sort, offset)
                    worst = max(worst, (time.perf_counter() - start) * 1000)
    return worst


def record_one(history: History, start: int) -> float:
    """The median time to record one finished game (commit included)."""
    games = iter(range(start, start + 1_000_000))
    return ms(lambda: history.add_game(history_fill.record(next(games))), repeats=21)


def main() -> None:
    largest = int(sys.argv[1]) if len(sys.argv) > 1 else SIZES[-1]
    sizes = [size for size in SIZES if size <= largest]
    scratch = Path(tempfile.mkdtemp(prefix="minesweeper-bench-history-"))
    empty = scratch / "empty"
    empty.mkdir()
    rows = []
    for size in sizes:
        folder = scratch / str(size)
        folder.mkdir()
        made = time.perf_counter()
        if size:
            history_fill.fill(folder / HISTORY_FILE, size)
        made = time.perf_counter() - made
        file_bytes = sum(p.stat().st_size for p in folder.iterdir())
        ratio = start_ratio(folder, empty)
        profile = Profile.open(folder)
        history = profile.history
        stats_ms = ms(lambda profile=profile: statistics_data(profile))
        page_ms = slowest_page(history)
        record_ms = record_one(history, size + 1)
        profile.close()
        per_thousand = file_bytes / max(size, 1) * 1000 / 1024 if size else 0.0
        rows.append((size, made, ratio, record_ms, stats_ms, page_ms, per_thousand))
        print(f"... {size:>9,} games done", file=sys.stderr)
    print(
        f"{'games':>10} {'made in':>8} {'start/empty':>12} {'record':>9} {'statistics':>11} "
        f"{'worst page':>11} {'kB/1000 games':>14}"
    )
    for size, made, ratio, record_ms, stats_ms, page_ms, per_thousand in rows:
        print(
            f"{size:>10,} {made:>7.1f}s {ratio:>11.2f}x {record_ms:>7.2f}ms "
            f"{stats_ms:>9.2f}ms {page_ms:>9.2f}ms {per_thousand:>14.0f}"
        )


if __name__ == "__main__":
    main()
