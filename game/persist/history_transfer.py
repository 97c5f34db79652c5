"""The history as a file to take to another computer: export and import.

Two formats, one row per game and every field of GameRecord (the order of
``FIELDS``; ``id`` is the game's number in the history it came from):

CSV (any other name than ``*.json`` or ``*.zip``): a header line naming the fields, then one
    line a game. Numbers in decimal; ``won`` and ``used_hint`` are 1 or 0; an
    empty cell is "none" (a seed, 3BV, name, replay or daily date not known).
JSON (``*.json``): ``{"format": "minesweeper-history", "version": 1,
    "games": [{field: value, ...}, ...]}`` with JSON's numbers, true/false, null.

Resets and the counters imported from records.json are not exported: an import is
a list of games. Importing merges: a game already in the history (the same finish
time, board, seed, result, time taken, 3BV and clicks: what a game is when it
ends) is not added again, so importing a file twice adds nothing, and two games
without a seed that ended in the same second stay two. An archive (``*.zip``,
history_archive) holds a CSV export and the kept replays. The file is read as a
stream (history_stream: bounded memory whatever its size, each line and field
bounded before it is read) and every game checked before the first is added
(history_merge: then a batch a transaction, so a window's game ending meanwhile is
written at once): a damaged or foreign file is refused with one line (naming the
line or game, and the field, never the file's content) and nothing is half imported.
Whole numbers are ASCII digits only (a superscript or an Arabic-Indic digit is
refused, not taken as a number); a UTF-8 byte-order
mark and blank lines (as spreadsheet programs write them) are accepted. Only a
regular file is read (a FIFO or a device could block for ever).

A CSV cell that a spreadsheet program would run as a formula (one starting with
``=``, ``+``, ``-``, ``@``, a tab or a carriage return) is written with a ``'``
before it, as is one that starts with ``'`` itself; reading takes one leading
``'`` off, so every text comes back as it was.
"""

from __future__ import annotations

import contextlib
import csv
import io
import os
import stat
from collections.abc import Callable, Iterable, Iterator
from datetime import datetime
from pathlib import Path
from typing import IO, TYPE_CHECKING, NamedTuple

from game.language import N_, Words, gettext, ngettext, shown
from game.persist import history_stream, store
from game.persist.game_record import COLUMNS, GameRecord, StoredGame
from game.persist.history_stream import FIELDS as FIELDS
from game.persist.history_stream import FORMAT, MAX_IMPORT_BYTES, VERSION
from game.persist.history_stream import LATER_FIELDS as LATER_FIELDS
from game.persist.history_stream import Progress as Progress
from game.persist.history_stream import TransferError as TransferError
from game.persist.outputs import check_output

if TYPE_CHECKING:
    from game.persist.history import Games, History

_KEY = (
    "finished_at", "difficulty", "rows", "cols", "mines", "seed", "won", "ms", "bbbv",
    "bbbv_solved", "left_clicks", "right_clicks", "chord_clicks", "effective_clicks",
)  # fmt: skip
"""What makes two games the same game: what a game is when it ends (its name and
its kept replay come later), so two games without a seed that ended in the same
second stay two games."""
_FORMULA = ("=", "+", "-", "@", "\t", "\r", "'")
"""What a CSV cell starts with that a spreadsheet program would run as a formula
(and the mark that escapes them)."""
PROGRESS_EVERY = 2000
"""Rows between two calls of a progress callback."""

EXPORT_PREFIX = "history-export-"
"""The History dialog's exports are named history-export-YYYYmmdd-HHMMSS.zip."""


def export_name(now: datetime) -> str:
    """The name of an export made from the History dialog at this moment: an
    archive, the games with their kept replays (history_archive)."""
    return f"{EXPORT_PREFIX}{now:%Y%m%d-%H%M%S}.zip"


def newest_export(folder: Path) -> Path | None:
    """The export in the folder with the latest name (the dialog's Import takes
    it: the player copies an export from the old computer there); None if none."""
    try:
        found = [
            path
            for path in folder.glob(f"{EXPORT_PREFIX}*")
            if path.suffix.lower() in (".csv", ".json", ".zip") and path.is_file()
        ]
    except OSError:
        return None
    return max(found, key=lambda path: path.name, default=None)


