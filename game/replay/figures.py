"""The formulas of a game's rates and speed figures (ms-toollib's, docs/STATS.md),
one home for both who use them: the report of a replay (game.replay.report, the
analysis view reads it) and the live counters of a game being played, which work
out at each update only the figures they show, straight from the game's numbers
(GameNumbers), and word them as the analysis view does (game.analysis.glossary's
``worded``). At the end of a game the two agree to the last digit: the same
formula, the same words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from game.analysis.glossary import worded

if TYPE_CHECKING:
    from game.session.play import Clicks

STNB_CONSTANTS = {(8, 8, 10): 36.0, (16, 16, 40): 162.0, (16, 30, 99): 435.001}
"""STNB's constant for each of the community's levels. Any other board has none, and
no STNB (None: "-" to a person; ms-toollib says 0)."""


class Totals:
    """What a game's rates and speed are worked out from: its board, its time in
    seconds, its 3BV (0: not known yet) and 3BV solved, its clicks and effective
    clicks. (A plain class: its module loads before the first input, where a named
    tuple costs a compile.)"""

    __slots__ = ("bbbv", "clicks", "cols", "effective", "mines", "rows", "seconds", "solved")

    def __init__(
        self,
        board: tuple[int, int, int],
        seconds: float,
        bbbv: int,
        solved: int,
        clicks: int,
        effective: int,
    ) -> None:
        self.rows, self.cols, self.mines = board
        self.seconds = seconds
        self.bbbv = bbbv
        self.solved = solved
        self.clicks = clicks
        self.effective = effective


def _stnb(game: Totals) -> float | None:
    """STNB: None off the classic levels or in no time; 0 with nothing solved (as
    ms-toollib's get_stnb and the rule book say: docs/STATS.md)."""
    constant = STNB_CONSTANTS.get((game.rows, game.cols, game.mines))
    seconds, solved = game.seconds, game.solved
    if constant is not None and game.bbbv and not solved:
        return 0.0
    if constant is None or seconds <= 0 or not game.bbbv or not solved:
        return None
    qg: float = seconds**1.7 / solved
    share: float = (solved / game.bbbv) ** 0.5
    return round(constant / qg * share, 6)


def _ratio(part: int, whole: int) -> float:
    """part / whole to 6 decimals; 0 when whole is 0 (no clicks: ms-toollib's 0)."""
    return round(part / whole, 6) if whole else 0.0


def _per_second(count: int, seconds: float) -> float | None:
    """count / seconds to 6 decimals; 0 for nothing counted, None (infinite) for a
    count in no time."""
    if not count:
        return 0.0
    return round(count / seconds, 6) if seconds else None


def _rqp(game: Totals) -> float | None:
    """RQP: time squared over 3BV solved (None while nothing is solved)."""
    if not game.bbbv or not game.solved:
        return None
    return round(game.seconds * game.seconds / game.solved, 6)


def _qg(game: Totals) -> float | None:
    """QG: time to the power 1.7 over 3BV solved (None while nothing is solved)."""
    if not game.bbbv or not game.solved:
        return None
    qg: float = game.seconds**1.7 / game.solved
    return round(qg, 6)


def _etime(game: Totals) -> float | None:
    """The estimated time: the whole board's at this pace (None while nothing is
    solved)."""
    if not game.bbbv or not game.solved:
        return None
    return round(game.seconds / game.solved * game.bbbv, 6)


STATS: Mapping[str, Callable[[Totals], float | None]] = MappingProxyType(
    {
        "ioe": lambda game: _ratio(game.solved, game.clicks),
        "corr": lambda game: _ratio(game.effective, game.clicks),
        "thrp": lambda game: _ratio(game.solved, game.effective),
        "bbbv_s": lambda game: _per_second(game.solved, game.seconds),
        "cl_s": lambda game: _per_second(game.clicks, game.seconds),
        "ce_s": lambda game: _per_second(game.effective, game.seconds),
        "stnb": _stnb,
        "rqp": _rqp,
        "qg": _qg,
        "etime": _etime,
    }
)
"""Each rate and speed figure by its report name, in the report's order: each ratio
to 6 decimals, 0 when its divisor and dividend are 0 or its divisor is a count of
clicks that is 0 (ms-toollib's base_video_metrics.rs and the rule book: IOE, the
correctness and the throughput 0 with no clicks, a rate per second 0 with nothing
counted), None when it would be infinite (a count in no time); STNB, RQP, QG and
the estimated time None where undefined (nothing solved, STNB off the classic levels
or in no time; STNB 0 on them with nothing solved)."""


OVER_TIME = frozenset(("bbbv_s", "cl_s", "ce_s", "stnb", "rqp", "qg", "etime"))
OVER_CLICKS: Mapping[str, str] = MappingProxyType(
    {"ioe": "clicks", "corr": "clicks", "thrp": "effective"}
)
"""The ratios over a count of clicks (the Totals field dividing them): 0 in a game's
report with none (ms-toollib's), not yet known in a game being played with none."""
"""The figures worked out over the game's time. A game being played has them only
once it is a second old and has had a second click (the clock starts at the first):
before, "-" (right after a first click's opening, 3BV/s would say 1000 and the
estimated time 0.013 s). A finished game keeps its own, however short."""


def meaningful(game: Totals) -> bool:
    """A game being played is far enough along for its figures over time."""
    return game.seconds >= 1 and game.clicks >= 2


def stats_of(game: Totals) -> dict[str, float | None]:
    """Every rate and speed figure of a game, by report name."""
    return {key: formula(game) for key, formula in STATS.items()}


class GameNumbers:
    """A game's numbers at one moment (a game being played, or one of ours at its
    end), what its figures are worked out from: game.replay.report makes its whole
    report of them, the live counters only the figures they show. (A plain class, as
    Totals.)"""

    __slots__ = ("chord", "flags", "laid", "left", "path", "playing", "right", "totals", "won")

    def __init__(
        self,
        board: tuple[int, int, int],
        won: bool,
        seconds: float,
        bbbv: tuple[int | None, int],
        clicks: Clicks,
        flags: int,
        path: float,
        playing: bool = False,
    ) -> None:
        """A game's numbers: its board (rows, columns, mines), whether it is won, its
        time, its 3BV (None: not known yet) and 3BV solved, its clicks, the flags
        the player has put on (game.replay.recorder counts them) and the pointer's
        path, in pixels of 16-pixel cells (Recorder.path); ``playing``: the game
        is not over (its figures over time wait until they mean something)."""
        total, solved = bbbv
        self.totals = Totals(board, seconds, total or 0, solved, clicks.total, clicks.effective)
        self.laid = total is not None
        """Its mines are laid (its 3BV is known)."""
        self.won = won
        self.left, self.right, self.chord = clicks.left, clicks.right, clicks.chord
        self.flags = flags
        self.path = path
        self.playing = playing

    def stat(self, key: str) -> float | None:
        """A rate or speed figure (a key of STATS) as it stands: None where undefined,
        and for a figure over time a game being played is too young for (OVER_TIME)."""
        if self.playing and key in OVER_TIME and not meaningful(self.totals):
            return None
        divisor = OVER_CLICKS.get(key)
        if self.playing and divisor is not None and not getattr(self.totals, divisor):
            return None  # (a ratio over no clicks yet: "-" beside the board, 0 in a report)
        return STATS[key](self.totals)

    def stats(self) -> dict[str, float | None]:
        """Every rate and speed figure as it stands (``stat``), by report name."""
        return {key: self.stat(key) for key in STATS}

    def words(self, key: str) -> str | None:
        """A figure's value as the analysis view words it (None: a figure a game
        being played has none of)."""
        if key in STATS:
            return worded(key, self.stat(key))
        value = COUNTED.get(key)
        return None if value is None else worded(key, value(self))


COUNTED: Mapping[str, Callable[[GameNumbers], Any]] = MappingProxyType(
    {
        "time": lambda numbers: numbers.totals.seconds,
        "bbbv": lambda numbers: (
            numbers.totals.solved,
            numbers.totals.bbbv if numbers.laid else None,
        ),
        "clicks": lambda numbers: (numbers.left, numbers.right, numbers.chord),
        "path": lambda numbers: round(numbers.path, 3),
        "ce": lambda numbers: numbers.totals.effective,
        "flag": lambda numbers: numbers.flags,
    }
)
"""The figures of a game being played besides its rates and speed (STATS), each
as its report gives it (the value ``worded`` takes) from the game's numbers: no
board statistics and no judged moves, those are the analysis's alone."""
