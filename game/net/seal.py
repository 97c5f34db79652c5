"""Sealing a room's messages: ChaCha20-Poly1305 (the ``cryptography`` package) under
the room's key, the room's topic as associated data (a message sealed for one room
opens in no other, nor on another topic), a fresh random nonce a message.

On the wire a message is one byte of version, the 12-byte nonce and the sealed JSON
text. Whatever arrives is hostile: too long, too short, another version, a wrong tag
or a text that is not a JSON object is dropped (``open_`` answers None), never raised.
"""

from __future__ import annotations

import json
import os
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

from game.net.room import VERSION, Room

NONCE = 12
TAG = 16
MAX_MESSAGE = 512 * 1024
"""The largest message sealed or opened (a finished game's replay is the largest)."""
_HEAD = bytes([VERSION])


class Sealer:
    """Seals and opens the messages of one room."""

    __slots__ = ("_aead", "_topic")

    def __init__(self, room: Room) -> None:
        self._aead = ChaCha20Poly1305(room.key)
        self._topic = room.topic.encode()

    def seal(self, message: dict[str, Any]) -> bytes:
        """The message on the wire (ValueError if it would be longer than allowed)."""
        text = json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode()
        if len(text) + 1 + NONCE + TAG > MAX_MESSAGE:
            raise ValueError("the message is too long to send")
        nonce = os.urandom(NONCE)
        return _HEAD + nonce + self._aead.encrypt(nonce, text, self._topic)

    def open_(self, data: bytes) -> dict[str, Any] | None:
        """The message a peer sealed, or None for anything else."""
        if not 1 + NONCE + TAG <= len(data) <= MAX_MESSAGE or data[:1] != _HEAD:
            return None
        try:
            text = self._aead.decrypt(data[1 : 1 + NONCE], data[1 + NONCE :], self._topic)
            message = json.loads(text.decode())
        except (InvalidTag, UnicodeDecodeError, ValueError, RecursionError):
            return None
        return message if isinstance(message, dict) else None
