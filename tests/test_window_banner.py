"""No note over the board (issue 41, items 3 and 6; issue 30, item 6 before it): the
reason of a hint (H), the start cell's words of a board code or the daily board and a
note (the zoom's limit, the zoom the board is shown at) are said beside the board, at
the UI scale: at the side's foot when the window has its side, else in a small window
of their own under the game's. The board's pixels are as they were while the note is
up, but for the hint's ring; a click on any cell reaches it; the next move puts the
note away. Real events through the real loop; the pixels read from the windows."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from conftest import side_or_classic
from test_window import BEGINNER, cell_center, click, key, post, region, use_layout
from test_window_replay import play_code

from game.app import App
from game.core.look import Look
from game.core.status import Status
from game.replay.boardcode import BoardCode
from game.rules import MAX_ZOOM, Board, GameRules
from game.session.table import START_HERE
from game.view import scale
from game.view.advice import HINT_MINE, HINT_SAFE, box_text
from game.view.commands import Command
from game.view.fonts import ui_font
from game.view.note_window import placed_under

Cell = tuple[int, int]


@pytest.fixture(params=["side", "classic"])
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    """A window at zoom 2, with its side (the default) or the classic one."""
    application = side_or_classic(request.param, zoom=2, frames=1)
    yield application
    application.close()


def board(app: App, ringed: Cell | None = None) -> pygame.Surface:
    """The board's view as drawn, a ringed cell (the hint's, if any) painted over."""
    screen, renderer = app.viewport.screen, app.viewport.renderer
    view = pygame.Rect(renderer.scaled(app.viewport.layout.board_view))
    picture = screen.subsurface(view).copy()
    hint = app.table.hint
    cell = hint.cell if ringed is None and hint is not None else ringed
    return picture if cell is None else board_of(app, picture, cell)


def board_of(app: App, picture: pygame.Surface, cell: Cell) -> pygame.Surface:
    """A board's picture taken before, ``cell`` painted over as ``board`` paints it."""
    renderer = app.viewport.renderer
    view = pygame.Rect(renderer.scaled(app.viewport.layout.board_view))
    ring = pygame.Rect(renderer.scaled(renderer.layout.cell_rect(*cell)))
    picture.fill((255, 0, 255), ring.move(-view.x, -view.y))
    return picture


def pixels(picture: pygame.Surface) -> bytes:
    return pygame.image.tobytes(picture, "RGB")


