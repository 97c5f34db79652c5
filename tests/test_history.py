"""The game history (SQLite): queries, resets, import, damage, and two windows at once."""

from __future__ import annotations

import datetime as dt
import os
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from records_doc import records_doc

from game.persist import history_file as history_module
from game.persist import store
from game.persist.game_record import BestTimeEntry, GameRecord, GameRecordError, finished_at_text
from game.persist.history import History
from game.persist.history_schema import SCHEMA_VERSION
from game.persist.paths import HISTORY_FILE
from game.persist.records import BestTime, Records, Stats
from game.rules import Difficulty

NOW = dt.datetime(2025, 3, 4, 5, 6, 7)

SIZES = {
    "beginner": (9, 9, 10),
    "intermediate": (16, 16, 40),
    "expert": (16, 30, 99),
    "custom": (20, 24, 99),
    "daily": (16, 30, 99),
}


def game(
    ms: int = 10_000,
    won: bool = True,
    difficulty: str = "beginner",
    day: int = 1,
    seed: str | None = "42",
    **fields: Any,
) -> GameRecord:
    """A finished game; day numbers make finished_at increase with the order."""
    rows, cols, mines = SIZES[difficulty]
    when = dt.datetime(2025, 1, 1) + dt.timedelta(days=day)
    return GameRecord(
        finished_at=finished_at_text(when),
        difficulty=difficulty,
        rows=rows,
        cols=cols,
        mines=mines,
        first_click="opening",
        seed=seed,
        won=won,
        ms=ms,
        **fields,
    )


def open_history(folder: Path) -> History:
    return History.open(folder / HISTORY_FILE, clock=lambda: NOW)


@pytest.fixture
def history(tmp_path: Path) -> History:
    opened = open_history(tmp_path)
    assert opened.problems == ()
    return opened


# ---------------------------------------------------------------- a new database


def test_a_new_history_is_an_empty_wal_database_of_the_current_version(tmp_path: Path) -> None:
    history = open_history(tmp_path)
    assert history.problems == () and not history.in_memory
    assert history.best_times("beginner") == []
    assert history.stats("expert") == Stats()
    assert history.games() == [] and history.last_name() == ""
    history.close()
    db = sqlite3.connect(tmp_path / HISTORY_FILE)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()


# ---------------------------------------------------------------- best times


def test_best_times_are_unhinted_wins_of_the_preset_fastest_first_ties_earlier_first(
    history: History,
) -> None:
    ids = [
        history.add_game(game(300, day=1)),
        history.add_game(game(100, day=2)),
        history.add_game(game(200, day=3)),
        history.add_game(game(100, day=4)),  # ties the second: goes below it
        history.add_game(game(50, day=5, used_hint=True)),  # hinted: never a best time
        history.add_game(game(10, won=False, day=6)),  # lost
        history.add_game(game(20, difficulty="intermediate", day=7)),
    ]
    assert ids == [1, 2, 3, 4, 5, 6, 7]
    assert history.set_name(2, "Bea")
    table = history.best_times("beginner")
    assert [(e.game_id, e.ms, e.name) for e in table] == [
        (2, 100, "Bea"),
        (4, 100, None),
        (3, 200, None),
        (1, 300, None),
    ]
    assert table[0].finished_at == "2025-01-03T00:00:00"
    assert [e.game_id for e in history.best_times(Difficulty.BEGINNER, limit=2)] == [2, 4]
    assert [e.game_id for e in history.best_times("intermediate")] == [7]
    assert history.best_times("expert") == []
    assert history.best_times("custom") == [] and history.best_times("daily") == []


def test_rank_of_counts_equal_times_above_and_stops_at_ten(history: History) -> None:
    for day, ms in enumerate([1000, 2000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000]):
        history.add_game(game(ms, day=day))
    assert history.rank_of("beginner", 999) == 1
    assert history.rank_of("beginner", 1000) == 2  # a tie goes below
    assert history.rank_of("beginner", 2000) == 4
    assert history.rank_of("beginner", 8999) == 10
    assert history.rank_of("beginner", 9000) is None
    assert history.qualifies("beginner", 8999) and not history.qualifies("beginner", 9000)
    assert history.rank_of("intermediate", 10**6) == 1
    assert history.rank_of("custom", 1) is None and not history.qualifies("daily", 1)
    assert history.place_of(1) == 1 and history.place_of(3) == 3
    late = history.add_game(game(9500, day=20))
    assert late is not None and history.place_of(late) is None and history.place_of(999) is None


