"""The desktop's clipboard, through SDL (pygame-ce's ``pygame.scrap`` text calls):
a board code copied out of the game, text pasted into a field."""

from __future__ import annotations

import pygame


def copy(text: str) -> bool:
    """Put text on the clipboard; False where there is none (no window, no desktop)."""
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError):
        return False
    return True


def paste() -> str:
    """The clipboard's text ("" when it holds none or there is no clipboard)."""
    try:
        return pygame.scrap.get_text() if pygame.scrap.has_text() else ""
    except (pygame.error, AttributeError):
        return ""
