"""The history's database file (history.sqlite3 in the data folder): opened with
our settings, checked, upgraded, moved aside when damaged, kept in memory when it
cannot be kept, and every read and write to it guarded so a file or database problem
never reaches the player as more than a sentence (game.persist.history has the
games themselves; its docstring says the rules).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
import time
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from typing import TypeVar

from game.language import N_, Words
from game.persist import store
from game.persist.history_faults import (
    Trouble,
    clear_markers,
    dead_markers,
    mark_running,
    quick_check,
    trouble,
    why,
)
from game.persist.history_legacy import import_legacy, read_legacy
from game.persist.history_schema import (
    SCHEMA_VERSION,
    Damaged,
    check_layout,
    check_ours,
    create,
    tables,
    upgrade,
    user_version,
)
from game.persist.messages import Messages, Tells
from game.persist.paths import RECORDS_FILE
from game.persist.store import LocalTime

BUSY_TIMEOUT_MS = 5000
"""How long a write waits for another window's write to finish before giving up."""

OPEN_ATTEMPTS = 8
OPEN_RETRY_S = 0.05
"""Opening a history found busy is tried again after 0.05 s, 0.1 s, ... (1.4 s in all)."""

T = TypeVar("T")
H = TypeVar("H", bound="HistoryFile")
Tick = Callable[[int, int], None]


