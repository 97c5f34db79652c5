"""The window wears the chosen theme: through the real loop, headless, compared with the
committed sheet files' pixels (not with what the renderer loaded)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from test_window import drawn_on

from game import cli
from game.app import App
from game.core.game import Game
from game.modes.ordinary import Ordinary
from game.persist.profile import SETTINGS_FILE
from game.view import theme as themes
from game.view.commands import Command
from game.view.sheet import Tile
from game.view.sprites import SpriteSheet
from game.view.theme import CLASSIC, COLOURBLIND, CONTRAST, Theme

ROOT = Path(__file__).resolve().parent.parent
ZOOM = 2

BOARD = """
*........
.........
.........
....*....
.........
.........
********.
.........
.........
"""


class FakeClock:
    def __init__(self) -> None:
        self.ms = 1000.0

    def __call__(self) -> float:
        return self.ms


def start(folder: Path, theme: str | None) -> App:
    """A window whose settings file names a theme (None: a version 2 file, no theme)."""
    doc: dict[str, object] = {"version": 2, "sound": False}
    if theme is not None:
        doc = {"version": 3, "sound": False, "theme": theme}
    (folder / SETTINGS_FILE).write_text(json.dumps(doc))
    app = App(cli.Options(zoom=ZOOM, sound=False, data_dir=str(folder)), clock=FakeClock())
    app.run(frames=1)
    return app


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path


@pytest.fixture
def contrast_app(folder: Path) -> Iterator[App]:
    app = start(folder, "contrast")
    yield app
    app.close()


def committed(theme: Theme) -> SpriteSheet:
    """The committed sheet file of a theme, cut at the test's zoom."""
    image = pygame.image.load(str(ROOT / "sprites" / theme.sheet))
    return SpriteSheet(ZOOM, image, theme)


def tile_on_screen(app: App, row: int, col: int) -> bytes:
    x, y, w, h = app.viewport.renderer.layout.cell_rect(row, col)
    z = app.viewport.zoom
    return pygame.image.tobytes(app.viewport.screen.subsurface((x * z, y * z, w * z, h * z)), "RGB")


def shows(app: App, row: int, col: int, theme: Theme, tile: Tile) -> bool:
    return tile_on_screen(app, row, col) == pygame.image.tobytes(
        committed(theme).tiles[tile], "RGB"
    )


def pixel(app: App, pos: tuple[int, int]) -> tuple[int, int, int]:
    r, g, b, _ = app.viewport.screen.get_at(pos)
    return (r, g, b)


def margin(app: App) -> tuple[int, int]:
    """A pixel of the window's ground, between the frame and the panel."""
    x, y, _, _ = app.viewport.renderer.layout.panel
    return ((x - 2) * app.viewport.zoom, (y - 2) * app.viewport.zoom)


def saved_theme(folder: Path) -> object:
    return json.loads((folder / SETTINGS_FILE).read_text()).get("theme")


def open_a_number(app: App) -> None:
    app.table.start(Ordinary.given(Game.from_layout(BOARD)))
    app.run(frames=1)
    pos = app.viewport.cell_pos(1, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.run(frames=1)


def press(code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))


def test_the_saved_theme_is_drawn_from_the_first_frame(contrast_app: App) -> None:
    app = contrast_app
    assert shows(app, 0, 0, CONTRAST, Tile.HIDDEN)
    open_a_number(app)
    assert shows(app, 1, 1, CONTRAST, Tile.N1)
    assert not shows(app, 1, 1, CLASSIC, Tile.N1)
    assert pixel(app, margin(app)) == CONTRAST.face
    assert pixel(app, (1, 1)) == CONTRAST.face  # the menu bar's ground


def test_an_older_settings_file_plays_in_the_classic_look(folder: Path) -> None:
    app = start(folder, None)
    try:
        assert themes.current() is CLASSIC
        assert shows(app, 0, 0, CLASSIC, Tile.HIDDEN)
        assert pixel(app, margin(app)) == CLASSIC.face
    finally:
        app.close()


def test_an_unknown_theme_plays_in_the_classic_look(folder: Path) -> None:
    app = start(folder, "sepia")
    try:
        assert app.prefs.settings.theme == "classic" and not app.profile.problems  # no damage
        assert shows(app, 0, 0, CLASSIC, Tile.HIDDEN)
    finally:
        app.close()


