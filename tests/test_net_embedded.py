"""The embedded default's broker alone (game.net.embedded: amqtt on a thread of its
own), on loopback: the game's own race clients race through it; it carries the race's
tree alone; an oversized message, a wrong topic, garbage bytes, a huge packet length,
a silent connection and too many clients end only their own connections, and the race
goes on; it stops at once, its thread and its port gone."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import paho.mqtt.client as mqtt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from paho.mqtt.enums import CallbackAPIVersion
from test_net_client import has, hello_answered, race

from game.net import embedded
from game.net import messages as m
from game.net.embedded import EmbeddedBroker
from game.net.room import PREFIX

pytestmark = pytest.mark.filterwarnings("error::pytest.PytestUnraisableExceptionWarning")
"""(A coroutine of amqtt's left pending when its loop closed would say so: none may.)"""


@pytest.fixture
def broker() -> Iterator[EmbeddedBroker]:
    server = EmbeddedBroker("127.0.0.1")
    server.start()
    yield server
    server.stop()


def url(server: EmbeddedBroker) -> str:
    return f"mqtt://127.0.0.1:{server.port}"


def paho(server: EmbeddedBroker, heard: list[tuple[str, bytes]]) -> mqtt.Client:
    client = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv311)
    client.on_message = lambda _c, _u, message: heard.append((message.topic, message.payload))
    client.connect("127.0.0.1", server.port, 5)
    client.loop_start()
    return client


def wait_for(test: object, seconds: float = 5) -> bool:
    deadline = time.monotonic() + seconds
    while not test():  # type: ignore[operator]
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def test_two_race_clients_race_through_it(broker: EmbeddedBroker) -> None:
    ada, bob = hello_answered(url(broker))
    race(ada, bob)
    bob.client.close()
    ada.wait(has(m.Bye))
    ada.client.close()


def test_it_carries_the_race_tree_alone(broker: EmbeddedBroker) -> None:
    heard: list[tuple[str, bytes]] = []
    listener, talker = paho(broker, heard), paho(broker, [])
    for topic in (PREFIX + "ab", "#", "other/room", "$SYS/#"):
        listener.subscribe(topic, 1)
    time.sleep(0.3)
    talker.publish("other/room", b"no", 1)
    talker.publish(PREFIX + "ab", b"yes", 1)
    assert wait_for(lambda: heard)
    time.sleep(0.3)
    assert heard == [(PREFIX + "ab", b"yes")]
    for client in (listener, talker):
        client.disconnect()
        client.loop_stop()


def test_it_keeps_no_message_for_later_subscribers(broker: EmbeddedBroker) -> None:
    talker = paho(broker, [])
    assert wait_for(talker.is_connected)
    talker.publish(PREFIX + "kept", b"x" * 1000, 1, retain=True).wait_for_publish(5)
    heard: list[tuple[str, bytes]] = []
    later = paho(broker, heard)
    later.subscribe(PREFIX + "#", 1)
    time.sleep(0.5)
    talker.publish(PREFIX + "live", b"now", 1)
    assert wait_for(lambda: heard)
    assert heard == [(PREFIX + "live", b"now")]
    for client in (talker, later):
        client.disconnect()
        client.loop_stop()


def raw(server: EmbeddedBroker, data: bytes, then: bytes = b"") -> bytes:
    """What the broker answers to these bytes (and to ``then``, sent once it has
    answered the first) before it closes the connection. What it said before a reset is
    kept: a broker that closes with bytes unread resets the connection, and a reset
    that comes while a large write is still going out would lose the answer already
    sent (so ``then`` waits for it)."""
    answer = b""
    with socket.create_connection(("127.0.0.1", server.port), 5) as sock:
        sock.settimeout(5)
        try:
            sock.sendall(data)
            if then:
                answer = sock.recv(65536)
                sock.sendall(then)
            while chunk := sock.recv(65536):
                answer += chunk
        except (ConnectionResetError, BrokenPipeError):
            return answer
        return answer


CONNECT = bytes.fromhex("101000044d5154540402000500046576696c")  # (client "evil", keep-alive 5)


