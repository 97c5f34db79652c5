"""The race's client: one room on one broker, off the window's loop.

One thread of its own derives the room from its code (scrypt, some tens of
milliseconds), then runs the connection (paho-mqtt's external-loop calls, in one select
with a wake pair: game.net.pump): it seals and writes what the game says, reads and
opens what comes, keeps the connection alive, and connects again after a broker's
restart or a network cut (a second, then up to four between tries). The game never
waits: ``say`` puts a plain value on a queue and wakes the thread, and ``heard`` takes
what came (the messages believed, as game.net.messages values, and the link's changes,
as ``Link``) without blocking.

Every connection carries a last will, a sealed ``bye``; after each (re)connection the
client subscribes again, says hello (asking the others to say theirs) and sets the will
of the next connection.

It speaks MQTT 5 where the broker does, subscribing with "no local": the broker sends a
side none of its own messages back (half of what it would receive). A broker of 3.1.1
alone refuses the version at once (its CONNACK's "unacceptable protocol version"): the
client connects again with 3.1.1, where its own messages come back and are dropped
unopened (game.net.channel). The embedded default (amqtt) speaks 3.1.1: straight so.
A progress waiting to be sealed is replaced by a newer one (the other's panel shows the
latest): a client behind sends the latest, not a backlog.

With no broker named (the embedded default), the client's thread first starts the
host's own broker and announces the room, or finds the host's on the network
(game.net.lan, loaded then: amqtt and zeroconf load with a first race of the kind).
"""

from __future__ import annotations

import contextlib
import importlib
import socket
import ssl
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion, MQTTProtocolVersion
from paho.mqtt.subscribeoptions import SubscribeOptions

from game.language import N_, gettext
from game.net.broker import Broker
from game.net.channel import Channel
from game.net.messages import Bye, Hello, Message, Progress
from game.net.pump import Pump
from game.net.room import Room

if TYPE_CHECKING:
    from game.net.lan import LanRoom

KEEPALIVE = 5
"""Seconds between keep-alives: a side lost is told by its will within 7.5 s."""
NO_ROOM = N_(
    "No room with that code on this network: check the code, and that your friend's game"
    " has the room open."
)
"""The embedded default's guest found no room of its code (said once; no more tries)."""
MAX_HEARD = 10_000
"""What waits for the game to take it, at most (a flood beyond is dropped)."""
UNSUPPORTED_VERSION = 0x84
"""MQTT 5's CONNACK reason (paho's reading of 3.1.1's "unacceptable protocol version")."""
PROGRESS: Final = "progress"
"""On the client's queue: the latest progress said is due."""
Said = tuple[type[Message], dict[str, Any]] | Literal["progress"] | None
TICK = 1.0
"""Seconds the thread waits at most for the network or the game (the keep-alive's check)."""


@dataclass(frozen=True)
class Link:
    """The connection to the broker changed: ``up`` or not, and why (one line)."""

    up: bool
    why: str = ""
    ended: bool = False
    """The client gave up and tries no more (``why`` says why: no such room found, the
    broker's certificate is not trusted, its authority's file cannot be read)."""


UNTRUSTED = N_("the broker's certificate is not trusted ({why}); a club's own authority: ?ca=FILE")
"""Why a TLS broker was refused (translated where it is said)."""


def one_line(error: BaseException) -> str:
    """An error as one line for the player."""
    return str(error).splitlines()[0] if str(error) else repr(error)


def tls_context(broker: Broker) -> ssl.SSLContext:
    """TLS that verifies the broker's certificate and name against the system's
    authorities (SSL_CERT_FILE and SSL_CERT_DIR honoured) and the address's ``?ca=``."""
    context = ssl.create_default_context()
    if broker.ca:
        context.load_verify_locations(cafile=broker.ca)
    return context


def no_delay(client: mqtt.Client) -> None:
    """Each message sent at once (TCP_NODELAY): a progress of 100 bytes does not wait
    for the last one's acknowledgement (Nagle's algorithm: up to 40 ms on a link)."""
    sock = client.socket()
    with contextlib.suppress(AttributeError, OSError):  # (WebSockets: paho's own wrapper)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # type: ignore[union-attr]


def client_up(client: mqtt.Client | None) -> bool:
    """The client is connected to its broker now."""
    return client is not None and client.is_connected()


def published(sent: mqtt.MQTTMessageInfo) -> bool:
    """The message is out of our hands: written to the broker, or never to be (paho
    raises where it was refused at once, the connection gone as it was said)."""
    try:
        return sent.is_published()
    except (RuntimeError, ValueError):
        return True


