"""The one object the window talks to: the player's settings, history and saved game.

Profile.open never raises and every method after it never raises either: a
damaged file is moved aside and replaced by defaults, a folder that cannot be
written turns saving off for the session, and each of these is told to the
player once, in plain words, through ``problems``. The game always starts.

Files in the data folder:
    settings.json     Settings (settings.py; read and written by data_folder.py)
    history.sqlite3   every finished game; best times, statistics and streaks are
                      queries over it (history.py); two windows lose nothing. It
                      is opened when first asked for (the first frame does not
                      wait for SQLite)
    records.json      best times and statistics of versions before the history:
                      brought into the history once, then left as it was
    resume.json       the unfinished game, only while there is one (resume.py)
    pending-games.json finished games the history could not take yet (another
                      window held it busy, a full disk), only while there are
                      some: written at the next chance (pending.py)
    window-N.lock     held (locked) by each window open on the folder, so that a
                      second window opens offset from the first (seats.py)
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game.language import gettext, ngettext
from game.persist.data_folder import (
    DATA_FILES,
    RESUME_FILE,
    SETTINGS_FILE,
    DataFolder,
    Resumed,
)
from game.persist.paths import HISTORY_FILE
from game.persist.store import LocalTime

if TYPE_CHECKING:  # (loaded when first used: the first frame needs none of them)
    from game.persist.game_record import BestTimeEntry, GameRecord, Sort, StoredGame
    from game.persist.history import History
    from game.persist.history_transfer import Exported, Imported, Progress
    from game.persist.pending import Pending
    from game.persist.records import Stats
    from game.rules import Difficulty

__all__ = ["DATA_FILES", "RESUME_FILE", "SETTINGS_FILE", "Profile", "Resumed"]


class Profile(DataFolder):
    """The player's data for one session: the data folder's files and the game
    history. Create with Profile.open."""

    def __init__(self, folder: Path, clock: LocalTime) -> None:
        """Defaults only, nothing read; use Profile.open."""
        super().__init__(folder, clock)
        self._history: History | None = None  # opened when first asked for
        self._waiting: Pending | None = None  # read when the history is opened

    def _open_history(self) -> History:
        """The history, opened on first use: SQLite is loaded then, not before the
        first frame. A folder that cannot be written keeps this session's games
        in memory, beside the file's own read as they are (the message that saving
        is off says so already)."""
        if self._history is None:
            from game.persist import history, pending  # (SQLite, csv: not before the first frame)

            if self._waiting is None:  # (kept when the history is opened afresh)
                self._waiting = pending.Pending(self._folder)
            if self._writable:
                self._history = history.History.open(self._folder / HISTORY_FILE, clock=self._clock)
                problem = self._pending.load(self._clock())
                if problem is not None:
                    self._messages.add(problem)
                self._flush_pending(self._history)
            else:  # (its games read as they are: shown and exported, never changed)
                kept = self._folder / HISTORY_FILE
                self._history = history.History.memory(clock=self._clock, copy_of=kept)
        return self._history

    @property
    def _pending(self) -> Pending:
        """The finished games waiting for the history (pending.py), made with it."""
        if self._waiting is None:
            self._open_history()
        assert self._waiting is not None
        return self._waiting

    def _flush_pending(self, history: History) -> bool:
        """Write the games waiting for the history (pending.py); True if none waits.
        While they cannot be written the history's words about it are not shown:
        the games are kept, and the player hears of them only if they still wait
        at quit."""
        if not self._pending.records:
            return True
        self._take_history_problems(history)
        if self._pending.flush(history):
            return True
        history.take_new_problems()  # (about games that are kept: not the player's worry yet)
        return False

    def _take_history_problems(self, history: History | None = None) -> None:
        """The history's messages become the profile's (once a folder is known not
        to be writable, that one message says it for both)."""
        for problem in (history or self._open_history()).take_new_problems():
            if self._writable:
                self._messages.add(problem)

    @property
    def history(self) -> History:
        """Every finished game (read it; record through record_game). Opened on
        first use."""
        history = self._open_history()
        self._take_history_problems()
        return history

    def record_game(self, record: GameRecord) -> int | None:
        """Keep a finished game (won, lost or abandoned) in the history; the game is
        over, so any saved game is cleared. Returns its id in the history; None if
        it could not be written now: it is then kept and written at the next chance
        (pending.py), or, with a history in memory, the player is told."""
        self.clear_resume()
        history = self.history
        self._flush_pending(history)
        game_id = history.add_game(record)
        if game_id is None and not history.in_memory:
            # Kept, and written at the next chance: not lost, so not told (yet).
            for problem in self._pending.keep(record, history):
                self._messages.add(problem)
        self._take_history_problems()
        return game_id

    def best_time_place(self, game_id: int) -> int | None:
        """The place a kept game holds in its preset's best times (None: none)."""
        place = self.history.place_of(game_id)
        self._take_history_problems()
        return place

    def name_best_time(self, game_id: int, name: str) -> bool:
        """Put the player's name on a best time (and remember it for the next one)."""
        done = self.history.set_name(game_id, name)
        self._take_history_problems()
        return done

    @property
    def last_name(self) -> str:
        """The name entered for the last best time ("" before the first)."""
        return self.history.last_name()

    def best_times(self, difficulty: Difficulty | str) -> list[BestTimeEntry]:
        """The preset's best times, fastest first (empty for other boards)."""
        return self.history.best_times(difficulty)

    def stats(self, difficulty: Difficulty | str) -> Stats:
        """The statistics of one kind of board."""
        return self.history.stats(difficulty)

    def best_rate(self, difficulty: Difficulty | str) -> float | None:
        """The best 3BV/s of a difficulty's won games (None: none yet)."""
        return self.history.best_rate(difficulty)

    def replay_of(self, game_id: int) -> str | None:
        """The file name of a game's kept replay in the replays folder (History.replay_of)."""
        return self.history.replay_of(game_id)

    def deaths(self, rows: int, cols: int) -> dict[tuple[int, int], int]:
        """Where the games of a board size were lost (History.deaths)."""
        return self.history.deaths(rows, cols)

    def median_rate(self, difficulty: Difficulty) -> float | None:
        """The median 3BV/s of a difficulty's won games (None: none yet)."""
        return self.history.median_rate(difficulty)

    def page(
        self,
        difficulty: Difficulty | str | None = None,
        won: bool | None = None,
        sort: Sort | None = None,
        offset: int = 0,
        limit: int | None = None,
    ) -> list[StoredGame]:
        """A page of the history (History.page): one board kind or all, won, lost
        or both, newest (the default), fastest or best 3BV/s first; PAGE games
        unless a limit is given."""
        return self.history.page(difficulty, won, sort, offset, limit)

    def count(self, difficulty: Difficulty | str | None = None, won: bool | None = None) -> int:
        """How many games the history holds, of one board kind or all."""
        return self.history.count(difficulty, won)

    def export_to(self, path: Path) -> Exported:
        """Write every game to path (history_transfer.export_history, or an archive
        with the kept replays when path ends in .zip); what was written.
        TransferError (one line) if it cannot be done."""
        from game.persist import history_archive, history_transfer  # (export, import: when used)

        history = self.history
        if not history.read:  # (a file read into memory is exported: a read-only folder)
            raise history_transfer.TransferError(
                gettext("the game history could not be opened, so nothing was exported")
            )
        try:
            if path.suffix.lower() == ".zip":
                return history_archive.export_archive(history, self._folder, path)
            return history_transfer.export_history(history, path, folder=self._folder)
        finally:
            self._take_history_problems()

    def import_from(self, path: Path, progress: Progress | None = None) -> Imported:
        """Add the games of an export (a .zip archive: with their replays) that the
        history does not have; how many. TransferError (one line) if it cannot be
        done; the history's notices, if any, are then among ``problems``.

        The import has a connection of its own to the history, so it may run on
        another thread than the window's (a long one: background.py); whatever
        ``progress`` raises (a cancel) ends it with nothing imported."""
        from game.persist import history_archive, history_transfer  # (export, import: when used)

        main = self._open_history()
        if main.in_memory:
            history_transfer.check_kept(main)
        history = type(main).open(main.path, clock=self._clock)  # (a connection of its own)
        try:
            if path.suffix.lower() == ".zip":
                return history_archive.import_archive(history, self._folder, path, progress)
            return history_transfer.Imported(
                history_transfer.import_history(history, path, progress)
            )
        finally:
            history.close()
            problems = history.take_new_problems()
            for problem in problems:
                self._messages.add(problem)
            if problems and not main.in_memory:
                # (damage it found was set aside: the window's own connection still
                # holds the old file, so it opens the history afresh when next used)
                self._history = None
                main.close()

    def games(self, difficulty: Difficulty | None = None, limit: int = 100) -> list[StoredGame]:
        """Finished games, newest first, of one board kind or all."""
        games = self.history.games(difficulty, limit)
        self._take_history_problems()
        return games

    def reset_best_times(self) -> bool:
        """Start every best-times table afresh (the games themselves are kept)."""
        done = self.history.reset_best_times()
        self._take_history_problems()
        return done

    def reset_stats(self) -> bool:
        """Start every statistic afresh (the games themselves are kept)."""
        done = self.history.reset_stats()
        self._take_history_problems()
        return done

    def close(self) -> None:
        """Write the games still waiting for the history, then close it (if it was
        opened); games that still cannot be written are said (they wait in their
        file for the next start)."""
        if self._history is not None:
            if not self._flush_pending(self._history):
                count = len(self._pending.records)
                self._messages.add(
                    ngettext(
                        "{n} finished game could not be written to the game history yet; kept "
                        "in {path}, it will be written at the next start.",
                        "{n} finished games could not be written to the game history yet; kept "
                        "in {path}, they will be written at the next start.",
                        count,
                    ).format(n=count, path=self._pending.path)
                )
            self._history.close()
