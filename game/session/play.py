"""A play session: one game, the rules it started with, its stopwatch, and the log of
every move with its time.

The window is a shell around it: it turns the mouse into moves and hands them to
``act``; a replay hands it moves from a log instead; a test from a list. Pure
Python: the clock is injected (see stopwatch.py).
"""

from __future__ import annotations

import random
from collections.abc import Generator, Iterable, Sequence
from enum import Enum
from typing import TYPE_CHECKING

from game.core.board import Geometry
from game.core.delta import Cell, Delta
from game.core.errors import MoveError
from game.core.game import Game
from game.core.generate import positions_steps
from game.core.minefield import Minefield
from game.core.moves import Move
from game.core.record import Record
from game.core.status import Status
from game.rules import Board, FirstClick, GameRules
from game.session.stopwatch import Clock, Stopwatch

if TYPE_CHECKING:
    from game.core.generate import DealProgress


class LoggedMove(Record):
    """A move and when it was made: milliseconds since the first reveal (0 before it)."""

    __slots__ = ("move", "ms")

    ms: int
    move: Move

    def __init__(self, ms: int, move: Move) -> None:
        self.ms = ms
        self.move = move

    def __str__(self) -> str:
        return f"{self.ms} {self.move}"

    @classmethod
    def from_text(cls, text: str) -> LoggedMove:
        """Parse ``"1234 r 3 4"``; raises MoveError on anything else."""
        ms, _, move = text.partition(" ")
        if not (ms.isascii() and ms.isdigit()) or len(ms) > 12:
            raise MoveError(f"a logged move starts with its time in ms; got {text!r}")
        return cls(int(ms), Move.from_text(move))


class Clicks(Record):
    """The moves that reached the engine, by kind, and how many changed something."""

    __slots__ = ("chord", "effective", "left", "right")

    left: int
    right: int
    chord: int
    effective: int
    """Moves whose delta changed what the player sees."""

    def __init__(self, left: int = 0, right: int = 0, chord: int = 0, effective: int = 0) -> None:
        self.left = left
        self.right = right
        self.chord = chord
        self.effective = effective

    @property
    def total(self) -> int:
        """Every click."""
        return self.left + self.right + self.chord

    def counted(self, move: Move, delta: Delta) -> Clicks:
        """These clicks and one more."""
        kind = {"r": "left", "m": "right", "c": "chord"}[move.action.value]
        return Clicks(
            left=self.left + (kind == "left"),
            right=self.right + (kind == "right"),
            chord=self.chord + (kind == "chord"),
            effective=self.effective + (not delta.is_nothing),
        )


class Summary(Record):
    """The statistics of a game, as the end-of-game panel and the history show them."""

    __slots__ = ("bbbv", "bbbv_solved", "clicks", "ms", "status")

    status: Status
    ms: int
    """The precise time, first reveal to end (or to now)."""
    bbbv: int | None
    """The board's 3BV (None before the mines are placed)."""
    bbbv_solved: int
    clicks: Clicks

    def __init__(
        self, status: Status, ms: int, bbbv: int | None, bbbv_solved: int, clicks: Clicks
    ) -> None:
        self.status = status
        self.ms = ms
        self.bbbv = bbbv
        self.bbbv_solved = bbbv_solved
        self.clicks = clicks

    @property
    def bbbv_per_second(self) -> float | None:
        """3BV solved per second of play (None when no time or no board yet)."""
        if self.bbbv is None or self.ms <= 0:
            return None
        return self.bbbv_solved / (self.ms / 1000)

    @property
    def ioe(self) -> float | None:
        """Index of efficiency: 3BV solved per click (None before any click)."""
        total = self.clicks.total
        return None if not total else self.bbbv_solved / total

    @property
    def correctness(self) -> float | None:
        """The share of clicks that changed something (None before any click, and for
        a loss in no time: a first click on a mine, nothing to judge)."""
        total = self.clicks.total
        if not total or (self.status is Status.LOST and self.ms <= 0):
            return None
        return self.clicks.effective / total


