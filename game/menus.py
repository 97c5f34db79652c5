"""The menu bar's menus, as the classic game has them: the same commands as the keys."""

from __future__ import annotations

from dataclasses import dataclass

from game.commands import Command


@dataclass(frozen=True)
class MenuItem:
    """A line of a menu: the command it gives, and its words."""

    command: Command
    label: str


SEPARATOR = None
"""An etched line between groups of a menu's items."""


@dataclass(frozen=True)
class Menu:
    """A menu of the menu bar: its title and its lines (None: a separator)."""

    title: str
    items: tuple[MenuItem | None, ...]


MENUS: tuple[Menu, ...] = (
    Menu(
        "Game",
        (
            MenuItem(Command.NEW_GAME, "New"),
            SEPARATOR,
            MenuItem(Command.BEGINNER, "Beginner"),
            MenuItem(Command.INTERMEDIATE, "Intermediate"),
            MenuItem(Command.EXPERT, "Expert"),
            MenuItem(Command.CUSTOM, "Custom..."),
            MenuItem(Command.DAILY, "Daily board"),
            MenuItem(Command.BOARD_CODE, "Play board code..."),
            SEPARATOR,
            MenuItem(Command.PAUSE, "Pause"),
            MenuItem(Command.HINT, "Hint"),
            MenuItem(Command.PROBABILITIES, "Mine probabilities"),
            SEPARATOR,
            MenuItem(Command.BEST_TIMES, "Best Times..."),
            MenuItem(Command.STATISTICS, "Statistics..."),
            MenuItem(Command.HISTORY, "History..."),
            SEPARATOR,
            MenuItem(Command.EXIT, "Exit"),
        ),
    ),
    Menu(
        "Options",
        (
            MenuItem(Command.QUESTION_MARKS, "Question marks"),
            MenuItem(Command.LEFT_CLICK_CHORDS, "Left click chords"),
            MenuItem(Command.COUNTER_BELOW_ZERO, "Counter below zero"),
            SEPARATOR,
            MenuItem(Command.FIRST_CLICK_OPENING, "First click opens an area"),
            MenuItem(Command.FIRST_CLICK_SAFE, "First click is only safe"),
            MenuItem(Command.FIRST_CLICK_NOGUESS, "No guessing (logic clears it)"),
            SEPARATOR,
            MenuItem(Command.REBIND, "Keys..."),
            SEPARATOR,
            MenuItem(Command.SOUND, "Sound"),
            MenuItem(Command.ZOOM_IN, "Zoom in"),
            MenuItem(Command.ZOOM_OUT, "Zoom out"),
            SEPARATOR,
            MenuItem(Command.THEME_CLASSIC, "Classic look"),
            MenuItem(Command.THEME_COLOURBLIND, "Colour-blind safe look"),
            MenuItem(Command.THEME_CONTRAST, "High contrast look"),
        ),
    ),
    Menu(
        "Help",
        (
            MenuItem(Command.HELP, "Keys"),
            MenuItem(Command.RULES, "Rules"),
            SEPARATOR,
            MenuItem(Command.ABOUT, "About"),
        ),
    ),
)
"""The menu bar, as the classic game has it; the same commands as the keys."""
