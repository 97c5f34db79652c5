"""A live race through the embedded default, whole: two headless game processes
(tests/race_player.py: the real window's App, real mouse events through the real
loop), neither given a broker, in a network of the test's own (tests/netns.py: the
mDNS stays there). The host's game runs the broker and announces the room; the guest's
finds it by the code alone; they race a Beginner no-guess board, each sees the other's
progress, both agree on the winner and each verified the other's replay. A code no game
hosts: the room's dialog says so in one line, within the search's bound."""

from __future__ import annotations

import json
from pathlib import Path

import netns
import pytest
from test_window_live_race import both_won_and_agree

from game.net.client import NO_ROOM

HERE = Path(__file__).resolve().parent
WHY_NOT = netns.why_not()


@pytest.mark.skipif(WHY_NOT is not None, reason=f"no network namespace: {WHY_NOT}")
def test_two_windows_race_through_the_embedded_default(tmp_path: Path) -> None:
    done = netns.run(HERE / "lan_race.py", str(tmp_path), timeout=150)
    assert done.returncode == 0, done.stderr[-4000:]
    ada = json.loads((tmp_path / "Ada.json").read_text())
    bob = json.loads((tmp_path / "Bob.json").read_text())
    both_won_and_agree(ada, bob)
    assert bob["progress_seen"] >= 3 and ada["progress_seen"] >= 3, (ada, bob)


@pytest.mark.skipif(WHY_NOT is not None, reason=f"no network namespace: {WHY_NOT}")
def test_a_code_no_one_hosts_is_one_line_in_the_rooms_dialog(tmp_path: Path) -> None:
    done = netns.run(HERE / "lan_lost.py", str(tmp_path), timeout=60)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-3000:]
    seen = json.loads(done.stdout.splitlines()[-1])
    assert NO_ROOM in seen["lines"], seen
    assert not any("trying again" in line for line in seen["lines"]), seen
    assert seen["found_s"] < 10 and seen["client_alive"] is False, seen
