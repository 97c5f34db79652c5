"""Drawing the window: board tiles, LED counters, the face, all from the sprite sheet.

Drawing never changes game state. The renderer remembers what it last drew in
every cell, counter and the face (the draw state, kept apart from the game state
and the UI state as in Tatham's puzzles) and redraws only what differs, returning
the rectangles it redrew (none: nothing to present).
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from game.core import Cell, Game, Look
from game.fonts import ui_font
from game.layout import Layout, Rect
from game.session.scene import Scene
from game.sheet import LED_W, TILE, Face, Tile
from game.sprites import SpriteSheet
from game.theme import Theme, current

PAUSE_TITLE = "Paused"
PAUSE_TEXT = "Click or press any key to go on."
PAUSE_TEXT_SIZE = 11
"""The pause box's font size at 1x."""

# The tile drawn for each look, unpressed and pressed (indexed by Look's value).
_TILE_FOR_LOOK: tuple[Tile, ...] = (
    Tile.OPEN, Tile.N1, Tile.N2, Tile.N3, Tile.N4, Tile.N5, Tile.N6, Tile.N7, Tile.N8,
    Tile.HIDDEN, Tile.FLAG, Tile.QUESTION, Tile.MINE, Tile.EXPLODED, Tile.WRONG_FLAG,
)  # fmt: skip
_PRESSED_TILE_FOR_LOOK: tuple[Tile, ...] = tuple(
    {Tile.HIDDEN: Tile.OPEN, Tile.QUESTION: Tile.QUESTION_PRESSED}.get(tile, tile)
    for tile in _TILE_FOR_LOOK
)


def led_text(value: int) -> str:
    """Three LED characters for a counter value: 0-999, or -99 to -1 with a minus sign."""
    if value < 0:
        return "-" + f"{min(-value, 99):02d}"
    return f"{min(value, 999):03d}"


def tile_for(look: Look, pressed: bool) -> Tile:
    """The sheet's tile name for a look, drawn pressed or not."""
    return (_PRESSED_TILE_FOR_LOOK if pressed else _TILE_FOR_LOOK)[look]


