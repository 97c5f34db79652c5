"""The game's window after the replay it was opened for (--replay, a file
double-clicked) is closed with Esc: the player's board, and a note on it saying that
Esc again (or Q) quits; any other key or a click plays on the board as ever."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.language import N_, Words
from game.session.table import Table
from game.view.commands import MODIFIER_KEYS, KeyMap, ViewerCommand
from game.view.stage import Scene, Stage

LEAVING = Words(N_("Esc again or Q quits; a click or another key plays."))
"""The note on the board while Esc would quit."""
QUITS = (ViewerCommand.CLOSE, ViewerCommand.QUIT)
"""The viewer's keys that quit here (Esc and Q, as the player binds them)."""


class Leaving(Scene):
    """Over the player's board, taking nothing but the keys that quit (not modal: every
    other event goes on to the board, and ends this scene)."""

    modal = False

    def __init__(self, stage: Stage, table: Table, keys: Callable[[], KeyMap]) -> None:
        self.stage = stage
        self.table = table
        self.keys = keys
        table.note = LEAVING
        self._serial = table.tag.serial

    def handle(self, event: pygame.event.Event) -> bool:
        if self.table.tag.serial != self._serial:  # (a new game came: it plays)
            self._leave()
            return False
        if event.type == pygame.KEYDOWN:
            name = pygame.key.name(event.key, False)
            if self.keys().viewer_command_for(name) in QUITS:
                self.stage.quit()
                return True
            if name not in MODIFIER_KEYS:
                self._leave()
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.TEXTINPUT, pygame.DROPFILE):
            self._leave()
        return False

    def _leave(self) -> None:
        if self.table.note is LEAVING:
            self.table.dismiss_hint()
        self.done = True
