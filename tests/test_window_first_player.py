"""What a player new to the game tripped on in a play test on X11 (1920x1080, openbox),
each seen through the real loop: real events posted, real pixels read back."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from test_window import BEGINNER, FakeClock, click, key, post, region, shows_tile
from test_window_keys import lose
from test_window_replay import step

from game import cli
from game.app import App
from game.core.game import Game
from game.core.look import Look
from game.core.moves import reveal
from game.core.status import Status
from game.modes.ordinary import Ordinary
from game.replay.recorder import Recorder
from game.rules import PRESETS, Difficulty
from game.scenes.playback import PlaybackScene
from game.session.table import Table
from game.view.commands import Command
from game.view.menus import MENUS
from game.view.sheet import Tile
from game.view.stage import DialogScene
from game.view.theme import current as theme


@pytest.fixture
def app() -> Iterator[App]:
    board = PRESETS[Difficulty.EXPERT]
    application = App(cli.Options(zoom=2, sound=False, seed=1, board=board), clock=FakeClock())
    application.run(frames=1)
    application.get_ready()  # (the end-of-game flow and the recorder)
    application.run(frames=1)
    yield application
    application.close()


def colours(surface: pygame.Surface, rect: pygame.Rect) -> set[tuple[int, int, int]]:
    """The colours drawn in a rectangle of a surface."""
    pixels = pygame.image.tobytes(surface.subsurface(rect), "RGB")
    return {tuple(pixels[i : i + 3]) for i in range(0, len(pixels), 3)}  # type: ignore[misc]


def test_the_settings_are_in_the_options_menu_and_open_from_it(app: App) -> None:
    options = [menu.title for menu in MENUS].index("Options")
    where = app.menubar.title_rect(options).center
    click(app, where)
    assert app.menubar.open_index == options
    labels = [item.label for item in MENUS[options].items if item is not None]
    assert "Settings..." in labels  # (only F5 opened them: a player found no way there)
    click(app, app.menubar.line_rect("Settings...").center)
    app.run(frames=1)
    dialog = app.stage.top_dialog
    assert dialog is not None and dialog.title == "Settings"


def test_the_player_form_opens_in_a_window_of_its_own_over_the_settings(app: App) -> None:
    app.play.command(Command.SETTINGS)
    app.run(frames=1)
    settings = app.stage.top
    assert isinstance(settings, DialogScene) and settings.page is not None
    side = app.viewport.beside()
    before = region(app.viewport.screen, side)
    lines = [what for what, _ in settings.dialog.items]  # type: ignore[attr-defined]
    for _ in range(lines.index("Player")):
        key(pygame.K_DOWN)
    key(pygame.K_RETURN, "\r")
    app.run(frames=2)
    form = app.stage.top
    assert isinstance(form, DialogScene) and form.dialog.title == "Player"
    # In the side, it went under the Settings' own window (over the side there).
    assert form.page is not None
    surface = form.page.surface
    assert theme().field in colours(surface, surface.get_rect())  # its edit boxes
    assert region(app.viewport.screen, side) == before  # (the counters, unchanged)


def test_a_press_on_the_board_beside_the_result_in_its_own_window_leaves_it(
    app: App,
) -> None:
    key(pygame.K_1)  # Beginner: the layout's size
    key(pygame.K_c, "c")  # the side hidden: every page in a window of its own
    app.run(frames=1)
    assert app.viewport.side.width == 0
    lose(app)
    top = app.stage.top
    assert isinstance(top, DialogScene) and top.page is not None
    game_window = app.viewport.window.window
    cell = app.viewport.cell_pos(8, 8)
    # The window manager raises the game's window over the result's at this press:
    # the result answers OK, as it does in the side, and no longer waits hidden.
    post(pygame.MOUSEMOTION, pos=cell, rel=(0, 0), buttons=(0, 0, 0), window=game_window)
    post(pygame.MOUSEBUTTONDOWN, pos=cell, button=1, window=game_window)
    post(pygame.MOUSEBUTTONUP, pos=cell, button=1, window=game_window)
    app.run(frames=2)
    assert app.stage.top_dialog is None and top.page is None
    assert app.table.game.status is Status.LOST  # (the press opened nothing)


class Raised:
    """A page's window that notes each time it is brought in front (SDL's dummy
    driver has no stacking to read back)."""

    def __init__(self, window: pygame.Window, raised: list[int]) -> None:
        self.window, self.raised = window, raised

    def __getattr__(self, name: str) -> object:
        return getattr(self.window, name)

    def focus(self, input_only: bool = False) -> None:
        self.raised.append(self.window.id)


def test_a_press_in_the_game_window_brings_a_page_of_its_own_back_in_front(app: App) -> None:
    app.play.command(Command.STATISTICS)
    app.run(frames=1)
    top = app.stage.top
    assert isinstance(top, DialogScene) and top.page is not None
    raised: list[int] = []
    own = top.page.window
    top.page.window = Raised(own, raised)  # type: ignore[assignment]
    game_window = app.viewport.window.window
    cell = app.viewport.cell_pos(0, 0)
    post(pygame.MOUSEBUTTONDOWN, pos=cell, button=1, window=game_window)
    post(pygame.MOUSEBUTTONUP, pos=cell, button=1, window=game_window)
    app.run(frames=1)
    assert app.stage.top is top  # (modal: the press opened nothing)
    assert app.table.game.status is Status.READY
    assert raised == [own.id]  # (the window manager had put it under the game's)
    top.page.window = own


def test_a_replay_whose_pointer_moved_long_before_the_game_plays_it_at_once(
    app: App, tmp_path: Path
) -> None:
    key(pygame.K_1)
    app.run(frames=1)
    now = [-19_100.0]
    table = Table.of(Ordinary.given(Game.from_layout(BEGINNER)), lambda: now[0])
    recorder = Recorder()
    table.tap(recorder)
    first = (5 * 16 + 8, 8)
    table.pointer("move", 0, (20, 20), frozenset())  # 20 s before the first press
    now[0] = 900.0
    table.pointer("down", 1, first, frozenset())
    now[0] = 1000.0
    table.pointer("up", 1, first, frozenset({1}), reveal(0, 5))
    replay = recorder.replay()
    assert replay is not None and replay.events[0].ms < -19_000
    path = tmp_path / "waited.msreplay"
    path.write_text(replay.to_text())
    post(pygame.DROPFILE, file=str(path))
    app.run(frames=1)
    scene = app.stage.top
    assert isinstance(scene, PlaybackScene)
    for _ in range(90):  # a second and a half at the loop's steps
        step(app)
    assert scene.table.game.look(0, 5) is not Look.HIDDEN  # the first press played
    assert not shows_tile(app, 0, 5, Tile.HIDDEN.value)


def test_the_menus_lines_are_in_sentence_case_as_the_pages_they_open() -> None:
    """The Game menu's Best Times... opened "Best times: Beginner"; every other line
    was in sentence case already."""
    for menu in MENUS:
        for item in menu.items:
            if item is not None and item.translated:
                later = item.label.split()[1:]
                assert not [word for word in later if word[:1].isupper()], item.label
