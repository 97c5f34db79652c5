"""An import never keeps a window's game out of the history (history_merge): a game
ending while an export is read, or between the batches it goes in by, is written at
once. Real SQLite files in WAL mode, the import on a connection of its own as the
window's Import has it; every connection's busy timeout 0, so a write that met the
import's lock would fail at once: the tests count writes, they time nothing."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from benchmarks import history_fill
from game.persist import history_file, history_merge
from game.persist.history import History
from game.persist.history_transfer import TransferError, export_history, import_history
from tests.test_history import game

GAMES = 6_000
"""Games in the export: three progress reports while it is read, thirty batches."""


@pytest.fixture(autouse=True)
def no_waiting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(history_file, "BUSY_TIMEOUT_MS", 0)


@pytest.fixture(scope="module")
def export(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("export")
    history_fill.fill(folder / "source.sqlite3", GAMES)
    source = History.open(folder / "source.sqlite3")
    export_history(source, folder / "games.csv")
    source.close()
    return folder / "games.csv"


def histories(folder: Path) -> tuple[History, History]:
    """The window's history and the import's own connection to the same file."""
    window = History.open(folder / "history.sqlite3")
    assert window.add_game(game(day=0)) is not None
    mode = sqlite3.connect(folder / "history.sqlite3").execute("PRAGMA journal_mode").fetchone()
    assert mode == ("wal",)
    return window, History.open(folder / "history.sqlite3")


def test_a_game_ending_while_an_export_is_read_is_recorded_at_once(
    tmp_path: Path, export: Path
) -> None:
    window, importing = histories(tmp_path)
    ended: list[int | None] = []

    def progress(done: int, total: int) -> None:  # (the import's thread, as it reads)
        ended.append(window.add_game(game(day=len(ended) + 1)))

    assert import_history(importing, export, progress) == GAMES
    assert len(ended) >= 3 and None not in ended, ended
    assert window.problems == () and window.count() == GAMES + 1 + len(ended)


def test_a_game_ends_between_each_two_batches_of_an_import(
    tmp_path: Path, export: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window, importing = histories(tmp_path)
    ended: list[int | None] = []
    one_transaction = history_merge.writing

    @contextlib.contextmanager
    def batch(db: sqlite3.Connection) -> Iterator[None]:
        with one_transaction(db):
            yield
        ended.append(window.add_game(game(day=len(ended) + 1)))  # (committed: let go)

    monkeypatch.setattr(history_merge, "writing", batch)
    assert import_history(importing, export) == GAMES
    assert len(ended) > GAMES // history_merge.BATCH and None not in ended, ended
    assert window.problems == () and window.count() == GAMES + 1 + len(ended)


def test_an_import_cancelled_while_its_games_go_in_adds_nothing(
    tmp_path: Path, export: Path
) -> None:
    """Esc in the second half (the batches: the file was read whole in the first): the
    batches that went in are taken out again, as the Import's dialog then says."""
    window, importing = histories(tmp_path)
    kinds = ("beginner", "intermediate", "expert")
    before = [window.stats(kind) for kind in kinds], window.count()
    heard: list[float] = []

    class Cancelled(Exception):
        pass

    def progress(done: int, total: int) -> None:
        heard.append(done / total)
        if done / total > 0.8:
            assert window.count() > before[1] + 1_000  # (batches went in)
            raise Cancelled

    with pytest.raises(Cancelled):
        import_history(importing, export, progress)
    assert heard == sorted(heard) and heard[0] < 0.5 < heard[-1]  # (read, then added)
    assert ([window.stats(kind) for kind in kinds], window.count()) == before


def test_an_import_failing_after_some_batches_went_in_adds_nothing(
    tmp_path: Path, export: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk at the 2,600th game: the five batches before it are taken out and
    the tallies and counts are what they were (the window's wins before and after
    are a streak of two: no imported game is counted between them)."""
    window, importing = histories(tmp_path)
    kinds = ("beginner", "intermediate", "expert")
    before = [window.stats(kind) for kind in kinds], window.count()
    inserted = [0]
    insert = history_merge.sql.insert_game

    def insert_game(db: sqlite3.Connection, record: object) -> int:
        inserted[0] += 1
        if inserted[0] == 2_600:
            raise sqlite3.OperationalError("database or disk is full")
        return insert(db, record)  # type: ignore[arg-type]

    monkeypatch.setattr(history_merge.sql, "insert_game", insert_game)
    with pytest.raises(TransferError, match="full"):
        import_history(importing, export)
    assert ([window.stats(kind) for kind in kinds], window.count()) == before
    assert inserted[0] == 2_600 and window.add_game(game(day=9)) is not None
    assert window.stats("beginner").current_streak == 2  # (the imported losses: out)
