"""Drawing the window: board tiles, LED counters, the face, all from the sprite sheet.

Drawing never changes game state. The renderer remembers what it last drew in
every cell, counter and the face (the draw state, kept apart from the game state
and the UI state as in Tatham's puzzles) and redraws only what differs, returning
the rectangles it redrew (none: nothing to present).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import pygame

from game.core import Cell, Game, Look
from game.session.geometry import DIGITS, LED_W, TILE, Layout, Rect
from game.session.picture import Advice, Face, Picture
from game.view.fonts import ui_font
from game.view.sheet import Tile
from game.view.sprites import SpriteSheet
from game.view.theme import Colour, Theme, current

PAUSE_TITLE = "Paused"
PAUSE_TEXT = "Click or press any key to go on."
PAUSE_TEXT_SIZE = 11
"""The pause box's font size at 1x."""
CURSOR_OUTER = (0, 0, 0)
CURSOR_INNER = (255, 204, 0)  # amber: seen on grey, white and every number
OVERVIEW_OPENED = (250, 250, 250)
OVERVIEW_HIDDEN = (128, 128, 128)
OVERVIEW_VIEW = (220, 0, 0)
HINT_SAFE = (0, 150, 0)
HINT_MINE = (220, 0, 0)
ADVICE_INK = (0, 0, 0)
NOTE_TEXT_SIZE = 9
"""The advice box's font size at 1x."""


def _risk_colour(p: float, scale: tuple[Colour, Colour, Colour]) -> Colour:
    """The look's risk scale at p: its no-risk colour through its even-odds one to
    its mine colour (classic: green, amber, red)."""
    low, high, t = (scale[0], scale[1], 2 * p) if p <= 0.5 else (scale[1], scale[2], 2 * p - 1)
    r, g, b = (round(a + (z - a) * t) for a, z in zip(low, high, strict=True))
    return (r, g, b)


# The tile drawn for each look, unpressed and pressed (indexed by Look's value).
_TILE_FOR_LOOK: tuple[Tile, ...] = (
    Tile.OPEN, Tile.N1, Tile.N2, Tile.N3, Tile.N4, Tile.N5, Tile.N6, Tile.N7, Tile.N8,
    Tile.HIDDEN, Tile.FLAG, Tile.QUESTION, Tile.MINE, Tile.EXPLODED, Tile.WRONG_FLAG,
)  # fmt: skip
_PRESSED_TILE_FOR_LOOK: tuple[Tile, ...] = tuple(
    {Tile.HIDDEN: Tile.OPEN, Tile.QUESTION: Tile.QUESTION_PRESSED}.get(tile, tile)
    for tile in _TILE_FOR_LOOK
)


def led_text(value: int, digits: int = DIGITS) -> str:
    """LED characters for a counter value, ``digits`` of them: 0-999 with the classic
    three (or up to 10**digits - 1), or -99 to -1 with a minus sign."""
    if value < 0:
        return "-" + f"{min(-value, 10 ** (digits - 1) - 1):0{digits - 1}d}"
    return f"{min(value, 10**digits - 1):0{digits}d}"


def tile_for(look: Look, pressed: bool) -> Tile:
    """The sheet's tile name for a look, drawn pressed or not."""
    return (_PRESSED_TILE_FOR_LOOK if pressed else _TILE_FOR_LOOK)[look]


@dataclass(frozen=True)
class _Mark:
    """A hidden cell's probability as drawn: its colour, its bar's height in window
    pixels, a dot (no chance of a mine) and its percentage's picture (None: none)."""

    colour: Colour
    bar: int
    dot: bool
    label: pygame.Surface | None


