"""The desktop window: opened once, resized in place, kept on the screen.

pygame's display.set_mode creates a new window at every size change; a window
manager then places each new window a little lower and to the right, and after a
few board or zoom changes the bottom rows are off the screen. This window is a
pygame-ce ``Window`` made once and resized in place (its surface follows), and
after every resize it is moved so that all of it is on the desktop, its centre
kept where it was when possible (or its corner, the side shown or hidden beside the
board); a window that fits where it is is never moved by itself.

The usable area is the desktop less room for a title bar and a task bar (SDL 2
does not tell pygame the real usable bounds): a window never grows past it, and
zoom choices are checked against it.
"""

from __future__ import annotations

import contextlib
import os

import pygame

from game.language import N_, gettext
from game.view.assets import AssetError, asset_path

TITLE = N_("Minesweeper")
"""The game's name in the window's title (translated where set: Saper, 扫雷)."""

TITLE_BAR = 32
"""Room kept above the window for its title bar (pixels)."""
TASK_BAR = 48
"""Room kept below the window for a task bar or dock (pixels)."""
FALLBACK_DESKTOP = (1024, 768)
"""The desktop assumed when the system does not say (a headless driver)."""


FRAMEBUFFER_HINT = "SDL_FRAMEBUFFER_ACCELERATION"
"""SDL's choice of how a window's surface reaches the screen (read when the first
window's surface is made, from the environment when not set otherwise)."""


def software_framebuffer() -> None:
    """On X11 the window's pixels go to the X server straight from the surface the
    game draws on (SDL's X11 framebuffer, in shared memory), not through an OpenGL
    texture: SDL's default there loads the system's OpenGL driver (Mesa's: 60-90 MB
    resident, and its start before the first frame) to copy a picture drawn in
    software anyway. Called once the display is initialised (the driver known) and
    before the window is made; a player's own setting of the hint is kept."""
    if pygame.display.get_driver() == "x11":
        os.environ.setdefault(FRAMEBUFFER_HINT, "0")


def desktop_size() -> tuple[int, int]:
    """The primary desktop's size in pixels."""
    try:
        return pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        return FALLBACK_DESKTOP


def usable_size() -> tuple[int, int]:
    """The largest window that fits on the desktop with its title bar and a task bar."""
    width, height = desktop_size()
    return (width, max(height - TITLE_BAR - TASK_BAR, 1))


def fits(size: tuple[int, int]) -> bool:
    """A window of this size fits the usable area."""
    room_w, room_h = usable_size()
    return size[0] <= room_w and size[1] <= room_h


def placed(
    centre: tuple[int, int],
    size: tuple[int, int],
    desktop: tuple[int, int],
    kept: tuple[int, int, int, int] | None = None,
) -> tuple[int, int]:
    """The top-left corner that puts a window of this size around centre, moved
    the least needed to keep it all on the desktop (below its title bar, above a
    task bar); a window larger than the room sits at the top left. ``kept``: where
    the window is now (x, y, width, height): what of the desktop it covers there is
    room too (a window manager may have put it nearer an edge than the room kept
    here), so a window that fits where it is never moves by itself."""
    width, height = size
    room_w, room_h = desktop
    top, bottom = TITLE_BAR, room_h - TASK_BAR
    if kept is not None:
        _, ky, _, kh = kept
        top = min(top, max(ky, 0))
        bottom = max(bottom, min(ky + kh, room_h))
    x = centre[0] - width // 2
    y = centre[1] - height // 2
    x = max(0, min(x, room_w - width))
    y = max(top, min(y, bottom - height))
    return (x, y)


CASCADE = TITLE_BAR
"""How far each further window on one data folder opens from the one before, right and
down (game.persist.seats), as a desktop cascades its programs' windows."""


def opening_corner(size: tuple[int, int], seat: int, desktop: tuple[int, int]) -> tuple[int, int]:
    """Where a window of this size opens: centred on the desktop (seat 0, the first
    window on its data folder), each further one a cascade step right and down; on it."""
    step = CASCADE * seat
    # (centred as SDL centres the first, (desktop - size) // 2, so that a window of an
    # odd width or height is still a whole step from it)
    (room_w, room_h), (width, height) = desktop, size
    x = (room_w - width) // 2 + width // 2 + step
    y = (room_h - height) // 2 + height // 2 + step
    return placed((x, y), size, desktop)


class GameWindow:
    """The game's one window and the surface drawn into it."""

    def __init__(self, size: tuple[int, int], seat: int = 0) -> None:
        """``seat``: how many windows are open on the same data folder before this one."""
        position = opening_corner(size, seat, desktop_size()) if seat else None
        self.window = pygame.Window(
            gettext(TITLE), size, position=position or pygame.WINDOWPOS_CENTERED
        )
        with contextlib.suppress(pygame.error, OSError, AssetError):
            # No icon is no reason not to play.
            self.window.set_icon(pygame.image.load(str(asset_path("sprites", "icon.png"))))
        self.keep_on_screen()

    @property
    def surface(self) -> pygame.Surface:
        """The surface drawn into: asked of SDL each time, because a window manager
        can apply a new size later than asked (SDL then makes a new surface)."""
        return self.window.get_surface()

    @property
    def size(self) -> tuple[int, int]:
        """The window's size in pixels."""
        width, height = self.window.size
        return (int(width), int(height))

    @property
    def corner(self) -> tuple[int, int]:
        """Where the window's top-left corner is on the desktop (pixels)."""
        x, y = self.window.position
        return (int(x), int(y))

    def set_title(self, title: str) -> None:
        """The text of the title bar."""
        self.window.title = title

    def resize(self, size: tuple[int, int], keep_corner: bool = False) -> None:
        """A new size in place, the centre kept where possible (``keep_corner``: the
        top-left corner, where the board is), all of it on screen."""
        if size == self.size:
            return
        x, y = self.corner
        width, height = self.size
        if keep_corner:
            centre = (x + size[0] // 2, y + size[1] // 2)
        else:
            centre = (x + width // 2, y + height // 2)
        self.window.size = size
        where = placed(centre, size, desktop_size(), (x, y, width, height))
        if where != (x, y):
            self.window.position = where

    def move(self, corner: tuple[int, int]) -> None:
        """Put the top-left corner there (all of the window kept on the desktop)."""
        if corner != self.corner:
            self.window.position = corner
            self.keep_on_screen()

    def keep_on_screen(self) -> None:
        """Move the window, if need be, so that all of it is on the desktop."""
        x, y = self.corner
        width, height = self.size
        where = placed((x + width // 2, y + height // 2), (width, height), desktop_size())
        if where != (x, y):
            self.window.position = where

    def present(self) -> None:
        """Show what was drawn on the surface."""
        self.window.flip()

    def close(self) -> None:
        """Destroy the window now (not whenever the garbage collector gets to it, which
        could be after pygame was started again and would then hit a reused window)."""
        self.window.destroy()
