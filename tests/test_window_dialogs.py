"""Dialogs in the real window: they fit at every zoom on the smallest and largest
boards (the window grows while one is open, never past the desktop), no text is
cut, the text is never smaller than the 12-pixel font, and the keys are safe
(Enter never wipes records, Esc never throws a game away, Tab reaches every button).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from test_window import (
    BEGINNER,
    FakeClock,
    cell_center,
    click,
    drawn_on,
    key,
    type_text,
    use_layout,
)

from game import cli
from game.app import App
from game.core.status import Status
from game.flows import resume
from game.persist.resume import SavedGame
from game.rules import MAX_COLS, MAX_ROWS, MAX_ZOOM, PRESETS, Board, Difficulty, custom
from game.screens.end_of_game import game_panel
from game.screens.messages import about_dialog
from game.screens.records import BestTime, confirm_dialog, name_form
from game.screens.resume import resume_dialog
from game.session.stopwatch import Stopwatch
from game.view import viewport
from game.view.commands import Command
from game.view.widgets.dialog import Dialog
from game.view.widgets.form import FormDialog
from game.view.widgets.message import MessageDialog
from game.view.widgets.style import FONT_SIZE
from game.view.widgets.text import wrap
from game.view.window import usable_size

SMALLEST = PRESETS[Difficulty.BEGINNER]
LARGEST = custom(MAX_ROWS, MAX_COLS, 200)


def make(board: Board, zoom: int) -> App:
    app = App(cli.Options(zoom=zoom, sound=False, seed=1, board=board), clock=FakeClock())
    app.run(frames=1)
    return app


@pytest.fixture
def app() -> Iterator[App]:
    application = make(SMALLEST, 2)
    yield application
    application.close()


# Every dialog the game shows, opened the way the game opens it.
OPENERS: dict[str, Callable[[App], None]] = {
    "help": lambda a: a.play.command(Command.HELP),
    "rules": lambda a: a.play.command(Command.RULES),
    "about": lambda a: a.play.command(Command.ABOUT),
    "settings": lambda a: a.play.command(Command.SETTINGS),
    "custom": lambda a: a.play.command(Command.CUSTOM),
    "best times": lambda a: a.play.command(Command.BEST_TIMES),
    "statistics": lambda a: a.play.command(Command.STATISTICS),
    "confirm": lambda a: a.stage.open(confirm_dialog("all best times")),
    "panel": lambda a: a.stage.open(
        game_panel(a.table.session.summary(), a.table.board.difficulty)
    ),
    "name": lambda a: a.stage.open(
        name_form(BestTime(Difficulty.EXPERT, a.table.session.summary().ms, 3, "Someone"))
    ),
    "resume": lambda a: a.stage.open(
        resume_dialog(
            SavedGame(a.table.game.to_snapshot(), elapsed_ms=12_345, log=())  # type: ignore[arg-type]
        )
    ),
}


@pytest.mark.parametrize("board", [SMALLEST, LARGEST], ids=["smallest", "largest"])
@pytest.mark.parametrize("name", list(OPENERS))
def test_every_dialog_fits_whole_at_every_zoom(board: Board, name: str) -> None:
    app = make(board, 1)
    try:
        for zoom in range(1, MAX_ZOOM + 1):  # set_zoom stops at the largest that fits
            app.play.set_zoom(zoom)
            app.run(frames=1)
            size = app.viewport.window.size
            OPENERS[name](app)
            app.run(frames=1)
            dialog = app.stage.top_dialog
            assert dialog is not None
            screen = drawn_on(app).get_rect()
            assert screen.contains(dialog.rect), (zoom, dialog.rect, screen)
            assert not dialog.cut, f"{name} at {app.viewport.zoom}x cut its text"
            assert dialog.font_size >= FONT_SIZE, f"{name} at {app.viewport.zoom}x: tiny text"
            w, h = app.viewport.window.size
            assert w <= usable_size()[0] and h <= usable_size()[1]
            key(pygame.K_ESCAPE, "\x1b")
            app.run(frames=1)
            while app.stage.top_dialog is not None:  # a name box answered by Esc: best times
                key(pygame.K_ESCAPE, "\x1b")
                app.run(frames=1)
            assert app.viewport.window.size == size, "the window never resizes for a dialog"
    finally:
        app.close()


def test_a_dialog_larger_than_the_side_is_drawn_over_the_window_which_keeps_its_size() -> None:
    app = make(SMALLEST, 1)
    try:
        size = app.viewport.window.size
        app.play.command(Command.REBIND)  # (the Keys page: wider than the side at 1x)
        app.run(frames=1)
        assert app.viewport.window.size == size
        dialog = app.stage.top_dialog
        assert dialog is not None and dialog.scale == 1 and not dialog.cut
        assert dialog.rect is not None and not app.viewport.beside().contains(dialog.rect)
        key(pygame.K_ESCAPE, "\x1b")
        app.run(frames=1)
        assert app.viewport.window.size == size
    finally:
        app.close()


def test_a_dialog_is_drawn_at_the_sides_scale_inside_it() -> None:
    # (beside Beginner at 2x on the 1024x768 test desktop the side is at 1x: at 2x it
    # would not fit the desktop; on a larger desktop it is at 2x, as below)
    app = make(SMALLEST, 2)
    try:
        app.play.command(Command.RULES)
        app.run(frames=1)
        dialog, side = app.stage.top_dialog, app.viewport.side
        assert dialog is not None and dialog.rect is not None
        assert app.viewport.beside().contains(dialog.rect)
        assert dialog.scale == side.scale and dialog.font_size == side.scale * FONT_SIZE
    finally:
        app.close()


@pytest.mark.parametrize(("desktop", "scale"), [((1024, 688), 1), ((3840, 2000), 2)])
def test_the_side_is_at_the_ui_scale_whatever_the_zoom(
    desktop: tuple[int, int], scale: int
) -> None:
    from game.view import scale as ui

    try:
        ui.use(None, desktop)
        for zoom in (1, 2, 4):
            side = viewport.side_for(336, zoom, lambda s: 0)  # Beginner
            assert side.scale == scale and side.width == viewport.SIDE_WIDTH * scale
    finally:
        ui.use(None, (1024, 768))


def test_a_10kb_path_in_a_message_lays_out_in_well_under_a_second(app: App) -> None:
    path = "/home/player/" + "very-long-folder-name-" * 460  # 10 KB, one word
    assert len(path) > 10_000
    started = time.perf_counter()
    app.stage.open(about_dialog("1.0", Path(path)))
    app.run(frames=1)
    elapsed = time.perf_counter() - started
    assert elapsed < 1.0, f"{elapsed:.2f} s"
    dialog = app.stage.top_dialog
    assert dialog is not None and drawn_on(app).get_rect().contains(dialog.rect)


def test_wrapping_a_10kb_word_measures_each_line_a_few_times() -> None:
    pygame.font.init()
    font = pygame.font.Font(None, 15)
    calls = 0
    real = pygame.font.Font

    class Counting(real):  # type: ignore[misc, valid-type]
        def size(self, text: str) -> tuple[int, int]:
            nonlocal calls
            calls += 1
            return super().size(text)  # type: ignore[no-any-return]

    counting = Counting(None, 15)
    lines = wrap(counting, "x" * 10_000, 200)
    assert "".join(lines) == "x" * 10_000
    assert all(font.size(line)[0] <= 200 for line in lines)
    assert calls <= 3 * len(lines) + 5, f"{calls} measurements for {len(lines)} lines"


# --- safe defaults ---------------------------------------------------------------


def test_enter_on_the_reset_question_keeps_the_best_times(app: App) -> None:
    reset: list[bool] = []
    app.dialogs.confirm("all best times", lambda: reset.append(True) or True)
    app.run(frames=1)
    assert isinstance(app.stage.top_dialog, MessageDialog)
    assert app.stage.top_dialog.default == "Cancel"
    key(pygame.K_RETURN, "\r")
    app.run(frames=1)
    assert app.stage.top_dialog is None and reset == []


def test_tab_then_enter_on_the_reset_question_resets(app: App) -> None:
    reset: list[bool] = []
    app.dialogs.confirm("all best times", lambda: reset.append(True) or True)
    app.run(frames=1)
    post_tab(shift=True)
    key(pygame.K_RETURN, "\r")
    app.run(frames=1)
    assert reset == [True]


def post_tab(shift: bool = False) -> None:
    pygame.event.post(
        pygame.event.Event(
            pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_LSHIFT if shift else 0, unicode="\t"
        )
    )


def focus_ring_pixels(app: App, dialog: Dialog, label: str) -> int:
    """Black pixels along the top and bottom of where the focus ring is drawn."""
    ring = dialog.button_rect(label).inflate(-8 * dialog.scale, -8 * dialog.scale)
    black = 0
    for x in range(ring.left, ring.right):
        for y in (ring.top, ring.bottom - 1):
            black += drawn_on(app).get_at((x, y))[:3] == (0, 0, 0)
    return black


def test_tab_and_shift_tab_move_between_buttons_and_the_focus_is_drawn(app: App) -> None:
    app.play.command(Command.STATISTICS)
    app.run(frames=1)
    dialog = app.stage.top_dialog
    assert dialog is not None and dialog.buttons == ("Close", "Deaths", "Reset")
    assert dialog.focused_button == "Close"
    unfocused = focus_ring_pixels(app, dialog, "Reset")
    post_tab()
    post_tab()
    app.run(frames=1)
    assert dialog.focused_button == "Reset"
    assert focus_ring_pixels(app, dialog, "Reset") > unfocused + 4
    post_tab(shift=True)
    app.run(frames=1)
    assert dialog.focused_button == "Deaths"


def test_the_custom_dialog_states_the_mine_limit_and_clears_its_error_when_fixed(
    app: App,
) -> None:
    app.play.command(Command.CUSTOM)
    app.run(frames=1)
    form = app.stage.top_dialog
    assert isinstance(form, FormDialog) and form.note is not None
    assert "10 to 64" in form.note(form.values)
    key(pygame.K_TAB, "\t")
    key(pygame.K_TAB, "\t")
    type_text("999")
    key(pygame.K_RETURN, "\r")
    app.run(frames=1)
    assert form.error is not None and "64" in form.error
    key(pygame.K_BACKSPACE, "\b")
    app.run(frames=1)
    assert form.error is not None and "99" in form.error, "still wrong: the next error"
    key(pygame.K_BACKSPACE, "\b")
    type_text("0")
    app.run(frames=1)
    assert form.values["mines"] == "90" and "90" in (form.error or "")
    key(pygame.K_BACKSPACE, "\b")
    key(pygame.K_BACKSPACE, "\b")
    type_text("40")
    app.run(frames=1)
    assert form.error is None, "the error goes as soon as the field is right"
    key(pygame.K_RETURN, "\r")
    app.run(frames=1)
    assert app.stage.top_dialog is None and app.table.board.mines == 40


def test_the_resume_offer_names_the_time_the_timer_showed(app: App) -> None:
    click(app, cell_center(app, 0, 0))
    elapsed = 12_345
    shown = Stopwatch(lambda: 0.0, elapsed, started=True).seconds_shown
    dialog = resume_dialog(SavedGame(app.table.game.to_snapshot(), elapsed_ms=elapsed))
    assert f"at {shown} seconds" in dialog.lines[0]
    # ... and the window's timer shows the same after resuming such a game.
    resume.keep(app.profile, app.table)
    assert app.table.game.status is Status.PLAYING


def offered_back(clock: FakeClock) -> App:
    """A window whose last start left a Beginner game under way, 6.7 s in: its saved
    game is offered back."""
    first = App(cli.Options(zoom=1, sound=False, seed=1), clock=clock)
    first.run(frames=1)
    use_layout(first, BEGINNER)
    click(first, cell_center(first, 4, 4))
    clock.ms += 6_700
    first.run(frames=1)
    first.close()
    return App(cli.Options(zoom=1, sound=False), clock=clock)


def test_the_resume_offer_is_the_one_prompt_the_pause_box_waits_until_it_is_answered(
    tmp_path: Path,
) -> None:
    """Under the Resume / New game offer the board is hidden with no box of its own
    ("click or press any key"): one prompt at a time; a pause by the player shows it."""
    from test_window import shows_tile

    def every_cell_hidden(app: App) -> bool:
        board = app.table.board
        return all(
            shows_tile(app, r, c, "hidden") for r in range(board.rows) for c in range(board.cols)
        )

    clock = FakeClock()
    second = offered_back(clock)
    try:
        for frames in (1, 3):  # (before the offer opens, and under it)
            second.run(frames=frames)
            assert second.viewport.renderer.paused_box is None and every_cell_hidden(second)
        assert isinstance(second.stage.top_dialog, MessageDialog)
        key(pygame.K_RETURN, "\r")  # Resume
        second.run(frames=second.frame + 1)
        assert not second.table.session.paused
        key(pygame.K_p, "p")
        second.run(frames=second.frame + 1)
        assert second.viewport.renderer.paused_box is not None  # (the player's pause says it)
    finally:
        second.close()


def test_the_time_on_the_resume_offer_is_the_timer_after_resuming(tmp_path: Path) -> None:
    clock = FakeClock()
    second = offered_back(clock)
    second.run(frames=2)  # the offer comes once the first frame is on screen
    offer = second.stage.top_dialog
    assert isinstance(offer, MessageDialog)
    key(pygame.K_RETURN, "\r")
    second.run(frames=1)
    from test_window import timer

    assert f"at {int(timer(second))} seconds" in offer.lines[0]
    second.close()
