"""The classic's keys work at every moment: F2, 1, 2 and 3 (and a press on the face)
start a new game from the end-of-game panel and from every page beside the board,
through the real loop; a page takes the key itself only where the player types (a
field: 1, 2 and 3 are typed, F2 still starts a game) or binds a key, and work under
way is never cancelled by one."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from test_window import (
    BEGINNER,
    FakeClock,
    cell_center,
    click,
    face_center,
    key,
    use_layout,
    win_beginner,
)
from test_window_replay import write_replay

from game import cli
from game.app import App
from game.flows import background
from game.flows.counters import own_counter
from game.rules import PRESETS, Difficulty
from game.scenes.playback import PlaybackScene
from game.view.commands import Command
from game.view.stage import DialogScene


@pytest.fixture
def app() -> Iterator[App]:
    application = App(cli.Options(zoom=2, sound=False, seed=1), clock=FakeClock())
    application.run(frames=1)
    application.get_ready()  # (the end-of-game flow and the recorder)
    yield application
    application.close()


def lose(app: App) -> None:
    use_layout(app, BEGINNER)
    click(app, cell_center(app, 0, 5))
    click(app, cell_center(app, 0, 0))  # a mine
    app.run(frames=1)
    assert app.stage.top_dialog is not None and app.stage.top_dialog.title == "Game over"


def analysis_from_the_panel(app: App) -> None:
    lose(app)
    panel = app.stage.top_dialog
    assert panel is not None
    click(app, panel.button_rect("Analysis").center)
    assert app.stage.top_dialog is not None and app.stage.top_dialog is not panel


def best_time(app: App) -> None:
    win_beginner(app)  # (a first win is a best time: the panel holds the name box)
    app.run(frames=1)
    assert app.stage.top_dialog is not None and app.stage.top_dialog.beside


def command(name: str) -> Callable[[App], None]:
    return lambda app: app.play.command(Command[name])


# Every page that can be open beside the board, opened the way the game opens it.
PAGES: dict[str, Callable[[App], None]] = {
    "end of game": lose,
    "analysis": analysis_from_the_panel,
    "best time": best_time,
    "deaths": lambda app: app.dialogs.deaths(app.table.board),
    "own counter": lambda app: own_counter(app.stage, app.prefs, None),
    "confirm": lambda app: app.dialogs.confirm("all best times", lambda: True),
    **{
        name.lower(): command(name)
        for name in (
            "STATISTICS",
            "BEST_TIMES",
            "HISTORY",
            "SETTINGS",
            "HELP",
            "RULES",
            "ABOUT",
            "CHOOSE_COUNTERS",
            "BOARD_CODE",
            "CUSTOM",
            "REBIND",
            "LADDER",
            "TRIALS",
        )
    },
}

KEYS = {
    "F2": (pygame.K_F2, "", Difficulty.BEGINNER),
    "1": (pygame.K_1, "1", Difficulty.BEGINNER),
    "2": (pygame.K_2, "2", Difficulty.INTERMEDIATE),
    "3": (pygame.K_3, "3", Difficulty.EXPERT),
}


TYPED = ["board_code", "custom", "best time", "own counter"]
"""The pages whose field has the focus when they open: 1, 2 and 3 are typed there."""


def open_page(app: App, name: str) -> int:
    """Open the page; the serial number of the game on the table then."""
    PAGES[name](app)
    app.run(frames=1)
    assert app.stage.top_dialog is not None, name
    return app.table.tag.serial


def typed(code: int, text: str) -> None:
    key(code, text)
    if text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))


CASES = [(page, pressed) for page in PAGES for pressed in ("F2", "2")] + [
    (page, pressed) for page in ("end of game", "history") for pressed in ("1", "3")
]
"""F2 and a board's key from every page; every board's key from the panel and a page."""


@pytest.mark.parametrize(("page", "pressed"), CASES)
def test_a_classic_key_starts_a_new_game_from_every_page(app: App, page: str, pressed: str) -> None:
    before = open_page(app, page)
    code, text, difficulty = KEYS[pressed]
    if page in TYPED and text:
        pytest.skip("a field has the focus: the digit is typed (the next test)")
    typed(code, text)
    app.run(frames=2)
    assert app.stage.top_dialog is None, app.stage.top_dialog.title  # no page opened again
    assert app.table.tag.serial > before  # a new game, ready to play
    assert app.table.board == PRESETS[difficulty]
    assert app.table.game.status.name == "READY"


@pytest.mark.parametrize("page", TYPED)
def test_a_field_takes_1_2_3_as_typed_and_f2_still_starts_a_new_game(app: App, page: str) -> None:
    before = open_page(app, page)
    form = app.stage.top_dialog
    typed(pygame.K_1, "1")
    app.run(frames=1)
    assert app.stage.top_dialog is form and app.table.tag.serial == before
    assert "1" in "".join(form.values_list)  # type: ignore[union-attr]
    typed(pygame.K_F2, "")
    app.run(frames=1)
    assert app.stage.top_dialog is None and app.table.tag.serial > before


@pytest.mark.parametrize("page", list(PAGES))
def test_the_face_starts_a_new_game_from_every_page_beside_the_board(app: App, page: str) -> None:
    before = open_page(app, page)
    scene = app.stage.top
    assert isinstance(scene, DialogScene) and not scene.covers  # (the face in sight)
    pos, window = face_center(app), app.viewport.window.window  # (a press in the game's window)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1, window=window))
    app.run(frames=2)
    assert app.stage.top_dialog is None
    assert app.table.tag.serial > before and app.table.game.status.name == "READY"


def test_every_page_is_beside_the_board_in_the_side_or_a_window_of_its_own(app: App) -> None:
    # (so that the keys' and the face's tests above reach pages of both kinds)
    places = set()
    for page in PAGES:
        open_page(app, page)
        scene = app.stage.top
        assert isinstance(scene, DialogScene) and not scene.covers, page
        places.add("own window" if scene.page is not None else "side")
        app.stage.clear_dialogs()
        app.play.command(Command.NEW_GAME)
        app.run(frames=1)
    assert places == {"side", "own window"}


def test_a_press_in_a_pages_own_window_where_the_face_is_starts_no_game(app: App) -> None:
    before = open_page(app, "history")
    scene = app.stage.top
    assert isinstance(scene, DialogScene) and scene.page is not None
    pos = face_center(app)  # (the face's place, but in the page's window)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        event = pygame.event.Event(kind, pos=pos, button=1, window=scene.page.window)
        pygame.event.post(event)
    app.run(frames=2)
    assert app.stage.top is scene and app.table.tag.serial == before


def test_a_key_being_bound_is_bound_not_played(app: App) -> None:
    app.play.command(Command.REBIND)
    app.run(frames=1)
    keys = app.stage.top_dialog
    before = app.table.tag.serial
    key(pygame.K_RETURN)  # the first line waits for its new key
    app.run(frames=1)
    assert keys.takes_key(pygame.K_F2)  # type: ignore[union-attr]
    key(pygame.K_F2)
    app.run(frames=1)
    assert app.stage.top_dialog is keys and app.table.tag.serial == before


def test_work_under_way_is_not_cancelled_by_f2(app: App) -> None:
    job = background.Job(lambda report: None)
    scene = background.WorkScene("Importing", job, app.viewport)
    assert not scene.gives_way(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F2))


def test_a_page_over_the_replay_viewer_keeps_its_keys(app: App, tmp_path: Path) -> None:
    # The window shows a replay, not the player's board: F2 is not the board's there.
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(write_replay(tmp_path))))
    app.run(frames=2)
    viewer = app.stage.top
    assert isinstance(viewer, PlaybackScene)
    key(pygame.K_a)  # the viewer's analysis, over it
    app.run(frames=2)
    analysis = app.stage.top_dialog
    assert analysis is not None
    before = app.table.tag.serial
    key(pygame.K_F2)
    app.run(frames=1)
    assert app.stage.top_dialog is analysis and app.table.tag.serial == before


def test_f2_from_a_games_analysis_picked_in_the_history_opens_no_history_again(app: App) -> None:
    lose(app)
    key(pygame.K_ESCAPE, "\x1b")  # the panel put away: the lost game is in the history
    app.run(frames=1)
    app.play.command(Command.HISTORY)
    app.run(frames=1)
    history = app.stage.top_dialog
    assert history is not None and history.title.startswith("History")
    key(pygame.K_DOWN)  # the rows take the focus: the newest is lit
    key(pygame.K_RETURN, "\r")
    app.run(frames=1)
    analysis = app.stage.top_dialog
    assert analysis is not None and analysis is not history  # (its analysis, or why none)
    before = app.table.tag.serial
    key(pygame.K_F2)
    app.run(frames=2)
    assert app.stage.top_dialog is None and app.table.tag.serial > before
