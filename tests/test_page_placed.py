"""Where a page's own window goes (game.view.page_window.placed_beside), worked out
alone: beside the game's window where the desktop has room, else off its cells where
a room holds it at the UI scale, whatever the sizes (the X11 matrix checks the same on a real X
server for the pages themselves)."""

from __future__ import annotations

import pygame
from hypothesis import given
from hypothesis import strategies as st

from game.view.page_window import GAP, placed_beside
from game.view.window import TITLE_BAR

DESKTOPS = [(1280, 1024), (1920, 1080), (1024, 768)]


@given(
    st.sampled_from(DESKTOPS),
    st.integers(200, 2000),
    st.integers(150, 1000),
    st.integers(100, 1000),
    st.integers(80, 1000),
    st.booleans(),
)
def test_a_page_is_beside_the_window_or_off_its_cells(
    desktop: tuple[int, int], game_w: int, game_h: int, page_w: int, page_h: int, fits: bool
) -> None:
    game_w, game_h = min(game_w, desktop[0]), min(game_h, desktop[1] - 2 * TITLE_BAR)
    game = pygame.Rect((desktop[0] - game_w) // 2, TITLE_BAR + 10, game_w, game_h)
    game.bottom = min(game.bottom, desktop[1] - TITLE_BAR)
    # (the cells: inside the frame, under the counters; a side of 275 when wide enough)
    side = 275 if game_w > 500 else 0
    board = pygame.Rect(game.x + 12, game.y + 60, max(game_w - 24 - side, 1), game_h - 72)
    page, room = placed_beside(
        game, (page_w, page_h), desktop, board, lambda size: (fits,) * 2 + (12,)
    )
    assert not page.colliderect(board), (page, board)  # never over a cell
    assert page.x >= 0 and page.right <= desktop[0] and page.y >= TITLE_BAR
    if room is None:  # beside: the whole page, clear of the game's window
        assert page.size == (page_w, page_h) and not page.colliderect(game)
    else:
        assert room.contains(page) and not room.colliderect(board)


def test_a_page_with_room_to_the_right_goes_right_of_the_window() -> None:
    game = pygame.Rect(100, 100, 500, 400)
    board = pygame.Rect(112, 160, 200, 300)
    page, room = placed_beside(game, (300, 200), (1920, 1080), board)
    assert room is None and page.topleft == (game.right + GAP, game.y)


def test_without_room_beside_a_page_goes_over_the_side_where_it_fits_laid_out_there() -> None:
    desktop = (1920, 1080)
    game = pygame.Rect(319, 228, 1283, 664)  # (Expert at 2x with the side)
    board = pygame.Rect(343, 372, 960, 512)

    def fits(size: tuple[int, int]) -> bool:
        return size[0] >= 500

    page, room = placed_beside(game, (900, 300), desktop, board, fits)
    assert room is not None and room.x > board.right  # over the side, right of the cells
    assert page.w == room.w < 900  # (laid out narrower there: its lines wrapped)


def test_an_event_of_a_page_window_closed_since_it_was_queued_is_another_windows() -> None:
    # (on X11, Esc on a page queues its focus and pointer events; the page's window is
    # destroyed before they are read: pygame-ce's Window then raises "Invalid window")
    from game.view.page_window import of_another_window, window_id

    pygame.display.init()
    page = pygame.Window("page", (50, 50))
    event = pygame.event.Event(pygame.WINDOWFOCUSLOST, window=page)
    page.destroy()
    assert window_id(page) is None
    assert of_another_window(event, 1)  # (not the game's: no pause, no crash)
