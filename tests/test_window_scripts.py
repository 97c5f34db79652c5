"""In the window, a player's name in any script is drawn: the replay viewer's bar
shows the Chinese name of the community's EVF file, not three missing-glyph boxes."""

from __future__ import annotations

from pathlib import Path

import pygame
import test_window_records as records
from test_window import FakeClock, key, post, region, type_text, win_beginner

from game.app import App
from game.scenes.playback import PlaybackScene
from game.view import scale
from game.view.assets import asset_path
from game.view.fonts import REGULAR, ui_font
from game.view.scale import TEXT
from game.view.theme import current as theme

EVF = (
    Path(__file__).parent
    / "data/replays/ms-toollib/test_files/b_5_3.796_3BV=3_3BVs=0.790_王嘉宁(元3.1.9_v3).evf"
)
NAME = "王嘉宁"


app, clock = records.app, records.clock  # (its fixtures: zoom 2, seed 1, ready)


def on_ground(picture: pygame.Surface, ground: tuple[int, int, int]) -> pygame.Surface:
    surface = pygame.Surface(picture.get_size())
    surface.fill(ground)
    surface.blit(picture, (0, 0))
    return surface


def test_the_viewers_bar_draws_the_chinese_name_of_an_evf_file(app: App) -> None:
    post(pygame.DROPFILE, file=str(EVF))
    app.run(frames=2)
    scene = app.stage.top
    assert isinstance(scene, PlaybackScene)
    bar = app.viewport.bar()
    size = TEXT * scale.current()  # (the bar's words at the UI scale: playback/status.py)
    font = ui_font(size)
    shown = next(form for form in scene.status() if font.size(form)[0] <= bar.width - 4)
    assert shown.startswith(NAME)  # the form drawn begins with the player's name
    name = font.render(NAME, True, theme().text)
    top = bar.y + (bar.height - font.get_height()) // 2
    where = (bar.x + 4, top, name.get_width(), name.get_height())
    screen = region(app.viewport.screen, where)
    drawn = on_ground(name, theme().face)
    assert screen == region(drawn, (0, 0, *drawn.get_size()))
    boxes = pygame.font.Font(asset_path("fonts", REGULAR), size).render(NAME, True, theme().text)
    assert (
        screen[: len(screen) // 2]
        != region(on_ground(boxes, theme().face), (0, 0, *boxes.get_size()))[: len(screen) // 2]
    )


def test_a_chinese_name_typed_at_a_best_time_is_kept_as_typed(app: App, clock: FakeClock) -> None:
    win_beginner(app, clock, 9_876)
    dialog = app.stage.top_dialog
    assert dialog is not None and dialog.title == "A new best time!"
    type_text(NAME)
    app.run(frames=1)
    assert dialog.rect is not None and not dialog.cut  # drawn whole, the name in it
    key(pygame.K_RETURN, "\r")
    app.run(frames=1)
    assert app.end_of_game is not None and app.end_of_game.last_replay is not None
    assert app.end_of_game.last_replay.player == NAME
    kept = app.profile.folder / "replays" / app.profile.games()[0].record.replay
    assert f"player: {NAME}" in kept.read_text(encoding="utf-8")
    assert [entry.name for entry in app.profile.history.best_times("beginner")] == [NAME]