def publish(topic: str, payload_length: int) -> bytes:
    body = len(topic).to_bytes(2, "big") + topic.encode() + b"x" * payload_length
    length, n = b"", len(body)
    while True:
        n, digit = divmod(n, 128)
        length += bytes([digit | (0x80 if n else 0)])
        if not n:
            break
    return b"\x30" + length + body


def test_hostile_clients_end_their_own_connections_and_the_race_goes_on(
    broker: EmbeddedBroker,
) -> None:
    heard: list[tuple[str, bytes]] = []
    listener = paho(broker, heard)
    listener.subscribe(PREFIX + "#", 1)
    time.sleep(0.3)
    began = time.monotonic()
    assert raw(broker, b"\xff" * 5000) == b""  # (garbage: closed unanswered)
    assert raw(broker, bytes(range(256)) * 40) == b""
    assert raw(broker, b"\x10\xff\xff\xff\x7f") == b""  # (a CONNECT of 256 MB: not read)
    oversized = publish(PREFIX + "x", embedded.MAX_PACKET + 10)
    assert raw(broker, CONNECT, then=oversized).startswith(b"\x20\x02")  # (connected, then closed)
    assert raw(broker, CONNECT + publish("elsewhere", 10) + b"\xe0\x00").startswith(b"\x20")
    assert time.monotonic() - began < 10
    time.sleep(0.3)
    assert heard == [] and broker.running
    ada, bob = hello_answered(url(broker))
    race(ada, bob)
    for side in (ada, bob):
        side.client.close()
    listener.disconnect()
    listener.loop_stop()


def test_a_silent_connection_and_one_too_many_are_closed(
    broker: EmbeddedBroker, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(embedded, "IDLE_S", 0.5)
    monkeypatch.setattr(embedded, "MAX_CLIENTS", 3)
    silent = [socket.create_connection(("127.0.0.1", broker.port), 5) for _ in range(3)]
    time.sleep(0.1)
    assert raw(broker, CONNECT) == b""  # (a fourth: closed at once)
    for sock in silent:
        sock.settimeout(5)
        assert sock.recv(10) == b""  # (silent for IDLE_S: closed)
        sock.close()
    assert wait_for(lambda: broker.clients == 0)
    assert raw(broker, CONNECT).startswith(b"\x20\x02\x00\x00")  # (room again: accepted)


def test_it_stops_at_once_and_leaves_nothing_running() -> None:
    server = EmbeddedBroker("127.0.0.1")
    port = server.start()
    heard: list[tuple[str, bytes]] = []
    client = paho(server, heard)
    assert wait_for(client.is_connected)
    began = time.monotonic()
    server.stop()
    assert time.monotonic() - began < 3
    assert not server.running
    assert not [t for t in threading.enumerate() if t.name == "race-broker"]
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), 1).close()
    client.loop_stop()


def test_a_port_taken_is_one_line() -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        server = EmbeddedBroker("127.0.0.1", taken.getsockname()[1])
        with pytest.raises(embedded.EmbeddedError, match="cannot start") as error:
            server.start()
        assert "\n" not in str(error.value)
        assert not server.running


@pytest.fixture(scope="module")
def shared() -> Iterator[EmbeddedBroker]:
    server = EmbeddedBroker("127.0.0.1")
    server.start()
    yield server
    server.stop()


@settings(max_examples=40, deadline=None)
@given(
    st.one_of(
        st.binary(max_size=3000),
        st.binary(max_size=300).map(lambda tail: CONNECT + tail),
        st.tuples(st.text(max_size=40), st.integers(0, 2000)).map(
            lambda topic_size: CONNECT + publish(*topic_size)
        ),
    )
)
def test_any_bytes_end_their_own_connection_in_bounded_time(
    shared: EmbeddedBroker, data: bytes
) -> None:
    """Whatever a client sends, the broker answers at most a CONNACK (and PUBACKs),
    closes the connection within the idle bound, and goes on running."""
    began = time.monotonic()
    with socket.create_connection(("127.0.0.1", shared.port), 5) as sock:
        sock.settimeout(0.3)
        try:
            sock.sendall(data)
            sock.shutdown(socket.SHUT_WR)  # (the client has said all it will)
            while sock.recv(65536):
                pass
        except (TimeoutError, ConnectionResetError, BrokenPipeError):
            pass
    assert time.monotonic() - began < 5
    assert shared.running
