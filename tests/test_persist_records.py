"""records.py: best-times tables, statistics, and the records.json form."""

from __future__ import annotations

import copy
from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

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


def _table(records: Records, preset: Difficulty = BEGINNER) -> list[tuple[str, int]]:
    return [(entry.name, entry.ms) for entry in records.best_times[preset]]


def _filled(times: list[int]) -> Records:
    records = Records()
    for n, ms in enumerate(times):
        records = records.add(BEGINNER, f"P{n}", ms, DAY)
    return records


# ---------------------------------------------------------------- best times


def test_new_records_are_empty() -> None:
    records = Records()
    assert all(records.best_times[p] == () for p in PRESETS)
    assert all(records.stats[d] == Stats() for d in Difficulty)
    assert records.last_name == ""


def test_times_are_kept_fastest_first() -> None:
    records = _filled([9000, 5000, 7000])
    assert _table(records) == [("P1", 5000), ("P2", 7000), ("P0", 9000)]
    assert records.best_times[EXPERT] == ()


def test_a_tie_goes_below_the_earlier_equal_time() -> None:
    records = _filled([5000, 5000])
    assert _table(records) == [("P0", 5000), ("P1", 5000)]
    assert records.rank_of(BEGINNER, 5000) == 3


def test_only_the_top_ten_are_kept() -> None:
    records = _filled(list(range(1000, 13000, 1000)))
    assert len(records.best_times[BEGINNER]) == TOP
    assert _table(records)[-1] == ("P9", 10000)


def test_qualifying_with_a_full_table() -> None:
    records = _filled([1000 * k for k in range(1, 11)])
    assert records.qualifies(BEGINNER, 9999)
    assert records.rank_of(BEGINNER, 9999) == 10
    assert records.rank_of(BEGINNER, 1) == 1
    # Equal to the 10th: the earlier win keeps the place.
    assert not records.qualifies(BEGINNER, 10000)
    assert records.rank_of(BEGINNER, 10001) is None
    assert records.add(BEGINNER, "Late", 10001, DAY).best_times == records.best_times


def test_anything_qualifies_while_the_table_has_room() -> None:
    assert Records().qualifies(EXPERT, MAX_GAME_MS)


def test_custom_boards_have_no_table() -> None:
    with pytest.raises(ValueError):
        Records().qualifies(CUSTOM, 1000)
    with pytest.raises(ValueError):
        Records().add(CUSTOM, "Ada", 1000, DAY)


def test_the_name_is_remembered_even_when_the_time_misses() -> None:
    records = _filled([1000] * 10).add(BEGINNER, "Slow", 99_000, DAY)
    assert records.last_name == "Slow"


def test_an_entry_keeps_name_date_and_precise_time() -> None:
    entry = Records().add(EXPERT, "Ada", 98_765, DAY).best_times[EXPERT][0]
    assert entry == BestTime("Ada", DAY, 98_765)


def test_reset_empties_the_tables_and_keeps_the_rest() -> None:
    records = _filled([5000]).record_game(BEGINNER, True, 5000).reset_best_times()
    assert _table(records) == []
    assert records.stats[BEGINNER].won == 1
    assert records.last_name == "P0"


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
    assert Records().add(BEGINNER, typed, 1, DAY).best_times[BEGINNER][0].name == kept


# ---------------------------------------------------------------- statistics


def test_statistics_count_games_wins_and_streaks() -> None:
    records = Records()
    for won, ms in [(True, 10_000), (True, 20_000), (False, 0), (True, 30_000), (False, 5)]:
        records = records.record_game(EXPERT, won, ms)
    stats = records.stats[EXPERT]
    assert stats == Stats(played=5, won=3, current_streak=0, longest_streak=2, total_win_ms=60_000)
    assert stats.win_percent == 60.0
    assert stats.average_win_ms == 20_000.0
    assert records.stats[BEGINNER] == Stats()


def test_a_new_longest_streak() -> None:
    records = Records()
    for won in [True, False, True, True, True]:
        records = records.record_game(CUSTOM, won, 1000)
    assert (records.stats[CUSTOM].current_streak, records.stats[CUSTOM].longest_streak) == (3, 3)


def test_derived_figures_before_any_game() -> None:
    assert Stats().win_percent == 0.0
    assert Stats().average_win_ms is None
    assert Stats(played=3).win_percent == 0.0


def test_reset_stats_keeps_best_times() -> None:
    records = _filled([5000]).record_game(BEGINNER, True, 5000).reset_stats()
    assert records.stats[BEGINNER] == Stats()
    assert _table(records) == [("P0", 5000)]


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


def _sample() -> Records:
    records = Records()
    for n, ms in enumerate([7000, 3000, 3000, 12000]):
        records = records.add(BEGINNER, f"P{n}", ms, date(2026, 1, 1 + n))
    records = records.add(EXPERT, "Ada", 80_000, DAY)
    for won in [True, False, True]:
        records = records.record_game(CUSTOM, won, 100_000)
    return records


def test_records_round_trip() -> None:
    records = _sample()
    assert Records.from_json(records.to_json()) == records


def test_the_json_form_is_the_documented_one() -> None:
    doc = Records().add(EXPERT, "Ada", 80_000, DAY).record_game(EXPERT, True, 80_000).to_json()
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
    doc = _sample().to_json()
    doc["best_times"]["beginner"].reverse()  # type: ignore[index]
    assert Records.from_json(doc) == _sample()


def test_unknown_keys_are_ignored() -> None:
    doc = _sample().to_json()
    doc["achievements"] = []
    doc["stats"]["custom"]["fastest"] = 3  # type: ignore[index]
    assert Records.from_json(doc) == _sample()


def test_a_newer_version_is_refused_as_such() -> None:
    with pytest.raises(FutureVersionError):
        Records.from_json({**_sample().to_json(), "version": 2})


def _bent(path: str, value: object) -> dict[str, object]:
    """The sample document with the value at a slash path replaced (or removed)."""
    doc = copy.deepcopy(_sample().to_json())
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
