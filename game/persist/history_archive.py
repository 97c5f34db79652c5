"""The history with its kept replays, as one zip archive to take to another computer.

An archive holds ``history.csv`` (history_transfer's export, every game) and
``replays/<name>`` for each game whose kept replay is still in the replays folder.
Importing adds the games the history does not have (history_transfer's merge) and
puts each replay they name in the replays folder, unless a file of that name is
there already: nothing is added twice.

An archive is hostile input: it is refused in one line, before anything is
written, when it is no zip, holds a member whose name is no plain replay file name
(a path that would climb out of the folder, an absolute one, a folder of its own),
more than MAX_MEMBERS members, a member over its bound, or more than
MAX_UNPACKED_BYTES unpacked in all (a zip bomb). Every member is read with a cap,
whatever size its header claims.
"""

from __future__ import annotations

import io
import zipfile
import zlib
from pathlib import Path
from typing import TYPE_CHECKING

from game.language import gettext
from game.persist import replays as replay_files
from game.persist import store
from game.persist.game_record import MAX_TEXT
from game.persist.history_transfer import (
    MAX_IMPORT_BYTES,
    Exported,
    Imported,
    Progress,
    TransferError,
    check_kept,
    export_games,
    export_text,
    half,
    import_records,
    read_export,
    read_file,
    write,
)

if TYPE_CHECKING:
    from game.persist.history import History

GAMES = "history.csv"
"""The games' member (``history.json`` is read too)."""
REPLAYS = "replays/"
"""The folder of the replays' members."""
MAX_MEMBERS = 100_000
MAX_REPLAY_BYTES = 20_000_000
"""Largest replay member (the largest replay any reader takes)."""
MAX_UNPACKED_BYTES = 1 << 30
"""Most bytes unpacked from one archive (1 GiB)."""


def export_archive(history: History, folder: Path, path: Path) -> Exported:
    """Write every game and its kept replay (from the data folder ``folder``) to
    the archive at path, all or nothing; what was written. TransferError (one
    line) if it cannot be."""
    games, skipped = export_games(history)
    out = io.BytesIO()
    replays = 0
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(GAMES, export_text(games, as_json=False))
        for name in sorted({game.record.replay for game in games if game.record.replay}):
            kept = replay_files.kept(folder, name)
            if kept is None:
                continue
            try:
                data = store.read_regular(kept, MAX_REPLAY_BYTES, follow=False)
            except (OSError, store.Unreadable):
                continue  # (the game is still exported; its replay is gone)
            archive.writestr(REPLAYS + name, data)
            replays += 1
    write(path, out.getvalue(), folder=folder)
    return Exported(len(games), skipped, replays)


def read_archive(data: bytes) -> tuple[bytes, dict[str, bytes]]:
    """The games' member and the replays (by file name) of an archive;
    TransferError (one line) for anything else."""
    try:
        return _read_archive(data)
    except TransferError:
        raise
    except Exception as error:  # zipfile meets a damaged archive with many errors
        said = gettext("it is a damaged zip archive ({error})")
        raise TransferError(said.format(error=type(error).__name__)) from None


def _read_archive(data: bytes) -> tuple[bytes, dict[str, bytes]]:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError):
        raise TransferError(gettext("it is not a zip archive")) from None
    with archive:
        members = archive.infolist()
        if len(members) > MAX_MEMBERS:
            said = gettext("it holds {n} members, more than {most}")
            raise TransferError(said.format(n=len(members), most=MAX_MEMBERS))
        games: bytes | None = None
        replays: dict[str, bytes] = {}
        unpacked = 0
        for member in members:
            name = member.filename
            if name == REPLAYS:  # (the folder's own entry)
                continue
            if name in (GAMES, "history.json"):
                bound = MAX_IMPORT_BYTES
            elif name.startswith(REPLAYS) and _plain(name[len(REPLAYS) :]):
                bound = MAX_REPLAY_BYTES
            else:
                raise TransferError(
                    gettext("its member {name} is neither the games nor a replay file").format(
                        name=ascii(name)[:80]
                    )
                )
            content = _read_member(archive, member, bound)
            unpacked += len(content)
            if unpacked > MAX_UNPACKED_BYTES:
                said = gettext("it unpacks to more than {n} MiB")
                raise TransferError(said.format(n=MAX_UNPACKED_BYTES >> 20))
            if name.startswith(REPLAYS):
                replays[name[len(REPLAYS) :]] = content
            elif games is not None:
                raise TransferError(gettext("it holds the games twice"))
            else:
                games = content
    if games is None:
        said = gettext("it holds no {name}: it is no history archive of this game")
        raise TransferError(said.format(name=GAMES))
    return games, replays


def _plain(name: str) -> bool:
    """A file name of the replays folder: no path, nothing hidden, printable."""
    return (
        0 < len(name) <= MAX_TEXT
        and name.isprintable()
        and not any(mark in name for mark in ("/", "\\", ":", "\x00"))
        and not name.startswith(".")
    )


def _read_member(archive: zipfile.ZipFile, member: zipfile.ZipInfo, bound: int) -> bytes:
    where = gettext("its member {name}").format(name=ascii(member.filename)[:80])
    if member.file_size > bound:
        said = gettext("{where} is {n} bytes, more than {most}")
        raise TransferError(said.format(where=where, n=member.file_size, most=bound))
    try:
        with archive.open(member) as stream:
            content = stream.read(bound + 1)
    except RuntimeError:  # (encrypted)
        raise TransferError(gettext("{where} is encrypted").format(where=where)) from None
    except NotImplementedError:
        said = gettext("{where} is packed in a way this game does not read")
        raise TransferError(said.format(where=where)) from None
    except (zipfile.BadZipFile, zlib.error, OSError, EOFError, ValueError) as error:
        said = gettext("{where} is damaged ({error})")
        raise TransferError(said.format(where=where, error=error)) from None
    if len(content) > bound:
        said = gettext("{where} unpacks to more than {n} bytes")
        raise TransferError(said.format(where=where, n=bound))
    return content


def import_archive(
    history: History, folder: Path, path: Path, progress: Progress | None = None
) -> Imported:
    """Add the archive's games that the history lacks, and put the replays they
    name that the replays folder lacks there; what was added. TransferError (one
    line) if the archive cannot be read or the history cannot take the games:
    then nothing is added."""
    check_kept(history)
    games, replays = read_archive(read_file(path))
    records = read_export(games, half(progress, 0))
    wanted = {record.replay for record in records if record.replay in replays}
    added_replays = 0
    target = folder / replay_files.FOLDER
    for name in sorted(n for n in wanted if n is not None):
        if (target / name).exists():
            continue  # (the same game's replay, kept already: not twice)
        try:
            target.mkdir(parents=True, exist_ok=True)
            store.atomic_write_bytes(target / name, replays[name])
        except OSError as error:
            raise TransferError(
                gettext(
                    "the replays could not be written in {folder} ({why}); nothing was imported"
                ).format(folder=target, why=error.strerror or error)
            ) from None
        added_replays += 1
    return Imported(import_records(history, records, half(progress, 1)), added_replays)
