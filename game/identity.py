"""The player's identity as our replays and EVF files carry it: a name, an
identifier and a country, each checked the same way wherever it is read (the
settings file, a replay file, the Player form).

- The name: one line, spaces folded, at most MAX_NAME characters (player_name).
- The identifier: what a rankings site calls the player (a saolei.wang user id, a
  nickname there, an e-mail): 1 to MAX_IDENTIFIER printable characters, no spaces at
  either end. EVF's uniqueness identifier carries it (the standard: what tells the
  player apart from others of the same name, not shown by the sites).
- The country: an ISO 3166-1 alpha-2 code, two capital letters ("DE", "CN"), as EVF's
  standard recommends for its country field; a site reads it without guessing.

Each is optional: the empty text says nothing.
"""

from __future__ import annotations

import re

from game.language import gettext

MAX_NAME = 32
"""The longest name kept."""


def player_name(text: str) -> str:
    """A player's name as a replay keeps it: one line, spaces folded, MAX_NAME at most."""
    return " ".join(text.split())[:MAX_NAME]


MAX_IDENTIFIER = 64
"""The longest identifier kept (a site's user id or e-mail is far shorter)."""

_COUNTRY = "[A-Z]{2}"
"""(compiled by re at its first use, not at import: the module loads before the first
frame)"""


def name_problem(text: str) -> str | None:
    """What is wrong with a name, in one line (None: nothing; "" is fine)."""
    if len(text) > MAX_NAME:
        return gettext("the name is longer than {most} characters").format(most=MAX_NAME)
    if not text.isprintable() or player_name(text) != text:
        return gettext("the name is one line of printable characters, single spaces")
    return None


def identifier_problem(text: str) -> str | None:
    """What is wrong with an identifier, in one line (None: nothing; "" is fine)."""
    if not text:
        return None
    if len(text) > MAX_IDENTIFIER:
        return gettext("the identifier is longer than {most} characters").format(
            most=MAX_IDENTIFIER
        )
    if not text.isprintable() or text != text.strip():
        return gettext("the identifier is printable characters, without spaces at either end")
    return None


def country_problem(text: str) -> str | None:
    """What is wrong with a country, in one line (None: nothing; "" is fine)."""
    if not text or re.fullmatch(_COUNTRY, text):
        return None
    return gettext("the country is a two-letter ISO 3166-1 code, such as DE or CN")


def clean_country(text: str) -> str:
    """A country as typed, the way it is kept: trimmed and in capitals."""
    return text.strip().upper()
