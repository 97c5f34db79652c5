"""Run in a network namespace of its own (tests/netns.py) by tests/test_frozen_race.py:
the frozen game (the path given) hosts a room with no broker named, the embedded
default (its own amqtt broker, the room announced with zeroconf); a race client of
this process, given the code alone, finds it on the network and hears the game's
sealed hello and setup. Prints what it heard as JSON."""

from __future__ import annotations

import json
import os
import signal
import sys
import time
from pathlib import Path

from test_frozen_race import hosting

from game.net import messages as m
from game.net.client import Link, RaceClient


def main() -> None:
    exe, tmp = Path(sys.argv[1]), Path(sys.argv[2])
    game = hosting(exe, tmp)
    assert game.stdout is not None
    code = game.stdout.readline().strip()
    guest = RaceClient(None, code, {"name": "Bob", "role": "guest", "ready": True})
    guest.start()
    heard: list[object] = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and game.poll() is None:
        for got in guest.heard():
            heard.append(got)
            if isinstance(got, m.Hello) and not got.answer:
                guest.say(m.Hello, answer=True)
        if any(isinstance(h, m.Setup) for h in heard):
            break
        time.sleep(0.02)
    hello = next((h for h in heard if isinstance(h, m.Hello)), None)
    setup = next((h for h in heard if isinstance(h, m.Setup)), None)
    guest.close()
    os.killpg(game.pid, signal.SIGTERM)
    _, err = game.communicate(timeout=30)
    print(
        json.dumps(
            {
                "role": hello.role if isinstance(hello, m.Hello) else None,
                "board": setup.board if isinstance(setup, m.Setup) else None,
                "links": [h.why for h in heard if isinstance(h, Link)],
                "stderr": err[-2000:],
            }
        )
    )


if __name__ == "__main__":
    main()
