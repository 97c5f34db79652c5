"""The menu bar as a scene: always on the stage above the board; it takes a press on
the bar and the keys that open it (F10, Alt pressed and let go alone), and every
event while a menu is open. A chosen line's Command goes to ``choose``."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.view.commands import Command
from game.view.page_window import MenuWindow
from game.view.stage import Scene
from game.view.viewport import Viewport
from game.view.widgets.menubar import MenuBar, focus_said

ALT_KEYS = ("Left Alt", "Right Alt")


class MenuBarScene(Scene):
    """The bar across the top, and a menu while one is open."""

    def __init__(
        self,
        menubar: MenuBar,
        viewport: Viewport,
        choose: Callable[[Command], None],
        opened: Callable[[], None],
    ) -> None:
        self.menubar = menubar
        self.viewport = viewport
        self.choose = choose
        self.opened = opened
        """Called when a press opens a menu (the board lets go of what it held)."""
        self._alt_alone = False  # Alt went down and nothing else since: its release opens
        self._closed_now = False  # a menu just closed: what it covered is drawn again
        self._under: tuple[pygame.Rect, pygame.Surface] | None = None
        """What the open menu covers, to put back when it changes."""
        self.popup: MenuWindow | None = None
        """The open menu's own window, while the game's cannot hold it."""

    @property
    def modal(self) -> bool:  # type: ignore[override]
        return self.menubar.is_open

    def relayout(self) -> None:
        self.menubar.relayout()

    def handle(self, event: pygame.event.Event) -> bool:
        """Give the menu bar what is its; True if it took the event (the pointer in
        a menu's own window, in the game's window's pixels)."""
        popup = self.popup
        if popup is not None and popup.owns(event):
            if event.type == pygame.WINDOWFOCUSLOST or not hasattr(event, "pos"):
                return True  # (its focus is not the game's)
            dx, dy = popup.offset()
            event = pygame.event.Event(
                event.type, {**event.dict, "pos": (event.pos[0] + dx, event.pos[1] + dy)}
            )
        elif popup is not None and event.type == pygame.WINDOWFOCUSLOST:
            return True  # (the menu's window took the focus from the game's)
        kind, menubar = event.type, self.menubar
        was_open = menubar.is_open
        command: Command | None = None
        if kind == pygame.KEYDOWN:
            name = pygame.key.name(event.key, False)
            self._alt_alone = name in ALT_KEYS
            if not (was_open or name == "F10"):
                return False
            command = menubar.key(name)
        elif kind == pygame.KEYUP:
            name = pygame.key.name(event.key, False)
            alone, self._alt_alone = self._alt_alone, False
            if not (alone and name in ALT_KEYS):
                return was_open
            command = menubar.key(name)  # Alt pressed and let go alone: like Windows
        elif kind == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not menubar.press(tuple(event.pos)):
                return False
            self.opened()
        elif kind == pygame.MOUSEMOTION and was_open:
            menubar.move(tuple(event.pos))
        elif kind == pygame.MOUSEBUTTONUP and was_open:
            if event.button == 1:
                command = menubar.release(tuple(event.pos))
        elif kind in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED) and was_open:
            menubar.close()
        elif not was_open:
            return False
        if was_open and not menubar.is_open:
            self._closed_now = True
        if command is not None:
            self.choose(command)
        return True

    def draw(self, screen: pygame.Surface, full: bool) -> list[pygame.Rect]:
        """The bar, and the open menu over the board; a menu that changed puts back
        what its last drawing covered (the board waits under an open menu, so those
        pixels are still right): opening a menu repaints nothing else."""
        if not (full or self.viewport.renderer.repainted or self.menubar.dirty()):
            return []
        drawn: list[pygame.Rect] = []
        if self._under is not None and not full:
            where, pixels = self._under
            screen.blit(pixels, where)
            drawn.append(where)
        self._under = None
        self._closed_now = False
        bar = self.viewport.bar()
        menubar = self.menubar
        popup = None
        if menubar.is_open and not menubar.fits(screen.get_size(), bar.h):
            if self.popup is None:  # (a menu the window cannot hold: a window of its own)
                window = self.viewport.window
                self.popup = MenuWindow(pygame.Rect(window.corner, window.size))
            popup = self.popup
        elif self.popup is not None:
            self.popup.close()
            self.popup = None
        menubar.draw(screen, self.viewport.renderer.sprites, bar, self._keep_under, popup)
        if popup is not None:
            popup.present()
        return [*drawn, bar, *([] if self._under is None else [self._under[0]])]

    def _keep_under(self, box: pygame.Rect) -> None:
        """What the menu is about to cover, kept to put back."""
        self._under = (box, self.viewport.screen.subsurface(box).copy())

    def close(self) -> None:
        if self.popup is not None:
            self.popup.close()
            self.popup = None

    def focus_said(self) -> tuple[str, str]:
        return focus_said(self.menubar)

    def dirty(self) -> bool:
        """A menu closed: everything is drawn again (the board may have changed under
        it: a command chosen); a menu open draws alone."""
        return self._closed_now

    @property
    def covers(self) -> bool:  # type: ignore[override]
        """An open menu is drawn over a whole frame."""
        return self.menubar.is_open
