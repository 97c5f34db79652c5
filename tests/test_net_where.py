"""Where this computer is (game.net.where): a broker the host named on its own computer
is said to the friend by the computer's address, since the friend's game cannot reach
"localhost" or 127.0.0.1 of another computer; any other broker as it was named; never
with the host's own authority's file (a path of the host's computer)."""

from __future__ import annotations

from game.net.broker import Broker
from game.net.where import addresses, on_loopback, reachable


def test_loopback_is_known_by_name_and_address() -> None:
    for host in ("localhost", "LOCALHOST", "127.0.0.1", "127.3.4.5", "::1"):
        assert on_loopback(host)
    for host in ("club.example", "192.0.2.7", "2001:db8::1", "localhost.club.example"):
        assert not on_loopback(host)


def test_a_broker_on_this_computer_is_named_by_its_address() -> None:
    here = Broker.parse("mqtts://localhost:8883?ca=/home/ada/club-ca.pem")
    assert reachable(here, ["127.0.0.1", "192.0.2.7"]).url == "mqtts://192.0.2.7:8883"
    assert reachable(Broker.parse("ws://127.0.0.1:9001/mqtt"), ["192.0.2.7"]).url == (
        "ws://192.0.2.7:9001/mqtt"
    )
    alone = Broker.parse("mqtt://127.0.0.1:1883")  # (a computer on no network: as it is)
    assert reachable(alone, ["127.0.0.1"]).url == alone.url
    club = Broker.parse("mqtts://Club.example:8883?ca=/home/ada/club-ca.pem")
    assert reachable(club, ["192.0.2.7"]).url == "mqtts://club.example:8883"  # (its own path)
    assert reachable(club).place == club.place
    assert addresses() and all(isinstance(ip, str) for ip in addresses())