def _clicks_of(game: Game, log: Sequence[LoggedMove]) -> Clicks:
    """The clicks of a logged game, counted by playing its log again on its board."""
    clicks = Clicks()
    if not log:
        return clicks
    board = Board(game.rows, game.cols, game.mines)
    rules = GameRules.of_game(game)
    again = deal_again(game.minefield, board, rules, game.seed)
    for entry in log:
        clicks = clicks.counted(entry.move, again.apply(entry.move))
    return clicks


def deal(
    board: Board, rules: GameRules, seed: int | None = None, start: Cell | None = None
) -> Game:
    """A new game of this size under these rules (a seed is drawn when None): the
    same board, rules, seed and first click give the same mines. With a ``start``
    cell the mines are placed at once, as a first reveal there would place them: a
    shared board, one layout wherever the player clicks first."""
    game = Game.new(
        board.rows,
        board.cols,
        board.mines,
        seed=seed,
        first_click=rules.first_click,
        marks=rules.question_marks,
        left_click_chords=rules.left_click_chords,
        fate=rules.fate,
        recursion=rules.recursion,
    )
    if start is not None:
        game.lay_mines_for(*start)
    return game


LONG_CELLS = 250_000
"""A board this large (cells) may keep the window waiting to be dealt, whatever its rule."""
LONG_NO_GUESS_CELLS = 40_000
"""A no-guess board this large may too (an Expert no-guess board takes ~50 ms)."""


def is_long(board: Board, rules: GameRules) -> bool:
    """Whether dealing this board with its mines placed may keep the window waiting
    (it is then dealt off the loop, a step at a time: dealing)."""
    cells = board.rows * board.cols
    no_guess = rules.first_click is FirstClick.NOGUESS
    return cells >= LONG_CELLS or (no_guess and cells >= LONG_NO_GUESS_CELLS)


def dealing(
    board: Board, rules: GameRules, seed: int | None, start: Cell
) -> Generator[DealProgress, None, Game]:
    """deal with a start cell, a step at a time (game.core.generate's steps): a
    DealProgress after each, then the game with its mines placed. A caller that
    stops asking for steps has given the deal up; nothing else is changed."""
    game = deal(board, rules, seed)
    geo = Geometry(board.rows, board.cols)
    first = geo.index(*start)
    dealt = yield from positions_steps(geo, board.mines, first, game.first_click, game.seed)
    game.lay_mines_for(*start, dealt=dealt)
    return game


def shared_start(board: Board, seed: int) -> Cell:
    """The start cell of a shared board, chosen from its seed alone: the first-click
    rule keeps it free (an opening under the opening and no-guess rules)."""
    index = random.Random(f"start {seed}").randrange(board.rows * board.cols)
    return divmod(index, board.cols)


def deal_again(
    minefield: Minefield | None, board: Board, rules: GameRules, seed: int | None
) -> Game:
    """A new game on a known layout (or, before its first reveal, dealt from its seed),
    ready for its first move: a game played again from its log or its replay. On a
    known layout the mines stay put: a rule mode that moved them ended on a layout
    every opened number agrees with, so its moves play out there as they did."""
    if minefield is not None:
        return Game.from_minefield(
            minefield,
            marks=rules.question_marks,
            left_click_chords=rules.left_click_chords,
            recursion=rules.recursion,
        )
    return deal(board, rules, seed)


class Help(Enum):
    """Help a game can have had; the value is how the end-of-game panel names it."""

    HINT = "a hint"
    PROBABILITIES = "the mine probabilities"


