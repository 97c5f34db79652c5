"""The replays folder: ``replays/`` in the data folder.

Won games are kept on their own: the last KEEP_LAST, and every personal best for
good. A game the player keeps by hand is never removed either. Each file is
written atomically (a temporary file, then a rename), like every other file of
the profile. File names sort by time:

    20261123-105301-123-beginner-won-12345ms.msreplay
    20261123-105301-123-beginner-won-12345ms-best.msreplay   (a personal best)
    20261123-105301-123-expert-lost-5012ms-kept.msreplay     (kept by the player)

A live race's games are kept won or lost, and beside each the opponent's replay
(received and verified at the end of the race: game.flows.race_keep), named after
the player's own so that the history's row, which names the player's, knows both:

    20261123-105301-123-beginner-lost-9120ms.msreplay
    20261123-105301-123-beginner-lost-9120ms-opponent.msreplay             (verified)
    20261123-105301-123-beginner-lost-9120ms-opponent-unverified.msreplay  (not)

An opponent's replay goes when the player's own goes (never counted on its own).
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path
from typing import TYPE_CHECKING

from game.core.on_first_use import OnFirstUse
from game.persist.store import atomic_write_text, create_temp
from game.replay.format import SUFFIX, Replay
from game.words import result_word

if TYPE_CHECKING:
    import datetime as dt
    from datetime import datetime
else:  # (with the first date or time asked for: 0.45 MB, not at start)
    dt = OnFirstUse("datetime")

FOLDER = "replays"
KEEP_LAST = 50
"""How many won games are kept beyond the personal bests and the ones kept by hand."""
OPPONENT, UNVERIFIED = "-opponent", "-opponent-unverified"
"""An opponent's replay's name: the player's own's stem, then one of these."""


def partner_name(name: str, verified: bool) -> str:
    """The name of the opponent's replay kept beside the player's own ``name``."""
    stem = name[: -len(SUFFIX)] if name.endswith(SUFFIX) else name
    return stem + (OPPONENT if verified else UNVERIFIED) + SUFFIX


def partner(folder: Path, name: str | None) -> tuple[Path, bool] | None:
    """The opponent's replay kept beside the player's own ``name`` in the data folder
    ``folder``, and whether it verified (None: none is kept)."""
    for verified in (True, False):
        path = kept(folder, partner_name(name, verified)) if name else None
        if path is not None:
            return path, verified
    return None


def file_name(
    replay: Replay, tag: str = "", suffix: str = SUFFIX, when: datetime | None = None
) -> str:
    """The one place a replay's file name is made, for the replay kept (ours) and
    for what is written from it (``suffix``: ".evf", ".gif"): the time (now unless
    ``when``), its board (daily for a daily board), its result and time, and
    ``tag`` ("best", "kept" or nothing)."""
    when = dt.datetime.now() if when is None else when
    stamp = when.strftime("%Y%m%d-%H%M%S-") + f"{when.microsecond // 1000:03d}"
    board = "daily" if replay.daily else replay.board.difficulty.value
    name = f"{stamp}-{board}-{result_word(replay.result)}-{replay.ms}ms"
    return f"{name}-{tag}{suffix}" if tag else name + suffix


def kept(folder: Path, name: str | None) -> Path | None:
    """The file of a replay kept under ``name`` in the data folder ``folder`` (a
    history row's replay), or None if none is named or it is no longer there."""
    if not name:
        return None
    path = folder / FOLDER / name
    return path if _regular(path) else None


def every(folder: Path) -> list[Path]:
    """Every regular file in the replays folder of the data folder ``folder`` (a
    symbolic link there is no replay of ours: it is never followed)."""
    try:
        return [path for path in (folder / FOLDER).iterdir() if _regular(path)]
    except OSError:
        return []


def _regular(path: Path) -> bool:
    """A regular file itself, not a link to one (nor a folder, a pipe, a device)."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except (OSError, ValueError):
        return False


def keep(folder: Path, name: str, text: str) -> Path:
    """Write one replay into ``folder/replays`` (atomically), then drop the oldest
    won games beyond KEEP_LAST that are neither a best nor kept by hand.
    Raises OSError when the folder cannot be written."""
    replays = folder / FOLDER
    replays.mkdir(parents=True, exist_ok=True)
    path = replays / name
    atomic_write_text(path, text)
    prune(replays)
    return path


def prune(replays: Path, keep_last: int = KEEP_LAST) -> list[Path]:
    """Remove the oldest automatically kept replays beyond ``keep_last``; the removed."""
    automatic = sorted(
        path
        for path in replays.glob(f"*{SUFFIX}")
        if not path.stem.endswith(("-best", "-kept", OPPONENT, UNVERIFIED)) and path.is_file()
    )
    removed = automatic[: max(0, len(automatic) - keep_last)]
    for path in removed:
        for each in (path, *(path.with_name(partner_name(path.name, v)) for v in (True, False))):
            with contextlib.suppress(OSError):
                each.unlink()
    return removed


def export(folder: Path, name: str, data: bytes) -> Path:
    """Write a replay in another program's format (an EVF file) beside the kept
    replays, all or nothing; never pruned. Raises OSError when it cannot be written."""
    replays = folder / FOLDER
    replays.mkdir(parents=True, exist_ok=True)
    path = replays / name
    fd, temp = create_temp(replays, name)
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
    return path
