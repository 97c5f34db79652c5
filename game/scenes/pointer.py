"""The mouse over the play screen's board: presses, drags and releases through the
input machine to the table (which records them), the wheel's scrolling, panning on
the overview map, and a click off the board that puts the hint away. A click on a
cell always reaches the board, under the advice's box too: the box moves off the
pointer (game/view/advice.py)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.session.input import InputMachine, NewGame, Place
from game.session.table import Table
from game.view.viewport import Viewport

SCROLL_CELLS = 3
"""Cells scrolled per notch of the mouse wheel."""
POINTER_KINDS = {
    pygame.MOUSEMOTION: "move",
    pygame.MOUSEBUTTONDOWN: "down",
    pygame.MOUSEBUTTONUP: "up",
    pygame.WINDOWLEAVE: "cancel",
    pygame.WINDOWFOCUSLOST: "cancel",
}
"""The window's events that a replay records, by the replay's word for them."""


class BoardPointer:
    """What the mouse does on the board (``new_game``: the face released)."""

    def __init__(
        self, table: Table, viewport: Viewport, machine: InputMachine, new_game: Callable[[], None]
    ) -> None:
        self.table = table
        self.viewport = viewport
        self.input = machine
        self.new_game = new_game
        self._panning = False  # the left button is held on the overview map
        self._swallow: int | None = None  # the button whose press put the hint away

    def handle(self, event: pygame.event.Event) -> bool:
        """Take a mouse event (or Esc over a hint); True if it was taken."""
        kind = event.type
        if kind == pygame.MOUSEWHEEL:
            if self.viewport.layout.scrolls:
                down, right = -event.y * SCROLL_CELLS, event.x * SCROLL_CELLS
                if pygame.key.get_mods() & pygame.KMOD_SHIFT:
                    down, right = 0, down or right
                self.viewport.scroll(down, right)
            return True
        if self._overview_event(event) or self._hint_event(event):
            return True
        word = POINTER_KINDS.get(kind)
        if word is None:
            return False
        self._pointer(event, word)
        return True

    def _pointer(self, event: pygame.event.Event, word: str) -> None:
        """A mouse event: through the input machine, to the table (which records it)."""
        held = frozenset(self.input.held)
        made = None
        if word == "cancel":
            self.input.cancel()
            point = (0, 0)
        else:
            spot = self.viewport.spot(event.pos)
            point = self.viewport.board_point(event.pos)
            if word == "down":
                self.input.press(event.button, spot)
            elif word == "up":
                made = self.input.release(event.button, spot)
            else:
                self.input.move(spot)
        button = int(getattr(event, "button", 0))
        if isinstance(made, NewGame):
            self.table.pointer(word, button, point, held)
            self.new_game()
        else:
            self.table.pointer(word, button, point, held, made)

    def _hint_event(self, event: pygame.event.Event) -> bool:
        """Esc or a click off the board puts the hint away (that click does nothing
        else); a click on a cell under the hint's box reaches the board. True if it
        took the event."""
        kind = event.type
        if kind == pygame.MOUSEBUTTONUP and event.button == self._swallow:
            self._swallow = None
            return True
        if self.table.hint is None and self.table.note is None:
            return False
        if kind == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return self.table.dismiss_hint()
        if kind == pygame.MOUSEBUTTONDOWN and self.viewport.spot(tuple(event.pos)) is Place.OUTSIDE:
            self._swallow = event.button
            return self.table.dismiss_hint()
        return False

    def _overview_event(self, event: pygame.event.Event) -> bool:
        """The left button on the overview map pans the view (press, drag, release);
        the board's clicks are untouched. True if it took the event."""
        kind = event.type
        if kind == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.viewport.over_overview(event.pos):
                self._panning = True
                self.input.cancel()
                self.viewport.pan_to(tuple(event.pos))
                return True
        elif self._panning and kind == pygame.MOUSEMOTION:
            self.viewport.pan_to(tuple(event.pos))
            return True
        elif self._panning and kind == pygame.MOUSEBUTTONUP and event.button == 1:
            self._panning = False
            return True
        return False
