"""A live race's room as each side knows it, pure: who is in it, the host's choice,
the game under way and the series' score. It hears the messages believed (game.net)
and the player's own game's end, and says what the other side's figures are; the flow
(game.flows.live_race) carries messages and draws.

A game is decided when both have finished (or the other side is gone): a win beats a
loss; two wins, the shorter time (each player's own game's clock). An opponent's
finish that does not verify is unverified and counts as no finish. A game decided
because the other side was gone is decided again when its finish comes after all
(its network was down, not its game: its will said "left", and it played on), so that
both screens say the same winner."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from game.core.board import MAX_SEED
from game.net.messages import Finish, Hello, Message, Progress, Setup, Start, covered
from game.replay.boardcode import BoardCode, BoardCodeError, parse
from game.rules import PRESETS, Board, Difficulty, FirstClick, GameRules
from game.session.play import shared_start

COUNTDOWN_MS = 3000
ALONE_MS = 10_000
"""A guest connected this long without a word from a host is told what to check."""
BOARDS = (Difficulty.BEGINNER, Difficulty.INTERMEDIATE, Difficulty.EXPERT)
FIRST_CLICKS = (FirstClick.NOGUESS, FirstClick.SAFE, FirstClick.OPENING)
"""The rules a race's board code carries (no guessing first: the racing sites' way)."""


def new_board(board: Board, first_click: FirstClick) -> BoardCode:
    """A fresh board code of this size and rule, with its start cell."""
    seed = random.SystemRandom().randrange(MAX_SEED + 1)
    return BoardCode(board, GameRules(first_click=first_click), seed, shared_start(board, seed))


@dataclass
class Opponent:
    """The other side, as heard: its name, ready or not, here or gone, its game."""

    name: str = ""
    ready: bool = False
    here: bool = False
    sender: str = ""
    """Its ``from``: the room's one opponent (a third in the room is not heard)."""
    progress: Progress | None = None
    finish: Finish | None = None
    unverified: str | None = None
    """Why its finish was not believed (English words), if it was not."""


@dataclass
class Score:
    """The series: best of ``best_of``, the games each side won."""

    best_of: int = 1
    mine: int = 0
    theirs: int = 0
    played: int = 0

    @property
    def over(self) -> bool:
        need = self.best_of // 2 + 1
        return max(self.mine, self.theirs) >= need or self.played >= self.best_of


