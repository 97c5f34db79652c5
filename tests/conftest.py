"""Shared test setup: every test runs headless and never touches the real user folder."""

from __future__ import annotations

import os

# Before pygame is imported anywhere: no real window, no real sound card.
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Iterator
from pathlib import Path

import platformdirs
import pytest

from game import theme

# The player's real data folder, worked out before any test changes the environment.
REAL_FOLDER = platformdirs.user_data_path("minesweeper", appauthor=False)


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
    """No test may read or write the player's real data folder: every test gets a
    temp folder, and the real one is checked unchanged after each test."""
    monkeypatch.setenv("MINESWEEPER_DATA_DIR", str(tmp_path_factory.mktemp("data")))
    # Second line of defence: even the platformdirs fallback lands in a temp folder.
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("xdg")))
    before = _snapshot(REAL_FOLDER)
    yield
    assert _snapshot(REAL_FOLDER) == before, "a test touched the real user data folder"


@pytest.fixture(autouse=True)
def _classic_look() -> Iterator[None]:
    """Every test starts in the default look, whatever the one before put on."""
    theme.use(theme.DEFAULT)
    yield
    theme.use(theme.DEFAULT)
