"""How the game words its figures, each in one place: a time as a player reads it, a
game's result, a count with its noun."""

from __future__ import annotations

from datetime import date

from game.core.status import Status
from game.language import day, decimal

LOOKS = ("classic", "colourblind", "contrast")
"""The window's looks by their settings names, in menu order (game.view.theme draws
each; the settings keep one): the classic one first, the default."""


def look_of(name: object) -> str:
    """A look's settings name: the name itself if it is one, else the classic look's
    (a newer version's look, a damaged value)."""
    return name if isinstance(name, str) and name in LOOKS else LOOKS[0]


RESULT_WORDS = {Status.WON: "won", Status.LOST: "lost", Status.PLAYING: "unfinished"}
"""A game's result in a word (a game still under way, or never begun: unfinished)."""


def seconds(ms: float) -> str:
    """A precise time as a player reads it, in the player's language: 12.345 s
    (12,345 s in German and Polish)."""
    return f"{decimal(ms / 1000, 3)} s"


def day_of(stamp: str) -> str:
    """The day of a stored time stamp ("2026-11-26T10:52:07", GameRecord.finished_at)
    as the player's language writes it; the stamp's first ten characters as they are
    when they are no day."""
    try:
        return day(date.fromisoformat(stamp[:10]))
    except ValueError:
        return stamp[:10]


def result_word(status: Status) -> str:
    """won, lost, or unfinished."""
    return RESULT_WORDS.get(status, "unfinished")


def count(number: int, noun: str, plural: str | None = None) -> str:
    """A number with its noun, singular or plural: 1 game, 2 games, 1 day."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def figure(value: float | None, form: str) -> str:
    """A figure in its form ("{:.2f}"), or "-" when there is none."""
    return "-" if value is None else form.format(value)
