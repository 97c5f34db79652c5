"""profile.py: the window's one object. Every recovery path, and a property test
that no bytes in any data file can stop the game from starting."""

from __future__ import annotations

import errno
import json
import os
import tempfile
from collections.abc import Callable
from datetime import date, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from records_doc import records_doc

from game.persist import store
from game.persist.game_record import GameRecord
from game.persist.paths import HISTORY_FILE, RECORDS_FILE
from game.persist.profile import DATA_FILES, RESUME_FILE, SETTINGS_FILE, Profile
from game.persist.records import BestTime, Records, Stats
from game.persist.resume import SavedGame
from game.persist.settings import Settings
from game.rules import PRESETS, Board, Difficulty

BEGINNER, EXPERT, CUSTOM = Difficulty.BEGINNER, Difficulty.EXPERT, Difficulty.CUSTOM
STAMP = "20261121-193000"
DAY = date(2026, 11, 21)


def clock() -> datetime:
    return datetime(2026, 11, 21, 19, 30, 0)


def _open(folder: Path | str | None) -> Profile:
    return Profile.open(folder, clock=clock)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "data"


def _game(difficulty: Difficulty, won: bool, ms: int = 5_000) -> GameRecord:
    board = PRESETS.get(difficulty, Board(20, 20, 50))
    return GameRecord(
        finished_at="2026-11-21T19:30:00",
        difficulty=difficulty.value,
        rows=board.rows,
        cols=board.cols,
        mines=board.mines,
        first_click="opening",
        seed="7",
        won=won,
        ms=ms,
    )


def _history_files(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir() if p.name.startswith(HISTORY_FILE)}


def _settings() -> Settings:
    return Settings(question_marks=False, zoom=2, board=PRESETS[EXPERT])


SAVED_BOARD: dict[str, object] = {"rows": 16, "cols": 30, "mines": 99, "cells": ["." * 30] * 16}
SNAP: dict[str, object] = {"rows": 9, "cols": 9, "mines": 10}


def _fill(folder: Path) -> Profile:
    """A folder holding one valid file of each kind."""
    profile = _open(folder)
    assert profile.save_settings(_settings())
    won = profile.record_game(_game(BEGINNER, True, 8_123))
    assert won is not None and profile.best_time_place(won) == 1
    assert profile.name_best_time(won, "Ada")
    assert profile.record_game(_game(CUSTOM, False)) is not None
    assert profile.save_resume(SAVED_BOARD, elapsed_ms=4_321)
    return profile


def _check_filled(profile: Profile) -> None:
    assert [(e.name, e.ms) for e in profile.best_times(BEGINNER)] == [("Ada", 8_123)]
    assert profile.stats(BEGINNER) == Stats(1, 1, 1, 1, 8_123)
    assert profile.stats(CUSTOM) == Stats(1, 0, 0, 0, 0)
    assert profile.last_name == "Ada"


def _listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# ---------------------------------------------------------------- the good paths


def test_a_first_start_creates_the_folder_and_uses_defaults(folder: Path) -> None:
    profile = _open(folder / "deeper")
    assert profile.folder == folder / "deeper"
    assert (folder / "deeper").is_dir()
    # The write probe left nothing; the history database is new and empty.
    assert {n for n in _listing(folder / "deeper") if not n.startswith(HISTORY_FILE)} == set()
    # The history is opened when first asked for, not on the way to the first frame.
    assert HISTORY_FILE not in _listing(folder / "deeper")
    assert profile.settings == Settings()
    assert profile.stats(BEGINNER) == Stats() and profile.best_times(BEGINNER) == []
    assert HISTORY_FILE in _listing(folder / "deeper")
    assert profile.saved_game is None
    assert profile.writable
    assert profile.problems == ()
    assert profile.take_new_problems() == []


def test_everything_saved_comes_back(folder: Path) -> None:
    _fill(folder)
    profile = _open(folder)
    assert profile.problems == ()
    assert profile.settings == _settings()
    _check_filled(profile)
    assert profile.saved_game is not None
    assert profile.saved_game.game == SAVED_BOARD
    assert profile.saved_game.elapsed_ms == 4_321
    assert profile.saved_game.difficulty is EXPERT
    assert {n for n in _listing(folder) if not n.startswith(HISTORY_FILE)} == set(DATA_FILES)


