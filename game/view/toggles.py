"""The one table of the player's on/off and pick-one settings.

The Settings dialog's lines, the Options menu's check marks and the commands that
flip or pick a setting are all made from SETTINGS, so a setting is added in one
place. Pure: settings in, settings out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final

from game.language import LANGUAGES, N_, gettext
from game.persist.settings import Settings
from game.rules import RuleMode
from game.view.commands import Command
from game.view.menus import words_of
from game.view.theme import THEMES

MODE_COMMANDS = {
    Command.FIRST_CLICK_OPENING: RuleMode.WIN7,
    Command.FIRST_CLICK_SAFE: RuleMode.STANDARD,
    Command.FIRST_CLICK_NOGUESS: RuleMode.NO_GUESS,
    Command.STRONG_NO_GUESS: RuleMode.STRONG_NO_GUESS,
    Command.WEAK_NO_GUESS: RuleMode.WEAK_NO_GUESS,
    Command.QUASI_NO_GUESS: RuleMode.QUASI_NO_GUESS,
    Command.STRONG_GUESSABLE: RuleMode.STRONG_GUESSABLE,
    Command.WEAK_GUESSABLE: RuleMode.WEAK_GUESSABLE,
    Command.CHORD_RECURSION: RuleMode.CHORD_RECURSION,
    Command.FLAG_RECURSION: RuleMode.FLAG_RECURSION,
    Command.CHORD_FLAG_RECURSION: RuleMode.CHORD_FLAG_RECURSION,
}
"""The Options menu's line of each rule mode (the first three are the first-click
rules the game always had: Win7's, the standard's and the classic no-guess)."""


RATES: Final = {
    -60: N_("very slow"),
    -30: N_("slow"),
    0: N_("normal"),
    30: N_("fast"),
    60: N_("very fast"),
    100: N_("fastest"),
}
"""The speech rates the Settings dialog offers (-100 to 100: speech-dispatcher's scale)."""


def with_mode(settings: Settings, mode: RuleMode) -> Settings:
    """The settings with the next games in this rule mode (its laying, its fate and its
    recursion)."""
    return settings.replace(first_click=mode.first_click, fate=mode.fate, recursion=mode.recursion)


class Setting:
    """One setting: its field in Settings, its line in the Settings dialog, and the
    commands that set it (a flag's one command flips it; a choice's commands each
    pick one value)."""

    __slots__ = ("commands", "label", "name", "put", "values", "words")

    def __init__(
        self,
        name: str,
        label: str,
        values: tuple[Any, ...],
        words: Callable[[Any], str],
        commands: Mapping[Command, Any],
        put: Callable[[Settings, Any], Settings] | None = None,
    ) -> None:
        self.name: Final = name
        self.label: Final = label
        self.values: Final = values
        """Every value, in the order the Settings dialog cycles through them."""
        self.words: Final = words
        """How the dialog shows a value."""
        self.commands: Final = commands
        """Each command and the value it picks (a flag's command: None, it flips)."""
        self.put: Final = put
        """How a value is set when the setting is no field of Settings of its own name."""

    def value(self, settings: Settings) -> Any:
        """The setting's value in these settings."""
        return getattr(settings, self.name)

    def shown(self, settings: Settings) -> str:
        """The value as the Settings dialog shows it, in the player's language."""
        return gettext(self.words(self.value(settings)))

    def cycled(self, settings: Settings) -> Settings:
        """The settings with this one set to its next value (a flag: flipped)."""
        values, value = self.values, self.value(settings)
        at = values.index(value) if value in values else -1  # (a language not chosen yet)
        following = values[(at + 1) % len(values)]
        return self._set(settings, following)

    def _set(self, settings: Settings, value: Any) -> Settings:
        if self.put is not None:
            return self.put(settings, value)
        return settings.replace(**{self.name: value})

    def by(self, command: Command, settings: Settings) -> Settings:
        """The settings as the command leaves them."""
        picked = self.commands[command]
        if picked is None:
            return self.cycled(settings)
        return self._set(settings, picked)

    def checked(self, command: Command, settings: Settings) -> bool:
        """Whether the command's menu line shows a tick."""
        picked = self.commands[command]
        return bool(self.value(settings) if picked is None else self.value(settings) == picked)


def _on_off(value: bool) -> str:
    return N_("on") if value else N_("off")


def _flag(name: str, command: Command) -> Setting:
    """A setting flipped by a command of the Options menu, named by its menu line."""
    label = words_of(command)
    assert label is not None, command
    return Setting(name, label, (False, True), _on_off, {command: None})


def _choice(
    name: str, label: str, words: Callable[[Any], str], commands: Iterable[tuple[Command, Any]]
) -> Setting:
    picks = dict(commands)
    return Setting(name, label, tuple(picks.values()), words, picks)


SETTINGS: tuple[Setting, ...] = (
    _flag("question_marks", Command.QUESTION_MARKS),
    _flag("left_click_chords", Command.LEFT_CLICK_CHORDS),
    Setting(
        "mode",
        N_("Rules"),
        tuple(MODE_COMMANDS.values()),
        lambda mode: mode.label,
        MODE_COMMANDS,
        with_mode,
    ),
    _flag("counter_below_zero", Command.COUNTER_BELOW_ZERO),
    _flag("sound", Command.SOUND),
    _choice(
        "theme",
        N_("Look"),
        lambda name: THEMES[name].label,
        zip(
            (Command.THEME_CLASSIC, Command.THEME_COLOURBLIND, Command.THEME_CONTRAST),
            THEMES,
            strict=True,
        ),
    ),
    _flag("ranked_beginner", Command.RANKED_BEGINNER),
    _choice(
        "language",
        N_("Language"),
        lambda code: LANGUAGES.get(code, code),
        zip(
            (
                Command.LANGUAGE_EN,
                Command.LANGUAGE_ZH_CN,
                Command.LANGUAGE_DE,
                Command.LANGUAGE_PL,
                Command.LANGUAGE_JA,
            ),
            LANGUAGES,
            strict=True,
        ),
    ),
    _flag("counters_shown", Command.COUNTERS),
    _flag("speech", Command.SPEAK),
    Setting("speech_brief", N_("Brief speech"), (False, True), _on_off, {}),
    Setting(
        "speech_rate",
        N_("Speech rate"),
        tuple(RATES),
        lambda rate: RATES[rate],
        {},
    ),
    Setting("earcons", N_("Earcons (tones under the cursor)"), (False, True), _on_off, {}),
)
"""Every setting the player flips or picks, in the Settings dialog's order."""

_BY_COMMAND = {command: setting for setting in SETTINGS for command in setting.commands}
THEME = next(setting for setting in SETTINGS if setting.name == "theme")
LANGUAGE = next(setting for setting in SETTINGS if setting.name == "language")


def setting_of(command: Command) -> Setting | None:
    """The setting a command flips or picks (None: the command is no setting's)."""
    return _BY_COMMAND.get(command)


def next_theme(settings: Settings) -> Settings:
    """The settings with the next look, round and round."""
    return THEME.cycled(settings)


def dialog_lines(settings: Settings) -> list[tuple[str, str]]:
    """The Settings dialog's lines: (what, its value), in the player's language."""
    return [(gettext(setting.label), setting.shown(settings)) for setting in SETTINGS]
