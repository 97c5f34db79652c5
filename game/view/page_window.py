"""A page's own window: a dialog too large for the side, or any dialog of a window
whose side is hidden, opens in a desktop window of its own beside the game's (as
the classic game's dialogs and Metasweeper's do), so that no page ever covers a cell
and the game's window never changes size for one.

It is a pygame-ce ``Window`` (several can be open, each with its own surface; their
events carry the window they happened in), placed beside the game's window: right
of it where the desktop has room, else left, below, above; else (a window that
fills the desktop leaves no room beside it) never over a cell: over the side right
of the cells, else left of the window or below the cells, the page laid out in the
room there when it is larger (its lines wrapped, else its body scrolled: never
smaller words); a board that scrolls, whose window leaves no room off its cells,
lends the page a strip at its right (``strip_to_lend``, Viewport.lend). Its size
follows the page's at the UI scale; its corner stays put while it covers nothing
more there.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.view import scale
from game.view.window import TITLE_BAR, desktop_size, usable_size

GAP = 8
"""Between the game's window and a page's (the window manager's borders)."""
NOTE_STRIP = 56
"""The height kept free above the game's window at UI scale 1 by a page off the cells
there: a note of two lines (game.scenes.notes: lines of 14 pixels, its frame and pad)
and its gap, for a note's own window goes there when the desktop has no room under
the window (game.view.note_window), and it would hide the page's buttons."""


def placed_beside(
    game: pygame.Rect,
    size: tuple[int, int],
    desktop: tuple[int, int],
    board: pygame.Rect,
    fits: Callable[[tuple[int, int]], bool] = lambda room: False,
    scrolls: Callable[[tuple[int, int]], bool] = lambda room: False,
) -> tuple[pygame.Rect, pygame.Rect | None]:
    """Where a page of ``size`` goes beside the game's window ``game`` (desktop
    pixels) on a desktop of this size, and the room it has there (None: beside the
    window, the usable desktop): the first side of the window with room (right,
    left, below, above); else, on a window that leaves no room for it, off the cells
    (``board``: the cells, in desktop pixels) where a room holds it whole or it
    ``fits`` one at the UI scale, laid out in it (its lines and buttons wrapped):
    over the side right of the cells (the live counters wait under it), else left
    of the window, right of it, above it, below the cells; else (no room holds it
    whole at the UI scale) the largest of those rooms where it ``scrolls`` (its body
    scrolled at the UI scale: game.view.widgets.body_scroll); else (not even the
    smallest page, its title, three lines and its buttons, has a room off the cells)
    where it covers the least of the board, the menu bar, the counters and the face
    above the cells kept in sight first (the whole desktop its room)."""
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
            return pygame.Rect(x, y, width, height), None
    # (right of the cells the side, the timer's end and the menu bar's empty end; left,
    # right of and above the window nothing of it: the menu bar's titles and the face
    # stay in sight)
    below = board.bottom + GAP + TITLE_BAR
    high = room_h - TITLE_BAR
    above = game.y - TITLE_BAR - GAP - NOTE_STRIP * scale.current()  # (its title bar above)
    rooms = [
        pygame.Rect(board.right + GAP, TITLE_BAR, room_w - board.right - GAP, high),
        pygame.Rect(0, TITLE_BAR, game.x - GAP, high),
        pygame.Rect(game.right + GAP, TITLE_BAR, room_w - game.right - GAP, high),
        pygame.Rect(0, TITLE_BAR, room_w, above - TITLE_BAR),
        pygame.Rect(0, below, room_w, room_h - below),
    ]
    for kept in NOTES.values():  # (a note's own window shown: no page over it)
        rooms = [part for room in rooms for part in _less(room, kept)]
    rooms = [room for room in rooms if room.w > 0 and room.h > 0]
    holding = [room for room in rooms if (room.w >= width and room.h >= height) or fits(room.size)]
    scrolled = sorted((room for room in rooms if scrolls(room.size)), key=lambda r: -r.w * r.h)
    for room in holding[:1] or scrolled[:1]:
        page = pygame.Rect(room.x, room.y, min(width, room.w), min(height, room.h))
        page.y = max(room.y, min(top, room.bottom - page.h))
        return page, room
    right, bottom = max(0, room_w - width), max(TITLE_BAR, room_h - height)
    corners = [(x, y) for x in (right, 0, left) for y in (top, TITLE_BAR, bottom)]
    head = pygame.Rect(game.x, game.y, game.w, max(0, board.y - game.y))

    def covered(corner: tuple[int, int]) -> tuple[int, int]:
        page = pygame.Rect(corner, size)
        over, cells = head.clip(page), board.clip(page)
        return over.w * over.h, cells.w * cells.h

    corner = min(corners, key=covered)
    return pygame.Rect(corner, size), pygame.Rect(0, TITLE_BAR, room_w, high)


def strip_to_lend(
    game: pygame.Rect,
    size: tuple[int, int],
    desktop: tuple[int, int],
    board: pygame.Rect,
    fits: Callable[[tuple[int, int]], bool],
    scrolls: Callable[[tuple[int, int]], bool],
) -> int:
    """How many pixels the board's view must give up at its right for a page of
    ``size`` to go right of its cells covering none (a board that scrolls:
    Viewport.lend), 0 where ``placed_beside`` puts it off the cells already: the
    narrowest room as high as the desktop that holds the page (whole, laid out in
    it, or its body scrolled), less the room already right of the cells."""
    page, _ = placed_beside(game, size, desktop, board, fits, scrolls)
    if not page.colliderect(board):
        return 0
    high = desktop[1] - 2 * TITLE_BAR

    def holds(width: int) -> bool:
        return (
            (width >= size[0] and high >= size[1]) or fits((width, high)) or scrolls((width, high))
        )

    low, wide = 1, max(size[0], 1)  # (``wide`` holds it, ``low`` does not)
    if not holds(wide):
        return 0
    while wide - low > 8:  # (a few layouts: to 8 pixels)
        middle = (low + wide) // 2
        low, wide = (low, middle) if holds(middle) else (middle, wide)
    return max(0, wide - (desktop[0] - board.right - GAP))


def window_id(window: object) -> int | None:
    """The id of the window an event carries (None: none, or one destroyed since the
    event was queued: a page just closed, whose pygame-ce ``Window`` raises then)."""
    try:
        return getattr(window, "id", None)
    except pygame.error:
        return None


def opened(
    title: str,
    size: tuple[int, int],
    position: tuple[int, int],
    *,
    borderless: bool = False,
    utility: bool = False,
) -> pygame.Window:
    """A desktop window shown for a page, a menu or a note: one of its kind closed
    before (hidden and kept: ``closed``), else a new one. No window of the game's is
    destroyed while it runs: on X11, SDL wakes its loop asleep in SDL_WaitEventTimeout
    (game.view.waiting) with an X event sent (XSendEvent, on a connection of its own) to
    its newest window whenever another thread posts an event (game.view.waiting.wake:
    the race's client, long work, the speech); sent as a page closed, the X server may
    take it after the window's destruction from the loop's thread, a BadWindow on
    X_SendEvent, and Xlib's default error handler (which SDL's calls) ends the process.
    A window closed is hidden, so whatever is sent to it (xdotool's keys too) finds it."""
    spare = _SPARE.get((borderless, utility), [])
    while spare:
        window = spare.pop()
        try:
            AWAY.discard(window.id)
            window.title, window.size, window.position = title, size, position
        except pygame.error:  # (destroyed since: the display closed, a new one opened)
            continue
        window.show()
        return window
    return pygame.Window(title, size, position=position, borderless=borderless, utility=utility)


def closed(window: pygame.Window) -> None:
    """A page's, a menu's or a note's window closed: hidden, its surface given back
    (1x1), kept for the next of its kind (``opened``); the events it still has queued
    or is sent are no one's (``of_another_window``)."""
    window.hide()
    window.size = (1, 1)
    if not AWAY:  # (pygame.quit() destroys them and forgets its callbacks: once a session)
        pygame.register_quit(_forget)
    AWAY.add(window.id)
    _SPARE.setdefault((bool(window.borderless), bool(window.utility)), []).append(window)


def _forget() -> None:
    """The windows kept are destroyed with the display (their ids given out anew)."""
    _SPARE.clear()
    AWAY.clear()


_SPARE: dict[tuple[bool, bool], list[pygame.Window]] = {}
"""The windows closed, by kind (borderless, utility): at most as many as were ever open
at once."""
AWAY: set[int] = set()
"""The ids of the windows closed (hidden, kept: ``closed``)."""


NOTES: dict[int, pygame.Rect] = {}
"""Where the notes' own windows are on the desktop while shown (game.view.note_window
keeps it): a page's room off the cells leaves them out."""


def _less(room: pygame.Rect, kept: pygame.Rect) -> list[pygame.Rect]:
    """The room, less what is kept and a gap round it (a page under it has its
    title bar above it): the parts above, under, left and right of it, the largest
    first."""
    if not room.colliderect(kept.inflate(2 * GAP, 2 * GAP + 2 * TITLE_BAR)):
        return [room]
    under = kept.bottom + GAP + TITLE_BAR
    parts = [
        pygame.Rect(room.x, room.y, room.w, kept.y - GAP - room.y),
        pygame.Rect(room.x, under, room.w, room.bottom - under),
        pygame.Rect(room.x, room.y, kept.x - GAP - room.x, room.h),
        pygame.Rect(kept.right + GAP, room.y, room.right - kept.right - GAP, room.h),
    ]
    return sorted(parts, key=lambda part: -max(part.w, 0) * max(part.h, 0))  # (largest first)


class PageWindow:
    """A page's desktop window beside the game's."""

    def __init__(
        self,
        title: str,
        size: tuple[int, int],
        game: pygame.Rect,
        board: pygame.Rect,
        fits: Callable[[tuple[int, int]], bool],
        scrolls: Callable[[tuple[int, int]], bool] = lambda room: False,
    ) -> None:
        self.game, self.board, self.fits, self.scrolls = game, board, fits, scrolls
        self.covers = False
        """Over some of the board (no room anywhere held the page at the UI scale,
        not even its body scrolled)."""
        """The game's window, its cells, whether the page fits a room whole at the
        UI scale (laid out in it: lines and buttons wrapped), and whether it does
        with its body scrolled."""
        where, room = placed_beside(game, _bounded(size), desktop_size(), board, fits, scrolls)
        self._placed(room, where)
        self.window = opened(title, where.size, where.topleft)

    @property
    def surface(self) -> pygame.Surface:
        """The surface drawn into (asked of SDL each time: see GameWindow.surface)."""
        return self.window.get_surface()

    def owns(self, event: pygame.event.Event) -> bool:
        """The event happened in this window."""
        window = getattr(event, "window", None)
        return window is not None and window_id(window) == self.window.id

    def elsewhere(self, event: pygame.event.Event) -> bool:
        """The event happened in another window (the game's)."""
        window = getattr(event, "window", None)
        return window is not None and window_id(window) != self.window.id

    def fit(self, size: tuple[int, int], title: str) -> None:
        """The page's new size and title: its corner kept where the page still covers
        no cell there (all of it on the desktop), else placed again as it opened."""
        size = _bounded(size)
        if tuple(self.window.size) != size:
            x, y = self.window.position
            room_w, room_h = usable_size()
            page = pygame.Rect(
                max(0, min(int(x), room_w - size[0])),
                max(TITLE_BAR, min(int(y), room_h + TITLE_BAR - size[1])),
                *size,
            )
            if not self.covers and page.colliderect(self.game if self.beside else self.board):
                desktop = desktop_size()
                args = (self.board, self.fits, self.scrolls)
                page, room = placed_beside(self.game, size, desktop, *args)
                self._placed(room, page)
            self.window.size = page.size
            self.window.position = page.topleft
            self.covers = page.colliderect(self.board)
        if self.window.title != title:
            self.window.title = title

    def _placed(self, room: pygame.Rect | None, page: pygame.Rect) -> None:
        self.beside = room is None
        """Placed beside the game's window (else the desktop had no room for it)."""
        self.covers = page.colliderect(self.board)
        self.room = usable_size() if room is None else room.size
        """The most the page may take: the usable desktop beside the game's window,
        else the room where it covers no cell (the page is laid out in it)."""

    def present(self) -> None:
        """Show what was drawn."""
        self.window.flip()

    def close(self) -> None:
        """Close the window now (hidden and kept: ``closed``)."""
        closed(self.window)


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
            self.window = opened("", box.size, (x, y), borderless=True)
        else:
            if tuple(self.window.size) != box.size:
                self.window.size = box.size
            self.window.position = (x, y)
        return self.window.get_surface()

    def owns(self, event: pygame.event.Event) -> bool:
        """The event happened in this window."""
        window = getattr(event, "window", None)
        return self.window is not None and window_id(window) == self.window.id

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
            closed(self.window)
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
    return window_id(window) == game


def of_another_window(event: pygame.event.Event, game: int) -> bool:
    """A window event (focus, pointer in or out, shown, hidden) of a page's own
    window, or of one closed since, not of the game's (its id: ``game``); a page's
    closing is its dialog's; and any event of a window closed (hidden, kept:
    ``closed``): a key sent to a page just closed is no one's, never the board's."""
    if "window" not in event.dict:
        return False
    window = event.dict["window"]
    if window is not None and window_id(window) in AWAY:
        return True
    if event.type not in OTHER_WINDOWS_EVENTS:
        return False
    return window is None or window_id(window) != game
