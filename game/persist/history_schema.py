"""The history database's layout: its tables, each version's, and the upgrades.

Schema (version 6, in ``PRAGMA user_version``; version 2 added games.daily,
version 3 the tallies, the counts and the indexes that let every query of the
game read a few rows however long the history is, version 4 took away the table's
list of board kinds, which GameRecord checks, so that a kind added later fits,
version 5 added games.abandoned, code, death_row, death_col and unranked, and an
unranked or assisted game no longer counts in the statistics, version 6 put the
no-guess games in ranking categories of their own, "expert/no-guess": see
game.modes.category):

    games              one row per finished game (see GameRecord); id is the
                       finished order, which streaks follow
    resets             kind ('best_times' | 'stats') and after_game, the largest
                       game id when the player reset: queries of that kind only
                       look at games with a larger id (nothing is deleted)
    meta               key/value text; 'last_name' is the last name entered
    legacy_stats       records.json's counters per difficulty, as imported
    legacy_best_times  records.json's best-time tables, as imported
    tallies            per difficulty, the statistics since the last reset of
                       the statistics (the imported counters included while
                       there was none): kept up to date in the transaction that
                       adds a game, so the statistics never scan the games
    counts             per difficulty and result (won 0 or 1), how many games
                       are stored (resets hide none): the history's page count

Indexes: games by (difficulty, won) and then by time (ms) or by 3BV/s (RATE), so
a page of one board and result, in any order, is read straight off an index;
the best times and best 3BV/s are the first rows of the won ones.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable

from game.modes.category import CODE_KIND, DAILY_KIND, NO_GUESS
from game.persist.game_record import COLUMNS, COLUMNS_V4, FIRST_CLICKS
from game.persist.records import Stats

SCHEMA_VERSION = 6
"""The schema this code writes, and the newest it reads."""

RATE = "(CASE WHEN ms > 0 THEN bbbv * 1000.0 / ms END)"
"""A game's 3BV/s, as the index games_by_rate holds it (queries must spell it so)."""


class Damaged(Exception):
    """The database file cannot be used; the message says why."""

    def __init__(self, reason: str, *, newer: bool = False, foreign: str = "") -> None:
        super().__init__(reason)
        self.newer = newer
        """True for a file of a newer schema: never moved, never written."""
        self.foreign = foreign
        """What the file holds that this game never makes (a trigger, a view, an
        index: its kind and name), or "" for damage."""


