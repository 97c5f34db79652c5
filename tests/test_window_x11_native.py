"""On a real X server (Xvfb, with and without a window manager) the window lives like a
native program's: it sleeps on the X connection with nothing running (the loop's own
count of its wake-ups) and its pixels reach the server without an OpenGL driver in
the process (SDL's X11 framebuffer: no Mesa loaded to copy a picture drawn in software).
"""

from __future__ import annotations

from pathlib import Path

from test_window_x11 import display, drive  # noqa: F401  (the fixture: a real X server)

DRIVER = r"""
import json, sys, threading, time
import pygame
from game import cli
from game.app import App

app = App(cli.Options(sound=False, data_dir=sys.argv[1]))
counted = []

def player():
    time.sleep(0.5)  # (the first frame up, the window settled and asleep)
    before = app.rest.wakes
    time.sleep(1.0)
    counted.append(app.rest.wakes - before)
    pygame.event.post(pygame.event.Event(pygame.QUIT))

threading.Thread(target=player, daemon=True).start()
app.run()
with open("/proc/self/maps") as maps:
    mapped = sorted({line.split()[-1].rsplit("/", 1)[-1] for line in maps if "/" in line})
app.close()
print(json.dumps([{"wakes": counted[0], "mapped": mapped, "asleep": app.rest.asleep()}]))
"""

GL = ("libGL", "libGLX", "libEGL", "libLLVM", "libgallium", "swrast_dri", "libOpenGL")
"""What an OpenGL driver (Mesa's, a vendor's) maps into the process."""


def test_on_x11_the_window_sleeps_and_loads_no_opengl_driver(
    display: str,  # noqa: F811  (the fixture imported above)
    tmp_path: Path,
) -> None:
    found = drive(display, DRIVER, str(tmp_path))[0]
    assert found["asleep"], "SDL's wait was not found: the loop wakes 30 times a second"
    assert found["wakes"] <= 2, f"{found['wakes']} wake-ups in a second with nothing running"
    opengl = [name for name in found["mapped"] if name.startswith(GL)]  # type: ignore[union-attr]
    assert not opengl, f"an OpenGL driver loaded for a software picture: {opengl}"
