"""The series book (``series.json`` in the data folder): the games that belong
together beyond one board. Each game is in the history (game.persist.history) like
any other; this file says which of them make up each time-trial run, with the run's
total and whether it was finished, and which were played in each tournament (by
its identifier).

    {"version": 1,
     "trials": [{"run": "2026-11-26T10:00:00", "trial": "time-trial", "boards": 3,
                 "total_ms": 41234, "finished": false, "games": [12, 13, 14]}],
     "tournaments": {"golden-sheep-2026": [15, 16]}}

A run is written when its first board ends and again after each board; until its
last board is won it is unfinished, so a trial left half way stays in the book as
abandoned and is never a record. Read like every data file (game.persist.store):
bounded, strictly checked, a damaged file moved aside with one sentence for the
player and an empty book used instead.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from game.core.record import Record
from game.language import N_, Words
from game.persist import store
from game.persist.schema import DataError, FutureVersionError
from game.replay.format import IDENT, SECOND

if TYPE_CHECKING:
    from datetime import datetime

SERIES_FILE = "series.json"
VERSION = 1
MAX_RUNS = 2000
"""Runs kept: past it the oldest unfinished one goes (else the oldest)."""
MAX_GAMES = 10_000
"""Game ids kept per run or per tournament."""
MAX_TOURNAMENTS = 500
MAX_MS = 10 * 24 * 3600 * 1000
# Patterns are compiled by re at their first use (its cache), not at import: the book
# is read after the first input. A run's name (with its trial's) is when it began
# (format.SECOND).


class Run(Record):
    """One run of a time trial."""

    __slots__ = ("boards", "finished", "games", "run", "total_ms", "trial")

    run: str
    """When it began (ISO local time, to the second): with the trial, its name."""
    trial: str
    boards: int
    """Boards won."""
    total_ms: int
    """The time of every board played, lost ones included."""
    finished: bool
    games: tuple[int, ...]
    """The history's ids of its games."""

    def __init__(
        self,
        run: str,
        trial: str,
        boards: int,
        total_ms: int,
        finished: bool,
        games: tuple[int, ...] = (),
    ) -> None:
        self.run = run
        self.trial = trial
        self.boards = boards
        self.total_ms = total_ms
        self.finished = finished
        self.games = games


def _int(value: object, low: int, high: int, what: str) -> int:
    if type(value) is not int or not low <= value <= high:
        raise DataError(f"{what} must be a whole number from {low} to {high}")
    return value


def _run(value: object) -> Run:
    if not isinstance(value, dict) or set(value) != {
        "run",
        "trial",
        "boards",
        "total_ms",
        "finished",
        "games",
    }:
        raise DataError("a run has run, trial, boards, total_ms, finished and games")
    run, trial, games = value["run"], value["trial"], value["games"]
    if not isinstance(run, str) or not re.fullmatch(SECOND, run):
        raise DataError("a run's run is a local date and time, YYYY-MM-DDTHH:MM:SS")
    if not isinstance(trial, str) or not re.fullmatch(IDENT, trial):
        raise DataError("a run's trial is a name of small letters, digits and dashes")
    if not isinstance(value["finished"], bool):
        raise DataError("a run's finished is true or false")
    return Run(
        run,
        trial,
        _int(value["boards"], 0, 1000, "boards"),
        _int(value["total_ms"], 0, MAX_MS, "total_ms"),
        value["finished"],
        _ids(games),
    )


def _ids(value: object) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) > MAX_GAMES:
        raise DataError(f"games are a list of at most {MAX_GAMES} ids")
    return tuple(_int(item, 1, 2**62, "a game id") for item in value)


