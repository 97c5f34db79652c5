"""Drawing the window: board tiles, LED counters, the face, all from the sprite sheet.

Drawing never changes game state. The renderer remembers what it last drew in
every cell, counter and the face (the draw state, kept apart from the game state
and the UI state as in Tatham's puzzles) and redraws only what differs, returning
the rectangles it redrew (none: nothing to present).
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from game.core.delta import Cell
from game.core.look import Look
from game.language import N_, gettext
from game.session.geometry import DIGITS, LED_W, TILE, Layout, Rect
from game.session.picture import Advice, Face, Picture, Seen
from game.view import scale
from game.view.advice import AdviceLayer
from game.view.fonts import ui_font
from game.view.scale import TEXT
from game.view.sheet import Tile
from game.view.sprites import SpriteSheet
from game.view.theme import Theme, current

PAUSE_TITLE = N_("Paused")
PAUSE_TEXT = N_("Click or press any key to go on.")
CURSOR_OUTER = (0, 0, 0)
CURSOR_INNER = (255, 204, 0)  # amber: seen on grey, white and every number
OVERVIEW_OPENED = (250, 250, 250)
OVERVIEW_HIDDEN = (128, 128, 128)
OVERVIEW_VIEW = (220, 0, 0)


# The tile drawn for each look, unpressed and pressed (indexed by Look's value).
_TILE_FOR_LOOK: tuple[Tile, ...] = (
    Tile.OPEN, Tile.N1, Tile.N2, Tile.N3, Tile.N4, Tile.N5, Tile.N6, Tile.N7, Tile.N8,
    Tile.HIDDEN, Tile.FLAG, Tile.QUESTION, Tile.MINE, Tile.EXPLODED, Tile.WRONG_FLAG,
)  # fmt: skip
_PRESSED_TILE_FOR_LOOK: tuple[Tile, ...] = tuple(
    {Tile.HIDDEN: Tile.OPEN, Tile.QUESTION: Tile.QUESTION_PRESSED}.get(tile, tile)
    for tile in _TILE_FOR_LOOK
)


Pictures = tuple[tuple[Tile, pygame.Surface], ...]
"""Each look's tile and its picture, by the look's number."""


def led_text(value: int, digits: int = DIGITS) -> str:
    """LED characters for a counter value, ``digits`` of them: 0-999 with the classic
    three (or up to 10**digits - 1), or -99 to -1 with a minus sign."""
    if value < 0:
        return "-" + f"{min(-value, 10 ** (digits - 1) - 1):0{digits - 1}d}"
    return f"{min(value, 10**digits - 1):0{digits}d}"


def tile_for(look: Look, pressed: bool) -> Tile:
    """The sheet's tile name for a look, drawn pressed or not."""
    return (_PRESSED_TILE_FOR_LOOK if pressed else _TILE_FOR_LOOK)[look]


