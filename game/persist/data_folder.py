"""The data folder and the player's files in it: settings.json and resume.json
(game.persist.profile's docstring lists every file). Read at the start, damaged ones
moved aside, written atomically; a folder that cannot be written turns saving off for
the session, told once."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final, Generic, TypeVar

from game.language import N_, Words
from game.persist import store
from game.persist.messages import Messages, Tells
from game.persist.paths import PENDING_FILE, data_dir
from game.persist.resume import SavedGame
from game.persist.schema import MAX_GAME_MS, FutureVersionError
from game.persist.settings import Settings, laid_over
from game.persist.store import LoadStatus, LocalTime, local_now

if TYPE_CHECKING:  # (loaded when first used: the first frame needs none of them)
    from datetime import datetime

    from game.persist.resume import SavedGame

T = TypeVar("T")
V = TypeVar("V")
F = TypeVar("F", bound="DataFolder")

SETTINGS_FILE = "settings.json"
RESUME_FILE = "resume.json"
DATA_FILES = (SETTINGS_FILE, RESUME_FILE)
"""The JSON files the profile keeps (the history is a database: history.py)."""


class Resumed(Generic[T]):
    """A saved game brought back: the caller's restored game and what was saved.
    (A plain class: cheaper to define than a dataclass or a named tuple, and its module
    loads before the first frame.)"""

    __slots__ = ("game", "saved")

    def __init__(self, game: T, saved: SavedGame) -> None:
        self.game: Final = game
        self.saved: Final = saved


def _clamp_ms(ms: int) -> int:
    # The app owns the clock; a clock that jumped must not cost the player the game.

    return min(max(int(ms), 0), MAX_GAME_MS)


def why_not_writable(error: OSError, folder: Path) -> Words:
    """The end of 'Records and settings cannot be saved this session: ...'."""
    if isinstance(error, store.Refused):  # (a file of ours that must not be replaced)
        return Words(
            N_("a file in the folder {folder} cannot be replaced ({why})"),
            folder=folder,
            why=error.strerror,
        )
    if error.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return Words(N_("the disk holding the folder {folder} is full"), folder=folder)
    if error.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return Words(N_("the folder {folder} is read-only"), folder=folder)
    return Words(
        N_("writing in the folder {folder} failed ({why})"),
        folder=folder,
        why=error.strerror or error,
    )


class DataFolder(Tells):
    """The data folder and the player's files in it: the settings and the saved game,
    read at the start (damaged ones moved aside), written atomically, and whether
    saving works at all this session. Profile (profile.py) adds the history."""

    def __init__(self, folder: Path, clock: LocalTime) -> None:
        """Defaults only, nothing read; use open (Profile.open)."""
        self._folder = folder
        self._clock = clock
        self._settings = Settings()
        self._saved_game: SavedGame | None = None
        self._messages = Messages()
        self._writable = True
        # Files that exist but could not be read nor moved aside: saving over
        # them could destroy the only copy of the player's records.
        self._protected: set[str] = set()

    @classmethod
    def open(cls: type[F], folder: str | Path | None = None, *, clock: LocalTime = local_now) -> F:
        """Load everything from the data folder; never raises.

        ``folder`` is the --data-dir option (None: $MINESWEEPER_DATA_DIR, else the
        platform's folder; see paths.data_dir). The folder is created if missing.
        """
        try:
            # Absolute, so the messages name a place the player can find.
            where = data_dir(folder).absolute()
        except Exception as error:  # a broken platform lookup must not stop the game
            profile = cls(Path(), clock)
            profile._cannot_save(Words(N_("no folder for them could be found ({why})"), why=error))
            return profile
        profile = cls(where, clock)
        profile._prepare_folder()
        profile._load(SETTINGS_FILE, profile._load_settings)
        profile._load(RESUME_FILE, profile._load_resume)
        return profile

    def _prepare_folder(self) -> None:
        try:
            self._folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            in_the_way = Words(N_("a file is in the way"))
            reason = in_the_way if isinstance(error, FileExistsError) else None
            self._cannot_save(
                Words(
                    N_("the folder {folder} could not be created ({why})"),
                    folder=self._folder,
                    why=reason or error.strerror or error,
                )
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
            self._cannot_save(why_not_writable(error, self._folder))

    def _load(self, name: str, loader: Callable[[Path, LocalTime], None]) -> None:
        try:
            loader(self._folder / name, self._clock)
        except Exception as error:  # the last line of defence: a bug must not stop the game
            self._protected.add(name)
            self._messages.add(
                Words(
                    N_(
                        "The file {path} could not be read because of an error in the game "
                        "({error}). It was left as it is and will not be changed this session."
                    ),
                    path=self._folder / name,
                    error=repr(error),
                )
            )

    def _read(
        self, path: Path, now: LocalTime, validate: Callable[[object], V], label: Words, then: Words
    ) -> V | None:
        loaded = store.load_json(path, validate, now=now, label=label, consequence=then)
        if loaded.problem is not None:
            self._messages.add(loaded.problem)
        if loaded.status is LoadStatus.STUCK:
            self._protected.add(path.name)
        return loaded.value

    def _load_settings(self, path: Path, now: LocalTime) -> None:
        then = Words(N_("the default settings are used"))
        value = self._read(path, now, Settings.from_json, Words(N_("settings file")), then)
        if value is not None:
            self._settings = value

    def _load_resume(self, path: Path, now: LocalTime) -> None:
        def saved_game(data: object) -> SavedGame:  # (loaded only when a game was saved)

            return SavedGame.from_json(data)

        then = Words(N_("a new game starts instead"))
        self._saved_game = self._read(path, now, saved_game, Words(N_("saved game")), then)

    def now(self) -> datetime:
        """The local time, by the clock this data folder was opened with."""
        return self._clock()

    @property
    def folder(self) -> Path:
        """The data folder in use."""
        return self._folder

    @property
    def settings(self) -> Settings:
        """The current settings."""
        return self._settings

    @property
    def saved_game(self) -> SavedGame | None:
        """The unfinished game to offer back, or None."""
        return self._saved_game

    @property
    def writable(self) -> bool:
        """False once saving has failed (or could not work from the start)."""
        return self._writable

    def _cannot_save(self, why: Words) -> None:
        if self._writable:
            self._writable = False
            self._messages.add(
                Words(N_("Records and settings cannot be saved this session: {why}."), why=why)
            )

    def _save(self, name: str, text: str) -> bool:
        if not self._writable or name in self._protected:
            return False
        try:
            store.atomic_write_text(self._folder / name, text)
        except OSError as error:
            self._cannot_save(why_not_writable(error, self._folder))
            return False
        except Exception as error:  # never let a save crash the game
            self._cannot_save(
                Words(N_("saving {name} failed ({error})"), name=name, error=repr(error))
            )
            return False
        return True

    def save_settings(self, settings: Settings) -> bool:
        """Use and save these settings; True if they reached the disk. What changed
        is laid over the file as it is now (settings.laid_over): another window on
        the folder may have saved its own choices since, and they are kept."""
        before, self._settings = self._settings, settings
        if not self._writable or SETTINGS_FILE in self._protected:
            return False
        try:
            now = store.read_now(self._folder / SETTINGS_FILE, Settings.from_json)
        except FutureVersionError:  # (a newer version's window saved it: never over it)
            self._protected.add(SETTINGS_FILE)
            return False
        kept = settings if now is None else laid_over(settings, before, now)
        return self._save(SETTINGS_FILE, store.dump_json(kept.to_json()))

    def save_resume(
        self, game: Mapping[str, object], *, elapsed_ms: int, log: Sequence[str] = ()
    ) -> bool:
        """Save a game in progress (Game.to_snapshot(), and its move log as text) for
        the next start.

        Only for a game that is under way: a finished game is never saved (call
        record_win / record_loss, which clear the saved game). False if it could
        not be saved, with a message for the player.
        """
        try:
            saved = SavedGame(dict(game), _clamp_ms(elapsed_ms), tuple(log))
            text = store.dump_json(saved.to_json(), indent=None)
        except (TypeError, ValueError) as error:
            self._messages.add(
                Words(
                    N_("The unfinished game could not be saved for next time ({error})."),
                    error=error,
                )
            )
            return False
        if len(text) > store.MAX_FILE_BYTES:  # ASCII: characters are bytes
            self._messages.add(
                Words(N_("The unfinished game is too large to be saved for next time."))
            )
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
            self._cannot_save(why_not_writable(error, self._folder))
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
                Words(
                    N_(
                        "Your saved game could not be restored ({error}); a new game starts "
                        "instead."
                    ),
                    error=error,
                )
            )
            return
        self._messages.add(
            Words(
                N_(
                    "Your saved game could not be restored ({error}). It was moved to {path}; "
                    "a new game starts instead."
                ),
                error=error,
                path=moved_to,
            )
        )


def kept_language(folder: str | None) -> str | None:
    """The language the settings in a data folder keep (``folder``: --data-dir, None:
    the usual one), read without a change to anything (the command line asks before
    the data folder is opened: its help in the player's language); None when there is
    none, or the file is missing or cannot be read (the game says why when it opens)."""
    try:
        path = data_dir(folder) / SETTINGS_FILE
        text = store.read_regular(path, store.MAX_FILE_BYTES)
        return Settings.from_json(store.parse_json(text)).language
    except Exception:  # (any file at all: the system's language instead, nothing said)
        return None
