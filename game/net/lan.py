"""The embedded default: with no broker named, two computers on one network race out
of the box. The host's game runs a broker of its own (game.net.embedded) and announces
the room with mDNS (python-zeroconf); the guest, given the code, looks for that room's
name for at most FIND_S seconds and races through the broker it names, by the same
protocol as through any other (docs/RACE.md, "The embedded default").

The name announced is derived from the code by the room's scrypt (``Room.lan_name``,
bytes of its own), never the code: a listener on the network learns a busy room's
address, nothing that helps guess its code, its topic or its key.

Everything here runs on the race client's thread, never the window's: the broker's
start, the announcement (some tenths of a second of probing), the search.
"""

from __future__ import annotations

import atexit
import contextlib
import socket
import threading
import time

from zeroconf import IPVersion, ServiceInfo, Zeroconf

from game.net.broker import Broker
from game.net.client import NO_ROOM
from game.net.embedded import EmbeddedBroker
from game.net.room import VERSION, Room
from game.net.where import addresses

SERVICE = "_minesweep-race._tcp.local."
"""The announcement's service type (its name at most 15 characters: RFC 6335)."""
FIND_S = 5.0
"""How long a guest looks for the room on the network, at most (seconds)."""
CONNECT_S = 1.0
"""How long a guest tries each address the room names (seconds)."""


class LanError(OSError):
    """The embedded default failed (one line for the player)."""


def service_info(room: Room, port: int, where: list[str]) -> ServiceInfo:
    """The room's announcement: its name, the broker's port and addresses, and the
    protocol's version in the TXT record."""
    return ServiceInfo(
        SERVICE,
        f"{room.lan_name}.{SERVICE}",
        addresses=[socket.inet_aton(ip) for ip in where],
        port=port,
        properties={"v": str(VERSION), "transport": "tcp"},
        server=f"{room.lan_name}.local.",
    )


def find(room: Room, within: float = FIND_S) -> Broker:
    """The broker of the room announced on the network (LanError: none within
    ``within`` seconds, or none of its addresses answers)."""
    deadline = time.monotonic() + within
    zeroconf = Zeroconf(ip_version=IPVersion.V4Only)
    try:
        info = zeroconf.get_service_info(
            SERVICE, f"{room.lan_name}.{SERVICE}", timeout=int(within * 1000)
        )
    finally:
        zeroconf.close()
    if info is None or info.port is None or info.properties.get(b"v") != str(VERSION).encode():
        raise LanError(NO_ROOM)
    for ip in info.parsed_addresses(IPVersion.V4Only):
        left = deadline - time.monotonic()
        with contextlib.suppress(OSError):
            socket.create_connection((ip, info.port), max(0.2, min(CONNECT_S, left))).close()
            return Broker(ip, info.port, tls=False, websockets=False)
    raise LanError(NO_ROOM)


class LanRoom:
    """One room's embedded default: the host's broker and announcement, or the guest's
    search. ``open`` gives the broker to connect to; ``close`` ends what it started."""

    def __init__(self, host: bool, within: float = FIND_S) -> None:
        self.host, self.within = host, within
        self.broker: EmbeddedBroker | None = None
        self.zeroconf: Zeroconf | None = None
        self.info: ServiceInfo | None = None
        self._lock = threading.Lock()

    def open(self, room: Room) -> Broker:
        """Host: the game's own broker started and the room announced (its address on
        this computer); guest: the room's broker found on the network."""
        if not self.host:
            return find(room, self.within)
        _OPEN.add(self)
        with self._lock:
            self.broker = EmbeddedBroker()
            port = self.broker.start()
            self.info = service_info(room, port, addresses())
            self.zeroconf = Zeroconf(ip_version=IPVersion.V4Only)
            self.zeroconf.register_service(self.info, allow_name_change=False)
        return Broker("127.0.0.1", port, tls=False, websockets=False)

    def close(self) -> None:
        """The announcement withdrawn, the broker stopped (each bounded in time)."""
        _OPEN.discard(self)
        with self._lock:
            zeroconf, info, broker = self.zeroconf, self.info, self.broker
            self.zeroconf = self.info = self.broker = None
        if zeroconf is not None:
            with contextlib.suppress(Exception):  # (the network gone meanwhile)
                if info is not None:
                    zeroconf.unregister_service(info)
            zeroconf.close()
        if broker is not None:
            broker.stop()


_OPEN: set[LanRoom] = set()
"""The rooms hosted now: closed when the game quits (their goodbye said)."""


@atexit.register
def _close_all() -> None:
    for room in list(_OPEN):
        room.close()