class Renderer:
    """Draws a game into the window surface, redrawing only what changed."""

    def __init__(self, layout: Layout, zoom: int, theme: Theme | None = None) -> None:
        self.layout = layout
        self.zoom = zoom
        self.theme = current() if theme is None else theme
        """The look drawn in (game.view.theme): its sprite sheet and colours."""
        self.sprites = SpriteSheet(zoom, theme=self.theme)
        self._drawn: list[Tile | None] = [None] * (layout.rows * layout.cols)
        self._by_look: tuple[SpriteSheet, Pictures, Pictures] | None = None
        self._pressed: frozenset[Cell] = frozenset()
        self._face: Face | None = None
        self._counter: str | None = None
        self._timer: str | None = None
        self._paused = (False, True)  # (the last pause and its prompt: a change draws all)
        self._cursor: Cell | None = None
        self._advice: Advice | None = None
        self.advice = AdviceLayer(self)
        """The advice drawn over the board (its marks, the hint's ring and box)."""
        self._overview_key: object = None
        self._overview_map: tuple[object, pygame.Surface] | None = None
        self.repainted = False
        """The last draw repainted the whole window (the menu bar is drawn again)."""
        self.paused_box: pygame.Rect | None = None
        """Where the pause box was last drawn (the cells under it are covered)."""

    def scaled(self, rect: Rect) -> Rect:
        """A rectangle of the layout (1x) in window pixels."""
        z = self.zoom
        return (rect[0] * z, rect[1] * z, rect[2] * z, rect[3] * z)

    @property
    def size(self) -> tuple[int, int]:
        """The game's size in window pixels (the layout at the zoom)."""
        width, height = self.layout.size
        return (width * self.zoom, height * self.zoom)

    def _paint_background(self, surface: pygame.Surface) -> None:
        """The static parts: the ground and the bevels of the window, panel, board,
        counters; painted at each full repaint, not kept (a surface of the game's size,
        1.7 MB at zoom 3, held for the few full repaints)."""
        surface.fill(self.theme.face, (0, 0, *self.size))
        frame = self.sprites.frame
        frame(surface, "raised3", self.scaled(self.layout.frame))
        frame(surface, "sunken2", self.scaled(self.layout.panel))
        frame(surface, "sunken3", self.scaled(self.layout.board_frame))
        frame(surface, "sunken1", self.scaled(self.layout.mine_counter))
        frame(surface, "sunken1", self.scaled(self.layout.timer))

    def forget(self, cells: Iterable[Cell]) -> None:
        """Draw these cells again at the next draw that names them (something was
        drawn over them: a ghost's cursor)."""
        cols = self.layout.cols
        for row, col in cells:
            self._drawn[row * cols + col] = None

    def invalidate(self) -> None:
        """Forget what was drawn: the next draw repaints everything."""
        self._drawn = [None] * len(self._drawn)
        self._face = self._counter = self._timer = None
        self._overview_key = None

    def scroll(self, layout: Layout) -> None:
        """Look at another part of a board larger than the window (same size and zoom)."""
        if layout != self.layout:
            self.layout = layout
            self.invalidate()

    def draw(
        self, screen: pygame.Surface, game: Seen, picture: Picture, changed: Iterable[Cell] = ()
    ) -> list[pygame.Rect]:
        """Bring the screen up to date; return the rectangles that were redrawn.

        ``changed`` names the cells whose look may have changed since the last draw
        (the engine's deltas); pressed cells are compared with the last frame's.
        After invalidate() every cell is drawn.
        """
        dirty: list[pygame.Rect] = []
        if (picture.paused, picture.prompt) != self._paused:
            self._paused = (picture.paused, picture.prompt)
            self.invalidate()
        full = self._face is None
        self.repainted = full
        if full:
            (width, height), (bw, bh) = screen.get_size(), self.size
            if width > bw:  # (the side: the ground its owner draws on, each pixel once)
                screen.fill(self.theme.face, (bw, 0, width - bw, height))
            if height > bh:  # (the room under a game shorter than its side)
                screen.fill(self.theme.face, (0, bh, bw, height - bh))
            self._paint_background(screen)
            dirty.append(screen.get_rect())
        if picture.paused:
            if full:
                self._draw_paused(screen, picture.prompt)
            self._draw_panel(screen, picture, dirty)
            return dirty
        layout = self.layout
        cursor = picture.cursor
        if picture.advice is not self._advice:
            # New advice is drawn over every cell: the view is repainted once.
            self._advice = picture.advice
            self.advice.marks = None
            if not full:
                self.invalidate()
                return self.draw(screen, game, picture)
        if full:
            cells: Iterable[Cell] = layout.visible_cells()
        else:
            cells = set(changed) | self._pressed | picture.pressed
            if cursor != self._cursor:
                for cell in (self._cursor, cursor):
                    if cell is not None:
                        self._drawn[cell[0] * layout.cols + cell[1]] = None  # redraw it
                        cells.add(cell)
            if layout.scrolls:
                cells = [cell for cell in cells if layout.visible(*cell)]
        redrawn = self._draw_cells(screen, game, picture.pressed, cells, dirty, full)
        self._pressed = picture.pressed
        advice = picture.advice
        if advice is not None and advice.probabilities is not None:
            # Each cell's mark again over a tile drawn anew (all of them: a full draw).
            marked = layout.visible_cells() if full else redrawn
            self.advice.draw_marks(screen, game, advice, marked)
        shown = cursor is not None and layout.visible(*cursor)
        if (
            cursor is not None
            and shown
            and (full or cursor != self._cursor or cursor in set(cells))
        ):
            self._draw_cursor(screen, cursor)  # (again over a tile drawn under it)
        self._cursor = cursor
        if full:
            if advice is not None:
                self.advice.draw(screen, advice)
        elif advice is not None:
            self.advice.draw_over(screen, advice, redrawn)
        self._draw_panel(screen, picture, dirty)
        if layout.scrolls:
            self._draw_overview(screen, game, dirty)
        return dirty

    def _draw_cursor(self, screen: pygame.Surface, cell: Cell) -> None:
        """The keyboard cursor: an amber ring edged in black, seen on every tile."""
        z = self.zoom
        rect = pygame.Rect(self.scaled(self.layout.cell_rect(*cell)))
        pygame.draw.rect(screen, CURSOR_OUTER, rect, z)
        pygame.draw.rect(screen, CURSOR_INNER, rect.inflate(-2 * z, -2 * z), 2 * z)

    def _draw_overview(self, screen: pygame.Surface, game: Seen, dirty: list[pygame.Rect]) -> None:
        """The overview map of a board larger than the window: opened cells light,
        the rest grey, the part in view framed in red. Redrawn only when a cell was
        opened or flagged or the view moved."""
        layout = self.layout
        key = (game.opened_count, game.flags, game.status, layout.top, layout.left)
        if key == self._overview_key:
            return
        self._overview_key = key
        rect = pygame.Rect(self.scaled(layout.overview))
        board_key = (game, game.opened_count, game.flags, game.status, rect.size)
        if self._overview_map is None or self._overview_map[0] != board_key:
            # The board's cells only when they changed (a scroll re-frames the same map).
            cells = pygame.image.frombytes(game.open_map(), (layout.cols, layout.rows), "P")
            cells.set_palette([OVERVIEW_OPENED, OVERVIEW_HIDDEN])
            self._overview_map = (board_key, pygame.transform.scale(cells, rect.size))
        screen.blit(self._overview_map[1], rect)
        sx, sy = rect.w / layout.cols, rect.h / layout.rows
        view = pygame.Rect(
            rect.x + int(layout.left * sx),
            rect.y + int(layout.top * sy),
            max(int(layout.shown_cols * sx), 2),
            max(int(layout.shown_rows * sy), 2),
        )
        pygame.draw.rect(screen, OVERVIEW_VIEW, view, max(self.zoom, 1))
        ring = rect.inflate(2 * self.zoom, 2 * self.zoom)
        self.sprites.frame(screen, "sunken1", (ring.x, ring.y, ring.w, ring.h), fill=False)
        dirty.append(ring)

    def _draw_paused(self, screen: pygame.Surface, prompt: bool) -> None:
        """Every cell hidden, and (``prompt``) a box on the board saying how to go on."""
        tile = self.sprites.tiles[Tile.HIDDEN]
        ox, oy = self.layout.board_origin
        z = self.zoom
        screen.fblits(
            [
                (tile, ((ox + col * TILE) * z, (oy + row * TILE) * z))
                for row in range(self.layout.shown_rows)
                for col in range(self.layout.shown_cols)
            ]
        )
        self.paused_box = None
        if prompt:  # (else a dialog asks how to go on instead)
            frame = self.scaled(self.layout.board_frame)
            self.paused_box = draw_pause_box(screen, self.sprites, self.theme.text, frame)

    def _draw_cells(
        self,
        screen: pygame.Surface,
        game: Seen,
        pressed: frozenset[Cell],
        cells: Iterable[Cell],
        dirty: list[pygame.Rect],
        full: bool,
    ) -> list[Cell]:
        """Draw the cells whose tile changed; those cells (none listed on a full draw)."""
        unpressed, held = self._pictures()
        drawn = self._drawn
        cols = self.layout.cols
        ox, oy = self.layout.board_origin
        ox -= self.layout.left * TILE
        oy -= self.layout.top * TILE
        z, size = self.zoom, TILE * self.zoom
        look = game.look
        blits = []
        redrawn: list[Cell] = []
        for row, col in cells:
            # (each look's tile and picture by the look's number: no Enum hashed a cell)
            name, tile = (held if pressed and (row, col) in pressed else unpressed)[look(row, col)]
            k = row * cols + col
            if drawn[k] is not name:
                drawn[k] = name
                pos = ((ox + col * TILE) * z, (oy + row * TILE) * z)
                blits.append((tile, pos))
                if not full:
                    dirty.append(pygame.Rect(pos, (size, size)))
                    redrawn.append((row, col))
        screen.fblits(blits)
        return redrawn

    def _pictures(self) -> tuple[Pictures, Pictures]:
        """Each look's tile and its picture, unpressed and pressed, indexed by the
        look's number (made once for the sprite sheet)."""
        if self._by_look is None or self._by_look[0] is not self.sprites:
            tiles = self.sprites.tiles
            self._by_look = (
                self.sprites,
                tuple((name, tiles[name]) for name in _TILE_FOR_LOOK),
                tuple((name, tiles[name]) for name in _PRESSED_TILE_FOR_LOOK),
            )
        return self._by_look[1], self._by_look[2]

    def _draw_panel(
        self, screen: pygame.Surface, picture: Picture, dirty: list[pygame.Rect]
    ) -> None:
        layout = self.layout
        if picture.face != self._face:
            self._face = picture.face
            rect = self.scaled(layout.face)
            screen.blit(self.sprites.faces[picture.face], rect[:2])
            dirty.append(pygame.Rect(rect))
        counter = led_text(picture.counter, layout.digits)
        if counter != self._counter:
            self._counter = counter
            dirty.append(self._draw_led(screen, layout.mine_counter, counter))
        timer = led_text(picture.timer, layout.digits)
        if timer != self._timer:
            self._timer = timer
            dirty.append(self._draw_led(screen, layout.timer, timer))

    def _draw_led(self, screen: pygame.Surface, box: Rect, text: str) -> pygame.Rect:
        z = self.zoom
        x, y = (box[0] + 1) * z, (box[1] + 1) * z
        for k, char in enumerate(text):
            screen.blit(self.sprites.leds[char], (x + k * LED_W * z, y))
        return pygame.Rect(self.scaled(box))


