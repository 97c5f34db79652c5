"""Two windows on one data folder both change settings, play time trials,
tournaments and races: each save keeps what the other window wrote (its change laid
over the file as it is now), so nothing either player chose or played is lost; a
file the save cannot read is written as before, one a newer version wrote never."""

from __future__ import annotations

from pathlib import Path

from game.persist.data_folder import DataFolder
from game.persist.races import Races
from game.persist.series import SERIES_FILE, Run, Series
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


def test_each_windows_time_trial_runs_and_tournament_games_are_kept(tmp_path: Path) -> None:
    first, second = Series(tmp_path), Series(tmp_path)
    assert first.note_run(Run("2026-12-02T08:00:00", "10-beginner", 1, 900, False, (1,)))
    assert second.note_run(Run("2026-12-02T08:01:00", "10-beginner", 10, 9000, True, (2,)))
    assert first.note_tournament("club-cup", 3)
    assert second.note_tournament("club-cup", 4)
    kept = Series(tmp_path)
    assert [run.run for run in kept.runs()] == ["2026-12-02T08:00:00", "2026-12-02T08:01:00"]
    assert kept.tournament_games("club-cup") == (3, 4)


def test_each_windows_races_are_kept(tmp_path: Path) -> None:
    first, second = Races(tmp_path), Races(tmp_path)
    assert first.note("Ada", "me")
    assert second.note("Ada", "them")
    assert second.note("Bob", "draw")
    assert first.note("Ada", "me")
    assert Races(tmp_path).tallies == {"Bob": (0, 0, 1), "Ada": (2, 1, 0)}


def test_a_book_a_newer_version_wrote_meanwhile_is_never_written_over(tmp_path: Path) -> None:
    window = Series(tmp_path)
    newer = '{"version": 99, "trials": [], "tournaments": {}}\n'
    (tmp_path / SERIES_FILE).write_text(newer)
    assert not window.note_tournament("club-cup", 3)
    assert (tmp_path / SERIES_FILE).read_text() == newer
