"""A history on a read-only folder (a disk mounted read-only, a backup, a folder the
player may not write) is read, not hidden: its games are in the History, the best
times and the statistics, an export writes them, this session's games are kept in
memory beside them, and the file is never changed."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from benchmarks import history_fill
from game.persist.history import History
from game.persist.paths import HISTORY_FILE
from game.persist.profile import Profile
from tests.test_persist_profile import _make_read_only


def _unwritable(monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite cannot open the file for writing (nor its log and index beside it), as
    on a read-only folder; reading it as it is (immutable) still works."""
    real_connect = sqlite3.connect

    def read_only_folder(target: str, *args: Any, **kwargs: Any) -> sqlite3.Connection:
        if target != ":memory:" and not kwargs.get("uri"):
            raise sqlite3.OperationalError("unable to open database file")
        connection: sqlite3.Connection = real_connect(target, *args, **kwargs)
        return connection

    monkeypatch.setattr(sqlite3, "connect", read_only_folder)


def test_a_history_that_cannot_be_written_is_read_and_its_games_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    history_fill.fill(tmp_path / HISTORY_FILE, 30)
    before = (tmp_path / HISTORY_FILE).read_bytes()
    _unwritable(monkeypatch)
    history = History.open(tmp_path / HISTORY_FILE)
    assert history.in_memory and history.count() == 30
    [problem] = history.problems
    assert "its games are shown" in problem and "\n" not in problem
    assert history.best_times("beginner")
    history.add_game(history_fill.record(31))
    assert history.count() == 31  # (this session's, in memory beside them)
    history.close()
    assert (tmp_path / HISTORY_FILE).read_bytes() == before


def test_its_games_are_exported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    history_fill.fill(folder / HISTORY_FILE, 30)
    _unwritable(monkeypatch)
    profile = Profile.open(folder)
    exported = profile.export_to(tmp_path / "games.csv")
    assert exported.written == 30
    assert len((tmp_path / "games.csv").read_text().splitlines()) == 31


def test_a_read_only_data_folder_shows_and_exports_its_history(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    history_fill.fill(folder / HISTORY_FILE, 30)
    before = (folder / HISTORY_FILE).read_bytes()
    _make_read_only(monkeypatch, folder)
    profile = Profile.open(folder)
    assert not profile.writable and profile.count() == 30
    assert profile.export_to(tmp_path / "games.csv").written == 30
    assert profile.record_game(history_fill.record(31)) is not None  # (kept in memory)
    assert profile.count() == 31
    monkeypatch.undo()
    assert (folder / HISTORY_FILE).read_bytes() == before
