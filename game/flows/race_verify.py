"""A live race's finish, verified: the replay the other side sent, read by our strict
reader and played again on the room's board with the game's verifier
(game.replay.drive.verify), must be of that board (size, rules, seed, start cell) and
end as and when it claims. A finish that does not is unverified and counts for
nothing."""

from __future__ import annotations

from game.core.status import Status
from game.language import N_
from game.net.messages import Finish, unpack_replay
from game.replay.boardcode import BoardCode
from game.replay.drive import verify
from game.replay.format import ReplayError
from game.replay.reader import parse

STATES = {"won": Status.WON, "lost": Status.LOST}


def checked(finish: Finish, code: BoardCode) -> str | None:
    """Why the finish is not believed (English words, N_-marked), or None: it verifies."""
    text = unpack_replay(finish.replay)
    if text is None:
        return N_("its replay could not be unpacked")
    try:
        replay = parse(text)
    except (ReplayError, RecursionError):
        return N_("its replay could not be read")
    same = (replay.board, replay.rules.first_click, replay.seed, replay.start) == (
        code.board,
        code.rules.first_click,
        code.seed,
        code.start,
    )
    if not same:
        return N_("its replay is of another board")
    if replay.result is not STATES[finish.state] or replay.ms != finish.ms:
        return N_("its replay does not end as it claims")
    if verify(replay).problems:
        return N_("its replay does not play back to its claim")
    return None
