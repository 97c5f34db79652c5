"""Engine speed and memory on a million-cell board, each figure beside a yardstick.

Run: python benchmarks/bench_core.py

The yardstick is a plain iterative stack flood fill over a flat bytearray,
written below and timed in the same run on the same boards, so the ratios hold
on a shared, noisy machine even when the seconds do not. Timings are the best
of a few repeats. This is a benchmark, not a test: it asserts nothing.
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.board import FirstClick, Geometry, count_neighbours, place_mines
from game.core.game import Game

ROWS = COLS = 1000
MINES = ROWS * COLS // 100
CLICK = (500, 500)


def best_of(repeats: int, run: Callable[[], object]) -> float:
    """The fastest of several runs, in seconds (the least disturbed by other load)."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def yardstick_fill(rows: int, cols: int, mines: list[int], seed: int) -> int:
    """A plain flood fill: a stack of cells over flat bytearrays, one cell at a time.

    Opens the zero region around seed and its border of numbers, as a cascade must.
    """
    size = rows * cols
    mine = bytearray(size)
    for m in mines:
        mine[m] = 1
    counts = bytearray(size)
    for m in mines:
        r, c = divmod(m, cols)
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                rr, cc = r + dr, c + dc
                if 0 <= rr < rows and 0 <= cc < cols:
                    counts[rr * cols + cc] += 1
    opened = bytearray(size)
    stack = [seed]
    count = 0
    while stack:
        i = stack.pop()
        if opened[i]:
            continue
        opened[i] = 1
        count += 1
        if counts[i]:
            continue
        r, c = divmod(i, cols)
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                rr, cc = r + dr, c + dc
                if 0 <= rr < rows and 0 <= cc < cols and not opened[rr * cols + cc]:
                    stack.append(rr * cols + cc)
    return count


def fresh_game(mines: int, seed: int = 7) -> Game:
    return Game.new(ROWS, COLS, mines, seed=seed)


def peak_rss_mb() -> float:
    """This process's peak resident memory (VmHWM), in MB.

    Not getrusage's ru_maxrss: on Linux a child started from a big parent
    inherits the parent's figure across fork and exec.
    """
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def memory_probe() -> None:
    """A whole game on the million-cell board, nothing else; prints peak RSS in MB.

    Run in a child process so the benchmark's own lists do not count.
    """
    game = fresh_game(MINES)
    game.reveal(*CLICK)
    mines = set(game.mine_cells())
    for r in range(ROWS):
        for c in range(COLS):
            if (r, c) not in mines:
                game.reveal(r, c)
    assert game.status.name == "WON"
    print(peak_rss_mb())


def bare_interpreter_mb() -> float:
    """Peak RSS of a bare Python interpreter: the floor of any Python process."""
    code = "import resource; print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)"
    return float(
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout
    )


