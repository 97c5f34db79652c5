"""The live races' record against each opponent (``races.json`` in the data folder):
the games won, lost and drawn against each name raced, kept as each race game is
decided (game.flows.live_race). Every race game is in the history too, among the
races; this file is the tally by opponent, which the history's rows do not name.

    {"version": 1, "opponents": {"Bob": [3, 1, 0]}}

Read like every data file (game.persist.store): bounded, strictly checked, a damaged
file moved aside with one sentence for the player and an empty record used instead."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from game.language import N_, Words
from game.persist import store
from game.persist.schema import DataError, FutureVersionError

RACES_FILE = "races.json"
VERSION = 1
MAX_OPPONENTS = 1000
"""Names kept: past it the one raced longest ago goes."""
MAX_NAME = 32
MAX_GAMES = 10**7
OUTCOMES = ("me", "them", "draw")
"""A decided game's outcome (game.flows.race_room.RoomState.winner), in the tally's order."""


def _tally(value: object) -> tuple[int, int, int]:
    if not isinstance(value, list) or len(value) != 3:
        raise DataError("a tally is three whole numbers: won, lost, drawn")
    if any(type(n) is not int or not 0 <= n <= MAX_GAMES for n in value):
        raise DataError(f"a tally's numbers are whole numbers from 0 to {MAX_GAMES}")
    return (value[0], value[1], value[2])


def from_json(data: object) -> dict[str, tuple[int, int, int]]:
    """The tallies by name from parsed JSON; DataError (FutureVersionError) otherwise."""
    if not isinstance(data, dict):
        raise DataError("the races' record is a JSON object")
    version = data.get("version")
    if type(version) is int and version > VERSION:
        raise FutureVersionError(f"it is version {version}; this game reads {VERSION}")
    if version != VERSION or set(data) != {"version", "opponents"}:
        raise DataError("the races' record has version 1 and opponents")
    opponents = data["opponents"]
    if not isinstance(opponents, dict) or len(opponents) > MAX_OPPONENTS:
        raise DataError(f"opponents is an object of at most {MAX_OPPONENTS} names")
    tallies = {}
    for name, tally in opponents.items():
        if not 1 <= len(name) <= MAX_NAME or not name.isprintable():
            raise DataError(f"an opponent's name is 1 to {MAX_NAME} printable characters")
        tallies[name] = _tally(tally)
    return tallies


class Races:
    """The record by opponent of a data folder: read once, written after each game."""

    def __init__(self, folder: Path, *, now: datetime | None = None) -> None:
        self.path = folder / RACES_FILE
        store.remove_stale_temps(folder, RACES_FILE)  # (a write cut short; never raises)
        loaded = store.load_json(
            self.path,
            from_json,
            now=store.local_now if now is None else lambda: now,
            label=Words(N_("races' record")),
            consequence=Words(N_("an empty one is used")),
        )
        self.problem = loaded.problem
        """A sentence for the player when the file could not be read (else None)."""
        self._stuck = loaded.status is store.LoadStatus.STUCK
        self.tallies: dict[str, tuple[int, int, int]] = loaded.value or {}

    def against(self, name: str) -> tuple[int, int, int]:
        """Won, lost and drawn against a name."""
        return self.tallies.get(name, (0, 0, 0))

    def note(self, name: str, outcome: str, instead: str | None = None) -> bool:
        """A game against ``name`` was decided (``outcome``: "me", "them" or "draw");
        ``instead``: the outcome it was noted with before, now decided again (its count
        taken back); True once saved."""
        name = name[:MAX_NAME]
        if outcome not in OUTCOMES or not name or not name.isprintable():
            return False
        try:  # (as the file is now: another window on the folder may have raced since)
            self.tallies = store.read_now(self.path, from_json) or self.tallies
        except FutureVersionError:
            self._stuck = True
        tally = list(self.tallies.pop(name, (0, 0, 0)))
        if instead in OUTCOMES:
            tally[OUTCOMES.index(instead)] = max(0, tally[OUTCOMES.index(instead)] - 1)
        tally[OUTCOMES.index(outcome)] = min(MAX_GAMES, tally[OUTCOMES.index(outcome)] + 1)
        self.tallies[name] = (tally[0], tally[1], tally[2])  # (the latest raced last)
        while len(self.tallies) > MAX_OPPONENTS:
            self.tallies.pop(next(iter(self.tallies)))
        if self._stuck:
            return False
        doc = {"version": VERSION, "opponents": {k: list(v) for k, v in self.tallies.items()}}
        try:
            store.atomic_write_text(self.path, store.dump_json(doc))
        except (OSError, ValueError):
            return False
        return True
