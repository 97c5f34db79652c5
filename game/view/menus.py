"""The menu bar's menus, as the classic game has them: the same commands as the keys."""

from __future__ import annotations

from typing import Final

from game.language import LANGUAGES, gettext
from game.view.commands import Command


class MenuItem:
    """A line of a menu: the command it gives, and its words (in English)."""

    __slots__ = ("command", "label", "translated")

    def __init__(self, command: Command, label: str, translated: bool = True) -> None:
        self.command: Final = command
        self.label: Final = label
        self.translated: Final = translated
        """False: the words are the same in every language (a language's own name)."""

    @property
    def shown(self) -> str:
        """The words in the player's language."""
        return gettext(self.label) if self.translated else self.label


SEPARATOR = None
"""An etched line between groups of a menu's items."""


class Menu:
    """A menu of the menu bar: its title and its lines (None: a separator)."""

    __slots__ = ("items", "title")

    def __init__(self, title: str, items: tuple[MenuItem | None, ...]) -> None:
        self.title: Final = title
        self.items: Final = items

    @property
    def shown(self) -> str:
        """The title in the player's language."""
        return gettext(self.title)


_MENU_TEXT = """
[Game]
New                             new game
-
Beginner                        beginner
Intermediate                    intermediate
Expert                          expert
Custom...                       custom board
Daily board                     daily board
Play board code...              play board code
The ladder...                   the ladder
Time trials...                  time trials
Tournament...                   tournament
Race a friend...                race a friend
-
Pause                           pause
Hint                            hint
Mine probabilities              probabilities
-
Best times...                   best times
Statistics...                   statistics
History...                      history
Open replay...                  open replay
-
Exit                            exit
[Options]
Question marks                  question marks
Left click on a number chords   left-click chords
Mine counter below zero         counter below zero
Beginner 8x8 (ranked size)      beginner 8x8
-
Standard: first click safe      first click is safe
Win7: first click opens         first click opens an area
No guessing (logic clears it)   no guessing
Strong no-guess                 strong no-guess
Weak no-guess                   weak no-guess
Quasi no-guess                  quasi no-guess
Strong guessable                strong guessable
Weak guessable                  weak guessable
Chord recursion                 chord recursion
Flag recursion                  flag recursion
Chord and flag recursion        chord and flag recursion
-
Settings...                     settings
Keys...                         rebind keys
-
Sound                           sound
Speak                           speak
Live counters                   live counters
Counters...                     choose counters
Zoom in                         zoom in
Zoom out                        zoom out
Larger words                    larger words
Smaller words                   smaller words
-
Classic look                    classic look
Colour-blind safe look          colour-blind safe look
High contrast look              high contrast look
-
*languages*
[Help]
Keys                            help
Rules                           rules
-
About                           about
"""
"""Each menu: its title in brackets, then a line per item: its words, then the value
of the Command it gives (game.view.commands); "-" for a separator; "*languages*" for
a line per language (game.language.LANGUAGES), each named in itself.

The words are English: the menu bar translates them as it draws them (so a new
language shows at once), and tools/catalogs.py extracts them for the catalogs."""


LANGUAGE_LINES = "*languages*"


def _menus(text: str) -> tuple[Menu, ...]:
    menus: list[tuple[str, list[MenuItem | None]]] = []
    for line in text.strip().splitlines():
        if line.startswith("["):
            menus.append((line.strip("[]"), []))
        elif line == "-":
            menus[-1][1].append(SEPARATOR)
        elif line == LANGUAGE_LINES:
            menus[-1][1].extend(
                MenuItem(Command(f"language {code}"), name, translated=False)
                for code, name in LANGUAGES.items()
            )
        else:
            words, _, command = line.partition("  ")
            menus[-1][1].append(MenuItem(Command(command.strip()), words))
    return tuple(Menu(title, tuple(items)) for title, items in menus)


MENUS: tuple[Menu, ...] = _menus(_MENU_TEXT)
"""The menu bar, as the classic game has it; the same commands as the keys."""


def words_of(command: Command) -> str | None:
    """The words (in English) of the menu line giving this command; None when no line
    gives it. A setting with a menu line is named by it in the Settings dialog too
    (game.view.toggles): one name for one thing."""
    for menu in MENUS:
        for item in menu.items:
            if item is not None and item.command is command:
                return item.label
    return None