def test_wins_take_their_places_and_names_in_the_best_times(folder: Path) -> None:
    profile = _open(folder)
    first = profile.record_game(_game(BEGINNER, True, 7_000))
    assert first is not None and profile.best_time_place(first) == 1
    profile.name_best_time(first, " Ada ")
    for name, ms, place in (("Bob", 6_000, 1), ("Cy", 9_000, 3)):
        game_id = profile.record_game(_game(BEGINNER, True, ms))
        assert game_id is not None and profile.best_time_place(game_id) == place
        profile.name_best_time(game_id, name)
    reopened = _open(folder)
    assert [(e.name, e.ms) for e in reopened.best_times(BEGINNER)] == [
        ("Bob", 6_000),
        ("Ada", 7_000),
        ("Cy", 9_000),
    ]
    assert reopened.last_name == "Cy"
    assert reopened.stats(BEGINNER) == Stats(3, 3, 3, 3, 22_000)


def test_custom_wins_count_but_never_enter_a_table(folder: Path) -> None:
    profile = _open(folder)
    game_id = profile.record_game(_game(CUSTOM, True, 50_000))
    assert game_id is not None and profile.best_time_place(game_id) is None
    assert _open(folder).stats(CUSTOM).won == 1


def test_a_hinted_win_is_kept_but_counts_for_no_table_and_no_statistic(folder: Path) -> None:
    profile = _open(folder)
    game_id = profile.record_game(_game(EXPERT, True, 1_000).replace(used_hint=True))
    assert game_id is not None and profile.best_time_place(game_id) is None
    assert profile.stats(EXPERT).played == 0 and profile.best_times(EXPERT) == []
    assert profile.count(EXPERT) == 1  # the history shows it (as assisted)


def test_losses_and_resets(folder: Path) -> None:
    profile = _open(folder)
    profile.record_game(_game(EXPERT, True, 90_000))
    profile.record_game(_game(EXPERT, False))
    assert _open(folder).stats(EXPERT) == Stats(2, 1, 0, 1, 90_000)
    assert profile.reset_best_times()
    assert _open(folder).best_times(EXPERT) == []
    assert _open(folder).stats(EXPERT).played == 2
    assert profile.reset_stats()
    assert _open(folder).stats(EXPERT) == Stats()
    assert profile.history.count("expert") == 2  # a reset forgets no game


def test_two_profiles_on_one_folder_lose_nothing(folder: Path) -> None:
    one, two = _open(folder), _open(folder)
    for k in range(20):
        (one if k % 2 else two).record_game(_game(BEGINNER, k % 3 == 0, 5_000 + k))
    assert one.stats(BEGINNER).played == two.stats(BEGINNER).played == 20
    assert one.stats(BEGINNER).won == 7


def test_old_records_are_brought_into_the_history_once_and_kept(folder: Path) -> None:
    folder.mkdir()
    old = Records(
        best_times={**{p: () for p in PRESETS}, BEGINNER: (BestTime("Ada", DAY, 8_123),)},
        stats={**{d: Stats() for d in Difficulty}, BEGINNER: Stats(1, 1, 1, 1, 8_123)},
        last_name="Ada",
    )
    (folder / "records.json").write_text(json.dumps(records_doc(old)))
    before = (folder / "records.json").read_bytes()
    profile = _open(folder)
    assert [(e.name, e.ms) for e in profile.best_times(BEGINNER)] == [("Ada", 8_123)]
    assert profile.stats(BEGINNER) == Stats(1, 1, 1, 1, 8_123)
    assert (folder / "records.json").read_bytes() == before
    assert _open(folder).stats(BEGINNER).played == 1  # not brought in twice


def test_stale_temps_from_a_crash_are_removed_at_start(folder: Path) -> None:
    _fill(folder)
    for name in DATA_FILES:
        (folder / f".{name}.deadbeef0000.tmp").write_text("{half")
    profile = _open(folder)
    assert profile.problems == ()
    assert {n for n in _listing(folder) if not n.startswith(HISTORY_FILE)} == set(DATA_FILES)


