"""The Settings menu and the Keys screen: a line picked changes one setting or waits
for the key to bind."""

from __future__ import annotations

from game.persist import Settings
from game.screens.answers import Button, answering, labels
from game.view import toggles
from game.view.commands import KeyMap
from game.view.widgets.menu import MenuDialog


class KeysAnswer(Button):
    """The Keys screen's buttons (Close answers None, as Esc does)."""

    CLOSE = "Close"
    DEFAULTS = "Defaults"


def keys_items(keymap: KeyMap) -> list[tuple[str, str]]:
    """The keys screen's lines: what each command does, and its keys."""
    return [(b.does, ", ".join(b.keys)) for b in keymap.bindings]


KEYS_ROWS = 10
"""Lines of the Keys screen shown at once (the rest scroll): it stays large at a zoom."""


def keys_dialog(keymap: KeyMap) -> MenuDialog:
    """Rebind a key: pick a line, press the new key. Defaults puts the table back;
    it answers KeysAnswer.DEFAULTS, or None (Close)."""
    dialog = MenuDialog(
        "Keys",
        keys_items(keymap),
        lines=["Pick a line, then press the key you want for it (Esc: keep it)."],
        buttons=labels(list(KeysAnswer)),
        max_rows=KEYS_ROWS,
    )
    return answering(dialog, KeysAnswer)


def settings_dialog(settings: Settings) -> MenuDialog:
    """The settings menu: pick a line to change it; rules apply from the next game.
    Its one button is Close: it answers None."""
    return MenuDialog(
        "Settings",
        toggles.dialog_lines(settings),
        lines=[
            "Click a line (or Up/Down and Enter) to change it.",
            "Question marks, left-click chords and the rules apply from the next game.",
        ],
    )
