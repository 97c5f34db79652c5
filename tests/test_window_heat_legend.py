"""The replay viewer's heat legend (H) off the board's cells (issue 41): in the side
under the timeline's room, and in a window without its side in a small window of its
own under the game's (as a note is), at the UI scale; the board's pixels are the
board and its heat, the legend over none of them."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from conftest import side_or_classic
from test_window import key
from test_window_watching import COMMUNITY, dropped

from game.app import App
from game.scenes.playback import PlaybackScene
from game.scenes.playback.overlays import heat_squares
from game.scenes.playback.scene import board_picture
from game.view import scale
from game.view.scale import TEXT
from game.view.widgets.heatmap import heat_legend


@pytest.fixture(params=["side", "classic"])
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    application = side_or_classic(request.param, zoom=1, frames=2)
    yield application
    application.close()


def pixels(surface: pygame.Surface, rect: pygame.Rect) -> list[tuple[int, ...]]:
    return [
        tuple(surface.get_at((x, y)))
        for y in range(rect.top, rect.bottom)
        for x in range(rect.left, rect.right)
    ]


def test_the_heat_legend_is_off_the_cells_at_the_ui_scale(app: App) -> None:
    scene = dropped(app, COMMUNITY / "flop-player/avf/arbiter_int.avf")
    assert isinstance(scene, PlaybackScene)
    key(pygame.K_END)
    app.run(frames=1)
    scene.playback.pointer = None  # (the pointer is drawn over the board: out of the count)
    app.run(frames=1)
    renderer = app.viewport.renderer
    cells = pygame.Rect(renderer.scaled(renderer.layout.board_view))
    key(pygame.K_h, "h")
    app.run(frames=1)
    spent = scene.thinking()
    most = max(spent.values())
    assert most > 0
    # The board's pixels: the board the viewer drew with its heat over it, nothing else.
    expected = app.viewport.screen.copy()
    board = board_picture(renderer, None, scene.playback, scene.counter_below_zero)[1]
    expected.blit(board, (0, 0))  # (the board's own picture)
    expected.fblits(heat_squares(renderer, spent))  # (and the heat's squares)
    assert pixels(app.viewport.screen, cells) == pixels(expected, cells)
    legend = heat_legend(most, f"{most:.1f} s", scale.current())
    own = scene.overlays.legend_window.window
    if app.viewport.has_side():
        assert own is None
        side = app.viewport.beside()
        found = [
            (x, y)
            for x in range(side.left, side.right - legend.get_width() + 1)
            for y in range(side.bottom - legend.get_height() - 8 * scale.current(), side.bottom)
            if y + legend.get_height() <= side.bottom
            and app.viewport.screen.subsurface((x, y, *legend.get_size())).get_at((1, 1))
            == legend.get_at((1, 1))
        ]
        assert found  # (in the side, under the timeline's room)
    else:
        assert own is not None  # its own window, as a note's
        assert tuple(own.size) == legend.get_size()
        assert legend.get_height() >= TEXT * scale.current()  # (its words at the UI scale)
        corner = app.viewport.window.corner
        desk = pygame.Rect(own.position, own.size)
        assert not desk.colliderect(cells.move(corner))  # off the cells on the desktop
        surface = own.get_surface()
        assert pixels(surface, surface.get_rect()) == pixels(legend, legend.get_rect())
    key(pygame.K_h, "h")  # the heat away: its legend's window too
    app.run(frames=1)
    assert scene.overlays.legend_window.window is None
    key(pygame.K_h, "h")
    app.run(frames=1)
    key(pygame.K_ESCAPE, "\x1b")  # the viewer left: the legend's window closes with it
    app.run(frames=1)
    assert scene.overlays.legend_window.window is None