def ringed(app: App, cell: Cell) -> bool:
    x, y, _, h = app.viewport.renderer.scaled(app.viewport.renderer.layout.cell_rect(*cell))
    return app.viewport.screen.get_at((x + 1, y + h // 2))[:3] in (HINT_SAFE, HINT_MINE)


def note_surface(app: App) -> pygame.Surface:
    """What shows the note: its box in the side, or its own window's surface."""
    notes = app.play.notes
    if app.viewport.has_side():
        assert notes.rect is not None and notes.window.window is None
        return app.viewport.screen.subsurface(notes.rect)
    assert notes.rect is None and notes.window.window is not None
    return notes.window.window.get_surface()


def the_note_is_beside_the_board(app: App, words: str) -> None:
    """The note says ``words`` off the board's cells, in words of the UI scale's size."""
    notes = app.play.notes
    assert notes.text == words and words
    cells = pygame.Rect(app.viewport.renderer.scaled(app.viewport.layout.board_view))
    if app.viewport.has_side():
        assert notes.rect is not None and not notes.rect.colliderect(cells)
        assert app.viewport.beside().contains(notes.rect)
    surface = note_surface(app)
    ink = app.viewport.renderer.theme.text
    inked = [
        y
        for y in range(surface.get_height())
        if any(surface.get_at((x, y))[:3] == ink for x in range(surface.get_width()))
    ]
    assert inked  # the words are drawn
    line = ui_font(scale.TEXT * scale.current()).get_linesize()
    assert max(inked) - min(inked) + 1 <= line * (1 + len(words) // 10)  # (wrapped lines)
    assert min(inked) >= 3 * scale.current()  # inside the box's frame


def gone(app: App) -> None:
    """No note shown, and the side (if any) as a whole repaint draws it."""
    notes = app.play.notes
    assert notes.text == "" and not notes.shown and notes.window.window is None
    screen = app.viewport.screen
    drawn = region(screen, (0, 0, *screen.get_size()))
    app.stage.repaint()
    app.run(frames=1)
    assert region(screen, (0, 0, *screen.get_size())) == drawn


def start_banner_beside_the_board(app: App) -> None:
    start = app.table.session.start
    assert start is not None
    hint = app.table.hint
    assert hint is not None and hint.reason == START_HERE and ringed(app, start)
    advice = app.table.advice()
    assert advice is not None
    the_note_is_beside_the_board(app, box_text(advice))
    up = pixels(board(app))
    key(pygame.K_ESCAPE, "\x1b")  # put away: the board as it was under it, but the ring
    app.run(frames=1)
    assert app.table.hint is None and pixels(board(app, start)) == up
    gone(app)


@pytest.mark.parametrize("start", [(1, 4), (7, 4)], ids=["start-top", "start-bottom"])
def test_a_board_codes_start_banner_is_beside_the_board(app: App, start: Cell) -> None:
    play_code(app, BoardCode(Board(9, 9, 10), GameRules(), 5, start))
    app.run(frames=1)
    assert app.table.session.start == start
    start_banner_beside_the_board(app)


def test_the_daily_boards_start_banner_is_beside_the_board(app: App) -> None:
    app.play.command(Command.DAILY)
    app.run(frames=1)
    start_banner_beside_the_board(app)


def test_a_hints_reason_is_beside_the_board_until_the_next_move(app: App) -> None:
    use_layout(app, BEGINNER)  # (the default board is Beginner)
    click(app, cell_center(app, 0, 5))  # a cascade down to the wall of mines in row 6
    before = board(app)
    key(pygame.K_h, "h")
    app.run(frames=1)
    hint, advice = app.table.hint, app.table.advice()
    assert hint is not None and advice is not None
    before = pixels(board_of(app, before, hint.cell))
    the_note_is_beside_the_board(app, box_text(advice))
    assert pixels(board(app)) == before  # the board as it was, but the ring
    assert ringed(app, hint.cell)
    for cell in ((8, 8), (7, 0), hint.cell):  # kept frame after frame, the pointer moving
        post(pygame.MOUSEMOTION, pos=cell_center(app, *cell), rel=(0, 0), buttons=(0, 0, 0))
        app.run(frames=1)
        assert app.play.notes.text == box_text(advice) and pixels(board(app)) == before
    click(app, cell_center(app, 8, 4))  # the next move (below the wall: safe)
    assert app.table.game.look(8, 4) is not Look.HIDDEN
    assert app.table.game.status is Status.PLAYING
    assert app.table.hint is None
    gone(app)


def test_the_zoom_limits_note_is_beside_the_board(app: App) -> None:
    for _ in range(MAX_ZOOM):
        if app.table.note is not None:
            break
        key(pygame.K_PLUS, "+")
        app.run(frames=1)
    assert app.table.note is not None and "largest zoom" in app.table.note
    the_note_is_beside_the_board(app, app.table.note)
    up = pixels(board(app))
    click(app, cell_center(app, 0, 0))  # a click on a cell reaches it
    assert app.table.game.look(0, 0) is not Look.HIDDEN and app.table.note is None
    gone(app)
    app.stage.repaint()
    app.run(frames=1)
    assert pixels(board(app)) != up  # (the cell opened: the board is the one compared)


def test_a_note_goes_under_the_game_window_or_beside_it_when_the_desktop_has_no_room() -> None:
    game, cells = pygame.Rect(100, 100, 300, 400), pygame.Rect(110, 200, 280, 290)
    assert placed_under(game, (360, 60), (1920, 1080), cells) == (100, 508)
    assert placed_under(game, (360, 60), (1920, 520), cells) == (408, 100)  # right of it