# ---------------------------------------------------------------- resume


def test_a_saved_game_is_offered_once(folder: Path) -> None:
    _fill(folder)
    profile = _open(folder)
    resumed = profile.resume(lambda saved: ("restored", saved.game))
    assert resumed is not None
    assert resumed.game == ("restored", SAVED_BOARD)
    assert resumed.saved.elapsed_ms == 4_321
    assert profile.saved_game is None
    assert not (folder / RESUME_FILE).exists()
    assert profile.resume(lambda saved: saved) is None
    assert _open(folder).saved_game is None


def test_a_saved_game_the_engine_finds_finished_is_dropped_quietly(folder: Path) -> None:
    _fill(folder)
    profile = _open(folder)
    assert profile.resume(lambda saved: None) is None
    assert profile.problems == ()
    assert [n for n in _listing(folder) if not n.startswith(HISTORY_FILE)] == [SETTINGS_FILE]


@pytest.mark.parametrize("error", [ValueError("bad cells"), KeyError("rows"), TypeError("x")])
def test_a_saved_game_the_engine_refuses_is_moved_aside(folder: Path, error: Exception) -> None:
    _fill(folder)
    before = (folder / RESUME_FILE).read_bytes()
    profile = _open(folder)

    def restore(saved: object) -> object:
        raise error

    assert profile.resume(restore) is None
    moved = folder / f"{RESUME_FILE}.corrupt-{STAMP}"
    assert moved.read_bytes() == before
    assert not (folder / RESUME_FILE).exists()
    [problem] = profile.take_new_problems()
    assert problem.startswith("Your saved game could not be restored")
    assert str(moved) in problem and "a new game starts instead" in problem
    assert profile.saved_game is None


def test_a_finished_game_clears_the_saved_game(folder: Path) -> None:
    finishes: list[Callable[[Profile], bool]] = [
        lambda p: p.record_game(_game(EXPERT, True, 1)) is not None,
        lambda p: p.record_game(_game(EXPERT, False)) is not None,
    ]
    for n, finish in enumerate(finishes):
        _fill(folder / str(n))
        profile = _open(folder / str(n))
        assert profile.saved_game is not None
        finish(profile)
        assert profile.saved_game is None
        assert not (folder / str(n) / RESUME_FILE).exists()


def test_clearing_without_a_saved_game_is_fine(folder: Path) -> None:
    assert _open(folder).clear_resume()


@pytest.mark.parametrize("bad", [{"x": object()}, {"x": float("nan")}, {1: 2}])
def test_a_board_that_is_not_json_is_not_saved_and_said_so(folder: Path, bad: Any) -> None:
    profile = _open(folder)
    assert not profile.save_resume(bad, elapsed_ms=1)
    assert not (folder / RESUME_FILE).exists()
    [problem] = profile.take_new_problems()
    assert "could not be saved for next time" in problem
    assert profile.writable


def test_a_board_too_large_to_read_back_is_not_saved(folder: Path) -> None:
    profile = _open(folder)
    big = {"cells": "." * store.MAX_FILE_BYTES}
    assert not profile.save_resume(big, elapsed_ms=1)
    assert not (folder / RESUME_FILE).exists()
    assert len(profile.problems) == 1


def test_a_real_engine_game_round_trips(folder: Path) -> None:
    engine = pytest.importorskip("game.core.game")
    game = engine.Game.new(16, 30, 99, seed=7)
    game.reveal(8, 15)
    game.toggle_mark(0, 0)
    profile = _open(folder)
    assert profile.save_resume(game.to_snapshot(), elapsed_ms=3_000)
    resumed = _open(folder).resume(lambda saved: engine.Game.from_snapshot(dict(saved.game)))
    assert resumed is not None
    assert resumed.game.view() == game.view()
    assert resumed.game.mine_cells() == game.mine_cells()


# ---------------------------------------------------------------- damaged files

VALID: dict[str, dict[str, Any]] = {
    SETTINGS_FILE: _settings().to_json(),
    RESUME_FILE: {
        "version": 1,
        "game": SAVED_BOARD,
        "elapsed_ms": 5,
        "settings": Settings().to_json(),
        "difficulty": "expert",
    },
}

