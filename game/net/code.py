"""A room code as a player reads it, types it or pastes it: 12 characters of Crockford
base32 (60 bits, read case-blind, with O as 0 and I and L as 1), shown as three groups
of four: ``7KQ2-M9XD-4RTA``. Light: the command line reads --race join's code with it
(game.net.room derives the room from it, with the first race)."""

from __future__ import annotations

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford base32: no I, L, O or U (the board codes' alphabet)."""
LENGTH = 12
"""A code's characters."""
GROUP = 4
MAX_TEXT = 40
"""The longest text read as a code (its groups, hyphens and spaces as pasted)."""
MAX_INVITATION = MAX_TEXT + 1 + 300
"""The longest invitation read: a code, a space and a broker's address (its longest)."""
_READ = {ch: ch for ch in ALPHABET} | {"O": "0", "I": "1", "L": "1"}


class RoomCodeError(ValueError):
    """A text that is no room code (one line for the player)."""


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


def invitation(text: str) -> tuple[str, str | None]:
    """A code as typed or pasted, or a code and the address of the broker it races on
    (``7KQ2-M9XD-4RTA mqtt://club.example:1883``, as the host's Copy code puts them):
    the code as shown, and the address as written (None: none; game.net.broker reads
    it)."""
    if len(text) > MAX_INVITATION:
        raise RoomCodeError("a room code is 12 letters and digits")
    words = text.split()
    addresses = [word for word in words if "://" in word]
    if len(addresses) > 1:
        raise RoomCodeError("a room code is 12 letters and digits")
    code = parse(" ".join(word for word in words if "://" not in word))
    return code, addresses[0] if addresses else None