POINTER = [(0, 0), (0, 12), (3, 9), (5, 14), (7, 13), (5, 8), (9, 8)]
"""The arrow of a recorded pointer (a replay's, a ghost's), in 1x pixels from its tip."""
POINTER_FILL, POINTER_EDGE = (255, 255, 255), (0, 0, 0)


def pointer_points(tip: tuple[int, int], zoom: int) -> list[tuple[int, int]]:
    """The arrow's corners with its tip at a window pixel."""
    x, y = tip
    return [(x + px * zoom, y + py * zoom) for px, py in POINTER]


def draw_pointer(screen: pygame.Surface, tip: tuple[int, int], zoom: int) -> None:
    """A replay's pointer: the arrow, white edged in black, its tip at a window pixel
    (the viewer and the GIF export draw it alike)."""
    points = pointer_points(tip, zoom)
    pygame.draw.polygon(screen, POINTER_FILL, points)
    pygame.draw.polygon(screen, POINTER_EDGE, points, max(1, zoom // 2))


def draw_pause_box(
    screen: pygame.Surface,
    sprites: SpriteSheet,
    ink: tuple[int, int, int],
    frame: tuple[int, int, int, int],
) -> pygame.Rect:
    """The pause's box in the middle of the board's frame (every cell hidden under
    it): "Paused" and how to go on, at the UI scale, wrapped to the board's width;
    where it was drawn."""
    bx, by, bw, bh = frame
    ui = scale.current()
    pad = 6 * ui
    room = max(bw - 4 * pad, 1)
    title = ui_font(TEXT * ui, bold=True).render(gettext(PAUSE_TITLE), True, ink)
    font = ui_font(TEXT * ui)
    font.align = pygame.FONT_CENTER
    words = gettext(PAUSE_TEXT)
    wrap = min(font.size(words)[0], room)
    text = font.render(words, True, ink, None, wrap)
    inner_w = max(title.get_width(), text.get_width())
    inner_h = title.get_height() + text.get_height()
    box = pygame.Rect(0, 0, inner_w + 2 * pad, inner_h + 2 * pad)
    box.center = (bx + bw // 2, by + bh // 2)
    box = box.clip(pygame.Rect(bx, by, bw, bh))
    sprites.at_zoom(ui).frame(screen, "raised3", (box.x, box.y, box.w, box.h))
    screen.blit(title, title.get_rect(midtop=(box.centerx, box.y + pad)))
    screen.blit(text, text.get_rect(midtop=(box.centerx, box.y + pad + title.get_height())))
    return box
