"""Reading a history export as a stream (history_transfer's import): CSV or JSON,
from a file or a zip member, in bounded memory whatever its size.

Nothing is read whole. The bytes come a CHUNK at a time; a CSV line longer than
MAX_LINE_BYTES, a JSON game larger than MAX_GAME_BYTES or any other JSON value
larger than MAX_VALUE_BYTES is refused before more of it is read, so an import's
memory is a few of those bounds however large the file (a 200 MB cell or name is
refused after 64 KB of it). ``records`` yields each game checked as it is read; the
import adds them in one transaction, so a file refused half way adds nothing. The
limits are parameters (Limits) so tests use small ones; LIMITS is production's.

CSV: one line a game under a header line naming the fields (history_transfer's
docstring); a UTF-8 byte-order mark and blank lines are accepted. JSON: the object
``{"format": ..., "version": 1, "games": [...]}`` in any order of its keys.
"""

from __future__ import annotations

import codecs
import csv
import json
from collections.abc import Callable, Iterator
from typing import IO, Any, NamedTuple

from game.language import DIGITS_ONLY, N_, gettext, other_digits, shown
from game.persist.game_record import COLUMNS, GameRecord

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
_TEXTS = frozenset(name for name, kind in _TYPES.items() if "str" in kind)

Progress = Callable[[int, int], None]
"""Told (done, total) now and then during a long import or export."""


class TransferError(ValueError):
    """An export that could not be written, or a file that cannot be imported:
    one line for the player."""


class Limits(NamedTuple):
    """The bounds of one import (LIMITS in production; tests pass small ones)."""

    line: int = 1 << 16
    """The longest CSV line (a game is about 200 bytes)."""
    game: int = 1 << 16
    """The largest JSON game object."""
    value: int = 1 << 12
    """The largest other JSON value (the format, the version)."""
    chunk: int = 1 << 16
    """How much is read at once."""


LIMITS = Limits()
"""Production's bounds."""


LATER_FIELDS = ("abandoned", "code", "death_row", "death_col", "unranked")
"""Fields an export of an earlier version lacks: read as not abandoned, no code,
no death's cell, not unranked (an assisted game is unranked by its used_hint)."""


def _record(row: dict[str, Any], where: str, from_csv: bool) -> GameRecord:
    missing = sorted(set(FIELDS) - set(row) - set(LATER_FIELDS))
    if missing or set(row) - set(FIELDS):
        extra = len(set(row) - set(FIELDS))  # (how many: their names are the file's words)
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
        raise TransferError(f"{where}: {shown(error)}") from None


def _from_cell(value: str, name: str, where: str) -> object:
    """A CSV cell as the field's value (ASCII digits only for a number)."""
    if value == "":
        return None
    if name in _INTS:
        if value.isascii() and value.isdigit() and len(value) < 20:
            return int(value)
        if other_digits(value):
            raise TransferError(_field(where, name, DIGITS_ONLY))
        raise TransferError(_field(where, name, N_("not a whole number")))
    if name in _BOOLS:
        if value in ("0", "1"):
            return value == "1"
        raise TransferError(_field(where, name, N_("not 1 or 0")))
    if name in _TEXTS and value.startswith("'"):
        return value[1:]
    return value


def _field(where: str, name: str, why: str) -> str:
    """A cell's fault: where (its line or game), the field's name, why (marked N_)."""
    return gettext("{where}, field {name}: {why}").format(where=where, name=name, why=gettext(why))


def _cut(words: str) -> str:
    """A reader's own words (JSON's, csv's: they name a place, never the content) cut
    short, as text."""
    return words if len(words) <= 80 else words[:77] + "..."


def records(
    stream: IO[bytes], total: int, tell: Progress, limits: Limits = LIMITS
) -> Iterator[GameRecord]:
    """Every game of an export read from ``stream`` (``total`` bytes long, for
    ``tell``: told (bytes read, total) as it goes), checked, in order; TransferError
    (one line) for anything that is not a whole, valid export of this game, raised
    when it is met (the games before it are already yielded: the caller's one
    transaction undoes them)."""
    source = _Source(stream, total, tell, limits.chunk)
    first = source.first()
    if first in (b"{", b"["):
        return _json_records(source, limits)
    return _csv_records(source, limits)


