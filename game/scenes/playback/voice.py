"""What the replay viewer says (game.view.speech): the replay when it opens (who
played it, the board, how it ended and when); after each of the viewer's keys the
moment it shows (the time, the move played last and what it did, the mines left);
the end when the playback reaches it; a word the bar shows (a view turned on, why
something cannot be). The play screen's keys of play without sight work here where
the viewer binds no key of its own (by default Y the time, I the cell under the
replay's pointer, E the 3x3 around it): the same figures and cells as in play, in
the board's words (game.view.board_words)."""

from __future__ import annotations

from game.analysis.glossary import label_of
from game.core.delta import Cell
from game.core.solved import SolvedSoFar
from game.core.status import Status
from game.language import N_, gettext, ngettext
from game.replay.figures import GameNumbers
from game.scenes.playback.control import Playback
from game.scenes.playback.overlays import HEAT, TIMELINE, Overlays
from game.session.geometry import TILE
from game.view import board_words as words
from game.view.commands import SAYS, VIEWER_BINDINGS, Command, KeyMap
from game.view.commands import ViewerCommand as V
from game.view.speech import Speaker
from game.words import RESULT_IN, spoken_seconds

MOVES = frozenset({V.BACK, V.ON, V.START, V.END, V.AGAIN})
"""The keys that move the playback to another moment (the moment is said)."""
TOGGLES = (V.TIMELINE, V.HEATMAP, V.ODDS, V.SKIP_IDLE)
"""The keys that show or hide something (said with on or off)."""


def comma() -> str:
    """What joins the parts of a moment said ("paused, 4.2 seconds"; Japanese 、,
    Chinese ，)."""
    return gettext(", ")


def colon() -> str:
    """What joins a moment's time and what happened then, a figure's name and its
    value ("4.2 seconds: opened 14 cells"; Chinese and Japanese ：)."""
    # Translators: between a time and what happened then, or a figure's name and its
    # value, as the replay viewer says them (a full-width colon in Chinese and Japanese).
    return gettext(": ")


def stop() -> str:
    """What ends a sentence said before another ("0.8 seconds: ... . 3BV/s: 1.250";
    Chinese and Japanese 。, with no space after it)."""
    # Translators: between two sentences the replay viewer says one after the other.
    return gettext(". ")


