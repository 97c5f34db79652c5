"""The embedded default's discovery (game.net.lan), in a network of the test's own (a
network namespace: tests/netns.py; mDNS is never sent on the machine's network): the
host's room is announced under a name derived from its code, never the code; a guest
finds it by the code (read case-blind, spaced), and a wrong code finds nothing within
the bound, in one line; two race clients with no broker named race through the host's
own broker; the broker stops when the room is left, and a game that quits with a room
open ends at once."""

from __future__ import annotations

import json
from pathlib import Path

import netns
import pytest

from game.net.client import NO_ROOM

HERE = Path(__file__).resolve().parent
WHY_NOT = netns.why_not()
pytestmark = pytest.mark.skipif(WHY_NOT is not None, reason=f"no network namespace: {WHY_NOT}")


@pytest.fixture(scope="module")
def seen() -> dict[str, object]:
    probe = netns.run(HERE / "lan_probe.py", timeout=90)
    assert probe.returncode == 0, probe.stderr[-3000:]
    assert "Traceback" not in probe.stderr, probe.stderr[-3000:]
    result: dict[str, object] = json.loads(probe.stdout.splitlines()[-1])
    return result


def test_the_guest_finds_the_hosts_room_by_its_code(seen: dict[str, object]) -> None:
    assert seen["found"] is True
    assert float(seen["found_s"]) < 5  # type: ignore[arg-type]


def test_a_wrong_code_finds_nothing_within_the_bound_in_one_line(
    seen: dict[str, object],
) -> None:
    assert seen["wrong"] is True
    assert float(seen["wrong_s"]) < 4  # type: ignore[arg-type]  # (2 s asked, Zeroconf's start)
    assert "\n" not in NO_ROOM


def test_the_name_announced_is_derived_from_the_code_and_does_not_contain_it(
    seen: dict[str, object],
) -> None:
    lan_name = str(seen["lan_name"])
    assert seen["names"] == [f"{lan_name}._minesweep-race._tcp.local."]
    assert len(lan_name) == 32 and int(lan_name, 16) >= 0
    assert seen["code_in_names"] is False  # (with its hyphens or without)


def test_two_race_clients_race_through_the_embedded_default(seen: dict[str, object]) -> None:
    assert seen["bob_met_ada"] is True and seen["clients_race"] is True
    assert seen["host_broker_stopped"] is True


def test_a_game_that_quits_with_a_room_open_ends_at_once(seen: dict[str, object]) -> None:
    returncode, out, err = seen["quit"]  # type: ignore[misc]
    assert (returncode, out, err) == (0, "open", "")
    assert float(seen["quit_s"]) < 10  # type: ignore[arg-type]
    assert float(seen["closed_s"]) < 3  # type: ignore[arg-type]
