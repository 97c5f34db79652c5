"""Crash-safe file writes, and reads that survive any file contents.

Writing: the new text goes to a temporary file in the same folder (so the final
rename never crosses file systems), is flushed and fsynced, and then replaces the
old file with ``os.replace``, which is atomic on POSIX and Windows. At every
moment the file's name points at either the whole old file or the whole new one.

Reading: a file that cannot be used, for whatever reason, is renamed to
``<name>.corrupt-<YYYYmmdd-HHMMSS>`` (never deleted, never overwritten), and the
caller gets a sentence for the player saying what happened and where the file is.

Test seam: ``write_checkpoint`` is called at each step of a write. It does
nothing; tests replace it (monkeypatch) with a function that raises or exits the
process to interrupt a save at that step. The steps call ``os.open``, ``os.write``,
``os.fsync`` and ``os.replace`` through the ``os`` module so that tests can also
patch those to simulate a full disk or a read-only folder.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
from collections.abc import Callable, Iterable
from enum import Enum
from pathlib import Path
from typing import IO, TYPE_CHECKING, Generic, TypeAlias, TypeVar

from game.core.on_first_use import OnFirstUse
from game.core.record import Record
from game.language import N_, Words, gettext, said
from game.persist.schema import FutureVersionError

if TYPE_CHECKING:
    import datetime as dt
    from datetime import datetime
else:
    dt = OnFirstUse("datetime")  # (with the first date or time asked for: 0.45 MB, not at start)

LocalTime: TypeAlias = Callable[[], "datetime"]
"""Gives the local date and time (local_now; tests pass a fixed one): it only stamps
the names of moved-aside files, and is asked only then."""


def local_now() -> datetime:
    """The local date and time now (datetime.now)."""
    return dt.datetime.now()


T = TypeVar("T")

MAX_FILE_BYTES = 1 << 20
"""Largest data file we read (1 MiB); the real files are a few kilobytes."""

_TEMP_SUFFIX = ".tmp"


class WriteStep(Enum):
    """The moments of an atomic write at which a test may interrupt it."""

    BEFORE_WRITE = "before-write"
    """The temporary file exists and is empty."""
    MID_WRITE = "mid-write"
    """Half of the text is in the temporary file."""
    BEFORE_REPLACE = "before-replace"
    """The temporary file is complete and fsynced; the old file is still in place."""
    AFTER_REPLACE = "after-replace"
    """The new file is in place; the folder is not yet fsynced."""


def write_checkpoint(step: WriteStep, path: Path) -> None:
    """Called at each step of atomic_write_text; does nothing. The test seam.

    ``path`` is the temporary file (the final file for AFTER_REPLACE).
    """


_TEMP_STEM_BYTES = 200
"""At most this much of a file's name (in UTF-8 bytes) goes into its temporary
file's name, so a name near the system's limit (255 bytes) still gets one."""


def _temp_stem(name: str) -> str:
    encoded = name.encode("utf-8", "surrogateescape")
    if len(encoded) <= _TEMP_STEM_BYTES:
        return name
    return encoded[:_TEMP_STEM_BYTES].decode("utf-8", "ignore")


def _temp_prefix(name: str) -> str:
    """How every temporary file made for ``name`` begins (hidden on POSIX)."""
    return f".{_temp_stem(name)}."


def temp_name_pattern(name: str) -> str:
    """Glob pattern of the temporary files atomic_write_text makes for ``name``."""
    return f"{_temp_prefix(name)}*{_TEMP_SUFFIX}"


class Refused(OSError):
    """A file that must not be written over (a device, a pipe, a link, a folder, a
    read-only file, the file being read, one of the game's own files): its
    ``strerror`` says why in a few words, in the player's language (a write is
    checked once the language is chosen)."""


def _kind(mode: int) -> str:
    """Why a file of this mode is never written, in the player's language."""
    if stat.S_ISFIFO(mode):
        return gettext("it is a named pipe, not a regular file")
    if stat.S_ISSOCK(mode):
        return gettext("it is a socket, not a regular file")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return gettext("it is a device, not a regular file")
    return gettext("it is a special file, not a regular file")


