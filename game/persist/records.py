"""Statistics (Stats: the tallies the history keeps), player names, and the
reader of records.json.

records.json held the best times and statistics of the versions before the game
history; the history brings it in once (history_legacy) and never writes it, so
only its reader is here: Records.from_json, strict as every reader of a player's
file. Stats.record is how one more game changes the statistics, wherever they
are counted.
"""

from __future__ import annotations

import datetime as dt
import itertools
import re
from collections.abc import Mapping
from types import MappingProxyType

from game.core.record import Record
from game.persist import schema
from game.persist.schema import MAX_GAME_MS, DataError
from game.replay.format import DAY
from game.rules import PRESETS, Difficulty

RECORDS_VERSION = 1
"""The newest version of records.json this code reads (the last one written)."""

# steps[n] turns a records document of version n into n + 1; none yet.
_UPGRADES: dict[int, schema.Upgrade] = {}

TOP = 10
"""Best times kept per preset."""

MAX_NAME_LENGTH = 32
"""Longest player name kept (Windows Minesweeper allowed 32 characters)."""

DEFAULT_NAME = "Anonymous"
"""The name a best time gets when the player leaves the name empty."""

MAX_COUNT = 10**9
"""Most games believable in a counter; counting stops there (never reached)."""


def clean_name(name: str) -> str:
    """The name as it will be kept: printable characters only, trimmed, at most
    MAX_NAME_LENGTH long, DEFAULT_NAME if nothing is left.

    Control characters and lone surrogates would break the text renderer and the
    file; they are dropped rather than refused, because the player just won.
    """
    kept = "".join(ch for ch in name if ch.isprintable()).strip()
    return kept[:MAX_NAME_LENGTH].strip() or DEFAULT_NAME


def _check_name(name: object, what: str) -> str:
    if not isinstance(name, str):
        raise DataError(f"{what} is not text")
    if not name or name != clean_name(name):
        raise DataError(f"{what} {name!r} is not a name this game would have kept")
    return name


class BestTime(Record):
    """One line of a best-times table: ``date``, the day the game was won (the
    player's local date); ``ms``, the precise winning time in milliseconds."""

    __slots__ = ("date", "ms", "name")

    def __init__(self, name: str, date: dt.date, ms: int) -> None:
        self.name = name
        self.date = date
        self.ms = ms
        _check_name(self.name, "best time name")
        if not isinstance(self.date, dt.date) or isinstance(self.date, dt.datetime):
            raise DataError("best time date must be a date")
        schema.check_int(self.ms, 0, MAX_GAME_MS, "best time ms")

    @classmethod
    def from_json(cls, value: object) -> BestTime:
        """Parse one table line; DataError on anything wrong."""
        what = "best time"
        doc = schema.require_object(value, what)
        text = schema.read_str(doc, "date", what)
        # fromisoformat alone accepts other shapes too (e.g. 20261121 on 3.11).
        if not re.fullmatch(DAY, text):
            raise DataError(f"{what}: date {text!r} is not YYYY-MM-DD")
        try:
            date = dt.date.fromisoformat(text)
        except ValueError:
            raise DataError(f"{what}: date {text!r} does not exist") from None
        return cls(
            name=_check_name(schema.require_key(doc, "name", what), f"{what} name"),
            date=date,
            ms=schema.read_int(doc, "ms", 0, MAX_GAME_MS, what),
        )


class Stats(Record):
    """Statistics of one difficulty. Counters only; percentages are derived.
    ``current_streak``: wins in a row up to the last game (0 after a loss);
    ``total_win_ms``: the sum of the winning times, for the average."""

    __slots__ = ("current_streak", "longest_streak", "played", "total_win_ms", "won")

    def __init__(
        self,
        played: int = 0,
        won: int = 0,
        current_streak: int = 0,
        longest_streak: int = 0,
        total_win_ms: int = 0,
    ) -> None:
        self.played = played
        self.won = won
        self.current_streak = current_streak
        self.longest_streak = longest_streak
        self.total_win_ms = total_win_ms
        schema.check_int(self.played, 0, MAX_COUNT, "games played")
        schema.check_int(self.won, 0, self.played, "games won")
        schema.check_int(self.longest_streak, 0, self.won, "longest streak")
        schema.check_int(self.current_streak, 0, self.longest_streak, "current streak")
        schema.check_int(self.total_win_ms, 0, self.won * MAX_GAME_MS, "total winning time")

    @property
    def win_percent(self) -> float:
        """Games won as a percentage of games played (0.0 before any game)."""
        return 100.0 * self.won / self.played if self.played else 0.0

    @property
    def average_win_ms(self) -> float | None:
        """Mean winning time in ms, or None before the first win."""
        return self.total_win_ms / self.won if self.won else None

    def record(self, won: bool, ms: int) -> Stats:
        """These statistics after one more game; ms is the winning time (ignored
        for a loss)."""
        if self.played >= MAX_COUNT:
            return self
        if not won:
            return self.replace(played=self.played + 1, current_streak=0)
        schema.check_int(ms, 0, MAX_GAME_MS, "winning time ms")
        streak = self.current_streak + 1
        return Stats(
            played=self.played + 1,
            won=self.won + 1,
            current_streak=streak,
            longest_streak=max(self.longest_streak, streak),
            total_win_ms=self.total_win_ms + ms,
        )

    @classmethod
    def from_json(cls, value: object) -> Stats:
        """Parse the counters; DataError if any is missing, mistyped or inconsistent."""
        what = "statistics"
        doc = schema.require_object(value, what)
        big = MAX_COUNT * MAX_GAME_MS
        return cls(
            played=schema.read_int(doc, "played", 0, MAX_COUNT, what),
            won=schema.read_int(doc, "won", 0, MAX_COUNT, what),
            current_streak=schema.read_int(doc, "current_streak", 0, MAX_COUNT, what),
            longest_streak=schema.read_int(doc, "longest_streak", 0, MAX_COUNT, what),
            total_win_ms=schema.read_int(doc, "total_win_ms", 0, big, what),
        )


