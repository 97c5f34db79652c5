"""The races' record by opponent (game.persist.races): kept as games are decided, read
back, and a damaged or hostile file moved aside with one sentence, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.persist.races import MAX_OPPONENTS, RACES_FILE, Races


def test_a_record_is_kept_by_opponent_and_read_back(tmp_path: Path) -> None:
    races = Races(tmp_path)
    assert races.against("Bob") == (0, 0, 0) and races.problem is None
    for outcome in ("me", "me", "them", "draw"):
        assert races.note("Bob", outcome)
    assert races.note("Zoë 李", "them")
    again = Races(tmp_path)
    assert again.against("Bob") == (2, 1, 1) and again.against("Zoë 李") == (0, 1, 0)
    assert not again.note("Bob", "nobody") and not again.note("", "me")


def test_a_game_decided_again_takes_back_its_first_outcome(tmp_path: Path) -> None:
    races = Races(tmp_path)
    assert races.note("Bob", "me")
    assert races.note("Bob", "them", instead="me")
    assert Races(tmp_path).against("Bob") == (0, 1, 0)
    assert races.note("Eve", "draw", instead="me")  # (nothing to take back: none below 0)
    assert Races(tmp_path).against("Eve") == (0, 0, 1)


def test_the_oldest_opponent_goes_past_the_limit(tmp_path: Path) -> None:
    races = Races(tmp_path)
    for k in range(MAX_OPPONENTS + 1):
        races.tallies[f"p{k}"] = (1, 0, 0)
    races.note("last", "me")
    assert len(races.tallies) == MAX_OPPONENTS and "p0" not in races.tallies


def test_a_damaged_record_is_moved_aside_and_an_empty_one_used(tmp_path: Path) -> None:
    (tmp_path / RACES_FILE).write_text('{"version": 1, "opponents": {"Bob": [1, -1, 0]}}')
    races = Races(tmp_path)
    assert races.against("Bob") == (0, 0, 0)
    assert races.problem is not None and "\n" not in races.problem
    assert races.note("Bob", "me") and Races(tmp_path).against("Bob") == (1, 0, 0)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=10),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(JSON)
def test_any_json_is_read_or_refused_in_one_sentence(tmp_path: Path, value: object) -> None:
    folder = tmp_path / "f"
    folder.mkdir(exist_ok=True)
    for old in folder.iterdir():
        old.unlink()
    (folder / RACES_FILE).write_text(json.dumps({"version": 1, "opponents": value}))
    races = Races(folder)
    assert races.problem is None or "\n" not in races.problem
    assert all(len(tally) == 3 for tally in races.tallies.values())
