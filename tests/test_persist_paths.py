"""paths.py: which folder the player's data lives in, and that tests never use the real one."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import platformdirs
import pytest

from game.persist.game_record import GameRecord
from game.persist.paths import ENV_VAR, data_dir, default_data_dir
from game.persist.profile import Profile
from game.persist.settings import Settings


@pytest.fixture(autouse=True)
def _env_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Point the variable at a folder these tests can name (conftest checks that
    the real folder is never touched)."""
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "env-data"))


def test_the_override_wins_over_the_environment(tmp_path: Path) -> None:
    env = {ENV_VAR: str(tmp_path / "env")}
    assert data_dir(tmp_path / "cli", env) == tmp_path / "cli"
    assert data_dir(str(tmp_path / "cli"), env) == tmp_path / "cli"


def test_the_environment_wins_over_the_platform_folder(tmp_path: Path) -> None:
    assert data_dir(None, {ENV_VAR: str(tmp_path / "env")}) == tmp_path / "env"


def test_the_platform_folder_is_the_last_resort() -> None:
    expected = platformdirs.user_data_path("minesweeper", appauthor=False)
    assert data_dir(None, {}) == default_data_dir() == expected
    assert default_data_dir().name == "minesweeper"


def test_empty_values_count_as_unset(tmp_path: Path) -> None:
    assert data_dir("", {ENV_VAR: str(tmp_path)}) == tmp_path
    assert data_dir(None, {ENV_VAR: ""}) == default_data_dir()


def test_a_tilde_means_home() -> None:
    assert data_dir("~/ms", {}) == Path.home() / "ms"


def test_the_process_environment_is_read_by_default(tmp_path: Path) -> None:
    # The autouse fixture points the variable at a temp folder.
    assert data_dir() == tmp_path / "env-data"


def test_a_whole_session_with_no_folder_given_stays_in_the_env_folder(tmp_path: Path) -> None:
    clock = lambda: datetime(2026, 11, 21, 19, 30)  # noqa: E731
    profile = Profile.open(None, clock=clock)
    assert profile.folder == tmp_path / "env-data"
    profile.save_settings(Settings(sound=False))
    record = GameRecord("2026-11-21T19:30:00", "expert", 16, 30, 99, "opening", "1", True, 99_000)
    assert profile.record_game(record) is not None
    profile.save_resume({"rows": 9, "cols": 9, "mines": 10}, elapsed_ms=5)
    names = sorted(p.name for p in (tmp_path / "env-data").iterdir())
    assert [name for name in names if not name.startswith("history.sqlite3")] == [
        "resume.json",
        "settings.json",
    ]
    assert "history.sqlite3" in names
    # tests/conftest.py fails the test if it named the real folder (tests/test_isolation.py).
