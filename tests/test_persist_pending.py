"""A game that cannot be written to the history now is not lost (issue 32): while
another process holds the history locked past the busy timeout, the game ending
is kept (in memory and in pending-games.json) and written at the next chance: the
next game's end, the next start, quitting. The player hears of it only if it is
still unwritten at quit."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from benchmarks import history_fill
from game.persist import history_file
from game.persist.paths import HISTORY_FILE
from game.persist.pending import PENDING_FILE
from game.persist.profile import Profile

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def short_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(history_file, "BUSY_TIMEOUT_MS", 100)


def _lock(folder: Path) -> sqlite3.Connection:
    """Another process's EXCLUSIVE transaction on the history (another connection)."""
    db = sqlite3.connect(folder / HISTORY_FILE, isolation_level=None)
    db.execute("BEGIN EXCLUSIVE")
    return db


def _stored(folder: Path) -> int:
    db = sqlite3.connect(folder / HISTORY_FILE)
    try:
        return int(db.execute("SELECT count(*) FROM games").fetchone()[0])
    finally:
        db.close()


def test_a_game_ended_under_a_lock_is_written_at_the_next_games_end(
    tmp_path: Path, short_wait: None
) -> None:
    profile = Profile.open(tmp_path)
    assert profile.record_game(history_fill.record(1)) is not None  # before the lock
    lock = _lock(tmp_path)
    assert profile.record_game(history_fill.record(2)) is None  # during: kept
    assert (tmp_path / PENDING_FILE).is_file()
    assert profile.take_new_problems() == []  # not told: it is not lost
    lock.execute("COMMIT")
    lock.close()
    assert profile.record_game(history_fill.record(3)) is not None  # after: both written
    assert _stored(tmp_path) == 3 and not (tmp_path / PENDING_FILE).exists()
    assert profile.take_new_problems() == []
    profile.close()
    assert profile.take_new_problems() == []


def test_a_game_still_unwritten_at_quit_is_told_and_written_at_the_next_start(
    tmp_path: Path, short_wait: None
) -> None:
    profile = Profile.open(tmp_path)
    profile.record_game(history_fill.record(1))
    lock = _lock(tmp_path)
    profile.record_game(history_fill.record(2))
    profile.close()
    [told] = profile.take_new_problems()
    assert "1 finished game could not be written" in told and PENDING_FILE in told
    lock.execute("COMMIT")
    lock.close()
    assert _stored(tmp_path) == 1
    again = Profile.open(tmp_path)
    assert again.count() == 2 and not (tmp_path / PENDING_FILE).exists()
    assert again.take_new_problems() == []
    again.close()


def test_a_game_written_already_is_not_added_twice(tmp_path: Path) -> None:
    """A process killed between writing the history and clearing the file."""
    profile = Profile.open(tmp_path)
    profile.record_game(history_fill.record(1))
    profile.close()
    from game.persist.game_record import StoredGame
    from game.persist.history_transfer import export_text

    pending = export_text([StoredGame(0, history_fill.record(1))], as_json=True)
    (tmp_path / PENDING_FILE).write_text(pending)
    again = Profile.open(tmp_path)
    assert again.count() == 1 and not (tmp_path / PENDING_FILE).exists()
    again.close()


def test_a_damaged_file_of_waiting_games_is_set_aside_with_one_line(tmp_path: Path) -> None:
    (tmp_path / PENDING_FILE).write_text(json.dumps({"format": "minesweeper-history"}))
    profile = Profile.open(tmp_path)
    assert profile.count() == 0
    [told] = profile.take_new_problems()
    assert "moved to" in told and "\n" not in told
    assert not (tmp_path / PENDING_FILE).exists()
    profile.close()


_RECORDER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from benchmarks import history_fill
    from game.persist import history_file
    from game.persist.profile import Profile
    history_file.BUSY_TIMEOUT_MS = 300
    profile = Profile.open(Path(sys.argv[1]))
    start = int(sys.argv[2])
    for i in range(start, start + 40):
        profile.record_game(history_fill.record(i))
    profile.close()
    print(len(profile.take_new_problems()))
    """
)


def test_four_processes_recording_under_a_lock_lose_nothing(tmp_path: Path) -> None:
    Profile.open(tmp_path).count()  # the history made
    lock = _lock(tmp_path)
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", _RECORDER, str(tmp_path), str(1 + 1000 * n)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )
        for n in range(4)
    ]
    time.sleep(1.0)  # every one of them meets the lock
    lock.execute("COMMIT")
    lock.close()
    for run in runs:
        run.communicate(timeout=120)
        assert run.returncode == 0
    assert _stored(tmp_path) == 160


def test_two_windows_games_waiting_under_a_lock_are_both_on_disk_and_both_written(
    tmp_path: Path, short_wait: None
) -> None:
    first, second = Profile.open(tmp_path), Profile.open(tmp_path)
    assert first.record_game(history_fill.record(1)) is not None
    lock = _lock(tmp_path)
    assert first.record_game(history_fill.record(2)) is None  # kept, waiting
    assert second.record_game(history_fill.record(3)) is None  # kept, waiting
    waiting = json.loads((tmp_path / PENDING_FILE).read_text())["games"]
    assert len(waiting) == 2  # (the second window's file holds the first's game too)
    lock.execute("COMMIT")
    lock.close()
    assert second.record_game(history_fill.record(4)) is not None  # writes what waits
    assert _stored(tmp_path) == 4 and not (tmp_path / PENDING_FILE).exists()
    assert first.record_game(history_fill.record(5)) is not None  # none twice
    assert _stored(tmp_path) == 5
