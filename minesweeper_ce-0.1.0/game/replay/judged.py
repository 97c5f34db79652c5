"""A replay's moves judged: game.analysis.judge on the replay's own layout, for the
analysis view, the command line's --moves and the replay viewer's timeline and
heatmap. None for a replay without its layout (mines placed after it was made)."""

from __future__ import annotations

from game.analysis.judge import Judgment, judge
from game.replay.drive import game_of
from game.replay.format import Replay


def judgment_of(replay: Replay) -> Judgment | None:
    """Every move of the replay judged from the position its player saw."""
    if replay.minefield is None:
        return None
    return judge(game_of(replay), replay.moves)
