"""The rough edges a player hit (issue 18, items 5 to 14), each seen in the real
window: real events through the real loop, real pixels read back."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from test_window import BEGINNER as BEGINNER_LAYOUT
from test_window import (
    FakeClock,
    cell_center,
    click,
    counter,
    drawn_on,
    key,
    post,
    region,
    shows_tile,
    timer,
    use_layout,
)
from test_window_hints import ring_colour
from test_window_keyboard import cursor_drawn, go_to, press

from game import cli
from game.app import App
from game.core.look import Look
from game.core.solver import analyse
from game.core.status import Status
from game.persist.history import GameRecord, StoredGame
from game.replay.boardcode import BoardCode
from game.rules import MAX_ZOOM, PRESETS, Board, Difficulty, custom
from game.screens.history import history_dialog
from game.session.geometry import led_digits
from game.view.advice import HINT_MINE, HINT_SAFE
from game.view.commands import Command
from game.view.menus import MENUS
from game.view.theme import COLOURBLIND
from game.view.widgets.form import FormDialog
from game.view.widgets.menu import MenuDialog
from game.view.widgets.message import HelpOverlay
from game.view.widgets.style import FONT_SIZE, Style
from game.view.widgets.text import TextPiece

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


def test_a_path_too_long_for_a_line_is_broken_after_its_separators_every_character_kept() -> None:
    pygame.font.init()
    style = Style(1, FONT_SIZE)
    folder = "/home/player/" + "a-rather-long-folder-name/" * 12 + "minesweeper"
    text = f"Your records are kept in {folder}."
    piece = TextPiece(style, [text], 260)
    with_path = [line for line in piece.lines if "/" in line]
    assert len(with_path) > 1  # no line holds it: broken across lines
    assert with_path[0].startswith("/home/") or " /home/" in with_path[0]
    assert with_path[-1].endswith("minesweeper.")
    first = piece.lines.index(with_path[0])  # (the words before it, then the path's lines)
    kept = " ".join(piece.lines[: first + 1]) + "".join(piece.lines[first + 1 :])
    assert kept == text  # every character kept
    assert all(line.endswith("/") for line in with_path[:-1])  # broken only after a separator
    assert not any("\N{HORIZONTAL ELLIPSIS}" in line for line in piece.lines)
    assert not piece.shortened
    assert all(style.font.size(line)[0] <= 260 for line in piece.lines)


def test_a_path_a_line_holds_is_moved_whole_to_the_next_line_not_broken() -> None:
    pygame.font.init()
    style = Style(1, FONT_SIZE)
    text = "Your records and settings are kept in /home/player/.local/share/minesweeper."
    piece = TextPiece(style, [text], 260)
    with_path = [line for line in piece.lines if "/" in line]
    assert with_path == ["/home/player/.local/share/minesweeper."]
    assert " ".join(piece.lines) == text


def test_a_paths_part_too_long_for_a_line_alone_is_shortened_in_its_middle() -> None:
    pygame.font.init()
    style = Style(1, FONT_SIZE)
    part = "b" * 120
    text = f"Saved as /home/player/{part}/replay.evf"
    piece = TextPiece(style, [text], 260)
    assert piece.shortened
    shortened = [line for line in piece.lines if "\N{HORIZONTAL ELLIPSIS}" in line]
    assert len(shortened) == 1 and shortened[0].startswith("bbb")
    assert shortened[0].endswith("b/")  # (its separator kept, the break after it)
    assert piece.lines[-1] == "replay.evf" and "/home/player/" in " ".join(piece.lines)
    assert all(style.font.size(line)[0] <= 260 for line in piece.lines)


def test_one_game_in_the_history_chart_is_one_game_not_1_games() -> None:
    record = GameRecord("2026-01-02T03:04:05", "beginner", 9, 9, 10, "opening", "1", True, 9000)
    dialog = history_dialog([StoredGame(1, record)], Difficulty.BEGINNER)
    assert dialog.chart is not None and dialog.chart[0].endswith("(1 game)")
    assert dialog.chart[2] == ("2026-01-02", "2026-01-02")


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


# ---------------------------------------------------------------- 10: the hint box


def hinted(app: App) -> None:
    use_layout(app, BEGINNER_LAYOUT)
    click(app, cell_center(app, 0, 5))
    app.play.command(Command.HINT)
    app.run(frames=1)
    assert app.table.hint is not None and app.play.notes.shown


def whole_board(app: App) -> bytes:
    return region(app.viewport.screen, app.viewport.renderer.scaled(app.viewport.layout.board_view))


def test_esc_puts_the_hint_and_its_box_away(big: App) -> None:
    use_layout(big, BEGINNER_LAYOUT)
    click(big, cell_center(big, 0, 5))
    plain = whole_board(big)
    hinted(big)
    assert whole_board(big) != plain
    key(pygame.K_ESCAPE, "\x1b")
    big.run(frames=1)
    assert big.table.hint is None and whole_board(big) == plain


def test_a_click_on_a_cell_under_a_hint_opens_it_and_one_off_the_board_puts_the_hint_away(
    big: App,
) -> None:
    # (Issue 30, item 6: a click on the box used to put the hint away and do nothing
    # else; no note is over a cell since issue 41: tests/test_window_banner.py.)
    hinted(big)
    opened = big.table.game.opened_count
    click(big, cell_center(big, 8, 4))  # (row 8, below the wall of mines: safe)
    assert big.table.hint is None and big.table.game.opened_count > opened
    hinted(big)
    opened = big.table.game.opened_count
    click(big, (2, big.viewport.screen.get_height() - 2))  # the frame, off the board
    assert big.table.hint is None and big.table.game.opened_count == opened


def test_a_hint_far_off_on_a_large_board_is_scrolled_into_view_with_a_margin() -> None:
    rows, cols, ring = 60, 100, (45, 80)
    grid = [["."] * cols for _ in range(rows)]
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if dr or dc:
                grid[ring[0] + dr][ring[1] + dc] = "*"  # a safe cell walled in by mines
    grid[50][20] = grid[50][22] = "*"  # and two lone mines, far off too
    app = make(custom(rows, cols, 10), 2)
    try:
        use_layout(app, "\n".join("".join(row) for row in grid))
        click(app, cell_center(app, 0, 0))
        layout = app.viewport.layout
        assert layout.scrolls and not layout.visible(*ring)
        app.play.command(Command.HINT)
        app.run(frames=1)
        hint = app.table.hint
        assert hint is not None
        layout = app.viewport.layout
        row, col = hint.cell
        assert layout.top + 3 <= row < layout.top + layout.shown_rows - 3
        assert layout.left + 3 <= col < layout.left + layout.shown_cols - 3
        assert ring_colour(app, hint.cell) in (HINT_SAFE, HINT_MINE)
    finally:
        app.close()


# ---------------------------------------------------------------- 8: the Keys screen


def test_the_keys_screen_is_whole_at_the_largest_zoom_scrolls_and_prompts_for_a_key(
    big: App,
) -> None:
    size = big.viewport.window.size
    big.play.command(Command.REBIND)
    big.run(frames=1)
    dialog = big.stage.top_dialog
    assert isinstance(dialog, MenuDialog) and not dialog.cut
    # Whole and in the usual font, in a window that never grows for a dialog (the
    # 1024x768 test desktop: Beginner at 3x beside its side).
    assert dialog.font_size >= FONT_SIZE and big.viewport.window.size == size
    last = len(dialog.items) - 1
    for _ in range(last):
        key(pygame.K_DOWN)
    big.run(frames=1)
    assert dialog.index == last
    row = dialog.row_rect(last)  # scrolled into sight
    assert drawn_on(big).get_rect().contains(row) and dialog.rect is not None
    assert dialog.rect.contains(row)
    before = region(drawn_on(big), tuple(row))  # type: ignore[arg-type]
    key(pygame.K_RETURN)
    big.run(frames=1)
    assert dialog.waiting == last
    assert region(drawn_on(big), tuple(row)) != before  # type: ignore[arg-type]
    post(pygame.MOUSEWHEEL, x=0, y=len(dialog.items), flipped=False)  # (a row a notch)
    big.run(frames=1)
    assert dialog.top == 0 and dialog.row_rect(0).h


# ---------------------------------------------------------------- 13: paste and copy


def ctrl(code: int) -> None:
    post(pygame.KEYDOWN, key=code, mod=pygame.KMOD_LCTRL, unicode="")


def test_ctrl_v_pastes_a_board_code_into_its_field(big: App) -> None:
    code = BoardCode(PRESETS[Difficulty.EXPERT], big.table.session.rules, 4242).code
    pygame.scrap.put_text(f"  {code}\n")  # as copied from a chat: spaces, a newline
    key(pygame.K_F9)
    big.run(frames=1)
    ctrl(pygame.K_v)
    key(pygame.K_RETURN)
    big.run(frames=1)
    assert big.stage.top_dialog is None
    assert big.table.board == PRESETS[Difficulty.EXPERT] and big.table.game.seed == 4242


def test_the_middle_button_pastes_the_primary_selection_into_a_field(big: App) -> None:
    from game.view.widgets import clipboard

    code = BoardCode(PRESETS[Difficulty.EXPERT], big.table.session.rules, 77, start=(3, 5)).code
    assert clipboard.copy(f"{code}\n")  # a copy sets the selection too, where there is one
    if clipboard.selection() != f"{code}\n":
        pytest.skip("this SDL has no primary selection")
    pygame.scrap.put_text("not this")  # the clipboard holds another text
    key(pygame.K_F9)
    big.run(frames=1)
    dialog = big.stage.top_dialog
    assert isinstance(dialog, FormDialog)
    at = dialog.field_rect("code").center
    post(pygame.MOUSEBUTTONDOWN, pos=at, button=2)
    post(pygame.MOUSEBUTTONUP, pos=at, button=2)
    big.run(frames=1)
    assert dialog.values["code"] == code
    key(pygame.K_RETURN)
    big.run(frames=1)
    assert big.stage.top_dialog is None
    assert big.table.game.seed == 77 and big.table.session.start == (3, 5)


def test_ctrl_v_pastes_digits_into_the_custom_boards_fields(big: App) -> None:
    pygame.scrap.put_text("24")
    big.play.command(Command.CUSTOM)
    big.run(frames=1)
    dialog = big.stage.top_dialog
    assert isinstance(dialog, FormDialog)
    ctrl(pygame.K_v)  # the first field's text is selected: the paste replaces it
    big.run(frames=1)
    assert dialog.values["rows"] == "24"


def test_a_pasted_expression_too_long_is_told_so_and_not_cut(big: App) -> None:
    from test_window import type_text

    from game.replay.counters import MAX_EXPRESSION
    from game.screens.counters import own_counter_dialog

    form = own_counter_dialog(big.prefs.settings, None)
    big.stage.open(form)
    big.run(frames=1)
    type_text("mine")
    key(pygame.K_TAB)
    pygame.scrap.put_text("1+" * 5000 + "1")  # 10,001 characters
    ctrl(pygame.K_v)
    big.run(frames=1)
    assert form.values["expression"] == ""  # (not cut to a piece of it)
    assert form.error == f"longer than {MAX_EXPRESSION} characters"
    pygame.scrap.put_text("bbbv_s * 60")
    ctrl(pygame.K_v)
    big.run(frames=1)
    assert form.values["expression"] == "bbbv_s * 60" and form.error is None


def test_ctrl_c_copies_the_board_code_the_game_panel_shows(big: App) -> None:
    pygame.scrap.put_text("nothing yet")
    game = big.table.game
    click(big, cell_center(big, 4, 4))
    mine = next(iter(game.mine_cells()))
    click(big, cell_center(big, *mine))
    assert game.status is Status.LOST
    big.run(frames=1)
    assert big.stage.top_dialog is not None
    ctrl(pygame.K_c)
    big.run(frames=1)
    # The code of the layout played: the mines as placed around the first click.
    code = BoardCode(big.table.board, big.table.session.rules, game.seed or 0, (4, 4)).code
    assert pygame.scrap.get_text() == code


# ---------------------------------------------------------------- 11: the overlay


def test_the_probability_overlay_leaves_flags_and_numbers_readable(big: App) -> None:
    use_layout(big, BEGINNER_LAYOUT)
    click(big, cell_center(big, 0, 5))
    for cell in ((0, 0), (3, 4)):  # two mines, flagged
        click(big, cell_center(big, *cell), button=3)
    big.play.command(Command.PROBABILITIES)
    big.run(frames=1)
    assert shows_tile(big, 0, 0, "flag") and shows_tile(big, 3, 4, "flag")
    assert shows_tile(big, 2, 4, "3") or shows_tile(big, 2, 4, "2") or shows_tile(big, 2, 4, "1")
    hidden = [
        (r, c) for r in range(9) for c in range(9) if big.table.game.look(r, c) is Look.HIDDEN
    ]
    assert hidden and not any(shows_tile(big, *cell, "hidden") for cell in hidden)


def luminance(colour: tuple[int, int, int]) -> float:
    r, g, b = colour
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_the_colour_blind_look_draws_the_risk_scale_apart_in_lightness(big: App) -> None:
    use_layout(big, BEGINNER_LAYOUT)
    click(big, cell_center(big, 0, 5))
    big.play.command(Command.THEME_COLOURBLIND)
    big.play.command(Command.PROBABILITIES)
    big.run(frames=1)
    game = big.table.game
    analysis = analyse(game.view(), game.mines)
    assert analysis.mines, "the layout has a certain mine after this click"
    mine = next(iter(analysis.mines))
    x, y, w, h = big.viewport.renderer.scaled(big.viewport.renderer.layout.cell_rect(*mine))
    seen = tuple(big.viewport.screen.get_at((x + w // 2, y + h - 3 * big.viewport.zoom))[:3])
    safe, _, certain = COLOURBLIND.risk
    assert seen == certain  # the look's own mine colour, not the classic red
    assert abs(luminance(safe) - luminance(certain)) > 30  # apart in lightness too


# ---------------------------------------------------------------- 6, 7: repainting


JUNK = (255, 0, 255)


def junk_left(app: App) -> bool:
    """Magenta anywhere in the window (the game never draws it)."""
    screen = app.viewport.screen
    return any(
        screen.get_at((x, y))[:3] == JUNK
        for x in range(0, screen.get_width(), 7)
        for y in range(0, screen.get_height(), 7)
    )


def test_the_resume_offer_paints_the_whole_grown_window_when_the_size_lands_late() -> None:
    first = make(BEGINNER, 1)
    click(first, cell_center(first, 4, 4))
    first.close()  # a game under way is kept: the next start offers it back
    app = make(BEGINNER, MAX_ZOOM)
    try:
        assert app.stage.top_dialog is not None  # the offer, in a grown window
        # A window manager applies the grown size after the frame was drawn: SDL
        # makes a new surface (nothing on it yet) and says the size changed.
        app.viewport.screen.fill(JUNK)
        post(pygame.WINDOWSIZECHANGED, x=app.viewport.screen.get_width(), y=0)
        app.run(frames=app.frame + 1)
        assert not junk_left(app)
    finally:
        app.close()


@pytest.mark.parametrize(
    "kind",
    [pygame.WINDOWEXPOSED, pygame.WINDOWFOCUSGAINED, pygame.WINDOWSHOWN, pygame.WINDOWMOVED],
    ids=["exposed", "focus", "shown", "moved"],
)
def test_a_window_event_under_a_dialog_repaints_everything(big: App, kind: int) -> None:
    big.play.command(Command.SETTINGS)
    big.run(frames=big.frame + 2)
    assert big.stage.top_dialog is not None
    big.viewport.screen.fill(JUNK)  # another window's picture left on ours
    post(kind)
    big.run(frames=big.frame + 1)
    assert not junk_left(big) and big.stage.top_dialog is not None
