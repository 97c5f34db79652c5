"""Every finished game, in one SQLite database: history.sqlite3 in the data folder.

Each finished game is one row, added in its own transaction together with the
tallies and counts it changes (history_schema), so two windows on one data
folder lose nothing and no question of the game reads every game
(history_queries). WAL mode lets one window read while another writes, and the
busy timeout makes two writers take turns.

Never in the player's way: History.open and every method after it never raise
for a file or database problem. A damaged database (not SQLite, a layout we do
not know, or damage SQLite finds at any moment; history_faults says when the
whole file is checked) is moved aside as ``<name>.corrupt-<YYYYmmdd-HHMMSS>``
and a new one started. A database of a newer schema is never moved nor
written: the history lives in memory for the session, as it does when the
folder cannot be written. Each of these is told to the player once, in plain
words, through ``problems`` / ``take_new_problems()``, as Profile does.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
import time
from collections.abc import Callable, Iterator, Sequence
from datetime import date, datetime
from enum import Enum
from pathlib import Path
from typing import TypeVar

from game.persist import history_queries as sql
from game.persist import store
from game.persist.game_record import (
    BEST_TIME_DIFFICULTIES,
    COLUMNS,
    MAX_TEXT,
    PAGE,
    BestTimeEntry,
    DailyStats,
    GameRecord,
    GameRecordError,
    Sort,
    StoredGame,
    difficulty_name,
    record_values,
)
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
    create,
    tables,
    upgrade,
    user_version,
)
from game.persist.messages import Messages, Tells
from game.persist.paths import RECORDS_FILE
from game.persist.records import TOP, Stats, clean_name
from game.persist.store import LocalTime

BUSY_TIMEOUT_MS = 5000
"""How long a write waits for another window's write to finish before giving up."""

OPEN_ATTEMPTS = 8
OPEN_RETRY_S = 0.05
"""Opening a history found busy is tried again after 0.05 s, 0.1 s, ... (1.4 s in all)."""

T = TypeVar("T")
Tick = Callable[[int, int], None]


