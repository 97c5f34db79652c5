"""Best-times tables and statistics (the history's), and the records.json reader."""

from __future__ import annotations

import copy
from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st
from records_doc import records_doc, stats_doc
from test_history import game

from game.persist.history import History
from game.persist.records import (
    DEFAULT_NAME,
    MAX_GAME_MS,
    MAX_NAME_LENGTH,
    TOP,
    BestTime,
    Records,
    Stats,
    clean_name,
)
from game.persist.schema import DataError, FutureVersionError
from game.rules import PRESETS, Difficulty

BEGINNER, EXPERT, CUSTOM = Difficulty.BEGINNER, Difficulty.EXPERT, Difficulty.CUSTOM
DAY = date(2026, 11, 21)


def _history(times: list[int], preset: Difficulty = BEGINNER) -> History:
    """A history (in memory) with a won game of each time, named P0, P1, ..."""
    history = History.memory()
    for n, ms in enumerate(times):
        game_id = history.add_game(game(ms, difficulty=preset.value, day=n))
        assert game_id is not None and history.set_name(game_id, f"P{n}")
    return history


def _table(history: History, preset: Difficulty = BEGINNER) -> list[tuple[str | None, int]]:
    return [(entry.name, entry.ms) for entry in history.best_times(preset)]


# ---------------------------------------------------------------- best times


def test_new_records_are_empty() -> None:
    records = Records()
    assert all(records.best_times[p] == () for p in PRESETS)
    assert all(records.stats[d] == Stats() for d in Difficulty)
    assert records.last_name == ""
    history = History.memory()
    assert all(history.best_times(p) == [] for p in PRESETS)
    assert all(history.stats(d) == Stats() for d in Difficulty)
    assert history.last_name() == ""


def test_times_are_kept_fastest_first() -> None:
    history = _history([9000, 5000, 7000])
    assert _table(history) == [("P1", 5000), ("P2", 7000), ("P0", 9000)]
    assert history.best_times(EXPERT) == []


def test_a_tie_goes_below_the_earlier_equal_time() -> None:
    history = _history([5000, 5000])
    assert _table(history) == [("P0", 5000), ("P1", 5000)]
    assert history.rank_of(BEGINNER, 5000) == 3


def test_only_the_top_ten_are_kept() -> None:
    history = _history(list(range(1000, 13000, 1000)))
    assert len(history.best_times(BEGINNER)) == TOP
    assert _table(history)[-1] == ("P9", 10000)


def test_qualifying_with_a_full_table() -> None:
    history = _history([1000 * k for k in range(1, 11)])
    assert history.qualifies(BEGINNER, 9999)
    assert history.rank_of(BEGINNER, 9999) == 10
    assert history.rank_of(BEGINNER, 1) == 1
    # Equal to the 10th: the earlier win keeps the place.
    assert not history.qualifies(BEGINNER, 10000)
    assert history.rank_of(BEGINNER, 10001) is None
    before = history.best_times(BEGINNER)
    late = _history([10001])
    assert late.best_times(BEGINNER) != [] and history.best_times(BEGINNER) == before


def test_anything_qualifies_while_the_table_has_room() -> None:
    assert History.memory().qualifies(EXPERT, MAX_GAME_MS)


def test_custom_boards_have_no_table() -> None:
    history = History.memory()
    assert history.rank_of(CUSTOM, 1000) is None and not history.qualifies(CUSTOM, 1000)
    assert history.best_times(CUSTOM) == []


def test_the_name_is_remembered_even_when_the_time_misses() -> None:
    history = _history([1000] * 10 + [99_000])
    assert history.last_name() == "P10"
    assert ("P10", 99_000) not in _table(history)


def test_an_entry_keeps_name_date_and_precise_time() -> None:
    entry = _history([98_765], EXPERT).best_times(EXPERT)[0]
    assert (entry.name, entry.finished_at, entry.ms) == ("P0", "2025-01-01T00:00:00", 98_765)


def test_reset_empties_the_tables_and_keeps_the_rest() -> None:
    history = _history([5000])
    assert history.reset_best_times()
    assert _table(history) == []
    assert history.stats(BEGINNER).won == 1
    assert history.last_name() == "P0"


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("Ada", "Ada"),
        ("  Ada  ", "Ada"),
        ("", DEFAULT_NAME),
        ("   ", DEFAULT_NAME),
        ("A\nda\x00", "Ada"),
        ("\ud800", DEFAULT_NAME),
        ("x" * 100, "x" * MAX_NAME_LENGTH),
        ("Zoë ☃", "Zoë ☃"),
    ],
)
def test_names_are_cleaned(typed: str, kept: str) -> None:
    assert clean_name(typed) == kept
    history = _history([1])
    assert history.set_name(1, typed)
    assert history.best_times(BEGINNER)[0].name == kept