# ---------------------------------------------------------------- statistics


def test_stats_count_every_ranked_game_and_follow_streaks_in_finished_order(
    history: History,
) -> None:
    outcomes = [True, False, True, True, False, True, True, True]
    for day, won in enumerate(outcomes):
        history.add_game(game(1000 * (day + 1), won=won, day=day))
    history.add_game(game(5, won=False, difficulty="expert"))
    # Unranked games (a hint, a practice game) count for no statistic and no streak.
    history.add_game(game(99_000, won=True, day=8, used_hint=True))
    history.add_game(game(99_000, won=False, day=9, unranked="a practice game"))
    stats = history.stats("beginner")
    wins_ms = sum(1000 * (day + 1) for day, won in enumerate(outcomes) if won)
    assert stats == Stats(played=8, won=6, current_streak=3, longest_streak=3, total_win_ms=wins_ms)
    assert history.count("beginner") == 10  # the history shows them all
    assert stats.win_percent == 75.0 and stats.average_win_ms == wins_ms / 6
    assert history.stats(Difficulty.EXPERT) == Stats(played=1)
    assert history.stats("expert").average_win_ms is None
    assert history.stats("custom") == Stats() and Stats().win_percent == 0.0


def test_best_rate_is_the_best_3bv_per_second_of_unhinted_wins(history: History) -> None:
    history.add_game(game(10_000, bbbv=20, bbbv_solved=20))  # 2.0
    history.add_game(game(4_000, bbbv=10, bbbv_solved=10))  # 2.5
    history.add_game(game(1_000, bbbv=30, bbbv_solved=30, used_hint=True))  # hinted
    history.add_game(game(1_000, won=False, bbbv=30, bbbv_solved=3))  # lost
    history.add_game(game(1))  # no 3BV known
    assert history.best_rate("beginner") == pytest.approx(2.5)
    assert history.best_rate("expert") is None


# ---------------------------------------------------------------- the list


def test_games_lists_newest_first_by_difficulty_with_paging(history: History) -> None:
    records = [game(100 + i, difficulty="custom" if i % 3 == 0 else "beginner") for i in range(10)]
    for record in records:
        history.add_game(record)
    listed = history.games()
    assert [g.id for g in listed] == list(range(10, 0, -1))
    assert [g.record for g in listed] == records[::-1]
    custom = history.games("custom")
    assert [g.id for g in custom] == [10, 7, 4, 1]
    assert [g.id for g in history.games(limit=3, offset=2)] == [8, 7, 6]
    assert history.count() == 10 and history.count("custom") == 4
    full = game(
        7,
        bbbv=5,
        bbbv_solved=5,
        left_clicks=9,
        right_clicks=2,
        chord_clicks=1,
        effective_clicks=8,
        replay="game-11.txt",
        name="Zoe",
    )
    history.add_game(full)
    assert history.games(limit=1)[0].record == full


# ---------------------------------------------------------------- resets


def test_resets_start_afresh_without_deleting_the_games(history: History) -> None:
    history.add_game(game(100, day=1))
    history.add_game(game(200, won=False, day=2))
    assert history.reset_best_times()
    assert history.best_times("beginner") == [] and history.best_rate("beginner") is None
    assert history.stats("beginner").played == 2  # statistics untouched
    history.add_game(game(300, day=3, bbbv=3))
    assert [e.ms for e in history.best_times("beginner")] == [300]
    assert history.reset_stats()
    assert history.stats("beginner") == Stats()
    assert [e.ms for e in history.best_times("beginner")] == [300]  # best times untouched
    history.add_game(game(400, day=4))
    assert history.stats("beginner") == Stats(1, 1, 1, 1, 400)
    assert history.count() == 4 and len(history.games()) == 4


# ---------------------------------------------------------------- names


def test_names_are_cleaned_and_the_last_one_entered_is_remembered(history: History) -> None:
    first = history.add_game(game(100, name="Ann"))
    assert history.last_name() == "Ann"
    second = history.add_game(game(50))
    assert first is not None and second is not None
    assert history.set_name(second, "  Bo\tb \x00 ")
    assert history.last_name() == "Bob"
    assert history.set_name(first, "")  # empty: the default name
    assert history.last_name() == "Anonymous"
    assert [e.name for e in history.best_times("beginner")] == ["Bob", "Anonymous"]
    assert not history.set_name(999, "Nobody")
    assert history.last_name() == "Anonymous"


