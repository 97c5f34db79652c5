"""The executable carries the live race: the frozen game (MINESWEEPER_FROZEN_EXE,
built by tools/build_exe.sh; skipped without it) hosts a room through a real
Mosquitto, and this process's race client joins it by the code the game printed: it
hears the game's sealed hello and setup (paho-mqtt and cryptography work frozen), and
its last will when the game is killed."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

from mosquitto import Mosquitto
from test_packaging import clean_env, frozen_exe  # noqa: F401 (a fixture)

from game.net import messages as m
from game.net.broker import Broker
from game.net.client import RaceClient


def test_the_frozen_game_hosts_a_race_another_client_joins(
    frozen_exe: Path,  # noqa: F811
    broker: Mosquitto,
    tmp_path: Path,
) -> None:
    game = subprocess.Popen(
        [str(frozen_exe), "--race", "host", "--broker", broker.url, "--frames", "3600"],
        env=clean_env(tmp_path),
        start_new_session=True,  # (its group killed: the one-file build's child too)
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert game.stdout is not None
    code = game.stdout.readline().strip()
    guest = RaceClient(
        Broker.parse(broker.url), code, {"name": "Bob", "role": "guest", "ready": True}
    )
    guest.start()
    heard: list[object] = []

    def wait_for(kind: type[m.Message], running: bool = True) -> m.Message:
        deadline = time.monotonic() + 60
        while not any(isinstance(h, kind) for h in heard):
            assert time.monotonic() < deadline and (game.poll() is None or not running), heard
            for got in guest.heard():
                heard.append(got)
                if isinstance(got, m.Hello) and not got.answer:  # (as the game answers)
                    guest.say(m.Hello, answer=True)
            time.sleep(0.02)
        return next(h for h in heard if isinstance(h, kind))

    hello = wait_for(m.Hello)
    setup = wait_for(m.Setup)
    assert isinstance(hello, m.Hello) and hello.role == "host"
    assert isinstance(setup, m.Setup) and setup.best_of == 1 and setup.board.count("-") == 5
    os.killpg(game.pid, signal.SIGKILL)  # (gone without a word: the broker says its will)
    game.communicate(timeout=30)
    wait_for(m.Bye, running=False)
    guest.close()
