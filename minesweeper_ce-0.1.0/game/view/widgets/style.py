"""The look the dialogs share: colours, sizes at 1x, and one layout attempt's style.

Every size here is in pixels at a scale of 1 and is multiplied by the scale the
dialog is laid out at. The font is the game's own (game.view.fonts: DejaVu Sans).
"""

from __future__ import annotations

import pygame

from game.view.fonts import ui_font
from game.view.theme import current as theme

Colour = tuple[int, int, int]
# The colours come from the look in use (game.view.theme): theme().text, .highlight, ...

FONT_SIZE = 12
"""The dialogs' font size at a scale of 1 (DejaVu Sans, lines 14 pixels apart)."""
MIN_FONT_SIZE = 8
"""The smallest font tried, only when even the whole desktop is too small for a dialog."""
MARGIN = 4
"""Grey kept between the dialog and the window's edges."""
BEVEL = 3
"""The raised3 frame around the dialog and around each button."""
PAD = 6
"""Between the frame and the content."""
GAP = 6
"""Between the blocks of the body (text, table, fields, error, buttons)."""
WRAP_WIDTH = 260
"""Text wraps at this width even when there is more room, so lines stay readable."""
MIN_WIDTH = 120
"""The narrowest dialog, so a short message is not a stub."""

ENTER_KEYS = frozenset({pygame.K_RETURN, pygame.K_KP_ENTER})

_rendered: dict[tuple[int, bool, str, Colour], pygame.Surface] = {}
_RENDERED_LIMIT = 1024


def _forget() -> None:
    _rendered.clear()


class Style:
    """The font and spacings of one layout attempt: a scale, a font size, tight or not."""

    def __init__(self, scale: int, size: int, compact: bool = False) -> None:
        self.zoom = scale
        self.size = size
        self.font = ui_font(size)
        self.line = self.font.get_linesize()
        # Text centred by its full height looks high (the descent is mostly empty):
        # this many pixels down centres the letters themselves.
        self.nudge = -self.font.get_descent() // 3
        z = scale
        self.bevel = BEVEL * z
        self.pad = (4 if compact else PAD) * z
        self.gap = (4 if compact else GAP) * z
        self.band = self.line + 5 * z  # the title band's height
        self.button_h = self.line + (7 if compact else 9) * z
        self.button_pad = (4 if compact else 8) * z  # beside a button's label, both sides
        self.button_min_w = max(self.line * (4 if compact else 5), 36 * z)
        self.button_gap = (4 if compact else 6) * z
        self.field_h = self.line + 7 * z  # sunken2 bevel, white inside
        self.field_gap = (3 if compact else 4) * z
        self.column_gap = (6 if compact else 12) * z

    def text(
        self, text: str, colour: Colour | None = None, *, bold: bool = False
    ) -> pygame.Surface:
        """A line of text rendered once and kept (the cache is emptied when it grows),
        in the look's text colour unless another is given."""
        colour = theme().text if colour is None else colour
        key = (self.size, bold, text, colour)
        surface = _rendered.get(key)
        if surface is None:
            if not _rendered:
                pygame.register_quit(_forget)  # surfaces die with pygame.quit()
            if len(_rendered) >= _RENDERED_LIMIT:
                _rendered.clear()
            font = ui_font(self.size, bold=True) if bold else self.font
            surface = _rendered[key] = font.render(text, True, colour)
        return surface

    def width(self, text: str) -> int:
        """How wide the text is drawn."""
        return int(self.font.size(text)[0])
