"""The notes beside the board (issue 41): the reason of a hint (H), the start cell's
words of a board code or the daily board, the zoom the board is shown at and every
other note of the table, said where they never cover a cell, at the UI scale, until
the next move puts them away (the table's ``hint`` and ``note``); and the deaths
undone in a practice game after an Undo, for the whole game (a place of their own:
the panel's gap between the mine counter and the face holds no words at the UI
scale).

With the side shown the note is a box at the side's foot in a room of its own: the
live counters are laid out above it while it is up, scrolled behind their bar if
they need it (a race's pace is a note for the whole race), and nothing is drawn over
anything; a note taller than half the side, or with no side, or while a page fills
the side, opens in a small window of its own under the classic window, which has no
room off its cells (game.view.note_window).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.language import current, shown
from game.modes.mode import Mode
from game.session.picture import Advice
from game.view import scale
from game.view.advice import box_text
from game.view.fonts import ui_font
from game.view.lines import wrap
from game.view.note_window import NoteWindow
from game.view.scale import TEXT
from game.view.sprites import SpriteSheet
from game.view.theme import Theme
from game.view.viewport import Viewport

PAD = 6
"""Round the note's words, and between the note and the side's edges (UI scale 1)."""
WINDOW_WIDTH = 360
"""The widest a note's own window grows before its words wrap, at UI scale 1 (at
least the game's window's width)."""


def words_of(advice: Advice | None, note: object, deaths: str = "", pace: str = "") -> str:
    """The words of the note to show: the hint's reason, else the table's note; and
    under them ``deaths``, what the game's mode says of the deaths undone in it (a
    practice game after an Undo: Mode.describe), and ``pace``, a race's pace against
    the best where nothing else beside the board says it (game.scenes.rivals)."""
    if advice is not None and (advice.hint is not None or advice.note):
        said = box_text(advice)
    else:
        said = shown(note) if note else ""
    return "\n".join(words for words in (said, deaths, pace) if words)


def note_picture(
    text: str, width: int, ui: int, look: Theme, sprites: SpriteSheet, fit: bool = False
) -> pygame.Surface:
    """The note drawn whole: a raised box ``width`` pixels wide (``fit``: at most, as
    narrow as the words need), its words centred and wrapped to it at the UI scale
    (game.view.lines.wrap: between Chinese and Japanese characters too)."""
    framed = sprites.at_zoom(ui)
    border = 3 * ui
    pad = PAD * ui
    font = ui_font(TEXT * ui)
    room = max(width - 2 * (border + pad), 1)
    lines = [font.render(line, True, look.text) for line in wrap(font, text, room)]
    step = font.get_linesize()
    inner = max(line.get_width() for line in lines)
    if fit:
        width = min(width, inner + 2 * (border + pad))
    picture = pygame.Surface((width, step * len(lines) + 2 * (border + pad)))
    picture.fill(look.face)
    framed.frame(picture, "raised3", (0, 0, *picture.get_size()))
    for k, line in enumerate(lines):  # (centred, one under the other)
        picture.blit(line, line.get_rect(midtop=(width // 2, border + pad + k * step)))
    return picture


class Notes:
    """Where the table's note or hint's reason is shown, and what it showed last."""

    def __init__(self, viewport: Viewport, side_taken: Callable[[], bool]) -> None:
        self.viewport = viewport
        self.side_taken = side_taken
        """A page is drawn in the side now (the note goes in its own window)."""
        self.window = NoteWindow()
        viewport.closing.append(self.close)  # (where it was, forgotten: no page keeps off it)
        self.rect: pygame.Rect | None = None
        """Where the note is in the game's window (in the side), if it is there."""
        self.text = ""
        """The words shown ('' for none)."""
        self._drawn: tuple[object, ...] | None = None  # (what was drawn, and where)
        self._key: tuple[object, ...] | None = None  # (what the picture was made for)
        self._picture: pygame.Surface | None = None
        self.vacated: pygame.Rect | None = None
        self._words: tuple[object, str] = (None, "")
        self.font_size: int | None = None
        """The pixel size of the words last drawn (None: no note)."""
        """Where the note was in the side before the last draw took it off."""

    def words(
        self, advice: Advice | None, note: object, mode: Mode, deaths: int, pace: str = ""
    ) -> str:
        """``words_of`` these (``deaths`` undone in a game of ``mode``, a race's
        ``pace``), worked out again only when one of them (or the language) changed:
        not at every frame."""
        key = (advice, note, mode, deaths, pace, current())
        if key != self._words[0]:
            said = (mode.describe(deaths) or "") if deaths else ""
            self._words = (key, words_of(advice, note, said, pace))
        return self._words[1]

    def room(self, text: str) -> int:
        """The height ``text``'s note keeps at the side's foot, its own room (the
        live counters are laid out above it, scrolled if they need it): 0 when it is
        not in the side."""
        if not text:
            return 0  # (no note: nothing worked out, frame after frame)
        in_side, _ = self._made(text)
        picture = self._picture if in_side else None
        return 0 if picture is None else picture.get_height() + PAD * scale.current()

    def _made(self, text: str) -> tuple[bool, tuple[object, ...]]:
        """Whether ``text``'s note goes in the side (where it leaves at least half
        of it to the counters: else in its own window), and what its picture was
        made for (made again only when that changed)."""
        viewport = self.viewport
        in_side = bool(text) and viewport.has_side() and not self.side_taken()
        ui, look, area = scale.current(), viewport.renderer.theme, viewport.beside()
        for side in (True, False) if in_side else (False,):
            width = area.w - 2 * PAD * ui if side else self._window_width(ui)
            key = (text, side, width, ui, look, area.bottom)
            if key != self._key:
                self._key, self._picture = key, None
                self.font_size = TEXT * ui if text else None
                if text:
                    sprites = viewport.renderer.sprites
                    self._picture = note_picture(text, width, ui, look, sprites, fit=not side)
            picture = self._picture
            if not side or (picture is not None and picture.get_height() + PAD * ui <= area.h // 2):
                return side, key
        return False, key  # (not reached: the last way, its own window, always goes)

    def draw(
        self, screen: pygame.Surface, text: str, full: bool, under: list[pygame.Rect]
    ) -> list[pygame.Rect]:
        """Show ``text`` (none: put the note away); ``under``: what was drawn this
        frame where the note may be (the side). The rectangles drawn; when the note
        left the side, ``vacated`` says where it was (drawn again by the side's
        owner)."""
        if not text and not self.text and not self.shown:
            self.vacated = None
            return []  # (no note, none shown: nothing to work out, frame after frame)
        ui, area = scale.current(), self.viewport.beside()
        in_side, key = self._made(text)
        changed = key != self._drawn
        self._drawn, self.text = key, text
        left, self.rect = self.rect, None
        if not in_side or not text:
            self._own_window(changed or full)
        if in_side and self._picture is not None:
            self.window.close()
            rect = self._picture.get_rect(bottomleft=(area.x + PAD * ui, area.bottom - PAD * ui))
            self.rect, self.vacated = rect, (left if left not in (None, rect) else None)
            if changed or full or rect.collidelist(under) >= 0:
                screen.blit(self._picture, rect)
                return [rect]
            return []
        self.vacated = left  # (it left the side: what it covered is due again)
        return []

    @property
    def shown(self) -> bool:
        """A note is shown now (in the side or in its own window)."""
        return self.rect is not None or self.window.window is not None

    def _window_width(self, ui: int) -> int:
        return max(self.viewport.game_size()[0], WINDOW_WIDTH * ui)

    def _own_window(self, changed: bool) -> None:
        """The note in its own window (none: the window closed)."""
        if self._picture is None:
            self.window.close()
            return
        if not changed and self.window.window is not None:
            return
        viewport, window = self.viewport, self.viewport.window
        game = pygame.Rect(window.corner, window.size)
        cells = pygame.Rect(viewport.renderer.scaled(viewport.layout.board_view))
        self.window.show(self._picture, game, cells.move(window.corner), window.window)

    def owns(self, event: pygame.event.Event) -> bool:
        """An event of the note's own window (not the board's)."""
        return self.window.owns(event)

    def close(self) -> None:
        self.window.close()