class Book(Record):
    """What the file holds."""

    __slots__ = ("runs", "tournaments")

    runs: tuple[Run, ...]
    tournaments: tuple[tuple[str, tuple[int, ...]], ...]

    def __init__(
        self,
        runs: tuple[Run, ...] = (),
        tournaments: tuple[tuple[str, tuple[int, ...]], ...] = (),
    ) -> None:
        self.runs = runs
        self.tournaments = tournaments

    @classmethod
    def from_json(cls, data: object) -> Book:
        """The book from parsed JSON; DataError (FutureVersionError) otherwise."""
        if not isinstance(data, dict):
            raise DataError("the series book is a JSON object")
        version = data.get("version")
        if type(version) is int and version > VERSION:
            raise FutureVersionError(f"it is version {version}; this game reads {VERSION}")
        if version != VERSION or set(data) != {"version", "trials", "tournaments"}:
            raise DataError("the series book has version 1, trials and tournaments")
        trials, tournaments = data["trials"], data["tournaments"]
        if not isinstance(trials, list) or len(trials) > MAX_RUNS:
            raise DataError(f"trials is a list of at most {MAX_RUNS} runs")
        if not isinstance(tournaments, dict) or len(tournaments) > MAX_TOURNAMENTS:
            raise DataError(f"tournaments is an object of at most {MAX_TOURNAMENTS} entries")
        entered = []
        for ident, games in tournaments.items():
            if not re.fullmatch(IDENT, ident):
                raise DataError("a tournament's id is small letters, digits and dashes")
            entered.append((ident, _ids(games)))
        return cls(tuple(_run(run) for run in trials), tuple(entered))

    def to_json(self) -> dict[str, object]:
        """The book as JSON values."""
        return {
            "version": VERSION,
            "trials": [
                {
                    "run": r.run,
                    "trial": r.trial,
                    "boards": r.boards,
                    "total_ms": r.total_ms,
                    "finished": r.finished,
                    "games": list(r.games),
                }
                for r in self.runs
            ],
            "tournaments": {ident: list(games) for ident, games in self.tournaments},
        }


class Series:
    """The series book of a data folder: read once, written after each change."""

    def __init__(self, folder: Path, *, now: datetime | None = None) -> None:
        self.path = folder / SERIES_FILE
        store.remove_stale_temps(folder, SERIES_FILE)  # (a write cut short; never raises)
        loaded = store.load_json(
            self.path,
            Book.from_json,
            now=store.local_now if now is None else lambda: now,
            label=Words(N_("time trials' and tournaments' book")),
            consequence=Words(N_("an empty one is used")),
        )
        self.problem = loaded.problem
        """A sentence for the player when the file could not be read (else None)."""
        self._stuck = loaded.status is store.LoadStatus.STUCK
        self.book = loaded.value or Book()

    def runs(self, trial: str | None = None) -> list[Run]:
        """The runs of one trial (or all), oldest first."""
        return [run for run in self.book.runs if trial is None or run.trial == trial]

    def best(self, trial: str, limit: int = 10) -> list[Run]:
        """The trial's records: its finished runs, fastest first."""
        done = [run for run in self.runs(trial) if run.finished]
        return sorted(done, key=lambda run: (run.total_ms, run.run))[:limit]

    def run(self, run: str, trial: str) -> Run | None:
        """The run named so, if it is in the book."""
        for found in self.book.runs:
            if (found.run, found.trial) == (run, trial):
                return found
        return None

    def note_run(self, run: Run) -> bool:
        """Put a run in the book (in place of its earlier state); True once saved."""
        self._read_again()
        runs = [r for r in self.book.runs if (r.run, r.trial) != (run.run, run.trial)]
        runs.append(run.replace(games=run.games[-MAX_GAMES:]))
        while len(runs) > MAX_RUNS:
            dropped = next((r for r in runs if not r.finished), runs[0])
            runs.remove(dropped)
        self.book = self.book.replace(runs=tuple(runs))
        return self._save()

    def tournament_games(self, ident: str) -> tuple[int, ...]:
        """The history's ids of the games played in a tournament."""
        return dict(self.book.tournaments).get(ident, ())

    def note_tournament(self, ident: str, game_id: int) -> bool:
        """A game was played in a tournament; True once saved."""
        self._read_again()
        entered = dict(self.book.tournaments)
        games = (*entered.get(ident, ()), game_id)[-MAX_GAMES:]
        entered.pop(ident, None)
        entered[ident] = games
        while len(entered) > MAX_TOURNAMENTS:
            entered.pop(next(iter(entered)))
        self.book = self.book.replace(tournaments=tuple(entered.items()))
        return self._save()

    def _read_again(self) -> None:
        """The book as the file holds it now: another window on the folder may have
        noted its runs and games since (store.read_now)."""
        if self._stuck:
            return
        try:
            self.book = store.read_now(self.path, Book.from_json) or self.book
        except FutureVersionError:
            self._stuck = True

    def _save(self) -> bool:
        if self._stuck:
            return False
        try:
            store.atomic_write_text(self.path, store.dump_json(self.book.to_json()))
        except (OSError, ValueError):
            return False
        return True