def check_target(path: Path, *, inputs: Iterable[Path] = ()) -> None:
    """Refuse (Refused) to write ``path`` unless it is a new file or a regular,
    writable file that is none of ``inputs`` (the files being read). A missing
    folder is left for the write to report. (What a command writes is checked by
    game.persist.outputs.check_output, which also refuses the game's own files.)"""

    def same(other: Path, info: os.stat_result | None) -> bool:
        try:
            if os.path.abspath(other) == os.path.abspath(path):
                return True
            theirs = os.stat(other)
        except (OSError, ValueError):
            return False
        return info is not None and (theirs.st_dev, theirs.st_ino) == (info.st_dev, info.st_ino)

    try:
        info: os.stat_result | None = os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        info = None
    if info is not None:
        mode = info.st_mode
        if stat.S_ISLNK(mode):
            said = gettext("it is a symbolic link; name the file it points to")
            raise Refused(errno.EPERM, said)
        if stat.S_ISDIR(mode):
            raise Refused(errno.EISDIR, gettext("it is a folder"))
        if not stat.S_ISREG(mode):
            raise Refused(errno.EPERM, _kind(mode))
        if not mode & 0o222 or not os.access(path, os.W_OK):
            raise Refused(errno.EACCES, gettext("it is read-only"))
    if any(same(other, info) for other in inputs):
        raise Refused(errno.EPERM, gettext("it is the file being read"))


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        if written <= 0:
            # A regular file that accepts nothing is full, whatever it claims.
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        view = view[written:]


def _remove_quietly(path: Path) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


def fsync_folder(folder: Path) -> None:
    """Make a rename or removal in ``folder`` durable, where the system allows it.

    POSIX needs the folder itself fsynced for a rename to survive a power cut;
    Windows cannot open a folder this way, and that is fine there.
    """
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def create_temp(folder: Path, name: str) -> tuple[int, Path]:
    """Create a new, empty, uniquely named temporary file for ``name`` in folder.

    The name starts with a dot (hidden on POSIX) and matches temp_name_pattern,
    so files left by a crash can be found and removed at the next start.
    """
    # (os.urandom, not secrets: 5 ms to import)
    temp = folder / f"{_temp_prefix(name)}{os.urandom(6).hex()}{_TEMP_SUFFIX}"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    return os.open(temp, flags, 0o644), temp


def atomic_write_text(path: Path, text: str) -> None:
    """Replace the file at ``path`` with ``text`` (UTF-8), all or nothing
    (atomic_write_bytes)."""
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_bytes(path: Path, data: bytes, *, inputs: Iterable[Path] = ()) -> None:
    """Replace the file at ``path`` with ``data``, all or nothing.

    Only a new file or a regular, writable one is replaced, never one of
    ``inputs``: anything else raises Refused (check_target) before a byte is
    written. Raises OSError when the folder cannot be written; the old file is then
    untouched and the temporary file removed. Also removed when interrupted by
    any other exception (KeyboardInterrupt included); only a killed process can
    leave one behind, and remove_stale_temps clears it at the next start.
    """
    check_target(path, inputs=inputs)

    def halves(fd: int, temp: Path) -> None:
        half = len(data) // 2
        _write_all(fd, data[:half])
        write_checkpoint(WriteStep.MID_WRITE, temp)
        _write_all(fd, data[half:])

    _replace(path, halves)


def atomic_write_with(path: Path, write: Callable[[IO[bytes]], None]) -> None:
    """Replace the file at ``path``, all or nothing, with what ``write`` writes into
    the file it is handed (an export made as it is written: never whole in memory).
    As atomic_write_bytes: only a new or regular, writable file is replaced, and a
    failure or an exception ``write`` raises leaves the old file untouched."""
    check_target(path)

    def written(fd: int, temp: Path) -> None:
        with os.fdopen(fd, "wb", closefd=False) as file:
            write(file)

    _replace(path, written)


def _replace(path: Path, write: Callable[[int, Path], None]) -> None:
    """Write a temporary file beside ``path`` (``write`` is handed its descriptor
    and name), make it durable, and put it in place of ``path``."""
    fd, temp = create_temp(path.parent, path.name)
    try:
        try:
            write_checkpoint(WriteStep.BEFORE_WRITE, temp)
            write(fd, temp)
            # fsync before the rename: otherwise a power cut can leave the new
            # name pointing at a file whose blocks were never written.
            os.fsync(fd)
        finally:
            os.close(fd)
        write_checkpoint(WriteStep.BEFORE_REPLACE, temp)
        os.replace(temp, path)
    except BaseException:
        _remove_quietly(temp)
        raise
    write_checkpoint(WriteStep.AFTER_REPLACE, path)
    fsync_folder(path.parent)


def remove_file(path: Path) -> None:
    """Delete a file if it exists (durably); OSError if it exists and cannot go."""
    try:
        os.unlink(path)
    except FileNotFoundError:
        return
    fsync_folder(path.parent)


