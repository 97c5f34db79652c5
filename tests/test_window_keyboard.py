"""Keyboard play and boards larger than the screen, through the real loop.

Keys are posted as SDL posts them and the window's pixels are read back: the
cursor ring is drawn, Space opens and chords, F flags, a whole game is won with
the keyboard alone; a 1000x1000 board is seen through a viewport that the wheel
scrolls, that follows the cursor, and whose clicks open the cell under the pointer.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from test_window import BEGINNER, FakeClock, click, post, shows_tile, use_layout

from game import cli
from game.app import App
from game.core import Game, Look, Status
from game.render import CURSOR_OUTER
from game.rules import custom
from game.session import Command
from game.window import usable_size


def press(app: App, code: int, mod: int = 0, frames: int = 1) -> None:
    post(pygame.KEYDOWN, key=code, mod=mod, unicode="")
    post(pygame.KEYUP, key=code, mod=mod, unicode="")
    app.run(frames=frames)


@pytest.fixture
def app() -> Iterator[App]:
    application = App(cli.Options(zoom=2, sound=False, seed=1), clock=FakeClock())
    application.run(frames=1)
    yield application
    application.close()


def cursor_drawn(app: App, row: int, col: int) -> bool:
    x, y, _, h = app.renderer.scaled(app.renderer.layout.cell_rect(row, col))
    return app.screen.get_at((x, y + h // 2))[:3] == CURSOR_OUTER


def go_to(app: App, row: int, col: int) -> None:
    """Arrow keys from wherever the cursor is to (row, col)."""
    if app.cursor is None:
        press(app, pygame.K_UP)  # the first press shows the cursor where it is
    assert app.cursor is not None
    while app.cursor[0] != row:
        press(app, pygame.K_DOWN if app.cursor[0] < row else pygame.K_UP, frames=0)
    while app.cursor[1] != col:
        press(app, pygame.K_RIGHT if app.cursor[1] < col else pygame.K_LEFT, frames=0)
    app.run(frames=1)


def test_the_first_arrow_shows_the_cursor_at_the_centre_and_it_is_drawn(app: App) -> None:
    assert app.cursor is None
    press(app, pygame.K_RIGHT)
    assert app.cursor == (4, 4)
    assert cursor_drawn(app, 4, 4)
    press(app, pygame.K_d)
    assert app.cursor == (4, 5) and cursor_drawn(app, 4, 5)
    assert not cursor_drawn(app, 4, 4) and shows_tile(app, 4, 4, "hidden"), "old cell redrawn"


def test_shift_moves_five_cells_and_the_cursor_stops_at_the_edges(app: App) -> None:
    press(app, pygame.K_UP)
    press(app, pygame.K_LEFT, pygame.KMOD_LSHIFT)
    assert app.cursor == (4, 0)
    press(app, pygame.K_w, pygame.KMOD_LSHIFT)
    press(app, pygame.K_w, pygame.KMOD_LSHIFT)
    assert app.cursor == (0, 0)


def test_space_opens_f_flags_and_cycles_and_space_on_a_number_chords(app: App) -> None:
    use_layout(app, BEGINNER)
    go_to(app, 1, 1)
    press(app, pygame.K_SPACE)
    assert app.game.look(1, 1) is Look.OPEN_1
    go_to(app, 0, 0)
    press(app, pygame.K_f)
    assert app.game.look(0, 0) is Look.FLAG
    go_to(app, 1, 1)
    press(app, pygame.K_RETURN)  # a chord: its one mine is flagged
    assert app.game.look(0, 1) is not Look.HIDDEN and app.game.look(1, 0) is not Look.HIDDEN
    go_to(app, 0, 0)
    press(app, pygame.K_f)
    assert app.game.look(0, 0) is Look.QUESTION


def test_a_whole_game_is_won_with_the_keyboard_alone(app: App) -> None:
    app.play(Game.new(9, 9, 10, seed=7))
    app.run(frames=1)
    go_to(app, 4, 4)
    press(app, pygame.K_SPACE)
    mines = set(app.game.mine_cells())
    for row in range(9):
        for col in range(9):
            if (row, col) in mines:
                go_to(app, row, col)
                press(app, pygame.K_f)
    for row in range(9):
        for col in range(9):
            if (row, col) not in mines and app.game.look(row, col) is Look.HIDDEN:
                go_to(app, row, col)
                press(app, pygame.K_SPACE)
    assert app.game.status is Status.WON


def test_a_mouse_click_moves_a_shown_cursor(app: App) -> None:
    use_layout(app, BEGINNER)
    press(app, pygame.K_UP)
    click(app, app.cell_pos(8, 8))
    assert app.cursor == (8, 8)


# --- boards larger than the screen ------------------------------------------------


@pytest.fixture
def big() -> Iterator[App]:
    application = App(
        cli.Options(zoom=1, sound=False, seed=3, board=custom(1000, 1000, 10_000)),
        clock=FakeClock(),
    )
    application.run(frames=1)
    yield application
    application.close()


def test_a_million_cell_board_opens_in_a_window_that_fits_the_desktop(big: App) -> None:
    layout = big.renderer.layout
    assert layout.scrolls and layout.shown_rows < 1000 and layout.shown_cols < 1000
    w, h = big.window.size
    assert w <= usable_size()[0] and h <= usable_size()[1]
    assert big.renderer.layout.overview[2] > 0


def test_the_wheel_scrolls_down_and_shift_wheel_sideways(big: App) -> None:
    post(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0, precise_y=-2.0)
    big.run(frames=1)
    assert (big.renderer.layout.top, big.renderer.layout.left) == (6, 0)
    big.scroll(0, 0)
    pygame.key.set_mods(pygame.KMOD_LSHIFT)
    post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
    big.run(frames=1)
    pygame.key.set_mods(0)
    assert (big.renderer.layout.top, big.renderer.layout.left) == (6, 3)


def test_a_click_on_a_scrolled_board_opens_the_cell_under_the_pointer(big: App) -> None:
    big.scroll(500, 400)
    layout = big.renderer.layout
    row, col = layout.top + 3, layout.left + 4
    click(big, big.cell_pos(row, col))
    assert big.game.status is Status.PLAYING
    assert big.game.look(row, col) is not Look.HIDDEN
    assert shows_tile(big, row, col, "open") or big.game.look(row, col) is not Look.OPEN_0


def test_the_cursor_keeps_itself_in_view(big: App) -> None:
    press(big, pygame.K_DOWN)
    start = big.cursor
    assert start is not None
    for _ in range(60):
        press(big, pygame.K_DOWN, pygame.KMOD_LSHIFT, frames=0)
    big.run(frames=1)
    assert big.cursor == (start[0] + 300, start[1])
    assert big.renderer.layout.visible(*big.cursor)
    assert cursor_drawn(big, *big.cursor)


def test_a_press_on_the_overview_map_moves_the_view_and_opens_nothing(big: App) -> None:
    x, y, w, h = big.renderer.scaled(big.renderer.layout.overview)
    click(big, (x + w // 2, y + h // 2))
    layout = big.renderer.layout
    assert abs(layout.top + layout.shown_rows // 2 - 500) <= 20
    assert abs(layout.left + layout.shown_cols // 2 - 500) <= 20
    assert big.game.status is Status.READY


def test_the_keyboard_cursor_commands_are_in_the_table() -> None:
    from game.session import KeyMap

    keys = KeyMap()
    assert keys.command_for("Up") is Command.CURSOR_UP
    assert keys.command_for("s") is Command.CURSOR_DOWN
    assert keys.command_for("F4") is Command.STATISTICS


# --- rebinding keys ----------------------------------------------------------------


def rebind(app: App, command: Command, key: int) -> None:
    app.command(Command.REBIND)
    app.run(frames=1)
    dialog = app.top_dialog
    assert dialog is not None and dialog.title == "Keys"
    index = [b.command for b in app.keymap.bindings].index(command)
    for _ in range(index):
        press(app, pygame.K_DOWN, frames=0)
    press(app, pygame.K_RETURN)
    assert dialog.waiting == index  # type: ignore[attr-defined]
    press(app, key)


def test_a_key_rebound_in_the_keys_screen_works_and_is_kept(tmp_path: object) -> None:
    app = App(cli.Options(zoom=2, sound=False, seed=1), clock=FakeClock())
    try:
        app.run(frames=1)
        use_layout(app, BEGINNER)
        rebind(app, Command.FLAG, pygame.K_g)
        dialog = app.top_dialog
        assert dialog is not None and "G now" in (dialog.note or "")  # type: ignore[attr-defined]
        press(app, pygame.K_ESCAPE)
        assert app.top_dialog is None
        press(app, pygame.K_UP)  # show the cursor
        press(app, pygame.K_g)
        assert app.game.look(*app.cursor) is Look.FLAG  # type: ignore[misc]
        press(app, pygame.K_f)  # F no longer flags
        assert app.game.look(*app.cursor) is Look.FLAG  # type: ignore[misc]
    finally:
        app.close()
    again = App(cli.Options(zoom=2, sound=False), clock=FakeClock())
    try:
        assert again.keymap.command_for("G") is Command.FLAG
        assert again.keymap.command_for("F") is None
        assert again.menubar.keymap is again.keymap
    finally:
        again.close()


def test_a_key_bound_elsewhere_is_refused_and_defaults_put_the_table_back(app: App) -> None:
    rebind(app, Command.FLAG, pygame.K_w)
    dialog = app.top_dialog
    assert dialog is not None and "taken by cursor up" in (dialog.note or "")  # type: ignore[attr-defined]
    assert app.keymap.command_for("F") is Command.FLAG
    rebind(app, Command.FLAG, pygame.K_g)
    assert app.keymap.command_for("G") is Command.FLAG
    post(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t")
    post(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t")  # Close, then Defaults
    press(app, pygame.K_RETURN)
    assert app.keymap.command_for("F") is Command.FLAG
    assert app.settings.keys == ()
