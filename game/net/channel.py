"""One side of a room: its own messages numbered and sealed, and what arrives opened,
read, and believed or dropped (its own echo, a stranger's, a forged, damaged, old,
doubled or out-of-order message). Pure of the network: the client carries the bytes."""

from __future__ import annotations

import secrets
from typing import Any, TypeVar

from game.net.messages import Message, Peers, read
from game.net.room import Room
from game.net.seal import Sealer

M = TypeVar("M", bound=Message)


class Channel:
    """Seals this side's messages and believes the others' (not thread-safe: one
    thread uses it, the client's)."""

    __slots__ = ("_peers", "_sealer", "_seq", "room", "sender")

    def __init__(self, room: Room, sender: str | None = None) -> None:
        self.room = room
        self.sender = sender or secrets.token_hex(8)
        self._sealer = Sealer(room)
        self._peers = Peers()
        self._seq = 0

    def make(self, kind: type[M], **fields: Any) -> M:
        """A message of this side, with the next number."""
        self._seq += 1
        return kind(self.sender, self._seq, **fields)

    def seal(self, message: Message) -> bytes:
        """The message on the wire."""
        return self._sealer.seal(message.to_dict())

    def hear(self, data: bytes) -> Message | None:
        """The message another side sent, if it is to be believed; else None."""
        opened = self._sealer.open_(data)
        if opened is None:
            return None
        message = read(opened)
        if message is None or message.sender == self.sender:
            return None
        return message if self._peers.believe(message) else None
