"""The commands tell the truth (issue 46): an export or import that found damage
(or anything not ours) at the start says it and exits 1, even when what follows
works; --standings with a folder it cannot read exits 1; a file that cannot be
read is never called damaged; a message names a file and its problem, never the
file's bytes."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from benchmarks import history_fill
from game.__main__ import main
from game.persist.paths import HISTORY_FILE


def _truncated(path: Path) -> None:
    path.write_bytes(path.read_bytes()[:5000])


def _text(path: Path) -> None:
    path.write_text("my notes\n" * 100)


def _sql(*statements: str) -> Callable[[Path], None]:
    def spoil(path: Path) -> None:
        db = sqlite3.connect(path)
        for statement in statements:
            db.execute(statement)
        db.commit()
        db.close()

    return spoil


def _link(path: Path) -> None:
    other = path.with_name("other.txt")
    other.write_text("not a history\n" * 300)
    path.unlink()
    path.symlink_to(other)


SPOILT = {
    "truncated": _truncated,
    "text": _text,
    "unknown version": _sql("PRAGMA user_version = -3"),
    "a table dropped": _sql("DROP TABLE resets"),
    "a view for a table": _sql("DROP TABLE resets", "CREATE VIEW resets AS SELECT 1"),
    "a link to another file": _link,
}


@pytest.mark.parametrize("kind", list(SPOILT))
@pytest.mark.parametrize("command", ["--export-history", "--import-history"])
def test_damage_found_at_the_start_is_said_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str, command: str
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    history_fill.fill(data / HISTORY_FILE, 300)
    export = tmp_path / "games.csv"
    if command == "--import-history":
        assert main(["--data-dir", str(data), "--export-history", str(export)]) == 0
    SPOILT[kind](data / HISTORY_FILE)
    status = main(["--data-dir", str(data), command, str(export)])
    out, err = capsys.readouterr()
    assert status == 1, (out, err)
    assert "minesweeper: " in err and "Traceback" not in err
