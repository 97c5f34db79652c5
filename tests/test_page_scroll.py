"""A page no room off the cells holds whole at the UI scale: its own window takes the
largest room off them and its body scrolls there at the UI scale (never smaller
words), behind a bar, its title and buttons always in sight; the wheel, Page Up and
Page Down and the keyboard focus move it (game.view.widgets.body_scroll). The keys go
through the real loop on a desktop of a real screen's size (the dummy driver's
replaced by 1280x1024): the classic Expert at 2x, which fills it."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from conftest import classic_window
from test_window import FakeClock, key, post

from game import cli
from game import language as languages
from game.app import App
from game.rules import PRESETS, Difficulty, RuleMode
from game.screens.settings import keys_dialog
from game.view import page_window, scale, window
from game.view.commands import Command
from game.view.page_window import NOTE_STRIP, placed_beside
from game.view.sprites import SpriteSheet
from game.view.stage import DialogScene
from game.view.theme import current as theme
from game.view.widgets.body_scroll import BodyScroll, scrolls_in
from game.view.widgets.menu import MenuDialog, MenuPiece
from game.view.widgets.message import HelpOverlay
from game.view.widgets.style import FONT_SIZE
from game.view.window import TITLE_BAR


def test_a_page_no_room_holds_goes_to_the_largest_room_off_the_cells() -> None:
    desktop = (1280, 1024)
    game = pygame.Rect(250, 300, 1000, 680)  # (the classic Expert at 2x)
    board = pygame.Rect(262, 430, 960, 512)
    page, room = placed_beside(
        game, (435, 600), desktop, board, lambda size: False, lambda size: size[0] >= 435
    )
    strip = NOTE_STRIP * scale.current()  # (a note's own window may go there: kept free)
    assert room is not None and room.size == (desktop[0], game.y - 2 * TITLE_BAR - 8 - strip)
    assert room.contains(page) and not page.colliderect(board) and page.w == 435
    page, room = placed_beside(game, (435, 600), desktop, board)  # (nor scrolled)
    assert page.colliderect(board)  # (covers the least of it: the one case left)


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    for module in (window, page_window):
        monkeypatch.setattr(module, "desktop_size", lambda: (1280, 1024))
    classic_window()
    board = PRESETS[Difficulty.EXPERT]
    application = App(cli.Options(zoom=2, sound=False, seed=1, board=board), clock=FakeClock())
    application.run(frames=1)
    application.get_ready()
    application.run(frames=1)
    application.viewport.window.window.position = (250, 312)  # (where openbox puts it)
    yield application
    application.close()


def opened(app: App, command: Command) -> tuple[DialogScene, pygame.Surface]:
    app.play.command(command)
    app.run(frames=2)
    top = app.stage.top
    assert isinstance(top, DialogScene) and top.page is not None
    assert not top.page.covers  # (off the cells)
    return top, top.page.surface


def thumb_at(surface: pygame.Surface, top: DialogScene, y: int) -> bool:
    """The bar's thumb is drawn at this height of its track (the page's pixels)."""
    scroll, rect = top.dialog.body_scroll, top.dialog.rect
    assert scroll is not None and rect is not None
    track = scroll.track.move(rect.topleft)
    return tuple(surface.get_at((track.centerx, track.y + y)))[:3] == tuple(theme().text)


def test_the_help_beside_the_classic_expert_scrolls_to_its_last_line(app: App) -> None:
    assert app.viewport.zoom == 2 and app.viewport.side.width == 0
    size = app.viewport.window.size
    top, surface = opened(app, Command.HELP)
    dialog, scroll = top.dialog, top.dialog.body_scroll
    assert scroll is not None and scroll.scrolling  # (above the window: 184 pixels high)
    assert dialog.font_size == FONT_SIZE * scale.current() and not dialog.cut
    page = surface.get_rect()
    assert page.contains(dialog.button_rect("OK"))
    assert thumb_at(surface, top, 0) and not thumb_at(surface, top, scroll.track.h - 1)
    for _ in range(30):
        key(pygame.K_PAGEDOWN)
    app.run(frames=2)
    assert top.page is not None
    surface = top.page.surface
    assert not dialog.closed and scroll.first == scroll.body - scroll.shown > 0
    assert page.contains(dialog.button_rect("OK"))  # the button in sight
    assert thumb_at(surface, top, scroll.track.h - 1) and not thumb_at(surface, top, 0)
    assert dialog.font_size == FONT_SIZE * scale.current()  # (never smaller words)
    first = scroll.first
    post(pygame.MOUSEWHEEL, x=0, y=1, window=top.page.window)  # the wheel: up
    app.run(frames=2)
    assert scroll.first < first and not dialog.closed
    key(pygame.K_ESCAPE, "\x1b")
    app.run(frames=2)
    assert app.stage.top_dialog is None and app.viewport.window.size == size


def test_the_settings_fit_whole_left_of_the_classic_expert_a_value_under_its_line(
    app: App,
) -> None:
    top, surface = opened(app, Command.SETTINGS)
    dialog, scroll = top.dialog, top.dialog.body_scroll
    assert isinstance(dialog, MenuDialog) and scroll is not None and not scroll.scrolling
    assert top.page is not None and top.page.window.size[0] < 250  # (left of the window)
    assert dialog.font_size == FONT_SIZE * scale.current() and not dialog.cut
    assert surface.get_rect().contains(dialog.row_rect(len(dialog.items) - 1))
    rules = [label for label, _ in dialog.items].index("Rules")  # (the widest line)
    row = dialog.row_rect(rules)
    assert row.h >= 2 * dialog.font_size  # (its value under its words)
    assert dialog.row_rect(0).h < 2 * dialog.font_size  # (a line the room holds: beside)


def long_menu() -> tuple[MenuDialog, pygame.Surface, SpriteSheet]:
    """A menu of 30 lines drawn in a short page (its body scrolled)."""
    pygame.display.init()
    pygame.font.init()
    dialog = MenuDialog("Lines", [(f"line {n}", f"value {n}") for n in range(30)])
    dialog.body_scroll = BodyScroll()
    surface, sprites = pygame.Surface((300, 200)), SpriteSheet(1)
    dialog.draw(surface, sprites, None, 1)
    return dialog, surface, sprites


def test_the_focus_moved_down_a_long_menu_is_brought_into_view() -> None:
    dialog, surface, sprites = long_menu()
    scroll = dialog.body_scroll
    assert scroll is not None and scroll.scrolling and scroll.first == 0
    for _ in range(25):
        dialog.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0))
        dialog.draw(surface, sprites, None, 1)
        assert dialog.rect is not None
        assert scroll.clip.move(dialog.rect.topleft).contains(dialog.row_rect(dialog.index))
    assert dialog.index == 25 and scroll.first > 0
    assert surface.get_rect().contains(dialog.button_rect("Close"))


def test_a_press_on_a_line_scrolled_under_the_title_hits_nothing() -> None:
    dialog, surface, sprites = long_menu()
    scroll = dialog.body_scroll
    assert scroll is not None
    for _ in range(30):
        dialog.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0))
    dialog.draw(surface, sprites, None, 1)
    assert dialog.rect is not None
    shown = scroll.clip.move(dialog.rect.topleft)
    spot = (shown.centerx, shown.top - 2)  # (on the title: a line scrolled under it)
    hidden = [k for k in range(30) if dialog.row_rect(k).collidepoint(spot)]
    assert hidden and hidden[0] > 0
    dialog.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=1))
    assert dialog.index == 0  # (a line out of sight is not pressed)
    line = dialog.row_rect(28)
    assert shown.contains(line)
    dialog.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=line.center, button=1))
    assert dialog.index == 28 and not dialog.closed  # (pressed: lit, picked on release)


def test_page_down_scrolls_the_help_which_any_other_key_closes() -> None:
    pygame.display.init()  # (key names: the help's modifier test)
    pygame.font.init()
    dialog = HelpOverlay([(f"F{n}", f"what key {n} does") for n in range(1, 31)])
    dialog.body_scroll = BodyScroll()
    surface = pygame.Surface((400, 200))  # (a short page's window)
    sprites = SpriteSheet(1)
    dialog.draw(surface, sprites, None, 1)
    scroll = dialog.body_scroll
    assert scroll.scrolling and dialog.font_size == FONT_SIZE and not dialog.cut
    for _ in range(30):
        dialog.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0))
    dialog.draw(surface, sprites, None, 1)
    assert not dialog.closed and scroll.first == scroll.body - scroll.shown > 0
    assert dialog.laid_out is not None
    grid = dialog.laid_out.pieces[-1]  # (as drawn: scrolled)
    assert grid.y + grid.height <= scroll.clip.bottom  # its last line in sight
    assert surface.get_rect().contains(dialog.button_rect("OK"))
    dialog.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))
    assert dialog.closed  # (any other key: as before)


def test_a_page_off_the_cells_leaves_a_notes_own_window_in_sight(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    desktop = (1920, 1080)
    game = pygame.Rect(67, 45, 1512, 987)  # (the classic Expert at 3x: a note right of it)
    board = pygame.Rect(79, 200, 1440, 768)
    note = pygame.Rect(1551, 45, 369, 30)
    fits = lambda size: size[0] >= 340 and size[1] >= 300  # noqa: E731
    page, _ = placed_beside(game, (340, 617), desktop, board, fits)
    assert page.colliderect(note.inflate(0, 2 * TITLE_BAR))  # (where the note is)
    monkeypatch.setitem(page_window.NOTES, 1, note)
    page, room = placed_beside(game, (340, 617), desktop, board, fits)
    assert room is not None and not page.colliderect(board)
    assert page.top - TITLE_BAR > note.bottom  # (its title bar under the note too)


@pytest.mark.parametrize("language", ["en", "zh_CN", "de"])
def test_the_keys_page_in_a_room_narrower_than_its_words_wraps_them_and_scrolls(
    app: App, language: str
) -> None:
    """The Keys page's widest line (503 px at 1x in English) in a room of 333 px: its
    words wrap under one another, its keys under them, nothing wider than the room,
    every word still there, at the UI scale's own size."""
    languages.use(language)
    try:
        dialog = keys_dialog(app.prefs.keymap)
        dialog.body_scroll = BodyScroll()
        assert scrolls_in(dialog, (333, 600), 1)
        laid = dialog.body_scroll.arranged(dialog, None, 1, (333 - 16, 600 - 16))
        assert laid is not None and laid.size[0] <= 333 - 16 and laid.style.size == FONT_SIZE
        menu = next(piece for piece in laid.pieces if isinstance(piece, MenuPiece))
        assert menu.stacked and menu.width <= laid.size[0]
        wrapped = [menu.labels.get(label, [label]) for label, _ in dialog.items]
        assert any(len(lines) > 1 for lines in wrapped)  # (the longest did wrap)
        for (label, _), lines in zip(dialog.items, wrapped, strict=True):
            assert all(laid.style.width(line) <= menu.width for line in lines)
            assert "".join(lines).replace(" ", "") == label.replace(" ", "")  # (all of it)
    finally:
        languages.use("en")