# ---------------------------------------------------------------- GameRecord


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"finished_at": "2025-01-01 10:00:00"}, "YYYY-MM-DDTHH:MM:SS"),
        ({"finished_at": "2025-02-30T10:00:00"}, "does not exist"),
        ({"finished_at": dt.datetime(2025, 1, 1)}, "YYYY"),
        ({"difficulty": "hard"}, "difficulty"),
        ({"rows": 0}, "rows"),
        ({"rows": True}, "rows"),
        ({"mines": 81}, "mines"),
        ({"rows": 10}, "a beginner board is 9x9"),
        ({"first_click": "lucky"}, "first_click"),
        ({"seed": ""}, "seed"),
        ({"seed": 42}, "seed"),
        ({"won": 1}, "won"),
        ({"ms": -1}, "ms"),
        ({"ms": 1.5}, "ms"),
        ({"bbbv": 82}, "bbbv"),
        ({"bbbv": 5, "bbbv_solved": 6}, "bbbv_solved"),
        ({"left_clicks": -1}, "left_clicks"),
        ({"left_clicks": 2, "effective_clicks": 3}, "effective_clicks"),
        ({"used_hint": None}, "used_hint"),
        ({"name": " Ann"}, "name"),
        ({"name": ""}, "name"),
        ({"replay": "../x.txt"}, "replay"),
        ({"replay": "a\nb"}, "replay"),
    ],
)
def test_nonsense_records_are_refused(change: dict[str, Any], words: str) -> None:
    with pytest.raises(GameRecordError, match=words) as raised:
        game().replace(**change)
    assert isinstance(raised.value, ValueError)


def test_every_difficulty_and_rule_is_accepted() -> None:
    for difficulty in SIZES:
        for rule in ("opening", "safe", "noguess"):
            assert game(difficulty=difficulty).replace(first_click=rule, seed=None)
    assert GameRecord("2025-01-01T00:00:00.123456", "custom", 1, 2, 0, "safe", None, False, 0)


# ---------------------------------------------------------------- records.json import


def _old_records() -> Records:
    day = dt.date(2024, 6, 1)
    best = {
        Difficulty.BEGINNER: (BestTime("Ann", day, 5000), BestTime("Bob", day, 7000)),
        Difficulty.INTERMEDIATE: (BestTime("Cy", dt.date(2024, 7, 1), 60_000),),
        Difficulty.EXPERT: (),
    }
    stats = {
        Difficulty.BEGINNER: Stats(
            played=20, won=12, current_streak=2, longest_streak=5, total_win_ms=150_000
        ),
        Difficulty.INTERMEDIATE: Stats(played=3, won=1, longest_streak=1, total_win_ms=60_000),
        Difficulty.EXPERT: Stats(),
        Difficulty.CUSTOM: Stats(played=4, won=0),
    }
    return Records(best_times=best, stats=stats, last_name="Bob")


def _write_records(folder: Path, records: Records) -> bytes:
    text = store.dump_json(records_doc(records))
    (folder / "records.json").write_text(text, encoding="utf-8")
    return text.encode("utf-8")


def test_records_json_is_imported_once_and_left_untouched(tmp_path: Path) -> None:
    old = _old_records()
    _write_records(tmp_path, old)
    history = open_history(tmp_path)
    assert history.problems == ()
    for difficulty in Difficulty:
        mine, theirs = history.stats(difficulty), old.stats[difficulty]
        assert (mine.played, mine.won, mine.current_streak) == (
            theirs.played,
            theirs.won,
            theirs.current_streak,
        )
        assert (mine.longest_streak, mine.total_win_ms) == (
            theirs.longest_streak,
            theirs.total_win_ms,
        )
        if difficulty.is_preset:
            entries = history.best_times(difficulty)
            assert [(e.name, e.finished_at, e.ms) for e in entries] == [
                (t.name, t.date.isoformat(), t.ms) for t in old.best_times[difficulty]
            ]
            assert all(e.game_id is None for e in entries)
    assert history.last_name() == "Bob"
    assert history.rank_of("beginner", 5000) == 2  # below the imported equal time

    # New games continue the imported streak (2 wins in a row, longest 5).
    for day in range(4):
        history.add_game(game(6000, day=day))
    stats = history.stats("beginner")
    assert (stats.played, stats.won, stats.current_streak, stats.longest_streak) == (24, 16, 6, 6)
    assert stats.total_win_ms == 150_000 + 4 * 6000
    assert [e.ms for e in history.best_times("beginner")][:4] == [5000, 6000, 6000, 6000]
    history.add_game(game(1, won=False, day=9))
    assert history.stats("beginner").current_streak == 0
    assert history.stats("beginner").longest_streak == 6
    history.close()

    # Opening again does not import again, even if records.json changed since.
    _write_records(tmp_path, Records())
    again = open_history(tmp_path)
    assert again.stats("beginner").played == 25
    assert len(again.best_times("beginner")) == 6  # two imported, four won since
    again.close()


