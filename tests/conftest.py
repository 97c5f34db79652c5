"""Shared test setup: every test runs headless and never touches the real user folder."""

from __future__ import annotations

import os

# Before pygame is imported anywhere: no real window, no real sound card.
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import platformdirs
import pytest

# The player's real data folder, worked out before anything here changes the environment.
REAL_FOLDER = platformdirs.user_data_path("minesweeper", appauthor=False)

DATA_DIR_VAR = "MINESWEEPER_DATA_DIR"
"""The game's own override of its data folder (game.persist.paths)."""

# Every variable a platform's user folders come from: the game's override, the XDG
# folders (Linux), HOME (Linux, macOS's ~/Library), and Windows' profile folders.
_USER_FOLDER_VARS = {
    DATA_DIR_VAR: "gamedata",
    "HOME": "home",
    "USERPROFILE": "home",
    "XDG_DATA_HOME": "home/.local/share",
    "XDG_CONFIG_HOME": "home/.config",
    "XDG_CACHE_HOME": "home/.cache",
    "XDG_STATE_HOME": "home/.local/state",
    "APPDATA": "home/AppData/Roaming",
    "LOCALAPPDATA": "home/AppData/Local",
}


def _point_user_folders_at(base: Path, setenv: Callable[[str, str], object]) -> None:
    for name, sub in _USER_FOLDER_VARS.items():
        folder = base / sub
        folder.mkdir(parents=True, exist_ok=True)
        setenv(name, str(folder))


# For the whole run, from the moment pytest loads this file: even module- and
# session-scoped fixtures and anything imported at collection see a scratch home.
# (Run-wide tools keep working: git, pip and the venv fixtures need no real home.)
_RUN_HOME = Path(tempfile.mkdtemp(prefix="minesweeper-tests-home-"))
_point_user_folders_at(_RUN_HOME, os.environ.__setitem__)


def _snapshot(folder: Path) -> object:
    """What a folder looks like: None if absent, else names, sizes and times."""
    if not folder.exists():
        return None
    entries = [
        (str(p.relative_to(folder)), p.stat().st_size, p.stat().st_mtime_ns)
        for p in folder.rglob("*")
    ]
    return sorted(entries), folder.stat().st_mtime_ns


@pytest.fixture(autouse=True)
def _isolated_data_dir(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    """No test may read or write the player's real data folder, even when HOME or
    the XDG and Windows folders point somewhere real: every test gets its own
    scratch home and data folder (every variable above), and the real folder is
    checked unchanged after each test."""
    _point_user_folders_at(tmp_path_factory.mktemp("user"), monkeypatch.setenv)
    before = _snapshot(REAL_FOLDER)
    yield
    assert _snapshot(REAL_FOLDER) == before, "a test touched the real user data folder"


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    shutil.rmtree(_RUN_HOME, ignore_errors=True)


@pytest.fixture
def real_user_folder() -> Path:
    """The player's real data folder, as it was before the tests moved HOME."""
    return REAL_FOLDER
