"""Start-up as a player meets it: the game to its first frame, beside a bare pygame-ce
window opened in the same run.

Beginner at the default zoom, started as a player starts it (game/__main__.py's
steps: the options, then the first frame from the settings alone; the process ends
once it is on screen), the sound as
the settings have it (on), and the data folder where the platform keeps it (on
Linux, under $XDG_DATA_HOME), already holding a history that the game's own code
recorded. Against it, a bare script opens a window of the same size, fills it
and flips once. The two take turns, PAIRS pairs; the figure is the median of the
pairwise ratios (the minimum of each side hides the cost). Beside them, the floor:
the same bare window after importing the pure table (game.session.table: the
engine, the session, the rules), which any first frame of a game needs. The game
runs from bytecode, as an installed game does. A benchmark, not a test.

Beside the first frame, the moment the first input can be handled (App.get_ready
done: the recorder, the end-of-game flow, the audio device, the resume offer).

Run: python benchmarks/bench_startup.py [--pairs N] [--games N]
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from datetime import datetime, timedelta
from pathlib import Path

from window_env import ROOT  # first: the environment pygame starts in

from game.persist.game_record import GameRecord, finished_at_text
from game.persist.paths import ENV_VAR, default_data_dir
from game.persist.profile import Profile
from game.rules import PRESETS, Difficulty
from game.view.viewport import fitting_zoom, layout_for


def no_need(scale: int) -> int:
    """The side's least width for its own lines (the first frame's, before the counters)."""
    return 0


def make_history(folder: Path, games: int) -> None:
    """A data folder whose history holds ``games`` finished Beginner games."""
    start = datetime(2026, 1, 1)
    profile = Profile.open(folder)
    for n in range(games):
        profile.record_game(
            GameRecord(
                finished_at=finished_at_text(start + timedelta(minutes=n)),
                difficulty="beginner",
                rows=9,
                cols=9,
                mines=10,
                first_click="opening",
                seed=str(n),
                won=n % 3 != 0,
                ms=20_000 + 37 * n % 9_000,
                bbbv=20,
                bbbv_solved=20 if n % 3 else 7,
                left_clicks=30,
                right_clicks=5,
                chord_clicks=2,
                effective_clicks=30,
                used_hint=False,
            )
        )
    profile.close()


def bare_script(size: tuple[int, int]) -> str:
    """Open a window of the game's size, fill it, flip once."""
    return textwrap.dedent(f"""
        import pygame
        pygame.display.init()
        screen = pygame.display.set_mode({size})
        screen.fill((192, 192, 192))
        pygame.display.flip()
        pygame.quit()
    """)


FIRST_FRAME_SCRIPT = textwrap.dedent("""
    import gc
    gc.disable()
    import os
    from game import cli
    from game.view.first_frame import show_first_frame
    options = cli.parse_args([])
    show_first_frame(
        options.data_dir, options.board, options.zoom, options.sound, options.language
    )
    os._exit(0)
""")
"""The game as `python -m game` starts it (game/__main__.py's steps), to its first
frame on screen."""

READY_SCRIPT = textwrap.dedent("""
    import gc
    gc.disable()
    import os
    from game import cli
    from game.view.first_frame import show_first_frame
    options = cli.parse_args([])
    first = show_first_frame(
        options.data_dir, options.board, options.zoom, options.sound, options.language
    )
    from game.app import App
    app = App(options, first)
    app.get_ready()
    os._exit(0)
""")
"""The same, on to the moment its first input can be handled (the seam's import of
the rest, the window set up, App.get_ready done)."""


def wall(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, cwd=ROOT, capture_output=True, env=env)
    return time.perf_counter() - start


def ratio(runs: list[float], bares: list[float]) -> float:
    """The median of the pairwise ratios of runs taken in turns."""
    return statistics.median(run / bare for run, bare in zip(runs, bares, strict=True))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", type=int, default=15)
    parser.add_argument("--games", type=int, default=2_000)
    args = parser.parse_args()
    board = PRESETS[Difficulty.BEGINNER]
    zoom = fitting_zoom(board, no_need)  # (the side beside the board: the default)
    layout, side = layout_for(board, zoom, no_need)
    width, height = layout.size
    size = (width * zoom + side.width, max(height * zoom, side.height))
    compileall.compile_dir(str(ROOT / "game"), quiet=1)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", ENV_VAR)}
    with tempfile.TemporaryDirectory() as scratch:
        if sys.platform.startswith("linux"):  # the platform's folder, as a player's
            env["XDG_DATA_HOME"] = os.environ["XDG_DATA_HOME"] = str(Path(scratch) / "share")
            folder = default_data_dir()
        else:  # (elsewhere the platform's folder cannot be moved aside: named instead)
            folder = Path(scratch) / "data"
            env[ENV_VAR] = str(folder)
        make_history(folder, args.games)
        commands = {
            "game, start to first frame": [sys.executable, "-c", FIRST_FRAME_SCRIPT],
            # The first input can be handled once the window has set up what the first
            # frame did not wait for (App.get_ready: the recorder, the end of a game,
            # the audio device, the resume offer); then the process ends at once.
            "game, start to first input handled": [sys.executable, "-c", READY_SCRIPT],
            "bare pygame-ce window": [sys.executable, "-c", bare_script(size)],
            # The floor: what no first frame of a game can do without, the pure
            # table (engine, session, rules), imported before the same bare window.
            "bare window + the table's import": [
                sys.executable,
                "-c",
                "import game.session.table\n" + bare_script(size),
            ],
        }
        for command in commands.values():  # warm the file cache
            wall(command, env)
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.pairs):  # (taking turns, so a slow moment hits all alike)
            for name, command in commands.items():
                times[name].append(wall(command, env))
    bares = times["bare pygame-ce window"]
    print(f"Beginner at zoom {zoom} ({size[0]}x{size[1]}), a history of {args.games} games")
    print(f"{'':36}{'median':>9}{'min':>9}   median of {args.pairs} pairwise ratios to bare")
    for name, runs in times.items():
        print(
            f"{name:36}{statistics.median(runs) * 1000:>6.0f} ms{min(runs) * 1000:>6.0f} ms"
            f"   {ratio(runs, bares):.2f}x"
        )
    game = ratio(times["game, start to first frame"], bares)
    ready = ratio(times["game, start to first input handled"], bares)
    print(f"the game: {game:.2f}x a bare window (target <= 1.3x)")
    print(f"the first input: {ready:.2f}x a bare window (target <= 1.6x)")


if __name__ == "__main__":
    main()
