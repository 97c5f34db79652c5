"""Long texts shown whole (issue 32, item 15): the board code in the name box, the
path of a history export, the path of a GIF saved from the viewer. A word too long
for a line widens its box as far as the window allows, and is never cut short.
Real events through the real loop; the dialogs' geometry and font."""

from __future__ import annotations

from pathlib import Path

import pygame
import test_window_records as records
from test_window import FakeClock, cell_center, click, key, win_beginner
from test_window_history import close_all, history
from test_window_replay import step, write_replay

from game import cli
from game.app import App
from game.core.status import Status
from game.persist import replays as replay_files
from game.replay.boardcode import BoardCode
from game.rules import Board, GameRules
from game.screens.history import HistoryAnswer
from game.view.fonts import ui_font
from game.view.widgets.dialog import Dialog

app, clock = records.app, records.clock  # (its fixtures: zoom 2, seed 1, ready)


def holds_whole(dialog: Dialog, text: str) -> bool:
    """The dialog, as drawn, is wider than the text at its font, and cut nothing."""
    rect = dialog.rect
    assert rect is not None and dialog.font_size
    return not dialog.cut and rect.width > ui_font(dialog.font_size).size(text)[0]


def path_kept(dialog: Dialog, path: str) -> bool:
    """The dialog shows the path whole, or, in a room off the cells no line of which
    holds it (a page with no room beside the window), broken after its separators
    with every character kept (tests/test_window_edges.py: where the lines break),
    and cut nothing."""
    return holds_whole(dialog, path) or (not dialog.cut and path in dialog.said)


def win_dealt_board(app: App, clock: FakeClock) -> None:
    """Win the board the seed dealt (it has a code), taking 12 s from the first click."""
    click(app, cell_center(app, 4, 4))
    clock.ms += 12_345
    mines = set(app.table.game.mine_cells())
    for r in range(9):
        for c in range(9):
            if app.table.game.look(r, c).name == "HIDDEN" and (r, c) not in mines:
                click(app, cell_center(app, r, c))
    assert app.table.game.status is Status.WON


WIDE_SEED = 2716
"""A seed whose Beginner board code, from the middle cell, is drawn wider than a line
of text (its W, M and K are wide letters)."""


def test_the_name_box_shows_the_board_code_whole(clock: FakeClock) -> None:
    app = App(cli.Options(zoom=2, sound=False, seed=WIDE_SEED), clock=clock)
    app.run(frames=2)
    try:
        win_dealt_board(app, clock)
        dialog = app.stage.top_dialog
        assert dialog is not None and dialog.title == "A new best time!"
        # (the name box is in the panel: the code is among its figures, said once)
        [code] = [value for label, value in dialog.figures if label == "Board code"]  # type: ignore[attr-defined]
        assert not any("Board code" in line for line in dialog.lines)  # type: ignore[attr-defined]
        assert code == BoardCode(Board(9, 9, 10), GameRules(), WIDE_SEED, start=(4, 4)).code
        assert holds_whole(dialog, code), "the code is one word: shown whole, never 'MQQ6...HTG'"
    finally:
        app.close()


def test_the_history_export_says_its_whole_path(app: App, clock: FakeClock) -> None:
    win_beginner(app, clock, 4_000)
    close_all(app)
    history(app)
    dialog = app.stage.top_dialog
    assert dialog is not None
    click(app, dialog.button_rect(HistoryAnswer.EXPORT.label).center)
    told = app.stage.top_dialog
    assert told is not None and told.title == "History"
    [said] = told.lines  # type: ignore[attr-defined]
    [export] = list(app.profile.folder.glob("history-export-*.zip"))
    assert str(export) in said
    assert path_kept(told, str(export))


def test_a_gif_saved_from_the_viewer_names_its_whole_path(app: App, tmp_path: Path) -> None:
    scene = app.watcher().file(write_replay(tmp_path))
    assert scene is not None
    key(pygame.K_g, "g")
    for _ in range(300):
        step(app)
        if scene.gif is None:
            break
    (gif,) = (app.profile.folder / replay_files.FOLDER).glob("*.gif")
    told = app.stage.top_dialog
    assert told is not None and told.title == "GIF saved"
    assert any(str(gif) in line for line in told.lines)  # type: ignore[attr-defined]
    assert path_kept(told, str(gif))
    key(pygame.K_RETURN, "\r")  # OK: back to the viewer
    step(app)
    assert app.stage.top_dialog is None and app.stage.top is scene