def test_the_import_leaves_records_json_byte_for_byte_as_it_was(tmp_path: Path) -> None:
    before = _write_records(tmp_path, _old_records())
    stamp = os.stat(tmp_path / "records.json").st_mtime_ns
    open_history(tmp_path).close()
    assert (tmp_path / "records.json").read_bytes() == before
    assert os.stat(tmp_path / "records.json").st_mtime_ns == stamp


def test_resets_drop_the_imported_part_of_their_kind(tmp_path: Path) -> None:
    _write_records(tmp_path, _old_records())
    history = open_history(tmp_path)
    history.reset_best_times()
    assert history.best_times("beginner") == []
    assert history.stats("beginner").played == 20
    history.reset_stats()
    assert history.stats("beginner") == Stats()


@pytest.mark.parametrize(
    "contents",
    [b"{not json", b'{"version": 99}', b'{"version": 1, "stats": 5}', b"\xff\xfe", b""],
    ids=["broken", "newer", "bad-field", "binary", "empty"],
)
def test_a_damaged_records_json_is_not_imported_and_left_untouched(
    tmp_path: Path, contents: bytes
) -> None:
    (tmp_path / "records.json").write_bytes(contents)
    history = open_history(tmp_path)
    assert len(history.problems) == 1
    assert str(tmp_path / "records.json") in history.problems[0]
    assert "left as it is" in history.problems[0]
    assert not history.in_memory
    assert history.add_game(game()) == 1 and history.stats("beginner").played == 1
    assert (tmp_path / "records.json").read_bytes() == contents
    assert sorted(p.name for p in tmp_path.iterdir() if "corrupt" in p.name) == []


# ---------------------------------------------------------------- upgrades


def test_a_pre_release_version_0_database_is_upgraded_with_its_games(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_FILE
    db = sqlite3.connect(path)
    db.execute(
        """CREATE TABLE games (id INTEGER PRIMARY KEY, finished_at TEXT NOT NULL,
        difficulty TEXT NOT NULL, rows INTEGER NOT NULL, cols INTEGER NOT NULL,
        mines INTEGER NOT NULL, won INTEGER NOT NULL, ms INTEGER NOT NULL, name TEXT)"""
    )
    db.executemany(
        "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (1, "2024-01-01T10:00:00", "beginner", 9, 9, 10, 1, 9000, "Old"),
            (2, "2024-01-02T10:00:00", "beginner", 9, 9, 10, 0, 3000, None),
            (3, "2024-01-03T10:00:00", "expert", 16, 30, 99, 1, 99000, "Older"),
        ],
    )
    db.commit()
    db.close()
    # records.json is only imported into a new database, not into an upgraded one.
    _write_records(tmp_path, _old_records())
    history = open_history(tmp_path)
    assert history.problems == ()
    assert [g.id for g in history.games()] == [3, 2, 1]
    oldest = history.games("beginner")[-1].record
    assert (oldest.first_click, oldest.bbbv, oldest.left_clicks, oldest.name) == (
        "opening",
        None,
        0,
        "Old",
    )
    assert history.stats("beginner") == Stats(2, 1, 0, 1, 9000)
    assert history.last_name() == "Older"
    assert history.add_game(game()) == 4
    history.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()


# ---------------------------------------------------------------- damaged databases


def _real_database(folder: Path, games: int = 300) -> bytes:
    history = open_history(folder)
    for day in range(games):
        history.add_game(game(1000 + day, day=day % 300, seed="x" * 200))
    history.close()
    data = (folder / HISTORY_FILE).read_bytes()
    (folder / HISTORY_FILE).unlink()
    return data


