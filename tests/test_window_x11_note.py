"""A note's own window follows the game's window on a real X server (Xvfb with
openbox): the game's window moved by another X client, as a drag by the window
manager moves it (XMoveWindow through libX11, from a connection of its own: SDL hears
of it only as X tells it, WINDOWMOVED), the note's window is under it again at once,
where it would open there, not left where it opened until the next note.

These need Xvfb, openbox and xwininfo (x11-utils), which .ci/run installs; on a machine
without them they are skipped, except under CI, where that is a failure.
"""

from __future__ import annotations

from pathlib import Path

from test_window_x11 import drive
from test_window_x11_side import x_display

DRIVER = r"""
import ctypes, ctypes.util, json, re, subprocess, sys, time
import pygame
from game import cli
from game.app import App
from game.replay.boardcode import BoardCode
from game.rules import PRESETS, Difficulty, GameRules
from game.view.commands import Command

data = sys.argv[1]
code = BoardCode(PRESETS[Difficulty.BEGINNER], GameRules(), 4242, (4, 4)).code
options = cli.parse_args(["--data-dir", data, "--no-sound", "--zoom", "2", "--board", code])
app = App(options)
app.run(frames=1)
app.get_ready()
if app.play.counters.shown:  # (the classic window: the note goes in a window of its own)
    app.play.command(Command.COUNTERS)

def settle():
    for _ in range(15):
        app.run(frames=1)
        time.sleep(0.03)

def geometry(window):
    info = subprocess.run(["xwininfo", "-id", hex(window.handle)], capture_output=True,
                          text=True).stdout
    read = lambda name: int(re.search(name + r":\s+(-?\d+)", info).group(1))
    return [read("Absolute upper-left X"), read("Absolute upper-left Y"),
            read("Width"), read("Height")]

x11 = ctypes.CDLL(ctypes.util.find_library("X11"))
x11.XOpenDisplay.restype = ctypes.c_void_p
x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
x11.XMoveWindow.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int]
x11.XFlush.argtypes = x11.XCloseDisplay.argtypes = [ctypes.c_void_p]

def moved_by_another_client(window, x, y):
    other = x11.XOpenDisplay(None)
    x11.XMoveWindow(other, window.handle, x, y)
    x11.XFlush(other)
    x11.XCloseDisplay(other)

settle()
game, note = app.viewport.window.window, app.play.notes.window.window
seen = [{"game": geometry(game), "note": note and geometry(note), "text": app.play.notes.text}]
for x, y in ((400, 150), (40, 300)):
    moved_by_another_client(game, x, y)
    settle()
    note = app.play.notes.window.window
    seen.append({"game": geometry(game), "note": note and geometry(note)})
app.close()
print(json.dumps(seen))
"""


def test_a_notes_own_window_follows_the_games_window_moved(tmp_path: Path) -> None:
    with x_display("1920x1080") as display:
        seen = drive(display, DRIVER, str(tmp_path))
    first = seen[0]
    assert first["text"] and first["note"], first  # (the start cell's words, in their window)
    offsets = set()
    for shot in seen:
        (gx, gy, _, gh), (nx, ny, _, _) = shot["game"], shot["note"]  # type: ignore[misc]
        offsets.add((nx - gx, ny - (gy + gh)))
    assert len({tuple(shot["game"]) for shot in seen}) == 3, seen  # (the game's window moved)
    assert len(offsets) == 1, seen  # the note as far under the game's window each time
    ((dx, dy),) = offsets
    assert dx == 0 and 0 < dy < 40, seen  # (its left edge on the game's, just under it)
