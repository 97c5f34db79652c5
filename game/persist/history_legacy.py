"""records.json, the best times and statistics of the versions before the history.

When the history creates its database (no file yet, or a new one in place of a
damaged one), it reads records.json from the same folder and, in the same
transaction as the creation, copies every best time into legacy_best_times and
every counter into legacy_stats (which then start the tallies). records.json
itself is never changed. The imported best times are not made into game rows
(they have no board, clicks or 3BV, and would be counted twice by the
statistics); the best-times query merges them with the won games, and the
statistics continue the imported counters and streak. A reset of either kind
drops the imported part of that kind, as it would have emptied records.json.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from game.language import N_, Words, said
from game.persist import store
from game.persist.history_queries import set_last_name
from game.persist.history_schema import put_tally
from game.persist.records import Records
from game.persist.store import MAX_FILE_BYTES


def read_legacy(path: Path) -> tuple[Records | None, str | None]:
    """records.json at path, or None (absent, or unreadable: then a message for the
    player). Never changes or moves the file."""
    try:
        if not os.path.lexists(path):
            return None, None
        return Records.from_json(store.parse_json(store.read_regular(path, MAX_FILE_BYTES))), None
    except store.Unreadable as error:  # (not a regular file, too long, not JSON)
        why: object = said(error)
    except (ValueError, TypeError):  # (DataError: JSON, but not our records)
        why = Words(N_("it is not a data file of this game"))
    except Exception as error:  # any other: the history must still start
        why = error.strerror if isinstance(error, OSError) and error.strerror else error
    template = N_(
        "Your old best times and statistics at {path} could not be read ({why}), so they "
        "were not brought into the game history; the file was left as it is."
    )
    return None, Words(template, path=path, why=why)


def import_legacy(db: sqlite3.Connection, records: Records) -> None:
    """Copy records.json's best times and counters (inside the creating
    transaction, before the upgrade to version 3 makes the tallies)."""
    for preset, times in records.best_times.items():
        db.executemany(
            "INSERT INTO legacy_best_times (difficulty, name, day, ms) VALUES (?, ?, ?, ?)",
            [(preset.value, t.name, t.date.isoformat(), t.ms) for t in times],
        )
    for difficulty, stats in records.stats.items():
        if stats.played:
            put_tally(db, difficulty.value, stats, table="legacy_stats")
    if records.last_name:
        set_last_name(db, records.last_name)