class HistoryFile(Tells):
    """The history's database file: opened, checked, set aside when damaged, kept in
    memory when it cannot be kept; every question and change to it guarded. History
    (history.py) is its games."""

    def __init__(self, db: sqlite3.Connection, path: Path, now: LocalTime) -> None:
        """Wrap an open connection; use open (History.open)."""
        self._db = db
        self._path = path
        self._now = now
        self._messages = Messages()
        self._in_memory = False
        self._closed = False
        self._marker: Path | None = None
        self._copied = False

    # ---------------------------------------------------------------- opening

    @classmethod
    def open(cls: type[H], path: Path, *, clock: LocalTime = datetime.now) -> H:
        """Open (or create) the database at ``path``; never raises.

        ``path`` is the database file, normally ``data_folder / HISTORY_FILE``;
        records.json is looked for next to it. A damaged file is moved aside and
        a new database made; when no file can be used the history lives in memory.
        ``clock`` stamps the names of moved-aside files.
        """
        # Absolute, so the messages name a place the player can find.
        history = cls(connect(None), Path(path).absolute(), clock)
        history._close_quietly()  # a placeholder until _open_file connects
        history._open_file()
        return history

    @classmethod
    def memory(cls: type[H], *, clock: LocalTime = datetime.now, copy_of: Path | None = None) -> H:
        """A history in memory only, for a session whose data folder is unknown or
        cannot be written; ``copy_of``: that folder's history file, whose games are
        read into it as they are (read_only_copy), never changing it."""
        path = Path("history-in-memory") if copy_of is None else copy_of.absolute()
        history = cls(connect(None), path, clock)
        history._in_memory = True
        history._copied = copy_of is not None and read_only_copy(path, history._db)
        if copy_of is not None and not history._copied:  # (nothing half copied is kept)
            history._db.close()
            history._db = connect(None)
        history._prepare(check=False)
        return history

    def _open_file(self) -> None:
        self._open_or_replace()
        if not self._in_memory:
            # While this window has the file open (history_faults).
            self._marker = mark_running(self._path)

    def _open_or_replace(self) -> None:
        path = self._path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            info = os.stat(path) if os.path.lexists(path) else None
            if info is not None and not stat.S_ISREG(info.st_mode):
                self._go_in_memory(Words(N_("{path} is not a file"), path=path))
                return
            dead = dead_markers(path)
            self._connect_and_prepare(path, check=bool(dead) and info is not None)
            clear_markers(dead)
            return
        except Damaged as damage:
            self._close_quietly()
            if damage.newer:
                self._go_in_memory(
                    Words(
                        N_(
                            "this history was made by a newer version of Minesweeper; it was "
                            "left as it is, and games played now are not saved"
                        )
                    ),
                    reason_only=True,
                )
                return
            clear_markers(dead_markers(path))
            self._set_aside(damage)
        except sqlite3.Error as error:
            self._close_quietly()
            if trouble(error) is Trouble.DAMAGED:
                clear_markers(dead_markers(path))
                self._set_aside(Damaged(str(error)))
            elif trouble(error) is Trouble.BUSY:
                self._go_in_memory(Words(N_("another window kept it locked")))
            else:
                self._go_in_memory(Words(OPENING, path=path, why=why(error)), copy=True)
        except OSError as error:
            self._close_quietly()
            self._go_in_memory(Words(OPENING, path=path, why=why(error)), copy=True)

    def _connect_and_prepare(self, path: Path, *, check: bool) -> None:
        """Open and check the file. Two windows opening a new history at the same
        moment can find it locked even past the busy timeout (SQLite does not wait
        while another connection switches the file to WAL or builds its index):
        such a start is tried again a few times before giving up."""
        for attempt in range(OPEN_ATTEMPTS):
            try:
                self._db = connect(path)
                self._prepare(check=check)
                return
            except sqlite3.Error as error:
                self._close_quietly()
                if trouble(error) is not Trouble.BUSY or attempt + 1 == OPEN_ATTEMPTS:
                    raise
                time.sleep(OPEN_RETRY_S * (attempt + 1))

    def _set_aside(self, damage: Damaged) -> None:
        """Move the damaged file (and its write-ahead log) aside, start a new one."""
        path = self._path
        try:
            moved_to = store.move_aside(path, self._now())
        except OSError as error:
            self._go_in_memory(
                Words(
                    N_(
                        "{path} could not be read, and it could not be moved aside either "
                        "({why}), so it was left as it is"
                    ),
                    path=path,
                    why=why(error),
                )
            )
            return
        # A leftover log belongs to the old file: applied to the new one it would
        # damage it. It goes with the old file (SQLite finds it there by name);
        # the shared-memory index is rebuilt from the log, so it just goes.
        with contextlib.suppress(OSError):
            if os.path.lexists(f"{path}-wal"):
                os.rename(f"{path}-wal", f"{moved_to}-wal")
        with contextlib.suppress(OSError):
            os.unlink(f"{path}-shm")
        if damage.foreign:
            said = N_(
                "Your game history holds {what} this game never makes, so it was not "
                "used. It was moved to {path} as it was; a new history was started in its "
                "place."
            )
            what = Words(FOREIGN.get(damage.foreign, FOREIGN["table"]))
            self._messages.add(Words(said, what=what, path=moved_to))
        else:
            said = N_(
                "Your game history was damaged and could not be read. It was moved to "
                "{path}; a new history was started in its place."
            )
            self._messages.add(Words(said, path=moved_to))
        try:
            self._db = connect(path)
            self._prepare(check=False)
        except (sqlite3.Error, OSError, Damaged) as error:
            self._close_quietly()
            self._go_in_memory(
                Words(N_("a new {path} could not be made ({why})"), path=path, why=error)
            )

    def _go_in_memory(self, why: Words, *, reason_only: bool = False, copy: bool = False) -> None:
        """Keep this session's games in memory, and tell the player once; with
        ``copy``, beside the file's own games when it can be read as it is (a
        read-only folder: read_only_copy)."""
        self._in_memory = True
        self._db = connect(None)
        self._copied = copy and read_only_copy(self._path, self._db)
        if copy and not self._copied:  # (nothing half copied is kept)
            self._db.close()
            self._db = connect(None)
        if self._copied:
            said = N_(
                "Your game history cannot be saved this session ({why}): its games are "
                "shown, and the games you play now are kept until you close the game."
            )
            self._messages.add(Words(said, why=why))
        elif reason_only:
            self._messages.add(
                Words(N_("Your game history at {path}: {why}."), path=self._path, why=why)
            )
        else:
            self._messages.add(
                Words(
                    N_(
                        "Your game history cannot be saved this session ({why}); the games "
                        "you play are kept until you close the game."
                    ),
                    why=why,
                )
            )
        try:
            self._prepare(check=False)
        except (sqlite3.Error, Damaged, OSError) as error:  # memory cannot fail; be sure
            self._messages.add(
                Words(N_("The game history could not be started ({error})."), error=error)
            )

    def _close_quietly(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self._db.close()

    def _prepare(self, *, check: bool) -> None:
        """Check the database, create or upgrade it; Damaged if it cannot be used.

        ``check``: read the whole file for damage first (after an unclean exit).
        Nothing is written before the checks pass (not even the switch to WAL),
        so a file that is moved aside is moved exactly as it was found, and a
        newer version's file is not changed at all.
        """
        db = self._db
        with reading(db):
            # One snapshot for the version and the tables: another window may be
            # making this very file, and a version read before its commit with
            # tables read after would look like damage.
            version = user_version(db)
            if version > SCHEMA_VERSION:
                raise Damaged(f"schema version {version}, newer than {SCHEMA_VERSION}", newer=True)
            problems = quick_check(db) if check else []
            if problems:
                raise Damaged("quick_check: " + "; ".join(problems))
            found = tables(db)
            if found:
                check_ours(db, version)  # (a trigger planted runs at our next write)
        if found or version == SCHEMA_VERSION:
            check_layout(found, version)
        if not self._in_memory:
            # WAL: readers never wait for a writer, a writer never waits for
            # readers, and a crash mid-write leaves the last commit intact.
            db.execute("PRAGMA journal_mode = WAL").fetchone()
        if version < SCHEMA_VERSION:
            # Read records.json before taking the write lock: files are slow.
            legacy = None
            if not found:
                legacy, problem = read_legacy(self._path.with_name(RECORDS_FILE))
                if problem is not None:
                    self._messages.add(problem)
            with writing(db):
                # Again, under the lock: another window may have just done it.
                version = user_version(db)
                found = tables(db)
                if not found:
                    version = create(db)
                    if legacy is not None:
                        import_legacy(db, legacy)
                else:
                    check_layout(found, version)
                upgrade(db, version)
            check_layout(tables(db), SCHEMA_VERSION)

    # ---------------------------------------------------------------- state

    @property
    def path(self) -> Path:
        """The database file (even when the history lives in memory)."""
        return self._path

    @property
    def in_memory(self) -> bool:
        """True when this session's games are not being saved to the file."""
        return self._in_memory

    @property
    def read(self) -> bool:
        """The history holds the file's games: kept in it, or read from it into
        memory (a file that cannot be written: read_only_copy)."""
        return not self._in_memory or self._copied

    def close(self) -> None:
        """Close the database; later calls return empty answers and save nothing."""
        if not self._closed:
            self._closed = True
            self._close_quietly()
            if self._marker is not None:
                clear_markers([self._marker])

    def _guard(self, doing: str, default: T, action: Callable[[sqlite3.Connection], T]) -> T:
        """Run action on the database; on any database or file error tell the
        player (once per kind of message) and return default. Damage found now is
        met as at the start: the file is moved aside, a new one started, and the
        action done again there."""
        if self._closed:
            return default
        try:
            return action(self._db)
        except (sqlite3.Error, OSError) as error:
            kind = trouble(error) if isinstance(error, sqlite3.Error) else Trouble.IO
            if kind is Trouble.DAMAGED and not self._in_memory:
                self._close_quietly()
                self._set_aside(Damaged(str(error)))
                return self._guard(doing, default, action)
            self._messages.add(failure(doing, kind, error))
            return default

    # ---------------------------------------------------------------- changes


FOREIGN = {
    "trigger": N_("a trigger"),
    "view": N_("a view"),
    "index": N_("an index"),
    "table": N_("a table"),
}
"""What a history may hold that is not ours (history_schema.check_ours), as said."""

SAVING = N_("saving this game")  # (what add_game does: words of its own when it fails)
NOT_SAVED = "This game was not saved"
OPENING = N_("{path} could not be opened ({why})")
"""Why the history is kept in memory when its file would not open."""
"""How the words for a game add_game could not save begin (Profile keeps it for later)."""


def failure(doing: str, kind: Trouble, error: BaseException) -> Words:
    """The sentence for the player when doing something with the history failed
    (``doing``: words marked with N_; said in the player's language when shown)."""
    busy = kind is Trouble.BUSY
    reason = (
        Words(N_("another Minesweeper window kept the game history busy")) if busy else why(error)
    )
    if doing == SAVING:
        said = N_("This game was not saved: {reason}. Your earlier games are safe.")
        assert said.startswith(NOT_SAVED)
        return Words(said, reason=reason)
    if busy:
        return Words(
            N_("{reason}, so {doing} did not happen; try again in a moment."),
            reason=reason,
            doing=Words(doing),
        )
    return Words(N_("{doing} failed: {reason}."), doing=Words(doing), reason=reason)


# ---------------------------------------------------------------- connections

MAX_COPIED_BYTES = 64 << 20
"""The largest history read into memory when its file cannot be written (about
300,000 games): a larger one is not copied, and the session starts empty."""


def read_only_copy(path: Path, into: sqlite3.Connection) -> bool:
    """Copy a history file that cannot be opened for writing (a read-only folder)
    into ``into`` (memory) as it is, never changing it; True if done. Only a file
    with no write-ahead log beside it (its last games would be in the log, which
    reading the file as immutable leaves out) and no larger than MAX_COPIED_BYTES;
    one of a newer version or not ours is left out (the memory is checked after,
    by _prepare)."""
    try:
        info = os.stat(path)
        log = f"{path}-wal"
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_COPIED_BYTES:
            return False
        if os.path.exists(log) and os.path.getsize(log) > 0:
            return False
        uri = f"{path.absolute().as_uri()}?immutable=1"
        source = sqlite3.connect(uri, uri=True, isolation_level=None)
        try:
            version = user_version(source)
            if version > SCHEMA_VERSION:
                return False
            if tables(source):
                check_ours(source, version)
            source.backup(into)
        finally:
            source.close()
    except (OSError, sqlite3.Error, Damaged, ValueError):
        return False  # (the caller starts a memory of its own again: nothing half copied)
    return True


def connect(path: Path | None) -> sqlite3.Connection:
    """A connection with our settings; None for an in-memory database."""
    # isolation_level=None: no implicit transactions; writing and reading say BEGIN.
    db = sqlite3.connect(
        ":memory:" if path is None else str(path),
        timeout=BUSY_TIMEOUT_MS / 1000,
        isolation_level=None,
    )
    try:
        db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        # FULL, not NORMAL: in WAL mode NORMAL is safe against corruption but a
        # power cut can lose the last commits. We commit once per finished game,
        # so one fsync per commit costs nothing the player notices, and the
        # record they just set survives.
        db.execute("PRAGMA synchronous = FULL")
        db.execute("PRAGMA foreign_keys = ON")
        # A damaged page is told as damage when read, always: without the check a
        # cell whose offset was spoilt is read from outside its page, as garbage or
        # as damage depending on what memory lies there.
        db.execute("PRAGMA cell_size_check = ON")
    except BaseException:
        db.close()
        raise
    return db


@contextlib.contextmanager
def writing(db: sqlite3.Connection) -> Iterator[None]:
    """One write transaction. IMMEDIATE takes the write lock at the start, so a
    second window waits (busy timeout) here instead of failing half way."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")
        raise


@contextlib.contextmanager
def reading(db: sqlite3.Connection) -> Iterator[None]:
    """One read transaction: every query inside sees the same snapshot."""
    db.execute("BEGIN")
    try:
        yield
    finally:
        with contextlib.suppress(sqlite3.Error):
            db.execute("COMMIT")