class RaceClient:
    """One side of one room on one broker."""

    def __init__(
        self,
        broker: Broker | None,
        code: str,
        hello: dict[str, Any],
        wake: Callable[[], None] = lambda: None,
    ) -> None:
        """``broker``: None, the embedded default (the host's own broker, found on
        the network by the guest: the role is the hello's); ``hello``: this side's
        name, role and ready, said at each connection; ``wake``: called on the
        client's thread each time something is heard (the window's loop, asleep
        while nothing of its own is due, wakes to take it)."""
        self._wake = wake
        self.broker = broker
        self.code = code
        self.hello = dict(hello)
        self._heard: deque[Message | Link] = deque()
        """What came, for the game (a deque: its append and popleft take no lock, so
        the loop's look once a step costs next to nothing)."""
        self._said: deque[Said] = deque()
        """What the game said, for the thread (woken by the pump's pair for each)."""
        self._progress: dict[str, Any] | None = None
        """The latest progress said and not yet sealed (one PROGRESS queued for it)."""
        self._slot = threading.Lock()
        self._held = False
        """Something said waits for ``send`` to wake the thread."""
        self.protocol = MQTTProtocolVersion.MQTTv5 if broker else MQTTProtocolVersion.MQTTv311
        """The MQTT version spoken: 5 until a broker refuses it (the embedded's: 3.1.1)."""
        self.channel: Channel | None = None
        self.mqtt: mqtt.Client | None = None
        self.lan: LanRoom | None = None
        """The embedded default's broker and announcement, or search (None: a broker named)."""
        self._pump: Pump | None = None
        """The thread's select and its wake pair (made on the thread: never on the game's)."""
        self._thread = threading.Thread(target=self._run, name="race-client", daemon=True)
        self._closed = False
        self.shared: str | None = None
        """The broker named, as the friend's game names it (a broker on this computer's
        loopback by this computer's address), once the client's thread knows it."""
        self._refused: mqtt.Client | None = None
        """The connection whose broker refused MQTT 5 (its end is not said)."""

    # ------------------------------------------------------------------ the game's side

    def start(self) -> None:
        """Connect, off the caller's thread."""
        self._thread.start()

    def say(self, kind: type[Message], **fields: Any) -> None:
        """Send a message of this kind (numbered and sealed on the client's thread)."""
        self.say_later(kind, **fields)
        self.send()

    def say_later(self, kind: type[Message], **fields: Any) -> None:
        """A message to send at the next ``send`` (the thread not woken yet: the game's
        loop wakes it when its frame is drawn, so that the thread's work does not take
        Python's lock in the middle of the frame)."""
        self._held = True
        if kind is Hello:  # (the whole hello, the fields given changed)
            self.hello.update(fields)
            fields = {**self.hello, "answer": fields.get("answer", False)}
        elif kind is Progress:  # (the latest replaces one not yet sealed)
            with self._slot:
                due, self._progress = self._progress is not None, fields
            if not due:
                self._said.append(PROGRESS)
            return
        self._said.append((kind, fields))

    def send(self) -> None:
        """What was said since the last send goes now (the client's thread woken)."""
        if self._held:
            self._held = False
            self._wake_thread()

    def _put(self, item: Said) -> None:
        self._said.append(item)
        self._wake_thread()

    def _wake_thread(self) -> None:
        pump = self._pump  # (None before the thread runs: it takes what waits when it does)
        if pump is not None:
            pump.wake()

    def heard(self) -> list[Message | Link]:
        """What came since last asked, at once."""
        heard, got = self._heard, []
        while heard:  # (one reader: the game's)
            got.append(heard.popleft())
        return got

    @property
    def alive(self) -> bool:
        """The client's own thread still runs (nothing it heard stopped it)."""
        return self._thread.is_alive()

    def close(self, wait: float = 1.0) -> None:
        """Say bye and leave (waits at most ``wait`` seconds for the bye to go)."""
        if self._closed:
            return
        self._closed = True
        self._put((Bye, {}))
        self._put(None)
        self._thread.join(wait)

    # ------------------------------------------------------------------ its own thread

    def _tell(self, value: Message | Link) -> None:
        if len(self._heard) < MAX_HEARD:  # (a flood beyond is dropped)
            self._heard.append(value)
        self._wake()

    def _run(self) -> None:
        self._pump = pump = Pump()
        try:
            self.channel = Channel(Room.of(self.code))
            broker = self._where(self.channel.room)
            if self.broker is not None:  # (its address for the friend: not "localhost")
                self.shared = importlib.import_module("game.net.where").reachable(broker).url
            self.mqtt = self._connect(broker)
        except ssl.SSLCertVerificationError as error:
            why = error.verify_message or str(error)
            self._tell(Link(False, gettext(UNTRUSTED).format(why=why), ended=True))
            self._end()
            return
        except Exception as error:  # (a wrong host name, no room found, the authority's file)
            self._tell(Link(False, one_line(error), ended=True))
            self._end()
            return
        while self._send_said():
            pump.step(self.mqtt, TICK)
            if self._refused is self.mqtt:  # (a broker of 3.1.1 alone: again with it)
                self.protocol = MQTTProtocolVersion.MQTTv311
                self.mqtt = self._connect(broker)
        self.mqtt.disconnect()  # (written at once: this thread runs the connection)
        self._end()

    def _send_said(self) -> bool:
        """Seal and send what the game said; False once it said to leave (the bye
        sent, and waited for at most half a second)."""
        assert self.mqtt is not None
        while self._said:
            item = self._said.popleft()
            if item is None:
                return False
            if item == PROGRESS:
                with self._slot:
                    item, self._progress = (Progress, self._progress or {}), None
            assert isinstance(item, tuple)
            sent = self._publish(*item)
            if item[0] is Bye and sent is not None:
                deadline = time.monotonic() + 0.5
                while client_up(self.mqtt) and not published(sent):
                    if time.monotonic() > deadline:
                        break
                    assert self._pump is not None
                    self._pump.step(self.mqtt, 0.05)
        return True

    def _end(self) -> None:
        if self._pump is not None:
            self._pump.close()
        if self.lan is not None:
            self.lan.close()

    def _where(self, room: Room) -> Broker:
        """The broker named, or the embedded default's."""
        if self.broker is not None:
            return self.broker
        lan = importlib.import_module("game.net.lan")  # (amqtt, zeroconf: this race's alone)
        self.lan = lan.LanRoom(host=self.hello.get("role") == "host")
        return self.lan.open(room)

    def _connect(self, broker: Broker) -> mqtt.Client:
        client = mqtt.Client(
            CallbackAPIVersion.VERSION2,
            transport="websockets" if broker.websockets else "tcp",
            protocol=self.protocol,
        )
        if broker.websockets:
            client.ws_set_options(path=broker.path)
        if broker.tls:
            client.tls_set_context(tls_context(broker))
        client.on_connect = self._on_connect
        client.on_disconnect = self._on_disconnect
        client.on_message = self._on_message
        self._will(client)
        try:  # (the first time here: a certificate refused is said at once, not retried)
            client.connect(broker.host, broker.port, keepalive=KEEPALIVE)
        except ssl.SSLCertVerificationError:
            raise
        except OSError as error:  # (not there yet, or the network down: tried again)
            self._tell(Link(False, one_line(error)))
            assert self._pump is not None
            self._pump.lost()
        return client

    def _will(self, client: mqtt.Client) -> None:
        assert self.channel is not None
        will = self.channel.seal(self.channel.make(Bye))
        client.will_set(self.channel.room.topic, will, qos=1)

    def _publish(self, kind: type[Message], fields: dict[str, Any]) -> mqtt.MQTTMessageInfo | None:
        assert self.channel is not None and self.mqtt is not None
        try:
            data = self.channel.seal(self.channel.make(kind, **fields))
        except (ValueError, TypeError) as error:  # (a replay too long to send)
            self._tell(Link(True, str(error)))
            return None
        qos = 0 if kind is Progress else 1
        return self.mqtt.publish(self.channel.room.topic, data, qos=qos)

    def _on_connect(
        self, client: mqtt.Client, _data: Any, _flags: Any, reason: Any, _p: Any
    ) -> None:
        if reason.is_failure:
            if reason.value == UNSUPPORTED_VERSION and self.protocol == mqtt.MQTTv5:
                self._refused = client  # (the thread connects again, with 3.1.1)
                return
            self._tell(Link(False, str(reason)))
            return
        assert self.channel is not None and self._pump is not None
        self._pump.connected()
        no_delay(client)
        if self.protocol == mqtt.MQTTv5:  # (none of this side's own messages back)
            client.subscribe(self.channel.room.topic, options=SubscribeOptions(1, noLocal=True))
        else:
            client.subscribe(self.channel.room.topic, qos=1)
        self._will(client)  # (the next connection's)
        self._tell(Link(True))
        self._put((Hello, {**self.hello, "answer": False}))

    def _on_disconnect(
        self, client: mqtt.Client, _data: Any, _flags: Any, reason: Any, _p: Any
    ) -> None:
        if not self._closed and client is not self._refused:
            self._tell(Link(False, str(reason)))

    def _on_message(self, _client: mqtt.Client, _data: Any, message: mqtt.MQTTMessage) -> None:
        assert self.channel is not None
        heard = self.channel.hear(bytes(message.payload))
        if heard is not None:
            self._tell(heard)
