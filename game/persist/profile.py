"""The one object the window talks to: the player's settings, history and saved game.

Profile.open never raises and every method after it never raises either: a
damaged file is moved aside and replaced by defaults, a folder that cannot be
written turns saving off for the session, and each of these is told to the
player once, in plain words, through ``problems``. The game always starts.

Files in the data folder:
    settings.json     Settings (settings.py)
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
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Generic, TypeVar

from game.persist import store
from game.persist.messages import Messages, Tells
from game.persist.paths import HISTORY_FILE, RECORDS_FILE, data_dir
from game.persist.pending import PENDING_FILE, Pending
from game.persist.settings import Settings
from game.persist.store import LoadStatus, LocalTime

if TYPE_CHECKING:  # (loaded when first used: the first frame needs none of them)
    from game.persist.game_record import BestTimeEntry, GameRecord, Sort, StoredGame
    from game.persist.history import History
    from game.persist.history_transfer import Exported, Imported, Progress
    from game.persist.records import Stats
    from game.persist.resume import SavedGame
    from game.rules import Difficulty

T = TypeVar("T")
V = TypeVar("V")

SETTINGS_FILE = "settings.json"
RESUME_FILE = "resume.json"
DATA_FILES = (SETTINGS_FILE, RESUME_FILE)
"""The JSON files the profile keeps (the history is a database: history.py)."""


@dataclass(frozen=True)
class Resumed(Generic[T]):
    """A saved game brought back: the caller's restored game and what was saved."""

    game: T
    saved: SavedGame


def _clamp_ms(ms: int) -> int:
    # The app owns the clock; a clock that jumped must not cost the player the game.
    from game.persist.records import MAX_GAME_MS

    return min(max(int(ms), 0), MAX_GAME_MS)


def _why_not_writable(error: OSError, folder: Path) -> str:
    """The end of 'Records and settings cannot be saved this session: ...'."""
    if isinstance(error, store.Refused):  # (a file of ours that must not be replaced)
        return f"a file in the folder {folder} cannot be replaced ({error.strerror})"
    if error.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return f"the disk holding the folder {folder} is full"
    if error.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return f"the folder {folder} is read-only"
    return f"writing in the folder {folder} failed ({error.strerror or error})"


