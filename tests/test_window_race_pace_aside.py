"""The race's pace against the best shown at every zoom (issue 41): its seconds are
drawn between the face and the timer only where that gap holds them whole at the UI
scale (3x and up); at 1x and 2x they are the pace line of the live counters in the
side, or, where the side does not show that line (the side hidden, or the line not
chosen), a line of the note beside the board (game.scenes.notes), never over a cell."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from conftest import classic_window
from test_window import BEGINNER, FakeClock, cell_center, click, region, use_layout
from test_window_race import play_all
from test_window_records import close_all

from game import cli, language
from game.app import App
from game.scenes.counters import BEHIND, BEHIND_WORDS, pace_words
from game.scenes.counters_lines import FONT_SIZE
from game.scenes.notes import note_picture
from game.scenes.rivals import gap_lines, gap_room, in_the_gap
from game.view import page_window, scale, window
from game.view.fonts import ui_font
from game.view.scale import TEXT
from game.view.theme import current as theme
from game.words import DEFAULT_FIGURES, FIGURES

CASES = [(zoom, side) for zoom in (1, 2) for side in ("side", "unchosen", "classic")]


@pytest.fixture(params=CASES, ids=[f"{z}x-{s}" for z, s in CASES])
def raced(request: pytest.FixtureRequest) -> Iterator[tuple[App, str]]:
    """A Beginner won a click a second, then played again 1.5 s a click: 0.5 s behind."""
    yield from race(*request.param)


def race(
    zoom: int, side: str, figures: tuple[str, ...] = DEFAULT_FIGURES, code: str | None = None
) -> Iterator[tuple[App, str]]:
    if side == "classic":
        classic_window()
    clock = FakeClock()
    app = App(cli.Options(zoom=zoom, sound=False, seed=1, language=code), clock=clock)
    app.run(frames=2)
    if side == "unchosen":  # (the side shown, its pace line not among the player's)
        app.prefs.change(counters=tuple(n for n in figures if n != "pace"))
        if figures != DEFAULT_FIGURES:  # (and eight of the player's own)
            app.prefs.change(own_counters=tuple((f"mine {k}", "bbbv * 2") for k in range(8)))
    use_layout(app, BEGINNER)
    first, second, *_ = play_all(app, clock, 1000)
    close_all(app)
    use_layout(app, BEGINNER)
    click(app, cell_center(app, *first))
    clock.ms += 1500
    click(app, cell_center(app, *second))
    app.run(frames=1)
    assert app.play.race.ahead_ms() == pytest.approx(-500)
    assert app.viewport.zoom == zoom
    yield app, side
    app.close()


def test_the_pace_is_shown_beside_the_board_at_1x_and_2x(raced: tuple[App, str]) -> None:
    app, side = raced
    assert not in_the_gap(app.viewport)  # (the panel's gap holds no seconds here)
    cells = pygame.Rect(app.viewport.renderer.scaled(app.viewport.layout.board_view))
    notes = app.play.notes
    if side == "side":  # the live counters' pace line says it, the note not
        lines = {row.key: row.value for row in app.play.counters.rows()}
        assert lines["pace"] == "0.5\u00a0s behind"
        assert "behind" not in notes.text
        return
    assert notes.text.endswith("0.5\u00a0s behind")  # a line of the note beside the board
    assert notes.font_size == TEXT * scale.current()  # at the UI scale
    if side == "unchosen":  # at the side's foot, off the cells
        assert notes.rect is not None and not notes.rect.colliderect(cells)
        assert app.viewport.beside().contains(notes.rect)
    else:  # in the note's own window under the game's, off the cells on the desktop
        own = notes.window.rect
        assert own is not None and notes.rect is None
        assert not own.colliderect(cells.move(app.viewport.window.corner))


def test_the_gap_holds_the_words_at_4x_on_beginner(monkeypatch: pytest.MonkeyPatch) -> None:
    """(It held the seconds alone from 3x: "-0.5", which said nothing of what they are
    against; the words, "0.5 s behind", need 4x on Beginner, 2x on Intermediate.)"""
    for module in (window, page_window):
        monkeypatch.setattr(module, "desktop_size", lambda: (1920, 1080))
    app = App(cli.Options(zoom=4, sound=False, seed=1), clock=FakeClock())
    try:
        app.run(frames=1)
        assert app.viewport.zoom == 4 and in_the_gap(app.viewport)
    finally:
        app.close()


@pytest.mark.parametrize("code", ["en", "zh_CN", "ja", "de", "pl"])
@pytest.mark.parametrize("zoom", [3, 4])
def test_the_pace_says_what_its_seconds_are_against_at_3x_and_4x(
    monkeypatch: pytest.MonkeyPatch, code: str, zoom: int
) -> None:
    """The play test: the classic window's race at 3x showed "-0.5" between the face
    and the timer, and no word of what it was against. The gap shows the pace's words
    ("0.5 s behind") where it holds them, drawn there (pixels); else the note beside
    the board says them; never the seconds alone."""
    for module in (window, page_window):
        monkeypatch.setattr(module, "desktop_size", lambda: (1920, 1080))
    raced = race(zoom, "classic", code=code)
    app, _ = next(raced)
    try:
        assert app.viewport.zoom == zoom
        words = pace_words(-500)
        seconds = language.decimal(0.5, 1)
        assert words == language.gettext(BEHIND_WORDS).format(seconds=seconds)
        notes, screen = app.play.notes, app.viewport.screen
        lines = gap_lines(app.viewport, words) if in_the_gap(app.viewport) else None
        if lines is None:
            assert notes.text.endswith(words)
        else:
            assert words not in notes.text
            unit = words[words.index(seconds) + len(seconds) :].strip()[:1]  # ("s", "秒")
            held = [line for line in lines if seconds in line]
            assert held and unit in held[0].split(seconds)[1], lines  # (one line: 0.5 s)
            font = ui_font(TEXT * scale.current())
            gap = gap_room(app.viewport)
            for line in lines:
                picture = on_face(font.render(line, True, BEHIND), font.get_linesize())
                want, (w, h) = region(picture, picture.get_rect()), picture.get_size()
                assert any(
                    region(screen, (x, y, w, h)) == want
                    for x in range(gap.x, gap.right - w + 1)
                    for y in range(gap.y, gap.bottom - h + 1)
                ), f"{line!r} is not drawn in the gap"
    finally:
        for _ in raced:
            pass


def test_the_pace_note_takes_its_own_room_under_every_counter() -> None:
    """Every figure but the pace chosen, and eight of the player's own, at 1x: more
    lines than the side holds. The
    note at the side's foot is drawn whole, the counters above it behind their bar,
    and their last line, scrolled to, whole above the note: nothing is drawn over
    anything (the note sat over the counters' last lines for the whole race)."""
    raced = race(1, "unchosen", tuple(FIGURES))
    app, _ = next(raced)
    notes, counters, look = app.play.notes, app.play.counters, theme()
    note = notes.rect
    assert note is not None and notes.text.endswith("0.5\u00a0s behind")
    ui = scale.current()
    drawn = note_picture(notes.text, note.w, ui, look, app.viewport.renderer.sprites)
    assert region(app.viewport.screen, note) == region(drawn, drawn.get_rect())
    track = counters.scroll.track
    assert track.h and track.bottom <= note.top  # the bar above the note
    post_ctrl_end(app)
    assert counters.scroll.first + counters.scroll.shown == counters.scroll.count
    assert region(app.viewport.screen, note) == region(drawn, drawn.get_rect())
    font = ui_font(FONT_SIZE * app.viewport.side.scale)
    last = counters.rows()[-1]
    label = on_face(font.render(last.label, True, look.text), font.get_linesize())
    x, want = app.viewport.beside().x, region(label, label.get_rect())
    places = range(app.viewport.beside().y, note.top - label.get_height() + 1)
    screen = app.viewport.screen
    at = [y for y in places if any(
        region(screen, (left, y, *label.get_size())) == want for left in range(x, x + 12 * ui)
    )]  # fmt: skip
    assert at, f"the last line, {last.label!r}, is not drawn whole above the note"
    for _ in raced:
        pass


def post_ctrl_end(app: App) -> None:
    """Ctrl+End: the live counters scrolled to their last line."""
    mod = pygame.KMOD_CTRL
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=mod, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_END, mod=mod, unicode=""))
    app.run(frames=app.frame + 1)


def on_face(picture: pygame.Surface, height: int) -> pygame.Surface:
    """Words as the side draws them: on the look's face, cut to their line."""
    surface = pygame.Surface((picture.get_width(), min(height, picture.get_height())))
    surface.fill(theme().face)
    surface.blit(picture, (0, 0))
    return surface
