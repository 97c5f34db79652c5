"""Run in a network namespace of its own (tests/netns.py) by
tests/test_window_lan_race.py: a headless game (the real window's App, its real loop)
joins with --race join CODE and no broker, a code no game on the network hosts; it
steps its loop until the room's dialog gives up. Prints the dialog's lines, how long
the search took and whether the client's thread still runs, as JSON."""

from __future__ import annotations

import json
import os
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.app import App
from game.cli import parse_args
from game.net.client import NO_ROOM
from game.net.room import new_code


def main() -> None:
    app = App(parse_args(["--race", "join", new_code(), "--data-dir", sys.argv[1]]))
    began = time.monotonic()
    lines: list[str] = []
    while time.monotonic() - began < 15:
        app.run(frames=app.frame + 3)
        dialog = app.stage.top_dialog
        lines = list(getattr(dialog, "lines", [])) if dialog is not None else []
        if NO_ROOM in lines:
            break
    flow = app.race_friend().flow
    print(
        json.dumps(
            {
                "lines": lines,
                "found_s": time.monotonic() - began,
                "client_alive": flow is not None and flow.client.alive,
            }
        )
    )
    app.close()


if __name__ == "__main__":
    main()
