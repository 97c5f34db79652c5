"""The UI scale: the one size of the window's words and widgets, whatever the zoom.

Two scales, kept apart. The board, the LED counters and the face are pixel art and
scale by whole pixels: the zoom (game.view.viewport). Words and widgets (the menu
bar and its menus, the dialogs, the side and its live counters, the end-of-game
panel, the viewer's bar, the notes and the hint's reason) are laid out at the UI
scale, held here, and their words are rendered by the font at that pixel size
(``px``), never as a bitmap scaled. So one window never shows two sizes of the same
kind of text, and a Beginner board at 4x has the same menu bar as one at 1x (the
anchors: Windows 7's Minesweeper, GNOME Mines).

The scale is a whole number, as the widgets' bevels and the frames' sprites are:
1 is the classic size (the dialogs' 12-pixel font, as Windows draws 9-point text at
96 DPI), 2 for a desktop of 4K's height or a screen of twice that DPI, 3 beyond.
The player's choice (a setting, Options > Larger words / Smaller words, the
Settings dialog) wins over the one chosen from the screen. The screen's size is
known before the first frame; its DPI (SDL_GetDisplayDPI, through ctypes:
game.view.native) once the first input can be handled, at the loop's first rest,
where ctypes loads for the sleep anyway (game.view.prefs.Prefs.follow_screen): a
screen whose DPI asks for another scale than its size has the window laid out
again then, once.

Anything that draws words asks ``current()`` (or ``px``) when it lays out; the
stage lays every scene out again when the scale changes (``Stage.relayout``).
"""

from __future__ import annotations

from game.rules import UI_SCALES

TEXT = 12
"""The words' size at scale 1, in pixels: the menu bar and its menus, the dialogs, the
side's lines, the notes (one size for one kind of text; a title is the same, bold)."""
STANDARD_DPI = 96
"""The DPI at which scale 1 is the classic size."""
TALL = 2000
"""A desktop at least this many pixels high (a 4K screen's 2160) is drawn at 2."""

_current = 1
_chosen: int | None = None
"""The player's own scale (None: the screen's)."""
_dpi: float | None = None
"""The display's DPI, once the system told it."""


def for_screen(desktop: tuple[int, int], dpi: float | None = None) -> int:
    """The scale that suits a desktop of this size (and DPI, where the system says):
    1 up to a 1440-line screen at about 96 DPI, then one step for each doubling."""
    by_size = 1 + desktop[1] // TALL
    by_dpi = 1 if dpi is None or dpi <= 0 else int(dpi / STANDARD_DPI + 0.25)
    return max(UI_SCALES[0], min(max(by_size, by_dpi), UI_SCALES[-1]))


def use(chosen: int | None, desktop: tuple[int, int], dpi: float | None = None) -> int:
    """Draw at the player's scale (None: the screen's) from now on; the scale used.
    A DPI once told (the system's, read at the first rest: game.view.native) is
    kept for the calls that give none."""
    global _current, _chosen, _dpi
    _chosen = chosen if chosen in UI_SCALES else None
    _dpi = _dpi if dpi is None else dpi
    _current = _chosen if _chosen is not None else for_screen(desktop, _dpi)
    return _current


def screen_dpi() -> float | None:
    """The display's DPI as last told (None: not told, or the system does not say)."""
    return _dpi


def current() -> int:
    """The UI scale in use."""
    return _current


def px(size: int) -> int:
    """A size given at scale 1 (a font's pixels, a gap) at the scale in use."""
    return size * _current


def stepped(step: int) -> int | None:
    """The scale one step larger (``step`` 1) or smaller (-1) than the one in use,
    None when there is none."""
    index = UI_SCALES.index(_current) + step if _current in UI_SCALES else 0
    return UI_SCALES[index] if 0 <= index < len(UI_SCALES) else None
