"""The table (Simon Tatham's "midend"): one game being played and what the player's
view of it needs, with no pygame.

A Table owns the current PlaySession, a tag for the game (a serial number and its
way to play, a game.modes.Mode), the keyboard cursor, the hint shown and the probability view.
New games, moves and pointer events go in; typed events come out to whoever taps the
table (``tap``): ``GameStarted``, ``PointerSeen``, ``MoveApplied``, ``GameEnded``. So
no one compares object identities to notice a new game, and the replay recorder, the
sounds and the end-of-game flow all hear the same story in the same order. Several
tables can live at once (the player's, a replay being watched).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING, TypeAlias

from game.core.delta import Cell, Delta
from game.core.game import Game
from game.core.hints import Hint
from game.core.look import Look
from game.core.moves import Move, chord, mark, reveal
from game.core.on_first_use import OnFirstUse
from game.core.reasons import said
from game.core.record import Record
from game.core.solver import ViewError
from game.core.solver import analyse as solve
from game.core.status import Status
from game.language import N_, Words
from game.rules import Board
from game.session.picture import Advice
from game.session.play import Help, PlaySession, Summary, position_before
from game.session.stopwatch import Clock

if TYPE_CHECKING:  # (the modes make sessions: they sit above the table, which only carries one)
    import fractions

    from game.core.hints import Hint
    from game.core.solver import Analysis
    from game.modes.mode import Mode
else:  # (loaded with the first exact probability: game.core.layouts)
    fractions = OnFirstUse("fractions")

MAX_ADVICE_CELLS = 250_000
"""The largest board hints and probabilities are worked out for (the solver reads
the whole view at every move)."""
TOO_LARGE = Words(N_("Hints and probabilities are for boards up to 250,000 cells."))


class GameTag(Record):
    """Which game: a serial number (one per game the table deals) and its way to play."""

    __slots__ = ("mode", "serial")

    serial: int
    mode: Mode

    def __init__(self, serial: int, mode: Mode) -> None:
        self.serial = serial
        self.mode = mode


class Via(Enum):
    """What a move came from."""

    MOUSE = "mouse"
    KEYBOARD = "keyboard"


class Result(Enum):
    """How a game ended."""

    WON = "won"
    LOST = "lost"
    ABANDONED = "abandoned"
    """A new game was started while this one was under way (it counts as lost)."""


class GameStarted(Record):
    """A new game is on the table."""

    __slots__ = ("session", "tag")

    tag: GameTag
    session: PlaySession

    def __init__(self, tag: GameTag, session: PlaySession) -> None:
        self.tag = tag
        self.session = session


class PointerSeen(Record):
    """A mouse event on the table's board: ``kind`` is move, down, up or cancel;
    ``point`` in 1x pixels from cell (0, 0)'s corner; ``held_before`` the buttons
    the input machine held before it; ``move`` what it made (only an up makes one)."""

    __slots__ = ("button", "held_before", "kind", "move", "point", "session", "tag", "wall_ms")

    tag: GameTag
    session: PlaySession
    kind: str
    button: int
    point: tuple[int, int]
    wall_ms: float
    held_before: frozenset[int]
    move: Move | None

    def __init__(
        self,
        tag: GameTag,
        session: PlaySession,
        kind: str,
        button: int,
        point: tuple[int, int],
        wall_ms: float,
        held_before: frozenset[int],
        move: Move | None,
    ) -> None:
        self.tag = tag
        self.session = session
        self.kind = kind
        self.button = button
        self.point = point
        self.wall_ms = wall_ms
        self.held_before = held_before
        self.move = move


class MoveApplied(Record):
    """A move reached the game (mouse or keyboard): what changed."""

    __slots__ = ("delta", "move", "session", "tag", "via", "wall_ms")

    tag: GameTag
    session: PlaySession
    move: Move
    delta: Delta
    via: Via
    wall_ms: float

    def __init__(
        self, tag: GameTag, session: PlaySession, move: Move, delta: Delta, via: Via, wall_ms: float
    ) -> None:
        self.tag = tag
        self.session = session
        self.move = move
        self.delta = delta
        self.via = via
        self.wall_ms = wall_ms


class GameEnded(Record):
    """A game ended: won, lost, or abandoned for a new one."""

    __slots__ = ("result", "session", "summary", "tag")

    tag: GameTag
    session: PlaySession
    result: Result
    summary: Summary

    def __init__(
        self, tag: GameTag, session: PlaySession, result: Result, summary: Summary
    ) -> None:
        self.tag = tag
        self.session = session
        self.result = result
        self.summary = summary


TableEvent: TypeAlias = GameStarted | PointerSeen | MoveApplied | GameEnded
Listener: TypeAlias = Callable[[TableEvent], None]


START_HERE = said("Start here: the same board for everyone")
"""What the ring on a shared board's start cell says until the first move."""


