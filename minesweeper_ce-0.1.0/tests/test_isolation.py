"""The tests' own safety net (conftest.py): no test sees the player's real folders."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import platformdirs

from game.persist.paths import data_dir


def test_every_user_folder_variable_points_into_a_scratch_folder(tmp_path: Path) -> None:
    scratch = tmp_path.parent.parent  # pytest's base temp folder for this run
    for name in ("MINESWEEPER_DATA_DIR", "HOME", "XDG_DATA_HOME", "APPDATA", "LOCALAPPDATA"):
        value = Path(os.environ[name])
        assert value.is_dir(), name
        assert scratch in value.parents, f"{name}={value} is outside the test's scratch folder"


def test_the_game_and_platformdirs_look_away_from_the_real_folder(real_user_folder: Path) -> None:
    assert data_dir() != real_user_folder
    assert real_user_folder not in data_dir().parents
    if os.name != "nt":  # Windows asks the shell for its folders, not the environment
        assert platformdirs.user_data_path("minesweeper", appauthor=False) != real_user_folder


def test_the_guard_notices_a_file_operation_on_the_real_folder(real_user_folder: Path) -> None:
    """conftest's audit hook sees this process name the real folder (here a read
    that fails harmlessly when the folder is absent), and only this process."""
    import conftest  # the module pytest loaded (tests/ is on sys.path as rootdir-relative)

    before = list(conftest._touched)
    with contextlib.suppress(OSError):
        os.listdir(real_user_folder / "no-such-subfolder-minesweeper-tests")
    noticed = conftest._touched[len(before) :]
    del conftest._touched[len(before) :]  # the fixture would fail this test otherwise
    assert noticed and "os.listdir" in noticed[0]