class Exported(NamedTuple):
    """What an export wrote."""

    written: int
    skipped: int = 0
    """Rows of the history that are no valid game any more (left out)."""
    replays: int = 0
    """Kept replays written with the games (an archive)."""

    def words(self, verb: str = "written") -> str:
        """'53 games written', with the replays and the rows left out if any, in the
        player's language (``verb``: a key of DONE_WORDS)."""
        line = done_words(verb, self.written, self.replays)
        if self.skipped:
            line += ngettext(
                " ({n} damaged rows of the history could not be read and were left out)",
                " ({n} damaged rows of the history could not be read and were left out)",
                self.skipped,
            ).format(n=self.skipped)
        return line


class Imported(NamedTuple):
    """What an import added."""

    games: int
    replays: int = 0

    def words(self, verb: str = "added") -> str:
        """'30 games added', with the replays if any, in the player's language
        (``verb``: a key of DONE_WORDS)."""
        return done_words(verb, self.games, self.replays)


DONE_WORDS = {
    "written": (N_("{games} written"), N_("{games} and {replays} written")),
    "were written": (N_("{games} were written"), N_("{games} and {replays} were written")),
    "added": (N_("{games} added"), N_("{games} and {replays} added")),
    "were added": (N_("{games} were added"), N_("{games} and {replays} were added")),
}
"""What became of the games (and the replays) an export wrote or an import added."""


def done_words(verb: str, games: int, replays: int) -> str:
    """'53 games and 3 replays written', in the player's language."""
    alone, with_replays = DONE_WORDS[verb]
    counted = ngettext("{n} game", "{n} games", games).format(n=games)
    if not replays:
        return gettext(alone).format(games=counted)
    kept = ngettext("{n} replay", "{n} replays", replays).format(n=replays)
    return gettext(with_replays).format(games=counted, replays=kept)


# ---------------------------------------------------------------- writing


def _json_chunks(games: Iterable[StoredGame]) -> Iterator[str]:
    """A JSON export a game at a time: the text store.dump_json(indent=None) makes
    of the whole document, never held whole."""
    head = store.dump_json({"format": FORMAT, "version": VERSION, "games": []}, indent=None)
    yield head[: head.rindex("[") + 1]
    for number, game in enumerate(games):
        row = {"id": game.id, **{name: getattr(game.record, name) for name in COLUMNS}}
        yield (", " if number else "") + store.dump_json(row, indent=None)[:-1]
    yield "]}\n"


