"""The game beside the Minesweepers a Linux player would pick instead, on one real X
screen: the first window, the idle cost and the resident memory, each figure beside
the others from the same run.

On an Xvfb of its own (no window manager, 1920x1080), each program is started in
turn, round after round, the order reversed every other round (a busy moment of the
machine falls on all alike, and a load rising or falling through a round on no one
program more than another); the machine's load average is printed beside each run:

- first window: from the start of the process to the first top-level window mapped,
  seen from the X server (x_watch.py: MapNotify on the root window);
- idle CPU: the process's CPU time (every thread's, /proc/PID/task/*/schedstat, all
  its processes) over IDLE_S seconds, once SETTLE_S has passed after the window
  came (what a program does at start, its first frame and what follows, is not
  idling; the game runs from bytecode, as an installed game does);
- resident memory: the VmRSS of the process and its children at the end.

Each figure is the median of the rounds (fastest-slowest beside it); the first
window's ratios are given two ways, the medians' ratio and the median of each
round's own ratio (the two programs started one after the other in that round).

The programs: Debian's sgt-puzzles (Tatham's Mines: `sgt-mines`) and gnome-mines
when installed (`apt-get install sgt-puzzles gnome-mines`: not test dependencies),
a bare pygame-ce window (SDL's defaults; and with the software framebuffer the game
chooses on X11, game.view.window.software_framebuffer; and that at the size of the
game's window on this screen), `python -m game` (nothing
running; and with a game's clock running: a cell clicked with xdotool once the window
came, in a fresh data folder each start), and the executables built from build.spec when given:

    MINESWEEPER_BUILD=onedir python -m PyInstaller --distpath /tmp/dir build.spec
    MINESWEEPER_BUILD=onefile python -m PyInstaller --distpath /tmp/one build.spec
    python benchmarks/bench_peers.py --onedir /tmp/dir/minesweeper/minesweeper \
        --onefile /tmp/one/minesweeper

A benchmark, not a test. Run: python benchmarks/bench_peers.py [--rounds N] [--runs N]
"""

from __future__ import annotations

import argparse
import compileall
import contextlib
import glob
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from x_watch import MapWatch

ROOT = Path(__file__).resolve().parent.parent
SCREEN = "1920x1080x24"
SETTLE_S = 2.0
IDLE_S = 3.0
CLICKED_S = 1.5
"""After the click that starts a game's clock, the idling is measured from this long
after (the first click deals the board and opens it)."""
TICKS = os.sysconf("SC_CLK_TCK")

BARE = """
import sys, time
import pygame
pygame.display.init()
screen = pygame.display.set_mode((int(sys.argv[1]), int(sys.argv[2])))
screen.fill((192, 192, 192))
pygame.display.flip()
while not pygame.event.peek(pygame.QUIT):  # (its memory, not its idling, is the yardstick)
    time.sleep(0.2)
"""


@dataclass
class Program:
    name: str
    command: list[str]
    env: dict[str, str] = field(default_factory=dict)
    click: bool = False
    """Click a cell once the window came (the game's clock then runs)."""
    idles_shown: bool = True
    """Its idle CPU is a figure of the table (a bare window drawn once is not)."""
    firsts: list[float] = field(default_factory=list)
    idles: list[float] = field(default_factory=list)
    residents: list[float] = field(default_factory=list)


def tree(pid: int) -> list[int]:
    """The process and its descendants (a one-file build runs its game in a child)."""
    parents: dict[int, list[int]] = {}
    for stat in glob.glob("/proc/[0-9]*/stat"):
        try:
            fields = Path(stat).read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents.setdefault(int(fields[1]), []).append(int(stat.split("/")[2]))
    found, todo = [], [pid]
    while todo:
        here = todo.pop()
        found.append(here)
        todo += parents.get(here, [])
    return found