SCHEMA_V1 = (
    f"""CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        finished_at TEXT NOT NULL,
        difficulty TEXT NOT NULL,
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


_TALLY_COLUMNS = ("played", "won", "current_streak", "longest_streak", "total_win_ms")

_SCHEMA_V3 = (
    f"""CREATE TABLE tallies (
        difficulty TEXT PRIMARY KEY,
        {", ".join(f"{name} INTEGER NOT NULL" for name in _TALLY_COLUMNS)}
    )""",
    """CREATE TABLE counts (
        difficulty TEXT NOT NULL,
        won INTEGER NOT NULL,
        games INTEGER NOT NULL,
        PRIMARY KEY (difficulty, won)
    )""",
    "DROP INDEX games_by_difficulty",
    "DROP INDEX games_by_time",
    "CREATE INDEX games_by_kind ON games (difficulty, won)",
    "CREATE INDEX games_by_ms ON games (difficulty, won, ms)",
    f"CREATE INDEX games_by_rate ON games (difficulty, won, {RATE})",
)

_TABLES_V2 = {
    "games": ("id", *COLUMNS_V4),
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
"""Every table of version 2 and its columns."""

_TABLES_V3 = _TABLES_V2 | {
    "tallies": ("difficulty", *_TALLY_COLUMNS),
    "counts": ("difficulty", "won", "games"),
}
"""Every table of the current schema and its columns, to recognise a foreign layout."""

_TABLES_V1 = _TABLES_V2 | {"games": ("id", *COLUMNS_V4[: COLUMNS_V4.index("daily")])}
"""Version 1: no daily marker."""

_TABLES_V0 = {
    "games": ("id", "finished_at", "difficulty", "rows", "cols", "mines", "won", "ms", "name"),
}
"""Version 0, the pre-release draft: one games table without rules, clicks or 3BV."""


def _upgrade_0_to_1(db: sqlite3.Connection) -> None:
    """The pre-release draft to version 1: the games carried over (first click
    'opening', no 3BV, no clicks counted), the new tables made, the last name kept."""
    db.execute("ALTER TABLE games RENAME TO games_v0")
    for statement in SCHEMA_V1:
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


_BY_DAILY = "CREATE INDEX games_by_daily ON games (daily) WHERE daily IS NOT NULL"
_BY_CODE = "CREATE INDEX games_by_code ON games (code, ms) WHERE code IS NOT NULL"
_BY_DEATH = (
    "CREATE INDEX games_by_death ON games (rows, cols, death_row, death_col)"
    " WHERE death_row IS NOT NULL"
)


def _upgrade_1_to_2(db: sqlite3.Connection) -> None:
    """Version 1 to 2: games get their daily board's date (NULL for the games before)."""
    db.execute("ALTER TABLE games ADD COLUMN daily TEXT")
    db.execute(_BY_DAILY)


def _upgrade_2_to_3(db: sqlite3.Connection) -> None:
    """Version 2 to 3: the tables and indexes of version 3, the tallies and counts
    made from the games (as the queries of version 2 computed them)."""
    for statement in _SCHEMA_V3:
        db.execute(statement)
    recount(db)


def recount(db: sqlite3.Connection) -> None:
    """Make the tallies and counts afresh from the games, the resets and the
    imported counters (inside the caller's transaction): what recording each
    game one by one keeps them at."""
    db.execute("DELETE FROM counts")
    db.execute("DELETE FROM tallies")
    db.execute(
        "INSERT INTO counts SELECT difficulty, won, count(*) FROM games GROUP BY difficulty, won"
    )
    after, resets = db.execute(
        "SELECT coalesce(max(after_game), 0), count(*) FROM resets WHERE kind = 'stats'"
    ).fetchone()
    tallies: dict[str, Stats] = {}
    if resets == 0:
        for name, *counters in db.execute("SELECT * FROM legacy_stats"):
            tallies[str(name)] = Stats(*counters)
    ranked = "used_hint = 0" + (" AND unranked IS NULL" if _has_unranked(db) else "")
    for name, won, ms in db.execute(
        f"SELECT difficulty, won, ms FROM games WHERE id > ? AND {ranked} ORDER BY id", (after,)
    ):
        tallies[name] = tallies.get(name, Stats()).record(bool(won), ms)
    for name, stats in tallies.items():
        put_tally(db, name, stats)


def _has_unranked(db: sqlite3.Connection) -> bool:
    """The games table has the unranked column (version 5; an upgrade from an older
    version recounts before it is added)."""
    return any(row[1] == "unranked" for row in db.execute("PRAGMA table_info(games)"))


def tally(db: sqlite3.Connection, difficulty: str) -> Stats:
    """The statistics of a difficulty since its last reset (zero before a game)."""
    row = db.execute(
        f"SELECT {', '.join(_TALLY_COLUMNS)} FROM tallies WHERE difficulty = ?", (difficulty,)
    ).fetchone()
    return Stats() if row is None else Stats(*row)


def put_tally(
    db: sqlite3.Connection, difficulty: str, stats: Stats, table: str = "tallies"
) -> None:
    """Keep a difficulty's statistics in tallies (or the imported ones in
    legacy_stats, which has the same columns), inside the caller's transaction."""
    assert table in ("tallies", "legacy_stats")
    db.execute(
        f"INSERT OR REPLACE INTO {table} VALUES (?, ?, ?, ?, ?, ?)",
        (
            difficulty,
            stats.played,
            stats.won,
            stats.current_streak,
            stats.longest_streak,
            stats.total_win_ms,
        ),
    )


def _upgrade_3_to_4(db: sqlite3.Connection) -> None:
    """Version 3 to 4: the games table no longer lists the board kinds a game may
    have (GameRecord checks them), so a kind added since (the ranked 8x8 Beginner)
    can be stored in a file made before it. SQLite cannot drop a CHECK: the table is
    made again without it, every row and index kept."""
    [(made,)] = db.execute(
        "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'games'"
    ).fetchall()
    unchecked = re.sub(r"\s*CHECK \(difficulty IN \([^)]*\)\)", "", made)
    if unchecked == made:
        return  # (made without the check: a file this code created)
    db.execute(unchecked.replace("CREATE TABLE games", "CREATE TABLE games_v4", 1))
    columns = ", ".join(("id", *COLUMNS_V4))
    db.execute(f"INSERT INTO games_v4 ({columns}) SELECT {columns} FROM games")
    indexes = db.execute(
        "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'games'"
        " AND sql IS NOT NULL"
    ).fetchall()
    db.execute("DROP TABLE games")
    db.execute("ALTER TABLE games_v4 RENAME TO games")
    for (index,) in indexes:
        db.execute(index)


def _upgrade_4_to_5(db: sqlite3.Connection) -> None:
    """Version 4 to 5: a game says whether it was abandoned (so the history shows it
    apart from the losses), the board code it was played from and, lost, the cell
    of its fatal mine (the deaths' heatmap), and why it was unranked; the games
    before were not abandoned that anyone knows, from no code, their deaths are
    not known, and an assisted one (used_hint) is unranked: the statistics are
    counted again without the assisted games."""
    db.execute(
        "ALTER TABLE games ADD COLUMN abandoned INTEGER NOT NULL DEFAULT 0"
        " CHECK (abandoned IN (0, 1))"
    )
    db.execute("ALTER TABLE games ADD COLUMN code TEXT")
    db.execute(_BY_CODE)
    for side in ("death_row", "death_col"):
        db.execute(f"ALTER TABLE games ADD COLUMN {side} INTEGER CHECK ({side} >= 0)")
    db.execute(_BY_DEATH)
    db.execute("ALTER TABLE games ADD COLUMN unranked TEXT")
    recount(db)  # an assisted game no longer counts in the statistics (unranked)


def _upgrade_5_to_6(db: sqlite3.Connection) -> None:
    """Version 5 to 6: every game is kept in its ranking category (game.modes.category):
    a no-guess board's games leave their size's tables for the no-guess ones (the
    community ranks them apart), the shared boards' stay where they are; the
    statistics are counted again, so each category's are its own games'."""
    db.execute(
        f"UPDATE games SET difficulty = difficulty || '/{NO_GUESS}'"
        " WHERE first_click = 'noguess' AND difficulty NOT IN (?, ?)"
        " AND instr(difficulty, '/') = 0",
        (CODE_KIND, DAILY_KIND),
    )
    recount(db)


_UPGRADES: dict[int, Callable[[sqlite3.Connection], None]] = {
    0: _upgrade_0_to_1,
    1: _upgrade_1_to_2,
    2: _upgrade_2_to_3,
    3: _upgrade_3_to_4,
    4: _upgrade_4_to_5,
    5: _upgrade_5_to_6,
}
"""_UPGRADES[n] turns a database of version n into version n + 1, inside the
transaction that then sets user_version to n + 1."""

_TABLES_V5 = _TABLES_V3 | {"games": ("id", *COLUMNS)}
"""Version 5: games also say abandoned and code."""

_LAYOUTS = {
    0: _TABLES_V0,
    1: _TABLES_V1,
    2: _TABLES_V2,
    3: _TABLES_V3,
    4: _TABLES_V3,
    5: _TABLES_V5,
    6: _TABLES_V5,
}
"""The tables each known version has (what a database of that version must hold)."""


def _indexes(*statements: str) -> dict[str, str]:
    """Each index these statements make, by name: its CREATE statement, spaced as
    SQLite keeps it (the text compared: _spaced)."""
    made = (s for s in statements if s.startswith("CREATE INDEX "))
    return {s.split()[2]: _spaced(s) for s in made}


def _spaced(sql: str) -> str:
    return " ".join(sql.split())


_INDEXES_V1 = _indexes(*SCHEMA_V1)
_INDEXES_V3 = _indexes(_BY_DAILY, *_SCHEMA_V3)
_INDEXES_V5 = _INDEXES_V3 | _indexes(_BY_CODE, _BY_DEATH)
_OUR_INDEXES = {
    0: {},
    1: _INDEXES_V1,
    2: _INDEXES_V1 | _indexes(_BY_DAILY),
    3: _INDEXES_V3,
    4: _INDEXES_V3,
    5: _INDEXES_V5,
    6: _INDEXES_V5,
}
"""The indexes each known version may hold (one dropped by hand is made again by
no one, and harms nothing; one of another name or text is not ours)."""


def check_ours(db: sqlite3.Connection, version: int) -> None:
    """Damaged (``foreign``: what) unless everything in the file's schema is what
    this game makes for that version: no trigger (it would run at our next write:
    a trigger that deletes every game on an insert), no view, no virtual table,
    no foreign key (its actions would run too), no index we did not make. One read
    of sqlite_schema and a pragma a table: a few milliseconds at start."""
    ours = _OUR_INDEXES.get(version, {})
    for kind, name, sql in db.execute("SELECT type, name, sql FROM sqlite_schema"):
        name, sql = str(name), "" if sql is None else _spaced(str(sql))
        if kind == "table" and name.startswith("sqlite_"):
            continue  # (SQLite's own: its statistics, say; no one else may name one so)
        if kind == "table":
            if sql.startswith("CREATE TABLE ") and not _references(db, name):
                continue
        elif kind == "index" and (
            ours.get(name) == sql or (name.startswith("sqlite_autoindex_") and not sql)
        ):
            continue
        raise Damaged(f"it holds the {kind} {name!r}, which this game never makes", foreign=kind)


def _references(db: sqlite3.Connection, table: str) -> bool:
    """The table has a foreign key (ours have none)."""
    return db.execute(f"PRAGMA foreign_key_list({_quoted(table)})").fetchone() is not None


def _quoted(name: str) -> str:
    """A name as an SQL identifier, whatever it holds."""
    return '"' + name.replace('"', '""') + '"'


def user_version(db: sqlite3.Connection) -> int:
    """The schema version the file says it has (0 for a new, empty file)."""
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def tables(db: sqlite3.Connection) -> dict[str, tuple[str, ...]]:
    """Every table (SQLite's own aside) and its columns, in order."""
    names = [
        str(row[0])
        for row in db.execute(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    ]
    return {
        name: tuple(str(col[1]) for col in db.execute(f"PRAGMA table_info({_quoted(name)})"))
        for name in names
    }


def check_layout(tables: dict[str, tuple[str, ...]], version: int) -> None:
    """Damaged unless these are the tables of that version."""
    expected = _LAYOUTS.get(version)
    if expected is None or tables != expected:
        raise Damaged(f"its tables are not those of schema version {version}")


def create(db: sqlite3.Connection) -> int:
    """Make the tables of version 1 in an empty database (then upgrade it); 1."""
    for statement in SCHEMA_V1:
        db.execute(statement)
    return 1


def upgrade(db: sqlite3.Connection, version: int) -> None:
    """Bring a database of a known version to SCHEMA_VERSION, inside the caller's
    write transaction."""
    while version < SCHEMA_VERSION:
        _UPGRADES[version](db)
        version += 1
    db.execute(f"PRAGMA user_version = {version}")
