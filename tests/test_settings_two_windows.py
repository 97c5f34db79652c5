"""Two windows on one data folder both change settings: each save keeps what the
other window changed (its changes laid over the file as it is now), so nothing
either player chose is lost; a file the save cannot read is written as before."""

from __future__ import annotations

from pathlib import Path

from game.persist.data_folder import DataFolder
from game.persist.settings import Settings
from game.rules import PRESETS, Difficulty

EXPERT = Difficulty.EXPERT


def test_each_windows_change_is_kept_when_the_other_saves(tmp_path: Path) -> None:
    first, second = DataFolder.open(tmp_path), DataFolder.open(tmp_path)
    assert first.save_settings(first.settings.replace(zoom=3))
    assert second.save_settings(second.settings.replace(language="de"))
    assert first.save_settings(first.settings.replace(board=PRESETS[EXPERT]))
    kept = DataFolder.open(tmp_path).settings
    assert (kept.zoom, kept.language, kept.board) == (3, "de", PRESETS[EXPERT])
    # (each window keeps its own view: the window did not take the other's on)
    assert first.settings.language is None and second.settings.zoom != 3


def test_a_setting_changed_back_is_kept_changed_back(tmp_path: Path) -> None:
    first, second = DataFolder.open(tmp_path), DataFolder.open(tmp_path)
    assert first.save_settings(first.settings.replace(sound=False))
    assert second.save_settings(second.settings.replace(zoom=4))
    assert first.save_settings(first.settings.replace(sound=True))
    kept = DataFolder.open(tmp_path).settings
    assert (kept.sound, kept.zoom) == (True, 4)


def test_a_file_damaged_meanwhile_is_written_whole_from_this_windows_settings(
    tmp_path: Path,
) -> None:
    window = DataFolder.open(tmp_path)
    assert window.save_settings(window.settings.replace(zoom=2))
    (tmp_path / "settings.json").write_text('{"version": 3, "zo')
    assert window.save_settings(window.settings.replace(language="pl"))
    assert DataFolder.open(tmp_path).settings == Settings().replace(zoom=2, language="pl")
