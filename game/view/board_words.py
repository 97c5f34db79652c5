"""The board in words, as speech says it (game.view.speech): a cell's place and what
it shows, what a move did. The same things the screen shows, in the player's
language; full words ("row 3, column 5: 2") or brief ones ("C5, 2")."""

from __future__ import annotations

from typing import Final

from game.core.delta import Cell, Delta, Mark
from game.core.game import Game
from game.core.look import Look
from game.language import N_, gettext, ngettext

LOOKS: Final = {
    Look.OPEN_0: N_("empty"),
    Look.HIDDEN: N_("hidden"),
    Look.FLAG: N_("flag"),
    Look.QUESTION: N_("question mark"),
    Look.MINE: N_("mine"),
    Look.EXPLODED: N_("exploded mine"),
    Look.WRONG_FLAG: N_("wrong flag"),
}
"""What a cell shows, in words (a number is its figure)."""
EDGE: Final = N_("edge")
"""Past the board's side, in the 3x3 said around the cursor."""


def row_letters(row: int) -> str:
    """A row's letters, as a spreadsheet names columns: A for the first, AA after Z."""
    letters = ""
    row += 1
    while row:
        row, rest = divmod(row - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def place(cell: Cell, brief: bool) -> str:
    """Where a cell is: "row 3, column 5" (brief: "C5")."""
    row, col = cell
    if brief:
        return f"{row_letters(row)}{col + 1}"
    return gettext("row {row}, column {column}").format(row=row + 1, column=col + 1)


def look_words(look: Look) -> str:
    """What a cell shows: its number, or "hidden", "flag", ..."""
    if Look.OPEN_1 <= look <= Look.OPEN_8:
        return str(int(look))
    return gettext(LOOKS[look])


def cell_words(game: Game, cell: Cell, brief: bool) -> str:
    """A cell, its place first: "row 3, column 5: 2" (brief: "C5, 2")."""
    shows = look_words(game.look(*cell))
    if brief:
        return f"{place(cell, True)}, {shows}"
    return gettext("{place}: {shows}").format(place=place(cell, False), shows=shows)


def mines_left(game: Game) -> str:
    left = game.mines_left
    return ngettext("{count} mine left", "{count} mines left", left).format(count=left)


def seconds(value: int) -> str:
    return ngettext("{count} second", "{count} seconds", value).format(count=value)


LOST_AT = (N_("mine at {place}: lost."), N_("mine at row {row}, column {column}: lost."))
"""A lost game's last move (brief, full) when the end-of-game panel says its time."""
WON = N_("{opened}. Won!")
"""A won game's last move when the panel says its time."""


def move_words(game: Game, cell: Cell, delta: Delta, time: int | str, brief: bool) -> str:
    """What a move did: "opened 14 cells", "flag: 9 mines left", "mine at row 6,
    column 3: lost at 12.345 seconds" (``time``: whole seconds, or the time in words;
    "": none, as when the end-of-game panel that follows says it: "...: lost.")."""
    when = seconds(time) if isinstance(time, int) else time
    if delta.lost:
        row, col = delta.exploded[0]
        if brief:
            said = gettext("mine at {place}: lost at {time}") if when else gettext(LOST_AT[0])
            return said.format(place=place((row, col), True), time=when)
        # (a sentence of its own, not "at {place}": a language may inflect the row and
        # the column after "at", as Polish does: "w wierszu 6, kolumnie 3")
        said = gettext("mine at row {row}, column {column}: lost at {time}")
        said = said if when else gettext(LOST_AT[1])
        return said.format(row=row + 1, column=col + 1, time=when)
    if delta.won:
        opened = _opened(game, cell, delta)
        said = gettext("{opened}. Won in {time}!") if when else gettext(WON)
        return said.format(opened=opened, time=when)
    if delta.opened:
        return _opened(game, cell, delta)
    if delta.mark is Mark.FLAG:
        return gettext("flag: {left}").format(left=mines_left(game))
    if delta.mark is Mark.QUESTION:
        return gettext("question mark: {left}").format(left=mines_left(game))
    if delta.mark is Mark.NONE:
        return gettext("cleared: {left}").format(left=mines_left(game))
    return gettext("nothing changed")


def _opened(game: Game, cell: Cell, delta: Delta) -> str:
    if delta.opened == 1 and cell in delta.changed:
        return gettext("opened: {shows}").format(shows=look_words(game.look(*cell)))
    count = delta.opened
    return ngettext("opened {count} cell", "opened {count} cells", count).format(count=count)


def row_words(game: Game, row: int, brief: bool) -> str:
    """A whole row, its cells in order, a run of hidden, empty or flagged cells told
    once with its length ("row 2: 3 hidden, 1, 1, 2, 4 empty"; a number each time)."""
    runs: list[tuple[str, int]] = []
    for col in range(game.cols):
        look = game.look(row, col)
        shows = look_words(look)
        if runs and runs[-1][0] == shows and not Look.OPEN_1 <= look <= Look.OPEN_8:
            runs[-1] = (shows, runs[-1][1] + 1)
        else:
            runs.append((shows, 1))
    words = ", ".join(shows if count == 1 else f"{count} {shows}" for shows, count in runs)
    name = row_letters(row) if brief else gettext("row {row}").format(row=row + 1)
    return f"{name}: {words}"


def around_words(game: Game, cell: Cell, brief: bool) -> str:
    """The 3x3 around a cell, row by row, the cell itself in the middle ("edge"
    past the board's side)."""
    row, col = cell
    lines = []
    for r in (row - 1, row, row + 1):
        looks = [
            look_words(game.look(r, c))
            if 0 <= r < game.rows and 0 <= c < game.cols
            else gettext(EDGE)
            for c in (col - 1, col, col + 1)
        ]
        lines.append(", ".join(looks))
    return "{}: {}.".format(place(cell, brief), "; ".join(lines))