# ---------------------------------------------------------------- statistics


def _played(results: list[tuple[bool, int]]) -> Stats:
    stats = Stats()
    for won, ms in results:
        stats = stats.record(won, ms)
    return stats


def test_statistics_count_games_wins_and_streaks() -> None:
    stats = _played([(True, 10_000), (True, 20_000), (False, 0), (True, 30_000), (False, 5)])
    assert stats == Stats(played=5, won=3, current_streak=0, longest_streak=2, total_win_ms=60_000)
    assert stats.win_percent == 60.0
    assert stats.average_win_ms == 20_000.0


def test_a_new_longest_streak() -> None:
    stats = _played([(won, 1000) for won in [True, False, True, True, True]])
    assert (stats.current_streak, stats.longest_streak) == (3, 3)


def test_derived_figures_before_any_game() -> None:
    assert Stats().win_percent == 0.0
    assert Stats().average_win_ms is None
    assert Stats(played=3).win_percent == 0.0


def test_reset_stats_keeps_best_times() -> None:
    history = _history([5000])
    assert history.reset_stats()
    assert history.stats(BEGINNER) == Stats()
    assert _table(history) == [("P0", 5000)]


def test_a_win_with_an_absurd_time_is_refused() -> None:
    with pytest.raises(DataError):
        Stats().record(True, -1)
    with pytest.raises(DataError):
        Stats().record(True, MAX_GAME_MS + 1)


@given(st.lists(st.tuples(st.booleans(), st.integers(0, MAX_GAME_MS)), max_size=40))
def test_statistics_stay_consistent(games: list[tuple[bool, int]]) -> None:
    stats = Stats()
    for won, ms in games:
        stats = stats.record(won, ms)  # __post_init__ checks every invariant
    assert stats.played == len(games)
    assert stats.won == sum(won for won, _ in games)
    assert stats.total_win_ms == sum(ms for won, ms in games if won)


# ---------------------------------------------------------------- JSON


SAMPLE_DOC: dict[str, object] = {
    "version": 1,
    "last_name": "Ada",
    "best_times": {
        "beginner": [
            {"name": "P1", "date": "2026-01-02", "ms": 3000},
            {"name": "P2", "date": "2026-01-03", "ms": 3000},
            {"name": "P0", "date": "2026-01-01", "ms": 7000},
            {"name": "P3", "date": "2026-01-04", "ms": 12000},
        ],
        "intermediate": [],
        "expert": [{"name": "Ada", "date": "2026-11-21", "ms": 80000}],
    },
    "stats": {
        **{d: stats_doc(Stats()) for d in ("beginner", "intermediate", "expert")},
        "custom": stats_doc(Stats(3, 2, 1, 1, 200_000)),
    },
}
"""A records.json as the last version before the history wrote it."""


def _sample() -> Records:
    day = date(2026, 1, 1)
    return Records(
        best_times={
            BEGINNER: (
                BestTime("P1", day.replace(day=2), 3000),
                BestTime("P2", day.replace(day=3), 3000),
                BestTime("P0", day, 7000),
                BestTime("P3", day.replace(day=4), 12000),
            ),
            Difficulty.INTERMEDIATE: (),
            EXPERT: (BestTime("Ada", DAY, 80_000),),
        },
        stats={**{d: Stats() for d in Difficulty}, CUSTOM: Stats(3, 2, 1, 1, 200_000)},
        last_name="Ada",
    )


def test_records_are_read() -> None:
    assert Records.from_json(copy.deepcopy(SAMPLE_DOC)) == _sample()
    assert records_doc(_sample()) == SAMPLE_DOC


def test_the_json_form_is_the_documented_one() -> None:
    doc = records_doc(
        Records(
            best_times={**{p: () for p in PRESETS}, EXPERT: (BestTime("Ada", DAY, 80_000),)},
            stats={**{d: Stats() for d in Difficulty}, EXPERT: Stats(1, 1, 1, 1, 80_000)},
            last_name="Ada",
        )
    )
    stats0 = {"played": 0, "won": 0, "current_streak": 0, "longest_streak": 0, "total_win_ms": 0}
    assert doc == {
        "version": 1,
        "last_name": "Ada",
        "best_times": {
            "beginner": [],
            "intermediate": [],
            "expert": [{"name": "Ada", "date": "2026-11-21", "ms": 80_000}],
        },
        "stats": {
            "beginner": stats0,
            "intermediate": stats0,
            "expert": {
                **stats0,
                "played": 1,
                "won": 1,
                "current_streak": 1,
                "longest_streak": 1,
                "total_win_ms": 80_000,
            },
            "custom": stats0,
        },
    }


