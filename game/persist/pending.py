"""Finished games the history could not take yet, kept until it can.

A game that ends while another window holds the history busy past the busy
timeout, or while the disk is full, is not lost: it is kept in memory and in
``pending-games.json`` in the data folder (written atomically, as a history
export in JSON), and written at the next chance: the next game's end, the next
start, quitting. It is written with the history's merge, in one transaction, so a
game already there (a process killed between writing the history and clearing
this file) is not added twice. A damaged file is set aside like any other.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from game.language import N_, Words
from game.persist import store
from game.persist.game_record import StoredGame
from game.persist.history_file import NOT_SAVED
from game.persist.history_transfer import export_text, merge_games, read_export
from game.persist.paths import PENDING_FILE

if TYPE_CHECKING:
    from game.persist.game_record import GameRecord
    from game.persist.history import History

MAX_PENDING_BYTES = 16 << 20
"""Largest file of pending games read (a few hundred bytes a game)."""


def _records(doc: object) -> list[GameRecord]:

    return read_export(json.dumps(doc).encode("utf-8"))


class Pending:
    """The games of one data folder waiting for the history."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / PENDING_FILE
        self.records: list[GameRecord] = []

    def load(self, now: datetime) -> str | None:
        """Read the games a session before left; a sentence for the player if the
        file was damaged (it is moved aside), else None."""
        loaded = store.load_json(
            self.path,
            _records,
            now=lambda: now,
            label=Words(N_("file of games waiting to be written")),
            consequence=Words(N_("the games in it were not added to the history")),
            max_bytes=MAX_PENDING_BYTES,
        )
        if loaded.value is not None:
            self.records = loaded.value + self.records
        return loaded.problem

    def add(self, record: GameRecord) -> None:
        """Keep a game the history could not take (in memory, and in the file if the
        folder takes it)."""
        self.records.append(record)
        self._save()

    def keep(self, record: GameRecord, history: History) -> list[str]:
        """Keep a game the history could not take now (add), to be written at the
        next chance; the history's new problems but its "not saved" about this game
        (kept, not lost: not the player's worry yet)."""
        self.add(record)
        return [said for said in history.take_new_problems() if not said.startswith(NOT_SAVED)]

    def flush(self, history: History) -> bool:
        """Write the waiting games to the history in one transaction; True if none
        is left waiting."""
        if not self.records:
            return True

        if history.in_memory or merge_games(history, self.records) is None:
            return False
        self.records = []
        self._save()
        return True

    def _save(self) -> None:

        try:
            if self.records:
                games = [StoredGame(0, record) for record in self.records]
                store.atomic_write_text(self.path, export_text(games, as_json=True))
            else:
                store.remove_file(self.path)
        except OSError:
            pass  # (kept in memory: written with the history at the next chance)
