"""A live race, whole: two headless game processes (tests/race_player.py), each the
real window's App driven by real mouse events through the real loop, race a Beginner
no-guess board through a real Mosquitto. The host is started with --race host (its
room code alone on standard output's first line), the guest with --race join CODE;
each sees the other's progress while they play; the broker is killed as soon as the
host has finished and started again while the guest plays on; both agree on the winner,
each verified the other's replay (the guest's finish crossed the restart), and each
keeps its record against the other."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from mosquitto import Mosquitto

ROOT = Path(__file__).resolve().parent.parent
PLAYER = Path(__file__).resolve().parent / "race_player.py"


def player(tmp: Path, who: str, pace: float, lose: str, *argv: str) -> subprocess.Popen[str]:
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYTHONPATH": f"{ROOT}{os.pathsep}{os.environ.get('PYTHONPATH', '')}",
    }
    return subprocess.Popen(
        [
            sys.executable,
            str(PLAYER),
            str(tmp / f"{who}.json"),
            who,
            str(pace),
            lose,
            *argv,
            "--data-dir",
            str(tmp / who),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def race(
    tmp: Path, url: str, guest_loses: bool, broker: Mosquitto | None = None
) -> tuple[dict[str, object], dict[str, object]]:
    """Ada hosts, Bob joins and plays slower; ``broker``: killed as soon as Ada has
    finished and started again 1.5 s later, while Bob plays on."""
    host = player(tmp, "Ada", 0.2, "win", "--race", "host", "--broker", url)
    assert host.stdout is not None
    code = host.stdout.readline().strip()
    assert len(code) == 14 and code.count("-") == 2, code
    guest = player(
        tmp, "Bob", 0.4, "lose" if guest_loses else "win", "--race", "join", code, "--broker", url
    )
    if broker is not None:
        assert host.stdout.readline().strip() == "finished"
        broker.kill()
        time.sleep(1.5)
        broker.start()
    for process in (guest, host):
        _, err = process.communicate(timeout=120)
        assert process.returncode == 0, err
    ada = json.loads((tmp / "Ada.json").read_text())
    bob = json.loads((tmp / "Bob.json").read_text())
    return ada, bob


def both_won_and_agree(ada: dict[str, object], bob: dict[str, object]) -> None:
    """Both players won the same board against each other, each verified the other's
    replay (the finish is believed), and they agree on the winner and the score."""
    assert ada["board"] == bob["board"] and str(ada["board"]).count("-") == 5
    assert ada["opponent"] == "Bob" and bob["opponent"] == "Ada"
    assert ada["mine"][0] == "won" and bob["mine"][0] == "won"
    assert ada["unverified"] is None and bob["unverified"] is None
    assert ada["their_state"] == "won" and bob["their_state"] == "won"
    assert (ada["winner"], bob["winner"]) in (("me", "them"), ("them", "me"))
    assert ada["score"] == list(reversed(bob["score"]))


def test_two_windows_race_through_mosquitto_restarted_mid_race(
    tmp_path: Path, broker: Mosquitto
) -> None:
    ada, bob = race(tmp_path, broker.url, guest_loses=False, broker=broker)
    both_won_and_agree(ada, bob)
    # Each keeps its record against the other (won, lost, drawn).
    assert ada["record"] == ([1, 0, 0] if ada["winner"] == "me" else [0, 1, 0])
    assert bob["record"] == [ada["record"][1], ada["record"][0], 0]
    # The slower guest saw the host's progress come while she played: sent 12 times a
    # second, seen at least 5 times a second of her game by a loop that also plays.
    assert bob["progress_seen"] >= max(3, 5 * ada["mine"][1] / 1000), (bob, ada)
