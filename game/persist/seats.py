"""A window's seat among the windows open on one data folder: the first of the seat
files (window-1.lock, window-2.lock, ...) that no other window holds, locked while the
window is open. The first window takes seat 0 and opens centred; another opens offset
by its seat, as a desktop cascades its programs' windows, never on top of the first.

The lock is the system's (flock on POSIX, a byte lock on Windows): a window that ends,
even killed, lets its seat go, so no file is ever stale. A folder that cannot be
written gives seat 0 and holds nothing."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import IO

if sys.platform == "win32":
    import msvcrt
else:
    import fcntl

SEATS = 8
"""Seats told apart; a ninth window shares the last one's place."""
SEAT_FILE = "window-{number}.lock"
"""A seat's file in the data folder (one of the game's own: game.persist.outputs)."""


def _locked(handle: IO[bytes]) -> bool:
    """Take the file's lock without waiting; False when another window holds it."""
    try:
        if sys.platform == "win32":
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


class Seat:
    """This window's seat on its data folder (0: the first window), held until released."""

    __slots__ = ("_handle", "number")

    def __init__(self, number: int = 0, handle: IO[bytes] | None = None) -> None:
        self.number = number
        """How many windows opened on the folder before this one still hold theirs."""
        self._handle = handle

    @classmethod
    def take(cls, folder: Path) -> Seat:
        """The first seat no other window holds (seat 0 when none can be held)."""
        for number in range(SEATS):
            try:
                handle = open(folder / SEAT_FILE.format(number=number + 1), "a+b")  # noqa: SIM115
            except OSError:
                return cls()
            if _locked(handle):
                return cls(number, handle)
            handle.close()
        return cls(SEATS - 1)

    def release(self) -> None:
        """Let the seat go (the window closed)."""
        if self._handle is not None:
            with contextlib.suppress(OSError):
                self._handle.close()
            self._handle = None
