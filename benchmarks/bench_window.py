"""Window speed: start-up, redraws, a click, and idle CPU, each beside its yardstick.

Run: python benchmarks/bench_window.py [--beside TREE]

``--beside TREE``: the redraws and clicks measured again, in the same run, on another
checkout of the game (its files only: ``git archive COMMIT | tar -x -C TREE``), each
figure printed beside that tree's (the code before a change, measured by the same
measure at the same moment of the machine's load).

Uses the real display if DISPLAY is set, else SDL's dummy driver (set it yourself
to compare like with like). Sound is off (--no-sound). Timings are the best of a
few runs. A benchmark, not a test: it asserts nothing.
"""

from __future__ import annotations

import compileall
import json
import os
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Callable
from pathlib import Path

from window_env import ROOT  # first: the environment pygame starts in

# isort: split
import pygame

from game import cli
from game.app import App
from game.core.game import Game
from game.modes.ordinary import Ordinary
from game.rules import PRESETS, Difficulty
from game.session.geometry import Layout
from game.session.picture import Picture, picture_of
from game.session.table import MoveApplied

ZOOM = 2
EXPERT = PRESETS[Difficulty.EXPERT]
GAME_ARGS = ["--difficulty", "expert", "--zoom", str(ZOOM), "--no-sound"]


def best_wall(command: list[str], repeats: int = 5) -> float:
    """The fastest of several runs of a whole process, in seconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run(command, check=True, cwd=ROOT, capture_output=True)
        times.append(time.perf_counter() - start)
    return min(times)


def yardstick_script() -> str:
    """A bare script: import pygame, open a window of the game's size, flip once."""
    width, height = Layout(EXPERT.rows, EXPERT.cols).size
    return textwrap.dedent(f"""
        import pygame
        pygame.init()
        screen = pygame.display.set_mode(({width * ZOOM}, {height * ZOOM}))
        screen.fill((192, 192, 192))
        pygame.display.flip()
        pygame.quit()
    """)


def idle_cpu_percent(seconds: float = 5.0) -> float:
    """CPU used by the running game, idle, over some seconds, as % of one core."""
    game = subprocess.Popen([sys.executable, "-m", "game", *GAME_ARGS], cwd=ROOT)
    try:
        time.sleep(2.0)  # let it start and settle
        ticks = os.sysconf("SC_CLK_TCK")

        def cpu() -> float:
            fields = Path(f"/proc/{game.pid}/stat").read_text().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / ticks

        before, start = cpu(), time.perf_counter()
        time.sleep(seconds)
        used, wall = cpu() - before, time.perf_counter() - start
        return 100 * used / wall
    finally:
        game.terminate()
        game.wait(timeout=10)


