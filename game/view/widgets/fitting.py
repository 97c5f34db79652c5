"""A dialog fitted to the room it is given (game.view.widgets.dialog).

A dialog is laid out in the room it is given (the side beside the board, or the
whole window: the stage chooses with ``Dialog.fits``) at the scale given if it fits
there, else at the largest smaller scale that fits, down to 1 (never below the
12-pixel font of scale 1). The window never grows for a dialog. Only when the room
itself is too small does the font shrink further (a bisection over sizes), and past
the smallest font the body is cut, the buttons kept inside; ``Dialog.cut`` then says
so. A dialog given a ``body_scroll`` (in a page's own window) scrolls its body at
the scale given instead, where its width fits (game.view.widgets.body_scroll).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.view.widgets.style import FONT_SIZE, MARGIN, MIN_FONT_SIZE, Style

if TYPE_CHECKING:
    from game.view.widgets.dialog import Arrangement, Dialog


def arranged(dialog: Dialog, size: tuple[int, int], zoom: int) -> Arrangement:
    """The largest scale, up to the zoom, at which the dialog fits a surface of this
    size less its margin; then smaller fonts at scale 1; then the smallest, cut to fit."""
    avail_w = max(size[0] - 2 * MARGIN, 1)
    avail_h = max(size[1] - 2 * MARGIN, 1)
    fitting = at_largest_scale(dialog, zoom, avail_w, avail_h)
    scroll = dialog.body_scroll  # (at the zoom, its body scrolled, rather than smaller)
    if scroll is not None:
        fitting = scroll.arranged(dialog, fitting, zoom, (avail_w, avail_h)) or fitting
    if fitting is not None:
        return fitting
    return smaller_font(dialog._try_layout, avail_w, avail_h)


def at_largest_scale(dialog: Dialog, zoom: int, avail_w: int, avail_h: int) -> Arrangement | None:
    """The layout at the largest scale from the zoom down to 1 (the usual spacing,
    then the tighter) that fits the room, with every word whole above scale 1 (a
    path is worth a smaller scale); None if even scale 1 does not fit."""
    for scale in range(max(zoom, 1), 0, -1):
        for compact in (False, True):
            layout = dialog._try_layout(Style(scale, FONT_SIZE * scale, compact), avail_w)
            if layout.fits(avail_w, avail_h) and (scale == 1 or not layout.shortened):
                return layout
    return None


def smaller_font(
    try_layout: Callable[[Style, int], Arrangement], avail_w: int, avail_h: int
) -> Arrangement:
    """A dialog on a desktop smaller than it is at scale 1: laid out with the largest
    font that fits, or the smallest cut to fit."""
    low, high = MIN_FONT_SIZE, FONT_SIZE  # low: try; high: known not to fit
    best = try_layout(Style(1, MIN_FONT_SIZE, True), avail_w)
    if not best.fits(avail_w, avail_h):
        return best.cut_to(avail_w, avail_h)
    while high - low > 1:
        middle = (low + high) // 2
        layout = try_layout(Style(1, middle, True), avail_w)
        if layout.fits(avail_w, avail_h):
            low, best = middle, layout
        else:
            high = middle
    return best


def page_size(dialog: Dialog, room: tuple[int, int], scale: int) -> tuple[int, int]:
    """The size of a page that holds the dialog whole at ``scale`` (its margin round
    it), laid out in ``room`` at most."""
    width, height = arranged(dialog, room, scale).size
    return (width + 2 * MARGIN, height + 2 * MARGIN)


def fits_at_scale(dialog: Dialog, size: tuple[int, int], scale: int) -> bool:
    """The dialog fits a room this size at ``scale`` itself (its font the UI scale's,
    every word whole), its buttons in as many rows as they need."""
    avail_w, avail_h = max(size[0] - 2 * MARGIN, 1), max(size[1] - 2 * MARGIN, 1)
    layout = at_largest_scale(dialog, scale, avail_w, avail_h)
    return layout is not None and layout.style.zoom == scale and not layout.shortened
