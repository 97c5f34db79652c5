"""Where a game is in its life."""

from __future__ import annotations

from enum import Enum


class Status(Enum):
    """Where a game is in its life."""

    READY = "ready"  # no cell opened yet (mines of a new game not yet placed)
    PLAYING = "playing"
    WON = "won"
    LOST = "lost"

    @property
    def is_over(self) -> bool:
        """The game has ended: every action does nothing until a new game."""
        return self in (Status.WON, Status.LOST)
