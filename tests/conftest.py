"""Shared test setup: every test runs headless and never touches the real user folder."""

from __future__ import annotations

import os

# Before pygame is imported anywhere: no real window, no real sound card.
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest


@pytest.fixture(autouse=True)
def _isolated_data_dir(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No test may read or write the player's real data folder."""
    monkeypatch.setenv("MINESWEEPER_DATA_DIR", str(tmp_path_factory.mktemp("data")))
    # Second line of defence: even the platformdirs fallback lands in a temp folder.
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("xdg")))
