"""Commands as data: what the player can ask of the window, and the one table that
binds keys to it (the menu bar's menus are game.view.menus).

The window's key handler and the help screen are both made from BINDINGS, so a key
is added or rebound in one place. The replay viewer's keys are commands too
(ViewerCommand, VIEWER_BINDINGS), in the same KeyMap: a key means one command on the
play screen and may mean another in the viewer, each scene asking the map what it
means there; the Keys screen lists and rebinds both. Keys are named as SDL names them
(``pygame.key.name(key, use_compat=False)``: "F2", "C", "Keypad +"), which keeps
this module free of pygame and gives the help screen readable names.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from typing import Final

from game.language import N_, gettext


class Command(Enum):
    """Something the player asks of the window, from a key or a menu."""

    NEW_GAME = "new game"
    BEGINNER = "beginner"
    RANKED_BEGINNER = "beginner 8x8"
    INTERMEDIATE = "intermediate"
    EXPERT = "expert"
    CUSTOM = "custom board"
    BOARD_CODE = "play board code"
    DAILY = "daily board"
    LADDER = "the ladder"
    TRIALS = "time trials"
    TOURNAMENT = "tournament"
    RACE_FRIEND = "race a friend"
    BEST_TIMES = "best times"
    STATISTICS = "statistics"
    HISTORY = "history"
    OPEN_REPLAY = "open replay"
    REBIND = "rebind keys"
    EXIT = "exit"
    QUESTION_MARKS = "question marks"
    LEFT_CLICK_CHORDS = "left-click chords"
    FIRST_CLICK_OPENING = "first click opens an area"
    FIRST_CLICK_SAFE = "first click is safe"
    FIRST_CLICK_NOGUESS = "no guessing"
    STRONG_NO_GUESS = "strong no-guess"
    WEAK_NO_GUESS = "weak no-guess"
    QUASI_NO_GUESS = "quasi no-guess"
    STRONG_GUESSABLE = "strong guessable"
    WEAK_GUESSABLE = "weak guessable"
    CHORD_RECURSION = "chord recursion"
    FLAG_RECURSION = "flag recursion"
    CHORD_FLAG_RECURSION = "chord and flag recursion"
    HINT = "hint"
    PROBABILITIES = "probabilities"
    COUNTER_BELOW_ZERO = "counter below zero"
    SOUND = "sound"
    COUNTERS = "live counters"
    CHOOSE_COUNTERS = "choose counters"
    ZOOM_IN = "zoom in"
    ZOOM_OUT = "zoom out"
    WORDS_LARGER = "larger words"
    WORDS_SMALLER = "smaller words"
    THEME_CLASSIC = "classic look"
    THEME_COLOURBLIND = "colour-blind safe look"
    THEME_CONTRAST = "high contrast look"
    NEXT_THEME = "next look"
    LANGUAGE_EN = "language en"
    LANGUAGE_ZH_CN = "language zh_CN"
    LANGUAGE_DE = "language de"
    LANGUAGE_PL = "language pl"
    LANGUAGE_JA = "language ja"
    SETTINGS = "settings"
    PAUSE = "pause"
    HELP = "help"
    RULES = "rules"
    ABOUT = "about"
    CURSOR_UP = "cursor up"
    CURSOR_DOWN = "cursor down"
    CURSOR_LEFT = "cursor left"
    CURSOR_RIGHT = "cursor right"
    OPEN = "open or chord"
    FLAG = "flag"
    SPEAK = "speak"
    SAY_CELL = "say the cell"
    SAY_MINES = "say the mines left"
    SAY_TIME = "say the time"
    SAY_RATE = "say 3BV/s"
    SAY_AROUND = "say the cells around"
    SAY_ROW = "say the row"
    NEXT_HIDDEN = "next hidden cell"
    NEXT_UNSATISFIED = "next number not satisfied"
    ROW_START = "row's start"
    ROW_END = "row's end"
    COLUMN_TOP = "column's top"
    COLUMN_BOTTOM = "column's bottom"


class ViewerCommand(Enum):
    """Something the player asks of the replay viewer, from a key (the value: its
    name in the settings' rebound keys, apart from every Command's)."""

    SPEED_1 = "replay at 1x"
    SPEED_2 = "replay at 2x"
    SPEED_4 = "replay at 4x"
    SPEED_8 = "replay at 8x"
    SLOWER = "replay slower"
    FASTER = "replay faster"
    PAUSE = "replay pause"
    BACK = "replay a move back"
    ON = "replay a move on"
    START = "replay from the start"
    END = "replay to the end"
    AGAIN = "replay again"
    ANALYSIS = "replay analysis"
    TIMELINE = "replay timeline"
    HEATMAP = "replay heatmap"
    ODDS = "replay probabilities"
    SKIP_IDLE = "replay skip idle"
    PRACTISE_HERE = "replay practise from here"
    PLAY_BOARD = "replay play its board"
    GIF = "replay save as GIF"
    WEB = "replay save as web page"
    LINK = "replay copy web link"
    PAIR = "replay side by side or ghost"
    CLOSE = "replay close"
    QUIT = "replay quit"


AnyCommand = Command | ViewerCommand


SAYS = frozenset(
    {
        Command.SAY_CELL,
        Command.SAY_AROUND,
        Command.SAY_ROW,
        Command.SAY_MINES,
        Command.SAY_TIME,
        Command.SAY_RATE,
    }
)
"""The keys that say something of the board or the game (the replay viewer's voice
answers them too)."""

SIGHTLESS = SAYS | frozenset(
    {
        Command.SPEAK,
        Command.NEXT_HIDDEN,
        Command.NEXT_UNSATISFIED,
        Command.ROW_START,
        Command.ROW_END,
        Command.COLUMN_TOP,
        Command.COLUMN_BOTTOM,
    }
)
"""The keys of play without sight: in the F1 help while speech is on (it is read out;
with speech off the help has no room left for them at the smallest window), and in
the Keys screen (Options > Keys...) always."""


class Binding:
    """The keys of one command, and how the help screen shows it."""

    __slots__ = ("command", "covers", "does", "keys", "shown")

    def __init__(
        self,
        command: AnyCommand,
        keys: tuple[str, ...],
        does: str,
        shown: str | None = None,
        covers: str | None = None,
    ) -> None:
        self.command: Final = command
        self.keys: Final = keys
        """SDL key names; the first is the one the help shows."""
        self.does: Final = does
        """What the command does, as the help screen says it (in English, marked with N_:
        translated where it is shown)."""
        self.shown: Final = shown
        """How the help names the keys, when not by the first key's name ("": a line of
        its own is not needed, the line before covers this command)."""
        self.covers: Final = covers
        """What the help says on a line that speaks for the lines after it too."""

    @property
    def in_viewer(self) -> bool:
        """The replay viewer's command (not the play screen's)."""
        return isinstance(self.command, ViewerCommand)

    @property
    def says(self) -> str:
        """What the help says the key does (for the lines it covers too, if any)."""
        return self.covers if self.shown and self.covers else self.does

    @property
    def label(self) -> str:
        """The keys as the help screen shows them ("" for a line the previous one
        covers: the help leaves it out)."""
        return self.keys[0] if self.shown is None else self.shown


BINDINGS: tuple[Binding, ...] = (
    Binding(
        Command.CURSOR_UP,
        ("Up", "W"),
        N_("cursor up (Shift: 5 cells)"),
        shown=N_("Arrows, WASD"),
        covers=N_("move the cursor (Shift: 5 cells)"),
    ),
    Binding(Command.CURSOR_LEFT, ("Left", "A"), N_("cursor left"), shown=""),
    Binding(Command.CURSOR_DOWN, ("Down", "S"), N_("cursor down"), shown=""),
    Binding(Command.CURSOR_RIGHT, ("Right", "D"), N_("cursor right"), shown=""),
    Binding(
        Command.OPEN,
        ("Space", "Return", "Keypad Enter"),
        N_("open the cell (chord on a number)"),
        shown=N_("Space, Enter"),
    ),
    Binding(Command.FLAG, ("F",), N_("flag / question mark / clear")),
    Binding(Command.SPEAK, ("X",), N_("speech on / off")),
    Binding(
        Command.SAY_CELL,
        ("I",),
        N_("say the cell under the cursor"),
    ),
    Binding(Command.SAY_AROUND, ("E",), N_("say the 3x3 cells around the cursor")),
    Binding(Command.SAY_ROW, ("R",), N_("say the cursor's whole row")),
    Binding(Command.SAY_MINES, ("L",), N_("say the mines left")),
    Binding(Command.SAY_TIME, ("Y",), N_("say the time")),
    Binding(Command.SAY_RATE, ("B",), N_("say 3BV/s so far")),
    Binding(
        Command.NEXT_HIDDEN,
        ("N",),
        N_("cursor to the next hidden cell (Shift: the one before)"),
    ),
    Binding(
        Command.NEXT_UNSATISFIED,
        ("U",),
        N_("cursor to the next number with hidden cells and mines not all flagged (Shift: back)"),
    ),
    Binding(Command.ROW_START, ("Home",), N_("cursor to the row's start")),
    Binding(Command.ROW_END, ("End",), N_("cursor to the row's end")),
    Binding(Command.COLUMN_TOP, ("PageUp",), N_("cursor to the column's top")),
    Binding(Command.COLUMN_BOTTOM, ("PageDown",), N_("cursor to the column's bottom")),
    Binding(Command.NEW_GAME, ("F2",), N_("new game"), shown=N_("Face, F2")),
    Binding(
        Command.BEGINNER, ("1", "Keypad 1"), N_("Beginner: 9x9, 10 mines (8x8 if ranked size)")
    ),
    Binding(Command.INTERMEDIATE, ("2", "Keypad 2"), N_("Intermediate: 16x16, 40 mines")),
    Binding(Command.EXPERT, ("3", "Keypad 3"), N_("Expert: 16x30, 99 mines")),
    Binding(Command.CUSTOM, ("F3",), N_("custom board")),
    Binding(Command.STATISTICS, ("F4",), N_("statistics")),
    Binding(Command.HISTORY, ("F7",), N_("game history")),
    Binding(Command.OPEN_REPLAY, ("F11",), N_("open a replay file")),
    Binding(Command.SETTINGS, ("F5",), N_("settings")),
    Binding(Command.BEST_TIMES, ("F6",), N_("best times")),
    Binding(Command.DAILY, ("F8",), N_("today's daily board: the same for everyone")),
    Binding(Command.BOARD_CODE, ("F9",), N_("play a board from its code")),
    Binding(Command.ZOOM_IN, ("+", "=", "Keypad +"), N_("zoom in")),
    Binding(Command.ZOOM_OUT, ("-", "Keypad -"), N_("zoom out")),
    Binding(Command.WORDS_LARGER, (".",), N_("larger words and menus (the board keeps its zoom)")),
    Binding(Command.WORDS_SMALLER, (",",), N_("smaller words and menus")),
    Binding(Command.SOUND, ("M",), N_("sound on / off")),
    Binding(Command.COUNTERS, ("C",), N_("live counters beside the board: show / hide")),
    Binding(Command.NEXT_THEME, ("T",), N_("look: classic / colour-blind safe / high contrast")),
    Binding(Command.PAUSE, ("P", "Pause"), N_("pause (hides the board; any key goes on)")),
    Binding(Command.HINT, ("H",), N_("hint: the next cell logic finds, and why")),
    Binding(Command.PROBABILITIES, ("O",), N_("show / hide each hidden cell's chance of a mine")),
    Binding(Command.HELP, ("F1",), N_("this help")),
)
"""Every key command of the window, in the order the help lists them."""

VIEWER_BINDINGS: tuple[Binding, ...] = (
    Binding(ViewerCommand.SPEED_1, ("1", "Keypad 1"), N_("replay: at 1x")),
    Binding(ViewerCommand.SPEED_2, ("2", "Keypad 2"), N_("replay: at 2x")),
    Binding(ViewerCommand.SPEED_4, ("4", "Keypad 4"), N_("replay: at 4x")),
    Binding(ViewerCommand.SPEED_8, ("8", "Keypad 8"), N_("replay: at 8x")),
    Binding(ViewerCommand.SLOWER, ("[",), N_("replay: slower (down to 0.25x)")),
    Binding(ViewerCommand.FASTER, ("]",), N_("replay: faster (up to 8x)")),
    Binding(ViewerCommand.PAUSE, ("Space", "P"), N_("replay: pause / go on")),
    Binding(ViewerCommand.BACK, ("Left",), N_("replay: a move back")),
    Binding(ViewerCommand.ON, ("Right",), N_("replay: a move on")),
    Binding(ViewerCommand.START, ("Home",), N_("replay: to the start")),
    Binding(ViewerCommand.END, ("End",), N_("replay: to the end")),
    Binding(ViewerCommand.AGAIN, ("R",), N_("replay: play it again")),
    Binding(ViewerCommand.ANALYSIS, ("A",), N_("replay: its analysis")),
    Binding(ViewerCommand.TIMELINE, ("T",), N_("replay: the timeline")),
    Binding(ViewerCommand.HEATMAP, ("H",), N_("replay: thinking time as heat")),
    Binding(ViewerCommand.ODDS, ("O",), N_("replay: the mine probabilities")),
    Binding(ViewerCommand.SKIP_IDLE, ("S",), N_("replay: skip idle time")),
    Binding(ViewerCommand.PRACTISE_HERE, ("C",), N_("replay: play on from here")),
    Binding(ViewerCommand.PLAY_BOARD, ("B",), N_("replay: play its board")),
    Binding(ViewerCommand.GIF, ("G",), N_("replay: save as a GIF")),
    Binding(ViewerCommand.WEB, ("W",), N_("replay: save as a web page")),
    Binding(ViewerCommand.LINK, ("L",), N_("replay: copy its web link")),
    Binding(
        ViewerCommand.PAIR, ("V",), N_("replay: a race's two replays side by side, or as a ghost")
    ),
    Binding(ViewerCommand.CLOSE, ("Escape",), N_("replay: close (or stop a GIF)")),
    Binding(
        ViewerCommand.QUIT, ("Q",), N_("replay: close; a replay opened on its own: quit the game")
    ),
)
"""The replay viewer's keys, in the order the Keys screen lists them (after the play
screen's)."""