def main() -> None:
    print(f"Python {sys.version.split()[0]}, board {ROWS}x{COLS}, {MINES} mines (1%)\n")
    # Memory first, in child processes, while this one is still small (a child of a
    # large parent may report the parent's high-water mark in some sandboxes).
    bare_mb = bare_interpreter_mb()
    probe = subprocess.run(
        [sys.executable, __file__, "--memory-probe"], capture_output=True, text=True, check=True
    )
    peak_mb = float(probe.stdout)
    geometry = Geometry(ROWS, COLS)
    first = geometry.index(*CLICK)

    def build() -> None:
        positions = place_mines(geometry, MINES, first, FirstClick.OPENING, random.Random(7))
        count_neighbours(geometry, positions)

    build_s = best_of(5, build)

    # First click on the 1% board: placement + counts + cascade, as a player's click costs.
    def first_click() -> int:
        return fresh_game(MINES).reveal(*CLICK).opened

    opened_1pct = first_click()
    first_s = best_of(3, first_click)
    game = fresh_game(MINES)
    game.reveal(*CLICK)
    mine_cells = game.mine_cells()
    plain_mines = [r * COLS + c for r, c in mine_cells]
    yard_1pct_s = best_of(
        3, lambda: yardstick_fill(ROWS, COLS, plain_mines, CLICK[0] * COLS + CLICK[1])
    )
    yard_opened = yardstick_fill(ROWS, COLS, plain_mines, CLICK[0] * COLS + CLICK[1])

    # Empty board: the single-click cascade opens all million cells.
    empty_s = best_of(5, lambda: fresh_game(0).reveal(*CLICK))
    yard_empty_s = best_of(3, lambda: yardstick_fill(ROWS, COLS, [], CLICK[0] * COLS + CLICK[1]))

    # A full game of reveals: every safe cell clicked once, in random order.
    mines = set(mine_cells)
    safe = [(r, c) for r in range(ROWS) for c in range(COLS) if (r, c) not in mines]
    random.Random(1).shuffle(safe)

    def full_game() -> Game:
        g = fresh_game(MINES)
        g.reveal(*CLICK)  # the same first click, so the same board
        for r, c in safe:
            g.reveal(r, c)
        return g

    start = time.perf_counter()
    finished = full_game()
    full_s = time.perf_counter() - start
    assert finished.status.name == "WON", finished.status

    # Actions that change one cell, on a million-cell board: reveals of hidden
    # numbers (cells beside a mine) and mark toggles. Each must cost microseconds.
    one_game = fresh_game(MINES)
    one_game.reveal(*CLICK)
    numbers = []
    for r, c in mine_cells:
        for cell in ((r, c - 1), (r, c + 1), (r - 1, c), (r + 1, c)):
            on_board = 0 <= cell[0] < ROWS and 0 <= cell[1] < COLS
            if on_board and cell not in mines and one_game.look(*cell).name == "HIDDEN":
                numbers.append(cell)
    numbers = list(dict.fromkeys(numbers))[:2000]
    start = time.perf_counter()
    for cell in numbers:
        one_game.reveal(*cell)
    reveal_us = (time.perf_counter() - start) / len(numbers) * 1e6
    n = 10_000
    start = time.perf_counter()
    for k in range(n):
        one_game.toggle_mark(999, k % COLS)
    mark_us = (time.perf_counter() - start) / n * 1e6

    rows = [
        (
            "board build (place 10,000 mines + counts)",
            f"{build_s * 1000:8.1f} ms",
            "target < 100 ms",
        ),
        (
            f"first click, 1% mines ({opened_1pct:,} cells, incl. build)",
            f"{first_s * 1000:8.1f} ms",
            f"yardstick {yard_1pct_s * 1000:.0f} ms ({yard_opened:,} cells): "
            f"{yard_1pct_s / first_s:.1f}x faster",
        ),
        (
            "single-click cascade, empty board (1,000,000 cells)",
            f"{empty_s * 1000:8.1f} ms",
            f"yardstick {yard_empty_s * 1000:.0f} ms: "
            f"{yard_empty_s / empty_s:.0f}x faster (target 5x)",
        ),
        (
            f"full game: {len(safe):,} reveals, every safe cell",
            f"{full_s:8.2f} s ",
            f"{full_s / len(safe) * 1e6:.2f} us per reveal",
        ),
        (
            f"reveal of one number cell (mean of {len(numbers)})",
            f"{reveal_us:8.2f} us",
            "one cell changed: no board scan",
        ),
        ("one mark toggle on a million-cell board", f"{mark_us:8.2f} us", "one cell changed"),
        (
            "peak memory, a process playing a whole game",
            f"{peak_mb:8.1f} MB",
            f"target < 100 MB; bare interpreter {bare_mb:.1f} MB",
        ),
    ]
    for name, figure, yardstick in rows:
        print(f"{name:<52} {figure}   {yardstick}")


if __name__ == "__main__":
    if "--memory-probe" in sys.argv:
        memory_probe()
    else:
        main()