class _Source:
    """The stream, a chunk at a time, with what is read but not yet used."""

    def __init__(self, stream: IO[bytes], total: int, tell: Progress, chunk: int) -> None:
        self.stream = stream
        self.total = total
        self.tell = tell
        self.chunk = chunk
        self.buffer = bytearray()
        self.at = 0
        self.read = 0
        self.ended = False

    def more(self) -> bool:
        """Read a chunk more (False at the end)."""
        if self.ended:
            return False
        try:
            data = self.stream.read(self.chunk)
        except OSError as error:
            said = gettext("it could not be read ({why})")
            raise TransferError(said.format(why=error.strerror or error)) from None
        if not data:
            self.ended = True
            return False
        if self.at > len(self.buffer) // 2:
            del self.buffer[: self.at]
            self.at = 0
        self.buffer += data
        self.read += len(data)
        self.tell(self.read, max(self.total, self.read))
        return True

    def first(self) -> bytes:
        """The first byte that is no space, after a byte-order mark (b"": none); the
        mark and the spaces before it are taken (as they are read: a file of spaces
        is never held)."""
        while len(self.buffer) < len(codecs.BOM_UTF8) and self.more():
            pass
        if self.buffer.startswith(codecs.BOM_UTF8):
            self.at = len(codecs.BOM_UTF8)
        while True:
            while self.at < len(self.buffer) and self.buffer[self.at] in b" \t\r\n":
                self.at += 1
            if self.at < len(self.buffer):
                return bytes(self.buffer[self.at : self.at + 1])
            if not self.more():
                return b""

    def line(self, most: int) -> bytes | None:
        """The next line, with its line break (None at the end); TransferError for
        one longer than ``most`` bytes, before more of it is read."""
        while True:
            end = self.buffer.find(b"\n", self.at, self.at + most + 1)
            if end >= 0:
                line = bytes(self.buffer[self.at : end + 1])
                self.at = end + 1
                return line
            if len(self.buffer) - self.at > most:
                raise TransferError(gettext("a line is longer than {n} bytes").format(n=most))
            if not self.more():
                if self.at >= len(self.buffer):
                    return None
                line = bytes(self.buffer[self.at :])
                self.at = len(self.buffer)
                return line


def _csv_lines(source: _Source, limits: Limits) -> Iterator[str]:
    first = True
    while (raw := source.line(limits.line)) is not None:
        if first:
            raw = raw.removeprefix(codecs.BOM_UTF8)
            first = False
        if b"\x00" in raw:
            raise TransferError(
                gettext("it is not a history exported by this game (it holds NUL bytes)")
            )
        try:
            yield raw.decode("utf-8")
        except UnicodeDecodeError:
            raise TransferError(gettext("it is not text (UTF-8)")) from None


def _csv_records(source: _Source, limits: Limits) -> Iterator[GameRecord]:
    reader = csv.reader(_csv_lines(source, limits))
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
        for row in reader:
            where = gettext("line {n}").format(n=reader.line_num)
            if not row or row == [""]:
                continue  # a blank line (one at the end, as spreadsheets write)
            if len(row) != len(names):
                said = gettext("{where}: {n} values, not {fields}")
                raise TransferError(said.format(where=where, n=len(row), fields=len(names)))
            yield _record(dict(zip(names, row, strict=True)), where, from_csv=True)
    except csv.Error as error:
        where = gettext("line {n}").format(n=reader.line_num)
        raise TransferError(f"{where}: {_cut(str(error))}") from None