LABELS = {
    SETTINGS_FILE: ("settings file", "the default settings are used"),
    RESUME_FILE: ("saved game", "a new game starts instead"),
}


def _json(doc: object) -> bytes:
    return json.dumps(doc).encode()


def _bend(name: str, key: str, value: object) -> bytes:
    doc = json.loads(json.dumps(VALID[name]))
    if name == RECORDS_FILE and key == "ms":
        doc["best_times"]["beginner"][0]["ms"] = value
    else:
        doc[key] = value
    return _json(doc)


DAMAGE: dict[str, Callable[[str], bytes]] = {
    "empty": lambda name: b"",
    "truncated": lambda name: _json(VALID[name])[:-3],
    "not json": lambda name: b"<html>records</html>",
    "binary garbage": lambda name: bytes(range(255, -1, -1)) * 4,
    "a list": lambda name: b"[]",
    "wrong type": lambda name: _bend(name, {SETTINGS_FILE: "sound", RESUME_FILE: "game"}[name], 7),
    "negative": lambda name: _bend(
        name, {SETTINGS_FILE: "zoom", RESUME_FILE: "elapsed_ms"}[name], -1
    ),
    "absurd": lambda name: _bend(
        name, {SETTINGS_FILE: "zoom", RESUME_FILE: "elapsed_ms"}[name], 10**30
    ),
    "huge": lambda name: _json(VALID[name]) + b" " * store.MAX_FILE_BYTES,
}


def _defaults(profile: Profile, name: str) -> bool:
    return {
        SETTINGS_FILE: profile.settings == Settings(),
        RESUME_FILE: profile.saved_game is None,
    }[name]


@pytest.mark.parametrize("damage", DAMAGE, ids=DAMAGE.keys())
@pytest.mark.parametrize("name", DATA_FILES)
def test_a_damaged_file_is_moved_aside_and_the_player_told_once(
    folder: Path, name: str, damage: str
) -> None:
    _fill(folder)
    contents = DAMAGE[damage](name)
    (folder / name).write_bytes(contents)
    profile = _open(folder)

    moved = folder / f"{name}.corrupt-{STAMP}"
    label, consequence = LABELS[name]
    assert profile.problems == (
        f"Your {label} was damaged and could not be read. It was moved to {moved}; {consequence}.",
    )
    assert profile.take_new_problems() == list(profile.problems)
    assert profile.take_new_problems() == []
    assert moved.read_bytes() == contents  # the player's data, byte for byte
    assert not (folder / name).exists()
    assert _defaults(profile, name)
    assert profile.writable
    # The other files were read as usual.
    others = [other for other in DATA_FILES if other != name]
    assert not any(_defaults(profile, other) for other in others)
    # Play goes on and saves; the moved file stays.
    profile.save_settings(Settings(sound=False))
    profile.record_game(_game(BEGINNER, False))
    again = _open(folder)
    assert again.problems == ()
    assert again.settings == Settings(sound=False)
    assert moved.read_bytes() == contents


def test_damaged_old_records_are_left_as_they_are_and_the_player_told(folder: Path) -> None:
    folder.mkdir()
    (folder / RECORDS_FILE).write_bytes(b"\x00\x01")
    profile = _open(folder)
    assert profile.problems == ()  # the history is not opened yet
    assert profile.best_times(BEGINNER) == []
    [problem] = profile.problems
    assert str(folder / RECORDS_FILE) in problem
    assert (folder / RECORDS_FILE).read_bytes() == b"\x00\x01"
    assert profile.record_game(_game(BEGINNER, True)) is not None  # the history works


@pytest.mark.parametrize("name", DATA_FILES)
def test_a_file_from_a_newer_version_is_left_as_it_is_and_never_written(
    folder: Path, name: str
) -> None:
    folder.mkdir()
    data = _json({**VALID[name], "version": 99})
    (folder / name).write_bytes(data)
    profile = _open(folder)
    [problem] = profile.problems
    assert "was made by a newer version of Minesweeper" in problem
    assert "left as it is" in problem and str(folder / name) in problem
    assert not profile.save_settings(Settings()) or name != SETTINGS_FILE
    assert not profile.save_resume(SNAP, elapsed_ms=0) or name != RESUME_FILE
    profile.record_game(_game(BEGINNER, False))  # clears a saved game, not this one
    assert (folder / name).read_bytes() == data
    assert not any(".corrupt-" in n for n in _listing(folder))


