"""The race's client speaks MQTT 5 where the broker does (Mosquitto): it subscribes with
"no local", so none of its own messages come back; a broker of 3.1.1 alone (amqtt,
named by its address) refuses 5 and the client races through it with 3.1.1, saying no
fault; a progress not yet sealed is replaced by a newer one, not queued behind it."""

from __future__ import annotations

from collections.abc import Iterator

import paho.mqtt.client as mqtt
import pytest
from mosquitto import Mosquitto
from test_net_client import Side, has, hello_answered, race, up

from game.net import messages as m
from game.net.broker import Broker
from game.net.client import Link, RaceClient, published
from game.net.embedded import EmbeddedBroker
from game.net.room import new_code


@pytest.fixture
def older() -> Iterator[str]:
    """A broker of MQTT 3.1.1 alone, named by its address (not the embedded default)."""
    server = EmbeddedBroker("127.0.0.1")
    server.start()
    yield f"mqtt://127.0.0.1:{server.port}"
    server.stop()


def payloads(side: Side) -> list[bytes]:
    """What the side's connection receives from now on (its handler kept)."""
    client = side.client.mqtt
    assert client is not None
    got: list[bytes] = []
    handler = client.on_message
    assert handler is not None

    def heard(c: mqtt.Client, data: object, message: mqtt.MQTTMessage) -> None:
        got.append(bytes(message.payload))
        handler(c, data, message)

    client.on_message = heard
    return got


def test_through_mosquitto_none_of_a_sides_own_messages_come_back(broker: Mosquitto) -> None:
    ada, bob = hello_answered(broker.url)
    assert ada.client.protocol == bob.client.protocol == mqtt.MQTTv5
    to_ada, to_bob = payloads(ada), payloads(bob)
    race(ada, bob)
    bob.client.say(m.Progress, game=1, ms=900, solved=5, bbbv=20, clicks=7)
    ada.wait(has(m.Progress, ms=900))
    ada.client.say(m.Got, game=1)
    bob.wait(has(m.Got))
    assert to_ada and to_bob
    assert not set(to_ada) & set(to_bob), "a side received its own message back"
    ada.client.close()
    bob.client.close()


def test_a_broker_of_3_1_1_alone_is_raced_through_with_3_1_1(older: str) -> None:
    ada, bob = hello_answered(older)
    assert ada.client.protocol == bob.client.protocol == mqtt.MQTTv311
    race(ada, bob)
    for side in (ada, bob):  # (the refusal of 5 is no fault to say)
        assert not any(isinstance(g, Link) and not g.up for g in side.got), side.got
    bob.client.close()
    ada.wait(has(m.Bye))
    ada.client.close()


def test_the_embedded_default_is_spoken_to_with_3_1_1_from_the_start() -> None:
    hello = {"name": "Ada", "role": "host"}
    assert RaceClient(None, new_code(), hello).protocol == mqtt.MQTTv311  # (amqtt's)
    named = RaceClient(Broker.parse("mqtt://127.0.0.1:1"), new_code(), hello)
    assert named.protocol == mqtt.MQTTv5


def test_a_progress_not_yet_sealed_is_replaced_by_the_newer(broker: Mosquitto) -> None:
    code = new_code()
    bob = Side(broker.url, code, "Bob", "guest")
    bob.wait(up)
    ada = RaceClient(Broker.parse(broker.url), code, {"name": "Ada", "role": "host"})
    for ms in range(100, 1100, 100):  # (said before its thread runs: all waiting)
        ada.say(m.Progress, game=1, ms=ms, solved=ms // 100, bbbv=20, clicks=1)
    ada.start()
    bob.wait(has(m.Progress, ms=1000))
    bob.wait(has(m.Hello, name="Ada"))
    assert [p.ms for p in bob.messages(m.Progress)] == [1000]  # type: ignore[attr-defined]
    ada.say(m.Progress, game=1, ms=1200, solved=12, bbbv=20, clicks=1)
    bob.wait(has(m.Progress, ms=1200))  # (and the next one after it goes as ever)
    ada.close()
    bob.client.close()


def test_a_bye_refused_as_it_was_said_is_not_waited_for() -> None:
    """paho raises from is_published where the broker was gone as the bye was said
    (the race's thread died of it in test_net_client's last will): that is no wait."""
    refused = mqtt.MQTTMessageInfo(1)
    refused.rc = mqtt.MQTT_ERR_NO_CONN
    assert published(refused)
    waiting = mqtt.MQTTMessageInfo(2)
    assert not published(waiting)
