"""The block a dialog's body is made of: measured first, then placed, then drawn."""

from __future__ import annotations

import pygame

from game.view.sprites import SpriteSheet


class Piece:
    """One laid-out block of a dialog's body (text, a table, fields, menu lines)."""

    width = 0
    height = 0
    shortened = False
    """True when a word had to be shortened to fit (its middle left out)."""
    broken = False
    """True when a word (a board code) was broken across lines, every character kept."""
    x = y = w = 0

    def place(self, x: int, y: int, width: int) -> None:
        """Put the block at (x, y) in the dialog's picture, given the inner width."""
        self.x, self.y, self.w = x, y, width

    def said(self) -> str:
        """Its words as speech says them (game.view.speech): what it shows, in the
        player's language ("" for a picture with no words)."""
        return ""

    def draw(self, image: pygame.Surface, sprites: SpriteSheet) -> None:
        """Paint the block where it was placed."""
        raise NotImplementedError
