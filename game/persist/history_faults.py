"""How the history finds damage: what a database error means, and when to check.

SQLite reports a damaged file the moment it reads a damaged page
(SQLITE_CORRUPT, SQLITE_NOTADB): History treats that the same at any moment.
A full check (PRAGMA quick_check) reads the whole file, a second at a million
games, so it is not run on every start: only after an unclean exit. Each
window that opens the history leaves a marker beside it,
``history.sqlite3.running-<pid>``, and removes it when it closes; a marker
whose process is gone means a window died with the history open (a crash, a
kill, a power cut), and the next start checks the file and clears the marker.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import os
import sqlite3
import sys
from enum import Enum
from pathlib import Path

from game.language import N_, Words


class Trouble(Enum):
    """What kind of problem a database error is."""

    DAMAGED = "damaged"
    BUSY = "busy"
    IO = "io"


# Primary result codes (https://sqlite.org/rescode.html).
_SQLITE_BUSY, _SQLITE_LOCKED, _SQLITE_CORRUPT, _SQLITE_NOTADB = 5, 6, 11, 26
_SQLITE_IOERR, _SQLITE_FULL = 10, 13


def trouble(error: sqlite3.Error) -> Trouble:
    """What kind of problem a sqlite3 error is: a damaged file, another window
    holding the lock, or anything else (disk, permissions, a closed connection)."""
    code = getattr(error, "sqlite_errorcode", None)  # Python 3.11+
    text = str(error).lower()
    if code is not None:
        code &= 0xFF
    if code in (_SQLITE_CORRUPT, _SQLITE_NOTADB) or (
        code is None and ("not a database" in text or "malformed" in text)
    ):
        return Trouble.DAMAGED
    if code in (_SQLITE_BUSY, _SQLITE_LOCKED) or (
        code is None and ("locked" in text or "busy" in text)
    ):
        return Trouble.BUSY
    return Trouble.IO


def why(error: BaseException) -> str:
    """A few words for the player on why a file operation failed (Words: said in
    the player's language when shown, game.language)."""
    if isinstance(error, OSError):
        if error.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
            return Words(DISK_FULL)
        if error.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
            return Words(N_("the folder is read-only"))
        return str(error.strerror or error)
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None and code & 0xFF == _SQLITE_FULL:
        return Words(DISK_FULL)
    if code is not None and code & 0xFF == _SQLITE_IOERR:
        return Words(N_("the disk could not be written or read"))
    return str(error)


DISK_FULL = N_("the disk is full")


def _running(pid: int) -> bool:
    """True if a process with this id runs; on a system where we cannot tell,
    False (the file is then checked: slower, never wrong)."""
    if pid == os.getpid():
        return True
    if sys.platform == "win32":
        kernel32 = ctypes.windll.kernel32
        handle = kernel32.OpenProcess(0x1000, False, pid)  # QUERY_LIMITED_INFORMATION
        if handle:
            kernel32.CloseHandle(handle)
            return True
        return bool(kernel32.GetLastError() == 5)  # access denied: it exists
    if os.name != "posix":
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists but is someone else's
        return True
    return True


def _markers(path: Path) -> list[tuple[Path, int]]:
    found = []
    with contextlib.suppress(OSError):
        for marker in path.parent.glob(f"{path.name}.running-*"):
            pid = marker.name.rsplit("-", 1)[1]
            if pid.isascii() and pid.isdigit():
                found.append((marker, int(pid)))
    return found


def dead_markers(path: Path) -> list[Path]:
    """The markers of windows that died with the database at path open: if any,
    the file wants a full check before it is used."""
    return [marker for marker, pid in _markers(path) if not _running(pid)]


def clear_markers(markers: list[Path]) -> None:
    """Remove markers (once the file they warn of is checked or set aside)."""
    for marker in markers:
        with contextlib.suppress(OSError):
            os.unlink(marker)


def mark_running(path: Path) -> Path | None:
    """Leave this window's marker beside the database; None if it cannot be made."""
    marker = path.with_name(f"{path.name}.running-{os.getpid()}")
    try:
        marker.touch()
    except OSError:
        return None
    return marker


def quick_check(db: sqlite3.Connection) -> list[str]:
    """What SQLite's quick check finds wrong: empty when the file is sound."""
    problems = [str(row[0]) for row in db.execute("PRAGMA quick_check")]
    return [] if problems == ["ok"] else problems[:5]
