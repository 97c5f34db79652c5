"""A room's code and what derives from it: the topic the room speaks on and the key
that seals its messages. The code is never sent anywhere: the topic is a hash of it,
so a client of the same broker that reads the topic learns neither the code nor the
key.

A code (game.net.code) is 12 characters of Crockford base32. Sixty bits behind scrypt
(N = 2^14: about a quarter of a second a guess here) are far out of a guesser's reach
for the life of a race, and twelve characters read aloud in three breaths.
"""

from __future__ import annotations

import secrets

from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

from game.core.record import Record
from game.net.code import ALPHABET, LENGTH, RoomCodeError, grouped, parse

__all__ = ["PREFIX", "VERSION", "Room", "RoomCodeError", "new_code", "parse"]

VERSION = 1
"""The protocol's version: in the topic, the salt and every message."""
PREFIX = f"minesweeper-ce/race/v{VERSION}/"
"""Every room's topic starts so (a club's broker can allow this tree alone)."""
_SALT = f"minesweeper-ce race v{VERSION}".encode()
_SCRYPT = {"n": 2**14, "r": 8, "p": 1, "length": 64}
"""scrypt's costs (cryptography's, not hashlib's: the frozen game carries no _hashlib)."""


def new_code() -> str:
    """A fresh room code, drawn from the system's randomness."""
    return grouped("".join(secrets.choice(ALPHABET) for _ in range(LENGTH)))


class Room(Record):
    """What a code gives: the room's topic, its messages' key (32 bytes) and the name
    it is announced by on the network (the embedded default, game.net.lan)."""

    __slots__ = ("code", "key", "lan_name", "topic")

    code: str
    topic: str
    key: bytes
    lan_name: str

    def __init__(self, code: str, topic: str, key: bytes, lan_name: str = "") -> None:
        self.code = code
        self.topic = topic
        self.key = key
        self.lan_name = lan_name

    @classmethod
    def of(cls, code: str) -> Room:
        """The room of a code (parsed first): scrypt of the code gives 64 bytes, the
        first 32 the key, the next 16 the topic's name (hex), the last 16 the name on
        the network (hex), so none tells another."""
        code = parse(code)
        derived = Scrypt(salt=_SALT, **_SCRYPT).derive(code.replace("-", "").encode())
        return cls(code, PREFIX + derived[32:48].hex(), derived[:32], derived[48:64].hex())
