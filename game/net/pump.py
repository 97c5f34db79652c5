"""A paho-mqtt client's network loop on the race client's own thread (paho's
external-loop calls: ``loop_read``, ``loop_write``, ``loop_misc``), in one ``select``
with a wake pair that the game's side writes a byte to when it says something.

One thread a client instead of two (paho's own ``loop_start`` runs a second, and every
message said then goes from one thread to the other): what the game says is sealed and
written to the socket by the same thread that wakes for it, and what comes is read,
opened and handed on by it too. A connection lost (the broker restarted, the network
cut, the keep-alive unanswered: paho closes the socket and says so) is tried again a
second later, then two, then four between tries, as paho's own loop does.
"""

from __future__ import annotations

import contextlib
import select
import socket
import time

import paho.mqtt.client as mqtt

FIRST_DELAY, LAST_DELAY = 1.0, 4.0
"""Seconds before trying a lost connection again: the first, doubling up to the last."""


class Pump:
    """The select of one client's socket and its wake pair (not thread-safe but for
    ``wake``, which any thread may call)."""

    def __init__(self) -> None:
        self._wake_r, self._wake_w = socket.socketpair()
        for end in (self._wake_r, self._wake_w):
            end.setblocking(False)
        self.delay = FIRST_DELAY
        self._next_try: float | None = None
        """When to connect again (None: connected, or not yet seen lost)."""

    def wake(self) -> None:
        """The thread's select returns now (a byte on the local pair: never blocks; a
        full pair is one already woken)."""
        with contextlib.suppress(OSError):
            self._wake_w.send(b"\0")

    def connected(self) -> None:
        """The broker took the connection: a later loss is tried again at once."""
        self.delay = FIRST_DELAY

    def lost(self) -> None:
        """The connection could not be made: tried again after the delay."""
        self._next_try = time.monotonic() + self.delay
        self.delay = min(2 * self.delay, LAST_DELAY)

    def close(self) -> None:
        for end in (self._wake_r, self._wake_w):
            end.close()

    def step(self, client: mqtt.Client, timeout: float) -> None:
        """Wait at most ``timeout`` seconds for the socket or a wake; then read what
        came, write what waits, keep the connection alive, or connect again if due."""
        sock = client.socket()
        if sock is None:
            self._again(client, timeout)
            return
        pending = sock.pending() if hasattr(sock, "pending") else 0  # (TLS's buffered bytes)
        wlist = [sock] if client.want_write() else []
        try:
            readable, writable, _ = select.select(
                [sock, self._wake_r], wlist, [], 0.0 if pending else timeout
            )
        except (OSError, ValueError, TypeError):  # (its socket closed under it: a loss)
            readable, writable = [sock], []
        if self._wake_r in readable:
            with contextlib.suppress(OSError):
                self._wake_r.recv(4096)
        rc = mqtt.MQTT_ERR_SUCCESS
        if sock in readable or pending:
            rc = client.loop_read()
        if rc == mqtt.MQTT_ERR_SUCCESS and (sock in writable or client.want_write()):
            rc = client.loop_write()
        if rc == mqtt.MQTT_ERR_SUCCESS:
            client.loop_misc()

    def _again(self, client: mqtt.Client, timeout: float) -> None:
        """Not connected: wait for the next try (a wake cuts the wait short), then try."""
        if self._next_try is None:
            self.lost()
        assert self._next_try is not None
        wait = max(0.0, min(timeout, self._next_try - time.monotonic()))
        with contextlib.suppress(OSError, ValueError):
            if select.select([self._wake_r], [], [], wait)[0]:
                self._wake_r.recv(4096)
        if time.monotonic() < self._next_try:
            return
        self._next_try = None
        try:
            client.reconnect()
        except OSError:  # (not there yet, or the network down: again later)
            self.lost()
