"""The data folder's other files read as hostile input, fuzzed (Hypothesis): the
series book (series.json), the games waiting for the history (pending-games.json)
and the old best times (records.json) take any bytes and any JSON shaped like
theirs, and give their contents or one sentence (the file moved aside, or left as
it was for records.json), never a traceback; the game saves after them."""

from __future__ import annotations

import json
import tempfile
from datetime import datetime
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks import history_fill
from game.language import shown
from game.persist.history import History
from game.persist.history_legacy import read_legacy
from game.persist.paths import HISTORY_FILE, PENDING_FILE, RECORDS_FILE
from game.persist.pending import Pending
from game.persist.series import SERIES_FILE, Run, Series

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=16,
)
RUN = st.fixed_dictionaries(
    {
        "run": st.sampled_from(["2026-12-02T08:00:00", "2026-13-02T08:00:00", "x", ""]),
        "trial": st.sampled_from(["10-beginner", "Bad Name", ""]),
        "boards": st.integers(-2, 10**6),
        "total_ms": st.integers(-2, 10**12),
        "finished": st.booleans() | st.none(),
        "games": st.lists(st.integers(-1, 10**9), max_size=3) | JSON,
    }
)
BOOK = st.fixed_dictionaries(
    {
        "version": st.sampled_from([1, 2, 0, "1"]),
        "trials": st.lists(RUN | JSON, max_size=3) | JSON,
        "tournaments": st.dictionaries(st.text(max_size=12), JSON, max_size=3) | JSON,
    }
)
GAME = st.dictionaries(
    st.sampled_from(["id", "finished_at", "difficulty", "rows", "cols", "mines", "won", "ms"]),
    JSON,
    max_size=8,
)
EXPORT = st.fixed_dictionaries(
    {
        "format": st.sampled_from(["minesweeper-history", "other"]),
        "version": st.sampled_from([1, 2]),
        "games": st.lists(GAME, max_size=3) | JSON,
    }
)
NOW = datetime(2026, 12, 2, 8, 0, 0)


def _contents(doc: st.SearchStrategy[object]) -> st.SearchStrategy[bytes]:
    as_json = doc.map(lambda value: json.dumps(value).encode())
    return (
        st.binary(max_size=300)
        | as_json
        | as_json.flatmap(lambda data: st.integers(0, len(data)).map(lambda cut: data[:cut]))
    )


def _one_sentence(problem: object) -> None:
    assert problem is None or (str(problem) and "\n" not in shown(problem)), problem


@settings(max_examples=120, deadline=None)
@given(_contents(BOOK))
def test_any_series_book_is_read_or_moved_aside_in_one_sentence(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        (folder / SERIES_FILE).write_bytes(data)
        series = Series(folder, now=NOW)
        _one_sentence(series.problem)
        series.runs(), series.best("10-beginner"), series.tournament_games("cup")
        newer = series.problem is not None and "newer" in series.problem
        done = series.note_run(Run("2026-12-02T08:00:00", "10-beginner", 1, 900, False, (1,)))
        assert done is not newer


@settings(max_examples=120, deadline=None)
@given(_contents(EXPORT))
def test_any_file_of_waiting_games_is_read_or_moved_aside_in_one_sentence(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        (folder / PENDING_FILE).write_bytes(data)
        pending = Pending(folder)
        _one_sentence(pending.load(NOW))
        history = History.open(folder / HISTORY_FILE)
        try:
            pending.add(history_fill.record(1))
            assert pending.flush(history)
        finally:
            history.close()


@settings(max_examples=120, deadline=None)
@given(_contents(JSON))
def test_any_old_records_file_is_read_or_left_as_it_was_in_one_sentence(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as temp:
        path = Path(temp) / RECORDS_FILE
        path.write_bytes(data)
        records, problem = read_legacy(path)
        _one_sentence(problem)
        assert (records is None) is not (problem is None)  # (one or the other)
        assert path.read_bytes() == data