class History(Tells):
    """The game history of one data folder. Create with History.open."""

    def __init__(self, db: sqlite3.Connection, path: Path, now: LocalTime) -> None:
        """Wrap an open connection; use History.open."""
        self._db = db
        self._path = path
        self._now = now
        self._messages = Messages()
        self._in_memory = False
        self._closed = False
        self._marker: Path | None = None

    # ---------------------------------------------------------------- opening

    @classmethod
    def open(cls, path: Path, *, clock: LocalTime = datetime.now) -> History:
        """Open (or create) the database at ``path``; never raises.

        ``path`` is the database file, normally ``data_folder / HISTORY_FILE``;
        records.json is looked for next to it. A damaged file is moved aside and
        a new database made; when no file can be used the history lives in memory.
        ``clock`` stamps the names of moved-aside files.
        """
        # Absolute, so the messages name a place the player can find.
        history = cls(_connect(None), Path(path).absolute(), clock)
        history._close_quietly()  # a placeholder until _open_file connects
        history._open_file()
        return history

    @classmethod
    def memory(cls, *, clock: LocalTime = datetime.now) -> History:
        """A history in memory only, for a session whose data folder is unknown."""
        history = cls(_connect(None), Path("history-in-memory"), clock)
        history._in_memory = True
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
                self._go_in_memory(f"{path} is not a file")
                return
            dead = dead_markers(path)
            self._connect_and_prepare(path, check=bool(dead) and info is not None)
            clear_markers(dead)
            return
        except Damaged as damage:
            self._close_quietly()
            if damage.newer:
                self._go_in_memory(
                    "this history was made by a newer version of Minesweeper; it was left "
                    "as it is, and games played now are not saved",
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
                self._go_in_memory("another window kept it locked")
            else:
                self._go_in_memory(f"{path} could not be opened ({error})")
        except OSError as error:
            self._close_quietly()
            self._go_in_memory(f"{path} could not be opened ({why(error)})")

    def _connect_and_prepare(self, path: Path, *, check: bool) -> None:
        """Open and check the file. Two windows opening a new history at the same
        moment can find it locked even past the busy timeout (SQLite does not wait
        while another connection switches the file to WAL or builds its index):
        such a start is tried again a few times before giving up."""
        for attempt in range(OPEN_ATTEMPTS):
            try:
                self._db = _connect(path)
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
                f"{path} could not be read, and it could not be moved aside either "
                f"({why(error)}), so it was left as it is"
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
        self._messages.add(
            f"Your game history was damaged and could not be read. It was moved to "
            f"{moved_to}; a new history was started in its place."
        )
        try:
            self._db = _connect(path)
            self._prepare(check=False)
        except (sqlite3.Error, OSError, Damaged) as error:
            self._close_quietly()
            self._go_in_memory(f"a new {path} could not be made ({error})")

    def _go_in_memory(self, why: str, *, reason_only: bool = False) -> None:
        """Keep this session's games in memory, and tell the player once."""
        self._in_memory = True
        if reason_only:
            self._messages.add(f"Your game history at {self._path}: {why}.")
        else:
            self._messages.add(
                f"Your game history cannot be saved this session ({why}); the games you "
                "play are kept until you close the game."
            )
        self._db = _connect(None)
        try:
            self._prepare(check=False)
        except (sqlite3.Error, Damaged, OSError) as error:  # memory cannot fail; be sure
            self._messages.add(f"The game history could not be started ({error}).")

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
        with _read(db):
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
            with _write(db):
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
            self._messages.add(_failure(doing, kind, error))
            return default

    # ---------------------------------------------------------------- changes

    def add_game(self, record: GameRecord) -> int | None:
        """Add a finished game in one transaction; its row id, or None if it could
        not be saved (the player is told)."""
        if not isinstance(record, GameRecord):
            raise TypeError("add_game takes a GameRecord")

        def add(db: sqlite3.Connection) -> int:
            with _write(db):
                return sql.insert_game(db, record)

        return self._guard(_NOT_SAVED, None, add)

    def set_name(self, game_id: int, name: str) -> bool:
        """Give a game the player's name (the best-time name asked after a win)
        and remember it as the last name, in one transaction. The name is cleaned
        (records.clean_name). False if no such game or it could not be saved."""
        name = clean_name(name)

        def rename(db: sqlite3.Connection) -> bool:
            with _write(db):
                changed = db.execute("UPDATE games SET name = ? WHERE id = ?", (name, game_id))
                if changed.rowcount != 1:
                    return False
                sql.set_last_name(db, name)
            return True

        return self._guard("saving the name", False, rename)

    def set_replay(self, game_id: int, file_name: str) -> bool:
        """Note the file a game's replay was kept in (a name in the replays folder).
        False if no such game or it could not be saved."""
        if not file_name or "/" in file_name or "\\" in file_name or len(file_name) > MAX_TEXT:
            raise GameRecordError(f"replay must be a file name, not a path; got {file_name!r}")

        def note(db: sqlite3.Connection) -> bool:
            with _write(db):
                changed = db.execute(
                    "UPDATE games SET replay = ? WHERE id = ?", (file_name, game_id)
                )
            return changed.rowcount == 1

        return self._guard("saving the replay's name", False, note)

    def reset_best_times(self) -> bool:
        """Start the best-time tables afresh (the games stay in the history)."""
        return self._reset("best_times")

    def reset_stats(self) -> bool:
        """Start the statistics afresh (the games stay in the history)."""
        return self._reset("stats")

    def _reset(self, kind: str) -> bool:
        def reset(db: sqlite3.Connection) -> bool:
            with _write(db):
                sql.reset(db, kind)
            return True

        return self._guard("the reset", False, reset)

    # ---------------------------------------------------------------- queries

    def _ask(self, doing: str, default: T, query: Callable[[sqlite3.Connection], T]) -> T:
        """A question answered from one snapshot."""

        def read(db: sqlite3.Connection) -> T:
            with _read(db):
                return query(db)

        return self._guard(doing, default, read)

    def best_times(self, difficulty: str | Enum, limit: int = TOP) -> list[BestTimeEntry]:
        """The fastest won, unhinted games of a preset since its last reset
        (imported times included), fastest first, ties earlier first.

        Empty for custom and daily boards, which have no table.
        """
        name = difficulty_name(difficulty)
        if name not in BEST_TIME_DIFFICULTIES:
            return []
        return self._ask(
            "reading the best times", [], lambda db: sql.best_times(db, name, max(0, limit))
        )

    def rank_of(self, difficulty: str | Enum, ms: int) -> int | None:
        """The 1-based place a win in ms would take in the top TOP, or None.

        A tie goes below the equal times already there. Ask before add_game
        (after it, the game is in the table; see place_of). None for boards
        without a table.
        """
        if difficulty_name(difficulty) not in BEST_TIME_DIFFICULTIES:
            return None
        table = self.best_times(difficulty, TOP)
        place = 1 + sum(1 for entry in table if entry.ms <= ms)
        return place if place <= TOP else None

    def qualifies(self, difficulty: str | Enum, ms: int) -> bool:
        """True if a win in ms would enter the best times."""
        return self.rank_of(difficulty, ms) is not None

    def place_of(self, game_id: int) -> int | None:
        """The 1-based place of a stored game in its best-times table, or None."""

        def difficulty_of(db: sqlite3.Connection) -> str | None:
            row = db.execute("SELECT difficulty FROM games WHERE id = ?", (game_id,)).fetchone()
            return None if row is None else str(row[0])

        difficulty = self._guard("reading the best times", None, difficulty_of)
        if difficulty is None:
            return None
        for place, entry in enumerate(self.best_times(difficulty, TOP), start=1):
            if entry.game_id == game_id:
                return place
        return None

    def stats(self, difficulty: str | Enum) -> Stats:
        """Statistics of a difficulty since its last reset: games in finished (id)
        order, continuing the imported counters if there was no reset since.
        Hinted games count."""
        name = difficulty_name(difficulty)
        return self._ask("reading the statistics", Stats(), lambda db: sql.stats(db, name))

    def daily(self, today: date) -> DailyStats:
        """The daily boards: days played and won, the streak of days won up to
        today (or yesterday, when today's is not won yet), the longest, and the
        best times of today's board and of any day's."""
        return self._ask("reading the daily boards", DailyStats(), lambda db: sql.daily(db, today))

    def best_rate(self, difficulty: str | Enum) -> float | None:
        """The best 3BV/s (3BV / seconds) of the won, unhinted games of a
        difficulty since its last best-times reset; None if there is none."""
        name = difficulty_name(difficulty)
        return self._ask("reading the best 3BV/s", None, lambda db: sql.best_rate(db, name))

    def replay_of(self, game_id: int) -> str | None:
        """The file name of a game's kept replay (None: none was kept, or no such game)."""
        return self._ask("reading the game history", None, lambda db: sql.replay_of(db, game_id))

    def best_replay(self, column: str, value: str) -> str | None:
        """The kept replay of the fastest ranked win whose ``column`` ("code" or
        "daily") is ``value``: the ghost of a shared board played again."""
        return self._ask("reading the history", None, lambda db: sql.best_replay(db, column, value))

    def code_record(self, code: str) -> tuple[int | None, int]:
        """A board code's best ranked winning time (None: none yet), games played on it."""
        nothing: tuple[int | None, int] = (None, 0)
        return self._ask(
            "reading the board code's record", nothing, lambda db: sql.code_record(db, code)
        )

    def deaths(self, rows: int, cols: int) -> dict[tuple[int, int], int]:
        """Where the games of a board size were lost: how many on each cell."""
        return self._ask("reading where games were lost", {}, lambda db: sql.deaths(db, rows, cols))

    def median_rate(self, difficulty: str | Enum) -> float | None:
        """The median 3BV/s of the won, unhinted games of a difficulty since its
        last best-times reset; None if there is none."""
        name = difficulty_name(difficulty)
        return self._ask("reading the median 3BV/s", None, lambda db: sql.median_rate(db, name))

    def games(
        self, difficulty: str | Enum | None = None, limit: int = 100, offset: int = 0
    ) -> list[StoredGame]:
        """Stored games, newest first, of one difficulty or all (resets do not hide
        any). Rows that no longer make a valid GameRecord are skipped."""
        return self.page(difficulty, offset=offset, limit=limit)

    def page(
        self,
        difficulty: str | Enum | None = None,
        won: bool | None = None,
        sort: Sort = Sort.DATE,
        offset: int = 0,
        limit: int = PAGE,
    ) -> list[StoredGame]:
        """A page of the history: games of one board or all, won, lost or both, in
        the sort's order (Sort: newest, fastest or best 3BV/s first)."""
        name = None if difficulty is None else difficulty_name(difficulty)
        return self._ask(
            "reading the game history",
            [],
            lambda db: sql.page(db, name, won, sort, offset, limit),
        )

    def count(self, difficulty: str | Enum | None = None, won: bool | None = None) -> int:
        """How many games are stored (of one difficulty or all, one result or both)."""
        name = None if difficulty is None else difficulty_name(difficulty)
        return self._ask("reading the game history", 0, lambda db: sql.count(db, name, won))

    def last_name(self) -> str:
        """The name entered last (for the name box), or "" before the first."""

        def query(db: sqlite3.Connection) -> str:
            row = db.execute("SELECT value FROM meta WHERE key = 'last_name'").fetchone()
            return "" if row is None else str(row[0])

        return self._guard("reading the last name", "", query)

    def merge(self, records: Sequence[GameRecord], key: Sequence[str], tick: Tick) -> int | None:
        """Add the games whose key (these GameRecord fields) no stored game has, in one
        transaction, in order; how many (None: failed, a message). ``tick``: (done, all)."""
        names = [name for name in key if name in COLUMNS]

        def add(db: sqlite3.Connection) -> int:
            with _write(db):
                have = set(db.execute(f"SELECT {', '.join(names)} FROM games"))
                added = 0
                for done, record in enumerate(records, start=1):
                    values = dict(zip(COLUMNS, record_values(record), strict=True))
                    mark = tuple(values[name] for name in names)
                    if mark not in have:
                        have.add(mark)
                        sql.insert_game(db, record)
                        added += 1
                    if done % 2000 == 0:
                        tick(done, len(records))
                return added

        return self._guard("importing the games", None, add)


_NOT_SAVED = "saving this game"  # (what add_game does: words of its own when it fails)
NOT_SAVED = "This game was not saved"
"""How the words for a game add_game could not save begin (Profile keeps it for later)."""


def _failure(doing: str, kind: Trouble, error: BaseException) -> str:
    """The sentence for the player when doing something with the history failed."""
    busy = kind is Trouble.BUSY
    reason = "another Minesweeper window kept the game history busy" if busy else why(error)
    if doing == _NOT_SAVED:
        return f"{NOT_SAVED}: {reason}. Your earlier games are safe."
    if busy:
        return f"{reason[0].upper()}{reason[1:]}, so {doing} did not happen; try again in a moment."
    return f"{doing[0].upper()}{doing[1:]} failed: {reason}."


# ---------------------------------------------------------------- connections


def _connect(path: Path | None) -> sqlite3.Connection:
    """A connection with our settings; None for an in-memory database."""
    # isolation_level=None: no implicit transactions; _write and _read say BEGIN.
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
    except BaseException:
        db.close()
        raise
    return db


@contextlib.contextmanager
def _write(db: sqlite3.Connection) -> Iterator[None]:
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
def _read(db: sqlite3.Connection) -> Iterator[None]:
    """One read transaction: every query inside sees the same snapshot."""
    db.execute("BEGIN")
    try:
        yield
    finally:
        with contextlib.suppress(sqlite3.Error):
            db.execute("COMMIT")
