"""The rough edges a player hit (issue 18, items 5 to 14), each seen in the real
window: real events through the real loop, real pixels read back."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from test_window import BEGINNER as BEGINNER_LAYOUT
from test_window import FakeClock, counter, key, post, timer, use_layout
from test_window_keyboard import cursor_drawn, go_to, press

from game import cli, screens
from game.app import App
from game.core import Look
from game.layout import led_digits
from game.menus import MENUS
from game.persist.history import GameRecord, StoredGame
from game.rules import MAX_ZOOM, PRESETS, Board, Difficulty, custom
from game.widgets.message import HelpOverlay
from game.widgets.style import FONT_SIZE, Style
from game.widgets.text import TextPiece

BEGINNER = PRESETS[Difficulty.BEGINNER]
HUGE = custom(1000, 1000, 150_000)


def make(board: Board = BEGINNER, zoom: int = MAX_ZOOM, **options: object) -> App:
    app = App(
        cli.Options(zoom=zoom, sound=False, seed=1, board=board, **options),  # type: ignore[arg-type]
        clock=FakeClock(),
    )
    app.run(frames=2)
    return app


@pytest.fixture
def big() -> Iterator[App]:
    application = make()
    yield application
    application.close()


# ---------------------------------------------------------------- 5: menus fit


@pytest.mark.parametrize("board", [BEGINNER, HUGE], ids=["beginner", "1000x1000"])
def test_every_menu_line_is_on_screen_at_the_largest_zoom(board: Board) -> None:
    app = make(board)
    try:
        for index, menu in enumerate(MENUS):
            where = app.menubar.title_rect(index).center
            post(pygame.MOUSEBUTTONDOWN, pos=where, button=1)
            post(pygame.MOUSEBUTTONUP, pos=where, button=1)
            app.run(frames=1)
            assert app.menubar.open_index == index
            screen = app.viewport.screen.get_rect()
            for item in menu.items:
                if item is not None:
                    assert screen.contains(app.menubar.line_rect(item.label)), item.label
            last = [item for item in menu.items if item is not None][-1]
            where = app.menubar.line_rect(last.label).center
            post(pygame.MOUSEMOTION, pos=where, rel=(0, 0), buttons=(0, 0, 0))
            app.run(frames=1)
            assert app.menubar.row == menu.items.index(last)  # reached with the mouse
            post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b")
            app.run(frames=1)
            assert not app.menubar.is_open
    finally:
        app.close()


# ---------------------------------------------------------------- 12: LED digits


def test_a_board_of_150000_mines_counts_them_on_six_led_digits() -> None:
    app = make(HUGE)
    try:
        assert counter(app) == "150000"
        assert timer(app) == "000000"
        layout = app.viewport.renderer.layout
        assert layout.mine_counter[0] + layout.mine_counter[2] < layout.face[0]
        assert layout.face[0] + layout.face[2] < layout.overview[0]
        assert layout.overview[0] + layout.overview[2] < layout.timer[0]
    finally:
        app.close()


def test_the_presets_keep_the_classic_three_digits(big: App) -> None:
    assert counter(big) == "010" and timer(big) == "000"
    for board in PRESETS.values():
        assert led_digits(board.mines) == 3


# ---------------------------------------------------------------- 14: words


def test_the_help_names_the_cursor_keys_enter_f10_and_alt_in_plain_words(big: App) -> None:
    key(pygame.K_F1)
    big.run(frames=1)
    dialog = big.stage.top_dialog
    assert isinstance(dialog, HelpOverlay)
    rows = dict(dialog.keys)
    assert rows["Arrows, WASD"] == "move the cursor (Shift: 5 cells)"
    assert rows["Space, Enter"].startswith("open the cell")
    assert "menu bar" in rows["F10, Alt"]
    assert not any("cursor up" in does for does in rows.values())


def test_a_path_too_long_for_a_line_is_shortened_in_the_middle_not_broken() -> None:
    pygame.font.init()
    style = Style(1, FONT_SIZE)
    folder = "/home/player/" + "a-rather-long-folder-name/" * 12 + "minesweeper"
    piece = TextPiece(style, [f"Your records are kept in {folder}."], 260)
    with_path = [line for line in piece.lines if "/" in line]
    assert len(with_path) == 1  # the path is on one line, never broken across two
    assert with_path[0].startswith("/home/") and with_path[0].endswith("minesweeper.")
    assert "\N{HORIZONTAL ELLIPSIS}" in with_path[0]
    assert all(style.font.size(line)[0] <= 260 for line in piece.lines)


def test_one_game_in_the_history_chart_is_one_game_not_1_games() -> None:
    record = GameRecord("2026-01-02T03:04:05", "beginner", 9, 9, 10, "opening", "1", True, 9000)
    dialog = screens.history_dialog([StoredGame(1, record)], None)
    assert dialog.chart is not None and dialog.chart[0].endswith("(1 game)")


# ---------------------------------------------------------------- 9: the cursor ring


def test_the_cursor_ring_stays_after_opening_flagging_and_a_cascade(big: App) -> None:
    use_layout(big, BEGINNER_LAYOUT)
    go_to(big, 1, 1)
    press(big, pygame.K_SPACE)
    assert big.table.game.look(1, 1) is Look.OPEN_1
    assert cursor_drawn(big, 1, 1)
    go_to(big, 0, 0)
    press(big, pygame.K_f)
    assert big.table.game.look(0, 0) is Look.FLAG and cursor_drawn(big, 0, 0)
    go_to(big, 8, 0)
    press(big, pygame.K_SPACE)  # a cascade over the bottom rows
    assert big.table.game.look(8, 0) is Look.OPEN_0 and cursor_drawn(big, 8, 0)
