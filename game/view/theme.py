"""The looks the game can wear: classic, colour-blind safe, high contrast.

One place for a theme's colours. A theme names its sprite sheet (painted by
tools/make_sprites.py, which takes the bevel colours below for the sheet's frames,
so the window and the dialogs match the board) and the colours the code draws
with itself: the dialogs, the menu bar, the pause box.

The window uses one theme at a time: ``use`` sets it (the settings' ``theme``),
``current`` reads it. Code that draws asks ``current()`` when it draws, so a
change shows at the next repaint.
"""

from __future__ import annotations

from typing import NamedTuple

from game.words import LOOKS, look_of

Colour = tuple[int, int, int]


class Theme(NamedTuple):
    """A look: its sprite sheet and the colours drawn around it."""

    name: str
    """As the settings keep it."""
    label: str
    """As the menus show it."""
    sheet: str
    """The sprite sheet's file name in sprites/."""
    face: Colour
    """The ground of the window, the panel and the dialogs (the frames' centre)."""
    light: Colour
    """A raised bevel's lit edge; the lower line of an etched rule."""
    shadow: Colour
    """A raised bevel's shaded edge; the upper line of an etched rule."""
    text: Colour
    """Words on the face colour, and in an edit box."""
    highlight: Colour
    """A dialog's title band, a chosen menu line, selected text."""
    highlight_text: Colour
    """Words on the highlight colour."""
    field: Colour
    """The inside of an edit box."""
    error: Colour
    """A form's complaint."""
    risk: tuple[Colour, Colour, Colour] = ((60, 170, 40), (255, 170, 40), (255, 20, 40))
    """The probability overlay's scale: no risk, even odds, a mine (green, amber, red)."""
    trail: Colour = (96, 96, 96)
    """The replay viewer's trail of the pointer, over the board's hidden and open cells."""


CLASSIC = Theme(
    name="classic",
    label="Classic",
    sheet="sheet.png",
    face=(192, 192, 192),
    light=(255, 255, 255),
    shadow=(128, 128, 128),
    text=(0, 0, 0),
    highlight=(0, 0, 128),
    highlight_text=(255, 255, 255),
    field=(255, 255, 255),
    error=(255, 0, 0),
    trail=(96, 96, 96),
)
"""Windows 95 grey, navy and black: the default."""

COLOURBLIND = CLASSIC._replace(
    name="colourblind",
    label="Colour-blind safe",
    sheet="sheet-colourblind.png",
    highlight=(0, 70, 140),  # a blue every kind of colour vision sees as blue
    error=(140, 30, 0),  # a dark vermilion: 5:1 on the grey, dark to every eye
    # cividis's ends and middle: yellow, grey, dark blue, darker with the risk to every eye.
    risk=((254, 232, 56), (124, 123, 120), (0, 34, 78)),
)
"""The classic window, with numbers told apart by lightness and shape, not hue alone."""

CONTRAST = Theme(
    name="contrast",
    label="High contrast",
    sheet="sheet-contrast.png",
    face=(0, 0, 0),
    light=(255, 255, 255),
    shadow=(128, 128, 128),
    text=(255, 255, 255),
    highlight=(255, 255, 0),
    highlight_text=(0, 0, 0),
    field=(0, 0, 0),
    error=(255, 150, 150),
    trail=(255, 255, 0),  # the board's open cells are black, its hidden ones light grey
)
"""Black, white and yellow, with strong edges."""

THEMES: dict[str, Theme] = {theme.name: theme for theme in (CLASSIC, COLOURBLIND, CONTRAST)}
"""Every theme by its settings name, in menu order (game.words.LOOKS)."""
assert tuple(THEMES) == LOOKS, "a look is named in game.words.LOOKS and drawn here"
DEFAULT = CLASSIC


def by_name(name: object) -> Theme:
    """The theme of a settings name; anything unknown is the classic one."""
    return THEMES[look_of(name)]


_current = DEFAULT


def current() -> Theme:
    """The theme the window is drawn in."""
    return _current


def use(theme: Theme | str) -> Theme:
    """Draw in this theme from now on (a name: see by_name); returns it."""
    global _current
    _current = theme if isinstance(theme, Theme) else by_name(theme)
    return _current
