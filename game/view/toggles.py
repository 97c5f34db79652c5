"""The one table of the player's on/off and pick-one settings.

The Settings dialog's lines, the Options menu's check marks and the commands that
flip or pick a setting are all made from SETTINGS, so a setting is added in one
place. Pure: settings in, settings out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from game.language import LANGUAGES, N_, gettext
from game.persist import Settings
from game.rules import FirstClick
from game.view.commands import Command
from game.view.theme import THEMES

FIRST_CLICK_WORDS = {
    FirstClick.OPENING: N_("opens an area"),
    FirstClick.SAFE: N_("is only safe"),
    FirstClick.NOGUESS: N_("no guessing"),
}
"""How the Settings dialog names each first-click rule (in English: translated when shown)."""


@dataclass(frozen=True)
class Setting:
    """One setting: its field in Settings, its line in the Settings dialog, and the
    commands that set it (a flag's one command flips it; a choice's commands each
    pick one value)."""

    name: str
    label: str
    values: tuple[Any, ...]
    """Every value, in the order the Settings dialog cycles through them."""
    words: Callable[[Any], str]
    """How the dialog shows a value."""
    commands: Mapping[Command, Any]
    """Each command and the value it picks (a flag's command: None, it flips)."""

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
        return replace(settings, **{self.name: following})

    def by(self, command: Command, settings: Settings) -> Settings:
        """The settings as the command leaves them."""
        picked = self.commands[command]
        if picked is None:
            return self.cycled(settings)
        return replace(settings, **{self.name: picked})

    def checked(self, command: Command, settings: Settings) -> bool:
        """Whether the command's menu line shows a tick."""
        picked = self.commands[command]
        return bool(self.value(settings) if picked is None else self.value(settings) == picked)


def _on_off(value: bool) -> str:
    return N_("on") if value else N_("off")


def _flag(name: str, label: str, command: Command) -> Setting:
    return Setting(name, label, (False, True), _on_off, {command: None})


def _choice(
    name: str, label: str, words: Callable[[Any], str], commands: Iterable[tuple[Command, Any]]
) -> Setting:
    picks = dict(commands)
    return Setting(name, label, tuple(picks.values()), words, picks)


SETTINGS: tuple[Setting, ...] = (
    _flag("question_marks", N_("Question marks"), Command.QUESTION_MARKS),
    _flag("left_click_chords", N_("Left click on a number chords"), Command.LEFT_CLICK_CHORDS),
    _choice(
        "first_click",
        N_("First click"),
        FIRST_CLICK_WORDS.__getitem__,
        zip(
            (Command.FIRST_CLICK_OPENING, Command.FIRST_CLICK_SAFE, Command.FIRST_CLICK_NOGUESS),
            FirstClick,
            strict=True,
        ),
    ),
    _flag("counter_below_zero", N_("Mine counter below zero"), Command.COUNTER_BELOW_ZERO),
    _flag("sound", N_("Sound"), Command.SOUND),
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
    _flag("ranked_beginner", N_("Beginner 8x8 (ranked size)"), Command.RANKED_BEGINNER),
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
