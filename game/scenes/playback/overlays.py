"""What the viewer draws over the board: the thinking time before each cell as heat
(H, with its legend), the pointer and its trail, and the timeline (T). The heat's squares are worked
out again only when a move has passed or the view moved; the timeline is made once.
The heat's legend is in the side, under the timeline's room; a window without its
side has no room off its cells, and the legend opens in a small window of its own
under the game's (game.view.note_window, as a note does), never over a cell.
"""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from game.core.delta import Cell
from game.language import current, decimal, gettext
from game.scenes.playback.control import Playback
from game.scenes.playback.timeline import Timeline
from game.view import scale
from game.view.note_window import NoteWindow
from game.view.render import Renderer, draw_pointer
from game.view.theme import current as theme
from game.view.viewport import Viewport
from game.view.widgets.heatmap import heat_alpha, heat_legend, heat_tile

LEGEND_ROOM = 28
"""Room kept under the timeline in the side for the heat's legend (1x pixels)."""

TIMELINE, HEAT = "timeline", "heat"
"""The views over the board the viewer turns on and off."""


class Overlays:
    """The views over the board of one playback, and how to draw them."""

    def __init__(self, playback: Playback, viewport: Viewport) -> None:
        self.playback = playback
        self.viewport = viewport
        self.shown: set[str] = set()
        """Shown over the board: TIMELINE, HEAT."""
        self.paces: tuple[float | None, float | None] = (None, None)
        """The player's best and median 3BV/s on the replay's board (the timeline's
        pace lines; None: no game of theirs)."""
        self._timeline: Timeline | None = None
        self._legend: tuple[object, pygame.Surface | None] = (None, None)
        self.legend_window = NoteWindow()
        """The legend's own window, while the heat is shown and the window has no side."""
        self._legend_shown: object = None  # (the legend and the place its window shows)
        self._heat: tuple[tuple[object, ...], list[tuple[pygame.Surface, tuple[int, int]]]] = (
            (),
            [],
        )

    def toggle(self, view: str) -> str:
        """Show a view over the board, or put it away; a word for the bar when it
        cannot show ("" when it can)."""
        if view in self.shown:
            self.shown.discard(view)
        elif self.playback.judgment is None:
            return gettext("no judged moves (a board too large, or no layout)")
        else:
            self.shown.add(view)
        return ""

    # ------------------------------------------------------------------ timeline

    @property
    def timeline(self) -> Timeline | None:
        """The replay's timeline (made when first shown); None without judged moves."""
        judgment = self.playback.judgment
        if judgment is None:
            return None
        if self._timeline is None or self._timeline.paces != self.paces:
            bbbv = self.playback.replay.bbbv or max(
                (j.bbbv_solved for j in judgment.moves), default=1
            )
            self._timeline = Timeline(judgment.moves, self.playback.span, bbbv, self.paces)
        return self._timeline

    def timeline_area(self) -> pygame.Rect:
        """Where the timeline is drawn: in the side beside the board, at its top (the
        board in sight); without a side, the lower part of the board's view."""
        side = self.viewport.beside()
        if side.w > 0:
            scale = self.viewport.side.scale
            inside = side.inflate(-2 * self._pad(), -2 * self._pad())
            height = min(inside.h - LEGEND_ROOM * scale, max(inside.h // 2, 120 * scale))
            return pygame.Rect(inside.x, inside.y, inside.w, max(height, 1))
        renderer = self.viewport.renderer
        board = pygame.Rect(renderer.scaled(renderer.layout.board_view))
        return Timeline.place(board, self.viewport.zoom)

    def _pad(self) -> int:
        """The side's margin inside its frame."""
        return 4 * self.viewport.side.scale

    def time_at(self, pos: tuple[int, int]) -> float | None:
        """The game time under a window pixel on the timeline shown (None: off it)."""
        if TIMELINE not in self.shown:
            return None
        area, timeline = self.timeline_area(), self.timeline
        if timeline is None or not area.collidepoint(pos):
            return None
        return timeline.time_at(area, pos[0])

    # ------------------------------------------------------------------ drawing

    def draw_under_bar(self, screen: pygame.Surface) -> None:
        """The heat over the board (drawn before the bar and the pointer), with its
        legend beside the board: a clear cell, and the most thinking time (in the
        side, else in its own window under the game's)."""
        most = 0.0
        if HEAT in self.shown:
            spent = self.playback.thinking()
            self._draw_heat(screen, spent)
            most = max(spent.values(), default=0.0)
        if most <= 0:
            self.close()
            return
        side = self.viewport.beside()
        zoom = self.viewport.side.scale if side.w else scale.current()
        key = (most, zoom, theme().name, current())
        if self._legend[0] != key:  # (made again only when it would change)
            self._legend = (key, heat_legend(most, f"{decimal(most, 1)} s", zoom))
        legend = self._legend[1]
        assert legend is not None
        if side.w:  # (under the timeline's room, in the side)
            self.close()
            pad = self._pad()
            screen.blit(legend, (side.x + pad, side.bottom - pad - legend.get_height()))
            return
        window = self.viewport.window
        game = pygame.Rect(window.corner, window.size)
        if self._legend_shown != (key, tuple(game)) or self.legend_window.window is None:
            self._legend_shown = (key, tuple(game))
            renderer = self.viewport.renderer
            cells = pygame.Rect(renderer.scaled(renderer.layout.board_view)).move(game.topleft)
            self.legend_window.show(legend, game, cells, window.window)
            if self.close not in self.viewport.closing:  # (closed with the game's window)
                self.viewport.closing.append(self.close)

    def close(self) -> None:
        """The legend's own window closed (the heat put away, the side shown, the
        viewer left)."""
        self.legend_window.close()
        self._legend_shown = None
        if self.close in self.viewport.closing:  # (a viewer left is not kept by the window)
            self.viewport.closing.remove(self.close)

    def draw_over_bar(self, screen: pygame.Surface) -> None:
        """The pointer's trail and the pointer, then the timeline over them (the board
        under it is hidden)."""
        playback = self.playback
        if playback.pointer is not None:
            points = [self.viewport.window_pos(spot) for spot in playback.recent_trail()]
            if len(points) > 1:
                width = max(1, self.viewport.zoom)
                pygame.draw.lines(screen, theme().trail, False, points, width)
            tip = self.viewport.window_pos(playback.pointer)
            draw_pointer(screen, tip, self.viewport.zoom)
        timeline = self.timeline if TIMELINE in self.shown else None
        if timeline is not None:
            timeline.draw(screen, self.timeline_area(), playback.clock.ms)

    def _draw_heat(self, screen: pygame.Surface, spent: Mapping[Cell, float]) -> None:
        """The thinking time before acting on each cell, as heat over the board."""
        renderer = self.viewport.renderer
        layout = renderer.layout
        key = (spent, layout.top, layout.left, layout.rows, layout.cols, renderer.zoom)
        if len(self._heat[0]) != len(key) or any(
            a is not b and a != b for a, b in zip(self._heat[0], key, strict=True)
        ):
            self._heat = (key, heat_squares(renderer, spent))
        screen.fblits(self._heat[1])


def heat_squares(
    renderer: Renderer, spent: Mapping[Cell, float]
) -> list[tuple[pygame.Surface, tuple[int, int]]]:
    """The heat over the board's cells in view: each cell's square, as hot as the
    thinking time before acting on it, and where it goes on the screen."""
    layout = renderer.layout
    most = max(spent.values(), default=0.0)
    squares = []
    for (row, col), value in spent.items():
        alpha = heat_alpha(value, most)
        if alpha and layout.visible(row, col):
            x, y, w, _ = renderer.scaled(layout.cell_rect(row, col))
            squares.append((heat_tile(w, alpha), (x, y)))
    return squares
