"""The player's settings: a frozen value, its defaults, and its JSON form.

Files from other versions are read, not set aside:
- an older file is upgraded one version at a time (``_UPGRADES``), and a setting
  that did not exist yet when it was written (a key missing) takes its default;
- a newer file of the same version may carry settings this version does not know
  (extra keys): they are ignored.
What is set aside is damage: a value of the wrong type or out of range, a file that
is not a JSON object, a version newer than this code reads. Guessing which half of
a bent file to trust is worse than starting clean.

Version history:
  1  "difficulty" (a name) and "custom" ({"rows", "columns", "mines"}).
  2  "board" ({"rows", "columns", "mines"}): the last board played, its difficulty
     following from its size (game.rules), so a label can never disagree with a size.
  3  "theme" (a name of game.words.LOOKS). Older files read as the classic look; a
     name this version does not know (a newer version's theme) reads as classic too,
     and is no damage.
  4  "keys" ({command: [key names]}): the keys the player rebound (the others keep
     the command table's). A command this version does not know is kept, unused.
     Later, in the same version (a key older code ignores): "language" (a code of
     game.language.LANGUAGES, or null before the first start chose the system's); a
     code this version does not know reads as English, and is no damage.
     Later still, in the same version: "player", "identifier" and "country" (texts,
     "" for none: the player's identity, checked by game.identity), written
     into the replays and the EVF files.
     Later still, in the same version: "counters_shown" (the live counters' panel),
     "counters" (the figures it shows, in order: a name this version does not know
     is left out, no damage) and "own_counters" ([[name, expression], ...]: the
     player's own counters; an entry that is not a pair of texts is left out).
     Later still, in the same version: "speech" (true, false, or null before the
     first start chose: on when a screen reader runs), "speech_brief", "speech_rate"
     (-100 to 100) and "earcons" (game.view.speech).
     Later still, in the same version: "ui_scale" (1 to 3, or null: the scale of
     the words and widgets, chosen from the screen until the player sets one).
     Later still, in the same version: "race_broker" (the live race's broker, a URL
     of at most 300 printable characters, or null or "": none chosen, the game's own
     default). Only the race reads it as an address (game.net.broker: a text that
     names no broker is said then, in one line, and kept: a newer version's scheme).
"""

from __future__ import annotations

from typing import Any, Final

from game.identity import country_problem, identifier_problem, name_problem
from game.language import LANGUAGES, choose
from game.persist import schema
from game.persist.schema import DataError, JsonObject
from game.rules import (
    MAX_ZOOM,
    MIN_ZOOM,
    PRESETS,
    UI_SCALES,
    Board,
    BoardChoiceError,
    Difficulty,
    Fate,
    FirstClick,
    GameRules,
    Recursion,
    RuleMode,
    playable,
)
from game.words import DEFAULT_FIGURES, FIGURES, LOOKS, MAX_OWN, chosen, look_of
from game.words import own_counters as chosen_own

SETTINGS_VERSION = 4
"""Version of settings.json this code writes and the newest it reads."""

_DEFAULT_CUSTOM = Board(16, 30, 99)


def board_to_json(board: Board) -> JsonObject:
    """A board as {"rows": r, "columns": c, "mines": m}."""
    return {"rows": board.rows, "columns": board.cols, "mines": board.mines}


_FLAGS = (
    "question_marks",
    "left_click_chords",
    "counter_below_zero",
    "sound",
    "ranked_beginner",
    "counters_shown",
    "speech_brief",
    "earcons",
)
"""The on/off settings."""


def board_from_json(value: object, what: str) -> Board:
    """A board this game can play (rules.playable); DataError otherwise."""
    doc = schema.require_object(value, what)
    sizes = [schema.require_key(doc, key, what) for key in ("rows", "columns", "mines")]
    try:
        return playable(*sizes)  # type: ignore[arg-type]  # (playable checks the types)
    except BoardChoiceError as error:
        raise DataError(f"{what}: {error}") from None


