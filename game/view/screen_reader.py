"""Whether a screen reader runs now (asked once, at the first start: speech is then
on by itself). Linux: Orca's process; Windows: the system's screen-reader flag
(SPI_GETSCREENREADER, which NVDA, JAWS and Narrator set); macOS: VoiceOver's process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from game.view.native import ctypes_module

READERS = frozenset({"orca"})
"""Linux screen readers, by their process's name."""


def _linux() -> bool:
    try:
        entries = os.listdir("/proc")
    except OSError:
        return False
    for entry in entries:
        if entry.isdigit():
            try:
                name = Path("/proc", entry, "comm").read_text(encoding="utf-8").strip()
            except OSError:  # (a process gone meanwhile, or not ours to read)
                continue
            if name in READERS:
                return True
    return False


def _windows() -> bool:
    ctypes = ctypes_module()  # (Windows' own, at a first start only)
    flag = ctypes.c_int(0)
    spi_getscreenreader = 0x0046
    windll = getattr(ctypes, "windll", None)
    if windll is None:
        return False
    windll.user32.SystemParametersInfoW(spi_getscreenreader, 0, ctypes.byref(flag), 0)
    return bool(flag.value)


def _mac() -> bool:
    try:
        done = subprocess.run(
            ["pgrep", "-x", "VoiceOver"], capture_output=True, timeout=2, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


def screen_reader_running() -> bool:
    """A screen reader runs now (False when that cannot be told)."""
    try:
        if sys.platform == "win32":
            return _windows()
        if sys.platform == "darwin":
            return _mac()
        return _linux()
    except Exception:  # (whatever the system says: no screen reader known)
        return False
