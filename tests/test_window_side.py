"""The side beside the board: what a player reads opens there, the board stays in
sight and unchanged, and the window keeps its size (issue 30, items 1 and 2)."""

from __future__ import annotations

import pygame
import pytest
import test_window_records as records
from conftest import classic_window
from test_window import (
    BEGINNER,
    FakeClock,
    cell_center,
    click,
    drawn_on,
    key,
    region,
    timer,
    use_layout,
    win_beginner,
)

from game import cli
from game.app import App
from game.rules import PRESETS, Difficulty
from game.scenes.menubar import MenuBarScene
from game.screens.end_of_game import PanelAnswer
from game.view.commands import Command
from game.view.widgets.dialog import Dialog
from game.view.window import desktop_size

app, clock, make_app = records.app, records.clock, records.make_app  # (its fixtures)


def game_pixels(app: App) -> bytes:
    """The game's own part of the window (the classic window's), under the menu bar."""
    width, height = app.viewport.game_size()
    bar = app.viewport.bar().h
    return region(app.viewport.screen, (0, bar, width, height - bar))


def placed_beside(app: App, dialog: Dialog) -> bool:
    """The dialog is drawn whole in the side, or whole in a window of its own (the
    side is too narrow for it): never over the board."""
    page = getattr(app.stage.top, "page", None)
    assert dialog.rect is not None
    if page is None:
        return bool(app.viewport.beside().contains(dialog.rect))
    return bool(page.surface.get_rect().contains(dialog.rect))


@pytest.mark.parametrize(
    "command", [Command.STATISTICS, Command.BEST_TIMES, Command.BOARD_CODE, Command.CUSTOM]
)
def test_a_dialog_opens_in_the_side_and_the_board_stays_as_it_was(
    app: App, command: Command
) -> None:
    use_layout(app, BEGINNER)
    click(app, cell_center(app, 0, 5))
    app.run(frames=1)
    size, board = app.viewport.window.size, game_pixels(app)
    app.play.command(command)
    app.run(frames=1)
    dialog = app.stage.top_dialog
    assert dialog is not None and dialog.rect is not None
    assert placed_beside(app, dialog)
    assert app.viewport.window.size == size
    assert game_pixels(app) == board  # the board in sight, untouched
    key(pygame.K_ESCAPE, "\x1b")
    app.run(frames=1)
    assert app.stage.top_dialog is None and app.viewport.window.size == size


def test_the_board_beside_a_dialog_goes_on_its_timer_running(app: App, clock: FakeClock) -> None:
    use_layout(app, BEGINNER)
    click(app, cell_center(app, 0, 5))
    app.play.command(Command.STATISTICS)
    app.run(frames=1)
    before = timer(app)
    dialog = app.stage.top_dialog
    assert dialog is not None and dialog.rect is not None
    shown = region(drawn_on(app), tuple(dialog.rect))  # type: ignore[arg-type]
    clock.ms += 3_000
    app.run(frames=2)
    assert timer(app) != before  # the LED timer beside the dialog counts on
    assert region(drawn_on(app), tuple(dialog.rect)) == shown  # the dialog stays whole
    assert app.stage.top_dialog is dialog


def test_a_lost_game_shows_its_result_beside_the_finished_board(app: App) -> None:
    use_layout(app, BEGINNER)
    click(app, cell_center(app, 0, 5))
    click(app, cell_center(app, 6, 0))  # a mine
    app.run(frames=1)
    panel = app.stage.top_dialog
    assert panel is not None and panel.title == "Game over" and panel.rect is not None
    assert app.viewport.beside().contains(panel.rect)
    assert not panel.rect.colliderect(pygame.Rect((0, 0), app.viewport.game_size()))


def test_a_lost_expert_games_result_and_its_analysis_stay_beside_the_board(
    app: App,
) -> None:
    app.play.new_game(PRESETS[Difficulty.EXPERT])  # (at 1x on the test desktop)
    app.run(frames=1)
    click(app, cell_center(app, 8, 15))
    mine = sorted(app.table.game.mine_cells())[0]
    click(app, cell_center(app, *mine))
    app.run(frames=1)
    board = pygame.Rect((0, 0), app.viewport.game_size())
    panel = app.stage.top_dialog
    assert panel is not None and panel.title == "Game over" and panel.rect is not None
    assert placed_beside(app, panel)
    assert getattr(app.stage.top, "page", None) is not None or not panel.rect.colliderect(board)
    click(app, panel.button_rect(PanelAnswer.ANALYSIS.label).center)
    app.run(frames=1)
    analysis = app.stage.top_dialog
    assert analysis is not None and analysis.title == "Analysis" and analysis.rect is not None
    assert placed_beside(app, analysis)


