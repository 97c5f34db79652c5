"""A play session: one game, the rules it started with, its stopwatch, and the log of
every move with its time.

The window is a shell around it: it turns the mouse into moves and hands them to
``act``; a replay hands it moves from a log instead; a test from a list. Pure
Python: the clock is injected (see stopwatch.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.core import Delta, Game, Move, MoveError, Status
from game.rules import Board, GameRules
from game.session.stopwatch import Clock, Stopwatch

MAX_LOGGED_MOVES = 1_000_000
"""A log longer than this in a saved game is damage, not play (and bounds memory)."""


@dataclass(frozen=True, slots=True)
class LoggedMove:
    """A move and when it was made: milliseconds since the first reveal (0 before it)."""

    ms: int
    move: Move

    def __str__(self) -> str:
        return f"{self.ms} {self.move}"

    @classmethod
    def from_text(cls, text: str) -> LoggedMove:
        """Parse ``"1234 r 3 4"``; raises MoveError on anything else."""
        ms, _, move = text.partition(" ")
        if not (ms.isascii() and ms.isdigit()) or len(ms) > 12:
            raise MoveError(f"a logged move starts with its time in ms; got {text!r}")
        return cls(int(ms), Move.from_text(move))


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
        moves logged so far; a resumed game's stopwatch waits, paused, for resume()."""
        self._game = game
        self._rules = GameRules(game.first_click, game.marks, game.left_click_chords)
        started = game.status is not Status.READY
        self._stopwatch = Stopwatch(clock, elapsed_ms, started=started)
        if game.status.is_over:
            self._stopwatch.stop()
        self._log = list(log)

    @classmethod
    def new(
        cls, board: Board, rules: GameRules, clock: Clock, *, seed: int | None = None
    ) -> PlaySession:
        """A new game of this size under these rules (a seed is drawn when None)."""
        game = Game.new(
            board.rows,
            board.cols,
            board.mines,
            seed=seed,
            first_click=rules.first_click,
            marks=rules.question_marks,
            left_click_chords=rules.left_click_chords,
        )
        return cls(game, clock)

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
        move made before the end is logged with its time. A paused game resumes."""
        game = self._game
        if game.status.is_over:
            return game.apply(move)  # does nothing, and is not part of the game
        self.resume()
        delta = game.apply(move)
        if game.status is not Status.READY:
            self._stopwatch.start()
        self._log.append(LoggedMove(int(self._stopwatch.elapsed_ms), move))
        if game.status.is_over:
            self._stopwatch.stop()
        return delta

    def pause(self) -> None:
        """Stop the clock of a game under way (a pause is not playing time)."""
        self._stopwatch.pause()

    def resume(self) -> None:
        """Start the clock again after a pause (or after a resumed game's start)."""
        self._stopwatch.resume()
