"""The Settings menu and the Keys screen: a line picked changes one setting or waits
for the key to bind."""

from __future__ import annotations

from game.core.record import Record
from game.identity import (
    MAX_IDENTIFIER,
    MAX_NAME,
    clean_country,
    country_problem,
    identifier_problem,
    name_problem,
    player_name,
)
from game.language import N_, gettext
from game.persist.settings import Settings
from game.screens.answers import Button, answering, field, labels
from game.screens.race_broker import RACE_BROKER, broker_shown
from game.view import toggles
from game.view.commands import KeyMap, keys_named, keys_said
from game.view.widgets.form import Field, FormDialog
from game.view.widgets.menu import MenuDialog

PLAYER = N_("Player")
"""The Settings dialog's last line (it opens the Player form) and the form's title."""


class KeysAnswer(Button):
    """The Keys screen's buttons (Close answers None, as Esc does)."""

    CLOSE = N_("Close")
    DEFAULTS = N_("Defaults")


def keys_items(keymap: KeyMap) -> list[tuple[str, str]]:
    """The keys screen's lines: what each command does, and its keys."""
    return [(gettext(b.does), keys_named(b.keys)) for b in keymap.bindings]


KEYS_ROWS = 10
"""Lines of the Keys screen shown at once (the rest scroll): it stays large at a zoom."""


class KeysMenu(MenuDialog):
    """The Keys screen's list: each line's keys said as speech names them ("minus")."""

    def focus_said(self) -> str:
        if not self.lines_have_focus or self.waiting is not None:
            return super().focus_said()
        does, keys = self.items[self.index]
        return f"{does}: {keys_said(keys)}"


def keys_dialog(keymap: KeyMap) -> MenuDialog:
    """Rebind a key: pick a line, press the new key. Defaults puts the table back;
    it answers KeysAnswer.DEFAULTS, or None (Close)."""
    dialog = KeysMenu(
        N_("Keys"),
        keys_items(keymap),
        lines=[gettext("Pick a line, then press the key you want for it (Esc: keep it).")],
        buttons=labels(list(KeysAnswer)),
        max_rows=KEYS_ROWS,
    )
    return answering(dialog, KeysAnswer)


def settings_dialog(settings: Settings) -> MenuDialog:
    """The settings menu: pick a line to change it; rules apply from the next game.
    Its one button is Close: it answers None."""
    return MenuDialog(
        N_("Settings"),
        settings_lines(settings),
        lines=settings_notes(),
    )


def settings_notes() -> list[str]:
    """The Settings dialog's lines under its table, in the language in use (made
    again after a pick: the language may be what changed)."""
    return [
        gettext("Click a line (or Up/Down and Enter) to change it."),
        gettext("Question marks, left-click chords and the rules apply from the next game."),
    ]


def settings_lines(settings: Settings) -> list[tuple[str, str]]:
    """The Settings dialog's lines: the toggles' (game.view.toggles.SETTINGS, in
    order), then the Player line, which opens the Player form, and the race's broker,
    which opens its menu (game.screens.race_broker)."""
    who = settings.player or "-"
    if settings.country:
        who = f"{who} ({settings.country})"
    return [
        *toggles.dialog_lines(settings),
        (gettext(PLAYER), who),
        (gettext(RACE_BROKER), broker_shown(settings.race_broker)),
    ]


class Identity(Record):
    """The Player form's answer: the player's name, identifier and country, clean
    and checked (game.identity)."""

    __slots__ = ("country", "identifier", "player")

    player: str
    identifier: str
    country: str

    def __init__(self, player: str, identifier: str, country: str) -> None:
        self.player = player
        self.identifier = identifier
        self.country = country


def _identity(values: object) -> Identity:
    return Identity(
        player_name(field(values, "name")),
        field(values, "identifier").strip(),
        clean_country(field(values, "country")),
    )


def identity_dialog(settings: Settings, last_name: str) -> FormDialog:
    """The Player form: the name, identifier and country written into the replays
    and the EVF files; it answers Identity, or None when cancelled."""

    def validate(values: dict[str, str]) -> str | None:
        said = _identity(values)
        problem = (
            name_problem(said.player)
            or identifier_problem(said.identifier)
            or country_problem(said.country)
        )
        return None if problem is None else problem[0].upper() + problem[1:] + "."

    empty = (
        gettext("the last best time's name ({name})").format(name=last_name)
        if last_name
        else gettext("no name")
    )
    dialog = FormDialog(
        PLAYER,
        [
            Field("name", gettext("Name"), settings.player, max_len=MAX_NAME),
            Field("identifier", gettext("Identifier"), settings.identifier, max_len=MAX_IDENTIFIER),
            Field("country", gettext("Country"), settings.country, max_len=2),
        ],
        validate,
        lines=[
            gettext("Written into your replays and EVF files. An empty name: {empty}.").format(
                empty=empty
            ),
            gettext(
                "Identifier: your id on a rankings site. Country: its two-letter code (DE, CN)."
            ),
        ],
    )
    dialog.answer_for = _identity
    return dialog
