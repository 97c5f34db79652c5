"""A report of one of our games from its numbers, in the keys ``--analyse`` gives
(game.replay.report): what the live counters show while a game is played, and the
analysis of one of our replays at its end, made alike so that the two agree to the
last digit. It needs no replay reader, judge or board statistics: those are the
analysis's alone (game.replay.report), and load with a first analysis."""

from __future__ import annotations

from typing import Any

from game.replay.figures import GameNumbers

Report = dict[str, Any]
"""A report: the keys game.replay.report documents, in that order."""


def entry_of(
    path: str,
    fmt: str,
    board: tuple[int, int, int],
    won: bool,
    seconds: float,
    bbbv: tuple[int | None, int],
    clicks: tuple[int, int, int],
    who: tuple[str, str, str, str, str],
) -> Report:
    """A report's figures, in the order the keys are documented."""
    return dict(
        zip(
            (
                "file",
                "format",
                "rows",
                "cols",
                "mines",
                "won",
                "time",
                "bbbv",
                "solved_bbbv",
                "left",
                "right",
                "double",
                "player",
                "identifier",
                "country",
                "program",
                "date",
            ),
            (path, fmt, *board, won, seconds, *bbbv, *clicks, *who),
            strict=True,
        )
    )


def live_report(numbers: GameNumbers) -> Report:
    """The figures of a game being played, as the analysis of its replay gives them
    (the same formulas make both: at the end of a game the live counters and the
    analysis agree to the last digit). No board statistics and no judged moves:
    those are the analysis's alone."""
    return played("", numbers, ("",) * 5, {"flag": numbers.flags})


def played(
    name: str,
    numbers: GameNumbers,
    who: tuple[str, str, str, str, str],
    effective: dict[str, int],
) -> Report:
    """The figures of one of our games, from its numbers (its replay's, or its
    session's) and its effective clicks by kind."""
    game = numbers.totals
    board = (game.rows, game.cols, game.mines)
    bbbv = (game.bbbv if numbers.laid else None, game.solved)
    clicks = (numbers.left, numbers.right, numbers.chord)
    entry = entry_of(name, "ours", board, numbers.won, game.seconds, bbbv, clicks, who)
    entry["path"] = round(numbers.path, 3)
    entry["stats"] = {"ce": game.effective, **effective, **numbers.stats()}
    return entry
