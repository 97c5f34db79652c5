"""The executable carries the live race: the frozen game (MINESWEEPER_FROZEN_EXE,
built by tools/build_exe.sh; skipped without it) hosts a room through a real
Mosquitto, and this process's race client joins it by the code the game printed: it
hears the game's sealed hello and setup (paho-mqtt and cryptography work frozen), and
its last will when the game is killed; the same over TLS (mqtts://, the broker's
certificate verified against an authority named by ?ca=: the executable carries ssl).
Then with no broker named: the frozen game runs its own (amqtt) and announces the room
(zeroconf), where the client finds it by the code alone."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import netns
import pytest
from mosquitto import Mosquitto
from test_net_tls import tls_broker  # noqa: F401 (a fixture)
from test_packaging import clean_env, frozen_exe  # noqa: F401 (a fixture)

from game.net import messages as m
from game.net.broker import Broker
from game.net.client import RaceClient

HERE = Path(__file__).resolve().parent


def hosting(exe: Path, tmp: Path, *argv: str) -> subprocess.Popen[str]:
    """The frozen game hosting a room (its code the first line out), for a minute."""
    return subprocess.Popen(
        [str(exe), "--race", "host", *argv, "--frames", "3600"],
        env=clean_env(tmp),
        start_new_session=True,  # (its group killed: the one-file build's child too)
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_the_frozen_game_hosts_a_race_another_client_joins(
    frozen_exe: Path,  # noqa: F811
    broker: Mosquitto,
    tmp_path: Path,
) -> None:
    hosted_and_joined(frozen_exe, broker.url, tmp_path)


def test_the_frozen_game_races_over_tls(
    frozen_exe: Path,  # noqa: F811
    tls_broker: tuple[Mosquitto, Path],  # noqa: F811
    tmp_path: Path,
) -> None:
    broker, ca = tls_broker
    hosted_and_joined(frozen_exe, f"{broker.tls_url}?ca={ca}", tmp_path)


def hosted_and_joined(exe: Path, url: str, tmp_path: Path) -> None:
    """The frozen game hosts on ``url``; a client of this process joins and hears it."""
    game = hosting(exe, tmp_path, "--broker", url)
    assert game.stdout is not None
    code = game.stdout.readline().strip()
    guest = RaceClient(Broker.parse(url), code, {"name": "Bob", "role": "guest", "ready": True})
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


WHY_NOT = netns.why_not()


@pytest.mark.skipif(WHY_NOT is not None, reason=f"no network namespace: {WHY_NOT}")
def test_the_frozen_game_hosts_through_its_own_broker_found_by_the_code(
    frozen_exe: Path,  # noqa: F811
    tmp_path: Path,
) -> None:
    """The embedded default, frozen: amqtt and zeroconf in the executable. In a network
    of the test's own (tests/netns.py): the mDNS stays there."""
    done = netns.run(HERE / "lan_frozen.py", str(frozen_exe), str(tmp_path), timeout=150)
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout.splitlines()[-1])
    assert seen["role"] == "host", seen
    assert str(seen["board"]).count("-") == 5, seen
    assert "Traceback" not in seen["stderr"], seen["stderr"]
