"""A page's own window closed on a real X server (Xvfb with openbox): the X
window stays (hidden, kept for the next page: game.view.page_window.closed), so what
is sent to it as it closes, xdotool's keys or SDL's own wake-up (XSendEvent to the
newest window when another thread posts an event while the loop sleeps), never meets a
destroyed window: a BadWindow on X_SendEvent, which Xlib's default error handler
ends the process with; a thread wakes the loop all the while. A key sent to the page
closed is the focused window's (SDL gives a key the window with the keyboard focus, as
a keyboard's); the game's own window still takes its keys. (What was queued for the
page is no one's: tests/test_page_closed.py.)

These need Xvfb, openbox, xwininfo and xdotool, which .ci/run installs; on a machine
without them they are skipped, except under CI, where that is a failure.
"""

from __future__ import annotations

import json
from pathlib import Path

from test_window_x11 import drive, need
from test_window_x11_side import x_display

from game.persist.data_folder import SETTINGS_FILE

DRIVER = r"""
import json, subprocess, sys, threading, time
from game import cli
from game.app import App
from game.view.commands import Command
from game.view.waiting import wake

app = App(cli.Options(sound=False, data_dir=sys.argv[1]))
posting = []
def waker():  # (another thread whose results the window shows: the race's client, long work)
    while not posting:
        wake()
        time.sleep(0.001)
threading.Thread(target=waker, daemon=True).start()

def page():
    top = app.stage.scenes[-1][0] if app.stage.scenes else None
    return getattr(top, "page", None)

def until(done):
    for _ in range(200):
        app.run(frames=1)
        if done():
            return True
        time.sleep(0.01)
    return False

def keys(handle, *names):
    sent = subprocess.run(["xdotool", "key", "--window", str(handle), *names],
                          capture_output=True, text=True)
    return [sent.returncode, sent.stderr.strip().splitlines()[:2]]

until(lambda: app.frame >= 5)
seen = []
for turn in range(6):
    app.play.command(Command.STATISTICS if turn % 2 else Command.BEST_TIMES)
    opened = until(lambda: page() is not None)
    handle = page().window.handle
    closing = keys(handle, "Escape")  # (the X server's key, sent to the page's window)
    closed = until(lambda: page() is None)
    after = keys(handle, "Escape", "Escape")  # (to the page just closed)
    alive = subprocess.run(["xwininfo", "-id", str(handle)], capture_output=True).returncode
    for _ in range(10):  # (the keys handled: the focused window's, a keyboard's as ever)
        app.run(frames=1)
    seen.append({"opened": opened, "closing": closing, "closed": closed, "after": after,
                 "exists": alive == 0, "handle": handle, "cells": app.table.game.opened_count,
                 "dialog": app.stage.top_dialog is not None})
game = app.viewport.window.window.handle
keys(game, "Return", "space")  # (the game's own window: the cursor shown, its cell opened)
until(lambda: app.table.game.opened_count > 0)
seen.append({"cells": app.table.game.opened_count})
posting.append(True)
app.close()
print(json.dumps(seen))
"""


def test_a_page_closed_keeps_its_window_for_what_is_sent_to_it(tmp_path: Path) -> None:
    need("xdotool")
    # (the classic window, its side hidden: every page opens in a window of its own)
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"version": 4, "counters_shown": False}))
    with x_display("1920x1080") as display:
        seen = drive(display, DRIVER, str(tmp_path))
    *turns, last = seen
    for turn in turns:
        assert turn["opened"] and turn["closed"], turn
        assert turn["closing"] == [0, []], turn
        assert turn["after"] == [0, []], turn  # (before: BadWindow on X_SendEvent)
        assert turn["exists"], turn
        assert turn["cells"] == 0 and not turn["dialog"], turn
    assert len({turn["handle"] for turn in turns}) == 1  # (one window, kept and shown again)
    assert last["cells"] > 0  # (the game's window still takes its keys)
