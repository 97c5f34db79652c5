"""The embedded default's broker: amqtt (MQTT 3.1.1, asyncio) run in the host's game
when no broker is named, on a thread of its own with its own asyncio loop (never the
window's), listening on a free port of every interface, for as long as the room is
open (docs/RACE.md, "The embedded default").

It takes only what a race needs: the tree ``minesweeper-ce/race/#`` (a publish or a
subscription elsewhere is refused), no retained message (RETAIN), packets of at most
MAX_PACKET bytes (a longer one closes its connection before it is read), at most
MAX_CLIENTS connections at once (one more is closed at once), and a connection silent
for IDLE_S seconds is closed (the race's clients say something every KEEPALIVE seconds).
amqtt reads the bytes: whatever a client sends ends at worst its own connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from dataclasses import dataclass
from typing import Any

from amqtt.adapters import ReaderAdapter, StreamWriterAdapter
from amqtt.broker import Broker as Amqtt
from amqtt.contexts import Action
from amqtt.plugins.base import BaseTopicPlugin
from amqtt.session import Session

from game.net.seal import MAX_MESSAGE

TREE = "minesweeper-ce/race/"
"""The topics the embedded broker carries (every version's rooms)."""
MAX_PACKET = MAX_MESSAGE + 4096
"""A packet's longest read: the largest sealed message, its topic and headers."""
MAX_CLIENTS = 32
PUBLISH, RETAIN = 3, 0x01
"""A PUBLISH packet's type, and its flag asking the broker to keep it for later
subscribers: the race never asks it, and a client that did could fill the host's
memory with kept messages, so the embedded broker reads every publish as not kept."""
IDLE_S = 30.0
START_S = 5.0

_log = logging.getLogger("amqtt")
_log.addHandler(logging.NullHandler())  # (a hostile client's trace is not the player's)
_log.propagate = False


class EmbeddedError(OSError):
    """The embedded broker could not start (one line for the player)."""


class RaceTree(BaseTopicPlugin):  # type: ignore[misc]  # (amqtt ships no types)
    """amqtt's topic check: the race's tree alone, to publish, subscribe or receive."""

    @dataclass
    class Config:
        """(No options: amqtt makes a plugin's options from its Config.)"""

    async def topic_filtering(
        self,
        *,
        session: Session | None = None,
        topic: str | None = None,
        action: Action | None = None,
    ) -> bool:
        return bool(topic) and str(topic).startswith(TREE)


class _Bounded(ReaderAdapter):  # type: ignore[misc]
    """A connection's bytes, read packet by packet as amqtt asks for them: a packet
    longer than MAX_PACKET is refused as soon as its length is read, and a read that
    waits IDLE_S seconds is refused. One refused, the connection reads as ended from
    then on: amqtt's reader goes on after a packet it could not read, and would take
    the refused packet's bytes for packets."""

    def __init__(self, reader: asyncio.StreamReader) -> None:
        self._reader = reader
        self._refused = False
        self._left: int | None = None
        """The bytes left of the packet under way (None: its fixed header is read)."""
        self._length = self._scale = 0

    def _refuse(self) -> asyncio.IncompleteReadError:
        self._refused = True
        return asyncio.IncompleteReadError(b"", None)

    async def read(self, n: int = -1) -> bytes:
        if self._refused or n < 0 or n > MAX_PACKET or (self._left is not None and n > self._left):
            raise self._refuse()
        try:
            data = await asyncio.wait_for(self._reader.readexactly(n), IDLE_S)
        except TimeoutError:
            raise self._refuse() from None
        if self._left is not None:  # (the packet's variable header and payload)
            self._left -= n
            if self._left == 0:
                self._left, self._scale = None, 0
        elif self._scale == 0:  # (the packet's first byte: its type and flags)
            self._length, self._scale = 0, 1
            if data[0] >> 4 == PUBLISH and data[0] & RETAIN:  # (kept by no one: see RETAIN)
                data = bytes([data[0] & ~RETAIN])
        else:  # (its remaining length, seven bits a byte)
            self._length += (data[0] & 0x7F) * self._scale
            self._scale *= 128
            if self._length > MAX_PACKET:
                raise self._refuse()
            if not data[0] & 0x80:
                self._left, self._scale = (self._length or None), 0
        return data

    def feed_eof(self) -> None:
        self._reader.feed_eof()


_CONFIG: dict[str, Any] = {
    "listeners": {"default": {"type": "external"}},
    "plugins": {
        "amqtt.plugins.authentication.AnonymousAuthPlugin": {"allow_anonymous": True},
        f"{__name__}.RaceTree": {},
    },
}


class EmbeddedBroker:
    """One amqtt broker on a thread of its own: ``start`` it, ``stop`` it."""

    def __init__(self, host: str = "0.0.0.0", port: int = 0) -> None:
        self.host, self.port = host, port
        self.clients = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._up = threading.Event()
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="race-broker", daemon=True)

    def start(self) -> int:
        """Listen (within START_S seconds): the port it listens on."""
        self._thread.start()
        if not self._up.wait(START_S) or self._error is not None:
            self.stop()
            why = self._error or "it did not start in time"
            raise EmbeddedError(f"the game's own broker cannot start: {why}")
        return self.port

    def stop(self, wait: float = 3.0) -> None:
        """Close every connection and the listener (waits at most ``wait`` seconds)."""
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None:
            with contextlib.suppress(RuntimeError):  # (its loop already closed)
                loop.call_soon_threadsafe(stop.set)
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(wait)

    @property
    def running(self) -> bool:
        """Its thread still runs."""
        return self._thread.is_alive()

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        try:
            loop.run_until_complete(self._serve(loop))
        except Exception as error:  # (the port taken, amqtt refusing its configuration)
            self._error = error
            self._up.set()
        finally:
            with contextlib.suppress(Exception):
                loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()

    async def _serve(self, loop: asyncio.AbstractEventLoop) -> None:
        self._stop = asyncio.Event()
        self._loop = loop
        broker = Amqtt(_CONFIG, loop=loop)
        server: asyncio.Server | None = None
        try:
            await broker.start()
            server = await asyncio.start_server(
                lambda r, w: self._connected(broker, r, w), self.host, self.port, limit=MAX_PACKET
            )
            self.port = server.sockets[0].getsockname()[1]
            self._up.set()
            await self._stop.wait()
        finally:  # (stopped, or the port taken: amqtt's loops end either way)
            if server is not None:
                server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(broker.shutdown(), 2.0)
            if server is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(server.wait_closed(), 1.0)
            await _end_the_rest()

    async def _connected(
        self, broker: Amqtt, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        if self.clients >= MAX_CLIENTS:
            writer.close()
            return
        self.clients += 1
        try:
            reads, writes = _Bounded(reader), StreamWriterAdapter(writer)
            await broker.external_connected(reads, writes, "default")
        except Exception:  # (a client's fault ends its own connection alone)
            writer.close()
        finally:
            self.clients -= 1
            writer.close()


async def _end_the_rest() -> None:
    """The connections' tasks amqtt left, cancelled and awaited (none is destroyed
    pending), again while cancelling them makes more (its broadcast loop's), 1 s at most."""
    deadline = asyncio.get_running_loop().time() + 1.0
    while rest := [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]:
        left = deadline - asyncio.get_running_loop().time()
        if left <= 0:
            return
        for task in rest:
            task.cancel()
        await asyncio.wait(rest, timeout=left)
