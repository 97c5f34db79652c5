"""A note's own window: the line that says why a hint rings its cell (or a note in its
place: the start cell of a board code, the zoom the board is shown at) while the game's
window has no side to say it in. The classic window is the classic one pixel for
pixel and has no room for it off its cells, so the line opens in a small window of
its own under the game's window (else beside it: game.view.page_window's places),
borderless and a utility window to the window manager: it takes neither the focus
(the game is not paused by it, its keys stay the game's) nor a place in the task bar.
It follows the game's window: a move of that (WINDOWMOVED, a drag) draws everything
again (game.app's WINDOW_EVENTS), and the notes' full draw places this window anew
under the game's where it now is (tests/test_window_x11_note.py, on a real X server).
"""

from __future__ import annotations

import pygame

from game.view.page_window import GAP, NOTES, closed, opened, placed_beside, window_id
from game.view.window import TITLE_BAR, desktop_size, usable_size


def placed_under(
    game: pygame.Rect, size: tuple[int, int], desktop: tuple[int, int], board: pygame.Rect
) -> tuple[int, int]:
    """The top-left corner for a note of ``size`` under the game's window ``game``
    (desktop pixels), its left edge on the game's where the desktop allows; else
    where a page would go (beside the window, else where it covers the least of
    the ``board``)."""
    width, height = size
    room_w, room_h = desktop[0], desktop[1] - TITLE_BAR
    x, y = max(0, min(game.x, room_w - width)), game.bottom + GAP
    if y + height <= room_h:
        return (x, y)
    spot = placed_beside(game, size, desktop, board)[0]
    return (spot.x, spot.y)


MOUSE_EVENTS = frozenset(
    (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL)
)


class NoteWindow:
    """The note's window, while a note is shown and the game's window has no side."""

    def __init__(self) -> None:
        self.window: pygame.Window | None = None

    def show(
        self, picture: pygame.Surface, game: pygame.Rect, board: pygame.Rect, owner: pygame.Window
    ) -> None:
        """Show ``picture`` (the note drawn whole, its frame too) under the game's
        window ``owner`` at ``game`` (desktop pixels; ``board``: its cells there)."""
        room_w, room_h = usable_size()
        size = (min(picture.get_width(), room_w), min(picture.get_height(), room_h))
        NOTES.pop(id(self), None)  # (placed as if not shown: not away from itself)
        where = placed_under(game, size, desktop_size(), board)
        if self.window is None:
            had = owner.focused
            self.window = opened("", size, where, borderless=True, utility=True)
            if self.window.focused and had:  # (a system that focuses a new window: back)
                owner.focus()
        else:
            if tuple(self.window.size) != size:
                self.window.size = size
            if tuple(self.window.position) != where:
                self.window.position = where
        NOTES[id(self)] = pygame.Rect(where, size)
        surface = self.window.get_surface()
        surface.blit(picture, (0, 0))
        self.window.flip()

    @property
    def rect(self) -> pygame.Rect | None:
        """Where it is on the desktop (None: not shown)."""
        if self.window is None:
            return None
        return pygame.Rect(self.window.position, self.window.size)

    @property
    def focused(self) -> bool:
        """It has the focus (a system that gave it the focus as it opened: the game's
        window losing it then is no player leaving the game)."""
        return self.window is not None and bool(self.window.focused)

    def owns(self, event: pygame.event.Event) -> bool:
        """A pointer event in this window (not the board's)."""
        window = getattr(event, "window", None)
        return (
            event.type in MOUSE_EVENTS
            and self.window is not None
            and window_id(window) == self.window.id
        )

    def close(self) -> None:
        """Close the window (no note, or the side says it now)."""
        NOTES.pop(id(self), None)
        if self.window is not None:
            closed(self.window)  # (hidden and kept: never destroyed while the game runs)
            self.window = None