class Renderer:
    """Draws a game into the window surface, redrawing only what changed."""

    def __init__(self, layout: Layout, zoom: int, theme: Theme | None = None) -> None:
        self.layout = layout
        self.zoom = zoom
        self.theme = current() if theme is None else theme
        """The look drawn in (game.theme): its sprite sheet and colours."""
        self.sprites = SpriteSheet(zoom, theme=self.theme)
        self.background = self._paint_background()
        self._drawn: list[Tile | None] = [None] * (layout.rows * layout.cols)
        self._pressed: frozenset[Cell] = frozenset()
        self._face: Face | None = None
        self._counter: str | None = None
        self._timer: str | None = None
        self._paused = False
        self.repainted = False
        """The last draw repainted the whole window (the menu bar is drawn again)."""
        self.paused_box: pygame.Rect | None = None
        """Where the pause box was last drawn (the cells under it are covered)."""

    def scaled(self, rect: Rect) -> Rect:
        """A rectangle of the layout (1x) in window pixels."""
        z = self.zoom
        return (rect[0] * z, rect[1] * z, rect[2] * z, rect[3] * z)

    def _paint_background(self) -> pygame.Surface:
        """The static parts: the ground and the bevels of the window, panel, board, counters."""
        width, height = self.layout.size
        z = self.zoom
        surface = pygame.Surface((width * z, height * z))
        surface.fill(self.theme.face)
        frame = self.sprites.frame
        frame(surface, "raised3", self.scaled(self.layout.frame))
        frame(surface, "sunken2", self.scaled(self.layout.panel))
        frame(surface, "sunken3", self.scaled(self.layout.board_frame))
        frame(surface, "sunken1", self.scaled(self.layout.mine_counter))
        frame(surface, "sunken1", self.scaled(self.layout.timer))
        return surface

    def invalidate(self) -> None:
        """Forget what was drawn: the next draw repaints everything."""
        self._drawn = [None] * len(self._drawn)
        self._face = self._counter = self._timer = None

    def draw(
        self, screen: pygame.Surface, game: Game, scene: Scene, changed: Iterable[Cell] = ()
    ) -> list[pygame.Rect]:
        """Bring the screen up to date; return the rectangles that were redrawn.

        ``changed`` names the cells whose look may have changed since the last draw
        (the engine's deltas); pressed cells are compared with the last frame's.
        After invalidate() every cell is drawn.
        """
        dirty: list[pygame.Rect] = []
        if scene.paused != self._paused:
            self._paused = scene.paused
            self.invalidate()
        full = self._face is None
        self.repainted = full
        if full:
            screen.blit(self.background, (0, 0))
            dirty.append(screen.get_rect())
        if scene.paused:
            if full:
                self._draw_paused(screen)
            self._draw_panel(screen, scene, dirty)
            return dirty
        if full:
            rows, cols = self.layout.rows, self.layout.cols
            cells: Iterable[Cell] = ((r, c) for r in range(rows) for c in range(cols))
        else:
            cells = set(changed) | self._pressed | scene.pressed
        self._draw_cells(screen, game, scene.pressed, cells, dirty, full)
        self._pressed = scene.pressed
        self._draw_panel(screen, scene, dirty)
        return dirty

    def _draw_paused(self, screen: pygame.Surface) -> None:
        """Every cell hidden, and a box on the board saying how to go on."""
        tile = self.sprites.tiles[Tile.HIDDEN]
        ox, oy = self.layout.board_origin
        z = self.zoom
        screen.fblits(
            [
                (tile, ((ox + col * TILE) * z, (oy + row * TILE) * z))
                for row in range(self.layout.rows)
                for col in range(self.layout.cols)
            ]
        )
        bx, by, bw, bh = self.scaled(self.layout.board_frame)
        pad = 6 * z
        room = max(bw - 4 * pad, 1)
        ink = self.theme.text
        title = ui_font(PAUSE_TEXT_SIZE * z, bold=True).render(PAUSE_TITLE, True, ink)
        font = ui_font(PAUSE_TEXT_SIZE * z)
        font.align = pygame.FONT_CENTER
        wrap = min(font.size(PAUSE_TEXT)[0], room)
        text = font.render(PAUSE_TEXT, True, ink, None, wrap)
        inner_w = max(title.get_width(), text.get_width())
        inner_h = title.get_height() + text.get_height()
        box = pygame.Rect(0, 0, inner_w + 2 * pad, inner_h + 2 * pad)
        box.center = (bx + bw // 2, by + bh // 2)
        box = box.clip(pygame.Rect(bx, by, bw, bh))
        self.sprites.frame(screen, "raised3", (box.x, box.y, box.w, box.h))
        screen.blit(title, title.get_rect(midtop=(box.centerx, box.y + pad)))
        screen.blit(text, text.get_rect(midtop=(box.centerx, box.y + pad + title.get_height())))
        self.paused_box = box

    def _draw_cells(
        self,
        screen: pygame.Surface,
        game: Game,
        pressed: frozenset[Cell],
        cells: Iterable[Cell],
        dirty: list[pygame.Rect],
        full: bool,
    ) -> None:
        tiles = self.sprites.tiles
        drawn = self._drawn
        cols = self.layout.cols
        ox, oy = self.layout.board_origin
        z, size = self.zoom, TILE * self.zoom
        blits = []
        for row, col in cells:
            name = tile_for(game.look(row, col), (row, col) in pressed)
            k = row * cols + col
            if drawn[k] != name:
                drawn[k] = name
                pos = ((ox + col * TILE) * z, (oy + row * TILE) * z)
                blits.append((tiles[name], pos))
                if not full:
                    dirty.append(pygame.Rect(pos, (size, size)))
        screen.fblits(blits)

    def _draw_panel(self, screen: pygame.Surface, scene: Scene, dirty: list[pygame.Rect]) -> None:
        layout = self.layout
        if scene.face != self._face:
            self._face = scene.face
            rect = self.scaled(layout.face)
            screen.blit(self.sprites.faces[scene.face], rect[:2])
            dirty.append(pygame.Rect(rect))
        counter = led_text(scene.counter)
        if counter != self._counter:
            self._counter = counter
            dirty.append(self._draw_led(screen, layout.mine_counter, counter))
        timer = led_text(scene.timer)
        if timer != self._timer:
            self._timer = timer
            dirty.append(self._draw_led(screen, layout.timer, timer))

    def _draw_led(self, screen: pygame.Surface, box: Rect, text: str) -> pygame.Rect:
        z = self.zoom
        x, y = (box[0] + 1) * z, (box[1] + 1) * z
        for k, char in enumerate(text):
            screen.blit(self.sprites.leds[char], (x + k * LED_W * z, y))
        return pygame.Rect(self.scaled(box))
