"""The game's one UI typeface, shipped with it: DejaVu Sans (fonts/, its licence in
fonts/LICENSE-DejaVu.txt), crisp and evenly spaced at small sizes on every system.

Fonts are opened once per size and weight and forgotten when pygame shuts down
(pygame.quit() invalidates them).
"""

from __future__ import annotations

import pygame

from game.view.assets import asset_path

REGULAR = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"

_open: dict[tuple[int, bool], pygame.font.Font] = {}


def _forget() -> None:
    _open.clear()


def ui_font(size: int, *, bold: bool = False) -> pygame.font.Font:
    """The UI font at a pixel size (regular or bold)."""
    if not pygame.font.get_init():
        pygame.font.init()
        _open.clear()
    key = (size, bold)
    font = _open.get(key)
    if font is None:
        if not _open:
            # pygame.quit() runs its quit callbacks once and then drops them, so
            # register anew for every session whose fonts this cache holds.
            pygame.register_quit(_forget)
        font = _open[key] = pygame.font.Font(asset_path("fonts", BOLD if bold else REGULAR), size)
    return font
