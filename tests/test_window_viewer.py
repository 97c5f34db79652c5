"""The replay viewer as the player meets it, through the real loop (real events, the
window's pixels): its keys are the key map's (a viewer key rebound in Options >
Keys... works there and the bar names it), its bar wears the look, a new look or
zoom reads no sprite sheet from disk again, and an open dialog lets the loop idle."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from test_window import FakeClock, key, post, region
from test_window_replay import step, write_replay
from test_window_scripts import on_ground

from game import cli
from game.app import App
from game.scenes.playback import PlaybackScene
from game.view import scale
from game.view.commands import Command, ViewerCommand
from game.view.fonts import ui_font
from game.view.scale import TEXT
from game.view.theme import CLASSIC, CONTRAST
from game.view.theme import current as theme

COMMUNITY = Path(__file__).parent / "data" / "replays"


@pytest.fixture
def app() -> Iterator[App]:
    application = App(cli.Options(zoom=2, sound=False, seed=1), clock=FakeClock())
    application.run(frames=2)
    yield application
    application.close()


def press(app: App, code: int) -> None:
    post(pygame.KEYDOWN, key=code, mod=0, unicode="")
    post(pygame.KEYUP, key=code, mod=0, unicode="")
    app.run(frames=1)


def dropped(app: App, path: Path) -> PlaybackScene:
    """A replay file dropped on the window: the viewer that plays it."""
    post(pygame.DROPFILE, file=str(path))
    app.run(frames=1)
    scene = app.stage.top
    assert isinstance(scene, PlaybackScene)
    return scene


def test_a_viewer_key_rebound_in_the_keys_screen_works_in_the_viewer(
    app: App, tmp_path: Path
) -> None:
    app.play.command(Command.REBIND)
    app.run(frames=1)
    dialog = app.stage.top_dialog
    assert dialog is not None and dialog.title == "Keys"
    lines = [does for does, _ in dialog.items]  # type: ignore[attr-defined]
    assert "replay: pause / go on" in lines  # the viewer's keys are listed with the rest
    index = [b.command for b in app.prefs.keymap.bindings].index(ViewerCommand.PAUSE)
    for _ in range(index):
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    press(app, pygame.K_k)
    assert "K now: replay: pause" in (dialog.note or "")  # type: ignore[attr-defined]
    press(app, pygame.K_ESCAPE)
    assert app.stage.top_dialog is None
    assert app.prefs.keymap.command_for("K") is None  # the play screen's keys are untouched

    scene = dropped(app, write_replay(tmp_path))
    assert "K: pause" in scene.status()[0]  # the bar names the key as bound
    press(app, pygame.K_k)
    assert scene.paused
    at = scene.clock.ms
    step(app)
    assert scene.clock.ms == at  # paused: the replay waits
    press(app, pygame.K_SPACE)  # the old key no longer pauses or goes on
    assert scene.paused
    press(app, pygame.K_k)
    assert not scene.paused
    step(app)
    assert scene.clock.ms > at


def bar_pixels(app: App) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The viewer's bar: its ground (left of the words) and the line along its foot
    (the part not yet played)."""
    bar = app.viewport.bar()
    screen = app.viewport.screen
    ground = tuple(screen.get_at((bar.x + 1, bar.y + 1)))[:3]
    foot = tuple(screen.get_at((bar.right - 2, bar.bottom - 1)))[:3]
    return ground, foot


def test_the_viewers_bar_wears_the_look(app: App) -> None:
    path = COMMUNITY / "flop-player/avf/arbiter_int.avf"
    dropped(app, path)
    app.run(frames=1)
    classic = bar_pixels(app)
    assert classic == (CLASSIC.face, CLASSIC.shadow)
    key(pygame.K_ESCAPE)
    app.run(frames=1)
    assert not isinstance(app.stage.top, PlaybackScene)
    app.play.command(Command.THEME_CONTRAST)
    app.run(frames=1)
    dropped(app, path)
    app.run(frames=1)
    contrast = bar_pixels(app)
    assert contrast == (CONTRAST.face, CONTRAST.shadow)
    assert contrast[0] != classic[0]