class PlaybackVoice:
    """Says the replay viewer's playback (the scene tells it of each key)."""

    def __init__(
        self, playback: Playback, overlays: Overlays, speaker: Speaker, caption: str
    ) -> None:
        self.playback = playback
        self.overlays = overlays
        self.speaker = speaker
        self.caption = caption
        self._opened = False
        self._page_said = False
        """The opening was said by a key's words (the speech came on with that key):
        the stage, asking next, is told nothing more."""
        self._heard: tuple[bool, str] = (False, "")
        """Whether the end was said since the playback last left it; the note last said."""
        self._last: object = None
        """The move last said (while playing, each is said as it is played)."""

    # ------------------------------------------------------------------ what is said

    def opening(self) -> str:
        """The replay, said when the viewer opens: who played it, the board, how it
        ended and when."""
        replay = self.playback.replay
        board = replay.board
        opened = gettext("Replay: {level}, {rows} by {columns}, {mines}; {result}.").format(
            level=gettext(board.difficulty.label),
            rows=board.rows,
            columns=board.cols,
            mines=self._mines(board.mines),
            result=gettext(RESULT_IN[replay.result]).format(time=spoken_seconds(replay.ms, 3)),
        )
        return f"{self.caption}{stop()}{opened}" if self.caption else opened

    def page(self) -> str:
        """What the viewer says as it comes to the front: the replay the first time,
        then (back from its analysis) the moment shown."""
        if self._page_said:  # (the first key said it before its own words)
            self._page_said = False
            return ""
        if not self._opened:
            self._opened = True
            return self.opening()
        full, brief = self.moment()
        return self.speaker.words(self._with_state(full), brief)

    def _with_state(self, moment: str) -> str:
        state = self.state()
        return f"{state}{comma()}{moment}" if state else moment

    @staticmethod
    def _mines(count: int) -> str:
        return ngettext("{count} mine", "{count} mines", count).format(count=count)

    def moment(self) -> tuple[str, str]:
        """The moment shown, full and brief: the time and the last move, its place
        and what it did ("4.2 seconds: row 3, column 5, opened 14 cells, 9 mines
        left"; brief "C5, opened 14 cells")."""
        playback = self.playback
        at = spoken_seconds(playback.clock.ms)
        if playback.last is None:
            did = gettext("nothing opened yet")
            return f"{at}{colon()}{did}", f"{at}{colon()}{did}"
        full, brief = self.move()
        return f"{at}{colon()}{full}", brief

    def move(self) -> tuple[str, str]:
        """The last move played, full and brief: where, and what it did (the mines
        left after an opening too, in full)."""
        assert self.playback.last is not None
        game = self.playback.table.game
        move, ms, delta = self.playback.last
        cell, time = (move.row, move.col), spoken_seconds(ms)
        full, brief = (words.move_words(game, cell, delta, time, b) for b in (False, True))
        if not delta.lost:  # (a loss names the mine's place)
            full = f"{words.place(cell, False)}{comma()}{full}"
            brief = f"{words.place(cell, True)}{comma()}{brief}"
        if delta.opened and not (delta.lost or delta.won):
            full += f"{comma()}{words.mines_left(game)}"
        return full, brief

    def state(self) -> str:
        """What the playback is doing: paused, or its speed (nothing at the end:
        the moment says how the game ended)."""
        playback = self.playback
        if playback.finished:
            return ""
        if playback.paused:
            return gettext("paused")
        return gettext("playing at {speed}").format(speed=f"{playback.speed:g}x")

    def after(self, command: V, note: str) -> None:
        """A viewer's key was handled: a new note is said; else a view shown or put
        away, on or off; else, at a new moment (a step, a seek), paused or at the
        end, the moment shown; else the playback's state."""
        if not self.speaker.active:
            return
        if not self._opened:  # (the speech came on with this key: the replay first)
            self.speaker.say(self.page())
            self._page_said = True
        if note and note != self._heard[1]:
            self.speaker.say(note)
        elif command in TOGGLES:
            self.speaker.say(self.toggled(command))
        elif command in MOVES or self.playback.still:
            full, brief = self.moment()
            self.speaker.say(self._with_state(full), brief)
        else:
            self.speaker.say(self.state())
        self._heard, self._last = (self.playback.finished, note), self.playback.last

    def toggled(self, command: V) -> str:
        """A view of the viewer's, as the Keys screen names it, on or off."""
        playback, shown = self.playback, self.overlays.shown
        on = {
            V.TIMELINE: TIMELINE in shown,
            V.HEATMAP: HEAT in shown,
            V.ODDS: playback.table.show_probabilities,
            V.SKIP_IDLE: playback.skip_idle,
        }[command]
        does = next(b.does for b in VIEWER_BINDINGS if b.command is command)
        return f"{gettext(does)}{comma()}{gettext(N_('on') if on else N_('off'))}"

    def update(self, note: str) -> None:
        """A step of the loop: while playing, each move as it is played; the end
        once as the playback reaches it (with 3BV/s); a note that came meanwhile
        (a web page saved off the loop)."""
        playback, speaker = self.playback, self.speaker
        finished, (ended, heard) = playback.finished, self._heard
        if speaker.active:
            if finished and not ended:
                full, brief = self.moment()
                speaker.say(f"{full}{stop()}{self._rate()}", brief)
            elif playback.last is not None and playback.last is not self._last:
                speaker.say(*self.move())
            if note and note != heard:
                speaker.say(note)
        self._heard, self._last = (finished, note), playback.last

    def key(self, keymap: KeyMap, key: str) -> bool:
        """The play screen's key of play without sight, if ``key`` is one (said)."""
        command = keymap.command_for(key)
        if command not in SAYS or not self.speaker.active:
            return False
        game, speaker = self.playback.table.game, self.speaker
        if command is Command.SAY_MINES:
            speaker.say(words.mines_left(game))
        elif command is Command.SAY_TIME:
            speaker.say(spoken_seconds(self.playback.clock.ms))
        elif command is Command.SAY_RATE:
            speaker.say(self._rate())
        else:
            cell = self.pointed()
            if cell is None:
                speaker.say(gettext("the pointer is not over the board"))
            elif command is Command.SAY_CELL:
                speaker.say(words.cell_words(game, cell, False), words.cell_words(game, cell, True))
            elif command is Command.SAY_AROUND:
                speaker.say(words.around_words(game, cell, speaker.brief))
            else:
                speaker.say(words.row_words(game, cell[0], speaker.brief))
        return True

    def pointed(self) -> Cell | None:
        """The cell under the replay's pointer (None: off the board, or none yet)."""
        pointer, board = self.playback.pointer, self.playback.replay.board
        if pointer is None:
            return None
        row, col = pointer[1] // TILE, pointer[0] // TILE
        return (row, col) if 0 <= row < board.rows and 0 <= col < board.cols else None

    def _rate(self) -> str:
        """3BV/s at the moment shown (the live counters' figure)."""
        playback = self.playback
        session = playback.table.session
        board = session.board
        numbers = GameNumbers(
            (board.rows, board.cols, board.mines),
            session.game.status is Status.WON,
            max(0.0, playback.clock.ms) / 1000,
            SolvedSoFar().of(session.game),
            session.clicks,
            0,
            0.0,
            playing=not session.game.status.is_over,
        )
        value = numbers.words("bbbv_s") or "-"
        return f"{gettext(label_of('bbbv_s'))}{colon()}{value}"
