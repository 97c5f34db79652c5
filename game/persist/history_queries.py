"""The SQL of the history: recording a game and every question the game asks.

Each function takes an open connection and runs inside the caller's
transaction (History wraps them). Recording a game also brings the tallies and
counts up to date (history_schema), in the same transaction; the questions read
those, or the first rows of an index, so none of them reads every game.
"""

from __future__ import annotations

import sqlite3
from datetime import date

from game.persist.game_record import (
    COLUMNS,
    DIFFICULTIES,
    PAGE,
    BestTimeEntry,
    DailyStats,
    GameRecord,
    Sort,
    StoredGame,
    daily_stats,
    record_values,
    stored_game,
)
from game.persist.history_schema import RATE, put_tally, tally
from game.persist.records import Stats

_ORDER = {
    Sort.DATE: ("id", "id DESC"),
    Sort.TIME: ("ms", "key, id"),
    Sort.RATE: (RATE, "key DESC, id DESC"),
}
"""Per sort: the key read from the index, and the order of the rows by it."""


def _after_reset(db: sqlite3.Connection, kind: str) -> tuple[int, int]:
    """The last game before the last reset of this kind (0 if none), and how many."""
    after, resets = db.execute(
        "SELECT coalesce(max(after_game), 0), count(*) FROM resets WHERE kind = ?", (kind,)
    ).fetchone()
    return int(after), int(resets)


def set_last_name(db: sqlite3.Connection, name: str) -> None:
    """Remember the name entered last."""
    db.execute(
        "INSERT INTO meta (key, value) VALUES ('last_name', ?) "
        "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        (name,),
    )


def insert_game(db: sqlite3.Connection, record: GameRecord) -> int:
    """Add a game and bring the tallies and counts up to date; its id."""
    cursor = db.execute(
        f"INSERT INTO games ({', '.join(COLUMNS)}) VALUES ({', '.join('?' * len(COLUMNS))})",
        record_values(record),
    )
    db.execute(
        "INSERT INTO counts VALUES (?, ?, 1) "
        "ON CONFLICT (difficulty, won) DO UPDATE SET games = games + 1",
        (record.difficulty, int(record.won)),
    )
    if record.ranked:  # (an unranked game counts for no statistic)
        stats = tally(db, record.difficulty).record(record.won, record.ms)
        put_tally(db, record.difficulty, stats)
    if record.name is not None:
        set_last_name(db, record.name)
    assert cursor.lastrowid is not None
    return cursor.lastrowid


def reset(db: sqlite3.Connection, kind: str) -> None:
    """Start the best times ('best_times') or the statistics ('stats') afresh."""
    db.execute(
        "INSERT INTO resets (kind, after_game) SELECT ?, coalesce(max(id), 0) FROM games",
        (kind,),
    )
    if kind == "stats":
        db.execute("DELETE FROM tallies")


def best_times(db: sqlite3.Connection, difficulty: str, limit: int) -> list[BestTimeEntry]:
    """The fastest won, unhinted games since the last reset, and the imported
    times while there was none: fastest first, ties earlier first."""
    after, resets = _after_reset(db, "best_times")
    rows = [
        (ms, when, 1, game_id, name)
        for name, when, ms, game_id in db.execute(
            "SELECT name, finished_at, ms, id FROM games INDEXED BY games_by_ms "
            "WHERE difficulty = ? AND won = 1 AND used_hint = 0 AND id > ? "
            "AND unranked IS NULL "
            "ORDER BY ms, finished_at, id LIMIT ?",
            (difficulty, after, limit),
        )
    ]
    if resets == 0:
        rows += [
            (ms, day, 0, 0, name)
            for name, day, ms in db.execute(
                "SELECT name, day, ms FROM legacy_best_times WHERE difficulty = ?", (difficulty,)
            )
        ]
    rows.sort(key=lambda row: row[:4])
    return [
        BestTimeEntry(name, when, ms, game_id if source else None)
        for ms, when, source, game_id, name in rows[:limit]
    ]


def stats(db: sqlite3.Connection, difficulty: str) -> Stats:
    """The statistics of a difficulty since its last reset (hinted games count)."""
    return tally(db, difficulty)


def best_rate(db: sqlite3.Connection, difficulty: str) -> float | None:
    """The best 3BV/s of the won, unhinted games since the last best-times reset."""
    after, _ = _after_reset(db, "best_times")
    row = db.execute(
        f"SELECT {RATE} AS rate FROM games INDEXED BY games_by_rate "
        "WHERE difficulty = ? AND won = 1 AND used_hint = 0 AND id > ? AND rate IS NOT NULL "
        "AND unranked IS NULL "
        "ORDER BY rate DESC LIMIT 1",
        (difficulty, after),
    ).fetchone()
    return None if row is None else float(row[0])


