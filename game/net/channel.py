"""One side of a room: its own messages numbered and sealed, and what arrives opened,
read, and believed or dropped (its own echo, a stranger's, a forged, damaged, old,
doubled or out-of-order message). Pure of the network: the client carries the bytes."""

from __future__ import annotations

import secrets
from collections import deque
from typing import Any, TypeVar

from game.net.messages import Message, Peers, read
from game.net.room import Room
from game.net.seal import NONCE, Sealer

M = TypeVar("M", bound=Message)
OWN_ECHOES = 256
"""This side's latest nonces kept: the broker's echo of its own message is known by
its nonce and dropped unopened (half the messages a side receives are its own)."""


class Channel:
    """Seals this side's messages and believes the others' (not thread-safe: one
    thread uses it, the client's)."""

    __slots__ = ("_mine", "_mine_order", "_peers", "_sealer", "_seq", "room", "sender")

    def __init__(self, room: Room, sender: str | None = None) -> None:
        self.room = room
        self.sender = sender or secrets.token_hex(8)
        self._sealer = Sealer(room)
        self._peers = Peers()
        self._seq = 0
        self._mine: set[bytes] = set()
        self._mine_order: deque[bytes] = deque()

    def make(self, kind: type[M], **fields: Any) -> M:
        """A message of this side, with the next number."""
        self._seq += 1
        return kind(self.sender, self._seq, **fields)

    def seal(self, message: Message) -> bytes:
        """The message on the wire."""
        data = self._sealer.seal(message.to_dict())
        nonce = data[1 : 1 + NONCE]
        self._mine.add(nonce)
        self._mine_order.append(nonce)
        if len(self._mine_order) > OWN_ECHOES:
            self._mine.discard(self._mine_order.popleft())
        return data

    def hear(self, data: bytes) -> Message | None:
        """The message another side sent, if it is to be believed; else None."""
        if data[1 : 1 + NONCE] in self._mine:
            return None  # (its own, back from the broker)
        opened = self._sealer.open_(data)
        if opened is None:
            return None
        message = read(opened)
        if message is None or message.sender == self.sender:
            return None
        return message if self._peers.believe(message) else None
