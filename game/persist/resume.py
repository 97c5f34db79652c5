"""The unfinished game saved when the window closes mid-game: resume.json.

The game itself is the engine's snapshot (``Game.to_snapshot()``), kept as an
opaque JSON object: this layer checks only that it is an object, and leaves
restoring it (and judging whether it is sound) to the caller, so that the file
format of the board stays the engine's business and this package never imports
game.core.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from game.persist import schema
from game.persist.records import MAX_GAME_MS
from game.persist.schema import DataError, JsonObject
from game.persist.settings import Difficulty, Settings

RESUME_VERSION = 1
"""Version of resume.json this code writes and the newest it reads."""

# steps[n] turns a resume document of version n into n + 1; none yet.
_UPGRADES: dict[int, schema.Upgrade] = {}


@dataclass(frozen=True)
class SavedGame:
    """A game in progress, as saved when the window closed."""

    game: Mapping[str, object]
    """The engine's snapshot, opaque here; give it to Game.from_snapshot."""
    elapsed_ms: int
    """Time on the clock when the game was saved."""
    settings: Settings
    """The settings the game was started with (rules such as question marks)."""
    difficulty: Difficulty

    def __post_init__(self) -> None:
        _require_mapping(self.game)
        schema.check_int(self.elapsed_ms, 0, MAX_GAME_MS, "saved game elapsed_ms")
        if not isinstance(self.settings, Settings):
            raise DataError("saved game settings must be Settings")
        if not isinstance(self.difficulty, Difficulty):
            raise DataError("saved game difficulty must be a Difficulty")

    def to_json(self) -> JsonObject:
        """The resume.json document, with its version."""
        return {
            "version": RESUME_VERSION,
            "game": dict(self.game),
            "elapsed_ms": self.elapsed_ms,
            "settings": self.settings.to_json(),
            "difficulty": self.difficulty.value,
        }

    @classmethod
    def from_json(cls, value: object) -> SavedGame:
        """Parse a resume document of any version we know.

        FutureVersionError for a newer version (of the file or of the settings
        inside it), DataError for anything missing or wrong. The board is only
        checked to be a JSON object.
        """
        what = "saved game"
        doc = schema.upgrade(schema.require_object(value, what), RESUME_VERSION, _UPGRADES, what)
        return cls(
            game=schema.require_object(schema.require_key(doc, "game", what), "saved game board"),
            elapsed_ms=schema.read_int(doc, "elapsed_ms", 0, MAX_GAME_MS, what),
            settings=Settings.from_json(schema.require_key(doc, "settings", what)),
            difficulty=schema.read_enum(doc, "difficulty", Difficulty, what),
        )


def _require_mapping(value: object) -> None:
    if not isinstance(value, Mapping) or not all(isinstance(key, str) for key in value):
        raise DataError("saved game board is not a JSON object")
