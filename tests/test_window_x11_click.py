"""A click that gives the game's window the focus is a click, on a real X server (Xvfb
with openbox, the pointer moved and pressed by xdotool as a player's mouse): SDL drops
a press that comes with its window's focus unless told not to, so the first press on
the face after the result's own window had the focus did nothing (a new player's
"the face does not work"), and so did the first press on the board after any other
window. And a press in the game's window under a page of its own brings the page back
in front (the window manager had raised the game's window over it).

These need Xvfb, openbox, xwininfo and xdotool, which .ci/run installs; on a machine
without them they are skipped, except under CI, where that is a failure.
"""

from __future__ import annotations

import json
from pathlib import Path

from test_window_x11 import drive, need
from test_window_x11_side import X_GEOMETRY, x_display

DRIVER = (
    r"""
import json, subprocess, sys, time
from game import cli
from game.app import App
from game.core.game import Game
from game.modes.ordinary import Ordinary
from game.view.commands import Command

options = cli.parse_args(["--data-dir", sys.argv[1], "--no-sound", "--zoom", "2",
                          "--difficulty", "beginner"])
app = App(options)
app.run(frames=1)
app.get_ready()

def settle():
    for _ in range(10):
        app.run(frames=1)
        time.sleep(0.03)
"""
    + X_GEOMETRY
    + r"""
def press(x, y):
    # The pointer moved there, then pressed and let go, as a player's mouse does.
    subprocess.run(["xdotool", "mousemove", str(x), str(y)], check=True)
    settle()
    subprocess.run(["xdotool", "click", "1"], check=True)
    settle()

def on_game(pos):
    x, y = x_geometry()[:2]
    return x + pos[0], y + pos[1]

layout = "*........\n" + ".........\n" * 3 + "*********\n" + ".........\n" * 4
app.table.start(Ordinary.given(Game.from_layout(layout)))
settle()
press(*on_game(app.viewport.cell_pos(8, 8)))  # the rows under the wall
press(*on_game(app.viewport.cell_pos(0, 0)))  # the mine
page = app.stage.top.page
left, top = (int(n) for n in page.window.position)
press(left + 20, top + 5)  # on the result's own window: it has the focus
lost = str(app.table.game.status.name)
press(*on_game(app.viewport.face_pos()))  # the face, in the game's window
after_face = app.table.game.status.name
dialog = app.stage.top_dialog is not None
app.play.command(Command.STATISTICS)  # a page of its own, modal
settle()
press(*on_game(app.viewport.cell_pos(4, 4)))  # the window manager raises the game's window
focused = subprocess.run(["xdotool", "getwindowfocus", "getwindowname"],
                         capture_output=True, text=True).stdout.strip()
print(json.dumps({"lost": lost, "after_face": after_face, "dialog": dialog,
                  "in_front": focused, "after_cell": app.table.game.status.name}))
app.close()
"""
)


def test_the_press_that_focuses_the_game_window_starts_the_next_game(tmp_path: Path) -> None:
    need("xdotool")
    # The classic window (the side hidden): the result opens in a window of its own.
    (tmp_path / "settings.json").write_text(json.dumps({"version": 4, "counters_shown": False}))
    with x_display("1280x1024") as name:
        seen = drive(name, DRIVER, str(tmp_path))
    assert seen == {
        "lost": "LOST",
        "after_face": "READY",
        "dialog": False,
        "in_front": "Statistics",  # brought back over the game's window: it is modal
        "after_cell": "READY",  # (the press opened nothing)
    }
