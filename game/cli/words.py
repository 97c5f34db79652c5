"""The command line in the player's language: the language is chosen before argparse
builds the help (--lang, else the one the settings keep, else the system's, as the
window chooses it: game.language), and argparse's own words ("usage:", "options",
its errors) are said in it: argparse looks each up through the module's ``_`` and
``ngettext`` when it uses it, which ``teach`` points at the game's catalogs (where
tools/catalogs.py puts ARGPARSE_WORDS, read from argparse itself) when the parser
loads argparse (game.cli.arguments: not at a plain start)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from types import ModuleType

from game import language
from game.persist.data_folder import kept_language

ARGPARSE_WORDS = frozenset(
    {
        "usage: ",
        "options",
        "positional arguments",
        "show this help message and exit",
        "%(prog)s: error: %(message)s\n",
        "argument %(argument_name)s: %(message)s",
        "unrecognized arguments: %s",
        "not allowed with argument %s",
        "ignored explicit argument %r",
        "the following arguments are required: %s",
        "one of the arguments %s is required",
        "expected one argument",
        "expected at most one argument",
        "expected at least one argument",
        "expected %s argument",
        "ambiguous option: %(option)s could match %(matches)s",
        "invalid %(type)s value: %(value)r",
        "invalid choice: %(value)r (choose from %(choices)s)",
        "can't open '%(filename)s': %(error)s",
    }
)
"""argparse's words a player reads (its help's headings, its usage errors), by their
English (or, for a count, the singular): the catalogs translate these; the rest
of argparse's words are a programmer's (a parser built wrong), left in English."""


def early_language(argv: Sequence[str]) -> str:
    """The language of this run, from the arguments before argparse reads them:
    --lang CODE (or --lang=CODE), else the language the settings keep (in --data-dir,
    if given), else the system's."""
    given = _value(argv, "--lang")
    kept = None if given is not None else kept_language(_value(argv, "--data-dir"))
    return language.first_choice(given, kept, os.environ)


def _value(argv: Sequence[str], name: str) -> str | None:
    """The value an option is given ("--lang de", "--lang=de"; the last one wins, as
    argparse has it), or None."""
    found = None
    for at, argument in enumerate(argv):
        if argument == "--":
            break
        if argument == name and at + 1 < len(argv):
            found = argv[at + 1]
        elif argument.startswith(name + "="):
            found = argument[len(name) + 1 :]
    return found


def speak(code: str) -> None:
    """Speak this language from now on (argparse too: it looks its words up through
    ``teach``'s functions, which follow the language in use)."""
    language.use(code)


def teach(argparse: ModuleType) -> None:
    """argparse says its words in the language in use (the parser calls it as it
    loads argparse)."""
    argparse._ = language.gettext  # type: ignore[attr-defined]
    argparse.ngettext = language.ngettext  # type: ignore[attr-defined]
