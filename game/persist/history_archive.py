"""The history with its kept replays, as one zip archive to take to another computer.

An archive holds ``history.csv`` (history_transfer's export, every game) and
``replays/<name>`` for each game whose kept replay is still in the replays folder.
Importing adds the games the history does not have (history_transfer's merge) and
puts each replay they name in the replays folder, unless a file of that name is
there already: nothing is added twice.

An archive is hostile input: it is refused in one line, before anything is
written, when it is no zip, holds a member whose name is no plain replay file name
(a path that would climb out of the folder, an absolute one, a folder of its own),
a member twice, more than MAX_MEMBERS members, a member over its bound, or more
than MAX_UNPACKED_BYTES unpacked in all (a zip bomb): each bound is checked on the
members' list before a byte of them is read, and every member is read with a cap,
whatever size its header claims. Nothing is read whole: the games' member is read
as a stream (history_stream) twice, once to check every game and find the
replays they name, then into the history's one transaction; each replay named is
read alone (at most MAX_REPLAY_BYTES), kept only if it is a replay the game reads,
and the replays written are taken away again if the games cannot be added.
"""

from __future__ import annotations

import contextlib
import io
import struct
import zipfile
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from game.language import gettext
from game.persist import replays as replay_files
from game.persist import store
from game.persist.game_record import MAX_TEXT, GameRecord, StoredGame
from game.persist.history_stream import MAX_IMPORT_BYTES, Limits, records
from game.persist.history_transfer import (
    Every,
    Exported,
    Imported,
    Progress,
    TransferError,
    check_kept,
    export_chunks,
    import_records,
    opened,
    write,
)
from game.replay.format import SUFFIX

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
    the archive at path, all or nothing, as it goes (the games read a batch at a
    time, each replay alone); what was written. TransferError (one line) if it
    cannot be."""
    games = Every(history)
    names: set[str] = set()

    def games_then_replays(file: IO[bytes]) -> None:
        with zipfile.ZipFile(file, "w", compression=zipfile.ZIP_DEFLATED) as archive:
            with archive.open(GAMES, "w") as member:
                for chunk in export_chunks(_naming(games, names), as_json=False):
                    member.write(chunk.encode("utf-8"))
            for name in sorted(names):
                kept = replay_files.kept(folder, name)
                if kept is None:
                    continue
                try:
                    data = store.read_regular(kept, MAX_REPLAY_BYTES, follow=False)
                except (OSError, store.Unreadable):
                    continue  # (the game is still exported; its replay is gone)
                archive.writestr(REPLAYS + name, data)
                written.append(name)

    written: list[str] = []
    write(path, games_then_replays, folder)
    return Exported(games.written, games.skipped, len(written))


def _naming(games: Iterable[StoredGame], names: set[str]) -> Iterator[StoredGame]:
    """The games, each kept replay's name noted as it goes by."""
    for game in games:
        if game.record.replay:
            names.add(game.record.replay)
        yield game


def members(archive: zipfile.ZipFile) -> tuple[zipfile.ZipInfo, dict[str, zipfile.ZipInfo]]:
    """The games' member and the replays' (by file name) of an open archive, every
    bound checked on its list before anything is read; TransferError (one line)."""
    infos = archive.infolist()
    if len(infos) > MAX_MEMBERS:
        said = gettext("it holds {n} members, more than {most}")
        raise TransferError(said.format(n=len(infos), most=MAX_MEMBERS))
    games: zipfile.ZipInfo | None = None
    replays: dict[str, zipfile.ZipInfo] = {}
    seen: set[str] = set()
    unpacked = 0
    for member in infos:
        name = member.filename
        if name in seen:
            said = gettext("its member {name} is in it twice")
            raise TransferError(said.format(name=ascii(name)[:80]))
        seen.add(name)
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
        if member.file_size > bound:
            where = gettext("its member {name}").format(name=ascii(name)[:80])
            said = gettext("{where} is {n} bytes, more than {most}")
            raise TransferError(said.format(where=where, n=member.file_size, most=bound))
        unpacked += member.file_size
        if unpacked > MAX_UNPACKED_BYTES:
            said = gettext("it unpacks to more than {n} MiB")
            raise TransferError(said.format(n=MAX_UNPACKED_BYTES >> 20))
        if name.startswith(REPLAYS):
            replays[name[len(REPLAYS) :]] = member
        elif games is not None:
            raise TransferError(gettext("it holds the games twice"))
        else:
            games = member
    if games is None:
        said = gettext("it holds no {name}: it is no history archive of this game")
        raise TransferError(said.format(name=GAMES))
    return games, replays


_ZIP_TROUBLE: tuple[type[Exception], ...] = (
    *(zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError, KeyError, IndexError),
    *(TypeError, NotImplementedError, RuntimeError, struct.error),
)
"""What zipfile raises on a damaged archive (a cancel, or the history's own words,
are none of these)."""


@contextlib.contextmanager
def _zip(stream: IO[bytes]) -> Iterator[zipfile.ZipFile]:
    """The archive in a stream; whatever zipfile meets on the way is one line."""
    try:
        archive = zipfile.ZipFile(stream)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError):
        raise TransferError(gettext("it is not a zip archive")) from None
    except NotImplementedError:  # (a member "needs" a later zip version: read nowhere)
        raise TransferError(gettext("it is not a zip archive")) from None
    try:
        with archive:
            yield archive
    except TransferError:
        raise
    except _ZIP_TROUBLE:  # zipfile meets a damaged archive with many errors (in English)
        raise TransferError(gettext("it is a damaged zip archive")) from None


