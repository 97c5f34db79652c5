"""Games merged into the history (an import, the games kept waiting for it), without
holding the history's write lock while a file is read.

Two steps. First every game is read and checked (the stream: a file's lines, the
archive's member inflated) and put in a table of the import's own connection's
temporary database (``temp.staged``: a file of SQLite's beyond its page cache,
``temp_store = FILE``, so bounded memory whatever the file's size), which takes no
lock on the history: a window's game ending meanwhile is written at once. A file
found damaged, or an import cancelled, there has added nothing. Then the staged
games go in, ``BATCH`` at a time, each batch one transaction (with the tallies and
counts it changes, as every game is recorded), so a game ending during an import
waits at most for one batch, not for the import. Should a batch fail (a full disk)
or the work be stopped after some went in (the player's Cancel: the tick before
each batch hears it, so the Import's dialog shows the reading as its first half
and the batches as its second), those batches are taken out again in one
transaction and the tallies and counts made afresh from the games
(history_schema.recount): nothing is half imported. Only a machine stopping
between two batches leaves part of an import, each game whole; importing the file
again adds only the rest (the merge finds a game already there).

Why not one transaction, as every other change: the import's transaction was held
for its whole read, longer than the busy timeout a window's writer waits
(history_file.BUSY_TIMEOUT_MS, 5 s) for a large export, so the game it ended was
kept waiting in pending.json instead of its history. Here (this machine, shared,
one session), 60,000 games: one transaction held the lock 7.8 s; batches of 200
hold it 28 ms at a time (median; 125 ms the longest), the import whole 13.3 s
(staged, then read back and checked again as each game is made: the price of never
keeping a window's game waiting). Between batches the lock is free.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Iterable, Sequence

from game.persist import history_queries as sql
from game.persist.game_record import COLUMNS, GameRecord, record_values, stored_game
from game.persist.history_file import Tick, writing
from game.persist.history_schema import recount

BATCH = 200
"""Games a transaction of a merge adds at most (the write lock's hold)."""
_STAGED = f"temp.staged (seq INTEGER PRIMARY KEY, {', '.join(COLUMNS)})"


def merge(
    db: sqlite3.Connection,
    records: Sequence[GameRecord] | Callable[[], Iterable[GameRecord]],
    key: Sequence[str],
    tick: Tick,
) -> int:
    """Add the games whose key (these fields, the first three indexed: difficulty,
    won, ms) no stored game has, in order; how many. ``tick`` hears (games staged
    before the batch, games staged) before each batch. Whatever the stream, the tick
    or the database raises ends it with nothing added."""
    names = [name for name in key if name in COLUMNS]
    indexed = ("difficulty", "won", "ms")  # (games_by_ms: never NULL)
    assert all(name in names for name in indexed)
    rest = [name for name in names if name not in indexed]
    where = " AND ".join([f"{name} = ?" for name in indexed] + [f"{n} IS ?" for n in rest])
    at = [COLUMNS.index(name) for name in (*indexed, *rest)]
    db.execute("PRAGMA temp_store = FILE")  # (on disk, unless built to keep it in memory)
    db.execute("DROP TABLE IF EXISTS temp.staged")
    db.execute(f"CREATE TEMP TABLE {_STAGED}")
    added: list[tuple[int, int]] = []  # each batch's first and last new id
    try:
        _stage(db, records() if callable(records) else records)
        count = 0
        last: int | None = 0
        staged = db.execute("SELECT count(*) FROM temp.staged").fetchone()[0]
        while last is not None:
            tick(last, staged)  # (before each batch: a cancel here takes the rest out)
            with writing(db):
                rows = db.execute(
                    "SELECT * FROM temp.staged WHERE seq > ? ORDER BY seq LIMIT ?", (last, BATCH)
                )
                last = None
                ids = []
                for row in rows:  # (one at a time: the batch is not held in memory)
                    last = row[0]
                    mark = [row[1 + n] for n in at]
                    if db.execute(f"SELECT 1 FROM games WHERE {where} LIMIT 1", mark).fetchone():
                        continue
                    game = stored_game(row)
                    assert game is not None  # (checked as it was read)
                    ids.append(sql.insert_game(db, game.record))
            if ids:
                added.append((ids[0], ids[-1]))
                count += len(ids)
        return count
    except BaseException:
        if added:  # (should this fail too, the games stay, each whole: see above)
            with contextlib.suppress(sqlite3.Error):
                _take_out(db, added)
        raise
    finally:
        with contextlib.suppress(sqlite3.Error):
            db.execute("DROP TABLE IF EXISTS temp.staged")


def _stage(db: sqlite3.Connection, games: Iterable[GameRecord]) -> None:
    """Every game, read and checked, into temp.staged (no lock on the history)."""
    insert = f"INSERT INTO temp.staged VALUES (?, {', '.join('?' * len(COLUMNS))})"
    db.execute("BEGIN")  # (the temporary database's alone: the history is not locked)
    try:
        db.executemany(insert, ((done, *record_values(g)) for done, g in enumerate(games, 1)))
        db.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            db.execute("ROLLBACK")
        raise


def _take_out(db: sqlite3.Connection, added: list[tuple[int, int]]) -> None:
    """Undo the batches that went in: their games out, the tallies made afresh."""
    with writing(db):
        for first, last in added:
            db.execute("DELETE FROM games WHERE id BETWEEN ? AND ?", (first, last))
        recount(db)
