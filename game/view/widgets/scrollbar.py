"""A scroll bar: where the lines shown are among all of them, for a list longer than
its room (a dialog's menu, the live counters in the side), drawn at the scale of the
words beside it: a track of the look's shadow, a thumb of its text's colour as long
as the share shown."""

from __future__ import annotations

import pygame

from game.view.theme import current as theme


def thumb(track: pygame.Rect, first: int, shown: int, count: int, least: int) -> pygame.Rect:
    """The thumb in ``track`` for lines ``first`` to ``first + shown`` of ``count``
    (at least ``least`` pixels long; at the track's end once the last is shown)."""
    count = max(count, 1)
    length = min(track.h, max(track.h * shown // count, least))
    end = first + shown >= count  # (the share rounded down would leave a pixel under it)
    top = track.y + (track.h - length if end else min(track.h * first // count, track.h - length))
    return pygame.Rect(track.x, top, track.w, length)


def draw_bar(
    image: pygame.Surface, track: pygame.Rect, first: int, shown: int, count: int, least: int
) -> None:
    """The bar in ``track``: the track, then the thumb over it."""
    look = theme()
    image.fill(look.shadow, track)
    image.fill(look.text, thumb(track, first, shown, count, least))
