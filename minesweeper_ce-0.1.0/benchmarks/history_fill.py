"""Histories of any length for the history benchmark, made fast.

``record(i)`` is the i-th game of a made-up player (a fixed formula: boards,
results, times, clicks and 3BV vary with i). ``fill(path, n)`` puts games 1..n
into a history file with one SQL statement and then makes its tallies and
counts with the same code an upgrade uses (history_schema.recount): a million
games in seconds, where recording them one by one (History.add_game, a commit
each) would take hours. tests/test_history_scale.py proves the two give the same
tables.
"""

from __future__ import annotations

import sqlite3
import sys
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.persist.game_record import COLUMNS, GameRecord
from game.persist.history import History
from game.persist.history_schema import recount

BOARDS = (
    ("beginner", 9, 9, 10),
    ("beginner", 9, 9, 10),
    ("beginner", 9, 9, 10),
    ("beginner", 9, 9, 10),
    ("intermediate", 16, 16, 40),
    ("intermediate", 16, 16, 40),
    ("intermediate", 16, 16, 40),
    ("expert", 16, 30, 99),
    ("expert", 16, 30, 99),
    ("custom", 20, 24, 99),
)
"""The board of game i is BOARDS[i % 10]."""

START = datetime(2020, 1, 1)
"""Game i finished i minutes after this."""


def record(i: int) -> GameRecord:
    """The i-th game (i >= 1)."""
    difficulty, rows, cols, mines = BOARDS[i % 10]
    won = i * 7919 % 100 < 40
    bbbv = 1 + i * 31 % 25
    return GameRecord(
        finished_at=(START + timedelta(minutes=i)).isoformat(timespec="seconds"),
        difficulty=difficulty,
        rows=rows,
        cols=cols,
        mines=mines,
        first_click="opening",
        seed=str(i),
        won=won,
        ms=1000 + i * 104729 % 300000,
        bbbv=bbbv,
        bbbv_solved=bbbv if won else i % (bbbv + 1),
        left_clicks=10 + i % 50,
        right_clicks=i % 7,
        chord_clicks=i % 5,
        effective_clicks=i % 5,
        used_hint=i % 97 == 0,
        death_row=None if won else i % rows,
        death_col=None if won else i * 7 % cols,
    )


_BOARD_SQL = " ".join(f"WHEN {k} THEN '{d}'" for k, (d, _, _, _) in enumerate(BOARDS))

_FILL = f"""
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < :count),
g AS (SELECT i, CASE i % 10 {_BOARD_SQL} END AS difficulty,
             i * 7919 % 100 < 40 AS won, 1 + i * 31 % 25 AS bbbv FROM n),
s AS (SELECT *,
    CASE difficulty WHEN 'beginner' THEN 9 WHEN 'custom' THEN 20 ELSE 16 END AS r,
    CASE difficulty WHEN 'beginner' THEN 9 WHEN 'intermediate' THEN 16
        WHEN 'expert' THEN 30 ELSE 24 END AS c FROM g)
INSERT INTO games (id, {", ".join(COLUMNS)})
SELECT i,
    strftime('%Y-%m-%dT%H:%M:%S', '{START.isoformat()}', '+' || i || ' minutes'),
    difficulty, r, c,
    CASE difficulty WHEN 'beginner' THEN 10 WHEN 'intermediate' THEN 40 ELSE 99 END,
    'opening', CAST(i AS TEXT), won, 1000 + i * 104729 % 300000, bbbv,
    CASE WHEN won THEN bbbv ELSE i % (bbbv + 1) END,
    10 + i % 50, i % 7, i % 5, i % 5, i % 97 = 0, NULL, NULL, NULL, 0, NULL,
    CASE WHEN won THEN NULL ELSE i % r END, CASE WHEN won THEN NULL ELSE i * 7 % c END, NULL
FROM s
"""


def fill(path: Path, count: int) -> None:
    """A new history at path holding games 1..count (the file must not exist)."""
    History.open(path).close()
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("BEGIN IMMEDIATE")
        db.execute(_FILL, {"count": count})
        recount(db)
        db.execute("COMMIT")
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        db.close()
