"""Every finished game, in one SQLite database: history.sqlite3 in the data folder.

records.json kept best times and counters as one object per window, written
whole, so two windows on one data folder lost half of each other's games. Here
each finished game is one row, added in its own transaction; best times,
statistics and streaks are queries over the rows, so nothing is cached that
another window could make stale. WAL mode lets one window read while another
writes, and the busy timeout makes two writers take turns.

Never in the player's way: History.open and every method after it never raise
for a file or database problem. A damaged database (not SQLite, failing its
quick check, a layout we do not know, a newer schema version) is moved aside as
``<name>.corrupt-<YYYYmmdd-HHMMSS>`` and a new one started; a folder that cannot
be written makes the history live in memory for the session. Each of these is
told to the player once, in plain words, through ``problems`` /
``take_new_problems()``, as Profile does.

Schema (version 2, in ``PRAGMA user_version``; version 2 added games.daily):

    games              one row per finished game (see GameRecord); id is the
                       finished order, which streaks follow
    resets             kind ('best_times' | 'stats') and after_game, the largest
                       game id when the player reset: queries of that kind only
                       look at games with a larger id (nothing is deleted)
    meta               key/value text; 'last_name' is the last name entered
    legacy_stats       records.json's counters per difficulty, as imported
    legacy_best_times  records.json's best-time tables, as imported

Import of records.json: when this module creates the database (no file yet, or
a new one in place of a damaged one), it reads records.json from the same folder
and, in the same transaction as the creation, copies every best time into
legacy_best_times and every counter into legacy_stats. records.json itself is
never changed. The imported best times are not made into game rows (they have
no board, clicks or 3BV, and would be counted twice by the statistics); the
best-times query merges them with the won games, and the statistics start from
the imported counters and continue the imported streak with the new games. A
reset of either kind drops the imported part of that kind, as it would have
emptied records.json.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import sqlite3
import stat
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields
from datetime import date, datetime
from enum import Enum
from pathlib import Path
from typing import Any, TypeVar

from game.persist import schema, store
from game.persist.messages import Messages
from game.persist.records import MAX_COUNT, MAX_GAME_MS, TOP, Records, Stats, clean_name
from game.persist.schema import DataError
from game.rules import PRESETS, Difficulty, FirstClick

HISTORY_FILE = "history.sqlite3"
"""The database's name in the data folder."""

RECORDS_FILE = "records.json"
"""The file of the previous versions, imported once (see the module's docstring)."""

SCHEMA_VERSION = 2
"""The schema this code writes, and the newest it reads."""

BUSY_TIMEOUT_MS = 5000
OPEN_ATTEMPTS = 8
OPEN_RETRY_S = 0.05
"""Opening a history found busy is tried again after 0.05 s, 0.1 s, ... (1.4 s in all)."""
"""How long a write waits for another window's write to finish before giving up."""

# The names come from game.rules; the schema also admits the two that the next
# features add there (the daily board, the no-guessing rule), so that adding them
# needs no schema change. dict.fromkeys: no name twice once they are added.
DIFFICULTIES = tuple(dict.fromkeys([*(d.value for d in Difficulty), "daily"]))
"""The difficulty names a game can have."""

BEST_TIME_DIFFICULTIES = tuple(d.value for d in PRESETS)
"""The difficulties with best-time tables (custom and daily boards have none)."""

FIRST_CLICKS = tuple(dict.fromkeys([*(rule.value for rule in FirstClick), "noguess"]))
"""The first-click rules a game can have been played with."""

PRESET_BOARDS = {d.value: board for d, board in PRESETS.items()}
"""The size of each preset, by name."""

MAX_SIDE = 10_000
"""Largest believable number of rows or columns (the engine's benchmarks use 1000)."""

MAX_TEXT = 255
"""Longest seed or replay file name kept."""

Clock = Callable[[], datetime]
"""Gives the local date and time; only stamps the names of moved-aside files."""

T = TypeVar("T")

_ISO_LOCAL = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?")


class GameRecordError(DataError):
    """A GameRecord with a field of the wrong type or out of range."""


def _difficulty_name(difficulty: str | Enum) -> str:
    """'beginner' for 'beginner' or for any enum member whose value is 'beginner'."""
    return str(difficulty.value) if isinstance(difficulty, Enum) else difficulty


def finished_at_text(when: datetime) -> str:
    """The text GameRecord.finished_at wants: ISO local date and time to the second."""
    return when.replace(tzinfo=None).isoformat(timespec="seconds")


# ---------------------------------------------------------------- values


