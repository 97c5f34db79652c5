"""A replay the window was opened for (--replay, a file double-clicked): Esc goes back
to the game's window, with a note that Esc again (or Q) quits, as a player who opened a
file expects; Q in the viewer quits at once; from the viewer's analysis too."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from test_window import FakeClock, cell_center, click, key

from game import cli
from game.app import App
from game.replay.files import open_replay
from game.scenes.leaving import LEAVING
from game.scenes.playback import PlaybackScene
from game.view.widgets.menu import MenuDialog

FILE = Path(__file__).parent / "data" / "replays" / "flop-player" / "avf" / "arbiter_int.avf"


@pytest.fixture
def app() -> Iterator[App]:
    application = App(cli.Options(zoom=1, sound=False, seed=1), clock=FakeClock())
    opened = open_replay(FILE)
    application.watch(opened.replay, opened.caption, str(FILE))  # as --replay FILE does
    application.run(frames=2)
    yield application
    application.close()


def test_esc_goes_back_to_the_games_window_and_esc_again_quits(app: App) -> None:
    assert isinstance(app.stage.top, PlaybackScene)
    key(pygame.K_ESCAPE)
    app.run(frames=app.frame + 1)
    assert app.running and not app.watching
    assert app.viewport.board == app.table.board  # (the player's board, not the replay's)
    assert app.table.note is LEAVING
    key(pygame.K_ESCAPE)
    app.run(frames=app.frame + 1)
    assert not app.running


def test_q_in_the_viewer_quits_at_once(app: App) -> None:
    key(pygame.K_q, "q")
    app.run(frames=app.frame + 1)
    assert not app.running


def test_from_the_analysis_esc_steps_back_and_q_quits(app: App) -> None:
    key(pygame.K_a, "a")
    app.run(frames=app.frame + 1)
    assert isinstance(app.stage.top_dialog, MenuDialog)  # the analysis
    key(pygame.K_ESCAPE)
    app.run(frames=app.frame + 1)
    assert isinstance(app.stage.top, PlaybackScene) and app.running
    key(pygame.K_ESCAPE)
    app.run(frames=app.frame + 1)
    assert app.running and not app.watching
    key(pygame.K_q, "q")
    app.run(frames=app.frame + 1)
    assert not app.running


def test_a_click_back_on_the_board_plays_and_esc_then_quits_nothing(app: App) -> None:
    key(pygame.K_ESCAPE)
    app.run(frames=app.frame + 1)
    click(app, cell_center(app, 4, 4))
    app.run(frames=app.frame + 1)
    assert app.table.game.status.name in ("PLAYING", "WON") and app.table.note is not LEAVING
    key(pygame.K_ESCAPE)
    app.run(frames=app.frame + 1)
    assert app.running


def test_a_replay_opened_from_the_menu_closes_with_esc_and_q_alike(tmp_path: Path) -> None:
    application = App(cli.Options(zoom=1, sound=False, seed=1), clock=FakeClock())
    try:
        application.run(frames=2)
        for code, text in ((pygame.K_ESCAPE, ""), (pygame.K_q, "q")):
            application.watcher().file(FILE)  # (a file dropped on the window under way)
            application.run(frames=application.frame + 1)
            key(code, text)
            application.run(frames=application.frame + 1)
            assert application.running and not isinstance(application.stage.top, PlaybackScene)
            assert application.table.note is None
    finally:
        application.close()
