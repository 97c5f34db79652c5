"""The one window on a real X server (Xvfb with openbox): from the start of a Beginner
board-code game through Statistics, Best times, the History, the board-code entry and
a lost game's result, the window keeps one size and one place, as the X server reports
them (xwininfo), not as the game believes them.

These need Xvfb, openbox and xwininfo (x11-utils), which .ci/run installs; on a machine
without them they are skipped, except under CI, where that is a failure.
"""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_window_x11 import drive, need

X_GEOMETRY = r"""
def x_geometry():
    # The game's window as the X server has it: found by its process, measured by xwininfo.
    import re, subprocess
    tree = subprocess.run(["xwininfo", "-root", "-tree"], capture_output=True, text=True).stdout
    ids = re.findall(r"(0x[0-9a-f]+) \"Minesweeper[^\"]*\"", tree)
    info = subprocess.run(["xwininfo", "-id", ids[0]], capture_output=True, text=True).stdout
    read = lambda name: int(re.search(name + r":\s+(-?\d+)", info).group(1))
    return [read("Absolute upper-left X"), read("Absolute upper-left Y"),
            read("Width"), read("Height")]
"""
"""A driver's function (its source) that reads the game's window from the X server:
[x, y, width, height]."""

DRIVER = (
    r"""
import json, re, subprocess, sys, time
import pygame
from game import cli
from game.app import App
from game.replay.boardcode import BoardCode
from game.rules import PRESETS, Difficulty
from game.rules import GameRules
from game.view.commands import Command

data, zoom = sys.argv[1], sys.argv[2]
code = BoardCode(PRESETS[Difficulty.BEGINNER], GameRules(), 4242, (4, 4)).code
options = cli.parse_args(["--data-dir", data, "--no-sound", "--zoom", zoom, "--board", code])
app = App(options)
app.run(frames=1)
app.get_ready()
seen = []

def settle():
    for _ in range(10):
        app.run(frames=1)
        time.sleep(0.03)

"""
    + X_GEOMETRY
    + r"""
def step(name, shown):
    settle()
    top = app.stage.top_dialog
    seen.append({"step": name, "x": x_geometry(), "dialog": None if top is None else top.title,
                 "shown": shown, "zoom": app.viewport.zoom})

step("start", None)
for name in ("STATISTICS", "BEST_TIMES", "HISTORY", "BOARD_CODE"):
    app.play.command(Command[name])
    step(name, True)
    app.stage.clear_dialogs()
    step(name + " closed", None)
start = app.table.session.start
pos = app.viewport.cell_pos(*start)
for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
    pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
settle()
mine = sorted(app.table.game.mine_cells())[0]
pos = app.viewport.cell_pos(*mine)
for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
    pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
step("lost", True)
app.close()
print(json.dumps(seen))
"""
)


@contextlib.contextmanager
def x_display(size: str) -> Iterator[str]:
    """An Xvfb screen of this size with openbox on it: its display's name."""
    for tool in ("Xvfb", "openbox", "xwininfo"):
        need(tool)
    read, write = os.pipe()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{size}x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as pipe:
        name = f":{pipe.readline().strip()}"
    manager = subprocess.Popen(
        ["openbox", "--sm-disable"],
        env={**os.environ, "DISPLAY": name},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        subprocess.run(["sleep", "0.5"], check=True)
        yield name
    finally:
        manager.terminate()
        manager.wait(10)
        xvfb.terminate()
        xvfb.wait(10)


@pytest.fixture
def screen(request: pytest.FixtureRequest) -> Iterator[str]:
    with x_display(request.param) as name:
        yield name


@pytest.mark.parametrize(
    ("screen", "zoom"),
    [("1920x1080", 2), ("1280x1024", 1), ("1280x1024", 4)],
    indirect=["screen"],
    ids=["1920x1080-zoom-2", "1280x1024-zoom-1", "1280x1024-zoom-4"],
)
def test_the_window_keeps_one_size_and_place_through_the_dialogs_and_a_loss(
    screen: str, zoom: int, tmp_path: Path
) -> None:
    seen = drive(screen, DRIVER, str(tmp_path), str(zoom))
    titles = [shot["dialog"] for shot in seen if shot["shown"]]
    assert titles == ["Statistics", "Best times: Beginner", *titles[2:]]
    assert re.match("History", str(titles[2])) and titles[3] == "Play board code"
    assert titles[4] == "Game over"  # the lost game's result, beside the board
    geometry = {tuple(shot["x"]) for shot in seen}  # type: ignore[arg-type]
    assert len(geometry) == 1, seen  # one size, one place, as X has it
    ((x, y, width, height),) = geometry
    desk_w, desk_h = (int(n) for n in screen_size(screen))
    assert x >= 0 and x + width <= desk_w and y >= 0 and y + height <= desk_h
    assert {shot["zoom"] for shot in seen} == {zoom}


def screen_size(display: str) -> tuple[str, str]:
    info = subprocess.run(
        ["xwininfo", "-root"],
        capture_output=True,
        text=True,
        env={**os.environ, "DISPLAY": display},
    ).stdout
    width = re.search(r"Width:\s+(\d+)", info)
    height = re.search(r"Height:\s+(\d+)", info)
    assert width and height
    return (width.group(1), height.group(1))
