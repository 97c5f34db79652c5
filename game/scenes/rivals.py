"""Drawing the player's rivals (game.flows.race) over the play screen: the ghost's
cursor, translucent, over the board; under the mine counter the 3BV solved, the
player's (the look's highlight) above the ghost's (grey); under the timer the pace
against the personal best, a bar from the middle (green: ahead, red: behind, a
full half for ten seconds) and its words ("1.2 s ahead": never the seconds alone,
which said nothing of what they are against) beside the face where the panel's gap
holds them at the UI scale (wrapped to its width: from 3x on the wider boards); else
(1x, 2x, a narrow gap, a board that scrolls, its overview there) the words are the
pace line of the live counters in the side, or, where the side does not show it, a
line of the note beside the board (game.scenes.notes: ``pace_aside``), never over
a cell.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.scenes.counters import AHEAD, BEHIND, PACE_FULL_MS, pace_words
from game.session.geometry import TILE
from game.view import scale
from game.view.fonts import ui_font
from game.view.lines import wrap
from game.view.render import pointer_points
from game.view.scale import TEXT
from game.view.theme import current as theme
from game.view.viewport import Viewport

if TYPE_CHECKING:
    from game.flows.race import Race
    from game.session.table import Table

Cell = tuple[int, int]

GHOST_ALPHA = 130


def cells_under(viewport: Viewport, rect: pygame.Rect) -> set[Cell]:
    """The board cells a window rectangle covers (those in view)."""
    layout, z = viewport.layout, viewport.zoom
    bx, by = layout.board_origin
    cells = set()
    first_col = (rect.left // z - bx) // TILE + layout.left
    last_col = ((rect.right - 1) // z - bx) // TILE + layout.left
    first_row = (rect.top // z - by) // TILE + layout.top
    last_row = ((rect.bottom - 1) // z - by) // TILE + layout.top
    for row in range(first_row, last_row + 1):
        for col in range(first_col, last_col + 1):
            if 0 <= row < layout.rows and 0 <= col < layout.cols and layout.visible(row, col):
                cells.add((row, col))
    return cells


@lru_cache(maxsize=8)
def ghost_arrow(zoom: int) -> pygame.Surface:
    """The ghost's translucent arrow at a zoom (drawn once, blitted every frame)."""
    arrow = pygame.Surface((10 * zoom + 2, 15 * zoom + 2), pygame.SRCALPHA)
    points = pointer_points((1, 1), zoom)  # (the replay viewer's arrow)
    pygame.draw.polygon(arrow, (255, 255, 255, GHOST_ALPHA), points)
    pygame.draw.polygon(arrow, (0, 0, 128, GHOST_ALPHA + 60), points, max(1, zoom // 2))
    return arrow


def draw_ghost(screen: pygame.Surface, viewport: Viewport, at: tuple[int, int]) -> pygame.Rect:
    """The ghost's cursor at a board point (1x board pixels); where it went."""
    x, y = viewport.window_pos(at)
    arrow = ghost_arrow(viewport.zoom)
    board = pygame.Rect(viewport.renderer.scaled(viewport.layout.board_view))
    drawn = arrow.get_rect(topleft=(x - 1, y - 1)).clip(board)
    screen.blit(arrow, drawn.topleft, drawn.move(-(x - 1), -(y - 1)))
    return drawn


def _strip(viewport: Viewport, box: tuple[int, int, int, int]) -> pygame.Rect:
    """The thin strip under a counter (between it and the panel's lower bevel)."""
    z = viewport.zoom
    x, y, w, h = box
    return pygame.Rect(x * z, (y + h + 1) * z, w * z, 2 * z)


def draw_progress(
    screen: pygame.Surface, viewport: Viewport, mine: float, theirs: float
) -> pygame.Rect:
    """Under the mine counter: the share of the 3BV solved, the player's above the
    ghost's."""
    strip = _strip(viewport, viewport.layout.mine_counter)
    look = theme()
    screen.fill(look.face, strip)
    half = max(1, strip.h // 2)
    bars = ((mine, look.highlight, strip.y), (theirs, look.shadow, strip.y + half))
    for share, colour, y in bars:
        width = round(strip.w * max(0.0, min(1.0, share)))
        if width:
            screen.fill(colour, (strip.x, y, width, half))
    return strip


def draw_pace(
    screen: pygame.Surface, viewport: Viewport, ahead_ms: float | None
) -> list[pygame.Rect]:
    """Under the timer: the pace against the best (None: nothing to show yet), and
    its seconds between the face and the timer."""
    layout, z = viewport.layout, viewport.zoom
    strip = _strip(viewport, layout.timer)
    look = theme()
    gap = gap_room(viewport)
    screen.fill(look.face, strip)
    screen.fill(look.face, gap)
    if ahead_ms is not None:
        share = max(-1.0, min(1.0, ahead_ms / PACE_FULL_MS))
        middle = strip.centerx
        width = round(strip.w / 2 * abs(share))
        colour = AHEAD if ahead_ms >= 0 else BEHIND
        if width:
            left = middle if ahead_ms >= 0 else middle - width
            screen.fill(colour, (left, strip.y, width, strip.h))
        screen.fill(look.text, (middle, strip.y, max(1, z // 2), strip.h))
        lines = gap_lines(viewport, pace_words(ahead_ms)) if in_the_gap(viewport) else None
        if lines:
            font = ui_font(TEXT * scale.current())
            step = font.get_linesize()
            top = gap.centery - step * len(lines) // 2
            for n, line in enumerate(lines):
                text = font.render(line, True, colour)
                screen.blit(text, text.get_rect(midtop=(gap.centerx, top + n * step)))
    return [strip, gap]


def gap_room(viewport: Viewport) -> pygame.Rect:
    """The panel's gap between the face and the timer, in window pixels."""
    layout, z = viewport.layout, viewport.zoom
    fx, fy, fw, fh = layout.face
    tx = layout.timer[0]
    return pygame.Rect((fx + fw + 1) * z, fy * z, max(0, tx - fx - fw - 2) * z, fh * z)


WIDEST_MS = 88_800
"""The pace as far ahead or behind as it usually gets (88.8 s): the gap shows the
pace only if it holds these words, so they do not go from the gap to the note and
back as they change."""


def gap_lines(viewport: Viewport, words: str) -> list[str] | None:
    """The pace's words as the panel's gap shows them, wrapped to its width at the
    UI scale; None where it does not hold them whole (a word wider than the gap, or
    more lines than it is high)."""
    gap = gap_room(viewport)
    return _fitted(words, gap.w, gap.h, TEXT * scale.current())


@lru_cache(maxsize=64)
def _fitted(words: str, width: int, height: int, size: int) -> list[str] | None:
    font = ui_font(size)
    if width <= 0 or any(font.size(word)[0] > width for word in words.split()):
        return None
    lines = wrap(font, words, width)
    return lines if len(lines) * font.get_linesize() <= height else None


def in_the_gap(viewport: Viewport) -> bool:
    """The panel's gap between the face and the timer holds the pace's words whole
    at the UI scale, ahead and behind, in the player's language (not on a board that
    scrolls: its overview)."""
    if viewport.layout.scrolls:
        return False
    return all(gap_lines(viewport, pace_words(ms)) is not None for ms in (WIDEST_MS, -WIDEST_MS))


def mini_board_room(viewport: Viewport) -> tuple[pygame.Rect, int] | None:
    """Where a small board of the whole board fits beside the mine counter (between
    it and the face), and its cell's size in pixels; None where it does not fit."""
    layout, z = viewport.layout, viewport.zoom
    cx, cy, cw, ch = layout.mine_counter
    fx = layout.face[0]
    room_w, room_h = fx - (cx + cw) - 4, ch
    cell = min(3, room_w // max(layout.cols, 1), room_h // max(layout.rows, 1))
    if cell < 1 or layout.scrolls:
        return None
    w, h = layout.cols * cell, layout.rows * cell
    x = cx + cw + 2 + (room_w - w) // 2
    y = cy + (ch - h) // 2
    return pygame.Rect(x * z, y * z, w * z, h * z), cell * z


def draw_mini_board(
    screen: pygame.Surface, viewport: Viewport, cells: list[Cell]
) -> pygame.Rect | None:
    """The ghost's open cells on a small board beside the mine counter (None: no
    room for one on this board)."""
    room = mini_board_room(viewport)
    if room is None:
        return None
    return paint_map(screen, *room, cells)


def paint_map(
    screen: pygame.Surface, rect: pygame.Rect, size: int, cells: list[Cell]
) -> pygame.Rect:
    """A small board in ``rect``, ``size`` pixels a cell: the open ``cells`` light
    on the shadow, framed; where it went (with its frame)."""
    look = theme()
    screen.fill(look.shadow, rect)
    for row, col in cells:
        screen.fill(look.light, (rect.x + col * size, rect.y + row * size, size, size))
    framed = rect.inflate(2, 2)
    pygame.draw.rect(screen, look.text, framed, 1)
    return framed


class Rivals:
    """The rivals drawn over the play screen, frame after frame: what was drawn last
    (the ghost's cursor covers cells, which the board then draws again)."""

    def __init__(self, race: Race, table: Table, viewport: Viewport) -> None:
        self.race = race
        self.table = table
        self.viewport = viewport
        self._ghost_rect: pygame.Rect | None = None
        self._shown = False

    def uncover(self) -> set[Cell]:
        """The cells under the ghost's last cursor: the board draws them again."""
        if self._ghost_rect is None:
            return set()
        under = cells_under(self.viewport, self._ghost_rect)
        self._ghost_rect = None
        return under

    def moving(self) -> bool:
        """Something of theirs changes at every frame while the clock runs: the
        ghost's cursor and progress, the pace against the best."""
        race = self.race
        return race.racing is not None or race.ahead_ms() is not None

    def pace_aside(self, in_side: bool) -> str:
        """The pace's words for the note beside the board ("1.2 s ahead"), where
        neither the panel's gap (``in_the_gap``) nor the side (``in_side``: its pace
        line shown) holds them; "" else, and without a best paced."""
        ahead = self.race.ahead_ms()
        if ahead is None or in_side or in_the_gap(self.viewport):
            return ""
        return pace_words(ahead)

    def draw(self, screen: pygame.Surface) -> list[pygame.Rect]:
        """The ghost's cursor and progress, and the pace against the best (nothing
        to draw without them)."""
        race, table, viewport = self.race, self.table, self.viewport
        ghost = race.racing
        pace = race.ahead_ms() if not viewport.layout.scrolls else None
        if ghost is None and pace is None and not self._shown:
            return []
        dirty: list[pygame.Rect] = []
        self._shown = ghost is not None or pace is not None
        if ghost is not None:
            now, progress = table.session.elapsed_ms, ghost.progress
            drawn = None
            if ghost.small_board:
                drawn = draw_mini_board(screen, viewport, progress.open_cells(now))
            if drawn is None:  # (the bar: chosen, or no room for a small board)
                mine = race.solved() / max(table.game.bbbv or 1, 1)
                theirs = progress.solved_at(now) / max(progress.bbbv, 1)
                drawn = draw_progress(screen, viewport, mine, theirs)
            dirty.append(drawn)
            pointer = progress.pointer_at(now)
            if pointer is not None and not table.session.paused:
                self._ghost_rect = draw_ghost(screen, viewport, pointer)
                dirty.append(self._ghost_rect)
        dirty += draw_pace(screen, viewport, pace)
        return dirty
