"""Messages for the player about their files, each shown once.

The persistence objects never raise at the window; they say what went wrong in
plain words instead. Each keeps a Messages: the window takes the new ones after
every call that may have added some, and shows them. A message made where the
language may not be known yet (at the start, before the settings say it) is a
game.language.Words: the window shows it in the language in use then (``shown``).
"""

from __future__ import annotations


class Messages:
    """Every message of a session, oldest first, and which were already taken."""

    def __init__(self) -> None:
        self._all: list[str] = []
        self._shown = 0

    def add(self, message: str) -> None:
        """Tell the player this, once a session however often it is said."""
        if message not in self._all:
            self._all.append(message)

    @property
    def all(self) -> tuple[str, ...]:
        """Every message this session, oldest first."""
        return tuple(self._all)

    def take_new(self) -> list[str]:
        """The messages not yet taken: the window shows each of them once."""
        new = self._all[self._shown :]
        self._shown = len(self._all)
        return new


class Tells:
    """What an object that keeps a Messages shows the window: its problems."""

    _messages: Messages

    @property
    def problems(self) -> tuple[str, ...]:
        """Every message for the player this session, oldest first."""
        return self._messages.all

    def take_new_problems(self) -> list[str]:
        """The messages not yet taken: the window shows each of them once."""
        return self._messages.take_new()
