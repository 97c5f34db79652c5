"""The game the window opens with, from the command line and the settings: the
command line wins over the saved settings for this session only (--seed deals the
first game only; --mode is chosen as the menu would: the next games too, and so is
--speech, as X would), and a
shared board that takes long to deal is dealt after the first frame, off the loop."""

from __future__ import annotations

from typing import NamedTuple

from game.cli import Options
from game.modes.mode import Mode
from game.modes.ordinary import Ordinary
from game.session.play import is_long
from game.view.prefs import Prefs


class Opening(NamedTuple):
    """The first game on the table, and the one the window deals after its first frame."""

    first: Mode
    """On the table from the first frame (the saved game declined, dealt again)."""
    later: Mode | None
    """A shared board that takes long to deal: dealt off the loop once the window is up
    (an ordinary game of its size under its rules is on the table until then)."""


def opening(options: Options, prefs: Prefs) -> Opening:
    """The window's first game; --mode is kept in the settings, as the menu keeps it
    (and --speech, as X keeps it: before the window's speaker is made)."""
    if options.speech:
        prefs.change(speech=True)
    if options.mode is not None:
        mode = options.mode
        prefs.change(first_click=mode.first_click, fate=mode.fate, recursion=mode.recursion)
    board = options.board or prefs.settings.board
    rules = options.rules or prefs.settings.rules
    ordinary = Ordinary(board, rules, options.seed)
    named = ordinary if options.first_game is None else options.first_game(rules)
    code = named.shared_code
    if code is not None and code.start is not None and is_long(board, rules):
        return Opening(ordinary, named)
    return Opening(named, None)
