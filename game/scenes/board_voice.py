"""What the play screen says: the board's words (game.view.board_words) for the cell
under the keyboard cursor as it moves, each move's result, the figures asked for,
the hint and the notes; and the earcons under the cursor (a tone a number, the
board's edge, a flag), so a fast player need not wait for the words."""

from __future__ import annotations

from collections.abc import Callable

from game.analysis.glossary import label_of
from game.core.delta import Cell
from game.core.look import Look
from game.language import N_, gettext, shown
from game.replay.figures import GameNumbers
from game.session.table import GameStarted, MoveApplied, Table, TableEvent
from game.view import board_words as words
from game.view.advice import box_text
from game.view.commands import Command
from game.view.prefs import Prefs
from game.view.speech import Speaker
from game.words import spoken_seconds

NOTHING_TO_PAUSE = N_("nothing to pause: no game under way")
"""Said when the pause key finds no game under way (not begun, or over)."""
NO_HINT_OVER = N_("no hint: the game is over")
"""Said when the hint key finds the game over (it is no silent key)."""
GOING_ON = N_("Going on.")
"""Said as a pause ends (any key or click goes on), before the cursor's cell."""
TONES = {Look(n): f"tone{n}" for n in range(1, 9)}
"""The earcon of each number under the cursor (its pitch rises with the number)."""


class BoardVoice:
    """Says the play screen's board (a tap on the table, told of the cursor)."""

    def __init__(
        self, table: Table, prefs: Prefs, speaker: Speaker, numbers: Callable[[], GameNumbers]
    ) -> None:
        self.table = table
        self.prefs = prefs
        self.speaker = speaker
        self.numbers = numbers
        """The game's figures so far (the live counters'): 3BV/s said from them."""
        self._said: tuple[object, object] = (None, None)
        """The hint and the note last said."""
        self.live: Callable[[], str] = lambda: ""
        """A live race's other side's progress in words (said with 3BV/s)."""
        table.tap(self._heard)

    @property
    def brief(self) -> bool:
        return self.speaker.brief

    def _heard(self, event: TableEvent) -> None:
        if not self.speaker.active:
            return
        if isinstance(event, GameStarted):
            if not event.tag.mode.new_game:
                return  # (a game left unfinished, given back: its offer says it)
            board = event.session.board
            said = gettext("New game: {rows} by {columns}, {mines}.").format(
                rows=board.rows, columns=board.cols, mines=words.mines_left(event.session.game)
            )
            title = event.tag.mode.title()
            self.speaker.say(f"{title}. {said}" if title else said)
        elif isinstance(event, MoveApplied):
            move, session = event.move, event.session
            time = self._time_of(event)
            self.speaker.say(
                words.move_words(session.game, (move.row, move.col), event.delta, time, False),
                words.move_words(session.game, (move.row, move.col), event.delta, time, True),
            )

    @staticmethod
    def _time_of(event: MoveApplied) -> int | str:
        """The time a move's words say: the timer's whole seconds while the game goes
        on; at its end the game's own time, as the panel shows it (the LED's "2" for
        1.078 s was a second time for one game), or none when the panel follows and
        says it (the time said once)."""
        session = event.session
        if not (event.delta.lost or event.delta.won):
            return session.timer_value
        return "" if event.tag.mode.ends_beside else spoken_seconds(session.elapsed_ms, 3)

    # ------------------------------------------------------------------ the cursor

    def cursor(self, cell: Cell, moved: bool) -> None:
        """The cursor is on a cell (``moved``: it went there; else it was at the edge)."""
        game = self.table.game
        if self.speaker.enabled and self.prefs.settings.earcons:
            look = game.look(*cell)
            earcon = "edge" if not moved else TONES.get(look)
            if earcon is None and look is Look.FLAG:
                earcon = "flagged"
            if earcon is not None:
                self.prefs.sound.play(earcon)
        self.speaker.say(words.cell_words(game, cell, False), words.cell_words(game, cell, True))

    def around(self, cell: Cell) -> None:
        self.speaker.say(words.around_words(self.table.game, cell, self.brief))

    def row(self, cell: Cell) -> None:
        self.speaker.say(words.row_words(self.table.game, cell[0], self.brief))

    def paused(self) -> None:
        """The game paused: what the pause key does, as the Keys screen says it."""
        said = next(b.does for b in self.prefs.keymap.bindings if b.command is Command.PAUSE)
        self.speaker.say(gettext(said))

    def no_pause(self) -> None:
        """The pause key found no game under way: said so (it is no silent key)."""
        self.speaker.say(gettext(NOTHING_TO_PAUSE))

    def going_on(self) -> None:
        """The pause ended: said so, with the cell under the cursor (the key or click
        that ended it does nothing else)."""
        said, cell, game = gettext(GOING_ON), self.table.shown_cursor, self.table.game
        if cell is None:
            self.speaker.say(said)
        else:
            full, brief = words.cell_words(game, cell, False), words.cell_words(game, cell, True)
            self.speaker.say(f"{said} {full}", f"{said} {brief}")

    def nothing(self, what: str) -> None:
        """A jump that found no cell: say so."""
        self.speaker.say(what)

    # ------------------------------------------------------------------ figures

    def mines(self) -> None:
        self.speaker.say(words.mines_left(self.table.game))

    def time(self) -> None:
        self.speaker.say(words.seconds(self.table.session.timer_value))

    def rate(self, race: str = "") -> None:
        """3BV/s so far, and ``race``: a race's standing in words (Race.standing)."""
        value = self.numbers().words("bbbv_s") or "-"
        said = f"{gettext(label_of('bbbv_s'))}: {value}"
        self.speaker.say("; ".join(filter(None, (said, race, self.live()))))

    def asked(self) -> None:
        """The hint was asked for (H): said even when it is the one shown (a player by
        ear presses H again to hear it again); the game over, why there is none (it is
        no silent key)."""
        self._said = (None, None)
        if self.table.session.status.is_over:
            self.speaker.say(gettext(NO_HINT_OVER))

    def after_command(self) -> None:
        """Say a hint or a note that a command put up (the advice's box words), or
        that came meanwhile (asked again as the board is drawn: said once)."""
        table, trouble = self.table, self.speaker.trouble
        if trouble is not None:  # (the voice failed, on its thread: shown here, once)
            self.speaker.trouble = None
            table.hint, table.note = None, trouble
        if not self.speaker.active or (table.hint, table.note) == self._said:
            return
        self._said = (table.hint, table.note)
        if table.hint is not None:
            advice = table.advice()
            cell = table.hint.cell
            said = box_text(advice) if advice is not None else shown(table.hint.reason)
            self.speaker.say(f"{words.cell_words(table.game, cell, self.brief)}. {said}")
        elif table.note is not None:
            self.speaker.say(shown(table.note))
