"""A hostile file's message is said in the player's language, every word of it: the
command line run on files a player can be handed or damage (an import that is a
folder, a pipe, a row out of range; an export onto a folder, a link, the file read;
records.json damaged; a history that could not be opened), in a pseudo-language
whose every catalog word is written in full-width letters. A word left in English
(an exception raised with plain text, an f-string) shows as plain ASCII letters:
the test fails on it, naming the case."""

from __future__ import annotations

import gettext as _gettext
import io
import os
import re
import sqlite3
import struct
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from benchmarks import history_fill
from game import language
from game.__main__ import main
from game.persist import history_merge
from game.persist.history import History
from game.persist.history_transfer import export_history
from game.persist.paths import HISTORY_FILE

FIELD = re.compile(r"(\{[^{}]*\})")


def pseudo(words: str) -> str:
    """The words with every ASCII letter outside a {field} full-width."""
    parts = FIELD.split(words)
    return "".join(
        part
        if FIELD.fullmatch(part)
        else "".join(chr(ord(c) + 0xFEE0) if c.isascii() and c.isalpha() else c for c in part)
        for part in parts
    )


class Pseudo(_gettext.NullTranslations):
    """Every catalog word full-width (its fields kept)."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)


@pytest.fixture
def in_pseudo(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """--lang de speaks the pseudo-language."""
    monkeypatch.setattr(_gettext, "translation", lambda *a, **k: Pseudo())
    yield
    language.use(language.ENGLISH)


def _export(tmp_path: Path, rows: int = 3) -> Path:
    source = tmp_path / "source"
    source.mkdir()
    history_fill.fill(source / HISTORY_FILE, rows)
    history = History.open(source / HISTORY_FILE)
    export_history(history, tmp_path / "games.csv")
    history.close()
    return tmp_path / "games.csv"


def _bent(tmp_path: Path, field: str, value: str) -> Path:
    lines = _export(tmp_path).read_text().splitlines()
    head, row = lines[0].split(","), lines[1].split(",")
    row[head.index(field)] = value
    path = tmp_path / "bent.csv"
    path.write_text("\n".join([lines[0], ",".join(row), *lines[2:]]) + "\n")
    return path


def _import_folder(tmp: Path) -> list[str]:
    (tmp / "games.csv").mkdir()
    return ["--import-history", str(tmp / "games.csv")]


def _import_fifo(tmp: Path) -> list[str]:
    os.mkfifo(tmp / "games.csv")
    return ["--import-history", str(tmp / "games.csv")]


def _import_bent(field: str, value: str) -> Callable[[Path], list[str]]:
    return lambda tmp: ["--import-history", str(_bent(tmp, field, value))]


def _export_onto_folder(tmp: Path) -> list[str]:
    (tmp / "out.csv").mkdir()
    return ["--export-history", str(tmp / "out.csv")]


def _export_onto_link(tmp: Path) -> list[str]:
    (tmp / "elsewhere.csv").write_text("mine\n")
    (tmp / "out.csv").symlink_to(tmp / "elsewhere.csv")
    return ["--export-history", str(tmp / "out.csv")]


def _export_onto_own(tmp: Path) -> list[str]:
    return ["--export-history", str(tmp / "data" / "settings.json")]


def _export_unopened(tmp: Path) -> list[str]:
    (tmp / "data" / HISTORY_FILE).mkdir(parents=True)
    return ["--export-history", str(tmp / "out.csv")]


def _records_damaged(tmp: Path) -> list[str]:
    (tmp / "data").mkdir()
    (tmp / "data" / "records.json").write_text('{"version": 1, "best')
    return ["--export-history", str(tmp / "out.csv")]


def _records_a_fifo(tmp: Path) -> list[str]:
    (tmp / "data").mkdir()
    os.mkfifo(tmp / "data" / "records.json")
    return ["--export-history", str(tmp / "out.csv")]


def _import_a_member_that_lies(tmp: Path) -> list[str]:
    """An archive whose games' member says it holds 100 bytes and holds 5 MB."""
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("history.csv", b"id," + b"x" * (5 << 20))
    data = bytearray(packed.getvalue())
    for header, at in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):
        place = data.find(header) + at
        data[place : place + 4] = struct.pack("<I", 100)
    (tmp / "games.zip").write_bytes(bytes(data))
    return ["--import-history", str(tmp / "games.zip")]


