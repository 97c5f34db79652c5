"""The history at scale: tallies kept as games are recorded, indexed pages, the
upgrade of an existing file, checks only after an unclean exit, damage found
later, SQLite loaded only when the history is first asked for, a full disk."""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks import history_fill
from game.modes.category import NO_GUESS, Category
from game.persist import history_faults
from game.persist import history_queries as sql
from game.persist.game_record import GameRecord, Sort, StoredGame
from game.persist.history import History
from game.persist.paths import HISTORY_FILE
from game.persist.records import Stats
from game.rules import Difficulty

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
NOW = dt.datetime(2025, 3, 4, 5, 6, 7)


def open_history(path: Path) -> History:
    return History.open(path, clock=lambda: NOW)


def dump(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    db = sqlite3.connect(path)
    try:
        return {
            table: db.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall()
            for table in ("games", "tallies", "counts", "resets", "meta")
        }
    finally:
        db.close()


def test_the_fast_fill_makes_the_same_tables_as_recording_each_game(tmp_path: Path) -> None:
    count = 400
    history_fill.fill(tmp_path / "fast.sqlite3", count)
    history = open_history(tmp_path / "slow.sqlite3")
    for i in range(1, count + 1):
        assert history.add_game(history_fill.record(i)) == i
    history.close()
    fast, slow = dump(tmp_path / "fast.sqlite3"), dump(tmp_path / "slow.sqlite3")
    assert len(fast["games"]) == count and fast["tallies"] and fast["counts"]
    assert fast == slow


def test_a_version_2_history_is_upgraded_with_the_same_answers(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_FILE
    shutil.copy(DATA / "history-v2.sqlite3", path)
    expected = json.loads((DATA / "history-v2.expected.json").read_text())
    history = open_history(path)
    assert history.problems == ()
    db = sqlite3.connect(DATA / "history-v2.sqlite3")
    legacy = {row[0]: Stats(*row[1:]) for row in db.execute("SELECT * FROM legacy_stats")}
    no_guess_ids = {
        row[0] for row in db.execute("SELECT id FROM games WHERE first_click = 'noguess'")
    }
    db.close()
    assert no_guess_ids  # (the file has no-guess games to carry into their category)
    for d in Difficulty:
        s = history.stats(d)
        if d.value not in expected:  # a board added since (the ranked Beginner): no games
            assert s.played == 0 and history.count(d) == 0 and not history.best_times(d)
            continue
        want = expected[d.value]
        # Since version 5 an assisted game counts in no statistic: the imported counters,
        # then every ranked game in the order played (the golden figures counted all).
        stats = legacy.get(d.value, Stats())
        for stored in reversed(history.games(d, limit=10_000)):
            if stored.record.ranked:
                stats = stats.record(stored.record.won, stored.record.ms)
        assert s == stats and s.played < want["stats"][0]
        # Since version 6 a no-guess game is kept in its own category ("expert/no-guess"):
        # the golden answers, which counted the two together, are split between them,
        # each keeping its order, and no game is lost.
        guessless = Category(d, NO_GUESS).key
        times = [[e.name, e.finished_at, e.ms, e.game_id] for e in history.best_times(d)]
        apart = [[e.name, e.finished_at, e.ms, e.game_id] for e in history.best_times(guessless)]
        golden = want["best_times"]
        random_golden = [e for e in golden if e[3] not in no_guess_ids]
        assert times[: len(random_golden)] == random_golden
        assert apart[: len(golden) - len(random_golden)] == [
            e for e in golden if e not in random_golden
        ]
        rates = [r for r in (history.best_rate(d), history.best_rate(guessless)) if r is not None]
        assert max(rates, default=None) == want["best_rate"]
        assert history.count(d) + history.count(guessless) == want["count"]
    # The daily of 2025-01-10 was won only with a hint: since version 5 that day is
    # played but not won, so the streak to the 11th is 1 and the longest 9 (1st-9th).
    days = history.daily(dt.date(2025, 1, 12))
    daily = [getattr(days, name) for name in days.fields]
    assert expected["daily_stats"] == [11, 11, 11, 11, None, 23703]
    assert daily == [11, 10, 1, 9, None, 23703]
    assert history.last_name() == expected["last_name"]
    assert history.count() == expected["count"]
    assert [g.id for g in history.games(limit=20)] == expected["newest"]
    # And it goes on from there as a history made at version 3 would.
    before = history.stats("beginner")
    history.add_game(history_fill.record(10))  # a beginner game
    assert history.stats("beginner").played == before.played + 1
    history.close()


def _model(games: list[GameRecord], resets: list[int]) -> Stats:
    stats = Stats()
    for index, record in enumerate(games, start=1):
        if index - 1 in resets:
            stats = Stats()
        stats = stats.record(record.won, record.ms)
    if len(games) in resets:
        stats = Stats()
    return stats


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(1, 5000), min_size=0, max_size=40),
    st.sets(st.integers(0, 40), max_size=3),
)
def test_the_tallies_are_the_statistics_of_the_games_since_the_reset(
    picks: list[int], resets: set[int]
) -> None:
    history = History.memory(clock=lambda: NOW)
    games = [history_fill.record(i) for i in picks]
    resets = {r for r in resets if r <= len(games)}
    for index, record in enumerate(games):
        if index in resets:
            history.reset_stats()
        history.add_game(record)
    if len(games) in resets:
        history.reset_stats()
    for d in Difficulty:  # (the ranked games alone: an assisted one counts for nothing)
        ranked = [g for g in games if g.difficulty == d.value and g.ranked]
        assert history.stats(d) == _model(ranked, _resets_for(games, resets, d.value, True))
    history.close()


