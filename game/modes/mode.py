"""What every way to play is: a Mode deals its game, says which records its games
count in (the one rule of ranked and unranked), how the window titles it, what the
end-of-game panel says of it, whether a ghost and the pace apply, and what its replay
says of it. Pure Python: the table carries a mode (``GameTag(serial, mode)``) and a
new game is ``Table.start(mode)``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, ClassVar

from game.core.game import Game
from game.core.record import Record
from game.core.status import Status
from game.language import N_
from game.modes.category import Category
from game.rules import EVF_MODES, Board, GameRules, RuleMode
from game.session.play import Help, PlaySession
from game.session.stopwatch import Clock

if TYPE_CHECKING:
    from game.modes.tournament import Tournament
    from game.replay.boardcode import (
        BoardCode,  # (a tournament's games are a mode: tournament.py imports this)
    )

STANDARD_EVF = EVF_MODES[RuleMode.STANDARD]
"""The one mode an official game is played in (EVF_MODES: game.rules, the vocabulary)."""


class Standing(Record):
    """What a finished game counts for: the records it is kept among and, when it is
    unranked, why (as the player reads it)."""

    __slots__ = ("category", "why")

    category: Category
    why: str | None

    def __init__(self, category: Category, why: str | None = None) -> None:
        self.category = category
        self.why = why

    @property
    def ranked(self) -> bool:
        """The game counts for the best times, the statistics and the streaks."""
        return self.why is None

    @property
    def kind(self) -> str:
        """The category's key (the history's ``difficulty`` column)."""
        return self.category.key


class ReplayFacts(Record):
    """What a game's replay says of its mode: the EVF mode number and the two flags
    of Metasweeper's EVF specification (fair: no assistance, nothing filtered;
    official: fair, won, and the standard mode)."""

    __slots__ = ("evf_mode", "fair", "official")

    evf_mode: int
    official: bool
    fair: bool

    def __init__(self, evf_mode: int, official: bool, fair: bool) -> None:
        self.evf_mode = evf_mode
        self.official = official
        self.fair = fair


class RunStep(Record):
    """Where a game leaves the run of a time trial it is a board of."""

    __slots__ = ("boards", "finished", "run", "total_ms", "trial")

    trial: str
    """The trial's key ("time-trial")."""
    run: str
    """When the run began (ISO local time): with the trial, the run's name."""
    boards: int
    """Boards won so far."""
    total_ms: int
    """The time of every board played so far, lost ones included."""
    finished: bool
    """The game won the trial's last board."""

    def __init__(self, trial: str, run: str, boards: int, total_ms: int, finished: bool) -> None:
        self.trial = trial
        self.run = run
        self.boards = boards
        self.total_ms = total_ms
        self.finished = finished


def facts_of(rules: GameRules, won: bool, fair: bool) -> ReplayFacts:
    """A game's EVF facts: its rule mode's number; fair as given (no help, nothing
    filtered); official: fair, won, and the standard mode (the specification's flags)."""
    evf_mode = EVF_MODES[rules.mode]
    return ReplayFacts(evf_mode, fair and won and evf_mode == STANDARD_EVF, fair)


def helped_why(helps: set[Help] | frozenset[Help]) -> str:
    """Why an assisted game is unranked, naming the help it had."""
    return _HELPED[tuple(help_ for help_ in Help if help_ in helps)]


_HELPED = {
    (Help.HINT,): N_("assisted: a hint was shown"),
    (Help.PROBABILITIES,): N_("assisted: the mine probabilities were shown"),
    (Help.HINT, Help.PROBABILITIES): N_("assisted: a hint and the mine probabilities were shown"),
}
"""Why an assisted game is unranked, by the help it had (in English in the history;
translated where shown: game.flows.end_of_game)."""


class Mode(ABC):
    """A way to play, one file each in game/modes: a value, never changed once made
    (those loaded before the first input are game.core.record Records, the rest frozen
    dataclasses)."""

    name: ClassVar[str] = ""
    """The mode's name in files and on the command line."""
    ghost: ClassVar[bool] = False
    """A board played before: a race against the best on it can be offered."""
    keeps_replay: ClassVar[bool] = True
    """A won game's replay is kept in the replays folder (a practice game's is not)."""
    keeps_lost_replay: ClassVar[bool] = False
    """A lost game's is kept too (a live race's: beside the opponent's)."""
    records_replay: ClassVar[bool] = True
    """The recorder makes a replay of its games (a resumed one's first moves are not known)."""
    kept_at_close: ClassVar[bool] = True
    """A game under way when the window closes is kept for the next start (a live
    race's is not: the race went on without it, the other side told that it left)."""
    ends_beside: ClassVar[bool] = True
    """The end-of-game panel opens beside the board after its games (a live race's own
    panel says how each ended, and stays in sight)."""
    new_game: ClassVar[bool] = True
    """Its game is a new one, said so ("New game: 9 by 9, ..."); a game left unfinished
    and given back is not (its offer says what it is)."""

    @property
    def pace(self) -> bool:
        """The pace against the personal best applies (an ordinary preset game)."""
        return False

    @property
    def daily(self) -> str | None:
        """The date of a daily board (ISO)."""
        return None

    @property
    def code(self) -> str | None:
        """The board code of a shared board."""
        return None

    @property
    def shared_code(self) -> BoardCode | None:
        """A shared board's code, with its start cell (None: no shared board)."""
        return None

    def with_game(self, game: Game) -> Mode:
        """This way to play dealing a game already dealt (a long deal, done off the
        window's loop); only a shared board's mode has one."""
        raise ValueError(f"a {self.name} game is dealt by its mode")

    @property
    def entered(self) -> Tournament | None:
        """The tournament the game is played in (its replay and the series book carry
        its identifier)."""
        return None

    def following(self, session: PlaySession) -> Mode | None:
        """The way to play of the game New Game deals after this one ended as
        ``session`` did (None: an ordinary new game): a time trial's next board, the
        ladder's next level."""
        return None

    def run_step(self, session: PlaySession) -> RunStep | None:
        """Where the game, ended as ``session`` is, leaves the time-trial run it is a
        board of (None: it is none)."""
        return None

    def progress(self, session: PlaySession) -> str | None:
        """A line for the end-of-game panel on where the game leaves the series it
        belongs to (a time trial's total), or None."""
        return None

    @abstractmethod
    def deal(self, clock: Clock) -> PlaySession:
        """The game this mode puts on the table."""

    def category(self, board: Board, rules: GameRules) -> Category:
        """The records a game of this board under these rules is kept among (an
        unranked mode's games are kept under their board's)."""
        return Category.of(board, rules)

    def unranked(self) -> str | None:
        """Why no game of this mode is ever ranked (None: its games can be)."""
        return None

    def standing(self, session: PlaySession) -> Standing:
        """The one rule: a game counts only if its mode ranks it and it had no help."""
        category = self.category(session.board, session.rules)
        why = self.unranked()
        if why is None and session.helps:
            why = helped_why(session.helps)
        return Standing(category, why)

    def title(self) -> str:
        """What the window's title says of the game after the game's name ("" for
        nothing)."""
        return ""

    def describe(self, deaths: int = 0) -> str | None:
        """The panel's line on why the mode's game counts for nothing (None: it can
        count); ``deaths``: how many deaths were undone."""
        return None

    def replay_facts(self, session: PlaySession) -> ReplayFacts:
        """The EVF mode number and the official and fair flags of a game's replay."""
        won = session.status is Status.WON
        return facts_of(session.rules, won, self.standing(session).ranked)