def _with_tables(sql: str, version: int = 1) -> bytes:
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "x.sqlite3"
        db = sqlite3.connect(path)
        db.execute(sql)
        db.execute(f"PRAGMA user_version = {version}")
        db.commit()
        db.close()
        return path.read_bytes()


def _newer_database(folder: Path) -> bytes:
    data = _real_database(folder, 3)
    path = folder / "newer.sqlite3"
    path.write_bytes(data)
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    data = path.read_bytes()
    path.unlink()
    return data


DAMAGE = {
    "random bytes": lambda folder: os.urandom(5000),
    "truncated": lambda folder: _real_database(folder)[: 3 * 4096 + 100],
    "header only": lambda folder: _real_database(folder)[:100],
    "text": lambda folder: b"These are my notes, not a database.\n" * 40,
    "wrong tables": lambda folder: _with_tables("CREATE TABLE games (id, when_, what)"),
    "wrong version 0 tables": lambda folder: _with_tables("CREATE TABLE other (x)", 0),
}


def test_a_newer_versions_history_is_never_renamed_nor_written(tmp_path: Path) -> None:
    data = _newer_database(tmp_path)
    path = tmp_path / HISTORY_FILE
    path.write_bytes(data)
    history = open_history(tmp_path)
    assert len(history.problems) == 1, history.problems
    assert "made by a newer version" in history.problems[0]
    assert "games played now are not saved" in history.problems[0]
    assert history.in_memory
    assert history.add_game(game()) == 1  # kept for the session, in memory
    history.close()
    assert path.read_bytes() == data
    assert sorted(p.name for p in tmp_path.iterdir()) == [HISTORY_FILE]


@pytest.mark.parametrize("kind", list(DAMAGE))
def test_a_damaged_database_is_moved_aside_once_and_a_new_one_works(
    tmp_path: Path, kind: str
) -> None:
    data = DAMAGE[kind](tmp_path)
    path = tmp_path / HISTORY_FILE
    path.write_bytes(data)
    history = open_history(tmp_path)
    moved = tmp_path / f"{HISTORY_FILE}.corrupt-20250304-050607"
    assert len(history.problems) == 1, history.problems
    assert str(moved) in history.problems[0]
    assert moved.read_bytes() == data
    assert not history.in_memory
    assert history.add_game(game()) == 1
    assert history.stats("beginner").played == 1
    history.close()
    again = open_history(tmp_path)
    assert again.problems == () and again.count() == 1
    again.close()


def test_leftover_log_files_beside_a_damaged_database_do_not_reach_the_new_one(
    tmp_path: Path,
) -> None:
    path = tmp_path / HISTORY_FILE
    path.write_bytes(b"garbage" * 100)
    Path(f"{path}-wal").write_bytes(b"old log")
    Path(f"{path}-shm").write_bytes(b"old index")
    history = open_history(tmp_path)
    assert len(history.problems) == 1 and "moved to" in history.problems[0]
    assert history.add_game(game()) == 1
    history.close()
    again = open_history(tmp_path)
    assert again.problems == () and again.count() == 1


def test_a_damaged_database_is_never_moved_over_an_earlier_one(tmp_path: Path) -> None:
    for round_ in range(3):
        (tmp_path / HISTORY_FILE).write_bytes(b"junk %d" % round_ * 100)
        open_history(tmp_path).close()
    kept = sorted(p.name for p in tmp_path.iterdir() if ".corrupt-" in p.name)
    assert kept == [
        f"{HISTORY_FILE}.corrupt-20250304-050607",
        f"{HISTORY_FILE}.corrupt-20250304-050607-2",
        f"{HISTORY_FILE}.corrupt-20250304-050607-3",
    ]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=3000) | st.sampled_from([b"SQLite format 3\x00" + bytes(200)]))
