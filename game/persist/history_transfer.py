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
history_archive) holds a CSV export and the kept replays. The file is read whole
and every game checked before anything is written, in one transaction: a damaged
or foreign file is refused with one line (naming the line or game, and the field)
and nothing is half imported. Whole numbers are ASCII digits only (a superscript
or an Arabic-Indic digit is refused, not taken as a number); a UTF-8 byte-order
mark and blank lines (as spreadsheet programs write them) are accepted. Only a
regular file is read (a FIFO or a device could block for ever).

A CSV cell that a spreadsheet program would run as a formula (one starting with
``=``, ``+``, ``-``, ``@``, a tab or a carriage return) is written with a ``'``
before it, as is one that starts with ``'`` itself; reading takes one leading
``'`` off, so every text comes back as it was.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from game.language import N_, gettext, ngettext, shown
from game.persist import store
from game.persist.game_record import COLUMNS, GameRecord, StoredGame
from game.persist.outputs import check_output

if TYPE_CHECKING:
    from game.persist.history import History

FORMAT = "minesweeper-history"
VERSION = 1
FIELDS = ("id", *COLUMNS)
"""The columns of a CSV export, and the keys of a JSON export's games."""

MAX_IMPORT_BYTES = 512 << 20
"""Largest file imported (512 MiB: a CSV of a million games is about 150 MB)."""

_TYPES: dict[str, str] = {
    name: kind for name, kind in GameRecord.__init__.__annotations__.items() if name in COLUMNS
}
"""Each field's type, as written."""
_INTS = frozenset(name for name, kind in _TYPES.items() if kind in ("int", "int | None")) | {"id"}
_BOOLS = frozenset({"won", "used_hint", "abandoned"})
_KEY = (
    "finished_at", "difficulty", "rows", "cols", "mines", "seed", "won", "ms", "bbbv",
    "bbbv_solved", "left_clicks", "right_clicks", "chord_clicks", "effective_clicks",
)  # fmt: skip
"""What makes two games the same game: what a game is when it ends (its name and
its kept replay come later), so two games without a seed that ended in the same
second stay two games."""
_TEXTS = frozenset(name for name, kind in _TYPES.items() if "str" in kind)
_FORMULA = ("=", "+", "-", "@", "\t", "\r", "'")
"""What a CSV cell starts with that a spreadsheet program would run as a formula
(and the mark that escapes them)."""
PROGRESS_EVERY = 2000
"""Rows between two calls of a progress callback."""

Progress = Callable[[int, int], None]
"""Told (done, total) now and then during a long import or export."""


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


class TransferError(ValueError):
    """An export that could not be written, or a file that cannot be imported:
    one line for the player."""


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


def _json_text(games: Iterable[StoredGame]) -> str:
    rows = [
        {"id": game.id, **{name: getattr(game.record, name) for name in COLUMNS}} for game in games
    ]
    return store.dump_json({"format": FORMAT, "version": VERSION, "games": rows}, indent=None)


def _csv_text(games: Iterable[StoredGame]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(FIELDS)
    for game in games:
        values = [game.id, *(getattr(game.record, name) for name in COLUMNS)]
        writer.writerow(_cell(v) for v in values)
    return out.getvalue()


def _cell(value: object) -> object:
    if value is None:
        return ""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, str) and value.startswith(_FORMULA):
        return "'" + value  # (a spreadsheet shows it as text; read back without it)
    return value


def export_text(games: list[StoredGame], as_json: bool) -> str:
    """The export of these games (oldest first), as JSON or CSV text."""
    return _json_text(games) if as_json else _csv_text(games)


def export_games(history: History) -> tuple[list[StoredGame], int]:
    """Every game of the history, oldest first, and how many rows were left out
    because they are no valid game any more. TransferError if the history raised a
    notice meanwhile (damage found, a read that failed): nothing is exported then."""
    told = len(history.problems)
    total = history.count()
    games = history.page(limit=total)[::-1]
    if len(history.problems) > told:  # (damage found and set aside, a read that failed)
        raise TransferError(gettext("the history could not be read whole, so nothing was exported"))
    return games, max(0, total - len(games))