class Records(Record):
    """What records.json held: best times per preset (not custom: at most TOP entries,
    fastest first, ties oldest first), statistics per difficulty (custom included),
    and the last name entered for a best time ("" before the first). Immutable; the
    mappings are read-only views."""

    __slots__ = ("best_times", "last_name", "stats")

    def __init__(
        self,
        best_times: Mapping[Difficulty, tuple[BestTime, ...]] | None = None,
        stats: Mapping[Difficulty, Stats] | None = None,
        last_name: str = "",
    ) -> None:
        best_times = {} if best_times is None else best_times
        stats = {} if stats is None else stats
        if not set(best_times) <= set(PRESETS):
            raise DataError("best times are kept for the presets only")
        if not set(stats) <= set(Difficulty):
            raise DataError("statistics are kept by difficulty")
        # A preset added since (the ranked Beginner) starts with no records; the
        # tables are copied into read-only views so nobody can change one in place.
        filled = {preset: tuple(best_times.get(preset, ())) for preset in PRESETS}
        counters = {d: stats.get(d, Stats()) for d in Difficulty}
        for preset, times in filled.items():
            if len(times) > TOP:
                raise DataError(f"{preset.value} has more than {TOP} best times")
            if not all(isinstance(entry, BestTime) for entry in times):
                raise DataError(f"{preset.value} best times must be BestTime values")
            if any(a.ms > b.ms for a, b in itertools.pairwise(times)):
                raise DataError(f"{preset.value} best times are not fastest first")
        if not all(isinstance(value, Stats) for value in counters.values()):
            raise DataError("statistics must be Stats values")
        if not isinstance(last_name, str):
            raise DataError("last name must be text")
        if last_name:
            _check_name(last_name, "last name")
        self.best_times: Mapping[Difficulty, tuple[BestTime, ...]] = MappingProxyType(filled)
        self.stats: Mapping[Difficulty, Stats] = MappingProxyType(counters)
        self.last_name = last_name

    @classmethod
    def from_json(cls, value: object) -> Records:
        """Parse a records document of any version we know.

        FutureVersionError for a newer version, DataError for anything mistyped,
        out of range or inconsistent. What is missing (a table, a difficulty's
        statistics, the last name: a file from an older version) starts empty;
        unknown keys are ignored. A table out of order is sorted (by time, then
        date; stable), since no record is lost by that.
        """
        what = "records"
        doc = schema.upgrade(schema.require_object(value, what), RECORDS_VERSION, _UPGRADES, what)
        last_name = schema.read_str(doc, "last_name", what) if "last_name" in doc else ""
        tables = schema.require_object(doc.get("best_times", {}), "best times")
        best: dict[Difficulty, tuple[BestTime, ...]] = {}
        for preset in PRESETS:
            entries = tables.get(preset.value, [])
            if not isinstance(entries, list) or len(entries) > TOP:
                raise DataError(f"best times of {preset.value} are not a list of {TOP} or fewer")
            parsed = [BestTime.from_json(entry) for entry in entries]
            # Ties: the earlier day first, as when they were entered.
            best[preset] = tuple(sorted(parsed, key=lambda entry: (entry.ms, entry.date)))
        counters = schema.require_object(doc.get("stats", {}), "statistics")
        stats = {
            d: Stats.from_json(counters[d.value]) if d.value in counters else Stats()
            for d in Difficulty
        }
        return cls(best_times=best, stats=stats, last_name=last_name)