def remove_stale_temps(folder: Path, name: str) -> None:
    """Delete temporary files that a killed process left behind while saving name.

    They never hold the only copy of anything: the real file was untouched
    until the rename. Errors are ignored (a read-only folder keeps its litter).
    """
    start, end = _temp_prefix(name), _TEMP_SUFFIX  # (temp_name_pattern's, no regex)
    try:
        leftovers = [entry for entry in os.listdir(folder) if entry.startswith(start)]
    except OSError:
        return
    for entry in leftovers:
        if entry.endswith(end) and len(entry) > len(start) + len(end):
            _remove_quietly(folder / entry)


# ---------------------------------------------------------------- reading


class LoadStatus(Enum):
    """What loading a data file found."""

    MISSING = "missing"
    """No file: defaults, and nothing to tell the player."""
    LOADED = "loaded"
    """The file was read and is valid."""
    MOVED_ASIDE = "moved-aside"
    """The file was unusable and now sits at ``moved_to``; defaults are used."""
    STUCK = "stuck"
    """The file was unusable and could not be moved aside either: it must not be
    overwritten (it may hold records), so the caller must not save over it."""


class Loaded(Record, Generic[T]):
    """The outcome of load_json."""

    __slots__ = ("moved_to", "problem", "reason", "status", "value")

    status: LoadStatus
    value: T | None
    """The validated contents when status is LOADED, else None."""
    moved_to: Path | None
    """Where an unusable file was moved (MOVED_ASIDE)."""
    problem: str | None
    """A sentence for the player (MOVED_ASIDE and STUCK), else None."""
    reason: str | None
    """Why the file was unusable, in technical words (for logs and tests)."""

    def __init__(
        self,
        status: LoadStatus,
        value: T | None = None,
        moved_to: Path | None = None,
        problem: str | None = None,
        reason: str | None = None,
    ) -> None:
        self.status = status
        self.value = value
        self.moved_to = moved_to
        self.problem = problem
        self.reason = reason


class Unreadable(Exception):
    """Internal: the file exists but cannot be used; the message (Words: the data
    folder is read before the language is known) says why."""


class NotAFile(Unreadable):
    """Internal: what is there is no regular file (a folder, a pipe, a device, a
    link where none is followed): it cannot be read, which is not damage."""


def _reject_constant(name: str) -> object:
    # json accepts NaN and Infinity, which are not JSON and no file of ours holds.
    raise ValueError(f"{name} is not a JSON value")


NOT_REGULAR = N_("it is not a regular file")


def too_long(size: int, most: int) -> Words:
    """Why a file of ``size`` bytes is not read: more than ``most``."""
    return Words(N_("it is {size} bytes long, more than {n}"), size=size, n=most)


def read_regular(path: Path, max_bytes: int, *, follow: bool = True) -> bytes:
    """The file's bytes, or Unreadable if it is not a regular file or too big
    (a FIFO or a device is never opened: it could block for ever); with
    ``follow=False``, also if it is a symbolic link (a file of the game's own
    folder that links elsewhere: never read for it)."""
    if not follow and stat.S_ISLNK(os.lstat(path).st_mode):
        raise NotAFile(Words(N_("it is a symbolic link")))
    info = os.stat(path)
    if stat.S_ISDIR(info.st_mode):
        raise NotAFile(Words(N_("it is a folder, not a file")))
    if not stat.S_ISREG(info.st_mode):
        # A FIFO or a device would block or never end: never open one.
        raise NotAFile(Words(NOT_REGULAR))
    if info.st_size > max_bytes:
        raise Unreadable(too_long(info.st_size, max_bytes))
    if follow:
        handle = open(path, "rb")  # noqa: SIM115 (closed below)
    else:  # (never a link, even one made since the check above)
        handle = os.fdopen(
            os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0) | _NO_FOLLOW), "rb"
        )
    with handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            raise NotAFile(Words(NOT_REGULAR))  # (changed since: a race)
        data = handle.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise Unreadable(Words(N_("it grew past {n} bytes while being read"), n=max_bytes))
    return data


_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)
"""Opening fails on a symbolic link (POSIX; Windows has none to follow here)."""


def parse_json(data: bytes) -> object:
    """Decode UTF-8 JSON (a leading BOM allowed); Unreadable on anything else."""
    try:
        text = data.decode("utf-8-sig")
        return json.loads(text, parse_constant=_reject_constant)
    except RecursionError:
        raise Unreadable(Words(N_("it is nested too deeply"))) from None
    except UnicodeDecodeError:
        raise Unreadable(Words(N_("it is not UTF-8 text"))) from None
    except json.JSONDecodeError as error:  # (its place, never the file's words)
        said = N_("it is not valid JSON text (line {line}, column {column})")
        raise Unreadable(Words(said, line=error.lineno, column=error.colno)) from None
    except ValueError:  # (NaN, Infinity: _reject_constant)
        raise Unreadable(Words(N_("it is not valid JSON text"))) from None


