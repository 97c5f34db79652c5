"""The live counters beside the board, through the real loop: shown and hidden by
their key and the Options menu (ticked), remembered across a restart, the classic
window pixel for pixel while hidden, and figures that change as a game is played.

The classic window's pixels (tests/data/window/classic-z*.png) were taken from the
window before the panel existed, by this file's ``classic_window`` run on that
code: ``PYTHONPATH=<the old tree> python tests/test_window_counters.py``; taken again
when the menu bar went to the UI scale (round 5: its words no longer grow with the
zoom, so the classic window at 2x has a bar of 18 pixels, not 36), looked at first.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from test_window import FakeClock
from test_window_themes import BOARD

from game import cli
from game.app import App
from game.core.game import Game
from game.language import gettext
from game.modes.ordinary import Ordinary
from game.persist.data_folder import SETTINGS_FILE
from game.view.commands import Command
from game.view.menus import MENUS

REFERENCE = Path(__file__).parent / "data" / "window"


def start(folder: Path, zoom: int = 2, **settings: object) -> App:
    """A window whose settings file holds these settings (and no sound)."""
    path = folder / SETTINGS_FILE
    if not path.exists():
        path.write_text(json.dumps({"version": 4, "sound": False, "language": "en", **settings}))
    app = App(cli.Options(zoom=zoom, sound=False, data_dir=str(folder)), clock=FakeClock())
    app.run(frames=1)
    return app


def frames(app: App, count: int = 1) -> None:
    app.run(frames=app.frame + count)


def click(app: App, row: int, col: int, button: int = 1) -> None:
    pos = app.viewport.cell_pos(row, col)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0,) * 3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    frames(app)


def press(code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))


def classic_window(folder: Path, zoom: int) -> App:
    """A game under way on a known board (a number opened, a flag, a cascade), in the
    classic window (the side hidden, as the player may keep it)."""
    app = start(folder, zoom, counters_shown=False)
    app.table.start(Ordinary.given(Game.from_layout(BOARD)))
    frames(app)
    clock = app.table.clock
    assert isinstance(clock, FakeClock)
    click(app, 1, 1)
    clock.ms += 1500
    click(app, 0, 0, button=3)
    clock.ms += 1500
    click(app, 8, 8)
    clock.ms += 1500
    app.stage.repaint()
    frames(app)
    return app


def pixels(app: App) -> bytes:
    return pygame.image.tobytes(app.viewport.screen, "RGB")


def reference(zoom: int) -> pygame.Surface:
    return pygame.image.load(str(REFERENCE / f"classic-z{zoom}.png"))


def settings_file(folder: Path) -> dict[str, object]:
    doc: dict[str, object] = json.loads((folder / SETTINGS_FILE).read_text())
    return doc


def panel_pixels(app: App) -> bytes:
    return pygame.image.tobytes(app.viewport.screen.subsurface(app.viewport.beside()), "RGB")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path


@pytest.fixture
def app(folder: Path) -> Iterator[App]:
    app = classic_window(folder, 2)
    yield app
    app.close()


@pytest.mark.parametrize("zoom", [1, 2])
def test_hidden_the_window_is_the_classic_window_pixel_for_pixel(folder: Path, zoom: int) -> None:
    app = classic_window(folder, zoom)
    try:
        old = reference(zoom)
        assert app.viewport.screen.get_size() == old.get_size()
        assert pixels(app) == pygame.image.tobytes(old, "RGB")
        # Shown and hidden again: the classic window again, to the pixel.
        press(pygame.K_c)
        frames(app)
        assert app.viewport.screen.get_width() > old.get_width()
        press(pygame.K_c)
        frames(app)
        app.stage.repaint()
        frames(app)
        assert app.viewport.screen.get_size() == old.get_size()
        assert pixels(app) == pygame.image.tobytes(old, "RGB")
    finally:
        app.close()


def test_c_shows_the_counters_beside_the_board_and_a_restart_remembers(folder: Path) -> None:
    app = classic_window(folder, 2)
    try:
        width, height = app.viewport.screen.get_size()
        assert app.viewport.beside().w == 0
        press(pygame.K_c)
        frames(app)
        assert settings_file(folder)["counters_shown"] is True
        side = app.viewport.beside()
        assert side.w > 100 and side.x == width
        tall = max(height, app.viewport.side.height)  # (room for what is read beside it)
        assert app.viewport.screen.get_size() == (width + side.w, tall)
        ink = app.viewport.renderer.theme.text
        assert ink in set(panel_colours(app))  # words are drawn in it
        board_cell = app.viewport.cell_pos(1, 1)
        assert board_cell[0] < width  # the board stays where it was
    finally:
        app.close()
    again = start(folder, 2)
    try:
        assert again.prefs.settings.counters_shown is True
        assert again.viewport.beside().w == side.w
        assert again.viewport.screen.get_size() == (width + side.w, tall)
        again.get_ready()
        press(pygame.K_RETURN)  # (the game left under way is offered back: resumed)
        frames(again)
        press(pygame.K_c)
        frames(again)
        assert settings_file(folder)["counters_shown"] is False
        assert again.viewport.screen.get_size() == (width, height)
    finally:
        again.close()


def panel_colours(app: App) -> list[tuple[int, int, int]]:
    surface = app.viewport.screen.subsurface(app.viewport.beside())
    raw = pygame.image.tobytes(surface, "RGB")
    return [tuple(raw[k : k + 3]) for k in range(0, len(raw), 3)]  # type: ignore[misc]


def test_the_options_menu_shows_and_hides_them_with_a_tick(app: App) -> None:
    options = next(menu for menu in MENUS if menu.title == "Options")
    lines = [item for item in options.items if item is not None]
    index = next(k for k, item in enumerate(lines) if item.command is Command.COUNTERS)
    assert lines[index].label == "Live counters"
    assert app.play.checked(Command.COUNTERS) is False
    for code in (pygame.K_F10, pygame.K_RIGHT, *(pygame.K_DOWN,) * index, pygame.K_RETURN):
        press(code)
    frames(app)
    assert app.prefs.settings.counters_shown is True
    assert app.play.checked(Command.COUNTERS) is True
    assert app.viewport.beside().w > 0


def test_the_key_is_listed_in_keys_and_can_be_rebound(app: App) -> None:
    rows = app.prefs.keymap.help_rows()
    assert ("C", gettext("live counters beside the board: show / hide")) in rows
    app.prefs.rebind(Command.COUNTERS, "V")
    press(pygame.K_c)
    frames(app)
    assert app.prefs.settings.counters_shown is False
    press(pygame.K_v)
    frames(app)
    assert app.prefs.settings.counters_shown is True


def test_the_counters_change_as_the_game_is_played(folder: Path) -> None:
    app = start(folder, 2, counters_shown=True)
    try:
        clock = app.table.clock
        assert isinstance(clock, FakeClock)
        app.table.start(Ordinary.given(Game.from_layout(BOARD)))
        app.stage.repaint()
        frames(app)
        before = panel_pixels(app)
        values = {row.key: row.value for row in app.play.counters.rows()}
        click(app, 1, 1)
        clock.ms += 2345
        click(app, 8, 8)
        clock.ms += 1000
        frames(app)
        after = {row.key: row.value for row in app.play.counters.rows()}
        assert after["time"] != values["time"] and after["time"].endswith(" s")
        assert after["clicks"] == "2 left, 0 right, 0 double"
        assert after["ce"] == "2" and after["path"] != values["path"]
        assert panel_pixels(app) != before
        # Nothing changed, nothing drawn: the next frame presents no panel rectangle.
        drawn = app.play.counters.draw(app.viewport.screen, app.viewport, False)
        assert drawn == []
    finally:
        app.close()


def test_a_bad_counter_of_the_players_own_shows_one_line_and_play_goes_on(folder: Path) -> None:
    own = [
        ["syntax", "bbbv / (time"],
        ["zero", "bbbv / (time - time)"],
        ["long", "1+" * 5000],
        ["good", "bbbv * 2"],
    ]
    app = start(folder, 1, counters_shown=True, own_counters=own)
    try:
        app.table.start(Ordinary.given(Game.from_layout(BOARD)))
        frames(app)
        click(app, 1, 1)
        click(app, 8, 8)
        rows = {row.key: row for row in app.play.counters.rows()}
        for name in ("syntax", "zero", "long"):
            row = rows[f"own:{name}"]
            assert row.error and "\n" not in row.value
        assert rows["own:zero"].value == "error: division by zero"
        assert rows["own:good"].value == "2.000" or not rows["own:good"].error
        assert app.table.game.status.name in ("PLAYING", "WON")  # play went on
    finally:
        app.close()


GHOST_REPLAY = (
    Path(__file__).parent
    / "data/replays/ms-toollib/test_files/"
    / "HI-SCORE Exp_49.25_3BV=127_3BVs=2.57_Wang Jianing G01825.avf"
)


def tallest_run(app: App, colour: tuple[int, int, int]) -> int:
    """The most pixels of a colour one above the other in a column of the panel."""
    area = app.viewport.beside()
    best = 0
    for x in range(area.x, area.right, 3):
        run = 0
        for y in range(area.y, area.bottom):
            r, g, b, _ = app.viewport.screen.get_at((x, y))
            run = run + 1 if (r, g, b) == colour else 0
            best = max(best, run)
    return best


@pytest.mark.parametrize("look", ["classic", "colourblind", "contrast"])
def test_a_race_shows_the_ghosts_3bv_and_time_with_bars_six_pixels_high(
    folder: Path, look: str
) -> None:
    from game.modes.practice import Practice
    from game.replay.files import open_replay
    from game.replay.progress import progress_of

    source = open_replay(GHOST_REPLAY).replay
    progress = progress_of(source)
    assert source.minefield is not None and progress is not None
    app = start(folder, 1, counters_shown=True, theme=look)
    try:
        clock = app.table.clock
        assert isinstance(clock, FakeClock)
        app.table.start(Practice.again(Game.from_minefield(source.minefield)))
        app.play.race.race(progress, "the replay")
        frames(app)
        for event in source.events:
            if event.ms > 12_000:
                break
            clock.ms = 1000 + max(event.ms, 0) * 1.2  # (the player a little slower)
            if event.move is not None:
                app.table.act(event.move)
        frames(app)
        rows = {row.key: row for row in app.play.counters.rows()}
        ghost = rows["ghost"]
        assert ghost.value.endswith(", 49.3 s") or ghost.value.endswith(", 49.2 s")
        assert ghost.value.split(" of ")[1].startswith("127")
        theme = app.viewport.renderer.theme
        assert tallest_run(app, theme.highlight) >= 6  # the player's share
        assert tallest_run(app, theme.shadow) >= 6  # the ghost's
    finally:
        app.close()


def click_at(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0,) * 3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app)


def type_text(text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(ch), mod=0, unicode=ch))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))


def open_counters_dialog(app: App) -> None:
    options = next(menu for menu in MENUS if menu.title == "Options")
    lines = [item for item in options.items if item is not None]
    index = next(k for k, item in enumerate(lines) if item.command is Command.CHOOSE_COUNTERS)
    for code in (pygame.K_F10, pygame.K_RIGHT, *(pygame.K_DOWN,) * index, pygame.K_RETURN):
        press(code)
    frames(app)


def test_the_counters_dialog_chooses_orders_and_adds_counters_of_ones_own(app: App) -> None:
    from game.screens.counters import CountersAnswer

    press(pygame.K_c)
    frames(app)
    open_counters_dialog(app)
    dialog = app.stage.top_dialog
    assert dialog is not None and dialog.title == "Counters"
    # The first line, Time: picked, it is hidden (and the panel shows no time).
    press(pygame.K_RETURN)
    frames(app)
    assert "time" not in app.prefs.settings.counters
    assert "time" not in {row.key for row in app.play.counters.rows()}
    # IOE (third line now: 3BV, 3BV/s, Estimated time, ...): moved up above 3BV/s.
    settings = app.prefs.settings
    at = list(settings.counters).index("ioe")
    for _ in range(at):
        press(pygame.K_DOWN)
    frames(app)
    click_at(app, dialog.button_rect(CountersAnswer.UP.label).center)
    assert app.prefs.settings.counters.index("ioe") == at - 1
    keys = [row.key for row in app.play.counters.rows()]
    assert keys.index("ioe") < keys.index(settings.counters[at - 1])
    # A counter of one's own: its form, a bad expression refused, a good one kept.
    dialog = app.stage.top_dialog
    assert dialog is not None
    click_at(app, dialog.button_rect(CountersAnswer.ADD.label).center)
    form = app.stage.top_dialog
    assert form is not None and form.title == "A counter of your own"
    type_text("3BV/min")
    press(pygame.K_TAB)
    type_text("bbbv_s * (")
    press(pygame.K_RETURN)
    frames(app)
    assert app.stage.top_dialog is form and app.prefs.settings.own_counters == ()
    press(pygame.K_BACKSPACE)  # "bbbv_s * (" less its "("
    type_text("60")
    press(pygame.K_RETURN)
    frames(app)
    assert app.prefs.settings.own_counters == (("3BV/min", "bbbv_s * 60"),)
    assert settings_file(app_folder(app))["own_counters"] == [["3BV/min", "bbbv_s * 60"]]
    assert "own:3BV/min" in {row.key for row in app.play.counters.rows()}


def test_a_board_larger_than_the_screen_scrolls_beside_the_panel(folder: Path) -> None:
    from game.rules import Board
    from game.view.window import usable_size

    app = start(folder, 2, counters_shown=True)
    try:
        app.play.new_game(Board(200, 300, 9000))
        frames(app)
        width, height = app.viewport.screen.get_size()
        side = app.viewport.beside()
        assert app.viewport.layout.scrolls and side.w > 100
        assert side.right == width and (width, height) <= usable_size()
        app.viewport.scroll(50, 80)
        frames(app)
        assert app.viewport.beside() == side  # the board scrolled, the panel stayed
        assert app.viewport.renderer.theme.text in set(panel_colours(app))
    finally:
        app.close()


@pytest.mark.parametrize("zoom", [1, 2, 3, 4])
def test_the_panel_is_sized_for_its_largest_figures_at_every_zoom(folder: Path, zoom: int) -> None:
    from game.scenes.counters import CountersPanel
    from game.view.viewport import fitting_zoom

    app = start(folder, zoom, counters_shown=True)
    try:
        # (the dummy desktop is 1024x768: the largest zoom that fits it, if less)
        zoom = min(zoom, fitting_zoom(app.table.board, app.viewport.need))
        assert app.viewport.zoom == zoom
        width = app.viewport.beside().w
        assert width >= app.play.counters.width(app.viewport.side.scale)  # its widest lines
        assert isinstance(app.play.counters, CountersPanel)
        click(app, 4, 4)
        assert app.viewport.beside().w == width  # never resized by what it shows
    finally:
        app.close()


def test_another_language_lays_the_panel_out_again(folder: Path) -> None:
    app = start(folder, 1, counters_shown=True)
    try:
        english = app.viewport.beside().w
        labels = {row.key: row.label for row in app.play.counters.rows()}
        app.play.command(Command.LANGUAGE_DE)
        frames(app)
        german = {row.key: row.label for row in app.play.counters.rows()}
        assert german["time"] == "Zeit" != labels["time"]
        assert app.viewport.beside().w >= max(app.play.counters.width(1), english)
        assert app.viewport.screen.get_width() == app.viewport.beside().right
    finally:
        app.close()


def test_the_replay_viewer_keeps_the_window_and_its_side(folder: Path) -> None:
    app = start(folder, 2, counters_shown=True)
    try:
        app.get_ready()
        app.stage.clear_dialogs()
        shown = app.viewport.screen.get_size()
        side = app.viewport.beside()
        assert side.w > 0
        app.watcher().file(Path(__file__).parent / "data/replays/flop-player/rmv/beg.rmv")
        frames(app, 2)
        # (an 8x8 replay: the window follows the board; the side keeps its width, its
        # height the window's: no least window of 560 pixels since the UI scale)
        now = app.viewport.beside()
        assert now.w == side.w and now.bottom == app.viewport.screen.get_height()

        ink = app.viewport.renderer.theme.text
        assert ink not in set(panel_colours(app))  # no counters of the game behind it
        press(pygame.K_ESCAPE)
        frames(app, 2)
        assert app.viewport.beside() == side
        assert app.viewport.screen.get_size() == shown
        assert ink in set(panel_colours(app))  # the counters again
    finally:
        app.close()


def app_folder(app: App) -> Path:
    return Path(app.profile.folder)


if __name__ == "__main__":  # the classic window's pixels, from the tree on PYTHONPATH
    import os
    import tempfile

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    REFERENCE.mkdir(parents=True, exist_ok=True)
    for zoom in (1, 2):
        with tempfile.TemporaryDirectory() as base:
            made = classic_window(Path(base), zoom)
            pygame.image.save(made.viewport.screen, str(REFERENCE / f"classic-z{zoom}.png"))
            made.close()
    sys.exit(0)
