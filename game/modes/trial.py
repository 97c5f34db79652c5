"""Time trials (Viennasweeper's): a set of boards played one after another against
one clock, the total of their times.

- "10 Beginner": ten Beginner boards;
- "Time Trial": fifteen Beginner, six Intermediate and two Expert boards.

Each board is a game of its own (kept in the history among the trials' games,
"trial"); New Game deals the next board once one is won. A board lost counts its
time too, and the same level is dealt again until it is won, so losing costs time.
The trial is finished when its last board is won: its total is the sum of every
board's time, lost ones included. The window's title shows the running total
while a board is played; the end-of-game panel shows it after each board. A trial
left half way (another game started, the window closed) is kept as abandoned and
is never a record (game/flows/series.py keeps the runs, game/persist/series.py
their file).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.core.status import Status
from game.language import N_, gettext
from game.modes.category import TRIAL_KIND, Category
from game.modes.mode import Mode, RunStep
from game.rules import PRESETS, Board, Difficulty, GameRules
from game.session.play import PlaySession
from game.session.stopwatch import Clock
from game.words import seconds

_B, _I, _E = Difficulty.BEGINNER, Difficulty.INTERMEDIATE, Difficulty.EXPERT


@dataclass(frozen=True)
class TrialKind:
    """One time trial: its name in files and on the command line, its label, and
    its boards in the order they are played."""

    key: str
    label: str
    levels: tuple[Difficulty, ...]

    @property
    def boards(self) -> int:
        """How many boards it has."""
        return len(self.levels)

    def board(self, index: int) -> Board:
        """The size of board ``index`` (0-based)."""
        return PRESETS[self.levels[index]]


TRIALS = {
    kind.key: kind
    for kind in (
        TrialKind("10-beginner", N_("10 Beginner"), (_B,) * 10),
        TrialKind("time-trial", N_("Time Trial"), (_B,) * 15 + (_I,) * 6 + (_E,) * 2),
    )
}
"""The time trials, by key."""


def trial_of(key: str) -> TrialKind:
    """The trial named ``key``; ValueError (one line) for any other."""
    kind = TRIALS.get(key)
    if kind is None:
        raise ValueError(f"the time trials are {', '.join(TRIALS)}; got {key!r}")
    return kind


@dataclass(frozen=True)
class Trial(Mode):
    """Board ``index`` (0-based) of a run of a time trial; ``total_ms``: the time of
    the boards before it (lost ones included); ``run``: when the run began (ISO
    local time), which names the run."""

    kind: TrialKind
    run: str
    rules: GameRules
    index: int = 0
    total_ms: int = 0
    name: ClassVar[str] = "trial"

    def deal(self, clock: Clock) -> PlaySession:
        return PlaySession.new(self.kind.board(self.index), self.rules, clock)

    def category(self, board: Board, rules: GameRules) -> Category:
        return Category.shared_board(TRIAL_KIND)

    @property
    def last(self) -> bool:
        """This is the trial's last board."""
        return self.index == self.kind.boards - 1

    def title(self) -> str:
        return (gettext("{trial}: board {n} of {boards}, total so far {total}")).format(
            trial=gettext(self.kind.label),
            n=self.index + 1,
            boards=self.kind.boards,
            total=seconds(self.total_ms),
        )

    def total_after(self, session: PlaySession) -> int:
        """The run's total once this board's time is added."""
        return self.total_ms + session.summary().ms

    def finished(self, session: PlaySession) -> bool:
        """The trial was finished by this game (its last board won)."""
        return self.last and session.status is Status.WON

    def following(self, session: PlaySession) -> Mode | None:
        status = session.status
        if status is Status.WON and not self.last:
            return Trial(self.kind, self.run, self.rules, self.index + 1, self.total_after(session))
        if status is Status.LOST:
            return Trial(self.kind, self.run, self.rules, self.index, self.total_after(session))
        return None

    def run_step(self, session: PlaySession) -> RunStep:
        won = session.status is Status.WON
        return RunStep(
            self.kind.key,
            self.run,
            self.index + (1 if won else 0),
            self.total_after(session),
            self.finished(session),
        )

    def progress(self, session: PlaySession) -> str | None:
        total = seconds(self.total_after(session))
        label, boards = gettext(self.kind.label), self.kind.boards
        if self.finished(session):
            return gettext("{trial} finished: {boards} boards in {total}.").format(
                trial=label, boards=boards, total=total
            )
        if session.status is Status.WON:
            return gettext(
                "{trial}: board {n} of {boards} won, total {total}; New Game deals board {next}."
            ).format(trial=label, n=self.index + 1, boards=boards, total=total, next=self.index + 2)
        if session.status is Status.LOST:
            level = gettext(self.kind.levels[self.index].label)
            return gettext(
                "{trial}: the lost board's time counts, total {total}; New Game deals "
                "another {level} board."
            ).format(trial=label, total=total, level=level)
        return None