def cpu_s(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        for task in glob.glob(f"/proc/{pid}/task/*/schedstat"):
            try:
                total += int(Path(task).read_text().split()[0])
            except (OSError, ValueError, IndexError):
                continue
    return total / 1e9


def resident_mb(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


def cell_offset(display: str) -> tuple[int, int]:
    """Where a Beginner cell of the first frame is in the game's window (its layout
    at the zoom the game picks for this screen)."""
    script = (
        "import pygame\n"
        "from game.rules import PRESETS, Difficulty\n"
        "from game.view.viewport import fitting_zoom, layout_for\n"
        "pygame.display.init()\n"
        "board = PRESETS[Difficulty.BEGINNER]\n"
        "zoom = fitting_zoom(board, lambda scale: 0)\n"
        "layout, _ = layout_for(board, zoom, lambda scale: 0)\n"
        "x, y, w, h = layout.cell_rect(4, 4)\n"
        "print((x + w // 2) * zoom, (y + h // 2) * zoom)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={**os.environ, "DISPLAY": display, "PYGAME_HIDE_SUPPORT_PROMPT": "1"},
        capture_output=True,
        text=True,
        check=True,
    )
    x, y = done.stdout.split()
    return int(x), int(y)


def window_of(display: str, pid: int) -> str | None:
    found = subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--pid", str(pid), "--name", "."],
        env={**os.environ, "DISPLAY": display},
        capture_output=True,
        text=True,
        check=False,
    ).stdout.split()
    return found[0] if found else None


def game_window_size(display: str) -> tuple[int, int]:
    """The size of the window the game opens on this screen (its zoom and side as it
    picks them): the bare window's of the same size is the fair yardstick of memory,
    a window's pixels being held twice (the surface drawn on, the X server's copy)."""
    env = {**os.environ, "DISPLAY": display, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    with tempfile.TemporaryDirectory(prefix="minesweeper-peers-") as data:
        env["MINESWEEPER_DATA_DIR"] = data
        watch = MapWatch(display)
        watch.drain()
        process = subprocess.Popen(
            [sys.executable, "-m", "game"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            watch.first_map(30.0)
            watch.close()
            time.sleep(1.0)
            window = window_of(display, process.pid)
            if window is None:
                raise RuntimeError("the game's window was not found")
            shown = subprocess.run(
                ["xdotool", "getwindowgeometry", "--shell", window],
                env=env,
                capture_output=True,
                text=True,
                check=True,
            ).stdout
        finally:
            process.terminate()
            process.wait(10)
    found = dict(line.split("=", 1) for line in shown.split())
    return int(found["WIDTH"]), int(found["HEIGHT"])


def once(program: Program, display: str, cell: tuple[int, int]) -> None:
    """Start the program, time its first window, let it settle, measure its idling."""
    env = {**os.environ, "DISPLAY": display, **program.env}
    if program.click:  # (a fresh data folder: the game left under way is not offered back)
        env["MINESWEEPER_DATA_DIR"] = tempfile.mkdtemp(prefix="minesweeper-peers-")
    for name in ("WAYLAND_DISPLAY", "PYTHONDONTWRITEBYTECODE"):  # (from bytecode, as installed)
        env.pop(name, None)
    watch = MapWatch(display)
    watch.drain()
    start = time.perf_counter()
    process = subprocess.Popen(
        program.command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        mapped = watch.first_map(30.0)
        watch.close()
        if mapped is None:
            raise RuntimeError(f"{program.name}: no window in 30 s")
        program.firsts.append((mapped - start) * 1000)
        time.sleep(SETTLE_S)
        if program.click:
            window = window_of(display, process.pid)
            if window is None:
                raise RuntimeError(f"{program.name}: its window was not found")
            subprocess.run(
                ["xdotool", "mousemove", "--window", window, *map(str, cell), "click", "1"],
                env=env,
                check=True,
            )
            time.sleep(CLICKED_S)
        pids = tree(process.pid)
        before, began = cpu_s(pids), time.perf_counter()
        time.sleep(IDLE_S)
        used, spent = cpu_s(pids) - before, time.perf_counter() - began
        program.idles.append(used / spent * 100)
        program.residents.append(resident_mb(tree(process.pid)))
    finally:
        for pid in reversed(tree(process.pid)):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, 15)
        process.wait(10)
        if program.click:
            shutil.rmtree(env["MINESWEEPER_DATA_DIR"], ignore_errors=True)


def programs(args: argparse.Namespace, data: Path, size: tuple[int, int]) -> list[Program]:
    game_env = {"MINESWEEPER_DATA_DIR": str(data), "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    found = []
    for name, path in (
        ("Tatham's Mines (C, GTK)", "/usr/games/sgt-mines"),
        ("GNOME Mines (Vala, GTK)", "/usr/games/gnome-mines"),
    ):
        if Path(path).exists():
            found.append(Program(name, [path], {"NO_AT_BRIDGE": "1"}))
    python = [sys.executable]
    small = [*python, "-c", BARE, "328", "414"]  # (Beginner at 1x, the game's smallest)
    software = {**game_env, "SDL_FRAMEBUFFER_ACCELERATION": "0"}
    found += [
        Program("a bare pygame-ce window", small, game_env, idles_shown=False),
        Program("  the same, software framebuffer", small, software, idles_shown=False),
        Program(
            f"  the same, {size[0]}x{size[1]} (the game's)",
            [*python, "-c", BARE, *map(str, size)],
            software,
            idles_shown=False,
        ),
        Program("this game, python -m game", [*python, "-m", "game"], game_env),
        Program(
            "  the same, the clock running",
            [*python, "-m", "game", "--seed", "1"],
            game_env,
            click=True,
        ),
    ]
    if args.onedir:
        found.append(Program("the one-folder build", [args.onedir], game_env))
    if args.onefile:
        found.append(Program("the one-file build", [args.onefile], game_env))
    return found


def paired(ours: Program, theirs: Program) -> float:
    """The median of each round's ratio of the two programs' first windows."""
    return statistics.median(a / b for a, b in zip(ours.firsts, theirs.firsts, strict=True))


def load_line(loads: list[float]) -> str:
    """The 1-minute load averages taken before each round and at the end of a run."""
    return (
        f"load average (1 min): {loads[0]:.1f} at the start, {min(loads):.1f}-"
        f"{max(loads):.1f} through the run, {loads[-1]:.1f} at the end"
    )


def table(found: list[Program]) -> None:
    by_name = {program.name: program for program in found}
    print(f"{'program':36}{'first window':>20}{'idle CPU':>12}{'resident':>11}")
    for program in found:
        firsts = program.firsts
        idle = f"{statistics.median(program.idles):.2f}%" if program.idles_shown else "-"
        print(
            f"{program.name:36}{statistics.median(firsts):7.0f} ms ({min(firsts):.0f}-"
            f"{max(firsts):.0f}){idle:>11}{statistics.median(program.residents):8.1f} MB"
        )
    game = by_name["this game, python -m game"]
    first = statistics.median(game.firsts)
    gnome = by_name.get("GNOME Mines (Vala, GTK)")
    if gnome is not None:
        print(
            f"first window, game / GNOME Mines: {first / statistics.median(gnome.firsts):.2f}x "
            f"(each round's: {paired(game, gnome):.2f}x)"
        )
    for name in ("the one-folder build", "the one-file build"):
        if name in by_name:
            ratio = statistics.median(by_name[name].firsts) / first
            print(
                f"first window, {name} / python -m game: {ratio:.2f}x "
                f"(each round's: {paired(by_name[name], game):.2f}x; target <= 1.1x)"
            )
    resident = statistics.median(game.residents)
    for bare in (program for program in found if not program.idles_shown):  # (the bare windows)
        over = resident - statistics.median(bare.residents)
        print(f"resident, game - {bare.name.strip()}: {over:+.1f} MB (target <= +10 MB)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--onedir", help="the one-folder build's executable")
    parser.add_argument("--onefile", help="the one-file build's executable")
    args = parser.parse_args()
    for tool in ("Xvfb", "xdotool"):
        if shutil.which(tool) is None:
            sys.exit(f"bench_peers: {tool} is needed")
    xvfb = subprocess.Popen(  # (it writes the display it took to its standard output)
        ["Xvfb", "-displayfd", "1", "-screen", "0", SCREEN, "-nolisten", "tcp"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert xvfb.stdout is not None
    display = ":" + xvfb.stdout.readline().strip()
    compileall.compile_dir(str(ROOT / "game"), quiet=1)  # (an installed game's bytecode)
    try:
        cell = cell_offset(display)
        size = game_window_size(display)
        for run in range(1, args.runs + 1):
            with tempfile.TemporaryDirectory() as scratch:
                found = programs(args, Path(scratch), size)
                for program in found:  # (warm the file cache; the game's data folder made)
                    once(program, display, cell)
                    program.firsts, program.idles, program.residents = [], [], []
                loads = []
                for turn in range(args.rounds):
                    loads.append(os.getloadavg()[0])
                    for program in found if turn % 2 == 0 else found[::-1]:
                        once(program, display, cell)
                loads.append(os.getloadavg()[0])
            print(f"\nrun {run}: Xvfb {SCREEN}, no window manager, {args.rounds} rounds in turn;")
            print(f"idle: {IDLE_S:.0f} s from {SETTLE_S:.0f} s after the first window;")
            print(f"{load_line(loads)}\n")
            table(found)
    finally:
        xvfb.terminate()
        xvfb.wait(10)


if __name__ == "__main__":
    main()