def _v1_to_v2(doc: JsonObject) -> JsonObject:
    """Version 1 named the last difficulty and kept the custom size beside it."""
    name = doc.pop("difficulty", Difficulty.BEGINNER.value)
    kinds = {difficulty.value: difficulty for difficulty in Difficulty}
    if not isinstance(name, str) or name not in kinds:
        raise DataError(f"settings: 'difficulty' is {name!r}, not a board kind")
    preset = PRESETS.get(kinds[name])
    if preset is not None:
        doc["board"] = board_to_json(preset)
    elif "custom" in doc:
        doc["board"] = doc["custom"]
    return doc


def _v2_to_v3(doc: JsonObject) -> JsonObject:
    """Version 2 had one look: the classic one."""
    doc.setdefault("theme", LOOKS[0])
    return doc


def _v3_to_v4(doc: JsonObject) -> JsonObject:
    """Version 3 had the command table's keys only."""
    doc.setdefault("keys", {})
    return doc


MAX_KEY_NAME = 32
"""The longest key name kept (SDL's are far shorter)."""
MAX_KEYS_PER_COMMAND = 4
MAX_REBOUND = 100

KeyChoice = tuple[tuple[str, tuple[str, ...]], ...]
"""Rebound keys: (command name, its key names), sorted by command."""


def _keys_from_json(value: object) -> KeyChoice:
    what = "setting 'keys'"
    doc = schema.require_object(value, what)
    if len(doc) > MAX_REBOUND:
        raise DataError(f"{what}: more than {MAX_REBOUND} commands")
    chosen = []
    for name, keys in doc.items():
        if not isinstance(keys, list) or not 1 <= len(keys) <= MAX_KEYS_PER_COMMAND:
            raise DataError(f"{what}: {name!r} must name 1 to {MAX_KEYS_PER_COMMAND} keys")
        for key in keys:
            if not isinstance(key, str) or not 0 < len(key) <= MAX_KEY_NAME:
                raise DataError(f"{what}: {name!r} has a key that is no key name")
            if not key.isprintable():
                raise DataError(f"{what}: {name!r} has a key that is no key name")
        if not 0 < len(name) <= MAX_KEY_NAME:
            raise DataError(f"{what}: {name[:MAX_KEY_NAME]!r} is no command name")
        # (A name the command table lacks, from a newer version, is kept and unused.)
        chosen.append((name, tuple(keys)))
    return tuple(sorted(chosen))


MAX_BROKER_URL = 300
"""The longest broker's address kept (game.net.broker.MAX_URL, the same bound)."""


def broker_problem(value: object) -> str | None:
    """What is wrong with a broker's address as the settings keep it (None: nothing;
    that it names a broker is the race's to check, game.net.broker)."""
    if value is None:
        return None
    if not isinstance(value, str):
        return "setting 'race_broker' must be text or null"
    if not 0 < len(value) <= MAX_BROKER_URL or not value.isprintable() or value != value.strip():
        return f"setting 'race_broker' must be a URL of 1 to {MAX_BROKER_URL} printable characters"
    return None


_IDENTITY = {"player": name_problem, "identifier": identifier_problem, "country": country_problem}
"""The player's identity, each text with its check."""

_UPGRADES: dict[int, schema.Upgrade] = {1: _v1_to_v2, 2: _v2_to_v3, 3: _v3_to_v4}
"""steps[n] turns a settings document of version n into version n + 1."""