KEY_WORDS: Final = {"Return": N_("Enter"), "Keypad Enter": N_("Keypad Enter"), "Space": N_("Space")}
"""The keys the Help names in words (SDL's "Return" is the Help's "Enter"): the Keys
screen names them so too, in the player's language (the rest are SDL's names)."""


def keys_named(keys: Iterable[str]) -> str:
    """A binding's keys as the Keys screen lists them: "Space, Enter, Keypad Enter"."""
    return gettext(", ").join(gettext(KEY_WORDS[key]) if key in KEY_WORDS else key for key in keys)


SYMBOL_WORDS: Final = {
    "-": N_("minus"),
    ".": N_("period"),
    ",": N_("comma"),
    "[": N_("left bracket"),
    "]": N_("right bracket"),
}
"""The keys of a symbol speech names in a word: a voice reads a lone "-", ".", ",",
"[" or "]" as nothing (espeak-ng: "Zoom out, -" is heard "Zoom out")."""


def keys_said(keys: str) -> str:
    """Keys as shown ("-, Keypad -"), as speech says them ("minus, Keypad minus")."""
    if keys in SYMBOL_WORDS:
        return gettext(SYMBOL_WORDS[keys])
    between = gettext(", ")  # (as keys_named joins them)
    return between.join(
        " ".join(gettext(SYMBOL_WORDS[w]) if w in SYMBOL_WORDS else w for w in part.split(" "))
        for part in keys.split(between)
    )


