"""Where this computer is on its networks: its IPv4 addresses (ifaddr: the system's
own list of interfaces, no packet sent), for the embedded default's announcement
(game.net.lan) and for a broker the host named on its own computer, which the friend's
game must reach by the computer's address, not by "localhost"."""

from __future__ import annotations

import ipaddress

import ifaddr

from game.net.broker import Broker

LOOPBACK_NAMES = ("localhost", "localhost.localdomain", "ip6-localhost")


def addresses() -> list[str]:
    """This computer's IPv4 addresses on its networks (loopback only where it has no
    other: a computer alone races itself)."""
    found: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and ip.ip not in found:
                found.append(ip.ip)
    outside = [ip for ip in found if not ip.startswith(("127.", "169.254."))]
    return outside or ["127.0.0.1"]


def on_loopback(host: str) -> bool:
    """The host names this computer alone (localhost, 127.0.0.0/8, ::1)."""
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def reachable(broker: Broker, mine: list[str] | None = None) -> Broker:
    """The broker as another computer names it: one on this computer's loopback by
    this computer's first address (``mine``: those addresses; the system's if None),
    any other by its host; never with this computer's authority's file (a path of its
    own: the friend's game has its own, named in its Settings)."""
    host = broker.host
    if on_loopback(host):
        outside = [ip for ip in (addresses() if mine is None else mine) if not on_loopback(ip)]
        host = outside[0] if outside else host
    return Broker(host, broker.port, broker.tls, broker.websockets, broker.path)