def read_archive(data: bytes) -> tuple[bytes, dict[str, bytes]]:
    """The games' member and the replays (by file name) of an archive's bytes (a
    small one: the import reads a file's members one at a time); TransferError (one
    line) for anything else."""
    with _zip(io.BytesIO(data)) as archive:
        games, replays = members(archive)
        kept = {name: _read_member(archive, member) for name, member in replays.items()}
        return _read_member(archive, games), kept


def _plain(name: str) -> bool:
    """A file name of the replays folder: no path, nothing hidden, printable."""
    return (
        0 < len(name) <= MAX_TEXT
        and name.isprintable()
        and not any(mark in name for mark in ("/", "\\", ":", "\x00"))
        and not name.startswith(".")
    )


@contextlib.contextmanager
def _member(archive: zipfile.ZipFile, member: zipfile.ZipInfo) -> Iterator[IO[bytes]]:
    """A member open as a stream; a damaged or encrypted one is one line."""
    where = gettext("its member {name}").format(name=ascii(member.filename)[:80])
    try:
        with archive.open(member) as stream:
            yield io.BufferedReader(_Capped(stream, member.file_size, where))
    except TransferError:
        raise
    except RuntimeError:  # (encrypted)
        raise TransferError(gettext("{where} is encrypted").format(where=where)) from None
    except NotImplementedError:
        said = gettext("{where} is packed in a way this game does not read")
        raise TransferError(said.format(where=where)) from None
    except (zipfile.BadZipFile, zlib.error, OSError, EOFError, ValueError):  # (English)
        raise TransferError(gettext("{where} is damaged").format(where=where)) from None


class _Capped(io.RawIOBase):
    """A member's stream that never gives more than its header claims."""

    def __init__(self, stream: IO[bytes], most: int, where: str) -> None:
        self.stream, self.left, self.where, self.most = stream, most, where, most

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer).cast("B")
        data = self.stream.read(min(len(view), self.left + 1))
        self.left -= len(data)
        if self.left < 0:
            said = gettext("{where} unpacks to more than {n} bytes")
            raise TransferError(said.format(where=self.where, n=self.most))
        view[: len(data)] = data
        return len(data)


def _read_member(archive: zipfile.ZipFile, member: zipfile.ZipInfo) -> bytes:
    with _member(archive, member) as stream:
        return stream.read()


def _is_replay(name: str, data: bytes) -> bool:
    """The member is a replay the game reads (ours, or the community's by its name)."""
    from game.replay import formats, reader  # (the readers: with a replay to check only)

    try:
        if name.lower().endswith(SUFFIX):
            reader.parse(data)
        else:
            formats.read_video(name, data)
    except Exception:  # (a reader's ReplayError or VideoError: what is no replay)
        return False
    return True


def import_archive(
    history: History,
    folder: Path,
    path: Path,
    progress: Progress | None = None,
    limits: Limits | None = None,
) -> Imported:
    """Add the archive's games that the history lacks, and put the replays they
    name that the replays folder lacks there; what was added. TransferError (one
    line) if the archive cannot be read, a replay named is no replay, or the
    history cannot take the games: then nothing is added."""
    check_kept(history)
    tell = progress or (lambda done, total: None)
    bounds = limits or Limits()
    with opened(path) as (file, _), _zip(file) as archive:
        games, replays = members(archive)
        size = games.file_size
        with _member(archive, games) as stream:
            named = {
                record.replay
                for record in records(stream, size, lambda done, _: tell(done, 3 * size), bounds)
                if record.replay in replays
            }
        target = folder / replay_files.FOLDER
        written: list[Path] = []
        try:
            for name in sorted(n for n in named if n is not None):
                if (target / name).exists():
                    continue  # (the same game's replay, kept already: not twice)
                data = _read_member(archive, replays[name])
                if not _is_replay(name, data):
                    said = gettext("its member {name} is no replay; nothing was imported")
                    raise TransferError(said.format(name=ascii(REPLAYS + name)[:80]))
                _keep(target / name, data)
                written.append(target / name)

            def stored() -> Iterator[GameRecord]:  # (afresh if the history starts again)
                with _member(archive, games) as stream:
                    told = lambda done, _: tell(size + done, 3 * size)  # noqa: E731
                    yield from records(stream, size, told, bounds)

            def adding(done: int, total: int) -> None:  # (the last third: the games added)
                tell(2 * size + (done * size // total if total else size), 3 * size)

            added = import_records(history, stored, adding)
        except BaseException:
            for kept in written:
                with contextlib.suppress(OSError):
                    kept.unlink()
            raise
    return Imported(added, len(written))


def _keep(path: Path, data: bytes) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        store.atomic_write_bytes(path, data)
    except OSError as error:
        raise TransferError(
            gettext(
                "the replays could not be written in {folder} ({why}); nothing was imported"
            ).format(folder=path.parent, why=error.strerror or error)
        ) from None
