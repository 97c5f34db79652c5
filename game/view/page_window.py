"""A page's own window: a dialog too large for the side, or any dialog of a window
whose side is hidden, opens in a desktop window of its own beside the game's (as
the classic game's dialogs and Metasweeper's do), so that no page ever covers a cell
and the game's window never changes size for one.

It is a pygame-ce ``Window`` (several can be open, each with its own surface; their
events carry the window they happened in), placed beside the game's window: right
of it where the desktop has room, else left, below, above; else (a window that
fills the desktop leaves no room beside it) where it covers the least of the
board: over the side, the panel or the frame first, the menu bar and the face
above the cells last. Its size follows the page's at the UI scale; its corner stays
put.
"""

from __future__ import annotations

import pygame

from game.view.window import TITLE_BAR, desktop_size, usable_size

GAP = 8
"""Between the game's window and a page's (the window manager's borders)."""


def placed_beside(
    game: pygame.Rect, size: tuple[int, int], desktop: tuple[int, int], board: pygame.Rect
) -> tuple[tuple[int, int], bool]:
    """The top-left corner for a page of ``size`` beside the game's window ``game``
    (desktop pixels) on a desktop of this size, and whether it is beside it: the
    first side with room; else, on a window that leaves no room for it, the place
    on the desktop that covers the least of the ``board`` (the cells, in desktop
    pixels): over the side, the panel or the frame before a cell, and a cell before
    the menu bar, the counters or the face above the cells."""
    width, height = size
    room_w, room_h = desktop[0], desktop[1] - TITLE_BAR
    top = max(TITLE_BAR, min(game.y, room_h - height))
    left = max(0, min(game.x, room_w - width))
    for x, y in (
        (game.right + GAP, top),
        (game.x - GAP - width, top),
        (left, game.bottom + TITLE_BAR),
        (left, game.y - TITLE_BAR - GAP - height),
    ):
        if x >= 0 and x + width <= room_w and y >= TITLE_BAR and y + height <= room_h:
            return (x, y), True
    right, bottom = max(0, room_w - width), max(TITLE_BAR, room_h - height)
    corners = [(x, y) for x in (right, 0, left) for y in (top, TITLE_BAR, bottom)]
    # (the menu bar, the counters and the face: kept in sight before the cells, for
    # the face and the classic keys go past a page to the board)
    head = pygame.Rect(game.x, game.y, game.w, max(0, board.y - game.y))

    def covered(corner: tuple[int, int]) -> tuple[int, int]:
        page = pygame.Rect(corner, size)
        over, cells = head.clip(page), board.clip(page)
        return over.w * over.h, cells.w * cells.h

    return min(corners, key=covered), False


class PageWindow:
    """A page's desktop window beside the game's."""

    def __init__(
        self, title: str, size: tuple[int, int], game: pygame.Rect, board: pygame.Rect
    ) -> None:
        size = _bounded(size)
        where, self.beside = placed_beside(game, size, desktop_size(), board)
        """Placed beside the game's window (else the desktop had no room for it)."""
        self.window = pygame.Window(title, size, position=where)

    @property
    def surface(self) -> pygame.Surface:
        """The surface drawn into (asked of SDL each time: see GameWindow.surface)."""
        return self.window.get_surface()

    def owns(self, event: pygame.event.Event) -> bool:
        """The event happened in this window."""
        window = getattr(event, "window", None)
        return window is not None and getattr(window, "id", None) == self.window.id

    def elsewhere(self, event: pygame.event.Event) -> bool:
        """The event happened in another window (the game's)."""
        window = getattr(event, "window", None)
        return window is not None and getattr(window, "id", None) != self.window.id

    def fit(self, size: tuple[int, int], title: str) -> None:
        """The page's new size (its corner kept, all of it on the desktop) and title."""
        size = _bounded(size)
        if tuple(self.window.size) != size:
            self.window.size = size
            x, y = self.window.position
            room_w, room_h = usable_size()
            self.window.position = (
                max(0, min(int(x), room_w - size[0])),
                max(TITLE_BAR, min(int(y), room_h + TITLE_BAR - size[1])),
            )
        if self.window.title != title:
            self.window.title = title

    def present(self) -> None:
        """Show what was drawn."""
        self.window.flip()

    def close(self) -> None:
        """Destroy the window now."""
        self.window.destroy()


def _bounded(size: tuple[int, int]) -> tuple[int, int]:
    """A page's size, no larger than the usable desktop."""
    room_w, room_h = usable_size()
    return (max(1, min(size[0], room_w)), max(1, min(size[1], room_h)))


class MenuWindow:
    """A menu's own window under its title, for a menu the game's window cannot
    hold whole (a long menu over a Beginner board at 1x): borderless, a popup menu
    to the window manager, on the desktop below the game's window's top."""

    def __init__(self, game: pygame.Rect) -> None:
        room_w, room_h = usable_size()
        self.game = game
        self.room = (room_w, room_h + TITLE_BAR - game.y)
        """The room under the game's window's top, in its pixels (see menubar.Popup)."""
        self.window: pygame.Window | None = None

    def show(self, box: pygame.Rect) -> pygame.Surface:
        """Its surface, the window placed where ``box`` (the game's window's pixels)
        is on the desktop, moved as little as it takes to be on it (``box`` too)."""
        room_w, room_h = usable_size()
        x = max(0, min(self.game.x + box.x, room_w - box.w))
        y = max(TITLE_BAR, min(self.game.y + box.y, room_h + TITLE_BAR - box.h))
        box.topleft = (x - self.game.x, y - self.game.y)
        if self.window is None:
            self.window = pygame.Window("", box.size, position=(x, y), borderless=True)
        else:
            if tuple(self.window.size) != box.size:
                self.window.size = box.size
            self.window.position = (x, y)
        return self.window.get_surface()

    def owns(self, event: pygame.event.Event) -> bool:
        """The event happened in this window."""
        window = getattr(event, "window", None)
        return self.window is not None and getattr(window, "id", None) == self.window.id

    def offset(self) -> tuple[int, int]:
        """Where its corner is in the game's window's pixels."""
        assert self.window is not None
        x, y = self.window.position
        return (int(x) - self.game.x, int(y) - self.game.y)

    def present(self) -> None:
        if self.window is not None:
            self.window.flip()

    def close(self) -> None:
        if self.window is not None:
            self.window.destroy()
            self.window = None


OTHER_WINDOWS_EVENTS = frozenset(
    (
        pygame.WINDOWFOCUSLOST,
        pygame.WINDOWFOCUSGAINED,
        pygame.WINDOWLEAVE,
        pygame.WINDOWENTER,
        pygame.WINDOWSHOWN,
        pygame.WINDOWHIDDEN,
        pygame.WINDOWMINIMIZED,
        pygame.ACTIVEEVENT,
    )
)
"""The window events the game's scenes heed (a focus lost pauses the game) that a page's
own window has too: those are not the game's."""


def closes_the_game(event: pygame.event.Event, game: int) -> bool:
    """The game's window (its id: ``game``) was closed while a page's own window is
    open (SDL tells QUIT only when the last window closes)."""
    window = event.dict.get("window") if event.type == pygame.WINDOWCLOSE else None
    return getattr(window, "id", None) == game


def of_another_window(event: pygame.event.Event, game: int) -> bool:
    """A window event (focus, pointer in or out, shown, hidden) of a page's own
    window, or of one closed since, not of the game's (its id: ``game``); a page's
    closing is its dialog's."""
    if event.type not in OTHER_WINDOWS_EVENTS or "window" not in event.dict:
        return False
    window = event.dict["window"]
    return window is None or getattr(window, "id", None) != game