def test_t_puts_on_the_next_look_at_once_and_keeps_it(folder: Path) -> None:
    app = start(folder, "classic")
    try:
        open_a_number(app)
        press(pygame.K_t)
        app.run(frames=1)
        assert app.prefs.settings.theme == "colourblind" and saved_theme(folder) == "colourblind"
        assert shows(app, 1, 1, COLOURBLIND, Tile.N1)
        assert shows(app, 5, 5, COLOURBLIND, Tile.HIDDEN)
        press(pygame.K_t)
        app.run(frames=1)
        assert saved_theme(folder) == "contrast" and shows(app, 1, 1, CONTRAST, Tile.N1)
        press(pygame.K_t)
        app.run(frames=1)
        assert saved_theme(folder) == "classic" and shows(app, 1, 1, CLASSIC, Tile.N1)
    finally:
        app.close()


def test_the_options_menu_chooses_a_look_and_ticks_it(folder: Path) -> None:
    app = start(folder, "classic")
    try:
        assert app.play.checked(Command.THEME_CLASSIC) is True
        assert app.play.checked(Command.THEME_CONTRAST) is False
        for code in (pygame.K_F10, pygame.K_RIGHT, pygame.K_h):  # Options, High contrast
            press(code)
        app.run(frames=1)
        assert app.prefs.settings.theme == "contrast" and saved_theme(folder) == "contrast"
        assert app.play.checked(Command.THEME_CONTRAST) is True
        assert app.play.checked(Command.THEME_CLASSIC) is False
        assert shows(app, 0, 0, CONTRAST, Tile.HIDDEN)
        assert pixel(app, (1, 1)) == CONTRAST.face
        app.play.command(Command.THEME_COLOURBLIND)
        app.run(frames=1)
        assert shows(app, 0, 0, COLOURBLIND, Tile.HIDDEN)
        assert pixel(app, (1, 1)) == COLOURBLIND.face
    finally:
        app.close()


def _count(app: App, colour: tuple[int, int, int], rect: pygame.Rect) -> int:
    """Pixels of a colour in a dialog (on the surface it is drawn on) or the window."""
    surface = drawn_on(app) if app.stage.top_dialog is not None else app.viewport.screen
    return sum(
        tuple(surface.get_at((x, y)))[:3] == colour
        for x in range(rect.left, rect.right)
        for y in range(rect.top, rect.bottom)
    )


def test_an_open_menu_and_a_dialog_wear_the_theme(contrast_app: App) -> None:
    app = contrast_app
    press(pygame.K_F10)
    press(pygame.K_DOWN)
    app.run(frames=1)
    box = app.menubar.covered()
    assert box is not None
    assert _count(app, CONTRAST.highlight, box) > 100  # the lit line: yellow
    assert _count(app, CLASSIC.highlight, box) == 0  # no navy left anywhere
    press(pygame.K_ESCAPE)
    press(pygame.K_F1)
    app.run(frames=1)
    dialog = app.stage.top_dialog
    assert dialog is not None and dialog.rect is not None
    assert _count(app, CONTRAST.highlight, dialog.rect) > 100  # the title band
    assert _count(app, CONTRAST.text, dialog.rect) > 50  # white words
    assert _count(app, CLASSIC.highlight, dialog.rect) == 0


def test_the_pause_box_wears_the_theme(contrast_app: App) -> None:
    app = contrast_app
    open_a_number(app)
    press(pygame.K_p)
    app.run(frames=1)
    box = app.viewport.renderer.paused_box
    assert box is not None
    assert _count(app, CONTRAST.text, box) > 20  # white words on black
    assert shows(app, 8, 8, CONTRAST, Tile.HIDDEN)


def test_the_settings_dialog_changes_the_look_under_its_own_eyes(folder: Path) -> None:
    app = start(folder, "classic")
    try:
        press(pygame.K_F5)
        for _ in range(5):  # down to the Look line
            press(pygame.K_DOWN)
        app.run(frames=1)
        dialog = app.stage.top_dialog
        assert dialog is not None and dialog.rect is not None
        assert _count(app, CLASSIC.highlight, dialog.rect) > 100
        press(pygame.K_RETURN)
        app.run(frames=1)
        assert app.stage.top_dialog is dialog  # the menu stays open, redrawn in the new look
        assert saved_theme(folder) == "colourblind"
        assert _count(app, COLOURBLIND.highlight, dialog.rect) > 100
        assert _count(app, CLASSIC.highlight, dialog.rect) == 0
        assert app.viewport.renderer.sprites.theme is COLOURBLIND  # the board behind it too
        press(pygame.K_ESCAPE)
        app.run(frames=1)
        assert shows(app, 8, 8, COLOURBLIND, Tile.HIDDEN)
    finally:
        app.close()