def read_now(path: Path, validate: Callable[[object], T]) -> T | None:
    """A data file as it is now, read again before a change is laid over it (another
    window on the folder may have written it since it was loaded): None when there
    is none or it cannot be read (the change is then written over it, as at the
    start); FutureVersionError when a newer version wrote it (never written over)."""
    try:
        return validate(parse_json(read_regular(path, MAX_FILE_BYTES)))
    except FutureVersionError:
        raise
    except (OSError, ValueError, TypeError, Unreadable):
        return None


def corrupt_path(path: Path, now: datetime) -> Path:
    """A free name for moving ``path`` aside: <name>.corrupt-<YYYYmmdd-HHMMSS>[-n]."""
    base = f"{path.name}.corrupt-{now:%Y%m%d-%H%M%S}"
    candidate = path.with_name(base)
    n = 2
    while os.path.lexists(candidate):
        candidate = path.with_name(f"{base}-{n}")
        n += 1
    return candidate


def move_aside(path: Path, now: datetime) -> Path:
    """Rename path to a free corrupt name; returns it. OSError if that fails."""
    target = corrupt_path(path, now)
    # os.rename, not os.replace: on Windows it refuses to overwrite, which is the
    # safe way to lose a race for the name.
    os.rename(path, target)
    fsync_folder(path.parent)
    return target


def load_json(
    path: Path,
    validate: Callable[[object], T],
    *,
    now: LocalTime,
    label: Words,
    consequence: Words,
    max_bytes: int = MAX_FILE_BYTES,
) -> Loaded[T]:
    """Read, parse and validate a JSON data file; never raises for bad contents.

    ``validate`` turns the parsed JSON into a value or raises ValueError (DataError,
    FutureVersionError) or TypeError. ``label`` names the file for the player
    ("settings file"), ``consequence`` says what happens instead ("the default
    settings are used"): each Words (game.language), so the problem is said in the
    player's language when shown. ``now``, asked only then, stamps the name of a
    moved-aside file.
    """
    newer = False
    unread: object = None  # (why it could not be read at all: not damage)
    try:
        value = validate(parse_json(read_regular(path, max_bytes)))
    except (FileNotFoundError, NotADirectoryError):
        # NotADirectoryError: the data folder is itself a file; Profile reports that.
        return Loaded(LoadStatus.MISSING)
    except NotAFile as error:
        reason = unread = said(error)
    except Unreadable as error:
        reason = said(error)
    except FutureVersionError as error:
        reason, newer = str(error), True
    except (ValueError, TypeError, RecursionError) as error:  # DataError is a ValueError
        reason = f"its contents are wrong ({error})"
    except OSError as error:
        # Unreadable for the system (permissions, I/O error): set it aside too, so
        # that the player's next save does not land on top of it.
        reason = f"reading it failed ({error})"
        unread = error.strerror or error
    else:
        return Loaded(LoadStatus.LOADED, value)

    if newer:
        # Never moved nor written: the newer version that made it still wants it.
        problem = Words(
            N_(
                "Your {label} at {path} was made by a newer version of Minesweeper; it was "
                "left as it is and nothing will be saved over it this session; {then}."
            ),
            label=label,
            path=path,
            then=consequence,
        )
        return Loaded(LoadStatus.STUCK, problem=problem, reason=reason)
    try:
        moved_to = move_aside(path, now())
    except OSError as error:
        problem = Words(
            N_(
                "Your {label} at {path} could not be read, and it could not be moved aside "
                "either ({why}). It was left as it is and nothing will be saved over it this "
                "session; {then}."
            ),
            label=label,
            path=path,
            why=error.strerror or error,
            then=consequence,
        )
        return Loaded(LoadStatus.STUCK, problem=problem, reason=reason)
    if unread is not None:
        problem = Words(
            N_("Your {label} could not be read ({why}). It was moved to {path}; {then}."),
            label=label,
            why=unread,
            path=moved_to,
            then=consequence,
        )
    else:
        problem = Words(
            N_("Your {label} was damaged and could not be read. It was moved to {path}; {then}."),
            label=label,
            path=moved_to,
            then=consequence,
        )
    return Loaded(LoadStatus.MOVED_ASIDE, moved_to=moved_to, problem=problem, reason=reason)


def dump_json(doc: object, *, indent: int | None = 2) -> str:
    """JSON text for a data file; ValueError/TypeError if doc is not plain JSON.

    ensure_ascii keeps the file pure ASCII, so any text (even a lone surrogate in
    an engine snapshot) can be written and read back exactly; allow_nan=False
    because we refuse NaN when reading.
    """
    return json.dumps(doc, indent=indent, ensure_ascii=True, allow_nan=False) + "\n"
