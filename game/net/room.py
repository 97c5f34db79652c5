"""A room's code and what derives from it: the topic the room speaks on and the key
that seals its messages. The code is never sent anywhere: the topic is a hash of it,
so a client of the same broker that reads the topic learns neither the code nor the
key.

A code is 12 characters of Crockford base32 (60 bits, read case-blind, with O as 0
and I and L as 1), shown as three groups of four: ``7KQ2-M9XD-4RTA``. Sixty bits
behind scrypt (about 30 ms a guess here) are far out of a guesser's reach for the
life of a race, and twelve characters read aloud in three breaths.
"""

from __future__ import annotations

import secrets
from hashlib import scrypt

from game.core.record import Record

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford base32: no I, L, O or U (the board codes' alphabet)."""
LENGTH = 12
"""A code's characters."""
GROUP = 4
MAX_TEXT = 40
"""The longest text read as a code (its groups, hyphens and spaces as pasted)."""
_READ = {ch: ch for ch in ALPHABET} | {"O": "0", "I": "1", "L": "1"}
VERSION = 1
"""The protocol's version: in the topic, the salt and every message."""
PREFIX = f"minesweeper-ce/race/v{VERSION}/"
"""Every room's topic starts so (a club's broker can allow this tree alone)."""
_SALT = f"minesweeper-ce race v{VERSION}".encode()
_SCRYPT = {"n": 2**14, "r": 8, "p": 1, "maxmem": 64 * 1024 * 1024, "dklen": 64}


class RoomCodeError(ValueError):
    """A text that is no room code (one line for the player)."""


def new_code() -> str:
    """A fresh room code, drawn from the system's randomness."""
    return grouped("".join(secrets.choice(ALPHABET) for _ in range(LENGTH)))


def grouped(chars: str) -> str:
    """The characters of a code in groups of four joined by hyphens."""
    return "-".join(chars[i : i + GROUP] for i in range(0, LENGTH, GROUP))


def parse(text: str) -> str:
    """A code as typed or pasted (any case, hyphens and spaces anywhere), as shown."""
    if len(text) > MAX_TEXT:
        raise RoomCodeError("a room code is 12 letters and digits")
    chars = []
    for ch in text.upper():
        if ch in "- \t":
            continue
        if ch not in _READ:
            raise RoomCodeError(f"a room code has no {ch!r}")
        chars.append(_READ[ch])
    if len(chars) != LENGTH:
        raise RoomCodeError("a room code is 12 letters and digits")
    return grouped("".join(chars))


class Room(Record):
    """What a code gives: the room's topic and its messages' key (32 bytes)."""

    __slots__ = ("code", "key", "topic")

    code: str
    topic: str
    key: bytes

    def __init__(self, code: str, topic: str, key: bytes) -> None:
        self.code = code
        self.topic = topic
        self.key = key

    @classmethod
    def of(cls, code: str) -> Room:
        """The room of a code (parsed first): scrypt of the code gives 64 bytes, the
        first 32 the key, the rest the topic's name (hex), so neither tells the other."""
        code = parse(code)
        derived = scrypt(code.replace("-", "").encode(), salt=_SALT, **_SCRYPT)
        return cls(code, PREFIX + derived[32:48].hex(), derived[:32])
