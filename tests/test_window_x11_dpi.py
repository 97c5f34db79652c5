"""The UI scale follows the display's DPI where the system tells it (issue 41, item 1):
on a real X server (Xvfb) whose screen says 96 DPI the words are at 1, at 192 DPI at
2 (the window laid out again at the first rest, where ctypes loads for the sleep),
and a scale the player set wins over the screen's.

Xvfb's ``-dpi`` sets the X screen's size in millimetres; its RandR output says 0 mm,
so SDL (which asks XRandR first) is told to read the screen's (SDL_VIDEO_X11_XRANDR=0),
as it does on a server without XRandR. A monitor on a real server gives XRandR its size.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from test_window_x11 import need

from game.persist.data_folder import SETTINGS_FILE
from game.persist.settings import SETTINGS_VERSION
from game.view.viewport import SIDE_WIDTH

DRIVER = r"""
import json, sys, threading, time
import pygame
from game import cli
from game.app import App
from game.view import native, scale

app = App(cli.Options(sound=False, data_dir=sys.argv[1]))
seen = []

def player():
    time.sleep(1.0)  # (the first frame up, the first rest taken)
    try:
        seen.append({
            "dpi": native.display_dpi(),
            "ui": scale.current(),
            "side": app.viewport.side.width,
        })
    finally:
        pygame.event.post(pygame.event.Event(pygame.QUIT))

threading.Thread(target=player, daemon=True).start()
app.run()
app.close()
print(json.dumps(seen))
"""


@contextmanager
def xvfb(dpi: int) -> Iterator[str]:
    """A bare Xvfb screen (1920x1080) saying this DPI: its display's name."""
    need("Xvfb")
    read, write = os.pipe()
    screen = ["-screen", "0", "1920x1080x24", "-dpi", str(dpi)]
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), *screen, "-nolisten", "tcp"],
        pass_fds=(write,),
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as pipe:
        name = f":{pipe.readline().strip()}"
    try:
        yield name
    finally:
        server.terminate()
        server.wait(10)


def run_at(dpi: int, data: Path, ui_scale: int | None) -> dict[str, object]:
    data.mkdir()
    settings: dict[str, object] = {"version": SETTINGS_VERSION}
    if ui_scale is not None:
        settings["ui_scale"] = ui_scale
    (data / SETTINGS_FILE).write_text(json.dumps(settings))
    with xvfb(dpi) as display:
        env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11"}
        env["SDL_VIDEO_X11_XRANDR"] = "0"
        env.pop("WAYLAND_DISPLAY", None)
        done = subprocess.run(
            [sys.executable, "-c", DRIVER, str(data)],
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
            check=False,
        )
    assert done.returncode == 0, done.stderr
    found: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])[0]
    return found


@pytest.mark.parametrize(
    ("dpi", "ui_scale", "expected"),
    [(96, None, 1), (192, None, 2), (192, 1, 1), (96, 2, 2)],
    ids=["96-dpi", "192-dpi", "192-dpi-player-1", "96-dpi-player-2"],
)
def test_the_first_ui_scale_is_the_displays_dpi_unless_the_player_set_one(
    tmp_path: Path, dpi: int, ui_scale: int | None, expected: int
) -> None:
    found = run_at(dpi, tmp_path / "data", ui_scale)
    assert found["dpi"] is not None and abs(float(str(found["dpi"])) - dpi) < 2, found
    assert found["ui"] == expected, found
    assert found["side"] == SIDE_WIDTH * expected, found  # (the side laid out at it)
