"""Persistence: the player's settings, game history and saved game.

Never imports pygame, and never stops the game from starting: see Profile. The
window uses Profile (and the value types below); the rest is for tests and tools.
The vocabulary (board sizes, difficulties, rules) is game.rules'.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.persist.game_record import (
        PAGE,
        BestTimeEntry,
        GameRecord,
        Sort,
        StoredGame,
        finished_at_text,
    )
    from game.persist.history import History
    from game.persist.paths import (
        ENV_VAR,
        HISTORY_FILE,
        RECORDS_FILE,
        data_dir,
        default_data_dir,
    )
    from game.persist.profile import DATA_FILES, RESUME_FILE, SETTINGS_FILE, Profile, Resumed
    from game.persist.records import DEFAULT_NAME, MAX_NAME_LENGTH, TOP, BestTime, Records, Stats
    from game.persist.resume import SavedGame
    from game.persist.schema import DataError, FutureVersionError
    from game.persist.settings import Settings

_HOMES = {
    **dict.fromkeys(
        ("PAGE", "BestTimeEntry", "GameRecord", "Sort", "StoredGame", "finished_at_text"),
        "game_record",
    ),
    "History": "history",
    **dict.fromkeys(
        ("ENV_VAR", "HISTORY_FILE", "RECORDS_FILE", "data_dir", "default_data_dir"), "paths"
    ),
    **dict.fromkeys(
        ("DATA_FILES", "RESUME_FILE", "SETTINGS_FILE", "Profile", "Resumed"), "profile"
    ),
    **dict.fromkeys(
        ("DEFAULT_NAME", "MAX_NAME_LENGTH", "TOP", "BestTime", "Records", "Stats"), "records"
    ),
    "SavedGame": "resume",
    "DataError": "schema",
    "FutureVersionError": "schema",
    "Settings": "settings",
}
"""Each name's module: a name is imported when first used, so the first frame loads
only what it needs (the history loads SQLite; the records, the game records and
their checks wait for the first game that ends)."""


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


__all__ = [
    "DATA_FILES",
    "DEFAULT_NAME",
    "ENV_VAR",
    "HISTORY_FILE",
    "MAX_NAME_LENGTH",
    "PAGE",
    "RECORDS_FILE",
    "RESUME_FILE",
    "SETTINGS_FILE",
    "TOP",
    "BestTime",
    "BestTimeEntry",
    "DataError",
    "FutureVersionError",
    "GameRecord",
    "History",
    "Profile",
    "Records",
    "Resumed",
    "SavedGame",
    "Settings",
    "Sort",
    "Stats",
    "StoredGame",
    "data_dir",
    "default_data_dir",
    "finished_at_text",
]
