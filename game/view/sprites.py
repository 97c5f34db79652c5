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
"""Each sheet's picture as read from its file, by name: 8 bits a pixel, its colours in
a palette, as tools/make_sprites.py stores it (a sheet in another format is kept in
the window's pixel format)."""


def sheet_image(theme: Theme) -> pygame.Surface:
    """A look's sheet as read from its PNG: read once, then kept. A palette's sheet is
    kept as it is read (scaled to a zoom it stays 8 bits a pixel: at 4x 0.3 MB where
    the window's 24 bits made 1 MB; blitted as fast); another once a window is open, in
    the window's format (before that it is read again, in the file's, when asked)."""
    image = _loaded.get(theme.sheet)
    if image is None:
        image = pygame.image.load(str(asset_path("sprites", theme.sheet)))
        if image.get_bitsize() == PALETTE_BITS:
            _loaded[theme.sheet] = image
            return image
        with contextlib.suppress(pygame.error):  # no window yet: keep the file's format
            image = _loaded[theme.sheet] = image.convert()
    return image


PALETTE_BITS = 8


STRETCHED_KEPT = 32
"""Frame sizes whose stretched edges are kept (the window's few, a dialog's)."""


def plain_colour(picture: pygame.Surface) -> pygame.Color | None:
    """The picture's one colour, if all its pixels have it (None: they do not)."""
    pixels = pygame.image.tobytes(picture, "RGBA")
    first = pixels[:4]
    if pixels != first * (len(pixels) // 4):
        return None
    return pygame.Color(*first)


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
        self._plain = {name: plain_colour(parts["c"]) for name, (_, parts) in self._frames.items()}
        """Each frame's centre, when it is one colour: filled, not stretched (a board's
        centre stretched at each full repaint would cost a board-sized picture)."""
        self._stretched: dict[tuple[str, int, int], tuple[pygame.Surface, ...]] = {}
        """Frames' edges stretched to a size, kept (thin strips) for the next repaint."""

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

    def _edges(self, name: str, iw: int, ih: int) -> tuple[pygame.Surface, ...]:
        """A frame's top, bottom, left and right edges stretched to an inside of iw x ih."""
        key = (name, iw, ih)
        found = self._stretched.get(key)
        if found is None:
            if len(self._stretched) >= STRETCHED_KEPT:
                self._stretched.clear()
            b, parts = self._frames[name]
            scale = pygame.transform.scale
            wide, tall = (max(iw, 1), b), (b, max(ih, 1))
            found = self._stretched[key] = (
                scale(parts["t"], wide),
                scale(parts["b"], wide),
                scale(parts["l"], tall),
                scale(parts["r"], tall),
            )
        return found

    def frame(self, surface: pygame.Surface, name: str, rect: Rect, *, fill: bool = True) -> None:
        """Draw a bevelled box with the named frame template over rect (in screen pixels)."""
        b, parts = self._frames[name]
        x, y, w, h = rect
        iw, ih = w - 2 * b, h - 2 * b
        scale = pygame.transform.scale
        if fill and iw > 0 and ih > 0:
            plain = self._plain[name]
            if plain is not None:
                surface.fill(plain, (x + b, y + b, iw, ih))
            else:
                surface.blit(scale(parts["c"], (iw, ih)), (x + b, y + b))
        top, bottom, left, right = self._edges(name, iw, ih)
        if iw > 0:
            surface.blit(top, (x + b, y))
            surface.blit(bottom, (x + b, y + h - b))
        if ih > 0:
            surface.blit(left, (x, y + b))
            surface.blit(right, (x + w - b, y + b))
        surface.blit(parts["tl"], (x, y))
        surface.blit(parts["tr"], (x + w - b, y))
        surface.blit(parts["bl"], (x, y + h - b))
        surface.blit(parts["br"], (x + w - b, y + h - b))