def median_rate(db: sqlite3.Connection, difficulty: str) -> float | None:
    """The median 3BV/s of the won, unhinted games since the last best-times reset
    (of an even count, the faster of the middle two), read off the rate index."""
    after, _ = _after_reset(db, "best_times")
    where = (
        f"FROM games INDEXED BY games_by_rate WHERE difficulty = ? AND won = 1 "
        f"AND used_hint = 0 AND unranked IS NULL AND id > ? AND {RATE} IS NOT NULL"
    )
    rated = int(db.execute(f"SELECT count(*) {where}", (difficulty, after)).fetchone()[0])
    if not rated:
        return None
    row = db.execute(
        f"SELECT {RATE} AS rate {where} ORDER BY rate DESC LIMIT 1 OFFSET ?",
        (difficulty, after, (rated - 1) // 2),
    ).fetchone()
    return float(row[0])


def replay_of(db: sqlite3.Connection, game_id: int) -> str | None:
    """The file name of a game's kept replay, or None."""
    row = db.execute("SELECT replay FROM games WHERE id = ?", (game_id,)).fetchone()
    return None if row is None or row[0] is None else str(row[0])


def best_replay(db: sqlite3.Connection, column: str, value: str) -> str | None:
    """The kept replay of the fastest ranked win whose ``column`` ("code" or
    "daily") is ``value`` (read off the codes' index for a code)."""
    if column not in ("code", "daily"):
        raise ValueError(f"no shared board is kept by {column!r}")
    row = db.execute(
        f"SELECT replay FROM games WHERE {column} = ? AND won = 1 AND used_hint = 0 "
        "AND unranked IS NULL AND replay IS NOT NULL ORDER BY ms, id LIMIT 1",
        (value,),
    ).fetchone()
    return None if row is None else str(row[0])


def code_record(db: sqlite3.Connection, code: str) -> tuple[int | None, int]:
    """The best ranked winning time on a board code (None: none yet) and how many
    games were played on it, read off the codes' index."""
    row = db.execute(
        "SELECT min(CASE WHEN won = 1 AND used_hint = 0 AND unranked IS NULL THEN ms END), "
        "count(*) FROM games INDEXED BY games_by_code WHERE code = ?",
        (code,),
    ).fetchone()
    return (None if row[0] is None else int(row[0]), int(row[1]))


def deaths(db: sqlite3.Connection, rows: int, cols: int) -> dict[tuple[int, int], int]:
    """How many games of a board size were lost on each cell (read off the deaths'
    index; games older than schema 5 did not say where)."""
    found = db.execute(
        "SELECT death_row, death_col, count(*) FROM games INDEXED BY games_by_death "
        "WHERE rows = ? AND cols = ? AND death_row IS NOT NULL GROUP BY death_row, death_col",
        (rows, cols),
    )
    return {(int(r), int(c)): int(n) for r, c, n in found}


def daily(db: sqlite3.Connection, today: date) -> DailyStats:
    """The daily boards' statistics (one row a day played, from the daily index)."""
    rows = db.execute(
        """SELECT daily, max(won), min(CASE WHEN won = 1 THEN ms END)
        FROM games WHERE daily IS NOT NULL AND used_hint = 0 AND unranked IS NULL
        GROUP BY daily ORDER BY daily"""
    ).fetchall()
    return daily_stats(rows, today)


def _kinds(difficulty: str | None, won: bool | None) -> list[tuple[str, int]]:
    boards = DIFFICULTIES if difficulty is None else (difficulty,)
    results = (0, 1) if won is None else (int(won),)
    return [(board, result) for board in boards for result in results]


def count(db: sqlite3.Connection, difficulty: str | None = None, won: bool | None = None) -> int:
    """How many games are stored, of one board or all, one result or both."""
    kinds = _kinds(difficulty, won)
    where = " OR ".join("(difficulty = ? AND won = ?)" for _ in kinds)
    row = db.execute(
        f"SELECT coalesce(sum(games), 0) FROM counts WHERE {where}",
        [value for kind in kinds for value in kind],
    ).fetchone()
    return int(row[0])


def page(
    db: sqlite3.Connection,
    difficulty: str | None = None,
    won: bool | None = None,
    sort: Sort = Sort.DATE,
    offset: int = 0,
    limit: int = PAGE,
) -> list[StoredGame]:
    """Stored games of one board or all, one result or both, in a sort's order.

    Each board and result is read in order off its own index, the first
    offset + limit rows of each, and the runs merged: a page costs its depth,
    not the history's length. Rows that no longer make a valid GameRecord are
    skipped.
    """
    key, order = _ORDER[sort]
    offset, limit = max(0, offset), max(0, limit)
    columns = ", ".join(f"games.{name}" for name in COLUMNS)
    kinds = _kinds(difficulty, won)
    # Each run reads only the index (id and key); whole rows for the page alone.
    runs = " UNION ALL ".join(
        f"SELECT * FROM (SELECT id, {key} AS key FROM games "
        f"WHERE difficulty = ? AND won = ? ORDER BY {order} LIMIT ?)"
        for _ in kinds
    )
    args: list[object] = []
    for kind in kinds:
        args += [*kind, offset + limit]
    rows = db.execute(
        f"WITH picked AS ({runs} ORDER BY {order} LIMIT ? OFFSET ?) "
        f"SELECT picked.id AS id, {columns}, picked.key AS key "
        f"FROM picked JOIN games ON games.id = picked.id ORDER BY {order}",
        [*args, limit, offset],
    )
    return [game for game in (stored_game(row[:-1]) for row in rows) if game is not None]


def after(db: sqlite3.Connection, game_id: int, limit: int) -> tuple[list[StoredGame], int]:
    """Up to ``limit`` stored games after ``game_id``, oldest first (read off the
    primary key: an export's batch), and the id of the last row read (``game_id``
    when none is left). Rows that no longer make a valid GameRecord are skipped."""
    columns = ", ".join(COLUMNS)
    rows = db.execute(
        f"SELECT id, {columns} FROM games WHERE id > ? ORDER BY id LIMIT ?", (game_id, limit)
    ).fetchall()
    last = int(rows[-1][0]) if rows else game_id
    return [game for game in map(stored_game, rows) if game is not None], last
