"""Message boxes and the help overlay."""

from __future__ import annotations

import pygame

from game.view.commands import MODIFIER_KEYS, keys_said
from game.view.widgets.dialog import Dialog
from game.view.widgets.grid import GridPiece, said_row
from game.view.widgets.pieces import Piece
from game.view.widgets.style import WRAP_WIDTH, Style
from game.view.widgets.text import TextPiece, wrap_width


class MessageDialog(Dialog):
    """A message and a row of buttons; result is the label of the button chosen.

    Each line is a paragraph, wrapped to fit (a word too long for a line, a path,
    widens the box as far as the window allows); an empty string leaves a blank line.
    Enter picks the default button (the first unless another is named: a question
    whose first answer destroys something names the harmless one). Esc closes with
    result None, except when there is only one button: then Esc picks it too (as a
    Windows message box with only OK answers OK to Esc).
    """

    def __init__(
        self,
        title: str,
        lines: list[str],
        buttons: tuple[str, ...] = ("OK",),
        default: str | None = None,
    ) -> None:
        if not buttons:
            raise ValueError("a message dialog needs at least one button")
        super().__init__(title, buttons, default or buttons[0])
        self.lines = list(lines)
        self.told = False
        """What ``say`` changes is said (a race's room: who came, who is ready), not
        only shown (a job's progress, many times a second, is not)."""
        self._news = ""

    def say(self, lines: list[str]) -> None:
        """Show these lines instead (a dialog that reports progress)."""
        if lines != self.lines:
            self._news = " ".join(line for line in lines if line not in self.lines)
            self.lines = list(lines)
            self._changed()

    def place_said(self) -> str:
        return self._news if self.told else ""

    def finish(self, result: object) -> None:
        """Close with this result, no button pressed (the work it showed is done)."""
        self._close(result)

    def _body(self, style: Style, width: int) -> list[Piece]:
        if not self.lines:
            return []
        return [TextPiece(style, self.lines, wrap_width(style, self.lines, width))]

    def cancel(self) -> None:
        if len(self.buttons) == 1:
            self.choose(self.buttons[0])
        else:
            super().cancel()


class KeysGrid(GridPiece):
    """The help's two columns, each key said as speech names it ("-": minus)."""

    def said(self) -> str:
        return " ".join(said_row([], [keys_said(row[0]), *row[1:]]) for row in self.cells)


class HelpOverlay(MessageDialog):
    """Two columns, a key and what it does, over an OK button.

    Any key (bar the modifiers alone: Shift, Ctrl, Alt, ...) or any click (press and
    release of any of the three mouse buttons, anywhere) closes it; result is "OK".
    """

    def __init__(
        self, keys: list[tuple[str, str]], title: str = "Help", lines: list[str] | None = None
    ) -> None:
        super().__init__(title, list(lines or []), ("OK",))
        self.keys = list(keys)
        self._clicking: int | None = None

    def _body(self, style: Style, width: int) -> list[Piece]:
        rows = [[key, what] for key, what in self.keys]
        grid = KeysGrid(style, [], rows, min(width, 2 * WRAP_WIDTH * style.zoom), wrapping=[1])
        return [*super()._body(style, width), grid]

    def _key(self, key: int, mod: int) -> None:
        if pygame.key.name(key, False) not in MODIFIER_KEYS:
            self.choose("OK")

    def _mouse_down(self, pos: tuple[int, int], button: int) -> None:
        super()._mouse_down(pos, button)
        if button in (1, 2, 3):
            self._clicking = button

    def _mouse_up(self, pos: tuple[int, int], button: int) -> None:
        super()._mouse_up(pos, button)
        if not self.closed and button == self._clicking:
            self.choose("OK")