def _check_int(value: object, low: int, high: int, what: str) -> int:
    """schema.check_int, raising the record's own error."""
    try:
        return schema.check_int(value, low, high, what)
    except DataError as error:
        raise GameRecordError(str(error)) from None


def _check_bool(value: object, what: str) -> None:
    if not isinstance(value, bool):
        raise GameRecordError(f"{what} must be True or False; got {value!r}")


def _check_choice(value: object, choices: tuple[str, ...], what: str) -> None:
    if not isinstance(value, str) or value not in choices:
        raise GameRecordError(f"{what} must be one of {', '.join(choices)}; got {value!r}")


def _check_text(value: object, what: str) -> None:
    if value is not None and (
        not isinstance(value, str) or not value or len(value) > MAX_TEXT or not value.isprintable()
    ):
        raise GameRecordError(f"{what} must be None or 1 to {MAX_TEXT} printable characters")


@dataclass(frozen=True)
class GameRecord:
    """One finished game, as the window reports it (validated on creation).

    Raises GameRecordError (a ValueError) for a field of the wrong type or range.
    """

    finished_at: str
    """When the game ended: ISO local date and time, 'YYYY-MM-DDTHH:MM:SS[.ffffff]'
    (see finished_at_text)."""
    difficulty: str
    """One of DIFFICULTIES. A preset must have the preset's size."""
    rows: int
    cols: int
    mines: int
    first_click: str
    """One of FIRST_CLICKS."""
    seed: str | None
    """The board's seed as text, or None if unknown."""
    won: bool
    ms: int
    """Playing time in milliseconds (pauses excluded)."""
    bbbv: int | None = None
    """The board's 3BV (None if the board was never dealt or is unknown)."""
    bbbv_solved: int | None = None
    """How much of the 3BV was done (game.core.bbbv.bbbv_solved)."""
    left_clicks: int = 0
    right_clicks: int = 0
    chord_clicks: int = 0
    effective_clicks: int = 0
    """Clicks that changed something; at most the three counts above together."""
    used_hint: bool = False
    """A hinted game counts in statistics, never in best times."""
    name: str | None = None
    """The player's name for a best time (set later with History.set_name)."""
    replay: str | None = None
    """A file name in the replays folder, or None."""
    daily: str | None = None
    """The date ('YYYY-MM-DD') of the daily board this game was, or None."""

    def __post_init__(self) -> None:
        if not isinstance(self.finished_at, str) or not _ISO_LOCAL.fullmatch(self.finished_at):
            raise GameRecordError(
                f"finished_at must be 'YYYY-MM-DDTHH:MM:SS'; got {self.finished_at!r}"
            )
        try:
            datetime.fromisoformat(self.finished_at)
        except ValueError:
            raise GameRecordError(f"finished_at {self.finished_at!r} does not exist") from None
        _check_choice(self.difficulty, DIFFICULTIES, "difficulty")
        rows = _check_int(self.rows, 1, MAX_SIDE, "rows")
        cols = _check_int(self.cols, 1, MAX_SIDE, "columns")
        _check_int(self.mines, 0, rows * cols - 1, "mines")
        preset = PRESET_BOARDS.get(self.difficulty)
        if preset is not None and (preset.rows, preset.cols, preset.mines) != (
            rows,
            cols,
            self.mines,
        ):
            raise GameRecordError(
                f"a {self.difficulty} board is {preset.rows}x{preset.cols} with {preset.mines} "
                f"mines; got {rows}x{cols} with {self.mines}"
            )
        _check_choice(self.first_click, FIRST_CLICKS, "first_click")
        _check_text(self.seed, "seed")
        _check_bool(self.won, "won")
        _check_int(self.ms, 0, MAX_GAME_MS, "ms")
        if self.bbbv is not None:
            _check_int(self.bbbv, 0, rows * cols, "bbbv")
        if self.bbbv_solved is not None:
            top = rows * cols if self.bbbv is None else self.bbbv
            _check_int(self.bbbv_solved, 0, top, "bbbv_solved")
        clicks = 0
        for what in ("left_clicks", "right_clicks", "chord_clicks"):
            clicks += _check_int(getattr(self, what), 0, MAX_COUNT, what)
        _check_int(self.effective_clicks, 0, clicks, "effective_clicks")
        _check_bool(self.used_hint, "used_hint")
        if self.name is not None and (
            not isinstance(self.name, str) or self.name != clean_name(self.name)
        ):
            raise GameRecordError(f"name {self.name!r} is not a cleaned name (records.clean_name)")
        _check_text(self.replay, "replay")
        if self.replay is not None and (
            "/" in self.replay or "\\" in self.replay or self.replay in (".", "..")
        ):
            raise GameRecordError(f"replay must be a file name, not a path; got {self.replay!r}")
        if self.daily is not None:
            try:
                ok = isinstance(self.daily, str) and len(self.daily) == 10
                ok = ok and date.fromisoformat(self.daily).isoformat() == self.daily
            except ValueError:
                ok = False
            if not ok:
                raise GameRecordError(f"daily must be a date, YYYY-MM-DD; got {self.daily!r}")