class Settings:
    """Everything the player can set; the defaults are a new player's settings.

    Construct with keywords and change with ``replace``; invalid values raise
    DataError (a ValueError) at construction. Settings of equal values are equal and
    hash alike. (A plain class, not a dataclass: it loads before the first frame, and
    Python 3.11 compiles a dataclass's methods from source at every start.)
    """

    __slots__ = (
        "board",
        "counter_below_zero",
        "counters",
        "counters_shown",
        "country",
        "custom",
        "earcons",
        "fate",
        "first_click",
        "identifier",
        "keys",
        "language",
        "left_click_chords",
        "own_counters",
        "player",
        "question_marks",
        "race_broker",
        "ranked_beginner",
        "recursion",
        "sound",
        "speech",
        "speech_brief",
        "speech_rate",
        "theme",
        "ui_scale",
        "zoom",
    )

    def __init__(
        self,
        question_marks: bool = True,
        left_click_chords: bool = False,
        first_click: FirstClick = FirstClick.OPENING,
        fate: Fate = Fate.NONE,
        recursion: Recursion = Recursion.NONE,
        counter_below_zero: bool = True,
        sound: bool = True,
        zoom: int | None = None,
        board: Board = PRESETS[Difficulty.BEGINNER],
        custom: Board = _DEFAULT_CUSTOM,
        theme: str = LOOKS[0],
        keys: KeyChoice = (),
        ranked_beginner: bool = False,
        language: str | None = None,
        player: str = "",
        identifier: str = "",
        country: str = "",
        counters_shown: bool = True,
        counters: tuple[str, ...] = DEFAULT_FIGURES,
        own_counters: tuple[tuple[str, str], ...] = (),
        speech: bool | None = None,
        speech_brief: bool = False,
        speech_rate: int = 0,
        earcons: bool = True,
        ui_scale: int | None = None,
        race_broker: str | None = None,
    ) -> None:
        self.question_marks: Final = question_marks
        """Right-click cycles hidden -> flag -> ? -> hidden (else hidden <-> flag)."""
        self.left_click_chords: Final = left_click_chords
        """A left click on an opened number chords."""
        self.first_click: Final = first_click
        self.fate: Final = fate
        """With first_click, the rule mode (game.rules.RuleMode): what a click may do to
        the mines."""
        self.recursion: Final = recursion
        """With first_click and fate, the rule mode: which acts chord on by themselves."""
        self.counter_below_zero: Final = counter_below_zero
        """The mine counter may show negative numbers (down to -99); else stops at 0."""
        self.sound: Final = sound
        self.zoom: Final = zoom
        """Cell scale MIN_ZOOM-MAX_ZOOM, or None to pick one that fits the screen."""
        self.board: Final = board
        """The board of the last game started: the next start uses it."""
        self.custom: Final = custom
        """The size the Custom dialog offers (kept while other sizes are played)."""
        self.theme: Final = theme
        """The look (a name of game.words.LOOKS)."""
        self.keys: Final = keys
        """The keys the player rebound, by command name (the rest: the command table's)."""
        self.ranked_beginner: Final = ranked_beginner
        """Beginner is the ranked 8x8 board (the community's), with records of its own."""
        self.language: Final = language
        """The language (a code of game.language.LANGUAGES); None until the first start
        chooses the system's."""
        self.player: Final = player
        """The player's name in replays ("": the last name given to a best time)."""
        self.identifier: Final = identifier
        """What a rankings site calls the player (game.identity)."""
        self.country: Final = country
        """The player's country, an ISO 3166-1 alpha-2 code."""
        self.counters_shown: Final = counters_shown
        """The live counters' panel is shown beside the board."""
        self.counters: Final = counters
        """The figures the panel shows, in order (names of game.words.FIGURES)."""
        self.own_counters: Final = own_counters
        """The player's own counters: (name, expression), shown after the figures."""
        self.speech: Final = speech
        """The game speaks (None until the first start chose: on if a screen reader runs)."""
        self.speech_brief: Final = speech_brief
        """Brief words ("C5, 2") instead of full ones ("row 3, column 5: 2")."""
        self.speech_rate: Final = speech_rate
        """The voice's speed, -100 to 100 (0: the voice's own)."""
        self.earcons: Final = earcons
        """Tones under the cursor while speech is on (a number's pitch, the edge, a flag)."""
        self.ui_scale: Final = ui_scale
        """The words' and widgets' scale, UI_SCALES[0] to UI_SCALES[-1] (game.view.scale),
        or None to choose it from the screen; the board's zoom is apart."""
        self.race_broker: Final = race_broker
        """The live race's broker (a URL: mqtt://, mqtts://, ws://, wss://), or None: none
        chosen, the game's own default (--broker overrides either for a run)."""
        self._check()

    def _check(self) -> None:
        for name in _FLAGS:
            if not isinstance(getattr(self, name), bool):
                raise DataError(f"setting {name!r} must be true or false")
        if not isinstance(self.first_click, FirstClick):
            raise DataError("setting 'first_click' must be a FirstClick")
        if not isinstance(self.fate, Fate):
            raise DataError("setting 'fate' must be a Fate")
        if not isinstance(self.recursion, Recursion):
            raise DataError("setting 'recursion' must be a Recursion")
        for name in ("board", "custom"):
            value = getattr(self, name)
            if not isinstance(value, Board):
                raise DataError(f"setting {name!r} must be a Board")
            try:
                playable(value.rows, value.cols, value.mines)
            except BoardChoiceError as error:
                raise DataError(f"setting {name!r}: {error}") from None
        if self.zoom is not None:
            schema.check_int(self.zoom, MIN_ZOOM, MAX_ZOOM, "setting 'zoom'")
        if self.ui_scale is not None:
            schema.check_int(self.ui_scale, UI_SCALES[0], UI_SCALES[-1], "setting 'ui_scale'")
        if not isinstance(self.theme, str) or self.theme not in LOOKS:
            raise DataError(f"setting 'theme' must be one of {', '.join(LOOKS)}")
        if not isinstance(self.keys, tuple):
            raise DataError("setting 'keys' must be a tuple of (command, keys)")
        _keys_from_json({name: list(keys) for name, keys in self.keys})
        if self.speech is not None and not isinstance(self.speech, bool):
            raise DataError("setting 'speech' must be true, false or null")
        schema.check_int(self.speech_rate, -100, 100, "setting 'speech_rate'")
        if self.language is not None and self.language not in LANGUAGES:
            raise DataError(f"setting 'language' must be one of {', '.join(LANGUAGES)}")
        if not isinstance(self.counters, tuple) or chosen(self.counters) != self.counters:
            raise DataError("setting 'counters' must name figures of the panel, once each")
        if (
            not isinstance(self.own_counters, tuple)
            or chosen_own(self.own_counters) != self.own_counters
        ):
            raise DataError("setting 'own_counters' must be (name, expression) pairs")
        said_broker = broker_problem(self.race_broker)
        if said_broker is not None:
            raise DataError(said_broker)
        for name, problem in _IDENTITY.items():
            value = getattr(self, name)
            if not isinstance(value, str):
                raise DataError(f"setting {name!r} must be text")
            said = problem(value)
            if said is not None:
                raise DataError(f"setting {name!r}: {said}")

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        if type(other) is not Settings:
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"Settings({shown})"

    def replace(self, **changes: Any) -> Settings:
        """These settings with some values changed, checked as any settings are."""
        return Settings(**{name: getattr(self, name) for name in self.__slots__} | changes)

    @property
    def rules(self) -> GameRules:
        """The rules the next game starts with."""
        # (the mode's own laying: a hand-edited file's odd pair plays a mode as it is)
        return GameRules.of_mode(self.mode, self.question_marks, self.left_click_chords)

    @property
    def mode(self) -> RuleMode:
        """The rule mode the next game starts in (its laying, fate and recursion)."""
        return RuleMode.of(self.first_click, self.fate, self.recursion)

    def to_json(self) -> JsonObject:
        """The settings.json document, with its version."""
        return {
            "version": SETTINGS_VERSION,
            "question_marks": self.question_marks,
            "left_click_chords": self.left_click_chords,
            "first_click": self.first_click.value,
            "fate": self.fate.value,
            "recursion": self.recursion.value,
            "counter_below_zero": self.counter_below_zero,
            "sound": self.sound,
            "zoom": self.zoom,
            "board": board_to_json(self.board),
            "custom": board_to_json(self.custom),
            "theme": self.theme,
            "keys": {name: list(keys) for name, keys in self.keys},
            "ranked_beginner": self.ranked_beginner,
            "language": self.language,
            "player": self.player,
            "identifier": self.identifier,
            "country": self.country,
            "counters_shown": self.counters_shown,
            "counters": list(self.counters),
            "own_counters": [list(pair) for pair in self.own_counters],
            "speech": self.speech,
            "speech_brief": self.speech_brief,
            "speech_rate": self.speech_rate,
            "earcons": self.earcons,
            "ui_scale": self.ui_scale,
            "race_broker": self.race_broker,
        }

    @classmethod
    def from_json(cls, value: object) -> Settings:
        """Parse a settings document of any version we know.

        Raises FutureVersionError for a newer version and DataError for anything
        mistyped or out of range. Missing keys take their defaults; unknown keys
        are ignored, and so is a theme this version does not know (classic), and a
        language (English).
        """
        what = "settings"
        doc = schema.upgrade(schema.require_object(value, what), SETTINGS_VERSION, _UPGRADES, what)
        values: dict[str, Any] = {}  # what the file sets; the rest keep their defaults
        for name in _FLAGS:
            if name in doc:
                values[name] = schema.read_bool(doc, name, what)
        if "first_click" in doc:
            values["first_click"] = schema.read_enum(doc, "first_click", FirstClick, what)
        if "fate" in doc:
            values["fate"] = schema.read_enum(doc, "fate", Fate, what)
        if "recursion" in doc:
            values["recursion"] = schema.read_enum(doc, "recursion", Recursion, what)
        if doc.get("zoom") is not None:
            values["zoom"] = schema.check_int(doc["zoom"], MIN_ZOOM, MAX_ZOOM, "setting 'zoom'")
        if doc.get("ui_scale") is not None:
            values["ui_scale"] = schema.check_int(
                doc["ui_scale"], UI_SCALES[0], UI_SCALES[-1], "setting 'ui_scale'"
            )
        for name in ("board", "custom"):
            if name in doc:
                values[name] = board_from_json(doc[name], f"setting {name!r}")
        if "theme" in doc:
            values["theme"] = look_of(doc["theme"])
        if "keys" in doc:
            values["keys"] = _keys_from_json(doc["keys"])
        if doc.get("language") is not None:
            language = doc["language"]
            if not isinstance(language, str):
                raise DataError("setting 'language' must be a language's code")
            values["language"] = choose(language)  # (one we do not know: English)
        for name in _IDENTITY:
            if name in doc:
                values[name] = schema.read_str(doc, name, what)  # (checked by the class)
        if doc.get("speech") is not None:
            values["speech"] = schema.read_bool(doc, "speech", what)
        if "speech_rate" in doc:
            values["speech_rate"] = schema.check_int(
                doc["speech_rate"], -100, 100, "setting 'speech_rate'"
            )
        if doc.get("race_broker") not in (None, ""):  # (null or "": none chosen)
            values["race_broker"] = doc["race_broker"]  # (checked by the class)
        # The counters: whatever is no figure or no counter is left out, no damage.
        figures, own = doc.get("counters"), doc.get("own_counters")
        if isinstance(figures, list):
            values["counters"] = chosen(figures[: 4 * len(FIGURES)])
        if isinstance(own, list):
            values["own_counters"] = chosen_own(own[: 4 * MAX_OWN])
        return cls(**values)


def laid_over(after: Settings, before: Settings, now: Settings) -> Settings:
    """What a window changed from ``before`` (its settings until now) to ``after``,
    laid over ``now`` (the file as another window may have saved it meanwhile): each
    window's choices are kept. ``after`` where the two cannot go together."""
    changes = {
        name: getattr(after, name)
        for name in Settings.__slots__
        if getattr(after, name) != getattr(before, name)
    }
    try:
        return now.replace(**changes)
    except ValueError:  # (DataError: a custom board and its mines apart)
        return after
