"""Commands as data: what the player can ask of the window, and the one table that
binds keys to it.

The window's key handler and the help screen are both made from BINDINGS, so a key
is added or rebound in one place. Keys are named as SDL names them
(``pygame.key.name(key, use_compat=False)``: "F2", "C", "Keypad +"), which keeps
this module free of pygame and gives the help screen readable names.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum


class Command(Enum):
    """Something the player asks of the window (a key, later a menu item)."""

    NEW_GAME = "new game"
    BEGINNER = "beginner"
    INTERMEDIATE = "intermediate"
    EXPERT = "expert"
    CUSTOM = "custom board"
    SETTINGS = "settings"
    BEST_TIMES = "best times"
    STATISTICS = "statistics"
    ZOOM_IN = "zoom in"
    ZOOM_OUT = "zoom out"
    SOUND = "sound"
    PAUSE = "pause"
    HELP = "help"


@dataclass(frozen=True)
class Binding:
    """The keys of one command, and how the help screen shows it."""

    command: Command
    keys: tuple[str, ...]
    """SDL key names; the first is the one the help shows."""
    does: str
    """What the command does, as the help screen says it."""
    shown: str = ""
    """How the help names the keys, when not by the first key's name."""

    @property
    def label(self) -> str:
        """The keys as the help screen shows them."""
        return self.shown or self.keys[0]


BINDINGS: tuple[Binding, ...] = (
    Binding(Command.NEW_GAME, ("F2",), "new game", shown="Face, F2"),
    Binding(Command.BEGINNER, ("1", "Keypad 1"), "Beginner: 9x9, 10 mines"),
    Binding(Command.INTERMEDIATE, ("2", "Keypad 2"), "Intermediate: 16x16, 40 mines"),
    Binding(Command.EXPERT, ("3", "Keypad 3"), "Expert: 16x30, 99 mines"),
    Binding(Command.CUSTOM, ("C",), "custom board"),
    Binding(Command.SETTINGS, ("O",), "settings"),
    Binding(Command.BEST_TIMES, ("B",), "best times"),
    Binding(Command.STATISTICS, ("S",), "statistics"),
    Binding(Command.ZOOM_IN, ("+", "=", "Keypad +"), "zoom in"),
    Binding(Command.ZOOM_OUT, ("-", "Keypad -"), "zoom out"),
    Binding(Command.SOUND, ("M",), "sound on / off"),
    Binding(Command.PAUSE, ("P", "Pause"), "pause (hides the board; any key goes on)"),
    Binding(Command.HELP, ("F1",), "this help"),
)
"""Every key command of the window, in the order the help lists them."""

MOUSE_HELP: tuple[tuple[str, str], ...] = (
    ("Left click", "open a cell"),
    ("Right click", "flag / question mark / clear"),
    ("Both buttons, middle", "chord: open around a number"),
)
"""The mouse's part of the help (the input machine's gestures, not commands)."""

DIALOG_HELP: tuple[tuple[str, str], ...] = (("Esc", "close a dialog"),)
"""What every dialog answers (the dialogs' own keys, not commands)."""


MODIFIER_KEYS = frozenset(
    {
        "Left Shift",
        "Right Shift",
        "Left Ctrl",
        "Right Ctrl",
        "Left Alt",
        "Right Alt",
        "Left GUI",
        "Right GUI",
        "ModeSwitch",
        "CapsLock",
        "Numlock",
        "ScrollLock",
    }
)
"""Keys held with others or toggling a lock: pressed alone they are no answer (they
neither close the help nor end a pause)."""


class DuplicateKeyError(ValueError):
    """A key bound to two commands."""


class KeyMap:
    """Key name -> command, from a table of bindings; a key bound twice is refused."""

    def __init__(self, bindings: Iterable[Binding] = BINDINGS) -> None:
        self.bindings = tuple(bindings)
        self._commands: dict[str, Command] = {}
        for binding in self.bindings:
            if not binding.keys:
                raise ValueError(f"{binding.command.value!r} has no key")
            for key in binding.keys:
                folded = key.casefold()
                other = self._commands.get(folded)
                if other is not None:
                    raise DuplicateKeyError(
                        f"the key {key!r} is bound to both {other.value!r} and "
                        f"{binding.command.value!r}"
                    )
                self._commands[folded] = binding.command

    def command_for(self, key: str) -> Command | None:
        """The command bound to a key name (any case), or None."""
        return self._commands.get(key.casefold())

    def help_rows(self) -> list[tuple[str, str]]:
        """The help screen's lines: the mouse, then every binding, then the dialogs."""
        keys = [(binding.label, binding.does) for binding in self.bindings]
        return [*MOUSE_HELP, *keys, *DIALOG_HELP]