@pytest.mark.parametrize("language", ["ja", "de"])
def test_the_settings_beside_beginner_at_4x_keep_each_value_on_its_line(
    monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    """The play test at 1280x1024: the Settings page right of Beginner's cells at 4x,
    in Japanese under weak no-guess (the longest rule mode), put every line's value on
    a second row, as narrow as a page in a room far smaller: its width was the widest
    words plus the widest value, which no line holds together. In German the rule
    mode's name alone is wider than the room, and the page went over the cells. Each
    line is its words and its value side by side, the values drawn on their lines'
    rows (pixels), but a line no room holds: its value wrapped under its words."""
    for module in (window, page_window):
        monkeypatch.setattr(module, "desktop_size", lambda: (1280, 1024))
    board = PRESETS[Difficulty.BEGINNER]
    options = cli.Options(
        zoom=4, sound=False, seed=1, board=board, language=language, mode=RuleMode.WEAK_NO_GUESS
    )
    app = App(options, clock=FakeClock())
    try:
        app.run(frames=1)
        app.get_ready()
        app.run(frames=1)
        app.viewport.window.window.position = (167, 100)  # (where openbox puts it)
        key(pygame.K_F5)
        app.run(frames=2)
        top = app.stage.top
        assert isinstance(top, DialogScene) and top.page is not None
        assert not top.page.covers  # (off the cells)
        dialog, surface = top.dialog, top.page.surface
        assert isinstance(dialog, MenuDialog) and not dialog.cut
        assert dialog.font_size == FONT_SIZE * scale.current()
        rows = [dialog.row_rect(i) for i in range(len(dialog.items))]
        rules = [label for label, _ in dialog.items].index(languages.gettext("Rules"))
        for i, row in enumerate(rows):  # (one line each; German's rules: wrapped under)
            assert row.h < 2 * dialog.font_size or (language == "de" and i == rules), i
        for row in rows[1:]:  # (the first is lit)
            face = tuple(surface.get_at((row.right - 1, row.y)))[:3]
            inked = [
                (x, y)
                for x in range(row.right - row.w // 8, row.right)
                for y in range(row.y, row.bottom)
                if sum(abs(a - b) for a, b in zip(surface.get_at((x, y))[:3], face, strict=True))
                > 3 * 64
            ]
            assert len(inked) >= 4, (row, dialog.items[rows.index(row)])  # (its value there)
    finally:
        app.close()
        languages.use("en")