class Profile(Tells):
    """The player's data for one session. Create with Profile.open."""

    def __init__(self, folder: Path, clock: LocalTime) -> None:
        """Defaults only, nothing read; use Profile.open."""
        self._folder = folder
        self._clock = clock
        self._settings = Settings()
        self._history: History | None = None  # opened when first asked for
        self._pending = Pending(folder)
        self._saved_game: SavedGame | None = None
        self._messages = Messages()
        self._writable = True
        # Files that exist but could not be read nor moved aside: saving over
        # them could destroy the only copy of the player's records.
        self._protected: set[str] = set()

    # ---------------------------------------------------------------- opening

    @classmethod
    def open(cls, folder: str | Path | None = None, *, clock: LocalTime = datetime.now) -> Profile:
        """Load everything from the data folder; never raises.

        ``folder`` is the --data-dir option (None: $MINESWEEPER_DATA_DIR, else the
        platform's folder; see paths.data_dir). The folder is created if missing.
        """
        try:
            # Absolute, so the messages name a place the player can find.
            where = data_dir(folder).absolute()
        except Exception as error:  # a broken platform lookup must not stop the game
            profile = cls(Path(), clock)
            profile._cannot_save(f"no folder for them could be found ({error})")
            return profile
        profile = cls(where, clock)
        profile._prepare_folder()
        profile._load(SETTINGS_FILE, profile._load_settings)
        profile._load(RESUME_FILE, profile._load_resume)
        return profile

    def _open_history(self) -> History:
        """The history, opened on first use: SQLite is loaded then, not before the
        first frame. A folder that cannot be written keeps this session's games
        in memory (the message that saving is off says so already)."""
        if self._history is None:
            from game.persist.history import History

            if self._writable:
                self._history = History.open(self._folder / HISTORY_FILE, clock=self._clock)
                problem = self._pending.load(self._clock())
                if problem is not None:
                    self._messages.add(problem)
                self._flush_pending(self._history)
            else:
                self._history = History.memory(clock=self._clock)
        return self._history

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

    def _prepare_folder(self) -> None:
        try:
            self._folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            reason = "a file is in the way" if isinstance(error, FileExistsError) else None
            self._cannot_save(
                f"the folder {self._folder} could not be created "
                f"({reason or error.strerror or error})"
            )
            return
        for name in (*DATA_FILES, PENDING_FILE):
            store.remove_stale_temps(self._folder, name)
        # Find out now, not at the first win, whether saving works, so the player
        # is told before playing a game whose record would be lost.
        try:
            fd, probe = store.create_temp(self._folder, "probe")
            os.close(fd)
            os.unlink(probe)
        except OSError as error:
            self._cannot_save(_why_not_writable(error, self._folder))

    def _load(self, name: str, loader: Callable[[Path, datetime], None]) -> None:
        try:
            loader(self._folder / name, self._clock())
        except Exception as error:  # the last line of defence: a bug must not stop the game
            self._protected.add(name)
            self._messages.add(
                f"The file {self._folder / name} could not be read because of an error "
                f"in the game ({error!r}). It was left as it is and will not be changed "
                "this session."
            )

    def _read(
        self, path: Path, now: datetime, validate: Callable[[object], V], label: str, then: str
    ) -> V | None:
        loaded = store.load_json(path, validate, now=now, label=label, consequence=then)
        if loaded.problem is not None:
            self._messages.add(loaded.problem)
        if loaded.status is LoadStatus.STUCK:
            self._protected.add(path.name)
        return loaded.value

    def _load_settings(self, path: Path, now: datetime) -> None:
        then = "the default settings are used"
        value = self._read(path, now, Settings.from_json, "settings file", then)
        if value is not None:
            self._settings = value

    def _load_resume(self, path: Path, now: datetime) -> None:
        def saved_game(data: object) -> SavedGame:  # (loaded only when a game was saved)
            from game.persist.resume import SavedGame

            return SavedGame.from_json(data)

        then = "a new game starts instead"
        self._saved_game = self._read(path, now, saved_game, "saved game", then)

    # ---------------------------------------------------------------- state

    @property
    def folder(self) -> Path:
        """The data folder in use."""
        return self._folder

    @property
    def settings(self) -> Settings:
        """The current settings."""
        return self._settings

    @property
    def history(self) -> History:
        """Every finished game (read it; record through record_game). Opened on
        first use."""
        history = self._open_history()
        self._take_history_problems()
        return history

    @property
    def saved_game(self) -> SavedGame | None:
        """The unfinished game to offer back, or None."""
        return self._saved_game

    @property
    def writable(self) -> bool:
        """False once saving has failed (or could not work from the start)."""
        return self._writable

    # ---------------------------------------------------------------- saving

    def _cannot_save(self, why: str) -> None:
        if self._writable:
            self._writable = False
            self._messages.add(f"Records and settings cannot be saved this session: {why}.")

    def _save(self, name: str, text: str) -> bool:
        if not self._writable or name in self._protected:
            return False
        try:
            store.atomic_write_text(self._folder / name, text)
        except OSError as error:
            self._cannot_save(_why_not_writable(error, self._folder))
            return False
        except Exception as error:  # never let a save crash the game
            self._cannot_save(f"saving {name} failed ({error!r})")
            return False
        return True

    def save_settings(self, settings: Settings) -> bool:
        """Use and save these settings; True if they reached the disk."""
        self._settings = settings
        return self._save(SETTINGS_FILE, store.dump_json(settings.to_json()))

    def record_game(self, record: GameRecord) -> int | None:
        """Keep a finished game (won, lost or abandoned) in the history; the game is
        over, so any saved game is cleared. Returns its id in the history; None if
        it could not be written now: it is then kept and written at the next chance
        (pending.py), or, with a history in memory, the player is told."""
        from game.persist.history_file import NOT_SAVED

        self.clear_resume()
        history = self.history
        self._flush_pending(history)
        game_id = history.add_game(record)
        if game_id is None and not history.in_memory:
            # Kept, and written at the next chance: not lost, so not told (yet).
            self._pending.add(record)
            for problem in history.take_new_problems():
                if not problem.startswith(NOT_SAVED):
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
        from game.persist.game_record import PAGE, Sort

        order = Sort.DATE if sort is None else sort
        return self.history.page(difficulty, won, order, offset, PAGE if limit is None else limit)

    def count(self, difficulty: Difficulty | str | None = None, won: bool | None = None) -> int:
        """How many games the history holds, of one board kind or all."""
        return self.history.count(difficulty, won)

    def own_files(self) -> list[Path]:
        """The files the game keeps in the data folder (never an export's target)."""
        from game.persist import replays

        names = [HISTORY_FILE, f"{HISTORY_FILE}-wal", f"{HISTORY_FILE}-shm", *DATA_FILES]
        names += [RECORDS_FILE, PENDING_FILE]
        return [self._folder / name for name in names] + replays.every(self._folder)

    def export_to(self, path: Path) -> Exported:
        """Write every game to path (history_transfer.export_history, or an archive
        with the kept replays when path ends in .zip); what was written.
        TransferError (one line) if it cannot be done."""
        from game.persist import history_transfer as transfer

        history = self.history
        if history.in_memory:
            raise transfer.TransferError(
                "the game history could not be opened, so nothing was exported"
            )
        try:
            if path.suffix.lower() == ".zip":
                from game.persist import history_archive

                own = self.own_files()
                return history_archive.export_archive(history, self._folder, path, own=own)
            return transfer.export_history(history, path, own=self.own_files())
        finally:
            self._take_history_problems()

    def import_from(self, path: Path, progress: Progress | None = None) -> Imported:
        """Add the games of an export (a .zip archive: with their replays) that the
        history does not have; how many. TransferError (one line) if it cannot be
        done; the history's notices, if any, are then among ``problems``.

        The import has a connection of its own to the history, so it may run on
        another thread than the window's (a long one: background.py); whatever
        ``progress`` raises (a cancel) ends it with nothing imported."""
        from game.persist import history_transfer as transfer
        from game.persist.history import History

        main = self._open_history()
        if main.in_memory:
            transfer.check_kept(main)
        history = History.open(main.path, clock=self._clock)
        try:
            if path.suffix.lower() == ".zip":
                from game.persist import history_archive

                return history_archive.import_archive(history, self._folder, path, progress)
            return transfer.Imported(transfer.import_history(history, path, progress))
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

    def export_history(self) -> str:
        """Write every game, with the kept replays, to a dated archive in the data
        folder; a sentence for the player saying where (or why not)."""
        from game.persist import history_transfer as transfer

        path = self._folder / transfer.export_name(self._clock())
        try:
            exported = self.export_to(path)
        except transfer.TransferError as error:
            return f"The history could not be exported: {error}."
        return (
            f"{exported.words('were written')} to {path}. On another computer, put this file "
            "in the game's data folder and press Import in the History."
        )

    def import_history(self, progress: Progress | None = None) -> str:
        """Add the games of the newest export found in the data folder (those not
        there yet); a sentence for the player saying what happened."""
        from game.persist import history_transfer as transfer

        path = transfer.newest_export(self._folder)
        if path is None:
            return (
                f"No export was found in {self._folder}: copy a file named "
                f"{transfer.EXPORT_PREFIX}....zip (or .csv, .json) there and press Import again."
            )
        try:
            done = self.import_from(path, progress)
        except transfer.TransferError as error:
            return f"The games of {path} could not be imported: {error}."
        return f"{done.words('were added')} from {path} (games already here are not added twice)."

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
                    f"{count} finished game{'s' if count != 1 else ''} could not be written "
                    f"to the game history yet; kept in {self._pending.path}, they will be "
                    "written at the next start."
                )
            self._history.close()

    # ---------------------------------------------------------------- resume

    def save_resume(
        self, game: Mapping[str, object], *, elapsed_ms: int, log: Sequence[str] = ()
    ) -> bool:
        """Save a game in progress (Game.to_snapshot(), and its move log as text) for
        the next start.

        Only for a game that is under way: a finished game is never saved (call
        record_win / record_loss, which clear the saved game). False if it could
        not be saved, with a message for the player.
        """
        from game.persist.resume import SavedGame

        try:
            saved = SavedGame(dict(game), _clamp_ms(elapsed_ms), tuple(log))
            text = store.dump_json(saved.to_json(), indent=None)
        except (TypeError, ValueError) as error:
            self._messages.add(f"The unfinished game could not be saved for next time ({error}).")
            return False
        if len(text) > store.MAX_FILE_BYTES:  # ASCII: characters are bytes
            self._messages.add("The unfinished game is too large to be saved for next time.")
            return False
        return self._save(RESUME_FILE, text)

    def clear_resume(self) -> bool:
        """Forget the saved game, on disk too; True if no saved game remains."""
        self._saved_game = None
        if RESUME_FILE in self._protected:
            return False
        if not self._writable:
            return not os.path.lexists(self._folder / RESUME_FILE)
        try:
            store.remove_file(self._folder / RESUME_FILE)
        except OSError as error:
            self._cannot_save(_why_not_writable(error, self._folder))
            return False
        return True

    def resume(self, restore: Callable[[SavedGame], T | None]) -> Resumed[T] | None:
        """Bring the saved game back with ``restore`` (which builds the caller's game
        from the SavedGame: its snapshot, time and log).

        The saved game is cleared either way: it is offered once. If restore
        raises (the engine finds the board damaged), the file is moved aside and
        the player told; if restore returns None (e.g. the game turns out to be
        finished), it is dropped silently. Returns None in both cases.
        """
        saved = self._saved_game
        if saved is None:
            return None
        try:
            game = restore(saved)
        except Exception as error:  # whatever the engine raises, the game goes on
            self._set_aside_resume(error)
            return None
        self.clear_resume()
        return None if game is None else Resumed(game, saved)

    def _set_aside_resume(self, error: Exception) -> None:
        self._saved_game = None
        path = self._folder / RESUME_FILE
        try:
            moved_to = store.move_aside(path, self._clock())
        except OSError:
            self.clear_resume()
            self._messages.add(
                f"Your saved game could not be restored ({error}); a new game starts instead."
            )
            return
        self._messages.add(
            f"Your saved game could not be restored ({error}). It was moved to {moved_to}; "
            "a new game starts instead."
        )
