"""The desktop's clipboard, through SDL (pygame-ce's ``pygame.scrap`` text calls):
a board code copied out of the game, text pasted into a field; and, where SDL has
one (X11 and Wayland), the primary selection that the middle button pastes.

pygame-ce has no call for the primary selection, so it is asked of the SDL library
pygame-ce itself loaded (SDL_GetPrimarySelectionText, SDL 2.26 and later), found
among the process's mapped files; where there is none (Windows, macOS, an older
SDL), the selection is simply empty.
"""

from __future__ import annotations

import pygame

from game.view.native import primary_selection

SELECTION_LIMIT = 4096
"""The most characters taken from the primary selection (a field holds far fewer)."""


def copy(text: str) -> bool:
    """Put text on the clipboard (and in the primary selection, where there is one,
    so the middle button pastes it too); False where there is no clipboard (no
    window, no desktop)."""
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError):
        return False
    primary = primary_selection()
    if primary is not None:
        primary[2](text.encode("utf-8", "replace"))
    return True


def paste() -> str:
    """The clipboard's text ("" when it holds none or there is no clipboard)."""
    try:
        return pygame.scrap.get_text() if pygame.scrap.has_text() else ""
    except (pygame.error, AttributeError):
        return ""


def selection() -> str:
    """The primary selection's text: what was last selected anywhere on an X11 or
    Wayland desktop ("" when there is none, or no such thing here)."""
    primary = primary_selection()
    if primary is None or not pygame.display.get_init() or not primary[0]():
        return ""
    data = primary[1]()
    return data[: SELECTION_LIMIT * 4].decode("utf-8", "replace")[:SELECTION_LIMIT]
