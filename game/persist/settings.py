"""The player's settings: a frozen value, its defaults, and its JSON form.

Reading is strict: a wrong type or an out-of-range value makes the whole file
unreadable (it is then moved aside and the defaults used), because guessing
which half of a bent file to trust is worse than starting clean. Keys we do not
know are ignored, so a newer version can add settings without bumping the file
version and this one still reads its files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from game.difficulty import MAX_COLS, MAX_ROWS, MIN_COLS, MIN_MINES, MIN_ROWS, max_mines
from game.persist import schema
from game.persist.schema import DataError, JsonObject

SETTINGS_VERSION = 1
"""Version of settings.json this code writes and the newest it reads."""

# Settings files older than SETTINGS_VERSION are upgraded one version at a time;
# steps[n] turns version n into n + 1. None yet: version 1 is the first.
_UPGRADES: dict[int, schema.Upgrade] = {}

MIN_ZOOM = 1
MAX_ZOOM = 4
# The rule book's custom limits, kept in one place (game/difficulty.py, pure data).
CUSTOM_MIN_ROWS, CUSTOM_MAX_ROWS = MIN_ROWS, MAX_ROWS
CUSTOM_MIN_COLUMNS, CUSTOM_MAX_COLUMNS = MIN_COLS, MAX_COLS
CUSTOM_MIN_MINES = MIN_MINES


class Difficulty(Enum):
    """The board sizes the player can choose; the value is the name in files."""

    BEGINNER = "beginner"
    INTERMEDIATE = "intermediate"
    EXPERT = "expert"
    CUSTOM = "custom"

    @property
    def is_preset(self) -> bool:
        """True for the three fixed sizes (the ones with best times)."""
        return self is not Difficulty.CUSTOM


PRESETS = (Difficulty.BEGINNER, Difficulty.INTERMEDIATE, Difficulty.EXPERT)
"""The difficulties that keep best-time tables, in menu order."""


class FirstClickRule(Enum):
    """Which cells the first reveal keeps free of mines (see shared/RULES.md).

    The values are the engine's rule names (game.core.FirstClick). A later
    "no-guessing" rule is added here as a new member; older files stay valid.
    """

    OPENING = "opening"
    SAFE = "safe"


@dataclass(frozen=True)
class CustomSize:
    """The size of a custom board: rows 9-24, columns 9-30, 10 to (r-1)(c-1) mines."""

    rows: int = 16
    columns: int = 30
    mines: int = 99

    def __post_init__(self) -> None:
        schema.check_int(self.rows, CUSTOM_MIN_ROWS, CUSTOM_MAX_ROWS, "custom rows")
        schema.check_int(self.columns, CUSTOM_MIN_COLUMNS, CUSTOM_MAX_COLUMNS, "custom columns")
        schema.check_int(self.mines, CUSTOM_MIN_MINES, self.max_mines, "custom mines")

    @property
    def max_mines(self) -> int:
        """The most mines this many rows and columns may hold."""
        return max_mines(self.rows, self.columns)

    def to_json(self) -> JsonObject:
        """The JSON object form: {"rows": r, "columns": c, "mines": m}."""
        return {"rows": self.rows, "columns": self.columns, "mines": self.mines}

    @classmethod
    def from_json(cls, value: object) -> CustomSize:
        """Parse the JSON object form; DataError on anything wrong."""
        doc = schema.require_object(value, "custom size")
        return cls(
            rows=schema.read_int(doc, "rows", CUSTOM_MIN_ROWS, CUSTOM_MAX_ROWS, "custom size"),
            columns=schema.read_int(
                doc, "columns", CUSTOM_MIN_COLUMNS, CUSTOM_MAX_COLUMNS, "custom size"
            ),
            # The upper bound depends on rows and columns: __post_init__ checks it.
            mines=schema.read_int(doc, "mines", CUSTOM_MIN_MINES, 10**6, "custom size"),
        )


@dataclass(frozen=True)
class Settings:
    """Everything the player can set; the defaults are a new player's settings.

    Construct with keywords and change with ``dataclasses.replace``; invalid
    values raise DataError (a ValueError) at construction.
    """

    question_marks: bool = True
    """Right-click cycles hidden -> flag -> ? -> hidden (else hidden <-> flag)."""
    left_click_chords: bool = False
    """A left click on an opened number chords."""
    first_click: FirstClickRule = FirstClickRule.OPENING
    counter_below_zero: bool = True
    """The mine counter may show negative numbers (down to -99); else stops at 0."""
    sound: bool = True
    zoom: int | None = None
    """Cell scale 1-4, or None to pick one that fits the screen."""
    difficulty: Difficulty = Difficulty.BEGINNER
    """The difficulty of the last game started: the next start uses it."""
    custom: CustomSize = field(default_factory=CustomSize)
    """The size the Custom difficulty uses (kept while other sizes are played)."""

    def __post_init__(self) -> None:
        for name in ("question_marks", "left_click_chords", "counter_below_zero", "sound"):
            if not isinstance(getattr(self, name), bool):
                raise DataError(f"setting {name!r} must be true or false")
        if not isinstance(self.first_click, FirstClickRule):
            raise DataError("setting 'first_click' must be a FirstClickRule")
        if not isinstance(self.difficulty, Difficulty):
            raise DataError("setting 'difficulty' must be a Difficulty")
        if not isinstance(self.custom, CustomSize):
            raise DataError("setting 'custom' must be a CustomSize")
        if self.zoom is not None:
            schema.check_int(self.zoom, MIN_ZOOM, MAX_ZOOM, "setting 'zoom'")

    def to_json(self) -> JsonObject:
        """The settings.json document, with its version."""
        return {
            "version": SETTINGS_VERSION,
            "question_marks": self.question_marks,
            "left_click_chords": self.left_click_chords,
            "first_click": self.first_click.value,
            "counter_below_zero": self.counter_below_zero,
            "sound": self.sound,
            "zoom": self.zoom,
            "difficulty": self.difficulty.value,
            "custom": self.custom.to_json(),
        }

    @classmethod
    def from_json(cls, value: object) -> Settings:
        """Parse a settings document of any version we know.

        Raises FutureVersionError for a newer version and DataError for anything
        missing, mistyped or out of range. Unknown keys are ignored.
        """
        what = "settings"
        doc = schema.upgrade(schema.require_object(value, what), SETTINGS_VERSION, _UPGRADES, what)
        zoom = schema.require_key(doc, "zoom", what)
        if zoom is not None:
            zoom = schema.check_int(zoom, MIN_ZOOM, MAX_ZOOM, "setting 'zoom'")
        return cls(
            question_marks=schema.read_bool(doc, "question_marks", what),
            left_click_chords=schema.read_bool(doc, "left_click_chords", what),
            first_click=schema.read_enum(doc, "first_click", FirstClickRule, what),
            counter_below_zero=schema.read_bool(doc, "counter_below_zero", what),
            sound=schema.read_bool(doc, "sound", what),
            zoom=zoom,
            difficulty=schema.read_enum(doc, "difficulty", Difficulty, what),
            custom=CustomSize.from_json(schema.require_key(doc, "custom", what)),
        )