_COLUMNS = tuple(f.name for f in fields(GameRecord))
"""The games table's columns after id, in GameRecord's order."""


@dataclass(frozen=True)
class StoredGame:
    """A game as kept in the history: its row id (the finished order) and record."""

    id: int
    record: GameRecord


@dataclass(frozen=True)
class BestTimeEntry:
    """One line of a best-times table."""

    name: str | None
    """The name entered, or None if none was (the window shows a default)."""
    finished_at: str
    """ISO local date and time; a date alone ('YYYY-MM-DD') for imported times."""
    ms: int
    game_id: int | None
    """The game's row id; None for a time imported from records.json."""


@dataclass(frozen=True)
class DailyStats:
    """The player's daily boards (History.daily)."""

    played: int = 0
    """Days whose daily board was played."""
    won: int = 0
    """Days whose daily board was won."""
    streak: int = 0
    """Days in a row won, up to today (or yesterday while today's is not won)."""
    longest: int = 0
    today_ms: int | None = None
    """The best time on today's board."""
    best_ms: int | None = None
    """The best time on any day's board."""


def _daily_stats(rows: list[tuple[Any, ...]], today: date) -> DailyStats:
    won_days: list[date] = []
    played = 0
    today_ms: int | None = None
    best: int | None = None
    for day_text, won, ms in rows:
        try:
            day = date.fromisoformat(str(day_text))
        except ValueError:
            continue
        played += 1
        if won:
            won_days.append(day)
            best = ms if best is None else min(best, ms)
            if day == today:
                today_ms = ms
    longest = run = 0
    previous: date | None = None
    for day in won_days:
        run = run + 1 if previous is not None and (day - previous).days == 1 else 1
        longest = max(longest, run)
        previous = day
    streak = run if previous is not None and 0 <= (today - previous).days <= 1 else 0
    return DailyStats(played, len(won_days), streak, longest, today_ms, best)


# ---------------------------------------------------------------- schema

