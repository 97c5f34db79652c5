"""What a dialog answers: the member of its own Enum for the button chosen (or a small
frozen dataclass, for a form or a picked row), never the button's label; the opener
compares typed values. None is the answer of a dialog cancelled (Esc)."""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import TypeVar

from game.language import N_
from game.view.widgets.dialog import Dialog

D = TypeVar("D", bound=Dialog)


class Button(Enum):
    """A dialog's buttons, each answering itself; its value is the label it wears
    (the English words, marked with N_: the Dialog widget translates them as it
    lays itself out)."""

    @property
    def label(self) -> str:
        """The text on the button."""
        return str(self.value)


def labels(buttons: Sequence[Button]) -> tuple[str, ...]:
    """The buttons' labels, in order, as the widget shows them."""
    return tuple(button.label for button in buttons)


def answering(dialog: D, buttons: type[Button]) -> D:
    """The dialog, answering with the member of ``buttons`` whose button was chosen."""
    by_label = {button.label: button for button in buttons}
    dialog.answer_for = lambda label: by_label[str(label)]
    return dialog


class Noted(Button):
    """A notice's one button."""

    OK = N_("OK")


def field(values: object, key: str) -> str:
    """One field of what a form closed with (its values, by key)."""
    if not isinstance(values, dict):
        raise TypeError(f"a form closes with its values, not {values!r}")
    return str(values[key])
