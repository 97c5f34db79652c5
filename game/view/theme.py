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

from typing import Any, Final

from game.language import N_
from game.words import LOOKS, look_of

Colour = tuple[int, int, int]


class Theme:
    """A look: its sprite sheet and the colours drawn around it."""

    __slots__ = (
        "error",
        "face",
        "field",
        "highlight",
        "highlight_text",
        "label",
        "light",
        "name",
        "risk",
        "shadow",
        "sheet",
        "text",
        "trail",
    )

    def __init__(
        self,
        name: str,
        label: str,
        sheet: str,
        face: Colour,
        light: Colour,
        shadow: Colour,
        text: Colour,
        highlight: Colour,
        highlight_text: Colour,
        field: Colour,
        error: Colour,
        risk: tuple[Colour, Colour, Colour] = ((60, 170, 40), (255, 170, 40), (255, 20, 40)),
        trail: Colour = (96, 96, 96),
    ) -> None:
        self.name: Final = name
        """As the settings keep it."""
        self.label: Final = label
        """As the menus show it."""
        self.sheet: Final = sheet
        """The sprite sheet's file name in sprites/."""
        self.face: Final = face
        """The ground of the window, the panel and the dialogs (the frames' centre)."""
        self.light: Final = light
        """A raised bevel's lit edge; the lower line of an etched rule."""
        self.shadow: Final = shadow
        """A raised bevel's shaded edge; the upper line of an etched rule."""
        self.text: Final = text
        """Words on the face colour, and in an edit box."""
        self.highlight: Final = highlight
        """A dialog's title band, a chosen menu line, selected text."""
        self.highlight_text: Final = highlight_text
        """Words on the highlight colour."""
        self.field: Final = field
        """The inside of an edit box."""
        self.error: Final = error
        """A form's complaint."""
        self.risk: Final = risk
        """The probability overlay's scale: no risk, even odds, a mine (green, amber, red)."""
        self.trail: Final = trail
        """The replay viewer's trail of the pointer, over the board's hidden and open cells."""

    def replace(self, **changes: Any) -> Theme:
        """The same with some values changed."""
        return Theme(**{name: getattr(self, name) for name in self.__slots__} | changes)


CLASSIC = Theme(
    name="classic",
    label=N_("Classic"),
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

COLOURBLIND = CLASSIC.replace(
    name="colourblind",
    label=N_("Colour-blind safe"),
    sheet="sheet-colourblind.png",
    highlight=(0, 70, 140),  # a blue every kind of colour vision sees as blue
    error=(140, 30, 0),  # a dark vermilion: 5:1 on the grey, dark to every eye
    # cividis's ends and middle: yellow, grey, dark blue, darker with the risk to every eye.
    risk=((254, 232, 56), (124, 123, 120), (0, 34, 78)),
)
"""The classic window, with numbers told apart by lightness and shape, not hue alone."""

CONTRAST = Theme(
    name="contrast",
    label=N_("High contrast"),
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
