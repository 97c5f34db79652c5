"""Run in a network namespace of its own (tests/netns.py) by tests/test_net_lan.py: a
host's room announced (game.net.lan), found by its code, not found by another, the
names on the network listed, two race clients through the embedded default, and a
process that quits with a room open (a guest's client that finds nothing:
tests/lan_lost.py, through the window). Prints what it saw as JSON."""

from __future__ import annotations

import json
import subprocess
import sys
import time

from zeroconf import IPVersion, ServiceBrowser, ServiceListener, Zeroconf

from game.net import messages as m
from game.net.client import NO_ROOM, Link, RaceClient
from game.net.lan import SERVICE, LanError, LanRoom, find
from game.net.room import Room, new_code

QUITTER = """
import sys, time
from game.net.lan import LanRoom
from game.net.room import Room
LanRoom(host=True).open(Room.of(sys.argv[1]))
print("open", flush=True)
"""


class Names(ServiceListener):
    def __init__(self) -> None:
        self.names: list[str] = []

    def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.names.append(name)

    def update_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        pass

    def remove_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        pass


def pump(clients: dict[str, RaceClient], test: object, seconds: float) -> dict[str, list]:
    """What each client heard until ``test(heard)`` holds (hellos that ask answered)."""
    got: dict[str, list] = {name: [] for name in clients}
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not test(got):  # type: ignore[operator]
        for name, client in clients.items():
            for each in client.heard():
                got[name].append(each)
                if isinstance(each, m.Hello) and not each.answer:
                    client.say(m.Hello, answer=True)
        time.sleep(0.01)
    return got


def said(got: list[object], kind: type, **fields: object) -> bool:
    return any(
        isinstance(g, kind) and all(getattr(g, k) == v for k, v in fields.items()) for g in got
    )


def main() -> None:
    seen: dict[str, object] = {}
    code = new_code()
    room = Room.of(code)
    listener = Names()
    browsing = Zeroconf(ip_version=IPVersion.V4Only)
    ServiceBrowser(browsing, SERVICE, listener)
    host = LanRoom(host=True)
    began = time.monotonic()
    hosted = host.open(room)
    seen["hosted_s"] = time.monotonic() - began
    began = time.monotonic()
    found = find(Room.of(code.lower().replace("-", " ")))
    seen["found_s"] = time.monotonic() - began
    seen["found"] = found.port == hosted.port
    began = time.monotonic()
    try:
        find(Room.of(new_code()), within=2.0)
        seen["wrong"] = "found"
    except LanError as error:
        seen["wrong"] = str(error) == NO_ROOM
    seen["wrong_s"] = time.monotonic() - began
    time.sleep(0.5)
    browsing.close()
    seen["names"] = listener.names
    seen["lan_name"] = room.lan_name
    bare = code.replace("-", "")
    seen["code_in_names"] = any(
        part.upper() in name.upper() for name in listener.names for part in (bare, code)
    )
    began = time.monotonic()
    host.close()
    seen["closed_s"] = time.monotonic() - began

    # Two race clients, no broker named: the host's runs one, the guest finds it.
    code = new_code()
    ada = RaceClient(None, code, {"name": "Ada", "role": "host", "ready": True})
    ada.start()
    pump({"ada": ada}, lambda got: said(got["ada"], Link, up=True), 15)
    bob = RaceClient(None, code, {"name": "Bob", "role": "guest", "ready": True})
    bob.start()
    sides = {"ada": ada, "bob": bob}
    got = pump(sides, lambda got: said(got["bob"], m.Hello, name="Ada"), 15)
    seen["bob_met_ada"] = said(got["bob"], m.Hello, name="Ada")
    bob.say(m.Progress, game=1, ms=500, solved=3, bbbv=20, clicks=4, state="playing")
    got = pump(sides, lambda got: said(got["ada"], m.Progress, solved=3), 10)
    seen["clients_race"] = said(got["ada"], m.Progress, solved=3)
    bob.close()
    ada.close(wait=5)
    seen["host_broker_stopped"] = ada.lan is not None and ada.lan.broker is None
    # A game that quits with a room open ends at once.
    began = time.monotonic()
    quitter = subprocess.run(
        [sys.executable, "-c", QUITTER, new_code()],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    seen["quit_s"] = time.monotonic() - began
    seen["quit"] = [quitter.returncode, quitter.stdout.strip(), quitter.stderr.strip()]
    print(json.dumps(seen))


if __name__ == "__main__":
    main()