_SCHEMA_V1 = (
    f"""CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        finished_at TEXT NOT NULL,
        difficulty TEXT NOT NULL CHECK (difficulty IN {DIFFICULTIES!r}),
        rows INTEGER NOT NULL CHECK (rows >= 1),
        cols INTEGER NOT NULL CHECK (cols >= 1),
        mines INTEGER NOT NULL CHECK (mines >= 0),
        first_click TEXT NOT NULL CHECK (first_click IN {FIRST_CLICKS!r}),
        seed TEXT,
        won INTEGER NOT NULL CHECK (won IN (0, 1)),
        ms INTEGER NOT NULL CHECK (ms >= 0),
        bbbv INTEGER CHECK (bbbv >= 0),
        bbbv_solved INTEGER CHECK (bbbv_solved >= 0),
        left_clicks INTEGER NOT NULL DEFAULT 0 CHECK (left_clicks >= 0),
        right_clicks INTEGER NOT NULL DEFAULT 0 CHECK (right_clicks >= 0),
        chord_clicks INTEGER NOT NULL DEFAULT 0 CHECK (chord_clicks >= 0),
        effective_clicks INTEGER NOT NULL DEFAULT 0 CHECK (effective_clicks >= 0),
        used_hint INTEGER NOT NULL DEFAULT 0 CHECK (used_hint IN (0, 1)),
        name TEXT,
        replay TEXT
    )""",
    "CREATE INDEX games_by_difficulty ON games (difficulty, id)",
    """CREATE INDEX games_by_time ON games (difficulty, ms)
        WHERE won = 1 AND used_hint = 0""",
    """CREATE TABLE resets (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('best_times', 'stats')),
        after_game INTEGER NOT NULL
    )""",
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE legacy_stats (
        difficulty TEXT PRIMARY KEY,
        played INTEGER NOT NULL,
        won INTEGER NOT NULL,
        current_streak INTEGER NOT NULL,
        longest_streak INTEGER NOT NULL,
        total_win_ms INTEGER NOT NULL
    )""",
    """CREATE TABLE legacy_best_times (
        id INTEGER PRIMARY KEY,
        difficulty TEXT NOT NULL,
        name TEXT NOT NULL,
        day TEXT NOT NULL,
        ms INTEGER NOT NULL
    )""",
)

_TABLES_V2 = {
    "games": ("id", *_COLUMNS),
    "resets": ("id", "kind", "after_game"),
    "meta": ("key", "value"),
    "legacy_stats": (
        "difficulty",
        "played",
        "won",
        "current_streak",
        "longest_streak",
        "total_win_ms",
    ),
    "legacy_best_times": ("id", "difficulty", "name", "day", "ms"),
}
"""Every table of the current schema and its columns, to recognise a foreign layout."""

_TABLES_V1 = _TABLES_V2 | {"games": ("id", *_COLUMNS[: _COLUMNS.index("daily")])}
"""Version 1: no daily marker."""

_TABLES_V0 = {
    "games": ("id", "finished_at", "difficulty", "rows", "cols", "mines", "won", "ms", "name"),
}
"""Version 0, the pre-release draft: one games table without rules, clicks or 3BV."""


def _upgrade_0_to_1(db: sqlite3.Connection) -> None:
    """The pre-release draft to version 1: the games carried over (first click
    'opening', no 3BV, no clicks counted), the new tables made, the last name kept."""
    db.execute("ALTER TABLE games RENAME TO games_v0")
    for statement in _SCHEMA_V1:
        db.execute(statement)
    db.execute(
        """INSERT INTO games (id, finished_at, difficulty, rows, cols, mines, first_click,
            won, ms, name)
        SELECT id, finished_at, difficulty, rows, cols, mines, 'opening', won, ms, name
        FROM games_v0 ORDER BY id"""
    )
    db.execute("DROP TABLE games_v0")
    db.execute(
        """INSERT INTO meta (key, value)
        SELECT 'last_name', name FROM games WHERE name IS NOT NULL ORDER BY id DESC LIMIT 1"""
    )


def _upgrade_1_to_2(db: sqlite3.Connection) -> None:
    """Version 1 to 2: games get their daily board's date (NULL for the games before)."""
    db.execute("ALTER TABLE games ADD COLUMN daily TEXT")
    db.execute("CREATE INDEX games_by_daily ON games (daily) WHERE daily IS NOT NULL")


_UPGRADES: dict[int, Callable[[sqlite3.Connection], None]] = {
    0: _upgrade_0_to_1,
    1: _upgrade_1_to_2,
}
"""_UPGRADES[n] turns a database of version n into version n + 1, inside the
transaction that then sets user_version to n + 1."""

_LAYOUTS = {0: _TABLES_V0, 1: _TABLES_V1, 2: _TABLES_V2}
"""The tables each known version has (what a database of that version must hold)."""


# ---------------------------------------------------------------- errors


class _Damaged(Exception):
    """Internal: the database file cannot be used; the message says why."""

    def __init__(self, reason: str, *, newer: bool = False) -> None:
        super().__init__(reason)
        self.newer = newer


class _Trouble(Enum):
    DAMAGED = "damaged"
    BUSY = "busy"
    IO = "io"


# Primary result codes (https://sqlite.org/rescode.html).
_SQLITE_BUSY, _SQLITE_LOCKED, _SQLITE_CORRUPT, _SQLITE_NOTADB = 5, 6, 11, 26


def _trouble(error: sqlite3.Error) -> _Trouble:
    """What kind of problem a sqlite3 error is: a damaged file, another window
    holding the lock, or anything else (disk, permissions, a closed connection)."""
    code = getattr(error, "sqlite_errorcode", None)  # Python 3.11+
    text = str(error).lower()
    if code is not None:
        code &= 0xFF
    if code in (_SQLITE_CORRUPT, _SQLITE_NOTADB) or (
        code is None and ("not a database" in text or "malformed" in text)
    ):
        return _Trouble.DAMAGED
    if code in (_SQLITE_BUSY, _SQLITE_LOCKED) or (
        code is None and ("locked" in text or "busy" in text)
    ):
        return _Trouble.BUSY
    return _Trouble.IO


def _why(error: BaseException) -> str:
    if isinstance(error, OSError):
        if error.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
            return "the disk is full"
        if error.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
            return "the folder is read-only"
        return str(error.strerror or error)
    return str(error)


# ---------------------------------------------------------------- the history


class History:
    """The game history of one data folder. Create with History.open."""

    def __init__(self, db: sqlite3.Connection, path: Path, clock: Clock) -> None:
        """Wrap an open connection; use History.open."""
        self._db = db
        self._path = path
        self._clock = clock
        self._messages = Messages()
        self._in_memory = False
        self._closed = False

    # ---------------------------------------------------------------- opening

    @classmethod
    def open(cls, path: Path, *, clock: Clock = datetime.now) -> History:
        """Open (or create) the database at ``path``; never raises.

        ``path`` is the database file, normally ``data_folder / HISTORY_FILE``;
        records.json is looked for next to it. A damaged file is moved aside and
        a new database made; when no file can be used the history lives in memory.
        """
        # Absolute, so the messages name a place the player can find.
        history = cls(_connect(None), Path(path).absolute(), clock)
        history._close_quietly()  # a placeholder until _open_file connects
        history._open_file()
        return history

    @classmethod
    def memory(cls, *, clock: Clock = datetime.now) -> History:
        """A history in memory only, for a session whose data folder is unknown."""
        history = cls(_connect(None), Path("history-in-memory"), clock)
        history._in_memory = True
        history._prepare()
        return history

    def _open_file(self) -> None:
        path = self._path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            info = os.stat(path) if os.path.lexists(path) else None
            if info is not None and not stat.S_ISREG(info.st_mode):
                self._go_in_memory(f"{path} is not a file")
                return
            self._connect_and_prepare(path)
            return
        except _Damaged as damage:
            self._close_quietly()
            self._set_aside(damage)
        except sqlite3.Error as error:
            self._close_quietly()
            if _trouble(error) is _Trouble.DAMAGED:
                self._set_aside(_Damaged(str(error)))
            elif _trouble(error) is _Trouble.BUSY:
                self._go_in_memory("another window kept it locked")
            else:
                self._go_in_memory(f"{path} could not be opened ({error})")
        except OSError as error:
            self._close_quietly()
            self._go_in_memory(f"{path} could not be opened ({_why(error)})")

    def _connect_and_prepare(self, path: Path) -> None:
        """Open and check the file. Two windows opening a new history at the same
        moment can find it locked even past the busy timeout (SQLite does not wait
        while another connection switches the file to WAL or builds its index):
        such a start is tried again a few times before giving up."""
        for attempt in range(OPEN_ATTEMPTS):
            try:
                self._db = _connect(path)
                self._prepare()
                return
            except sqlite3.Error as error:
                self._close_quietly()
                if _trouble(error) is not _Trouble.BUSY or attempt + 1 == OPEN_ATTEMPTS:
                    raise
                time.sleep(OPEN_RETRY_S * (attempt + 1))

    def _set_aside(self, damage: _Damaged) -> None:
        """Move the damaged file (and its write-ahead log) aside, start a new one."""
        path = self._path
        try:
            moved_to = store.move_aside(path, self._clock())
        except OSError as error:
            self._go_in_memory(
                f"{path} could not be read, and it could not be moved aside either "
                f"({_why(error)}), so it was left as it is"
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
        if damage.newer:
            what = "was written by a newer version of Minesweeper, which this version cannot read"
        else:
            what = "was damaged and could not be read"
        self._messages.add(
            f"Your game history {what}. It was moved to {moved_to}; "
            "a new history was started in its place."
        )
        try:
            self._db = _connect(path)
            self._prepare()
        except (sqlite3.Error, OSError, _Damaged) as error:
            self._close_quietly()
            self._go_in_memory(f"a new {path} could not be made ({error})")

    def _go_in_memory(self, why: str) -> None:
        """Keep this session's games in memory, and tell the player once."""
        self._in_memory = True
        self._messages.add(
            f"Your game history cannot be saved this session ({why}); the games you play "
            "are kept until you close the game."
        )
        self._db = _connect(None)
        try:
            self._prepare()
        except (sqlite3.Error, _Damaged, OSError) as error:  # memory cannot fail; be sure
            self._messages.add(f"The game history could not be started ({error}).")

    def _close_quietly(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self._db.close()

    def _prepare(self) -> None:
        """Check the database, create or upgrade it; _Damaged if it cannot be used.

        Nothing is written before the checks pass (not even the switch to WAL),
        so a file that is moved aside is moved exactly as it was found.
        """
        db = self._db
        with _read(db):
            # One snapshot for the version and the tables: another window may be
            # making this very file, and a version read before its commit with
            # tables read after would look like damage.
            version = _user_version(db)
            if version > SCHEMA_VERSION:
                raise _Damaged(f"schema version {version}, newer than {SCHEMA_VERSION}", newer=True)
            problems = [row[0] for row in db.execute("PRAGMA quick_check")]
            if problems != ["ok"]:
                raise _Damaged("quick_check: " + "; ".join(str(p) for p in problems[:5]))
            tables = _tables(db)
        if tables or version == SCHEMA_VERSION:
            _check_layout(tables, version)
        if self._path_in_use():
            # WAL: readers never wait for a writer, a writer never waits for
            # readers, and a crash mid-write leaves the last commit intact.
            db.execute("PRAGMA journal_mode = WAL").fetchone()
        if version < SCHEMA_VERSION:
            # Read records.json before taking the write lock: files are slow.
            legacy = self._read_legacy() if not tables else None
            with _write(db):
                # Again, under the lock: another window may have just done it.
                version = _user_version(db)
                tables = _tables(db)
                if not tables:
                    for statement in _SCHEMA_V1:
                        db.execute(statement)
                    if legacy is not None:
                        _import_legacy(db, legacy)
                    version = 1
                else:
                    _check_layout(tables, version)
                while version < SCHEMA_VERSION:  # a new database too: it is made at 1
                    _UPGRADES[version](db)
                    version += 1
                db.execute(f"PRAGMA user_version = {version}")
            _check_layout(_tables(db), SCHEMA_VERSION)

    def _path_in_use(self) -> bool:
        """True when the connection is to the file (not the in-memory fallback)."""
        return not self._in_memory

    def _read_legacy(self) -> Records | None:
        """records.json next to the database, or None (absent, or unreadable: then
        a message). Never changes or moves the file."""
        path = self._path.with_name(RECORDS_FILE)
        try:
            if not os.path.lexists(path):
                return None
            if not path.is_file() or path.stat().st_size > store.MAX_FILE_BYTES:
                raise ValueError("it is not a data file of this game")
            return Records.from_json(store.parse_json(path.read_bytes()))
        except Exception as error:  # any damage: the history must still start
            self._messages.add(
                f"Your old best times and statistics at {path} could not be read ({error}), "
                "so they were not brought into the game history; the file was left as it is."
            )
            return None

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
    def problems(self) -> tuple[str, ...]:
        """Every message for the player this session, oldest first."""
        return self._messages.all

    def take_new_problems(self) -> list[str]:
        """The messages not yet taken: the window shows each of them once."""
        return self._messages.take_new()

    def close(self) -> None:
        """Close the database; later calls return empty answers and save nothing."""
        if not self._closed:
            self._closed = True
            self._close_quietly()

    def _tell(self, message: str) -> None:
        self._messages.add(message)

    def _guard(self, doing: str, default: T, action: Callable[[sqlite3.Connection], T]) -> T:
        """Run action on the database; on any database or file error tell the
        player (once per kind of message) and return default."""
        if self._closed:
            return default
        try:
            return action(self._db)
        except (sqlite3.Error, OSError) as error:
            trouble = _trouble(error) if isinstance(error, sqlite3.Error) else _Trouble.IO
            if trouble is _Trouble.BUSY:
                self._tell(
                    f"Another Minesweeper window kept the game history busy, so {doing} "
                    "did not happen; try again in a moment."
                )
            elif trouble is _Trouble.DAMAGED:
                self._tell(
                    f"The game history at {self._path} turned out to be damaged, so {doing} "
                    "did not happen; it will be set aside the next time the game starts."
                )
            else:
                self._tell(f"The game history failed, so {doing} did not happen ({_why(error)}).")
            return default

    # ---------------------------------------------------------------- changes

    def add_game(self, record: GameRecord) -> int | None:
        """Add a finished game in one transaction; its row id, or None if it could
        not be saved (the player is told)."""
        if not isinstance(record, GameRecord):
            raise TypeError("add_game takes a GameRecord")
        values = tuple(int(v) if isinstance(v, bool) else v for v in _record_values(record))

        def add(db: sqlite3.Connection) -> int:
            with _write(db):
                placeholders = ", ".join("?" * len(_COLUMNS))
                cursor = db.execute(
                    f"INSERT INTO games ({', '.join(_COLUMNS)}) VALUES ({placeholders})", values
                )
                if record.name is not None:
                    _set_last_name(db, record.name)
            assert cursor.lastrowid is not None
            return cursor.lastrowid

        return self._guard("the last game's result was not saved and", None, add)

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
                _set_last_name(db, name)
            return True

        return self._guard("the name was not saved and", False, rename)

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

        return self._guard("the replay's name was not saved and", False, note)

    def reset_best_times(self) -> bool:
        """Start the best-time tables afresh (the games stay in the history)."""
        return self._reset("best_times")

    def reset_stats(self) -> bool:
        """Start the statistics afresh (the games stay in the history)."""
        return self._reset("stats")

    def _reset(self, kind: str) -> bool:
        def reset(db: sqlite3.Connection) -> bool:
            with _write(db):
                db.execute(
                    "INSERT INTO resets (kind, after_game) "
                    "SELECT ?, coalesce(max(id), 0) FROM games",
                    (kind,),
                )
            return True

        return self._guard("the reset", False, reset)

    # ---------------------------------------------------------------- queries

    def best_times(self, difficulty: str | Enum, limit: int = TOP) -> list[BestTimeEntry]:
        """The fastest won, unhinted games of a preset since its last reset
        (imported times included), fastest first, ties earlier first.

        Empty for custom and daily boards, which have no table.
        """
        name = _difficulty_name(difficulty)
        if name not in BEST_TIME_DIFFICULTIES:
            return []

        def query(db: sqlite3.Connection) -> list[BestTimeEntry]:
            rows = db.execute(
                """WITH cut AS (
                    SELECT coalesce(max(after_game), 0) AS after, count(*) AS resets
                    FROM resets WHERE kind = 'best_times')
                SELECT name, finished_at, ms, id, 1 AS source FROM games, cut
                    WHERE difficulty = :d AND won = 1 AND used_hint = 0 AND id > cut.after
                UNION ALL
                SELECT name, day, ms, NULL, 0 FROM legacy_best_times, cut
                    WHERE difficulty = :d AND cut.resets = 0
                ORDER BY ms, 2, source, id
                LIMIT :limit""",
                {"d": name, "limit": max(0, limit)},
            ).fetchall()
            return [BestTimeEntry(r[0], r[1], r[2], r[3]) for r in rows]

        return self._guard("reading the best times", [], query)

    def rank_of(self, difficulty: str | Enum, ms: int) -> int | None:
        """The 1-based place a win in ms would take in the top TOP, or None.

        A tie goes below the equal times already there. Ask before add_game
        (after it, the game is in the table; see place_of). None for boards
        without a table.
        """
        if _difficulty_name(difficulty) not in BEST_TIME_DIFFICULTIES:
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
        name = _difficulty_name(difficulty)

        def query(db: sqlite3.Connection) -> Stats:
            with _read(db):
                after, resets = db.execute(
                    "SELECT coalesce(max(after_game), 0), count(*) FROM resets WHERE kind = 'stats'"
                ).fetchone()
                base = Stats()
                if resets == 0:
                    row = db.execute(
                        "SELECT played, won, current_streak, longest_streak, total_win_ms "
                        "FROM legacy_stats WHERE difficulty = ?",
                        (name,),
                    ).fetchone()
                    if row is not None:
                        base = Stats(*row)
                games = db.execute(
                    "SELECT won, ms FROM games WHERE difficulty = ? AND id > ? ORDER BY id",
                    (name, after),
                ).fetchall()
            played, won, total = base.played, base.won, base.total_win_ms
            streak, longest = base.current_streak, base.longest_streak
            for game_won, ms in games:
                played += 1
                if game_won:
                    won += 1
                    total += ms
                    streak += 1
                    longest = max(longest, streak)
                else:
                    streak = 0
            return Stats(played, won, streak, longest, total)

        return self._guard("reading the statistics", Stats(), query)

    def daily(self, today: date) -> DailyStats:
        """The daily boards: days played and won, the streak of days won up to
        today (or yesterday, when today's is not won yet), the longest, and the
        best times of today's board and of any day's."""

        def query(db: sqlite3.Connection) -> DailyStats:
            with _read(db):
                rows = db.execute(
                    """SELECT daily, max(won), min(CASE WHEN won = 1 THEN ms END)
                    FROM games WHERE daily IS NOT NULL GROUP BY daily ORDER BY daily"""
                ).fetchall()
            return _daily_stats(rows, today)

        return self._guard("reading the daily boards", DailyStats(), query)

    def best_rate(self, difficulty: str | Enum) -> float | None:
        """The best 3BV/s (3BV / seconds) of the won, unhinted games of a
        difficulty since its last best-times reset; None if there is none."""
        name = _difficulty_name(difficulty)

        def query(db: sqlite3.Connection) -> float | None:
            row = db.execute(
                """SELECT max(bbbv * 1000.0 / ms) FROM games
                WHERE difficulty = ? AND won = 1 AND used_hint = 0 AND bbbv IS NOT NULL
                    AND ms > 0 AND id > (SELECT coalesce(max(after_game), 0) FROM resets
                                         WHERE kind = 'best_times')""",
                (name,),
            ).fetchone()
            return None if row[0] is None else float(row[0])

        return self._guard("reading the best 3BV/s", None, query)

    def games(
        self, difficulty: str | Enum | None = None, limit: int = 100, offset: int = 0
    ) -> list[StoredGame]:
        """Stored games, newest first, of one difficulty or all (resets do not hide
        any). Rows that no longer make a valid GameRecord are skipped."""
        columns = ", ".join(_COLUMNS)
        where = "" if difficulty is None else "WHERE difficulty = :d"
        args: dict[str, object] = {"limit": max(0, limit), "offset": max(0, offset)}
        if difficulty is not None:
            args["d"] = _difficulty_name(difficulty)

        def query(db: sqlite3.Connection) -> list[StoredGame]:
            rows = db.execute(
                f"SELECT id, {columns} FROM games {where} ORDER BY id DESC "
                "LIMIT :limit OFFSET :offset",
                args,
            ).fetchall()
            return [game for game in map(_stored_game, rows) if game is not None]

        return self._guard("reading the game history", [], query)

    def count(self, difficulty: str | Enum | None = None) -> int:
        """How many games are stored (of one difficulty, or all)."""

        def query(db: sqlite3.Connection) -> int:
            if difficulty is None:
                row = db.execute("SELECT count(*) FROM games").fetchone()
            else:
                row = db.execute(
                    "SELECT count(*) FROM games WHERE difficulty = ?",
                    (_difficulty_name(difficulty),),
                ).fetchone()
            return int(row[0])

        return self._guard("reading the game history", 0, query)

    def last_name(self) -> str:
        """The name entered last (for the name box), or "" before the first."""

        def query(db: sqlite3.Connection) -> str:
            row = db.execute("SELECT value FROM meta WHERE key = 'last_name'").fetchone()
            return "" if row is None else str(row[0])

        return self._guard("reading the last name", "", query)


# ---------------------------------------------------------------- helpers


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


def _user_version(db: sqlite3.Connection) -> int:
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def _tables(db: sqlite3.Connection) -> dict[str, tuple[str, ...]]:
    """Every table (SQLite's own aside) and its columns, in order."""
    names = [
        str(row[0])
        for row in db.execute(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    ]
    return {
        name: tuple(str(col[1]) for col in db.execute(f'PRAGMA table_info("{name}")'))
        for name in names
    }


def _check_layout(tables: dict[str, tuple[str, ...]], version: int) -> None:
    expected = _LAYOUTS.get(version)
    if expected is None or tables != expected:
        raise _Damaged(f"its tables are not those of schema version {version}")


def _set_last_name(db: sqlite3.Connection, name: str) -> None:
    db.execute(
        "INSERT INTO meta (key, value) VALUES ('last_name', ?) "
        "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        (name,),
    )


def _import_legacy(db: sqlite3.Connection, records: Records) -> None:
    """Copy records.json's best times and counters (inside the creating transaction)."""
    for preset, times in records.best_times.items():
        db.executemany(
            "INSERT INTO legacy_best_times (difficulty, name, day, ms) VALUES (?, ?, ?, ?)",
            [(preset.value, t.name, t.date.isoformat(), t.ms) for t in times],
        )
    for difficulty, s in records.stats.items():
        if s.played:
            db.execute(
                "INSERT INTO legacy_stats VALUES (?, ?, ?, ?, ?, ?)",
                (
                    difficulty.value,
                    s.played,
                    s.won,
                    s.current_streak,
                    s.longest_streak,
                    s.total_win_ms,
                ),
            )
    if records.last_name:
        _set_last_name(db, records.last_name)


def _record_values(record: GameRecord) -> tuple[object, ...]:
    return tuple(getattr(record, column) for column in _COLUMNS)


_BOOL_COLUMNS = frozenset({"won", "used_hint"})


def _stored_game(row: tuple[Any, ...]) -> StoredGame | None:
    values: dict[str, Any] = {
        column: bool(value) if column in _BOOL_COLUMNS else value
        for column, value in zip(_COLUMNS, row[1:], strict=True)
    }
    try:
        return StoredGame(int(row[0]), GameRecord(**values))
    except (ValueError, TypeError):
        return None


__all__ = [
    "BEST_TIME_DIFFICULTIES",
    "DIFFICULTIES",
    "FIRST_CLICKS",
    "HISTORY_FILE",
    "SCHEMA_VERSION",
    "BestTimeEntry",
    "DailyStats",
    "GameRecord",
    "GameRecordError",
    "History",
    "StoredGame",
    "finished_at_text",
]