MOUSE_HELP: tuple[tuple[str, str], ...] = (
    (N_("Left click"), N_("open a cell")),
    (N_("Right click"), N_("flag / question mark / clear")),
    (N_("Both buttons, middle"), N_("chord: open around a number")),
)
"""The mouse's part of the help (the input machine's gestures, not commands)."""

MENU_HELP: tuple[tuple[str, str], ...] = (
    ("F10, Alt", N_("the menu bar (arrows move, Enter chooses)")),
)
"""The menu bar's keys (MENU_KEYS: no command's, never rebound)."""

DIALOG_HELP: tuple[tuple[str, str], ...] = (("Esc", N_("close a dialog")),)
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


MENU_KEYS = frozenset({"F10", "Left Alt", "Right Alt"})
"""Keys that open the menu bar from the keyboard."""


class DuplicateKeyError(ValueError):
    """A key bound to two commands."""


class KeyMap:
    """Key name -> command, from a table of bindings: the play screen's and the replay
    viewer's, each scene asking what a key means there. A key bound twice in one
    scene is refused."""

    def __init__(self, bindings: Iterable[Binding] = (*BINDINGS, *VIEWER_BINDINGS)) -> None:
        self.bindings = tuple(bindings)
        self._play: dict[str, Command] = {}
        self._viewer: dict[str, ViewerCommand] = {}
        for binding in self.bindings:
            if not binding.keys:
                raise ValueError(f"{binding.command.value!r} has no key")
            for key in binding.keys:
                folded = key.casefold()
                if key in MENU_KEYS:
                    raise DuplicateKeyError(f"the key {key!r} opens the menu bar")
                other = self.taken_by(key, binding.command)
                if other is not None:
                    raise DuplicateKeyError(
                        f"the key {key!r} is bound to both {other.value!r} and "
                        f"{binding.command.value!r}"
                    )
                command = binding.command
                if isinstance(command, ViewerCommand):
                    self._viewer[folded] = command
                else:
                    self._play[folded] = command

    def rebound(self, choice: Iterable[tuple[str, Iterable[str]]]) -> KeyMap:
        """This table with some commands' keys replaced (by command name; a name the
        table does not know is passed over). Raises DuplicateKeyError when a key
        would then be bound twice."""
        new = {name: tuple(keys) for name, keys in choice}
        # A line of the help that speaks for the lines after it ("Arrows, WASD") is
        # split into a line each once any of them is rebound.
        groups: list[list[Binding]] = []
        for binding in self.bindings:
            if binding.shown == "" and groups:
                groups[-1].append(binding)
            else:
                groups.append([binding])
        bindings = []
        for group in groups:
            split = len(group) > 1 and any(b.command.value in new for b in group)
            for b in group:
                keys = new.get(b.command.value, b.keys)
                shown = None if split or b.command.value in new else b.shown
                bindings.append(Binding(b.command, keys, b.does, shown, b.covers))
        return KeyMap(bindings)

    def command_for(self, key: str) -> Command | None:
        """The play screen's command bound to a key name (any case), or None."""
        return self._play.get(key.casefold())

    def viewer_command_for(self, key: str) -> ViewerCommand | None:
        """The replay viewer's command bound to a key name (any case), or None."""
        return self._viewer.get(key.casefold())

    def taken_by(self, key: str, beside: AnyCommand) -> AnyCommand | None:
        """The command that a key already means in the scene of ``beside`` (the play
        screen or the viewer), or None."""
        if isinstance(beside, ViewerCommand):
            return self.viewer_command_for(key)
        return self.command_for(key)

    def shortcut(self, command: AnyCommand) -> str:
        """How a menu names the key of a command ("" when it has none)."""
        for binding in self.bindings:
            if binding.command is command:
                return binding.keys[0]
        return ""

    def help_rows(self, sightless: bool = False) -> list[tuple[str, str]]:
        """The help screen's lines: the mouse, then every binding of the play screen
        (those of play without sight only while speech is on: ``sightless``), then the
        menu bar's keys and the dialogs'."""
        keys = [
            (b.label, b.says)
            for b in self.bindings
            if not b.in_viewer and (sightless or b.command not in SIGHTLESS)
        ]
        rows = [*MOUSE_HELP, *(row for row in keys if row[0]), *MENU_HELP, *DIALOG_HELP]
        return [(gettext(keys), gettext(does)) for keys, does in rows]