def test_any_bytes_as_the_database_never_raise(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        (folder / HISTORY_FILE).write_bytes(data)
        history = open_history(folder)
        assert len(history.problems) <= 1
        assert history.add_game(game()) is not None
        assert history.stats("beginner").played == 1
        assert history.best_times("beginner")[0].ms == 10_000
        history.close()


# ---------------------------------------------------------------- no usable folder


def _assert_in_memory_with_one_message(history: History, words: str) -> None:
    assert history.in_memory
    assert len(history.problems) == 1 and words in history.problems[0]
    assert "kept until you close the game" in history.problems[0]
    assert history.add_game(game(500)) == 1
    assert history.set_name(1, "Mo") and history.last_name() == "Mo"
    assert history.best_times("beginner") == [BestTimeEntry("Mo", "2025-01-02T00:00:00", 500, 1)]
    assert history.stats("beginner") == Stats(1, 1, 1, 1, 500)
    assert history.take_new_problems() == list(history.problems)
    assert history.take_new_problems() == []


def test_a_folder_in_the_way_of_the_file_means_memory_for_the_session(tmp_path: Path) -> None:
    (tmp_path / HISTORY_FILE).mkdir()
    history = open_history(tmp_path)
    _assert_in_memory_with_one_message(history, "is not a file")


def test_a_data_folder_that_cannot_be_made_means_memory(tmp_path: Path) -> None:
    (tmp_path / "blocker").write_text("a file where the folder should be")
    history = History.open(tmp_path / "blocker" / "data" / HISTORY_FILE, clock=lambda: NOW)
    _assert_in_memory_with_one_message(history, "could not be opened")


def test_a_database_that_cannot_be_opened_means_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_connect = sqlite3.connect

    def read_only_folder(target: str, *args: Any, **kwargs: Any) -> sqlite3.Connection:
        if target != ":memory:":
            raise sqlite3.OperationalError("unable to open database file")
        connection: sqlite3.Connection = real_connect(target, *args, **kwargs)
        return connection

    monkeypatch.setattr(sqlite3, "connect", read_only_folder)
    history = open_history(tmp_path)
    _assert_in_memory_with_one_message(history, "unable to open database file")


def test_the_import_still_happens_in_memory(tmp_path: Path) -> None:
    _write_records(tmp_path, _old_records())
    (tmp_path / HISTORY_FILE).mkdir()
    history = open_history(tmp_path)
    assert history.in_memory and len(history.problems) == 1
    assert history.stats("beginner").played == 20


def test_a_damaged_database_that_cannot_be_moved_is_left_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(path: Path, now: dt.datetime) -> Path:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(store, "move_aside", refuse)
    (tmp_path / HISTORY_FILE).write_bytes(b"junk" * 1000)
    history = open_history(tmp_path)
    _assert_in_memory_with_one_message(history, "could not be moved aside")
    assert (tmp_path / HISTORY_FILE).read_bytes() == b"junk" * 1000


# ---------------------------------------------------------------- another window


def test_a_change_is_visible_to_another_window_at_once(tmp_path: Path) -> None:
    one, two = open_history(tmp_path), open_history(tmp_path)
    assert two.stats("beginner") == Stats()
    game_id = one.add_game(game(700))
    assert game_id is not None
    assert two.stats("beginner").played == 1
    assert [e.ms for e in two.best_times("beginner")] == [700]
    assert two.set_name(game_id, "Two")
    assert one.best_times("beginner")[0].name == "Two" and one.last_name() == "Two"
    two.reset_stats()
    assert one.stats("beginner") == Stats()
    # A plain connection (a crash of the first window right now) sees it too.
    db = sqlite3.connect(tmp_path / HISTORY_FILE)
    assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 1
    db.close()


def test_a_window_locked_out_too_long_loses_that_change_with_a_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(history_module, "BUSY_TIMEOUT_MS", 50)
    history = open_history(tmp_path)
    history.add_game(game(100))
    other = sqlite3.connect(tmp_path / HISTORY_FILE, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another window holding the write lock
    assert history.add_game(game(200)) is None
    assert not history.set_name(1, "Late")
    assert not history.reset_best_times()
    assert len(history.problems) == 3
    assert all("busy" in message for message in history.problems)
    assert history.stats("beginner").played == 1  # reading still works (WAL)
    other.execute("ROLLBACK")
    other.close()
    assert history.add_game(game(300)) == 2
    assert history.stats("beginner").played == 2


def test_closed_history_answers_empty_and_saves_nothing(history: History) -> None:
    history.add_game(game())
    history.close()
    history.close()
    assert history.add_game(game()) is None
    assert history.stats("beginner") == Stats() and history.games() == []
    assert history.problems == ()


_WINDOW = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from game.persist.game_record import GameRecord
    from game.persist.history import History

    path, who, count = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    history = History.open(path)
    for i in range(count):
        record = GameRecord(
            "2025-01-01T00:00:00", "beginner", 9, 9, 10, "opening", f"{who}-{i}",
            won=i % 3 != 0, ms=1000 + i,
        )
        game_id = history.add_game(record)
        assert game_id is not None, history.problems
        if record.won:
            assert history.set_name(game_id, who), history.problems
        history.stats("beginner")
    assert history.problems == (), history.problems
    history.close()
    """
)


@pytest.mark.parametrize(
    ("names", "count"), [(("left", "right"), 300), (("north", "east", "south", "west"), 200)]
)
def test_two_windows_adding_games_at_once_lose_none(
    tmp_path: Path, names: tuple[str, ...], count: int
) -> None:
    """Two windows, and four (the issue's 4 x 200 into one folder), lose nothing."""
    path = tmp_path / HISTORY_FILE
    started = time.perf_counter()
    windows = [
        subprocess.Popen(
            [sys.executable, "-c", _WINDOW, str(path), who, str(count)],
            cwd=Path(__file__).resolve().parent.parent,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for who in names
    ]
    for window in windows:
        _out, err = window.communicate(timeout=60)
        assert window.returncode == 0, err
    elapsed = time.perf_counter() - started
    history = open_history(tmp_path)
    n = len(names)
    assert history.count() == n * count
    seeds = {g.record.seed for g in history.games(limit=10 * n * count)}
    assert seeds == {f"{who}-{i}" for who in names for i in range(count)}
    wins = sum(1 for i in range(count) if i % 3 != 0)
    stats = history.stats("beginner")
    assert (stats.played, stats.won) == (n * count, n * wins)
    assert stats.total_win_ms == n * sum(1000 + i for i in range(count) if i % 3 != 0)
    named = [g for g in history.games(limit=10 * n * count) if g.record.name is not None]
    assert len(named) == n * wins
    assert all(g.record.name == g.record.seed.split("-")[0] for g in named if g.record.seed)
    assert history.last_name() in names
    assert elapsed < 30
    history.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    db.close()


def _open_many(folder: str, rounds: int, barrier: Any, results: Any) -> None:
    """A window opening a new history at the same moment as another, many times."""
    for i in range(rounds):
        barrier.wait()
        history = History.open(Path(folder) / f"{i}.sqlite3")
        results.put((i, history.problems))
        history.close()


def test_two_windows_making_a_new_history_at_once_both_use_it(tmp_path: Path) -> None:
    """Once, the second window read the new file's version before the first window's
    commit and its tables after it, took that for damage and moved the file aside."""
    import multiprocessing

    rounds = 60
    context = multiprocessing.get_context("spawn")
    barrier, results = context.Barrier(2), context.Queue()
    workers = [
        context.Process(target=_open_many, args=(str(tmp_path), rounds, barrier, results))
        for _ in range(2)
    ]
    for worker in workers:
        worker.start()
    seen = [results.get(timeout=60) for _ in range(2 * rounds)]
    for worker in workers:
        worker.join(timeout=60)
        assert worker.exitcode == 0
    assert [problems for _, problems in seen if problems] == []
    assert not list(tmp_path.glob("*.corrupt-*"))


# ---------------------------------------------------------------- abandoned games, board codes


def test_abandoned_games_and_board_codes_are_kept_and_the_codes_filtered(tmp_path: Path) -> None:
    from game.modes.category import CODE_KIND as CODE_FILTER
    from game.persist.game_record import Sort

    history = open_history(tmp_path)
    history.add_game(game(9000))
    history.add_game(game(5000, won=False).replace(abandoned=True))
    # The games from board codes are ranked among themselves: a difficulty of their own.
    history.add_game(game(7000).replace(difficulty=CODE_FILTER, code="B2-abc"))
    history.add_game(game(3000, won=False).replace(difficulty=CODE_FILTER, code="B2-def"))
    history.add_game(game(6000).replace(difficulty=CODE_FILTER, code="B2-abc", used_hint=True))
    assert history.count(CODE_FILTER) == 3 and history.count(CODE_FILTER, True) == 2
    assert history.code_record("B2-abc") == (7000, 2)  # the best ranked time, the games
    assert history.code_record("B2-none") == (None, 0)
    assert history.stats(CODE_FILTER).played == 2 and history.best_times(CODE_FILTER) == []
    assert [g.record.code for g in history.page(CODE_FILTER)] == ["B2-abc", "B2-def", "B2-abc"]
    assert [g.record.ms for g in history.page(CODE_FILTER, sort=Sort.TIME)] == [3000, 6000, 7000]
    assert [g.record.code for g in history.page(CODE_FILTER, won=False)] == ["B2-def"]
    assert [g.record.abandoned for g in history.page("beginner")] == [True, False]
    assert history.stats("beginner").played == 2  # an abandoned game counts as lost
    with pytest.raises(GameRecordError):
        game().replace(abandoned=True)  # won and abandoned at once
    history.close()


def test_a_version_4_history_gains_the_abandoned_code_and_death_columns(tmp_path: Path) -> None:
    history = open_history(tmp_path)
    history.add_game(game(9000))
    history.add_game(game(4000, won=False))
    history.close()
    db = sqlite3.connect(tmp_path / HISTORY_FILE)
    db.execute("DROP INDEX games_by_code")
    db.execute("DROP INDEX games_by_death")
    for column in ("unranked", "death_col", "death_row", "code", "abandoned"):
        db.execute(f"ALTER TABLE games DROP COLUMN {column}")
    db.execute("PRAGMA user_version = 4")
    db.commit()
    db.close()
    history = open_history(tmp_path)
    assert history.problems == ()
    assert [(g.record.abandoned, g.record.code) for g in history.games()] == [(False, None)] * 2
    history.add_game(game(3000, won=False).replace(abandoned=True, code="B2-x"))
    assert history.games()[0].record.abandoned and history.games()[0].record.code == "B2-x"
    history.close()
    db = sqlite3.connect(tmp_path / HISTORY_FILE)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 6
    db.close()


def test_a_version_5_history_puts_each_no_guess_game_in_its_own_category(
    tmp_path: Path,
) -> None:
    """Schema 6: the no-guess games leave their size's tables for their own (the
    community ranks them apart); nothing is lost and the statistics are recounted."""
    history = open_history(tmp_path)
    history.add_game(game(9000))
    history.add_game(game(4000).replace(first_click="noguess"))
    history.add_game(game(5000, won=False).replace(first_click="noguess"))
    history.add_game(game(6000).replace(first_click="noguess", difficulty="daily"))
    history.close()
    db = sqlite3.connect(tmp_path / HISTORY_FILE)  # as version 5 kept them: all under the size
    db.execute("UPDATE games SET difficulty = 'beginner' WHERE difficulty = 'beginner/no-guess'")
    db.execute("PRAGMA user_version = 5")
    db.commit()
    db.close()
    history = open_history(tmp_path)
    assert history.problems == ()
    kinds = sorted(g.record.difficulty for g in history.games())
    assert kinds == ["beginner", "beginner/no-guess", "beginner/no-guess", "daily"]
    assert [e.ms for e in history.best_times("beginner")] == [9000]
    assert [e.ms for e in history.best_times("beginner/no-guess")] == [4000]
    assert history.stats("beginner").played == 1 and history.stats("beginner/no-guess").played == 2
    history.close()


def test_a_no_guess_game_named_by_its_size_alone_joins_the_no_guess_category() -> None:
    """An older export's row ("beginner", first click no guessing) is kept among its own."""
    assert game().replace(first_click="noguess").difficulty == "beginner/no-guess"
    assert game().replace(first_click="safe").difficulty == "beginner"


def test_deaths_are_counted_per_cell_of_a_board_size_and_the_median_rate_read(
    tmp_path: Path,
) -> None:
    history = open_history(tmp_path)
    for cell in [(0, 0), (0, 0), (3, 4)]:
        history.add_game(game(2000, won=False, death_row=cell[0], death_col=cell[1]))
    history.add_game(game(2000, won=False, difficulty="expert", death_row=0, death_col=0))
    for ms, bbbv in [(10_000, 20), (5_000, 20), (20_000, 20)]:  # 2, 4 and 1 3BV/s
        history.add_game(game(ms, bbbv=bbbv, bbbv_solved=bbbv))
    assert history.deaths(9, 9) == {(0, 0): 2, (3, 4): 1}
    assert history.deaths(16, 30) == {(0, 0): 1} and history.deaths(16, 16) == {}
    assert history.median_rate("beginner") == 2.0 and history.best_rate("beginner") == 4.0
    assert history.median_rate("expert") is None
    with pytest.raises(GameRecordError):
        game(won=True, death_row=0, death_col=0)  # a won game has no death
    with pytest.raises(GameRecordError):
        game(won=False, death_row=9, death_col=0)  # off the board
    with pytest.raises(GameRecordError):
        game(won=False, death_row=1)  # a row without its column
    history.close()