class Table:
    """One game on the table, and the player's view of it."""

    def __init__(self, clock: Clock, session: PlaySession, tag: GameTag) -> None:
        self.clock = clock
        self.session = session
        self.tag = tag
        self.cursor: Cell | None = None
        """The keyboard cursor's cell; None until the keyboard is used."""
        self.cursor_hidden = False
        """The mouse played since the keyboard was last used: the cursor follows the
        clicks unseen, until the next key shows it (shown_cursor)."""
        self.hint: Hint | None = None
        """The hint shown (until the next move)."""
        self.show_probabilities = False
        self.deaths = 0
        """Deaths undone in the game on the table (shown beside the face)."""
        self.note: str | None = None
        """A line to show once instead of advice (the board is too large for the solver,
        the zoom can go no further), until the next move or Esc."""
        self.listeners: list[Listener] = []
        self._analysis: tuple[object, Analysis | None] | None = None
        self._advice: tuple[object, Advice] | None = None
        self._ring_start()

    @classmethod
    def of(cls, mode: Mode, clock: Clock) -> Table:
        """A table with the game this way to play deals."""
        return cls(clock, mode.deal(clock), GameTag(1, mode))

    def _ring_start(self) -> None:
        """A shared board's start cell is ringed until the first move."""
        session = self.session
        if session.start is not None and session.status is Status.READY:
            self.hint = Hint(session.start, False, START_HERE, (), "start", fractions.Fraction(0))

    def tap(self, listener: Listener) -> None:
        """Hear every event of this table from now on, in order, beginning with the
        game on it now (a GameStarted)."""
        self.listeners.append(listener)
        listener(GameStarted(self.tag, self.session))

    def _tell(self, event: TableEvent) -> None:
        for listener in list(self.listeners):
            listener(event)

    # ------------------------------------------------------------------ what is on it

    @property
    def game(self) -> Game:
        """The game being played."""
        return self.session.game

    @property
    def board(self) -> Board:
        """The size of the game being played."""
        return self.session.board

    @property
    def status(self) -> Status:
        """The game's status."""
        return self.session.status

    # ------------------------------------------------------------------ games

    def start(self, mode: Mode) -> None:
        """Put the game a way to play deals on the table (a game under way is
        abandoned first: it counts as lost); a shared board comes with its start
        cell, ringed until the first move. Help left on (the mine probabilities)
        is help this game has from its start."""
        session = mode.deal(self.clock)
        old = self.session
        if old.status is Status.PLAYING:
            self._tell(GameEnded(self.tag, old, Result.ABANDONED, old.summary()))
        if session.status is Status.PLAYING:
            session.unpause()  # (a position played on: its clock runs from its time)
        self.session = session
        self.tag = GameTag(self.tag.serial + 1, mode)
        self.hint = self.note = None
        self.deaths = 0
        if self.show_probabilities:
            session.helped(Help.PROBABILITIES)
        self._ring_start()
        if self.cursor is not None:  # (on a shared board's start cell: where its ring is)
            board = session.board
            self.cursor = session.start or (
                min(self.cursor[0], board.rows - 1),
                min(self.cursor[1], board.cols - 1),
            )
        self._tell(GameStarted(self.tag, session))

    def undo_death(self, undone: Callable[[PlaySession], Mode]) -> bool:
        """After a loss, the game as it stood before the fatal move, played on as
        practice (Simon Tatham's Mines' undo: ``undone`` is the practice mode of
        that position); the death is counted. False when there is nothing to undo
        (not lost, or the loss came from no known move)."""
        session = self.session
        log = session.log
        if session.status is not Status.LOST or not log or session.game.minefield is None:
            return False
        fatal = len(log) - 1  # (the clock runs on from the death: time is not undone)
        before = position_before(session, fatal, self.clock, log[fatal].ms)
        before.helps = set(session.helps)
        deaths = self.deaths + 1
        self.start(undone(before))
        self.deaths = deaths
        return True

    # ------------------------------------------------------------------ moves

    def act(self, move: Move, via: Via = Via.KEYBOARD) -> Delta | None:
        """Play a move that came without a pointer event (the keyboard, a tool);
        None when the game is over: nothing happens."""
        delta = self._play(move)
        if delta is not None:
            self._after(move, delta, via, self.clock())
        return delta

    def pointer(
        self,
        kind: str,
        button: int,
        point: tuple[int, int],
        held_before: frozenset[int],
        move: Move | None = None,
    ) -> Delta | None:
        """A mouse event on the board, and the move it made (played here)."""
        session, tag = self.session, self.tag
        delta = None if move is None else self._play(move)
        wall = self.clock()
        made = None if delta is None else move  # after the end a click changes nothing
        self._tell(PointerSeen(tag, session, kind, button, point, wall, held_before, made))
        if kind in ("down", "up") and self.cursor is not None:
            self.cursor_hidden = True  # the mouse plays: no ring left on a clicked cell
        if made is not None and delta is not None:
            self._after(made, delta, Via.MOUSE, wall)
        return delta

    def _play(self, move: Move) -> Delta | None:
        if self.status.is_over:
            return None
        if self.cursor is not None:  # the mouse and the cursor coexist: it follows
            self.cursor = (move.row, move.col)
        self.hint = self.note = None  # a move answers the hint
        return self.session.act(move)

    def _after(self, move: Move, delta: Delta, via: Via, wall: float) -> None:
        session, tag = self.session, self.tag
        self._tell(MoveApplied(tag, session, move, delta, via, wall))
        if delta.lost or delta.won:
            result = Result.WON if delta.won else Result.LOST
            self._tell(GameEnded(tag, session, result, session.summary()))

    # ------------------------------------------------------------------ keyboard play

    @property
    def shown_cursor(self) -> Cell | None:
        """The keyboard cursor's cell while it is shown (the keyboard was used last)."""
        return None if self.cursor_hidden else self.cursor

    def move_cursor(self, drow: int, dcol: int, start: Cell) -> Cell:
        """Move the keyboard cursor (put at ``start`` the first time, or at a shared
        board's start cell before its first move; after the mouse played, shown again
        where the last click was); where it is."""
        if self.cursor is None:
            ready = self.session.status is Status.READY
            self.cursor = self.session.start if ready and self.session.start else start
        elif self.cursor_hidden:
            self.cursor_hidden = False
        else:
            row, col = self.cursor
            board = self.board
            self.cursor = (
                max(0, min(board.rows - 1, row + drow)),
                max(0, min(board.cols - 1, col + dcol)),
            )
        return self.cursor

    def open_at_cursor(self) -> Delta | None:
        """Open the cell under the cursor, or chord on a number."""
        cursor = self.shown_cursor
        if cursor is None:
            return None
        row, col = cursor
        look = self.game.look(row, col)
        move = chord(row, col) if Look.OPEN_1 <= look <= Look.OPEN_8 else reveal(row, col)
        return self.act(move, Via.KEYBOARD)

    def flag_at_cursor(self) -> Delta | None:
        """Flag the cell under the cursor (again: question mark, again: clear)."""
        cursor = self.shown_cursor
        if cursor is None:
            return None
        return self.act(mark(*cursor), Via.KEYBOARD)

    # ------------------------------------------------------------------ the solver

    @property
    def solvable(self) -> bool:
        """The solver works on boards up to MAX_ADVICE_CELLS (it reads the whole view)."""
        board = self.board
        return board.rows * board.cols <= MAX_ADVICE_CELLS

    def show_hint(self) -> Hint | None:
        """The next cell logic finds, with its reason (or the safest cell and its
        chance). A game that used a hint never enters the best times."""
        session = self.session
        if session.status.is_over or session.paused:
            return None
        if not self.solvable:
            self.hint, self.note = None, TOO_LARGE
            return None
        self.hint = self.game.hint()
        session.helped(Help.HINT)
        if self.hint is not None and self.cursor is not None:
            self.cursor = self.hint.cell
        return self.hint

    def dismiss_hint(self) -> bool:
        """Put the hint (or the note in its place) away; True if one was shown."""
        shown = self.hint is not None or self.note is not None
        self.hint = self.note = None
        return shown

    def toggle_probabilities(self) -> None:
        """Each hidden cell's chance of holding a mine, over the board (a hint too)."""
        self.show_probabilities = not self.show_probabilities
        if self.show_probabilities:
            self.session.helped(Help.PROBABILITIES)

    def advice(self) -> Advice | None:
        """What the solver shows now: the hint, the probabilities, or why neither. A
        new Advice is made only when what it shows changed (the renderer repaints the
        view for a new one, and compares by identity)."""
        over = self.status.is_over
        if over:
            self.hint = None
        note = self.note
        analysis: Analysis | None = None
        if note is None and self.show_probabilities and not over:
            if self.solvable:
                analysis = self._analysis_now()
            else:
                note = TOO_LARGE
        if note is None and self.hint is None and analysis is None:
            return None
        key = (note, self.hint, id(analysis))  # (the analysis is kept in _analysis)
        if self._advice is None or self._advice[0] != key:
            advice = Advice(
                hint=self.hint,
                probabilities=None if analysis is None else analysis.probability,
                exact=True if analysis is None else analysis.exact,
                note=note,
            )
            self._advice = (key, advice)
        return self._advice[1]

    def _analysis_now(self) -> Analysis | None:
        """The solver's view of the game as it stands, worked out once per change."""
        game = self.game
        key = (game, game.opened_count, game.status)  # (the game itself: no id reused)
        if self._analysis is None or self._analysis[0] != key:
            try:
                found: Analysis | None = solve(game.view(), game.mines)
            except ViewError:
                found = None
            self._analysis = (key, found)
        return self._analysis[1]

    # ------------------------------------------------------------------ the clock

    def pause(self) -> bool:
        """Pause a game under way (the board is hidden, the clock stops); True if it did."""
        if self.status is Status.PLAYING:
            self.session.pause()
            return True
        return False

    def unpause(self) -> None:
        """Leave a pause: the clock runs again."""
        self.session.unpause()