def export_history(history: History, path: Path, *, folder: Path | None = None) -> Exported:
    """Write every game of the history to path (JSON if it ends in .json, else
    CSV), all or nothing; what was written. TransferError if it cannot be
    written, or if path is no new or regular file or one of the game's own files
    (outputs.check_output; ``folder``: the data folder in use)."""
    games, skipped = export_games(history)
    text = export_text(games, path.suffix.lower() == ".json")
    write(path, text.encode("utf-8"), folder=folder)
    return Exported(len(games), skipped)


def write(path: Path, data: bytes, *, folder: Path | None = None) -> None:
    """Write an export, all or nothing; TransferError (one line) if it cannot be
    (outputs.check_output refuses it: ``folder`` is the data folder in use)."""
    try:
        check_output(path, folders=[] if folder is None else [folder])
        store.atomic_write_bytes(path, data)
    except OSError as error:
        why = error.strerror or error
        raise TransferError(
            gettext("{path} could not be written ({why})").format(path=path, why=why)
        ) from None


# ---------------------------------------------------------------- reading


LATER_FIELDS = ("abandoned", "code", "death_row", "death_col", "unranked")
"""Fields an export of an earlier version lacks: read as not abandoned, no code,
no death's cell, not unranked (an assisted game is unranked by its used_hint)."""


def _record(row: dict[str, Any], where: str, from_csv: bool) -> GameRecord:
    missing = sorted(set(FIELDS) - set(row) - set(LATER_FIELDS))
    if missing or set(row) - set(FIELDS):
        extra = sorted(set(row) - set(FIELDS))
        raise TransferError(
            gettext(
                "{where}: fields are not those of a history export (missing {missing}, unknown "
                "{extra})"
            ).format(where=where, missing=missing, extra=extra)
        )
    values: dict[str, Any] = {}
    for name in FIELDS:
        if name not in row:
            continue  # (a later field: its default)
        value = row[name]
        if from_csv:
            value = _from_cell(value, name, where)
        if name != "id":
            values[name] = value
    try:
        return GameRecord(**values)
    except (ValueError, TypeError) as error:
        raise TransferError(f"{where}: {error}") from None


def _from_cell(value: str, name: str, where: str) -> object:
    """A CSV cell as the field's value (ASCII digits only for a number)."""
    if value == "":
        return None
    if name in _INTS:
        if value.isascii() and value.isdigit() and len(value) < 20:
            return int(value)
        raise TransferError(f"{where}, field {name}: not a whole number (ASCII digits)")
    if name in _BOOLS:
        if value in ("0", "1"):
            return value == "1"
        raise TransferError(f"{where}, field {name}: not 1 or 0")
    if name in _TEXTS and value.startswith("'"):
        return value[1:]
    return value


def _cut(said: str) -> str:
    """A reader's own words (JSON's, csv's: they name a place, never the content) cut
    short, as text."""
    return said if len(said) <= 80 else said[:77] + "..."


def read_export(data: bytes, progress: Progress | None = None) -> list[GameRecord]:
    """The games of an exported file, in its order; TransferError (one line) for
    anything that is not a whole, valid export of this game. ``progress`` is told
    (rows read, rows in all) now and then."""
    if len(data) > MAX_IMPORT_BYTES:
        raise TransferError(
            gettext("it is over {n} MiB, larger than any export").format(n=MAX_IMPORT_BYTES >> 20)
        )
    try:
        text = data.decode("utf-8-sig")  # (a byte-order mark, as spreadsheets write)
    except UnicodeDecodeError:
        raise TransferError(gettext("it is not text (UTF-8)")) from None
    tell = progress or (lambda done, total: None)
    if text.lstrip().startswith(("{", "[")):
        return _read_json(text, tell)
    return _read_csv(text, tell)


