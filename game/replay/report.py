"""A replay file's figures, as ``python -m game --analyse FILE ... [--json]`` gives
them: one JSON object a file (JSON Lines), in the order the files were named.

Keys: ``file``, ``format`` (avf, rmv, mvf, evf, rawvf, or ours), ``rows``, ``cols``,
``mines``, ``won``, ``time`` (seconds), ``bbbv``, ``solved_bbbv``, ``left``,
``right``, ``double``, ``player``, ``identifier`` (what a rankings site calls the
player: EVF's uniqueness identifier), ``country``, ``program``, ``date``, ``path`` (the mouse's path
in pixels of 16-pixel cells), and a ``stats`` object
(``ce``, ``lce``, ``rce``, ``dce``, ``flag``, ``ioe``, ``corr``, ``thrp``,
``bbbv_s``, ``cl_s``, ``ce_s``: ms-toollib's names; ``over_zini``, ours: a won
game's clicks beyond its board's ZiNi). A community file is counted as
its community counts it (game.replay.tally, ms-toollib's conventions); one of ours
by our own rules (docs/REPLAY.md, "Counting"). A file that cannot be read:
``{"file": ..., "error": "one line"}``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game.analysis.judge import MoveClass
from game.core.boardstats import board_stats
from game.core.moves import Action
from game.core.status import Status
from game.language import said
from game.replay.drive import game_of
from game.replay.figures import GameNumbers, Totals, stats_of
from game.replay.files import COMMUNITY_SUFFIXES, open_replay
from game.replay.format import ReplayError, named
from game.replay.formats import open_video
from game.replay.judged import judgment_of
from game.replay.path import PathMeter
from game.replay.played import Report, entry_of, played
from game.replay.reader import load
from game.replay.tally import tally
from game.replay.video import VideoError
from game.version import PROGRAM

if TYPE_CHECKING:
    from game.replay.format import Replay


def report(path: str, *, moves: bool = False) -> Report:
    """The figures of one replay file, or its error; with ``moves``, every move
    judged too (game.analysis.judge): ``moves`` (per move: ``time``, ``kind``,
    ``row``, ``col``, ``class``, ``p_safe``, ``best_p_safe``, ``think``,
    ``bbbv_solved``) and, in ``stats``, ``guesses``, ``needless_guesses``,
    ``mistakes``, ``wasted`` and ``luck``."""
    name = Path(path).name
    try:
        community = name.lower().endswith(COMMUNITY_SUFFIXES)
        if community:
            entry = _community(path)
            if moves:
                _judged(entry, open_replay(path).replay)
            return entry
        return report_of(load(path), path, moves=moves)
    except (VideoError, ReplayError) as error:
        return {"file": path, "error": said(named(name, error))}


def report_of(replay: Replay, name: str, *, moves: bool = False) -> Report:
    """The figures of one of our replays in memory (a game just played), under
    ``name``, as report gives them for a file."""
    entry = _ours(name, replay)
    if moves:
        _judged(entry, replay)
    return entry


def _judged(entry: Report, replay: Replay) -> None:
    """Add every move judged to a report."""

    judgment = judgment_of(replay)
    if judgment is None:
        entry["moves"] = []
        return

    def chance(value: object) -> float | None:
        return None if value is None else round(float(value), 6)  # type: ignore[arg-type]

    entry["moves"] = [
        {
            "time": judged.ms / 1000,
            "kind": judged.kind.value,
            "row": judged.move.row,
            "col": judged.move.col,
            "class": judged.verdict.value,
            **({"cause": judged.cause.value} if judged.cause is not None else {}),
            "p_safe": chance(judged.p_safe),
            "best_p_safe": chance(judged.best_p_safe),
            "think": judged.think_ms / 1000,
            "bbbv_solved": judged.bbbv_solved,
        }
        for judged in judgment.moves
    ]
    entry["stats"].update(
        {
            "guesses": judgment.count(MoveClass.GUESS),
            "needless_guesses": judgment.count(MoveClass.NEEDLESS_GUESS),
            "mistakes": judgment.count(MoveClass.MISTAKE),
            "wasted": judgment.count(MoveClass.WASTED),
            "luck": round(float(judgment.luck), 6),
        }
    )


MAX_BOARD_STATS = 250_000
"""The largest board (cells) whose ZiNi and the rest are worked out for a report."""


def _board(rows: int, cols: int, mines: object) -> dict[str, int]:
    """The layout's statistics under ms-toollib's names (op, isl, zini, hzini,
    cell0..cell8); none for a board larger than MAX_BOARD_STATS."""
    if rows * cols > MAX_BOARD_STATS:
        return {}

    stats = board_stats(rows, cols, mines)  # type: ignore[arg-type]
    return {
        "op": stats.op,
        "isl": stats.isl,
        "zini": stats.zini,
        "hzini": stats.hzini,
        **{f"cell{n}": count for n, count in enumerate(stats.cells)},
    }


def _community(path: str) -> Report:

    video = open_video(path)
    counted = tally(video)
    seconds = counted.time_ms / 1000
    facts = video.facts
    extra = dict(facts.extra)
    entry = entry_of(
        path,
        video.format,
        (video.rows, video.cols, video.mine_count),
        counted.won,
        seconds,
        (counted.bbbv, counted.solved_bbbv),
        (counted.left, counted.right, counted.double),
        (
            facts.player,
            extra.get("identifier", ""),
            extra.get("country", ""),
            facts.program,
            facts.date,
        ),
    )
    entry["path"] = round(counted.path, 3)
    entry["stats"] = {
        "ce": counted.effective,
        "lce": counted.lce,
        "rce": counted.rce,
        "dce": counted.dce,
        "flag": counted.flags,
        **stats_of(
            Totals(
                (video.rows, video.cols, video.mine_count),
                seconds,
                counted.bbbv,
                counted.solved_bbbv,
                counted.clicks,
                counted.effective,
            )
        ),
        **_board(video.rows, video.cols, video.mines),
    }
    _over_zini(entry)
    return entry


def _ours(path: str, replay: Replay) -> Report:

    board = replay.board
    numbers = GameNumbers(
        (board.rows, board.cols, board.mines),
        replay.result is Status.WON,
        replay.ms / 1000,
        (replay.bbbv, replay.bbbv_solved),
        replay.clicks,
        0,  # (its flags are counted with its effective clicks)
        _path(replay),
    )
    entry = played(
        path,
        numbers,
        (
            replay.player,
            replay.identifier,
            replay.country,
            PROGRAM,
            replay.date,
        ),
        _effective(replay),
    )
    layout = replay.minefield
    if layout is not None:
        entry["stats"].update(_board(board.rows, board.cols, list(layout)))
    _over_zini(entry)
    return entry


def _effective(replay: Replay) -> dict[str, int]:
    """Our effective clicks by kind (a move whose delta changed what the player sees:
    ``lce`` reveals, ``rce`` marks, ``dce`` chords) and ``flag``, the flags the player
    left on the board; none for a replay without its layout."""

    if replay.minefield is None:
        return {}
    game = game_of(replay)
    kinds = {Action.REVEAL: "lce", Action.MARK: "rce", Action.CHORD: "dce"}
    counts = dict.fromkeys(kinds.values(), 0)
    flags = 0  # (the player's: a won board shows every mine flagged)
    for _, move in replay.moves:
        if not game.apply(move).is_nothing:
            counts[kinds[move.action]] += 1
        if game.status is not Status.WON:
            flags = game.flags
    return {**counts, "flag": flags}


def _over_zini(entry: Report) -> None:
    """A won game's clicks beyond the ZiNi of its board (``over_zini``: the clicks a
    greedy clearance with flags and chords would not have spent), when ZiNi is known."""
    zini = entry["stats"].get("zini")
    if entry["won"] and zini is not None:
        clicks = entry["left"] + entry["right"] + entry["double"]
        entry["stats"]["over_zini"] = max(0, clicks - int(zini))


def _path(replay: Replay) -> float:
    """The pointer's path in one of our replays, in pixels of 16-pixel cells (as the
    file keeps places), from the first move to the last event (PathMeter)."""
    meter = PathMeter()
    for event in replay.events:
        meter.add(event.kind, event.x, event.y, event.move is not None)
    return meter.path
