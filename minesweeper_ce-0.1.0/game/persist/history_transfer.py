"""The history as a file to take to another computer: export and import.

Two formats, one row per game and every field of GameRecord (the order of
``FIELDS``; ``id`` is the game's number in the history it came from):

CSV (any other name than ``*.json``): a header line naming the fields, then one
    line a game. Numbers in decimal; ``won`` and ``used_hint`` are 1 or 0; an
    empty cell is "none" (a seed, 3BV, name, replay or daily date not known).
JSON (``*.json``): ``{"format": "minesweeper-history", "version": 1,
    "games": [{field: value, ...}, ...]}`` with JSON's numbers, true/false, null.

Resets and the counters imported from records.json are not exported: an import
is a list of games. Importing merges: a game already in the history (the same
finish time, board, seed and result) is not added again, so importing a file
twice adds nothing. The file is read whole and every game checked before
anything is written, in one transaction: a damaged or foreign file is refused
with one line and nothing is half imported.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable
from dataclasses import fields
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.persist import store
from game.persist.game_record import COLUMNS, GameRecord, StoredGame

if TYPE_CHECKING:
    from game.persist.history import History

FORMAT = "minesweeper-history"
VERSION = 1
FIELDS = ("id", *COLUMNS)
"""The columns of a CSV export, and the keys of a JSON export's games."""

MAX_IMPORT_BYTES = 512 << 20
"""Largest file imported (512 MiB: a CSV of a million games is about 150 MB)."""

_INTS = frozenset(f.name for f in fields(GameRecord) if f.type in ("int", "int | None")) | {"id"}
_BOOLS = frozenset({"won", "used_hint", "abandoned"})
_KEY = ("finished_at", "difficulty", "rows", "cols", "mines", "seed", "won")
"""What makes two games the same game."""


EXPORT_PREFIX = "history-export-"
"""The History dialog's exports are named history-export-YYYYmmdd-HHMMSS.csv."""


def export_name(now: datetime) -> str:
    """The name of an export made from the History dialog at this moment."""
    return f"{EXPORT_PREFIX}{now:%Y%m%d-%H%M%S}.csv"


def newest_export(folder: Path) -> Path | None:
    """The export in the folder with the latest name (the dialog's Import takes
    it: the player copies an export from the old computer there); None if none."""
    try:
        found = [
            path
            for path in folder.glob(f"{EXPORT_PREFIX}*")
            if path.suffix.lower() in (".csv", ".json") and path.is_file()
        ]
    except OSError:
        return None
    return max(found, key=lambda path: path.name, default=None)


class TransferError(ValueError):
    """An export that could not be written, or a file that cannot be imported:
    one line for the player."""


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
        writer.writerow("" if v is None else int(v) if isinstance(v, bool) else v for v in values)
    return out.getvalue()


def export_text(games: list[StoredGame], as_json: bool) -> str:
    """The export of these games (oldest first), as JSON or CSV text."""
    return _json_text(games) if as_json else _csv_text(games)


def export_history(history: History, path: Path) -> int:
    """Write every game of the history to path (JSON if it ends in .json, else
    CSV), all or nothing; how many. TransferError if it cannot be written."""
    games = history.page(limit=history.count())[::-1]
    text = export_text(games, path.suffix.lower() == ".json")
    try:
        store.atomic_write_text(path, text)
    except OSError as error:
        raise TransferError(f"{path} could not be written ({error.strerror or error})") from None
    return len(games)


# ---------------------------------------------------------------- reading


LATER_FIELDS = ("abandoned", "code", "death_row", "death_col", "unranked")
"""Fields an export of an earlier version lacks: read as not abandoned, no code,
no death's cell, not unranked (an assisted game is unranked by its used_hint)."""


def _record(row: dict[str, Any], where: str, from_csv: bool) -> GameRecord:
    missing = sorted(set(FIELDS) - set(row) - set(LATER_FIELDS))
    if missing or set(row) - set(FIELDS):
        extra = sorted(set(row) - set(FIELDS))
        raise TransferError(
            f"{where}: fields are not those of a history export "
            f"(missing {missing}, unknown {extra})"
        )
    values: dict[str, Any] = {}
    for name in COLUMNS:
        if name not in row:
            continue  # (a later field: its default)
        value = row[name]
        if from_csv:
            if value == "":
                value = None
            elif name in _INTS:
                value = int(value) if value.isdigit() and len(value) < 20 else value
            elif name in _BOOLS:
                value = {"1": True, "0": False}.get(value, value)
        values[name] = value
    try:
        return GameRecord(**values)
    except (ValueError, TypeError) as error:
        raise TransferError(f"{where}: {error}") from None


def read_export(data: bytes) -> list[GameRecord]:
    """The games of an exported file, in its order; TransferError (one line) for
    anything that is not a whole, valid export of this game."""
    if len(data) > MAX_IMPORT_BYTES:
        raise TransferError(f"it is over {MAX_IMPORT_BYTES >> 20} MiB, larger than any export")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise TransferError("it is not text (UTF-8)") from None
    if text.lstrip().startswith("{"):
        return _read_json(text)
    return _read_csv(text)


def _read_json(text: str) -> list[GameRecord]:
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise TransferError(f"it is not valid JSON ({error})") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise TransferError("it is not a history exported by this game")
    if type(doc.get("version")) is not int or doc["version"] != VERSION:
        raise TransferError(f"it is an export of version {doc.get('version')!r}, not {VERSION}")
    games = doc.get("games")
    if not isinstance(games, list):
        raise TransferError("its 'games' is not a list")
    records = []
    for number, row in enumerate(games, start=1):
        if not isinstance(row, dict):
            raise TransferError(f"game {number} is not an object")
        records.append(_record(row, f"game {number}", from_csv=False))
    return records


def _read_csv(text: str) -> list[GameRecord]:
    if "\x00" in text:
        raise TransferError("it is not a history exported by this game")
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(reader, None)
        earlier = tuple(name for name in FIELDS if name not in LATER_FIELDS)
        if header is None or tuple(header) not in (FIELDS, earlier):
            raise TransferError("it is not a history exported by this game (no header)")
        names = tuple(header)
        records = []
        for row in reader:
            where = f"line {reader.line_num}"
            if len(row) != len(names):
                raise TransferError(f"{where}: {len(row)} values, not {len(names)}")
            records.append(_record(dict(zip(names, row, strict=True)), where, from_csv=True))
    except csv.Error as error:
        raise TransferError(f"line {reader.line_num}: {error}") from None
    return records


def import_history(history: History, path: Path) -> int:
    """Add the games of an exported file that the history does not have yet, in
    one transaction; how many were added. TransferError (one line) if the file
    cannot be read or is no export, or if the history could not take them."""
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_IMPORT_BYTES + 1)
    except OSError as error:
        raise TransferError(f"{path} could not be read ({error.strerror or error})") from None
    records = read_export(data)
    added = history.merge(records, _KEY)
    if added is None:
        raise TransferError(
            "the games could not be added to the history: " + "; ".join(history.problems[-1:])
        )
    return added