def _import_no_archive(tmp: Path) -> list[str]:
    (tmp / "games.zip").write_bytes(b"PK\x05\x06" + b"\x00" * 18 + b"PK\x03\x04junk")
    return ["--import-history", str(tmp / "games.zip")]


def _gif_of_a_board_too_large(tmp: Path) -> list[str]:
    """A RAWVF of a 1000x1000 board: its GIF's frames would be 16,000 pixels a side."""
    side = 1000
    board = ["*" + "0" * (side - 1), *["0" * side] * (side - 1)]
    head = [f"Width: {side}", f"Height: {side}", "Mines: 1", "Board:"]
    events = ["Events:", "0.000 lc (8000 8000)", "0.010 lr (8000 8000)"]
    (tmp / "huge.rawvf").write_text("\n".join([*head, *board, *events]) + "\n")
    return ["--export-gif", str(tmp / "huge.rawvf"), str(tmp / "huge.gif")]


def _gif_of_hours(tmp: Path) -> list[str]:
    """A RAWVF won at once whose pointer moves again 20,000 s later."""
    board = ["*00000000", *["000000000"] * 8]
    events = ["Events:", "0.000 lc (40 40)", "0.010 lr (40 40)", "20000.000 mv (50 50)"]
    text = "\n".join(["Width: 9", "Height: 9", "Mines: 1", "Board:", *board, *events])
    (tmp / "long.rawvf").write_text(text + "\n")
    return ["--export-gif", str(tmp / "long.rawvf"), str(tmp / "long.gif")]


CASES: dict[str, Callable[[Path], list[str]]] = {
    "a GIF that would last hours": _gif_of_hours,
    "a GIF of a board too large": _gif_of_a_board_too_large,
    "import an archive whose member lies": _import_a_member_that_lies,
    "import an archive that is none": _import_no_archive,
    "import a folder": _import_folder,
    "import a pipe": _import_fifo,
    "a row's day that does not exist": _import_bent("finished_at", "2026-13-45T99:00:00"),
    "a row's flag not 1 or 0": _import_bent("won", "x"),
    "a row's number not whole": _import_bent("ms", "1.5"),
    "a row's rows out of range": _import_bent("rows", "99999"),
    "a row's board not its difficulty's": _import_bent("mines", "11"),
    "a row's replay a path": _import_bent("replay", "../x.msreplay"),
    "export onto a folder": _export_onto_folder,
    "export onto a link": _export_onto_link,
    "export onto the game's own file": _export_onto_own,
    "export of a history not opened": _export_unopened,
    "records.json damaged": _records_damaged,
    "records.json a pipe": _records_a_fifo,
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_hostile_files_message_is_all_in_the_players_language(
    case: str, tmp_path: Path, in_pseudo: None, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = CASES[case](tmp_path)
    status = main([*argv, "--data-dir", str(tmp_path / "data"), "--lang", "de"])
    out, err = capsys.readouterr()
    assert status != 0 and err.strip(), (case, out, err)
    for line in err.splitlines():
        # (the command's name, the paths named, the columns' names and a value of the
        # file's, its difficulty's key, and a file's or a member's name are as written)
        rest = re.sub(
            re.escape(str(tmp_path)) + r"[^\s()]*", " ", line.removeprefix("minesweeper: ")
        )
        rest = re.sub(r"\b(finished_at|won|ms|rows|mines|replay|beginner)\b", " ", rest)
        rest = re.sub(r"[\w.-]+\.(csv|gif)\b", " ", rest)
        assert not re.search(r"[A-Za-z]{2,}", rest), (case, line)


def test_a_full_disk_met_by_an_import_is_said_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The history's own words for the failure were said twice, in two lines."""

    def full(*args: object, **kwargs: object) -> int:
        error = sqlite3.OperationalError("database or disk is full")
        error.sqlite_errorcode = 13  # type: ignore[attr-defined]  # (SQLITE_FULL)
        raise error

    monkeypatch.setattr(history_merge, "merge", full)
    games = _export(tmp_path)
    assert main(["--import-history", str(games), "--data-dir", str(tmp_path / "data")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "the disk is full" in err, err
