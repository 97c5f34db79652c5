"""Where a command may write: the one rule for every file written at the player's
word (--export-history, --export-evf, --export-gif, --export-html, and whatever
command writes next).

``check_output(path, inputs=..., folders=...)`` refuses (store.Refused, an OSError
whose ``strerror`` says why in a few words) before a byte is written, unless
``path`` is a new file or a regular, writable one (store.check_target: no link, no
folder, no device, not read-only), none of ``inputs`` (the files the command
reads), and none of the game's own files in any data folder it could mean: the
folders given (``--data-dir``), the one $MINESWEEPER_DATA_DIR names and the
platform's default. The game's own files are

- in the data folder: every name the game keeps there (the history and its
  write-ahead log, the settings, the saved game, the pending games, the series,
  records.json) and every name that begins with one of them (a damaged file set
  aside, ``history.sqlite3.corrupt-...``; a window's marker), whether or not it
  exists yet (an export named ``resume.json`` would be read as a saved game);
- in its replays folder: every file there (a kept replay); a new name there is
  allowed (a GIF beside the replays).

A name is compared after the folder it is in is resolved, so ``./x/../history.sqlite3``
or a linked folder is the same file; an existing file is also compared by its
device and inode (a hard link).
"""

from __future__ import annotations

import contextlib
import errno
import os
from collections.abc import Iterable
from pathlib import Path

from game.language import N_, gettext
from game.persist import store
from game.persist.data_folder import RESUME_FILE, SETTINGS_FILE
from game.persist.paths import (
    HISTORY_FILE,
    PENDING_FILE,
    RECORDS_FILE,
    data_dir,
    default_data_dir,
)
from game.persist.replays import FOLDER
from game.persist.seats import SEAT_FILE
from game.persist.series import SERIES_FILE

OWN_NAMES = (
    HISTORY_FILE,
    SETTINGS_FILE,
    RESUME_FILE,
    PENDING_FILE,
    RECORDS_FILE,
    SERIES_FILE,
    SEAT_FILE.split("{")[0],
)
"""The names the game keeps in its data folder (each also begins the names of its
set-aside copies, its log and its markers)."""


OWN = N_("it is one of the game's own files")


def data_folders(folders: Iterable[Path | str] = ()) -> list[Path]:
    """Every data folder a command could mean: those given, the environment's and
    the platform's default (game.persist.paths), each resolved, without repeats."""
    found: list[Path] = []
    for folder in (*folders, data_dir(None), default_data_dir()):
        resolved = Path(os.path.realpath(folder))
        if resolved not in found:
            found.append(resolved)
    return found


def is_own(path: Path, folders: Iterable[Path | str] = ()) -> bool:
    """Whether ``path`` is (or would be) one of the game's own files in one of the
    data folders (data_folders(folders))."""
    place = Path(os.path.realpath(path.parent)) if path.name else None
    if place is None:
        return False
    try:
        info: os.stat_result | None = os.stat(path)
    except (OSError, ValueError):
        info = None
    for folder in data_folders(folders):
        if place == folder and path.name.startswith(OWN_NAMES):
            return True
        replays = folder / FOLDER
        if place == replays and info is not None:
            return True
        if info is not None and _same_as_one_of(info, folder):
            return True
    return False


def _same_as_one_of(info: os.stat_result, folder: Path) -> bool:
    """A hard link to one of the folder's own files or kept replays."""
    candidates = [folder / name for name in OWN_NAMES]
    with contextlib.suppress(OSError):
        candidates += list((folder / FOLDER).iterdir())
    for candidate in candidates:
        try:
            theirs = os.lstat(candidate)
        except OSError:
            continue
        if (theirs.st_dev, theirs.st_ino) == (info.st_dev, info.st_ino):
            return True
    return False


def check_output(
    path: Path, *, inputs: Iterable[Path] = (), folders: Iterable[Path | str] = ()
) -> None:
    """Refuse (store.Refused) to write ``path`` unless it is a new or regular,
    writable file, none of ``inputs`` and none of the game's own files in the
    data folders ``folders`` (``--data-dir``), $MINESWEEPER_DATA_DIR's and the
    default one. A missing folder is left for the write to report."""
    path = Path(path)
    store.check_target(path, inputs=inputs)
    if is_own(path, folders):
        raise store.Refused(errno.EPERM, gettext(OWN))