class _Json:
    """The JSON text of a source, decoded as it is read, and its values one by one."""

    def __init__(self, source: _Source) -> None:
        self.source = source
        self.decoder = codecs.getincrementaldecoder("utf-8")()
        self.text = ""
        self.at = 0
        self.json = json.JSONDecoder()
        self.started = False

    def _more(self) -> bool:
        source = self.source
        if source.at < len(source.buffer) or source.more():
            data = bytes(source.buffer[source.at :])
            source.at = len(source.buffer)
            try:
                added = self.decoder.decode(data, final=False)
            except UnicodeDecodeError:
                raise TransferError(gettext("it is not text (UTF-8)")) from None
            if self.at > len(self.text) // 2:
                self.text = self.text[self.at :]
                self.at = 0
            if not self.started:  # (a byte-order mark, as some programs write)
                added, self.started = added.removeprefix("\ufeff"), True
            self.text += added
            return True
        try:
            self.decoder.decode(b"", final=True)
        except UnicodeDecodeError:
            raise TransferError(gettext("it is not text (UTF-8)")) from None
        return False

    def peek(self) -> str:
        """The next character that is no space ("" at the end), not taken."""
        while True:
            while self.at < len(self.text) and self.text[self.at] in " \t\r\n":
                self.at += 1
            if self.at < len(self.text):
                return self.text[self.at]
            if not self._more():
                return ""

    def take(self, expected: str) -> str:
        """The next character, one of ``expected``; else not valid JSON."""
        found = self.peek()
        if not found or found not in expected:
            raise _invalid(f"expected {' or '.join(expected)}")
        self.at += 1
        return found

    def value(self, most: int, what: str) -> Any:
        """The next JSON value, of at most ``most`` characters (``what`` names it
        when it is larger)."""
        self.peek()
        while True:
            try:
                value, end = self.json.raw_decode(self.text, self.at)
            except RecursionError:
                raise TransferError(gettext("it is not valid JSON (nested too deeply)")) from None
            except ValueError as error:
                if len(self.text) - self.at > most:
                    raise _too_large(what, most) from None
                if not self._more():
                    raise _invalid(str(error)) from None
                continue
            if end - self.at > most:
                raise _too_large(what, most)
            number = not isinstance(value, (dict, list, str))
            if number and end == len(self.text) and self._more():
                continue  # (a number may go on in the next chunk)
            self.at = end
            return value


def _invalid(error: str) -> TransferError:
    return TransferError(gettext("it is not valid JSON ({error})").format(error=_cut(error)))


def _too_large(what: str, most: int) -> TransferError:
    return TransferError(gettext("{what} is larger than {n} bytes").format(what=what, n=most))


def _json_records(source: _Source, limits: Limits) -> Iterator[GameRecord]:
    text = _Json(source)
    if text.peek() == "[":
        raise TransferError(
            gettext(
                "it is a JSON list; a history export is a JSON object with its format, "
                "version and games"
            )
        )
    text.take("{")
    head: dict[str, object] = {}
    games = False
    while text.peek() != "}":
        if head or games:
            text.take(",")
        key = text.value(limits.value, gettext("a key of its header"))
        if not isinstance(key, str):
            raise _invalid("a key is text")
        text.take(":")
        if key == "games" and text.peek() == "[" and not games:
            _check_head(head, final=False)
            games = True
            yield from _json_games(text, limits)
        else:
            head[key] = text.value(limits.value, gettext("a value of its header"))
            _check_head(head, final=False)
    text.take("}")
    if text.peek():
        raise _invalid("more after the end")
    _check_head(head, final=True)
    if not games:
        raise TransferError(gettext("its 'games' is not a list"))


def _check_head(head: dict[str, object], *, final: bool) -> None:
    """The format and version, refused as soon as one is wrong (``final``: both
    must be there)."""
    if ("format" in head or final) and head.get("format") != FORMAT:
        raise TransferError(gettext("it is not a history exported by this game"))
    if "version" in head or final:
        version = head.get("version")
        if type(version) is not int or version != VERSION:
            said = gettext("it is an export of another version, not {version}")
            raise TransferError(said.format(version=VERSION))
    if "games" in head:
        raise TransferError(gettext("its 'games' is not a list"))


def _json_games(text: _Json, limits: Limits) -> Iterator[GameRecord]:
    text.take("[")
    number = 0
    while text.peek() != "]":
        if number:
            text.take(",")
        number += 1
        where = gettext("game {n}").format(n=number)
        row = text.value(limits.game, where)
        if not isinstance(row, dict):
            raise TransferError(gettext("game {n} is not an object").format(n=number))
        yield _record(row, where, from_csv=False)
    text.take("]")
