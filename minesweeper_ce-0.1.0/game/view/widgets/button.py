"""One press-and-release logic for everything a dialog's mouse can push.

A target (a button, a menu line) is drawn pressed while the left button is held
over it, and fires when the button is let go over the same target; dragging off
and letting go fires nothing, dragging back on presses it again. Buttons, menu
lines and the help's click-anywhere all go through Presser.
"""

from __future__ import annotations

from typing import Generic, TypeVar

import pygame

from game.view.sprites import SpriteSheet
from game.view.theme import current as theme
from game.view.widgets.style import Style

T = TypeVar("T")


class Presser(Generic[T]):
    """Which target the left button went down on, and whether it is still over it."""

    def __init__(self) -> None:
        self.held: T | None = None
        self.over = False

    def down(self, target: T | None) -> bool:
        """The button went down over target (None: over nothing); True if it took it."""
        if target is None:
            return False
        self.held, self.over = target, True
        return True

    def move(self, target: T | None) -> bool:
        """The pointer moved over target; True if the pressed look changed."""
        if self.held is None:
            return False
        over = target == self.held
        changed = over != self.over
        self.over = over
        return changed

    def up(self, target: T | None) -> T | None:
        """The button came up over target: the target that fires, if any."""
        held, self.held, self.over = self.held, None, False
        return held if held is not None and target == held else None

    def pressed(self, target: T) -> bool:
        """Whether target is drawn pressed now."""
        return self.over and self.held == target


def paint_button(
    image: pygame.Surface,
    sprites: SpriteSheet,
    style: Style,
    label: str,
    rect: pygame.Rect,
    *,
    pressed: bool,
    default: bool,
    focused: bool,
) -> None:
    """A classic push button: a black outline when it is the default, sunken while
    pressed, a dotted focus rectangle round its label when it has the keyboard focus."""
    z = style.zoom
    face = rect
    if default:
        image.fill(theme().text, rect)  # the default button's dark outline
        face = rect.inflate(-2 * z, -2 * z)
    sprites.frame(image, "sunken3" if pressed else "raised3", (face.x, face.y, face.w, face.h))
    text = style.text(label)
    at = text.get_rect(center=face.center).move(0, style.nudge)
    if pressed:
        at.move_ip(z, z)
    image.blit(text, at)
    if focused:
        ring = face.inflate(-8 * z, -8 * z)
        dotted_rect(image, ring, z)


def dotted_rect(image: pygame.Surface, rect: pygame.Rect, z: int) -> None:
    """Windows' focus rectangle: a one-pixel (times zoom) dotted outline."""
    step, ink = 2 * z, theme().text
    for x in range(rect.left, rect.right, step):
        image.fill(ink, (x, rect.top, z, z))
        image.fill(ink, (x, rect.bottom - z, z, z))
    for y in range(rect.top, rect.bottom, step):
        image.fill(ink, (rect.left, y, z, z))
        image.fill(ink, (rect.right - z, y, z, z))
