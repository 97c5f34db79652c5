"""The sprite sheet, loaded once, scaled by an integer zoom, sliced into named pictures.

Each look's sheet is read from its PNG once and kept (``sheet_image``): a new layout,
zoom or look makes a new SpriteSheet from the picture already loaded.

Scaling uses pygame.transform.scale (nearest neighbour), so the 16-pixel art stays
crisp at every zoom. Bevels are drawn by nine-slicing the frame templates.
"""

from __future__ import annotations

import contextlib

import pygame

from game.view import sheet
from game.view.assets import asset_path
from game.view.theme import Theme, current

Rect = tuple[int, int, int, int]

_loaded: dict[str, pygame.Surface] = {}
"""Each sheet's picture as read from its file (in the window's pixel format), by name."""


def sheet_image(theme: Theme) -> pygame.Surface:
    """A look's sheet as read from its PNG: read once, then kept (once a window is
    open; before that it is read again, in the file's format, when asked)."""
    image = _loaded.get(theme.sheet)
    if image is None:
        image = pygame.image.load(str(asset_path("sprites", theme.sheet)))
        with contextlib.suppress(pygame.error):  # no window yet: keep the file's format
            image = _loaded[theme.sheet] = image.convert()
    return image


class SpriteSheet:
    """Named pictures cut from a theme's sheet (sprites/sheet.png for the classic) at one zoom."""

    def __init__(
        self, zoom: int, image: pygame.Surface | None = None, theme: Theme | None = None
    ) -> None:
        self.theme = current() if theme is None else theme
        """The theme whose sheet this is."""
        if image is None:
            image = sheet_image(self.theme)
        self.zoom = zoom
        self._source = image
        self._others: dict[int, SpriteSheet] = {}
        self.image = pygame.transform.scale_by(image, zoom) if zoom != 1 else image
        z = zoom
        self.tiles = {tile: self._cut(sheet.tile_rect(tile)) for tile in sheet.TILES}
        self.leds = {char: self._cut(sheet.led_rect(char)) for char in sheet.LEDS}
        self.faces = {face: self._cut(sheet.face_rect(face)) for face in sheet.FACES}
        # Nine-slice parts of each frame: corners as they are, edges and centre stretched.
        self._frames: dict[str, tuple[int, dict[str, pygame.Surface]]] = {}
        for name, border in sheet.FRAMES.items():
            x, y, _, _ = sheet.frame_rect(name)
            b, inner = border, sheet.FRAME - 2 * border
            parts = {
                "tl": (x, y, b, b),
                "tr": (x + b + inner, y, b, b),
                "bl": (x, y + b + inner, b, b),
                "br": (x + b + inner, y + b + inner, b, b),
                "t": (x + b, y, inner, b),
                "b": (x + b, y + b + inner, inner, b),
                "l": (x, y + b, b, inner),
                "r": (x + b + inner, y + b, b, inner),
                "c": (x + b, y + b, inner, inner),
            }
            self._frames[name] = (b * z, {key: self._cut(rect) for key, rect in parts.items()})

    def at_zoom(self, zoom: int) -> SpriteSheet:
        """The same sheet at another zoom (made once, then kept): a dialog drawn at a
        smaller scale than the board."""
        if zoom == self.zoom:
            return self
        other = self._others.get(zoom)
        if other is None:
            other = self._others[zoom] = SpriteSheet(zoom, self._source, self.theme)
        return other

    def _cut(self, rect: Rect) -> pygame.Surface:
        z = self.zoom
        x, y, w, h = rect
        return self.image.subsurface((x * z, y * z, w * z, h * z))

    def frame(self, surface: pygame.Surface, name: str, rect: Rect, *, fill: bool = True) -> None:
        """Draw a bevelled box with the named frame template over rect (in screen pixels)."""
        b, parts = self._frames[name]
        x, y, w, h = rect
        iw, ih = w - 2 * b, h - 2 * b
        scale = pygame.transform.scale
        if fill and iw > 0 and ih > 0:
            surface.blit(scale(parts["c"], (iw, ih)), (x + b, y + b))
        if iw > 0:
            surface.blit(scale(parts["t"], (iw, b)), (x + b, y))
            surface.blit(scale(parts["b"], (iw, b)), (x + b, y + h - b))
        if ih > 0:
            surface.blit(scale(parts["l"], (b, ih)), (x, y + b))
            surface.blit(scale(parts["r"], (b, ih)), (x + w - b, y + b))
        surface.blit(parts["tl"], (x, y))
        surface.blit(parts["tr"], (x + w - b, y))
        surface.blit(parts["bl"], (x, y + h - b))
        surface.blit(parts["br"], (x + w - b, y + h - b))