@dataclass
class RoomState:
    """One side's room."""

    host: bool
    name: str
    size: Difficulty = Difficulty.BEGINNER
    first_click: FirstClick = FirstClick.NOGUESS
    opponent: Opponent = field(default_factory=Opponent)
    score: Score = field(default_factory=Score)
    game: int = 0
    """The game under way or last played (0: none yet)."""
    board: BoardCode | None = None
    """Its board."""
    mine: tuple[str, int] | None = None
    """How the player's own game ended: won or lost, in ms."""
    decided: bool = False
    absent: bool = False
    """The game was decided without the other side's finish (it was gone)."""
    ready: bool = True
    map: bool = False
    """Each side sees a map of the other's opened cells (the host's choice)."""

    @property
    def board_name(self) -> Board:
        return PRESETS[self.size]

    full: str | None = None
    """The host's name, when its hello says it races another (this side is a third)."""
    alone_ms: float = 0.0
    """How long a guest has been connected without a word from a host."""

    def waited(self, step_ms: float, up: bool) -> bool:
        """A step of a guest connected (``up``) that has heard no host: True at the step
        it has waited ALONE_MS (its friend's game may race through another broker)."""
        before = self.alone_ms
        alone = up and not self.host and not self.opponent.here and self.full is None
        self.alone_ms = before + step_ms if alone else 0.0
        return before < ALONE_MS <= self.alone_ms

    def hears(self, message: Message, me: str) -> bool:
        """Whether a message is the room's opponent's (``me``: this side's sender). The
        first hello of the other role (a guest's, or the host's) names the opponent, and
        a guest takes the host's setup and start before its hello; another sender is
        not heard while the opponent is here (once it has left, the next to come takes
        its place, with a series of its own). A host's hello that names another guest
        than ``me`` says the room is full."""
        opponent = self.opponent
        if isinstance(message, Hello):
            if message.role == ("host" if self.host else "guest"):
                return False  # (a third guest, or a second host)
            if message.partner and message.partner != me:
                self.full = message.name
                return False
        elif self.host or not isinstance(message, (Setup, Start)):
            return message.sender == opponent.sender
        if self.full is not None and not isinstance(message, Hello):
            return False
        if message.sender != opponent.sender and opponent.sender and opponent.here:
            return False
        if opponent.sender and message.sender != opponent.sender:  # (another took the place)
            self.opponent, self.score = Opponent(), Score(self.score.best_of)
        self.opponent.sender, self.full = message.sender, None
        return True

    def hello(self, message: Hello) -> None:
        self.opponent.name, self.opponent.ready = message.name, message.ready
        self.opponent.here = True

    def setup(self, message: Setup) -> None:
        """The host's choice (a guest hears it)."""
        if self.host:
            return
        self.score.best_of, self.map = message.best_of, message.map
        try:
            code = parse(message.board)
        except BoardCodeError:
            return
        self.size = code.board.difficulty if code.board.difficulty in BOARDS else self.size
        self.first_click = code.rules.first_click

    def next_board(self) -> BoardCode:
        """The host's next game's board."""
        return new_board(self.board_name, self.first_click)

    def start(self, message: Start) -> BoardCode | None:
        """A game starts (the host's own Start, or heard by the guest): its board, or
        None for a start not to be believed (an old game, a wrong board code)."""
        if message.game <= self.game and self.game:
            return None
        try:
            code = parse(message.board)
        except BoardCodeError:
            return None
        if code.start is None:
            return None
        if self.score.over:
            self.score = Score(self.score.best_of)
        self.game, self.board, self.mine, self.decided = message.game, code, None, False
        self.absent = False
        self.opponent.progress = self.opponent.finish = self.opponent.unverified = None
        return code

    def progress(self, message: Progress) -> None:
        """The other side's progress; its map believed only when the room shows maps
        and it lies within the board (else the map last believed is kept)."""
        if message.game != self.game:
            return
        opened, board, last = message.opened, self.board, self.opponent.progress
        if not self.map or board is None:
            if opened is not None:  # (a copy only to drop a map: most have none)
                message = replace(message, opened=None)
        elif opened is None or covered(opened) > board.board.rows * board.board.cols:
            message = replace(message, opened=None if last is None else last.opened)
        self.opponent.progress = message

    def finished(self, message: Finish, why: str | None) -> bool:
        """The other side's finish, and why it did not verify (None: it did); True if
        it was news."""
        if message.game != self.game or self.opponent.finish is not None:
            return False
        if self.decided and self.absent:  # (it was gone, and finished: decided again)
            self._score(self.winner or "draw", -1)
            self.decided = self.absent = False
        self.opponent.finish, self.opponent.unverified = message, why
        self.decide()
        return True

    def ended(self, state: str, ms: int) -> None:
        """The player's own game ended."""
        if self.mine is None:
            self.mine = (state, ms)
            self.decide()

    def gone(self) -> None:
        """The other side left: its game, unfinished, is decided."""
        self.opponent.here = False
        self.decide()

    def decide(self) -> None:
        """The game's point to the winner, once both finished (or the other left)."""
        if self.decided or self.mine is None or self.game == 0:
            return
        finish = self.opponent.finish
        if finish is None and self.opponent.here:
            return
        self.decided, self.absent = True, finish is None
        self._score(self._outcome(self.mine), 1)

    def _score(self, outcome: str, by: int) -> None:
        """The series' count of a game of this outcome, changed by ``by`` (1, or -1 for
        a game decided again)."""
        self.score.played += by
        if outcome == "me":
            self.score.mine += by
        elif outcome == "them":
            self.score.theirs += by

    @property
    def winner(self) -> str | None:
        """ "me", "them" or "draw" once the game is decided, else None."""
        if not self.decided or self.mine is None:
            return None
        return self._outcome(self.mine)

    def _outcome(self, mine: tuple[str, int]) -> str:
        finish = self.opponent.finish
        theirs = None if finish is None or self.opponent.unverified else finish
        mine_won, ms = mine[0] == "won", mine[1]
        their_won = theirs is not None and theirs.state == "won"
        if mine_won and (not their_won or (theirs is not None and ms < theirs.ms)):
            return "me"
        if their_won and (not mine_won or (theirs is not None and theirs.ms < ms)):
            return "them"
        return "draw"