def frame_times() -> dict[str, tuple[float, float]]:
    """(render ms, present ms) of a full Expert redraw, a one-cell click and a cascade.

    Render: our work, events to pixels in the window surface, in CPU time. Present:
    showing the window surface (Window.flip), which on X11 includes SDL's round trip
    to the X server, in wall time.
    """
    app = App(cli.Options(board=EXPERT, zoom=ZOOM, sound=False, seed=3))
    app.run(frames=1)
    # Mines spread over the right side: many number cells; the left side is empty.
    rows = [
        "".join("*" if (r % 4 == 1 and c % 5 == 2 and c > 8) else "." for c in range(30))
        for r in range(EXPERT.rows)
    ]
    app.table.start(Ordinary.given(Game.from_layout("\n".join(rows))))
    app.stage.draw()
    renderer, screen = app.viewport.renderer, app.viewport.screen

    def scene() -> Picture:
        return picture_of(app.table.session, app.play.input.feedback, counter_below_zero=True)

    def timed(act: Callable[[], list[pygame.Rect]]) -> tuple[float, float]:
        # (the render in this process's CPU time, which other processes' load on the
        # machine moves little; the present in wall time: the X server's share too)
        start = time.process_time()
        drawn = act()
        rendered, shown = time.process_time(), time.perf_counter()
        if drawn:
            app.viewport.window.present()
        return ((rendered - start) * 1000, (time.perf_counter() - shown) * 1000)

    def full() -> list[pygame.Rect]:
        renderer.invalidate()
        return renderer.draw(screen, app.table.game, scene())

    def whole() -> list[pygame.Rect]:
        """The play screen drawn whole as a repaint draws it: the board, its side
        (the live counters, shown by default) and the menu bar."""
        return [rect for scene, _ in app.stage.scenes for rect in scene.draw(screen, True)]

    def click(row: int, col: int) -> Callable[[], list[pygame.Rect]]:
        pos = app.viewport.cell_pos(row, col)

        def act() -> list[pygame.Rect]:
            changed: set[tuple[int, int]] = set()

            def heard(event: object) -> None:
                if isinstance(event, MoveApplied):
                    changed.update(event.delta.changed)

            app.table.listeners.append(heard)
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                app.handle(pygame.event.Event(kind, pos=pos, button=1))
            app.table.listeners.remove(heard)
            return renderer.draw(screen, app.table.game, scene(), changed)

        return act

    def median(samples: list[tuple[float, float]]) -> tuple[float, float]:
        ordered = sorted(samples, key=sum)
        return ordered[len(ordered) // 2]

    results = {"full": median([timed(full) for _ in range(200)])}
    results["screen"] = median([timed(whole) for _ in range(200)])
    results["cascade"] = timed(click(15, 0))  # the empty left side opens in one click
    mines = set(app.table.game.mine_cells())
    numbers = [
        (r, c)
        for r in range(EXPERT.rows)
        for c in range(EXPERT.cols)
        if app.table.game.look(r, c).name == "HIDDEN" and (r, c) not in mines
    ]
    results["click"] = median([timed(click(r, c)) for r, c in numbers[:60]])
    app.close()
    return results


def beside(tree: Path) -> dict[str, tuple[float, float]]:
    """frame_times() of the game in another tree (this file's measure, its code)."""
    code = textwrap.dedent(f"""
        import json, sys
        sys.path.insert(0, {str(Path(__file__).parent)!r})
        import window_env  # (which puts this checkout first: the other goes before it)
        sys.path.insert(0, {str(tree)!r})
        import bench_window
        import game
        assert game.__file__.startswith({str(tree)!r}), game.__file__
        print(json.dumps(bench_window.frame_times()))
    """)
    done = subprocess.run(
        [sys.executable, "-c", code], check=True, cwd=tree, capture_output=True, text=True
    )
    return {
        key: (pair[0], pair[1]) for key, pair in json.loads(done.stdout.splitlines()[-1]).items()
    }


def main() -> None:
    driver = os.environ.get("SDL_VIDEODRIVER") or f"X11 ({os.environ.get('DISPLAY')})"
    print(f"Python {sys.version.split()[0]}, pygame-ce {pygame.version.ver}, video: {driver}\n")
    # An installed game runs from bytecode (pip compiles at install, PyInstaller
    # bundles it), as pygame here does: compile ours too, or a machine that sets
    # PYTHONDONTWRITEBYTECODE would time the compiler at every start.
    compileall.compile_dir(ROOT / "game", quiet=1)
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as script:
        script.write(yardstick_script())
    bare = best_wall([sys.executable, script.name])
    ours = best_wall([sys.executable, "-m", "game", *GAME_ARGS, "--frames", "1"])
    other = Path(sys.argv[sys.argv.index("--beside") + 1]) if "--beside" in sys.argv else None
    theirs = beside(other) if other is not None else None
    frames = frame_times()
    if other is not None:  # (theirs again after ours: the load's drift on both sides)
        again = beside(other)
        assert theirs is not None
        theirs = {key: min(theirs[key], again[key], key=sum) for key in theirs}
    idle = idle_cpu_percent()

    def frame(key: str) -> str:
        render, present = frames[key]
        said = f"{render:6.3f} ms + {present:.3f} ms"
        if theirs is not None and key in theirs:
            said += f" (beside: {theirs[key][0]:.3f} ms + {theirs[key][1]:.3f} ms)"
        return said

    rows = [
        (
            "start to first frame, Expert at 2x (--frames 1)",
            f"{ours * 1000:6.0f} ms",
            f"bare pygame window {bare * 1000:.0f} ms: {ours / bare:.2f}x (target <= 1.3x)",
        ),
        ("full Expert redraw at 2x: render + present", frame("full"), "target < 2 ms"),
        ("the play screen drawn whole (board, side, bar)", frame("screen"), "target < 4 ms"),
        ("a click opening one cell (median of 60)", frame("click"), "target < 1 ms"),
        ("a click that cascades", frame("cascade"), "(only the dirty cells)"),
        ("idle CPU over 5 s", f"{idle:6.2f} %", "target < 2% of a core"),
    ]
    for name, figure, yardstick in rows:
        print(f"{name:<50} {figure}   {yardstick}")


if __name__ == "__main__":
    main()
