"""The rough edges of round 4 (issue 32), each seen in the real window: real events
through the real loop, real pixels read back."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from test_window import (
    BEGINNER,
    FakeClock,
    cell_center,
    click,
    counter,
    key,
    post,
    region,
    shows_face,
    shows_tile,
    timer,
    type_text,
    use_layout,
    win_beginner,
)
from test_window_keyboard import cursor_drawn, press

from game import cli
from game.app import App
from game.core.look import Look
from game.core.status import Status
from game.rules import MAX_ZOOM
from game.scenes.playback import PlaybackScene

COMMUNITY = Path(__file__).parent / "data" / "replays"


@pytest.fixture
def app() -> Iterator[App]:
    application = App(cli.Options(zoom=2, sound=False, seed=1), clock=FakeClock())
    application.run(frames=2)
    yield application
    application.close()


def inside(outer: tuple[int, int, int, int], inner: tuple[int, int, int, int]) -> bool:
    return pygame.Rect(outer).contains(pygame.Rect(inner))


# ---------------------------------------------------------------- 14: a 1 x 1 board


def test_a_1x1_replay_shows_both_counters_and_the_face_side_by_side(app: App) -> None:
    post(pygame.DROPFILE, file=str(COMMUNITY / "flop-player/rawvf/Cus_1x1_0mines.rawvf"))
    app.run(frames=2)
    assert isinstance(app.stage.top, PlaybackScene)
    layout = app.viewport.layout
    assert (layout.rows, layout.cols) == (1, 1)
    left, face, right = layout.mine_counter, layout.face, layout.timer
    assert left[0] + left[2] < face[0] and face[0] + face[2] < right[0]
    for box in (left, face, right):
        assert inside(layout.panel, box)
    assert inside((0, 0, *layout.size), layout.board_frame)
    board_centre = pygame.Rect(layout.board_frame).centerx
    assert abs(board_centre - pygame.Rect(layout.panel).centerx) <= 1  # under the face
    assert counter(app) == "000" and timer(app) == "000"
    assert shows_face(app, "smile")


# ---------------------------------------------------------------- 11: + at the largest zoom


def test_plus_at_the_largest_zoom_that_fits_says_so_in_the_window(app: App) -> None:
    for _ in range(MAX_ZOOM):
        if app.play.notes.shown:
            break
        zoom = app.viewport.zoom
        before = region(app.viewport.screen, (0, 0, *app.viewport.screen.get_size()))
        key(pygame.K_PLUS, "+")
        app.run(frames=1)
    assert app.viewport.zoom == zoom  # it went no further
    box = app.play.notes.rect
    assert box is not None and box.w > 0  # a line in the window says why
    rect = (box.x, box.y, box.w, box.h)
    assert region(app.viewport.screen, rect) != region(
        pygame.image.frombytes(before, app.viewport.screen.get_size(), "RGB"), rect
    )
    assert app.table.note is not None and f"{zoom}x is the largest zoom" in app.table.note
    key(pygame.K_ESCAPE, "\x1b")  # and Esc puts it away
    app.run(frames=1)
    assert app.play.notes.rect is None
    key(pygame.K_MINUS, "-")
    app.run(frames=1)
    assert app.viewport.zoom == zoom - 1 and app.table.note is None


# ---------------------------------------------------------------- 12: the cursor and the mouse


def test_the_mouse_hides_the_keyboard_cursor_until_a_key_shows_it_again(app: App) -> None:
    use_layout(app, BEGINNER)
    press(app, pygame.K_RIGHT)  # the keyboard: the ring at the centre
    assert cursor_drawn(app, 4, 4)
    click(app, cell_center(app, 1, 1))  # the mouse plays: no ring left anywhere
    click(app, cell_center(app, 8, 0), button=3)
    assert not cursor_drawn(app, 1, 1) and not cursor_drawn(app, 8, 0)
    assert not cursor_drawn(app, 4, 4) and shows_tile(app, 4, 4, "hidden")
    assert app.table.shown_cursor is None
    press(app, pygame.K_SPACE)  # a key shows it again, where the last click was
    assert cursor_drawn(app, 8, 0) and app.table.game.look(8, 0) is Look.FLAG
    press(app, pygame.K_UP)
    assert cursor_drawn(app, 7, 0) and not cursor_drawn(app, 8, 0)


# ---------------------------------------------------------------- 4: --replay, C, F2


def test_a_game_played_on_from_a_replay_given_to_watch_has_the_menu_bar_and_is_kept() -> None:
    from game.persist.profile import RESUME_FILE
    from game.replay.files import open_replay

    app = App(cli.Options(zoom=2, sound=False, seed=1), clock=FakeClock())
    try:
        opened = open_replay(COMMUNITY / "flop-player/avf/arbiter_int.avf")
        app.watch(opened.replay, opened.caption, "arbiter_int.avf")  # as --replay FILE does
        app.run(frames=2)
        for _ in range(6):
            key(pygame.K_LEFT)
        key(pygame.K_c, "c")  # play on from here
        app.run(frames=1)
        key(pygame.K_F2)  # and a new game
        app.run(frames=2)
        assert not isinstance(app.stage.top, PlaybackScene) and not app.watching
        top = app.viewport.bar()
        bar = region(app.viewport.screen, (top.x, top.y, top.w, top.h))
        assert len(set(bar)) > 2  # the menu bar's words, not a blank strip
        key(pygame.K_F10)
        app.run(frames=1)
        assert app.menubar.is_open
        key(pygame.K_ESCAPE, "\x1b")
        app.run(frames=1)
        click(app, cell_center(app, 8, 8))
        assert app.table.game.status is Status.PLAYING
    finally:
        app.close()
    assert (app.profile.folder / RESUME_FILE).is_file()  # the player's game, kept for next time


# ---------------------------------------------------------------- 5: a kept replay stays kept


def test_after_save_as_evf_the_panel_offers_no_second_copy_of_a_kept_replay(app: App) -> None:
    from game.persist import replays as replay_files
    from game.screens.end_of_game import PanelAnswer

    export_evf, keep_replay = PanelAnswer.EXPORT_EVF.label, PanelAnswer.KEEP_REPLAY.label
    win_beginner(app)
    panel = app.stage.top_dialog  # a best time: the name box in the panel, as it is
    assert panel is not None and export_evf in panel.buttons
    assert keep_replay not in panel.buttons
    click(app, panel.button_rect(export_evf).center)
    panel = app.stage.top_dialog
    assert panel is not None
    lines = " ".join(getattr(panel, "lines", []))
    assert "Saved for Metasweeper" in lines and "Replay kept" in lines
    assert keep_replay not in panel.buttons
    folder = app.profile.folder / replay_files.FOLDER
    assert len(list(folder.glob("*.msreplay"))) == 1 and len(list(folder.glob("*.evf"))) == 1


# ---------------------------------------------------------------- 10: a board code's start cell


def test_the_board_code_dialog_says_a_first_click_off_the_ring_can_hit_a_mine(app: App) -> None:
    from game.replay.boardcode import BoardCode
    from game.rules import Board, GameRules

    key(pygame.K_F9)
    app.run(frames=1)
    dialog = app.stage.top_dialog
    assert dialog is not None
    said = " ".join(getattr(dialog, "lines", []))
    assert "ringed" in said and "elsewhere can hit a mine" in said  # before play
    code = BoardCode(Board(9, 9, 10), GameRules(), 5, (4, 4))
    type_text(code.code)
    key(pygame.K_RETURN, "\r")
    app.run(frames=1)
    assert app.table.board == code.board and app.stage.top_dialog is None
    box = app.play.notes.rect  # (the ring's words, which take no click)
    mine = next(
        cell
        for cell in sorted(app.table.game.mine_cells())
        if box is None or not box.collidepoint(cell_center(app, *cell))
    )
    click(app, cell_center(app, *mine))  # the first click, off the ring: a mine
    assert app.table.game.status is Status.LOST and app.table.session.summary().ms == 0
    panel = app.stage.top_dialog
    assert panel is not None
    rows = {row[0]: row[1] for row in getattr(panel, "rows", [])}
    assert rows["Correctness"] == "-"  # a loss in no time: nothing to judge


# ---------------------------------------------------------------- 17: odds while a button is held


def test_odds_and_a_hint_shown_while_a_button_is_held_redraw_only_what_changed(
    app: App,
) -> None:
    use_layout(app, BEGINNER)
    click(app, cell_center(app, 0, 5))  # a cascade: numbers, and odds over their frontier
    key(pygame.K_o, "o")  # the probabilities
    key(pygame.K_h, "h")  # and a hint, its reason beside the board
    app.run(frames=1)
    assert app.play.notes.rect is not None  # (in the side)
    hidden = [
        (r, c) for r in range(9) for c in range(9) if app.table.game.look(r, c) is Look.HIDDEN
    ]
    path = hidden[:4] + hidden[len(hidden) // 2 : len(hidden) // 2 + 2] + hidden[-3:]
    post(pygame.MOUSEMOTION, pos=cell_center(app, *path[0]), rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=cell_center(app, *path[0]), button=1)
    app.run(frames=1)
    whole = (0, 0, *app.viewport.screen.get_size())
    for cell in path[1:]:
        post(pygame.MOUSEMOTION, pos=cell_center(app, *cell), rel=(1, 0), buttons=(1, 0, 0))
        app.run(frames=1)
        assert app.play.input.feedback.cell == cell
        assert not app.viewport.renderer.repainted  # the cells changed, not the whole view
        drawn = region(app.viewport.screen, whole)
        app.stage.repaint()  # everything drawn again: the same picture
        app.run(frames=1)
        assert app.viewport.renderer.repainted
        assert region(app.viewport.screen, whole) == drawn


# ---------------------------------------------------------------- one place for a replay's name


def test_a_replays_file_name_is_made_in_one_place_for_every_file_made_of_it(
    tmp_path: Path,
) -> None:
    from datetime import datetime

    from test_window_replay import write_replay

    from game.persist.replays import file_name
    from game.replay.reader import load

    when = datetime(2026, 11, 23, 10, 53, 1, 123_456)
    replay = load(write_replay(tmp_path))  # a Beginner game, lost
    stem = f"20261123-105301-123-beginner-lost-{replay.ms}ms"
    assert file_name(replay, when=when) == f"{stem}.msreplay"
    assert file_name(replay, "kept", when=when) == f"{stem}-kept.msreplay"
    assert file_name(replay, suffix=".gif", when=when) == f"{stem}.gif"
    assert file_name(replay, suffix=".evf", when=when) == f"{stem}.evf"
    daily = replay.replace(daily="2026-11-23")
    assert file_name(daily, "best", when=when).startswith("20261123-105301-123-daily-lost-")