def test_a_table_out_of_order_is_sorted_not_refused() -> None:
    doc = records_doc(_sample())
    doc["best_times"]["beginner"].reverse()  # type: ignore[index]
    assert Records.from_json(doc) == _sample()


def test_unknown_keys_are_ignored() -> None:
    doc = records_doc(_sample())
    doc["achievements"] = []
    doc["stats"]["custom"]["fastest"] = 3  # type: ignore[index]
    assert Records.from_json(doc) == _sample()


def test_a_newer_version_is_refused_as_such() -> None:
    with pytest.raises(FutureVersionError):
        Records.from_json({**records_doc(_sample()), "version": 2})


def _bent(path: str, value: object) -> dict[str, object]:
    """The sample document with the value at a slash path replaced (or removed)."""
    doc = copy.deepcopy(records_doc(_sample()))
    *parents, last = path.split("/")
    node: object = doc
    for part in parents:
        node = node[int(part)] if isinstance(node, list) else node[part]  # type: ignore[index]
    key: object = int(last) if isinstance(node, list) else last
    if value is DELETE:
        del node[key]  # type: ignore[attr-defined]
    else:
        node[key] = value  # type: ignore[index]
    return doc


DELETE = object()
ELEVEN = [{"name": "A", "date": "2026-11-21", "ms": k} for k in range(11)]

BAD = [
    ("version", DELETE),
    ("version", 0),
    ("last_name", None),
    ("last_name", 7),
    ("last_name", "x" * 33),
    ("last_name", " padded "),
    ("last_name", "tab\there"),
    ("best_times", []),
    ("best_times/expert", {}),
    ("best_times/expert", ELEVEN),
    ("best_times/beginner/0", "P0 3000"),
    ("best_times/beginner/0/ms", -1),
    ("best_times/beginner/0/ms", 10**30),
    ("best_times/beginner/0/ms", 3000.5),
    ("best_times/beginner/0/ms", "3000"),
    ("best_times/beginner/0/ms", None),
    ("best_times/beginner/0/ms", DELETE),
    ("best_times/beginner/0/name", ""),
    ("best_times/beginner/0/name", None),
    ("best_times/beginner/0/name", "y" * 1000),
    ("best_times/beginner/0/date", "yesterday"),
    ("best_times/beginner/0/date", "2026-02-30"),
    ("best_times/beginner/0/date", "20261121"),
    ("best_times/beginner/0/date", "2026-11-21T10:00"),
    ("best_times/beginner/0/date", 20261121),
    ("stats/custom/played", -1),
    ("stats/custom/played", 10**30),
    ("stats/custom/played", 1),  # fewer played than won
    ("stats/custom/won", True),
    ("stats/custom/longest_streak", 3),  # longer than the wins
    ("stats/custom/current_streak", 2),  # longer than the longest
    ("stats/custom/total_win_ms", -5),
    ("stats/custom/total_win_ms", 10**30),
    ("stats/custom/total_win_ms", DELETE),
    ("stats/beginner/total_win_ms", 1),  # no wins, yet winning time
]


@pytest.mark.parametrize(("path", "value"), BAD, ids=[f"{p}={v!r:.20}" for p, v in BAD])
def test_a_wrong_missing_or_absurd_value_makes_the_file_unreadable(
    path: str, value: object
) -> None:
    with pytest.raises(DataError):
        Records.from_json(_bent(path, value))


@pytest.mark.parametrize(
    "path", ["last_name", "best_times", "best_times/expert", "stats", "stats/custom"]
)
def test_what_an_older_file_lacks_starts_empty_and_the_rest_is_kept(path: str) -> None:
    records = Records.from_json(_bent(path, DELETE))
    sample = _sample()
    kept = [d for d in Difficulty if d.value not in path]
    assert all(records.stats[d] == sample.stats[d] for d in kept if path != "stats")
    if path == "last_name":
        assert records.last_name == "" and records.best_times == sample.best_times
    if path.startswith("best_times"):
        assert records.best_times[Difficulty.EXPERT] == ()
        assert records.stats == sample.stats
    if path.startswith("stats"):
        assert records.stats[Difficulty.CUSTOM] == Stats()
        assert records.best_times == sample.best_times


def test_the_sample_itself_is_valid() -> None:
    # So that the failures above are the bent value's doing.
    assert _sample().stats[CUSTOM] == Stats(3, 2, 1, 1, 200_000)
    assert Records.from_json(_bent("last_name", "Somebody")).last_name == "Somebody"