def _csv_chunks(games: Iterable[StoredGame]) -> Iterator[str]:
    """A CSV export, PROGRESS_EVERY games at a time."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(FIELDS)
    for number, game in enumerate(games, start=1):
        values = [game.id, *(getattr(game.record, name) for name in COLUMNS)]
        writer.writerow(_cell(v) for v in values)
        if number % PROGRESS_EVERY == 0:
            yield out.getvalue()
            out.seek(0)
            out.truncate()
    yield out.getvalue()


def _cell(value: object) -> object:
    if value is None:
        return ""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, str) and value.startswith(_FORMULA):
        return "'" + value  # (a spreadsheet shows it as text; read back without it)
    return value


def export_chunks(games: Iterable[StoredGame], as_json: bool) -> Iterator[str]:
    """The export of these games (oldest first), as JSON or CSV text, a part at a time."""
    return _json_chunks(games) if as_json else _csv_chunks(games)


def export_text(games: list[StoredGame], as_json: bool) -> str:
    """The export of these games (oldest first), as JSON or CSV text."""
    return "".join(export_chunks(games, as_json))


class Every:
    """Every game of a history, oldest first, read a batch at a time as an export
    is written (History.each); ``written`` counts them, and ``check`` raises
    TransferError if the history raised a notice meanwhile (damage found, a read
    that failed): nothing is exported then. ``skipped``: the rows left out because
    they are no valid game any more."""

    def __init__(self, history: History) -> None:
        self.history = history
        self.told = len(history.problems)
        self.total = history.count()
        self.written = 0

    def __iter__(self) -> Iterator[StoredGame]:
        for game in self.history.each():
            self.written += 1
            yield game
        self.check()

    def check(self) -> None:
        if len(self.history.problems) > self.told:  # (damage set aside, a read that failed)
            said = gettext("the history could not be read whole, so nothing was exported")
            raise TransferError(said)

    @property
    def skipped(self) -> int:
        return max(0, self.total - self.written)


def export_history(history: History, path: Path, *, folder: Path | None = None) -> Exported:
    """Write every game of the history to path (JSON if it ends in .json, else
    CSV), all or nothing; what was written. TransferError if it cannot be
    written, or if path is no new or regular file or one of the game's own files
    (outputs.check_output; ``folder``: the data folder in use)."""
    games = Every(history)
    chunks = export_chunks(games, path.suffix.lower() == ".json")
    write(path, lambda file: file.writelines(chunk.encode("utf-8") for chunk in chunks), folder)
    return Exported(games.written, games.skipped)


def write(path: Path, data: Callable[[IO[bytes]], None], folder: Path | None = None) -> None:
    """Write an export, all or nothing, as ``data`` writes it into the file it is
    handed (store.atomic_write_with: never whole in memory); TransferError (one
    line) if it cannot be (outputs.check_output refuses it: ``folder`` is the data
    folder in use)."""
    try:
        check_output(path, folders=[] if folder is None else [folder])
        store.atomic_write_with(path, data)
    except OSError as error:
        why = error.strerror or error
        raise TransferError(
            gettext("{path} could not be written ({why})").format(path=path, why=why)
        ) from None


# ---------------------------------------------------------------- reading


def read_export(data: bytes, progress: Progress | None = None) -> list[GameRecord]:
    """The games of an exported file's bytes, in their order (history_stream.records);
    TransferError (one line) for anything that is not a whole, valid export of this
    game."""
    if len(data) > MAX_IMPORT_BYTES:
        raise TransferError(
            gettext("it is over {n} MiB, larger than any export").format(n=MAX_IMPORT_BYTES >> 20)
        )
    tell = progress or (lambda done, total: None)
    return list(history_stream.records(io.BytesIO(data), len(data), tell))


def merge_games(history: History, records: Games) -> int | None:
    """Add the games the history lacks, all or none (no check that it is
    kept in a file); how many, None if it failed (the history says why)."""
    return history.merge(records, _KEY, lambda done, total: None)


@contextlib.contextmanager
def opened(path: Path, max_bytes: int = MAX_IMPORT_BYTES) -> Iterator[tuple[IO[bytes], int]]:
    """A file to import, open to be read as a stream, and its size; TransferError
    (one line) if it is no regular file (a FIFO, a device, a folder), too large or
    cannot be opened."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            folder = N_("it is a folder, not a file")
            raise store.NotAFile(Words(folder if stat.S_ISDIR(info.st_mode) else store.NOT_REGULAR))
        if info.st_size > max_bytes:
            raise store.Unreadable(store.too_long(info.st_size, max_bytes))
        handle = open(path, "rb")  # noqa: SIM115 (closed below)
    except store.Unreadable as error:
        said = gettext("{path} cannot be imported: {error}")
        raise TransferError(said.format(path=path, error=shown(error))) from None
    except OSError as error:
        said = gettext("{path} could not be read ({why})")
        raise TransferError(said.format(path=path, why=error.strerror or error)) from None
    with handle:
        yield handle, info.st_size


def import_history(history: History, path: Path, progress: Progress | None = None) -> int:
    """Add the games of an exported file that the history does not have yet (all
    or none: history_merge), read as a stream (history_stream: bounded memory whatever its
    size); how many were added. TransferError (one line) if the file cannot be read
    or is no export, or if the history could not take them (or lives in memory: the
    games would be lost at the end of the session); nothing is added then.
    ``progress`` hears how far it got: (done, all) of the file's bytes read, then of
    the games added (history_merge), as one count."""
    check_kept(history)
    tell = half(progress, 0) or (lambda done, total: None)
    with opened(path):
        pass  # (a file that cannot be read is told before the history is touched)

    def games() -> Iterator[GameRecord]:
        with opened(path) as (stream, size):
            yield from history_stream.records(stream, size, tell)

    return import_records(history, games, half(progress, 1))  # (read, then added)


def half(progress: Progress | None, which: int) -> Progress | None:
    """A progress for one half of the work (0: the first, 1: the second)."""
    if progress is None:
        return None
    tell = progress
    return lambda done, total: tell(which * total + done, 2 * total)


def check_kept(history: History) -> None:
    """TransferError unless the history is kept in its file: games imported into a
    history in memory would be lost when the game closes."""
    if history.in_memory:
        raise TransferError(
            gettext(
                "the game history cannot be kept this session, so the games would be lost "
                "when the game closes; nothing was imported"
            )
        )


def import_records(history: History, records: Games, progress: Progress | None = None) -> int:
    """Add the games the history does not have yet (import_history)."""
    check_kept(history)
    added = history.merge(records, _KEY, progress or (lambda done, total: None))
    if added is None:
        why = "; ".join(shown(problem) for problem in history.problems[-1:])
        raise TransferError(
            gettext("the games could not be added to the history: {why}").format(why=why)
        )
    return added
