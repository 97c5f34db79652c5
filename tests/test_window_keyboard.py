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
from game.core.game import Game
from game.core.look import Look
from game.core.status import Status
from game.modes.ordinary import Ordinary
from game.rules import custom
from game.view.commands import Command
from game.view.render import CURSOR_OUTER
from game.view.window import usable_size


def press(app: App, code: int, mod: int = 0, frames: int = 1) -> None:
    post(pygame.KEYDOWN, key=code, mod=mod, unicode="")
    post(pygame.KEYUP, key=code, mod=mod, unicode="")
    app.run(frames=frames)


def cursor_drawn(app: App, row: int, col: int) -> bool:
    x, y, _, h = app.viewport.renderer.scaled(app.viewport.renderer.layout.cell_rect(row, col))
    return app.viewport.screen.get_at((x, y + h // 2))[:3] == CURSOR_OUTER


def go_to(app: App, row: int, col: int) -> None:
    """Arrow keys from wherever the cursor is to (row, col)."""
    if app.table.cursor is None:
        press(app, pygame.K_UP)  # the first press shows the cursor where it is
    assert app.table.cursor is not None
    while app.table.cursor[0] != row:
        press(app, pygame.K_DOWN if app.table.cursor[0] < row else pygame.K_UP, frames=0)
    while app.table.cursor[1] != col:
        press(app, pygame.K_RIGHT if app.table.cursor[1] < col else pygame.K_LEFT, frames=0)
    app.run(frames=1)


def test_the_first_arrow_shows_the_cursor_at_the_centre_and_it_is_drawn(app: App) -> None:
    assert app.table.cursor is None
    press(app, pygame.K_RIGHT)
    assert app.table.cursor == (4, 4)
    assert cursor_drawn(app, 4, 4)
    press(app, pygame.K_d)
    assert app.table.cursor == (4, 5) and cursor_drawn(app, 4, 5)
    assert not cursor_drawn(app, 4, 4) and shows_tile(app, 4, 4, "hidden"), "old cell redrawn"


def test_shift_moves_five_cells_and_the_cursor_stops_at_the_edges(app: App) -> None:
    press(app, pygame.K_UP)
    press(app, pygame.K_LEFT, pygame.KMOD_LSHIFT)
    assert app.table.cursor == (4, 0)
    press(app, pygame.K_w, pygame.KMOD_LSHIFT)
    press(app, pygame.K_w, pygame.KMOD_LSHIFT)
    assert app.table.cursor == (0, 0)


def test_space_opens_f_flags_and_cycles_and_space_on_a_number_chords(app: App) -> None:
    use_layout(app, BEGINNER)
    go_to(app, 1, 1)
    press(app, pygame.K_SPACE)
    assert app.table.game.look(1, 1) is Look.OPEN_1
    go_to(app, 0, 0)
    press(app, pygame.K_f)
    assert app.table.game.look(0, 0) is Look.FLAG
    go_to(app, 1, 1)
    press(app, pygame.K_RETURN)  # a chord: its one mine is flagged
    assert (
        app.table.game.look(0, 1) is not Look.HIDDEN
        and app.table.game.look(1, 0) is not Look.HIDDEN
    )
    go_to(app, 0, 0)
    press(app, pygame.K_f)
    assert app.table.game.look(0, 0) is Look.QUESTION


def test_a_whole_game_is_won_with_the_keyboard_alone(app: App) -> None:
    app.table.start(Ordinary.given(Game.new(9, 9, 10, seed=7)))
    app.run(frames=1)
    go_to(app, 4, 4)
    press(app, pygame.K_SPACE)
    mines = set(app.table.game.mine_cells())
    for row in range(9):
        for col in range(9):
            if (row, col) in mines:
                go_to(app, row, col)
                press(app, pygame.K_f)
    for row in range(9):
        for col in range(9):
            if (row, col) not in mines and app.table.game.look(row, col) is Look.HIDDEN:
                go_to(app, row, col)
                press(app, pygame.K_SPACE)
    assert app.table.game.status is Status.WON


def test_keyboard_and_mouse_moves_mixed_are_recorded_and_play_back(app: App) -> None:
    from test_window import cell_center

    from game.replay.drive import verify
    from game.replay.reader import parse

    use_layout(app, BEGINNER)
    click(app, cell_center(app, 1, 1))  # the mouse opens
    go_to(app, 0, 0)
    press(app, pygame.K_f)  # the keyboard flags
    go_to(app, 1, 1)
    press(app, pygame.K_RETURN)  # and chords
    click(app, cell_center(app, 0, 0), button=3)  # the mouse again: flag -> ?
    post(pygame.MOUSEBUTTONDOWN, pos=cell_center(app, 2, 2), button=1)
    press(app, pygame.K_f)  # a key move while the mouse holds a button: it lets go
    post(pygame.MOUSEBUTTONUP, pos=cell_center(app, 2, 2), button=1)
    app.run(frames=1)
    go_to(app, 3, 4)
    press(app, pygame.K_SPACE)  # the keyboard opens a mine: the game is lost
    assert app.table.game.status is Status.LOST
    assert app.end_of_game is not None
    replay = app.end_of_game.last_replay
    assert replay is not None and replay.clicks == app.table.session.clicks
    check = verify(parse(replay.to_text()))
    assert check.ok, check


def test_a_mouse_click_moves_a_shown_cursor(app: App) -> None:
    use_layout(app, BEGINNER)
    press(app, pygame.K_UP)
    click(app, app.viewport.cell_pos(8, 8))
    assert app.table.cursor == (8, 8)


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
    layout = big.viewport.renderer.layout
    assert layout.scrolls and layout.shown_rows < 1000 and layout.shown_cols < 1000
    w, h = big.viewport.window.size
    assert w <= usable_size()[0] and h <= usable_size()[1]
    assert big.viewport.renderer.layout.overview[2] > 0


def test_the_wheel_scrolls_down_and_shift_wheel_sideways(big: App) -> None:
    post(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0, precise_y=-2.0)
    big.run(frames=1)
    assert (big.viewport.renderer.layout.top, big.viewport.renderer.layout.left) == (6, 0)
    big.viewport.scroll(0, 0)
    pygame.key.set_mods(pygame.KMOD_LSHIFT)
    post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
    big.run(frames=1)
    pygame.key.set_mods(0)
    assert (big.viewport.renderer.layout.top, big.viewport.renderer.layout.left) == (6, 3)


def test_a_click_on_a_scrolled_board_opens_the_cell_under_the_pointer(big: App) -> None:
    big.viewport.scroll(500, 400)
    layout = big.viewport.renderer.layout
    row, col = layout.top + 3, layout.left + 4
    click(big, big.viewport.cell_pos(row, col))
    assert big.table.game.status is Status.PLAYING
    assert big.table.game.look(row, col) is not Look.HIDDEN
    assert shows_tile(big, row, col, "open") or big.table.game.look(row, col) is not Look.OPEN_0


def test_the_cursor_keeps_itself_in_view(big: App) -> None:
    press(big, pygame.K_DOWN)
    start = big.table.cursor
    assert start is not None
    for _ in range(60):
        press(big, pygame.K_DOWN, pygame.KMOD_LSHIFT, frames=0)
    big.run(frames=1)
    assert big.table.cursor == (start[0] + 300, start[1])
    assert big.viewport.renderer.layout.visible(*big.table.cursor)
    assert cursor_drawn(big, *big.table.cursor)


def test_a_press_on_the_overview_map_moves_the_view_and_opens_nothing(big: App) -> None:
    x, y, w, h = big.viewport.renderer.scaled(big.viewport.renderer.layout.overview)
    click(big, (x + w // 2, y + h // 2))
    layout = big.viewport.renderer.layout
    assert abs(layout.top + layout.shown_rows // 2 - 500) <= 20
    assert abs(layout.left + layout.shown_cols // 2 - 500) <= 20
    assert big.table.game.status is Status.READY


def test_the_keyboard_cursor_commands_are_in_the_table() -> None:
    from game.view.commands import KeyMap

    keys = KeyMap()
    assert keys.command_for("Up") is Command.CURSOR_UP
    assert keys.command_for("s") is Command.CURSOR_DOWN
    assert keys.command_for("F4") is Command.STATISTICS


# --- rebinding keys ----------------------------------------------------------------


def rebind(app: App, command: Command, key: int) -> None:
    app.play.command(Command.REBIND)
    app.run(frames=1)
    dialog = app.stage.top_dialog
    assert dialog is not None and dialog.title == "Keys"
    index = [b.command for b in app.prefs.keymap.bindings].index(command)
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
        dialog = app.stage.top_dialog
        assert dialog is not None and "G now" in (dialog.note or "")  # type: ignore[attr-defined]
        press(app, pygame.K_ESCAPE)
        assert app.stage.top_dialog is None
        press(app, pygame.K_UP)  # show the cursor
        press(app, pygame.K_g)
        assert app.table.game.look(*app.table.cursor) is Look.FLAG  # type: ignore[misc]
        press(app, pygame.K_f)  # F no longer flags
        assert app.table.game.look(*app.table.cursor) is Look.FLAG  # type: ignore[misc]
    finally:
        app.close()
    again = App(cli.Options(zoom=2, sound=False), clock=FakeClock())
    try:
        assert again.prefs.keymap.command_for("G") is Command.FLAG
        assert again.prefs.keymap.command_for("F") is None
        assert again.menubar.keymap() is again.prefs.keymap
    finally:
        again.close()


def test_a_key_bound_elsewhere_is_refused_and_defaults_put_the_table_back(app: App) -> None:
    rebind(app, Command.FLAG, pygame.K_w)
    dialog = app.stage.top_dialog
    assert dialog is not None and "taken by cursor up" in (dialog.note or "")  # type: ignore[attr-defined]
    assert app.prefs.keymap.command_for("F") is Command.FLAG
    rebind(app, Command.FLAG, pygame.K_g)
    assert app.prefs.keymap.command_for("G") is Command.FLAG
    post(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t")
    post(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t")  # Close, then Defaults
    press(app, pygame.K_RETURN)
    assert app.prefs.keymap.command_for("F") is Command.FLAG
    assert app.prefs.settings.keys == ()
