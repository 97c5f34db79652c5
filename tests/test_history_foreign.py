"""A history whose schema holds anything this game does not make is not ours (issue
46): a trigger planted in it (one that deletes every game at the next insert), a
view, a virtual table, a foreign key, an index of another name or text. It is set
aside exactly as it was, the player is told so, and a new history is started: the
trigger never runs. What the game made itself, at every version, is still used."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks import history_fill
from game.persist.history import History
from game.persist.history_transfer import export_history
from game.persist.paths import HISTORY_FILE

ROOT = Path(__file__).resolve().parent.parent

PLANTED = {
    "trigger": "CREATE TRIGGER wipe AFTER INSERT ON games BEGIN DELETE FROM games; END",
    "trigger on meta": "CREATE TRIGGER t BEFORE UPDATE ON meta BEGIN SELECT 1; END",
    "view": "CREATE VIEW every AS SELECT * FROM games",
    "index": "CREATE INDEX mine ON games (name)",
    "index of ours redone": (
        "DROP INDEX games_by_ms",
        "CREATE INDEX games_by_ms ON games (difficulty, won, ms DESC)",
    ),
    "virtual table": "CREATE VIRTUAL TABLE notes USING fts5(x)",
    "foreign key": (
        "ALTER TABLE meta RENAME TO m",
        "CREATE TABLE meta (key TEXT PRIMARY KEY REFERENCES games (name) ON DELETE CASCADE,"
        " value TEXT NOT NULL)",
        "DROP TABLE m",
    ),
}


def _planted(folder: Path, sql: str | tuple[str, ...], games: int = 5) -> bytes:
    folder.mkdir(parents=True, exist_ok=True)
    history_fill.fill(folder / HISTORY_FILE, games)
    db = sqlite3.connect(folder / HISTORY_FILE)
    for statement in (sql,) if isinstance(sql, str) else sql:
        db.execute(statement)
    db.commit()
    db.execute("PRAGMA journal_mode = DELETE")
    db.close()
    return (folder / HISTORY_FILE).read_bytes()


@pytest.mark.parametrize("kind", list(PLANTED))
def test_a_history_holding_what_we_never_make_is_set_aside_intact(
    tmp_path: Path, kind: str
) -> None:
    before = _planted(tmp_path, PLANTED[kind])
    history = History.open(tmp_path / HISTORY_FILE)
    assert len(history.problems) == 1, history.problems
    said = history.problems[0]
    assert "never makes" in said and "was moved to" in said and "\n" not in said
    assert history.count() == 0 and not history.in_memory
    history.close()
    [aside] = tmp_path.glob(f"{HISTORY_FILE}.corrupt-*")
    assert aside.read_bytes() == before  # (intact: not even switched to WAL)


def test_an_import_into_a_trapped_history_never_runs_its_trigger(tmp_path: Path) -> None:
    source = tmp_path / "source"
    source.mkdir()
    history_fill.fill(source / HISTORY_FILE, 3)
    history = History.open(source / HISTORY_FILE)
    export_history(history, tmp_path / "games.csv")
    history.close()
    data = tmp_path / "data"
    before = _planted(data, PLANTED["trigger"], games=7)
    csv = tmp_path / "games.csv"
    run = subprocess.run(
        [sys.executable, "-m", "game", "--data-dir", str(data), "--import-history", str(csv)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 1 and "never makes" in run.stderr, run.stderr
    assert "3 games added" in run.stdout  # (into the new history, not the trapped one)
    [aside] = data.glob(f"{HISTORY_FILE}.corrupt-*")
    assert aside.read_bytes() == before
    history = History.open(data / HISTORY_FILE)
    assert history.count() == 3 and history.problems == ()
    history.close()


@pytest.mark.parametrize("version", [1, 2, 3, 4, 5])
def test_every_version_we_made_is_ours(tmp_path: Path, version: int) -> None:
    """A file upgraded from each older version, and one made now, pass the check."""
    from game.persist import history_schema

    db = sqlite3.connect(tmp_path / HISTORY_FILE, isolation_level=None)
    db.execute("BEGIN")
    history_schema.create(db)
    for step in range(1, version):
        history_schema._UPGRADES[step](db)
    db.execute(f"PRAGMA user_version = {version}")
    db.execute("COMMIT")
    history_schema.check_ours(db, version)
    db.close()
    history = History.open(tmp_path / HISTORY_FILE)
    assert history.problems == ()
    history.close()
    db = sqlite3.connect(tmp_path / HISTORY_FILE)
    history_schema.check_ours(db, history_schema.SCHEMA_VERSION)
    db.close()