class PlaySession:
    """One game being played: ``act(move)`` plays a move, logs it and runs the clock."""

    def __init__(
        self,
        game: Game,
        clock: Clock,
        *,
        elapsed_ms: float = 0.0,
        log: Iterable[LoggedMove] = (),
    ) -> None:
        """A session around a game: new (READY), or resumed at ``elapsed_ms`` with the
        moves logged so far; a resumed game's stopwatch waits, paused, for unpause()."""
        self._game = game
        self._rules = GameRules.of_game(game)
        started = game.status is not Status.READY
        self._stopwatch = Stopwatch(clock, elapsed_ms, started=started)
        if game.status.is_over:
            self._stopwatch.stop()
        self._log = list(log)
        self._clicks = _clicks_of(game, self._log)
        self.helps: set[Help] = set()
        """The help this game had (a hint, the mine probabilities): it then never
        makes the best times (game.modes says what a game counts for)."""
        self.start: Cell | None = None
        """A shared board's start cell (its mines were placed from it before play)."""

    @property
    def used_hint(self) -> bool:
        """The game had help of any kind (see helps)."""
        return bool(self.helps)

    def helped(self, help_: Help) -> None:
        """Note help shown while this game is on the table (not after its end)."""
        if not self.status.is_over:
            self.helps.add(help_)

    @classmethod
    def new(
        cls,
        board: Board,
        rules: GameRules,
        clock: Clock,
        *,
        seed: int | None = None,
        start: Cell | None = None,
    ) -> PlaySession:
        """A new game of this size under these rules (a seed is drawn when None;
        ``start``: a shared board's start cell, see deal)."""
        session = cls(deal(board, rules, seed, start), clock)
        session.start = start
        return session

    # ------------------------------------------------------------------ questions

    @property
    def game(self) -> Game:
        """The game (read it; play it through act)."""
        return self._game

    @property
    def rules(self) -> GameRules:
        """The rules this game started with; settings changed since do not apply."""
        return self._rules

    @property
    def board(self) -> Board:
        """The game's size."""
        return Board(self._game.rows, self._game.cols, self._game.mines)

    @property
    def status(self) -> Status:
        """The game's status."""
        return self._game.status

    @property
    def stopwatch(self) -> Stopwatch:
        """The game's stopwatch (read it; the session runs it)."""
        return self._stopwatch

    @property
    def elapsed_ms(self) -> float:
        """The precise playing time."""
        return self._stopwatch.elapsed_ms

    @property
    def timer_value(self) -> int:
        """What the LED timer shows."""
        return self._stopwatch.seconds_shown

    @property
    def log(self) -> Sequence[LoggedMove]:
        """Every move played, oldest first, with its time."""
        return tuple(self._log)

    @property
    def paused(self) -> bool:
        """A game under way whose stopwatch is paused."""
        return self.status is Status.PLAYING and not self._stopwatch.running

    # ------------------------------------------------------------------ playing

    def act(self, move: Move) -> Delta:
        """Play a move: the first reveal starts the clock, the end stops it, and every
        move made before the end is logged with its time. A paused game is unpaused."""
        game = self._game
        if game.status.is_over:
            return game.apply(move)  # does nothing, and is not part of the game
        self.unpause()
        delta = game.apply(move)
        if game.status is not Status.READY:
            self._stopwatch.start()
        self._log.append(LoggedMove(int(self._stopwatch.elapsed_ms), move))
        self._clicks = self._clicks.counted(move, delta)
        if game.status.is_over:
            self._stopwatch.stop()
        return delta

    @property
    def clicks(self) -> Clicks:
        """The clicks so far."""
        return self._clicks

    def summary(self) -> Summary:
        """The game's statistics now (final once the game is over)."""
        game = self._game
        return Summary(
            status=game.status,
            ms=int(self._stopwatch.elapsed_ms),
            bbbv=game.bbbv,
            bbbv_solved=game.bbbv_solved(),
            clicks=self._clicks,
        )

    def pause(self) -> None:
        """Stop the clock of a game under way (a pause is not playing time)."""
        self._stopwatch.pause()

    def unpause(self) -> None:
        """Start the clock again after a pause (or after a resumed game's start)."""
        self._stopwatch.unpause()


def position_before(
    session: PlaySession, moves: int, clock: Clock, elapsed_ms: float | None = None
) -> PlaySession:
    """A new session, on ``clock``, at the position after the first ``moves`` moves
    of a session: the game dealt again on its layout, those moves played, the
    stopwatch at ``elapsed_ms`` (by default the time of the last of them), waiting,
    paused, to run on."""
    game = session.game
    again = deal_again(game.minefield, session.board, session.rules, game.seed)
    kept = list(session.log[:moves])
    for logged in kept:
        again.apply(logged.move)
    if elapsed_ms is None:
        elapsed_ms = kept[-1].ms if kept else 0
    return PlaySession(again, clock, elapsed_ms=elapsed_ms, log=kept)