class Renderer:
    """Draws a game into the window surface, redrawing only what changed."""

    def __init__(self, layout: Layout, zoom: int, theme: Theme | None = None) -> None:
        self.layout = layout
        self.zoom = zoom
        self.theme = current() if theme is None else theme
        """The look drawn in (game.view.theme): its sprite sheet and colours."""
        self.sprites = SpriteSheet(zoom, theme=self.theme)
        self.background = self._paint_background()
        self._drawn: list[Tile | None] = [None] * (layout.rows * layout.cols)
        self._pressed: frozenset[Cell] = frozenset()
        self._face: Face | None = None
        self._deaths = 0
        self._counter: str | None = None
        self._timer: str | None = None
        self._paused = False
        self._cursor: Cell | None = None
        self._advice: Advice | None = None
        self._marks: dict[Cell, _Mark] | None = None  # (the advice's, worked out once)
        self._labels: dict[int, pygame.Surface] = {}  # each percentage, rendered once
        self._note: tuple[object, pygame.Surface] | None = None  # the box's words
        self.note_rect: pygame.Rect | None = None
        """Where the advice's box (a hint's reason) was last drawn, if one is shown."""
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
        self._deaths = -1  # (drawn again with the rest)
        self._overview_key = None

    def scroll(self, layout: Layout) -> None:
        """Look at another part of a board larger than the window (same size and zoom)."""
        if layout != self.layout:
            self.layout = layout
            self.invalidate()

    def draw(
        self, screen: pygame.Surface, game: Game, picture: Picture, changed: Iterable[Cell] = ()
    ) -> list[pygame.Rect]:
        """Bring the screen up to date; return the rectangles that were redrawn.

        ``changed`` names the cells whose look may have changed since the last draw
        (the engine's deltas); pressed cells are compared with the last frame's.
        After invalidate() every cell is drawn.
        """
        dirty: list[pygame.Rect] = []
        if picture.paused != self._paused:
            self._paused = picture.paused
            self.invalidate()
        full = self._face is None
        self.repainted = full
        if full:
            if screen.get_size() != self.background.get_size():
                screen.fill(self.theme.face)  # a window grown for a dialog: grey around the game
            screen.blit(self.background, (0, 0))
            dirty.append(screen.get_rect())
        if picture.paused:
            if full:
                self._draw_paused(screen)
            self._draw_panel(screen, picture, dirty)
            return dirty
        layout = self.layout
        cursor = picture.cursor
        if picture.advice is not self._advice:
            # New advice is drawn over every cell: the view is repainted once.
            self._advice = picture.advice
            self._marks = None
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
            self._draw_marks(screen, game, advice, layout.visible_cells() if full else redrawn)
        shown = cursor is not None and layout.visible(*cursor)
        if (
            cursor is not None
            and shown
            and (full or cursor != self._cursor or cursor in set(cells))
        ):
            self._draw_cursor(screen, cursor)  # (again over a tile drawn under it)
        self._cursor = cursor
        if full:
            self.note_rect = None
            if advice is not None:
                self._draw_advice(screen, advice)
        elif advice is not None and redrawn:
            self._draw_advice_over(screen, advice, redrawn, dirty)
        self._draw_panel(screen, picture, dirty)
        if layout.scrolls:
            self._draw_overview(screen, game, dirty)
        return dirty

    def _marks_of(self, advice: Advice) -> dict[Cell, _Mark]:
        """Each cell's mark for these probabilities, worked out once per advice: its
        colour, its bar's height, its percentage (each distinct label rendered once
        for the renderer's life: at most 99 of them)."""
        if self._marks is not None:
            return self._marks
        z = self.zoom
        inner_h = TILE * z - 4 * z
        font = ui_font(7 * z, bold=True) if z >= 2 else None
        marks: dict[Cell, _Mark] = {}
        for cell, fraction in (advice.probabilities or {}).items():
            p = float(fraction)
            label = None
            if font is not None and 0 < p < 1:
                percent = round(p * 100)
                label = self._labels.get(percent)
                if label is None:
                    label = font.render(f"{percent}", True, ADVICE_INK)
                    self._labels[percent] = label
            bar = max(round(inner_h * p), z if p > 0 else 0)
            marks[cell] = _Mark(_risk_colour(p, self.theme.risk), bar, p == 0, label)
        self._marks = marks
        return marks

    def _draw_marks(
        self, screen: pygame.Surface, game: Game, advice: Advice, cells: Iterable[Cell]
    ) -> None:
        """The probability of each of these cells that is hidden and in view: a bar as
        high as the chance of a mine, coloured from green to red, so it reads without
        colour too (a dot: no chance); the percentage when the zoom leaves room."""
        layout, z = self.layout, self.zoom
        marks = self._marks_of(advice)
        ox, oy = layout.board_origin
        ox -= layout.left * TILE
        oy -= layout.top * TILE
        side = TILE * z - 4 * z
        labels = []
        for cell in cells:
            mark = marks.get(cell)
            if mark is None or game.look(*cell) is not Look.HIDDEN:
                continue  # (a flag or a question mark keeps its own tile)
            if not layout.visible(*cell):
                continue
            x, y = (ox + cell[1] * TILE) * z + 2 * z, (oy + cell[0] * TILE) * z + 2 * z
            if mark.bar:
                screen.fill(mark.colour, (x, y + side - mark.bar, side, mark.bar))
            centre = (x + side // 2, y + side // 2)
            if mark.dot:
                pygame.draw.circle(screen, mark.colour, centre, max(2 * z, 2))
            if mark.label is not None:
                w, h = mark.label.get_size()
                labels.append((mark.label, (centre[0] - w // 2, centre[1] - h // 2)))
        screen.fblits(labels)

    def _draw_advice(self, screen: pygame.Surface, advice: Advice) -> None:
        """The hint over the marks: its cell ringed (green: safe, red: a mine) and its
        reason in a box on the other half of the board (or the note in its place)."""
        layout = self.layout
        hint = advice.hint
        text = advice.note
        if hint is not None:
            if layout.visible(*hint.cell):
                self._draw_hint_ring(screen, hint.cell, hint.is_mine)
            text = hint.reason[:1].upper() + hint.reason[1:]
            if not hint.is_mine and 0 < hint.probability < 1:
                text = f"Nothing is certain. {text}"
            if not advice.exact:
                text += " (an estimate: the board is too wide to count exactly)"
        if text:
            below = hint is None or hint.cell[0] < layout.top + layout.shown_rows // 2
            self._draw_note(screen, text, below)

    def _draw_hint_ring(self, screen: pygame.Surface, cell: Cell, is_mine: bool) -> None:
        ring = pygame.Rect(self.scaled(self.layout.cell_rect(*cell)))
        pygame.draw.rect(screen, HINT_MINE if is_mine else HINT_SAFE, ring, 2 * self.zoom)

    def _draw_advice_over(
        self,
        screen: pygame.Surface,
        advice: Advice,
        redrawn: list[Cell],
        dirty: list[pygame.Rect],
    ) -> None:
        """The advice again where cells were drawn anew under it: the hint's ring on
        its cell, the box over the cells it covers (its picture kept)."""
        hint = advice.hint
        if hint is not None and hint.cell in set(redrawn) and self.layout.visible(*hint.cell):
            self._draw_hint_ring(screen, hint.cell, hint.is_mine)
        box = self.note_rect
        if box is not None and self._note is not None:
            under = [pygame.Rect(self.scaled(self.layout.cell_rect(*cell))) for cell in redrawn]
            if box.collidelist(under) >= 0:
                self._blit_note(screen, box, self._note[1])
                dirty.append(box.copy())

    def _draw_note(self, screen: pygame.Surface, text: str, below: bool) -> None:
        """A line of advice in a box across the board's view, wrapped to fit it."""
        z = self.zoom
        bx, by, bw, bh = self.scaled(self.layout.board_view)
        pad = 4 * z
        if self._note is None or self._note[0] != (text, bw):
            font = ui_font(NOTE_TEXT_SIZE * z)
            font.align = pygame.FONT_CENTER
            wrap = max(min(font.size(text)[0], bw - 4 * pad), 1)
            self._note = ((text, bw), font.render(text, True, self.theme.text, None, wrap))
        picture = self._note[1]
        box = pygame.Rect(0, 0, min(picture.get_width() + 2 * pad, bw), picture.get_height())
        box.h = min(box.h + 2 * pad, bh)
        box.centerx = bx + bw // 2
        if below:
            box.bottom = by + bh - pad
        else:
            box.top = by + pad
        self.note_rect = box.copy()
        self._blit_note(screen, box, picture)

    def _blit_note(self, screen: pygame.Surface, box: pygame.Rect, picture: pygame.Surface) -> None:
        z = self.zoom
        self.sprites.frame(screen, "raised3", (box.x, box.y, box.w, box.h))
        inside = box.inflate(-2 * z, -2 * z)
        previous = screen.get_clip()
        screen.set_clip(inside)
        screen.blit(picture, picture.get_rect(center=box.center))
        screen.set_clip(previous)

    def _draw_cursor(self, screen: pygame.Surface, cell: Cell) -> None:
        """The keyboard cursor: an amber ring edged in black, seen on every tile."""
        z = self.zoom
        rect = pygame.Rect(self.scaled(self.layout.cell_rect(*cell)))
        pygame.draw.rect(screen, CURSOR_OUTER, rect, z)
        pygame.draw.rect(screen, CURSOR_INNER, rect.inflate(-2 * z, -2 * z), 2 * z)

    def _draw_overview(self, screen: pygame.Surface, game: Game, dirty: list[pygame.Rect]) -> None:
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

    def _draw_paused(self, screen: pygame.Surface) -> None:
        """Every cell hidden, and a box on the board saying how to go on."""
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
    ) -> list[Cell]:
        """Draw the cells whose tile changed; those cells (none listed on a full draw)."""
        tiles = self.sprites.tiles
        drawn = self._drawn
        cols = self.layout.cols
        ox, oy = self.layout.board_origin
        ox -= self.layout.left * TILE
        oy -= self.layout.top * TILE
        z, size = self.zoom, TILE * self.zoom
        blits = []
        redrawn: list[Cell] = []
        for row, col in cells:
            name = tile_for(game.look(row, col), (row, col) in pressed)
            k = row * cols + col
            if drawn[k] != name:
                drawn[k] = name
                pos = ((ox + col * TILE) * z, (oy + row * TILE) * z)
                blits.append((tiles[name], pos))
                if not full:
                    dirty.append(pygame.Rect(pos, (size, size)))
                    redrawn.append((row, col))
        screen.fblits(blits)
        return redrawn

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
        if picture.deaths != self._deaths:
            self._deaths = picture.deaths
            dirty.append(self._draw_deaths(screen, picture.deaths))

    def _draw_deaths(self, screen: pygame.Surface, deaths: int) -> pygame.Rect:
        """The deaths undone, left of the face: a small mine and the count (none: the
        panel's grey)."""
        layout, z = self.layout, self.zoom
        fx, fy, _, fh = layout.face
        cx, _, cw, _ = layout.mine_counter
        gap = pygame.Rect((cx + cw + 1) * z, fy * z, (fx - cx - cw - 2) * z, fh * z)
        screen.fill(self.theme.face, gap)
        if deaths:
            from game.view.fonts import ui_font

            text = ui_font(8 * z).render(str(deaths), True, self.theme.error)
            r = 3 * z
            width = 2 * r + z + text.get_width()
            x = gap.x + max(0, (gap.w - width) // 2)
            pygame.draw.circle(screen, self.theme.text, (x + r, gap.centery), r)
            screen.blit(text, (x + 2 * r + z, gap.centery - text.get_height() // 2))
        return gap

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