def test_the_face_beside_the_result_starts_the_next_game_at_once(app: App) -> None:
    use_layout(app, BEGINNER)
    click(app, cell_center(app, 0, 5))
    click(app, cell_center(app, 6, 0))  # a mine: the result beside the board
    app.run(frames=1)
    lost = app.table.tag
    assert app.stage.top_dialog is not None
    click(app, app.viewport.face_pos())  # the panel answers OK; the face takes the click
    app.run(frames=1)
    assert app.stage.top_dialog is None
    assert app.table.tag != lost and app.table.game.status.name == "READY"  # a new game
    assert app.profile.games()[0].record.won is False  # (the loss was kept)


def test_a_best_time_is_one_view_beside_the_board(app: App, clock: FakeClock) -> None:
    win_beginner(app, clock, 9_000)
    app.run(frames=1)
    view = app.stage.top_dialog
    assert view is not None and view.title == "A new best time!" and view.rect is not None
    assert app.viewport.beside().contains(view.rect)
    assert ["Time", "9.000 s"] in view.figures  # type: ignore[attr-defined]
    for ch in "Lin":
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(ch), mod=0, unicode=ch))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    key(pygame.K_RETURN, "\r")
    app.run(frames=1)
    assert app.stage.top_dialog is None  # no name box before, no best times after
    assert [entry.name for entry in app.profile.best_times("beginner")] == ["Lin"]


def test_a_classic_window_keeps_its_size_and_opens_a_dialog_in_a_window_of_its_own(
    clock: FakeClock,
) -> None:
    classic_window()
    app = make_app(clock)
    try:
        use_layout(app, BEGINNER)
        click(app, cell_center(app, 0, 5))
        app.run(frames=1)
        classic, board = app.viewport.window.size, game_pixels(app)
        corner = app.viewport.window.corner
        assert classic == app.viewport.game_size() and app.viewport.beside().w == 0
        app.play.command(Command.STATISTICS)
        app.run(frames=1)
        dialog = app.stage.top_dialog
        page = getattr(app.stage.top, "page", None)
        assert dialog is not None and dialog.rect is not None and page is not None
        assert page.surface.get_rect().contains(dialog.rect)
        # The game's window neither grows nor moves, and the board is untouched.
        assert app.viewport.window.size == classic and app.viewport.window.corner == corner
        assert app.viewport.beside().w == 0 and game_pixels(app) == board
        key(pygame.K_ESCAPE, "\x1b")
        app.run(frames=1)
        assert app.viewport.window.size == classic and app.viewport.beside().w == 0
        assert getattr(app.stage.top, "page", None) is None and game_pixels(app) == board
    finally:
        app.close()


def test_a_long_menu_is_whole_in_a_small_classic_window(clock: FakeClock) -> None:
    """A menu the classic window cannot hold (Beginner at 1x) opens in a window of
    its own under its title, whole on the desktop; the game's window keeps its size."""
    classic_window()
    app = App(cli.Options(zoom=1, sound=False, seed=1), clock=clock)
    try:
        (scene,) = [s for s, _ in app.stage.scenes if isinstance(s, MenuBarScene)]
        for index in range(len(app.menubar.menus)):
            app.menubar.open(index)
            app.stage.repaint()
            app.run(frames=1)
            shown = app.menubar.covered()
            assert shown is not None
            if not app.viewport.screen.get_rect().contains(shown):
                popup = scene.popup
                assert popup is not None and popup.window is not None
                assert tuple(popup.window.size) == shown.size
                x, y = popup.window.position
                desk_w, desk_h = desktop_size()
                assert x >= 0 and x + shown.w <= desk_w and y >= 0 and y + shown.h <= desk_h
            app.menubar.close()
            app.stage.repaint()
            app.run(frames=1)
            assert scene.popup is None
            assert app.viewport.window.size == app.viewport.game_size()
    finally:
        app.close()