def test_a_new_look_or_zoom_reads_no_sprite_sheet_again(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    read: list[str] = []
    load = pygame.image.load

    def counted(path: object, *args: object) -> pygame.Surface:
        read.append(Path(str(path)).name)
        return load(path, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(pygame.image, "load", counted)
    for command in (
        Command.THEME_CONTRAST,
        Command.THEME_CLASSIC,
        Command.ZOOM_OUT,
        Command.ZOOM_IN,
        Command.THEME_CONTRAST,
        Command.ZOOM_OUT,
        Command.THEME_CLASSIC,
        Command.ZOOM_IN,
    ):
        app.play.command(command)
        app.run(frames=1)
    assert app.viewport.renderer.theme is CLASSIC and app.viewport.zoom == 2
    sheets = [name for name in read if name.startswith("sheet")]
    assert len(sheets) == len(set(sheets)) <= 1  # the contrast sheet at most, once


def test_an_open_dialog_lets_the_loop_idle(app: App) -> None:
    assert app.is_idle()
    app.play.command(Command.ABOUT)
    app.run(frames=1)
    assert app.stage.top_dialog is not None
    assert app.is_idle()  # drawn, and waiting for the player: 30 frames a second
    post(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))
    app.run(frames=1)
    assert app.is_idle()


def test_the_board_drawn_a_changed_cell_at_a_time_is_the_game_shown(app: App) -> None:
    from test_window import region, sprite_bytes

    from game.session.picture import picture_of
    from game.view.render import tile_for

    scene = dropped(app, COMMUNITY / "flop-player/avf/arbiter_int.avf")
    key(pygame.K_8, "8")
    app.run(frames=1)
    renderer, z = app.viewport.renderer, app.viewport.zoom
    checked = 0
    for frame in range(2000):
        step(app)
        if frame % 40 and not scene.finished:
            continue
        # Every cell away from the pointer and its trail shows its look (pressed or not).
        spots = [*scene.playback.recent_trail(), *filter(None, [scene.playback.pointer])]
        near = pygame.Rect(app.viewport.window_pos(spots[0]), (0, 0)) if spots else None
        for spot in spots:
            assert near is not None
            near.union_ip(pygame.Rect(app.viewport.window_pos(spot), (1, 1)))
        if near is not None:
            near.inflate_ip(40 * z, 40 * z)
        pressed = picture_of(scene.table.session, scene.machine.feedback, counter_below_zero=True)
        game = scene.table.game
        for row in range(game.rows):
            for col in range(game.cols):
                rect = pygame.Rect(renderer.scaled(renderer.layout.cell_rect(row, col)))
                if near is not None and near.colliderect(rect):
                    continue
                tile = tile_for(game.look(row, col), (row, col) in pressed.pressed)
                shown = region(app.viewport.screen, tuple(rect))  # type: ignore[arg-type]
                assert shown == sprite_bytes(renderer.sprites.tiles[tile]), (frame, row, col)
                checked += 1
        if scene.finished:
            break
    assert scene.finished and checked > 1000


def test_the_bar_at_the_end_says_the_games_time(app: App) -> None:
    """End in the viewer of Flop's Intermediate (ms_toollib reads its rtime as
    20.16 s: tests/data/replays/expected.jsonl): the bar's words, as drawn, say
    "won in 20.160 s", not the "0.000 s" of moves all made at the moment sought."""
    scene = dropped(app, COMMUNITY / "flop-player/avf/arbiter_int.avf")
    press(app, pygame.K_END)
    assert scene.playback.finished
    bar = app.viewport.bar()
    font = ui_font(TEXT * scale.current())
    shown = next(form for form in scene.status() if font.size(form)[0] <= bar.width - 4)
    assert "won in 20.160 s" in shown
    words = on_ground(font.render(shown, True, theme().text), theme().face)
    top = bar.y + (bar.height - font.get_height()) // 2
    where = (bar.x + 4, top, words.get_width(), font.get_height())
    assert region(app.viewport.screen, where) == region(words, (0, 0, *where[2:]))
