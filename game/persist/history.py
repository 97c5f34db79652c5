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

import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import date
from enum import Enum
from functools import partial

from game.language import N_, Words
from game.persist import history_merge
from game.persist import history_queries as sql
from game.persist.game_record import (
    BEST_TIME_DIFFICULTIES,
    MAX_TEXT,
    PAGE,
    BestTimeEntry,
    DailyStats,
    GameRecord,
    GameRecordError,
    Sort,
    StoredGame,
    difficulty_name,
)
from game.persist.history_file import SAVING, HistoryFile, T, Tick, reading, writing
from game.persist.records import TOP, Stats, clean_name

Games = Sequence[GameRecord] | Callable[[], Iterable[GameRecord]]
"""Games to merge: a list, or what makes a stream of them afresh (History.merge)."""


class History(HistoryFile):
    """The game history of one data folder. Create with History.open."""

    def add_game(self, record: GameRecord) -> int | None:
        """Add a finished game in one transaction; its row id, or None if it could
        not be saved (the player is told)."""
        if not isinstance(record, GameRecord):
            raise TypeError("add_game takes a GameRecord")

        def add(db: sqlite3.Connection) -> int:
            with writing(db):
                return sql.insert_game(db, record)

        return self._guard(SAVING, None, add)

    def set_name(self, game_id: int, name: str) -> bool:
        """Give a game the player's name (the best-time name asked after a win)
        and remember it as the last name, in one transaction. The name is cleaned
        (records.clean_name). False if no such game or it could not be saved."""
        name = clean_name(name)

        def rename(db: sqlite3.Connection) -> bool:
            with writing(db):
                changed = db.execute("UPDATE games SET name = ? WHERE id = ?", (name, game_id))
                if changed.rowcount != 1:
                    return False
                sql.set_last_name(db, name)
            return True

        return self._guard(N_("saving the name"), False, rename)

    def set_replay(self, game_id: int, file_name: str) -> bool:
        """Note the file a game's replay was kept in (a name in the replays folder).
        False if no such game or it could not be saved."""
        if not file_name or "/" in file_name or "\\" in file_name or len(file_name) > MAX_TEXT:
            raise GameRecordError(Words(N_("replay must be a file name, not a path")))

        def note(db: sqlite3.Connection) -> bool:
            with writing(db):
                changed = db.execute(
                    "UPDATE games SET replay = ? WHERE id = ?", (file_name, game_id)
                )
            return changed.rowcount == 1

        return self._guard(N_("saving the replay's name"), False, note)

    def reset_best_times(self) -> bool:
        """Start the best-time tables afresh (the games stay in the history)."""
        return self._reset("best_times")

    def reset_stats(self) -> bool:
        """Start the statistics afresh (the games stay in the history)."""
        return self._reset("stats")

    def _reset(self, kind: str) -> bool:
        def reset(db: sqlite3.Connection) -> bool:
            with writing(db):
                sql.reset(db, kind)
            return True

        return self._guard(N_("the reset"), False, reset)

    # ---------------------------------------------------------------- queries

    def _ask(self, doing: str, default: T, query: Callable[[sqlite3.Connection], T]) -> T:
        """A question answered from one snapshot."""

        def read(db: sqlite3.Connection) -> T:
            with reading(db):
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
            N_("reading the best times"), [], lambda db: sql.best_times(db, name, max(0, limit))
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

        difficulty = self._guard(N_("reading the best times"), None, difficulty_of)
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
        return self._ask(N_("reading the statistics"), Stats(), lambda db: sql.stats(db, name))

    def daily(self, today: date) -> DailyStats:
        """The daily boards: days played and won, the streak of days won up to
        today (or yesterday, when today's is not won yet), the longest, and the
        best times of today's board and of any day's."""
        return self._ask(
            N_("reading the daily boards"), DailyStats(), lambda db: sql.daily(db, today)
        )

    def best_rate(self, difficulty: str | Enum) -> float | None:
        """The best 3BV/s (3BV / seconds) of the won, unhinted games of a
        difficulty since its last best-times reset; None if there is none."""
        name = difficulty_name(difficulty)
        return self._ask(N_("reading the best 3BV/s"), None, lambda db: sql.best_rate(db, name))

    def replay_of(self, game_id: int) -> str | None:
        """The file name of a game's kept replay (None: none was kept, or no such game)."""
        return self._ask(
            N_("reading the game history"), None, lambda db: sql.replay_of(db, game_id)
        )

    def best_replay(self, column: str, value: str) -> str | None:
        """The kept replay of the fastest ranked win whose ``column`` ("code" or
        "daily") is ``value``: the ghost of a shared board played again."""
        return self._ask(
            N_("reading the history"), None, lambda db: sql.best_replay(db, column, value)
        )

    def code_record(self, code: str) -> tuple[int | None, int]:
        """A board code's best ranked winning time (None: none yet), games played on it."""
        nothing: tuple[int | None, int] = (None, 0)
        return self._ask(
            N_("reading the board code's record"), nothing, lambda db: sql.code_record(db, code)
        )

    def deaths(self, rows: int, cols: int) -> dict[tuple[int, int], int]:
        """Where the games of a board size were lost: how many on each cell."""
        return self._ask(
            N_("reading where games were lost"), {}, lambda db: sql.deaths(db, rows, cols)
        )

    def median_rate(self, difficulty: str | Enum) -> float | None:
        """The median 3BV/s of the won, unhinted games of a difficulty since its
        last best-times reset; None if there is none."""
        name = difficulty_name(difficulty)
        return self._ask(N_("reading the median 3BV/s"), None, lambda db: sql.median_rate(db, name))

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
        sort: Sort | None = None,
        offset: int = 0,
        limit: int | None = None,
    ) -> list[StoredGame]:
        """A page of the history: games of one board or all, won, lost or both, in
        the sort's order (Sort: newest, the default, fastest or best 3BV/s first);
        PAGE games unless a limit is given."""
        name = None if difficulty is None else difficulty_name(difficulty)
        order = Sort.DATE if sort is None else sort
        count = PAGE if limit is None else limit
        return self._ask(
            N_("reading the game history"),
            [],
            lambda db: sql.page(db, name, won, order, offset, count),
        )

    def each(self, batch: int = 2000) -> Iterator[StoredGame]:
        """Every stored game, oldest first, read ``batch`` at a time (an export: the
        history is never held in memory whole). A read that fails ends it early,
        with a message (``problems``)."""
        last = 0
        while True:
            found: tuple[list[StoredGame], int] | None = self._ask(
                N_("reading the game history"), None, partial(sql.after, game_id=last, limit=batch)
            )
            if found is None or found[1] == last:
                return
            games, last = found
            yield from games

    def count(self, difficulty: str | Enum | None = None, won: bool | None = None) -> int:
        """How many games are stored (of one difficulty or all, one result or both)."""
        name = None if difficulty is None else difficulty_name(difficulty)
        return self._ask(N_("reading the game history"), 0, lambda db: sql.count(db, name, won))

    def last_name(self) -> str:
        """The name entered last (for the name box), or "" before the first."""

        def query(db: sqlite3.Connection) -> str:
            row = db.execute("SELECT value FROM meta WHERE key = 'last_name'").fetchone()
            return "" if row is None else str(row[0])

        return self._guard(N_("reading the last name"), "", query)

    def merge(self, records: Games, key: Sequence[str], tick: Tick) -> int | None:
        """Add the games whose key (these GameRecord fields) no stored game has, in
        order; how many (None: failed, a message). ``records`` may be a stream (an
        import read as it goes), given as what makes it afresh (a damaged history
        found half way is set aside and the merge begins again on the new one): each
        game is looked for by the index of its board, result and time, so nothing of
        the history is held in memory, and whatever the stream raises undoes it all.
        The stream is read whole before the first game goes in, and the games go in
        a batch a transaction (history_merge: the write lock is never held for the
        read). ``tick`` hears (done, all) of the games staged before each batch (a
        cancel there takes out what went in)."""

        def add(db: sqlite3.Connection) -> int:
            return history_merge.merge(db, records, key, tick)

        return self._guard(N_("importing the games"), None, add)