def _resets_for(
    games: list[GameRecord], resets: set[int], difficulty: str, ranked: bool = False
) -> list[int]:
    """The resets as positions among one difficulty's games (its ranked ones)."""
    return [
        sum(1 for g in games[:r] if g.difficulty == difficulty and (g.ranked or not ranked))
        for r in resets
    ]


def _expected_page(
    games: list[StoredGame], difficulty: str | None, won: bool | None, sort: Sort
) -> list[int]:
    chosen = [
        g
        for g in games
        if (difficulty is None or g.record.difficulty == difficulty)
        and (won is None or g.record.won == won)
    ]

    def rate(g: StoredGame) -> float:
        r = g.record
        return -1.0 if r.bbbv is None or r.ms == 0 else r.bbbv * 1000.0 / r.ms

    keys = {
        Sort.DATE: lambda g: -g.id,
        Sort.TIME: lambda g: (g.record.ms, g.id),
        Sort.RATE: lambda g: (-rate(g), -g.id),
    }
    return [g.id for g in sorted(chosen, key=keys[sort])]


def test_every_page_filter_and_sort_matches_sorting_every_game(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_FILE
    history_fill.fill(path, 700)
    history = open_history(path)
    everything = history.games(limit=10_000)
    assert len(everything) == 700
    for difficulty in (None, "beginner", "custom", "daily"):
        for won in (None, True, False):
            assert history.count(difficulty, won) == len(
                _expected_page(everything, difficulty, won, Sort.DATE)
            )
            for sort in Sort:
                want = _expected_page(everything, difficulty, won, sort)
                for offset in (0, 50, 230):
                    got = history.page(difficulty, won, sort, offset=offset)
                    assert [g.id for g in got] == want[offset : offset + 50]
    history.close()


def _steps(path: Path, ask: Callable[[sqlite3.Connection], object]) -> int:
    """How much work SQLite does to answer (virtual machine steps, in hundreds)."""
    db = sqlite3.connect(path)
    steps = [0]

    def count() -> int:
        steps[0] += 1
        return 0

    db.set_progress_handler(count, 100)
    try:
        ask(db)
    finally:
        db.close()
    return steps[0]


def _page_question(
    difficulty: str | None, won: bool | None, sort: Sort
) -> Callable[[sqlite3.Connection], object]:
    return lambda db: sql.page(db, difficulty, won, sort)


QUESTIONS: dict[str, Callable[[sqlite3.Connection], object]] = {
    "stats": lambda db: sql.stats(db, "beginner"),
    "best times": lambda db: sql.best_times(db, "expert", 10),
    "best rate": lambda db: sql.best_rate(db, "intermediate"),
    "count": lambda db: sql.count(db, None, True),
    **{
        f"page {sort.value} {difficulty} {won}": _page_question(difficulty, won, sort)
        for sort in Sort
        for difficulty in (None, "expert")
        for won in (None, False)
    },
}


def test_no_question_reads_every_game(tmp_path: Path) -> None:
    """The work to answer each question does not grow with the history: the same
    at 2,000 and 40,000 games, give or take."""
    small, large = tmp_path / "small.sqlite3", tmp_path / "large.sqlite3"
    history_fill.fill(small, 2_000)
    history_fill.fill(large, 40_000)
    for name, ask in QUESTIONS.items():
        assert _steps(large, ask) <= 2 * _steps(small, ask) + 20, name
    # While a scan of the games grows with them (the measure can fail).
    scan: Callable[[sqlite3.Connection], object] = lambda db: db.execute(  # noqa: E731
        "SELECT max(ms) FROM games WHERE seed LIKE '%7'"
    ).fetchall()
    assert _steps(large, scan) > 10 * _steps(small, scan)


def _damage_pages(path: Path) -> bytes:
    """Overwrite every page after the first with noise; the damaged bytes."""
    data = bytearray(path.read_bytes())
    page = 4096
    for start in range(page, len(data), page):
        data[start : start + page] = bytes((start // page * 37 + k) % 251 for k in range(page))
    path.write_bytes(bytes(data))
    return bytes(data)


def test_a_clean_start_does_not_read_the_whole_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / HISTORY_FILE
    history_fill.fill(path, 300)
    checked: list[int] = []
    real = history_faults.quick_check

    def spy(db: sqlite3.Connection) -> list[str]:
        checked.append(1)
        return real(db)

    monkeypatch.setattr("game.persist.history_file.quick_check", spy)
    history = open_history(path)
    assert list(tmp_path.glob("*.running-*")) == [
        path.with_name(f"{HISTORY_FILE}.running-{os.getpid()}")
    ]
    history.close()
    assert checked == [] and list(tmp_path.glob("*.running-*")) == []


def test_after_an_unclean_exit_the_file_is_checked_and_damage_moved_aside(
    tmp_path: Path,
) -> None:
    path = tmp_path / HISTORY_FILE
    history_fill.fill(path, 300)
    # A window that died with the history open: its marker stays (pid 2**22 + 1
    # is above Linux's largest). The damage is where no start-up query looks.
    dead = path.with_name(f"{HISTORY_FILE}.running-{2**22 + 1}")
    dead.touch()
    db = sqlite3.connect(path)
    root = db.execute("SELECT rootpage FROM sqlite_schema WHERE name = 'games_by_rate'").fetchone()
    db.close()
    data = bytearray(path.read_bytes())
    start = (root[0] - 1) * 4096
    data[start + 8 : start + 4096] = b"\xff" * (4096 - 8)
    path.write_bytes(bytes(data))
    history = open_history(path)
    assert len(history.problems) == 1 and "damaged" in history.problems[0]
    moved = tmp_path / f"{HISTORY_FILE}.corrupt-20250304-050607"
    assert moved.read_bytes() == bytes(data)
    assert not dead.exists() and history.count() == 0
    history.close()


def test_damage_that_appears_while_playing_is_met_as_at_start(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_FILE
    history_fill.fill(path, 500)
    history = open_history(path)
    ranked = sum(
        1
        for i in range(1, 501)
        if history_fill.record(i).difficulty == "expert" and history_fill.record(i).ranked
    )
    assert history.stats("expert").played == ranked
    data = _damage_pages(path)  # a page overwritten while the game runs
    history.close()
    history = open_history(path)  # (no marker is left: a clean exit; no check)
    assert history.problems == ()
    game_id = history.add_game(history_fill.record(3))
    assert len(history.problems) == 1, history.problems
    assert "damaged" in history.problems[0]
    moved = tmp_path / f"{HISTORY_FILE}.corrupt-20250304-050607"
    assert moved.read_bytes() == data  # the earlier games are all there, as they were
    assert game_id == 1 and history.count() == 1 and not history.in_memory
    history.stats("beginner")
    assert len(history.problems) == 1  # said once
    history.close()


_LAZY = textwrap.dedent(
    """
    import sys
    from game.persist.profile import Profile
    from game.rules import Difficulty
    profile = Profile.open(sys.argv[1])
    profile.settings
    profile.saved_game
    assert "sqlite3" not in sys.modules, "sqlite3 loaded before the history was asked for"
    assert profile.stats(Difficulty.BEGINNER).played == int(sys.argv[2])
    assert "sqlite3" in sys.modules
    profile.close()
    """
)


def test_opening_the_profile_does_not_load_sqlite(tmp_path: Path) -> None:
    history_fill.fill(tmp_path / HISTORY_FILE, 100)
    run = subprocess.run(
        [sys.executable, "-c", _LAZY, str(tmp_path), "40"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr


_FULL_DISK = textwrap.dedent(
    """
    import resource, signal, sys
    from pathlib import Path
    from benchmarks import history_fill
    from game.persist.history import History

    path = Path(sys.argv[1])
    history = History.open(path)
    # No file may grow by more than 100 kB beyond the largest now: the disk is full.
    room = 100_000 + max(p.stat().st_size for p in path.parent.iterdir())
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (room, room))
    kept = 0
    for i in range(1, 2000):
        if history.add_game(history_fill.record(i)) is None:
            break
        kept += 1
    assert history.add_game(history_fill.record(5000)) is None
    print(kept)
    print(history.problems[-1])
    """
)


def test_a_full_disk_refuses_each_game_with_words_and_keeps_the_earlier_ones(
    tmp_path: Path,
) -> None:
    path = tmp_path / HISTORY_FILE
    run = subprocess.run(
        [sys.executable, "-c", _FULL_DISK, str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    kept_text, message = run.stdout.splitlines()[:2]
    kept = int(kept_text)
    assert 0 < kept < 1999
    assert message.startswith("This game was not saved: ")
    assert message.endswith("Your earlier games are safe.")
    history = open_history(path)
    assert history.count() == kept and history.problems == ()
    history.close()


_RECORDER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from benchmarks import history_fill
    from game.persist.history import History

    history = History.open(Path(sys.argv[1]))
    print("open", flush=True)
    i = int(sys.argv[2])
    while True:
        assert history.add_game(history_fill.record(i)) is not None, history.problems
        i += 1
    """
)


def test_killed_while_recording_the_history_stays_whole(tmp_path: Path) -> None:
    """kill -9 in the middle of recording, again and again: every start after finds
    the marker of the dead window, checks the file, finds it sound, and goes on."""
    import signal

    path = tmp_path / HISTORY_FILE
    for round_ in range(6):
        count = 0
        if path.exists():
            history = open_history(path)
            assert history.problems == (), history.problems
            count = history.count()
            history.close()
        recorder = subprocess.Popen(
            [sys.executable, "-c", _RECORDER, str(path), str(count + 1)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert recorder.stdout is not None and recorder.stdout.readline() == "open\n"
        time.sleep(0.05 + 0.03 * round_)
        recorder.send_signal(signal.SIGKILL)
        recorder.wait(timeout=30)
        assert len(list(tmp_path.glob("*.running-*"))) == 1  # the dead window's
    history = open_history(path)
    assert history.problems == () and history.count() > 0
    assert list(tmp_path.glob("*.running-*")) == [
        path.with_name(f"{HISTORY_FILE}.running-{os.getpid()}")
    ]
    ids = [g.id for g in history.page(limit=history.count())]
    assert ids == list(range(history.count(), 0, -1))  # no gap, nothing half written
    history.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    db.close()


def test_another_process_writing_does_not_hold_up_the_start(tmp_path: Path) -> None:
    history_fill.fill(tmp_path / HISTORY_FILE, 1000)
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sqlite3, sys, time\n"
            "db = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
            "db.execute('BEGIN IMMEDIATE')\n"
            "db.execute(\"INSERT INTO meta VALUES ('x', 'y')\")\n"
            "print('holding', flush=True)\n"
            "time.sleep(30)\n",
            str(tmp_path / HISTORY_FILE),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "holding\n"
        from game.persist.profile import Profile

        started = time.perf_counter()
        profile = Profile.open(tmp_path)
        ranked = [history_fill.record(i) for i in range(1, 1001)]
        assert profile.stats(Difficulty.EXPERT).played == sum(
            1 for g in ranked if g.difficulty == "expert" and g.ranked
        )
        assert time.perf_counter() - started < 2.0
        assert profile.problems == ()
        profile.close()
    finally:
        holder.kill()
        holder.wait(timeout=30)


def test_a_new_history_made_in_place_of_a_damaged_one_is_marked_too(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_FILE
    path.write_bytes(b"not a database" * 500)
    history = open_history(path)
    assert len(history.problems) == 1 and not history.in_memory
    assert list(tmp_path.glob("*.running-*")) == [
        path.with_name(f"{HISTORY_FILE}.running-{os.getpid()}")
    ]
    history.close()
    assert list(tmp_path.glob("*.running-*")) == []


def test_a_history_made_before_the_ranked_beginner_keeps_its_games(tmp_path: Path) -> None:
    """Version 3's table listed the board kinds a game could have: a file made then
    must take an 8x8 Beginner game once upgraded, every earlier game kept."""
    path = tmp_path / HISTORY_FILE
    shutil.copy(DATA / "history-v2.sqlite3", path)
    history = open_history(path)
    before = history.count()
    ranked = GameRecord(
        finished_at="2026-11-25T10:00:00",
        difficulty="beginner 8x8",
        rows=8,
        cols=8,
        mines=10,
        first_click="opening",
        seed="1",
        won=True,
        ms=5000,
        bbbv=10,
        bbbv_solved=10,
    )
    assert history.add_game(ranked) is not None and history.problems == ()
    assert history.count() == before + 1 and history.stats("beginner 8x8").won == 1
    history.close()
    assert open_history(path).count() == before + 1
