"""Notices with one OK: what went wrong with the player's files, the rules, about,
and where a file was saved."""

from __future__ import annotations

from pathlib import Path

from game.language import N_, gettext
from game.screens.answers import Noted, answering
from game.view.widgets.message import MessageDialog


def notice(title: str, lines: list[str]) -> MessageDialog:
    """A message with an OK (Enter or Esc); it answers Noted.OK. A path in it is
    shown whole (it widens the box, as far as the window allows)."""
    return answering(MessageDialog(title, lines, buttons=(Noted.OK.label,)), Noted)


def problems_dialog(problems: list[str]) -> MessageDialog:
    """What went wrong with the player's files, in plain words, shown once."""
    return notice(N_("Your records"), problems)


RULES_TEXT = [
    N_(
        "Open every cell that holds no mine. A number tells how many of the eight cells "
        "around it hold mines."
    ),
    N_(
        "Left click opens a cell; right click flags it (again: a question mark, again: "
        "clear). Both buttons, or the middle one, on a number whose flags are all placed "
        "open the cells around it."
    ),
    N_(
        "The first click is never a mine. The timer starts with it; the counter shows the "
        "mines less your flags. Every action happens when the button is released."
    ),
    N_("Settings that change the rules apply from the next game."),
]
"""The rules in brief, in English (translated when shown)."""


def rules_dialog() -> MessageDialog:
    """The rules in brief (docs/RULES.md has them all)."""
    return notice(N_("Rules"), [gettext(line) for line in RULES_TEXT])


def about_dialog(version: str, folder: Path) -> MessageDialog:
    """The version, the licences, and where the records are."""
    return notice(
        gettext("About Minesweeper {version}").format(version=version),
        [
            gettext("Minesweeper {version}, on pygame-ce (LGPL) and SDL (zlib licence).").format(
                version=version
            ),
            gettext(
                "The fonts are DejaVu Sans (Bitstream Vera licence) and Noto Sans CJK"
                " (SIL Open Font License)."
            ),
            gettext("Your records and settings are kept in {folder}.").format(folder=folder),
        ],
    )


def saved_dialog(what: str, path: Path) -> MessageDialog:
    """Where a file was just saved (a GIF of a replay): its whole path."""
    return notice(
        gettext("{what} saved").format(what=what),
        [gettext("{what} saved as {path}").format(what=what, path=path)],
    )
