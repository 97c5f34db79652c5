"""Readers of the community's replay files (AVF, RMV, MVF, EVF, RAWVF): each turns a
file's bytes into the neutral form, game.replay.video.Video. ``open_video`` and
``read_video`` choose the reader by the file's name; each reader is imported only
when a file of its kind is read."""

from __future__ import annotations

import importlib
import os
import stat
from pathlib import Path

from game.language import N_, Words
from game.replay.video import Video, VideoError

FORMATS = {".avf": "avf", ".rmv": "rmv", ".mvf": "mvf", ".evf": "evf", ".rawvf": "rawvf"}
"""A file name's ending -> the module in this package that reads it (``read(data)``)."""
MAX_BYTES = 20_000_000
"""The largest replay file read (the largest seen are well under 1 MB)."""


def format_of(name: str) -> str:
    """The format a file's name says (avf, rmv, mvf, evf, rawvf); VideoError if none."""
    suffix = Path(name).suffix.lower()
    if suffix not in FORMATS:
        known = ", ".join(ext.lstrip(".").upper() for ext in FORMATS)
        raise VideoError(Words(N_("not a replay file this game reads ({known})"), known=known))
    return FORMATS[suffix]


def read_video(name: str, data: bytes) -> Video:
    """A file's bytes as a Video, read by the reader its name says."""
    fmt = format_of(name)
    try:
        reader = importlib.import_module(f"{__name__}.{fmt}")
    except ImportError:
        raise VideoError(
            Words(N_("{format} files cannot be read by this version"), format=fmt.upper())
        ) from None
    video: Video = reader.read(data)
    return video


def open_video(path: str | Path) -> Video:
    """Read a replay file of the community's (never more than MAX_BYTES of it);
    raises VideoError, with one line, for anything wrong."""
    format_of(str(path))
    too_large = Words(N_("larger than {n} MB: not a replay"), n=MAX_BYTES // 1_000_000)
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):  # a FIFO or a device: never read
            raise VideoError(Words(N_("not a file")))
        if info.st_size > MAX_BYTES:  # (refused by its size: not a byte read)
            raise VideoError(too_large)
        with open(path, "rb") as file:
            data = file.read(MAX_BYTES + 1)
    except OSError as error:
        raise VideoError(Words(N_("cannot be read: {why}"), why=error.strerror or error)) from None
    if len(data) > MAX_BYTES:  # (it grew while being read)
        raise VideoError(too_large)
    return read_video(str(path), data)