@pytest.mark.parametrize("name", DATA_FILES)
def test_a_folder_where_a_file_should_be_is_moved_aside(folder: Path, name: str) -> None:
    (folder / name).mkdir(parents=True)
    profile = _open(folder)
    assert len(profile.problems) == 1
    assert (folder / f"{name}.corrupt-{STAMP}").is_dir()
    assert profile.save_settings(Settings())
    assert profile.record_game(_game(BEGINNER, False)) is not None
    assert profile.save_resume(SNAP, elapsed_ms=0)
    assert _open(folder).problems == ()


def test_every_damaged_file_at_once(folder: Path) -> None:
    folder.mkdir()
    for name in DATA_FILES:
        (folder / name).write_bytes(b"\xff")
    profile = _open(folder)
    assert len(profile.problems) == len(DATA_FILES)
    assert profile.writable
    assert sorted(p.name for p in folder.glob(f"*.corrupt-{STAMP}")) == sorted(
        f"{name}.corrupt-{STAMP}" for name in DATA_FILES
    )


def test_a_bug_while_reading_protects_the_file_instead_of_crashing(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _fill(folder)
    before = (folder / RESUME_FILE).read_bytes()

    def broken(value: object) -> SavedGame:
        raise KeyError("a bug")

    monkeypatch.setattr(SavedGame, "from_json", broken)
    profile = _open(folder)
    monkeypatch.undo()
    [problem] = profile.problems
    assert str(folder / RESUME_FILE) in problem and "left as it is" in problem
    assert profile.settings == _settings()  # the other files still load
    _check_filled(profile)
    assert not profile.save_resume(SNAP, elapsed_ms=1)  # must not overwrite the unread game
    assert (folder / RESUME_FILE).read_bytes() == before
    assert profile.save_settings(Settings())


# ---------------------------------------------------------------- folders that cannot be written


def _inside(path: object, folder: Path) -> bool:
    return isinstance(path, (str, os.PathLike)) and os.fspath(path).startswith(os.fspath(folder))


def _make_read_only(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """Make the folder behave as a read-only one does, even for root: creating,
    renaming and deleting files there fails with EROFS; reading still works."""
    real_open, real_rename, real_replace, real_unlink = os.open, os.rename, os.replace, os.unlink
    writing = os.O_WRONLY | os.O_RDWR | os.O_CREAT

    def refuse() -> OSError:
        return OSError(errno.EROFS, os.strerror(errno.EROFS))

    def open_(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if flags & writing and _inside(path, folder):
            raise refuse()
        return real_open(path, flags, *args, **kwargs)

    def two(real: Callable[..., None]) -> Callable[..., None]:
        def patched(src: Any, dst: Any, *args: Any, **kwargs: Any) -> None:
            if _inside(src, folder) or _inside(dst, folder):
                raise refuse()
            real(src, dst, *args, **kwargs)

        return patched

    def unlink(path: Any, *args: Any, **kwargs: Any) -> None:
        if _inside(path, folder):
            raise refuse()
        real_unlink(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", open_)
    monkeypatch.setattr(os, "rename", two(real_rename))
    monkeypatch.setattr(os, "replace", two(real_replace))
    monkeypatch.setattr(os, "unlink", unlink)


def _assert_cannot_save(profile: Profile, folder: Path, why: str) -> None:
    assert not profile.writable
    [problem] = profile.take_new_problems()
    assert problem == f"Records and settings cannot be saved this session: {why}."
    # Play goes on: nothing raises, nothing is saved, nothing more is said.
    assert not profile.save_settings(Settings(sound=False))
    game_id = profile.record_game(_game(BEGINNER, True, 5_000))
    assert game_id is not None and profile.best_time_place(game_id) == 1
    profile.name_best_time(game_id, "Ada")
    assert not profile.save_resume(SNAP, elapsed_ms=1)
    profile.clear_resume()
    assert profile.take_new_problems() == []
    # The session keeps its games in memory.
    assert profile.settings == Settings(sound=False)
    assert profile.best_times(BEGINNER)[0].name == "Ada"


def test_a_read_only_folder_loads_and_plays_but_does_not_save(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _fill(folder)
    before = {name: (folder / name).read_bytes() for name in DATA_FILES}
    _make_read_only(monkeypatch, folder)
    profile = _open(folder)
    assert profile.saved_game is not None
    _assert_cannot_save(profile, folder, f"the folder {folder} is read-only")
    monkeypatch.undo()
    assert {name: (folder / name).read_bytes() for name in DATA_FILES} == before


def test_a_damaged_file_in_a_read_only_folder_is_left_alone(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder.mkdir()
    (folder / SETTINGS_FILE).write_bytes(b"\x00garbage")
    _make_read_only(monkeypatch, folder)
    profile = _open(folder)
    assert not profile.writable
    stuck, read_only = sorted(profile.problems, key=lambda text: "cannot be saved" in text)
    assert str(folder / SETTINGS_FILE) in stuck and "left as it is" in stuck
    assert read_only.endswith(f"the folder {folder} is read-only.")
    monkeypatch.undo()
    assert (folder / SETTINGS_FILE).read_bytes() == b"\x00garbage"


def test_a_damaged_file_that_cannot_be_moved_is_never_saved_over(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Renaming fails but writing works (a strange but possible folder).
    folder.mkdir()
    (folder / RESUME_FILE).write_bytes(b"\x00garbage")
    monkeypatch.setattr(os, "rename", lambda *a: (_ for _ in ()).throw(OSError(errno.EBUSY, "")))
    profile = _open(folder)
    monkeypatch.undo()
    assert profile.writable
    assert not profile.save_resume(SNAP, elapsed_ms=1)
    assert (folder / RESUME_FILE).read_bytes() == b"\x00garbage"
    assert profile.save_settings(Settings(sound=False))


@pytest.mark.skipif(
    os.name != "posix" or os.geteuid() == 0, reason="root writes into read-only folders"
)
def test_a_really_read_only_folder(folder: Path) -> None:
    _fill(folder)
    folder.chmod(0o500)
    try:
        profile = _open(folder)
        assert profile.settings == _settings()
        _assert_cannot_save(profile, folder, f"the folder {folder} is read-only")
    finally:
        folder.chmod(0o700)


def test_a_folder_that_cannot_be_created(tmp_path: Path) -> None:
    (tmp_path / "blocker").write_text("a file where a folder should be")
    folder = tmp_path / "blocker" / "data"
    profile = _open(folder)
    assert profile.settings == Settings() and profile.stats(BEGINNER) == Stats()
    reason = os.strerror(errno.ENOTDIR)
    _assert_cannot_save(profile, folder, f"the folder {folder} could not be created ({reason})")


def test_a_file_where_the_folder_should_be(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("not a folder")
    profile = _open(tmp_path / "data")
    _assert_cannot_save(
        profile,
        tmp_path / "data",
        f"the folder {tmp_path / 'data'} could not be created (a file is in the way)",
    )
    assert (tmp_path / "data").read_text() == "not a folder"


def test_a_relative_folder_is_made_absolute(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    profile = _open("rel")
    assert profile.folder == tmp_path / "rel"
    assert profile.save_settings(Settings())
    assert (tmp_path / "rel" / SETTINGS_FILE).is_file()


def test_no_folder_at_all(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object) -> Path:
        raise RuntimeError("no home")

    monkeypatch.setattr("game.persist.data_folder.data_dir", broken)
    profile = _open(None)
    assert not profile.writable
    assert profile.settings == Settings()


def test_a_full_disk_stops_saving_once_and_keeps_the_old_file(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _fill(folder)
    before = (folder / SETTINGS_FILE).read_bytes()
    profile = _open(folder)

    def full(fd: int, data: bytes) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "write", full)
    assert not profile.save_settings(Settings(sound=False))
    monkeypatch.undo()
    assert profile.settings == Settings(sound=False)  # kept for this session
    assert (folder / SETTINGS_FILE).read_bytes() == before
    assert list(folder.glob(".*.tmp")) == []
    _assert_cannot_save(profile, folder, f"the disk holding the folder {folder} is full")
    assert _open(folder).settings == _settings()


def test_any_other_write_error_is_reported_plainly(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    profile = _open(folder)
    monkeypatch.setattr(os, "fsync", lambda fd: (_ for _ in ()).throw(OSError(errno.EIO, "I/O")))
    assert not profile.save_settings(Settings())
    monkeypatch.undo()
    [problem] = profile.problems
    assert problem == (
        f"Records and settings cannot be saved this session: writing in the folder {folder} "
        "failed (I/O)."
    )


# ---------------------------------------------------------------- any bytes at all


def _valid_bytes(name: str) -> bytes:
    return json.dumps(VALID[name], indent=2).encode()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)


@st.composite
def data_file_bytes(draw: st.DrawFn, name: str) -> bytes:
    """Bytes from plain noise to nearly valid documents of that file."""
    valid = _valid_bytes(name)
    kind = draw(st.sampled_from(["noise", "json", "truncated", "flipped", "bent"]))
    if kind == "noise":
        return draw(st.binary(max_size=600))
    if kind == "json":
        return json.dumps(draw(json_values)).encode()
    if kind == "truncated":
        return valid[: draw(st.integers(0, len(valid)))]
    if kind == "flipped":
        at = draw(st.integers(0, len(valid) - 1))
        return valid[:at] + bytes([draw(st.integers(0, 255))]) + valid[at + 1 :]
    doc = json.loads(valid)
    key = draw(st.sampled_from(sorted(doc)))
    doc[key] = draw(json_values)
    return json.dumps(doc).encode()


READERS: dict[str, Callable[[object], object]] = {
    SETTINGS_FILE: Settings.from_json,
    RESUME_FILE: SavedGame.from_json,
}


def _loaded(profile: Profile, name: str) -> object:
    return {
        SETTINGS_FILE: profile.settings,
        RESUME_FILE: profile.saved_game,
    }[name]


@pytest.mark.parametrize("name", DATA_FILES)
@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_no_bytes_in_any_file_stop_the_game_from_starting(name: str, data: st.DataObject) -> None:
    contents = data.draw(data_file_bytes(name), label="contents")
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        (folder / name).write_bytes(contents)
        profile = _open(folder)  # must not raise
        assert profile.writable
        moved = folder / f"{name}.corrupt-{STAMP}"
        newer = False
        if (folder / name).exists():
            # Loaded: untouched, no complaint, and it reads back as what we got; or
            # made by a newer version: untouched, and the player told so.
            assert not moved.exists()
            assert (folder / name).read_bytes() == contents
            if profile.problems:
                [problem] = profile.problems
                assert "newer version" in problem
                newer = True
            else:
                assert _loaded(profile, name) == READERS[name](json.loads(contents))
        else:
            # Moved aside whole, and the player told where.
            assert moved.read_bytes() == contents
            [problem] = profile.problems
            assert str(moved) in problem
            assert _defaults(profile, name)
        # Whatever happened, the game plays and saves (but never over a newer
        # version's file), and the next start is clean.
        assert profile.save_settings(profile.settings) is not (newer and name == "settings.json")
        assert profile.record_game(_game(BEGINNER, False)) is not None
        assert profile.save_resume(SNAP, elapsed_ms=0) is not (newer and name == "resume.json")
        if not newer:
            assert _open(folder).problems == ()


def test_a_read_only_settings_file_is_left_alone_and_said_so(tmp_path: Path) -> None:
    from game.persist.profile import Profile as Opened
    from game.persist.settings import Settings

    profile = Opened.open(tmp_path)
    assert profile.save_settings(Settings())
    settings = tmp_path / "settings.json"
    before = settings.read_bytes()
    settings.chmod(0o444)
    assert not profile.save_settings(Settings(zoom=3))
    assert settings.read_bytes() == before
    [told] = profile.take_new_problems()[-1:]
    assert "cannot be replaced (it is read-only)" in told and "\n" not in told
    profile.close()
