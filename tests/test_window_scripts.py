"""In the window, a player's name in any script is drawn: the replay viewer's bar
shows the Chinese name of the community's EVF file, not three missing-glyph boxes."""

from __future__ import annotations

from pathlib import Path

import pygame
import test_window_records as records
from test_window import FakeClock, key, post, region, type_text, win_beginner
from test_window_counters import frames, start

from game import language
from game.app import App
from game.persist.data_folder import SETTINGS_FILE
from game.scenes.playback import PlaybackScene
from game.view import scale
from game.view.assets import asset_path
from game.view.commands import Command
from game.view.fonts import REGULAR, ui_font
from game.view.scale import TEXT
from game.view.stage import DialogScene
from game.view.theme import current as theme
from game.view.widgets.text import TextPiece

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


def _about_path_line(folder: Path, language_code: str) -> tuple[pygame.Surface, int, int, str]:
    """About opened in a window in that language, its data folder ``folder``: the
    surface it is drawn on, where its path's line starts there, and that line."""
    (folder / SETTINGS_FILE).unlink(missing_ok=True)  # (the settings of this language)
    app = start(folder, 1, language=language_code)
    app.play.command(Command.ABOUT)
    frames(app)
    dialog = app.stage.top_dialog
    assert dialog is not None and dialog.rect is not None and dialog.laid_out is not None
    scene = app.stage.top
    assert isinstance(scene, DialogScene)
    surface = scene.page.surface if scene.page is not None else app.viewport.screen
    [(piece, line)] = [
        (piece, line)
        for piece in dialog.laid_out.pieces
        if isinstance(piece, TextPiece)
        for line in piece.lines
        if "_every_" in line
    ]
    top = dialog.rect.y + piece.y + piece.lines.index(line) * piece.style.line
    return surface.copy(), dialog.rect.x + piece.x, top, line


def test_the_underscores_of_a_path_are_drawn_on_a_line_holding_chinese(tmp_path: Path) -> None:
    """About's data folder, "…/test_every_page…", shows its underscores in Chinese as
    in English: the line ends with "。", so two fonts draw it, and its picture was
    DejaVu's line box high, which the underscore goes below (SDL_ttf grows a line's
    picture for it when DejaVu draws the line alone)."""
    folder = tmp_path / "test_every_page"
    folder.mkdir()
    try:
        drawn = {code: _about_path_line(folder, code) for code in ("en", "zh_CN")}
    finally:
        language.use("en")
    font = ui_font(12)  # (About at the UI scale of 1 here)
    [(_, _, low, high, _)] = font.metrics("_")
    assert low < font.get_descent()  # (its foot below DejaVu's line box at 12 pixels)
    ink: dict[str, list[bytes]] = {}
    for code, (surface, x, top, line) in drawn.items():
        assert "。" in line if code == "zh_CN" else line.isascii()
        rows = range(top + font.get_ascent() - high, top + font.get_ascent() - low)
        ink[code] = []
        for at in (i for i, character in enumerate(line) if character == "_"):
            left = x + font.size(line[:at])[0]
            ink[code].append(region(surface, (left, rows.start, font.size("_")[0], len(rows))))
    blank = bytes(theme().face) * font.size("_")[0] * len(rows)
    assert len(ink["en"]) >= 3 and blank not in ink["en"]  # (English draws them)
    assert ink["zh_CN"] == ink["en"]  # every underscore inked, to its foot, as in English
