"""Every click of a game judged, from the position the player saw.

For each move the position before it (the numbers shown and the mine count; flags
are the player's opinion, not knowledge, so they count as hidden cells) is solved
exactly (game.core.analyse), and the move is put in one class:

- logic: the cell opened was certainly safe, or the cell flagged certainly a mine
  (the first reveal of a game is logic too: every rule keeps it free);
- guess: nothing on the board was certainly safe; ``p_safe`` is the chance the cell
  opened was safe, ``best_p_safe`` the best chance any hidden cell offered;
- needless_guess: the cell was not certainly safe although another cell was;
- mistake: a cell opened that was certainly a mine, or a flag on a certainly safe
  cell; a chord that opens a certainly-mined cell (its flags were wrong);
- wasted: the move changed nothing (a click on an open cell, a chord with the wrong
  number of flags) or took a flag off again;
- death: the move that lost the game; ``cause`` says which class it was.

A flag on a cell that is neither certain (a guessed flag) is a guess without
``p_safe``. Each judgment carries the time since the previous move ("thinking
time") and the 3BV solved after it. The solver runs only when a move opened
cells since the last solve: flags and wasted clicks reuse the last answer. Pure
Python, no pygame.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from fractions import Fraction

from game.core.delta import Cell
from game.core.game import Game
from game.core.look import Look
from game.core.moves import Action, Move
from game.core.record import Record
from game.core.solver import Analysis, analyse
from game.core.status import Status

_ONE = Fraction(1)

JUDGED_CELLS = 10_000
"""The largest board whose moves the window judges (an Expert game takes 0.3 s;
the command line's --moves judges any)."""


class MoveClass(Enum):
    """The class of a move; the value is its name in --analyse output."""

    LOGIC = "logic"
    GUESS = "guess"
    NEEDLESS_GUESS = "needless_guess"
    MISTAKE = "mistake"
    WASTED = "wasted"
    DEATH = "death"


class MoveKind(Enum):
    """What a move did, as a player names it."""

    OPEN = "open"
    FLAG = "flag"
    UNFLAG = "unflag"
    QUESTION = "question"
    UNMARK = "unmark"
    CHORD = "chord"


class Judged(Record):
    """One move, judged."""

    __slots__ = (
        "bbbv_solved",
        "best_p_safe",
        "cause",
        "kind",
        "move",
        "ms",
        "p_safe",
        "think_ms",
        "verdict",
    )

    ms: int
    move: Move
    kind: MoveKind
    verdict: MoveClass
    cause: MoveClass | None
    """For a death: the class of the move that lost."""
    p_safe: Fraction | None
    """The chance the cell it opened was safe (guesses, and deaths by guess); for a
    chord that opens several unsure cells, the product of their chances."""
    best_p_safe: Fraction | None
    """The best chance of a safe cell the position offered (a guess)."""
    think_ms: int
    """Time since the previous move."""
    bbbv_solved: int
    """The 3BV done once the move was played."""

    def __init__(
        self,
        ms: int,
        move: Move,
        kind: MoveKind,
        verdict: MoveClass,
        cause: MoveClass | None = None,
        p_safe: Fraction | None = None,
        best_p_safe: Fraction | None = None,
        think_ms: int = 0,
        bbbv_solved: int = 0,
    ) -> None:
        self.ms = ms
        self.move = move
        self.kind = kind
        self.verdict = verdict
        self.cause = cause
        self.p_safe = p_safe
        self.best_p_safe = best_p_safe
        self.think_ms = think_ms
        self.bbbv_solved = bbbv_solved


class Judgment(Record):
    """A whole game judged."""

    __slots__ = ("moves",)

    moves: tuple[Judged, ...]

    def __init__(self, moves: tuple[Judged, ...]) -> None:
        self.moves = moves

    def count(self, verdict: MoveClass) -> int:
        """How many moves are of this class (a death counts under its cause too)."""
        return sum(1 for j in self.moves if verdict in (j.verdict, j.cause))

    @property
    def luck(self) -> Fraction:
        """The product of the survival chances of the guesses made (1 without any)."""
        luck = _ONE
        for judged in self.moves:
            if judged.p_safe is not None:
                luck *= judged.p_safe
        return luck


def judge(game: Game, moves: Iterable[tuple[int, Move]]) -> Judgment:
    """Play ``moves`` (time in ms, move) on ``game`` (a game not begun, its mines
    placed: Game.from_minefield) and judge each. Moves after the end are not played."""
    solved: Analysis | None = None
    solved_at = -1  # the cells open when ``solved`` was made
    opened = 0
    last_ms: int | None = None
    judged: list[Judged] = []
    done = 0  # the 3BV solved so far (counted again only when cells open)
    for ms, move in moves:
        if game.status.is_over:
            break
        think = 0 if last_ms is None else max(0, ms - last_ms)
        last_ms = ms
        first = game.status is Status.READY
        before = game.look(move.row, move.col)
        targets = _targets(game, move)
        asks = not first and (targets or (move.action is Action.MARK and before is Look.HIDDEN))
        if asks and (solved is None or solved_at != opened):
            solved = analyse(game.view(), game.mines, explain=False)
            solved_at = opened
        delta = game.apply(move)
        if delta.opened:
            opened += delta.opened
            done = game.bbbv_solved()
        kind = _kind(move, before, game.look(move.row, move.col))
        verdict, p_safe, best = _classify(
            move, kind, targets, solved if asks else None, first, delta.is_nothing
        )
        cause = None
        if delta.lost:
            cause, verdict = verdict, MoveClass.DEATH
        judged.append(Judged(ms, move, kind, verdict, cause, p_safe, best, think, done))
    return Judgment(tuple(judged))


def _targets(game: Game, move: Move) -> tuple[Cell, ...]:
    """The hidden cells a reveal or chord would open (before it is played)."""
    if move.action is Action.MARK:
        return ()
    row, col = move.row, move.col
    look = game.look(row, col)
    if move.action is Action.REVEAL and look in (Look.HIDDEN, Look.QUESTION):
        return ((row, col),)
    if look > Look.OPEN_8:
        return ()
    number = int(look)
    around = [
        (r, c)
        for r in range(row - 1, row + 2)
        for c in range(col - 1, col + 2)
        if 0 <= r < game.rows and 0 <= c < game.cols and (r, c) != (row, col)
    ]
    flags = sum(1 for cell in around if game.look(*cell) is Look.FLAG)
    if flags != number:
        return ()
    return tuple(cell for cell in around if game.look(*cell) in (Look.HIDDEN, Look.QUESTION))


def _kind(move: Move, before: Look, after: Look) -> MoveKind:
    if move.action is Action.REVEAL:
        return MoveKind.OPEN
    if move.action is Action.CHORD:
        return MoveKind.CHORD
    if after is Look.FLAG:
        return MoveKind.FLAG
    if before is Look.FLAG:
        return MoveKind.UNFLAG if after is Look.HIDDEN else MoveKind.QUESTION
    return MoveKind.UNMARK


def _classify(
    move: Move,
    kind: MoveKind,
    targets: tuple[Cell, ...],
    solved: Analysis | None,
    first: bool,
    nothing: bool,
) -> tuple[MoveClass, Fraction | None, Fraction | None]:
    """A move's class, the chance it was safe and the best chance there was."""
    if nothing or kind in (MoveKind.UNFLAG, MoveKind.QUESTION):
        return MoveClass.WASTED, None, None
    if kind is MoveKind.UNMARK:
        return MoveClass.WASTED, None, None
    if first or solved is None:
        return MoveClass.LOGIC, None, None
    cell = (move.row, move.col)
    if kind is MoveKind.FLAG:
        if cell in solved.mines:
            return MoveClass.LOGIC, None, None
        if cell in solved.safe:
            return MoveClass.MISTAKE, None, None
        return MoveClass.GUESS, None, None
    if not targets:
        return MoveClass.WASTED, None, None
    if any(target in solved.mines for target in targets):
        return MoveClass.MISTAKE, Fraction(0), None
    unsure = [target for target in targets if target not in solved.safe]
    if not unsure:
        return MoveClass.LOGIC, None, None
    p_safe = _ONE
    for target in unsure:
        p_safe *= _ONE - solved.probability.get(target, Fraction(0))
    if solved.safe:
        return MoveClass.NEEDLESS_GUESS, p_safe, _ONE
    best = max((_ONE - p for p in solved.probability.values()), default=None)
    return MoveClass.GUESS, p_safe, best