def _read_json(text: str, tell: Progress) -> list[GameRecord]:
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError) as error:
        said = gettext("it is not valid JSON ({error})")
        raise TransferError(said.format(error=_cut(str(error)))) from None
    if isinstance(doc, list):
        raise TransferError(
            gettext(
                "it is a JSON list; a history export is a JSON object with its format, "
                "version and games"
            )
        )
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise TransferError(gettext("it is not a history exported by this game"))
    if type(doc.get("version")) is not int or doc["version"] != VERSION:
        raise TransferError(
            gettext("it is an export of another version, not {version}").format(version=VERSION)
        )
    games = doc.get("games")
    if not isinstance(games, list):
        raise TransferError(gettext("its 'games' is not a list"))
    records = []
    for number, row in enumerate(games, start=1):
        if not isinstance(row, dict):
            raise TransferError(gettext("game {n} is not an object").format(n=number))
        records.append(_record(row, gettext("game {n}").format(n=number), from_csv=False))
        if number % PROGRESS_EVERY == 0:
            tell(number, len(games))
    return records


def _read_csv(text: str, tell: Progress) -> list[GameRecord]:
    if "\x00" in text:
        raise TransferError(
            gettext("it is not a history exported by this game (it holds NUL bytes)")
        )
    reader = csv.reader(io.StringIO(text, newline=""))
    lines = text.count("\n") + 1
    try:
        header = next(reader, None)
        earlier = tuple(name for name in FIELDS if name not in LATER_FIELDS)
        if header is None or tuple(header) not in (FIELDS, earlier):
            raise TransferError(
                gettext(
                    "it is not a history exported by this game (its first line is not the "
                    "header {header},...)"
                ).format(header=",".join(FIELDS[:3]))
            )
        names = tuple(header)
        records = []
        for row in reader:
            where = gettext("line {n}").format(n=reader.line_num)
            if not row or row == [""]:
                continue  # a blank line (one at the end, as spreadsheets write)
            if len(row) != len(names):
                said = gettext("{where}: {n} values, not {fields}")
                raise TransferError(said.format(where=where, n=len(row), fields=len(names)))
            records.append(_record(dict(zip(names, row, strict=True)), where, from_csv=True))
            if len(records) % PROGRESS_EVERY == 0:
                tell(reader.line_num, lines)
    except csv.Error as error:
        where = gettext("line {n}").format(n=reader.line_num)
        raise TransferError(f"{where}: {_cut(str(error))}") from None
    return records


def merge_games(history: History, records: list[GameRecord]) -> int | None:
    """Add the games the history lacks, in one transaction (no check that it is
    kept in a file); how many, None if it failed (the history says why)."""
    return history.merge(records, _KEY, lambda done, total: None)


def read_file(path: Path, max_bytes: int = MAX_IMPORT_BYTES) -> bytes:
    """A file to import, whole; TransferError (one line) if it is no regular file
    (a FIFO, a device, a folder), too large or cannot be read."""
    try:
        return store.read_regular(path, max_bytes)
    except store.Unreadable as error:
        said = gettext("{path} cannot be imported: {error}")
        raise TransferError(said.format(path=path, error=error)) from None
    except OSError as error:
        said = gettext("{path} could not be read ({why})")
        raise TransferError(said.format(path=path, why=error.strerror or error)) from None


def import_history(history: History, path: Path, progress: Progress | None = None) -> int:
    """Add the games of an exported file that the history does not have yet, in
    one transaction; how many were added. TransferError (one line) if the file
    cannot be read or is no export, or if the history could not take them (or
    lives in memory: the games would be lost at the end of the session).
    ``progress`` hears (done, total) while the file is read (the first half),
    then while the games are added (the second)."""
    records = read_export(read_file(path), half(progress, 0))
    return import_records(history, records, half(progress, 1))


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


def import_records(
    history: History, records: list[GameRecord], progress: Progress | None = None
) -> int:
    """Add the games the history does not have yet (import_history)."""
    check_kept(history)
    added = history.merge(records, _KEY, progress or (lambda done, total: None))
    if added is None:
        why = "; ".join(shown(problem) for problem in history.problems[-1:])
        raise TransferError(
            gettext("the games could not be added to the history: {why}").format(why=why)
        )
    return added
