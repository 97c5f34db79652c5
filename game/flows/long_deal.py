"""A board code's board that takes long to deal: the window comes up first.

A code is a file a stranger hands you: a 1000x1000 no-guess code with 998,001
mines would keep the game busy for minutes before its first frame. Such a board
(``is_long``) is dealt after the first frame, off the loop (background.py), under
a dialog that shows how far the deal got and can be cancelled (Esc, Cancel, the
window's close, SIGTERM). A no-guess deal still running after PATIENCE_S says it
may not finish in reasonable time and offers the same board with a safe first
click instead (Safe first click, also offered from the start).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from game.core import Game
from game.flows.background import DONE, Job, Report, WorkScene
from game.rules import Board, FirstClick, GameRules
from game.session import PlaySession
from game.session.play import dealing
from game.session.table import Source, Table

if TYPE_CHECKING:
    from game.core.delta import Cell
    from game.stage import Stage
    from game.viewport import Viewport

LONG_CELLS = 250_000
"""A board this large (cells) is dealt after the first frame, whatever its rule."""
LONG_NO_GUESS_CELLS = 40_000
"""A no-guess board this large is too (an expert no-guess board takes ~50 ms)."""
PATIENCE_S = 20.0
"""A no-guess deal running longer says it may not finish in reasonable time."""
SAFE = "Safe first click"
CANCEL = "Cancel"


def is_long(board: Board, rules: GameRules) -> bool:
    """Whether dealing this board may keep the window waiting."""
    cells = board.rows * board.cols
    no_guess = rules.first_click is FirstClick.NOGUESS
    return cells >= LONG_CELLS or (no_guess and cells >= LONG_NO_GUESS_CELLS)


def _work(
    board: Board, rules: GameRules, seed: int | None, start: Cell
) -> Callable[[Report], Game | None]:
    def work(report: Report) -> Game | None:
        steps = dealing(board, rules, seed, start)
        while True:
            try:
                progress = next(steps)
            except StopIteration as done:
                game: Game = done.value
                return game
            words = f"Dealing the {board.rows}x{board.cols} board"
            if rules.first_click is FirstClick.NOGUESS:
                words += (
                    f" with no guess (layout {progress.attempt}, "
                    f"{progress.fraction:.0%} of it settled by logic)"
                )
            if not report(None, words):
                return None

    return work


def deal(
    stage: Stage,
    table: Table,
    viewport: Viewport,
    code: tuple[Board, GameRules, int | None, Cell],
    *,
    source: Source,
    otherwise: Callable[[], None] = lambda: None,
    then: Callable[[], None] = lambda: None,
) -> WorkScene:
    """Deal a code's board (board, rules, seed, start cell) off the loop under a
    progress dialog, then put it on the table and call ``then``; ``otherwise`` if
    the player cancels (the game on the table stays, unless it says otherwise)."""
    board, rules, seed, start = code
    job = Job(_work(board, rules, seed, start))
    no_guess = rules.first_click is FirstClick.NOGUESS

    def lines(job: Job) -> list[str]:
        import time

        if no_guess and time.monotonic() - job.started > PATIENCE_S:
            return [
                "This no-guess board may not be dealt in reasonable time. "
                f"{SAFE} plays the same board with a safe first click instead."
            ]
        return []

    def answered(result: object) -> None:
        if result == DONE and job.error is not None:
            raise job.error
        if result == DONE and isinstance(job.result, Game):
            session = PlaySession(job.result, table.clock)
            session.start = start
            table.start(session, source)
            then()
        elif result == SAFE:
            safe = replace(rules, first_click=FirstClick.SAFE)
            code = (board, safe, seed, start)
            deal(stage, table, viewport, code, source=source, otherwise=otherwise, then=then)
        else:
            otherwise()

    buttons = (SAFE, CANCEL) if no_guess else (CANCEL,)
    scene = WorkScene("Board code", job, viewport, lines=lines, buttons=buttons)
    stage.push(scene, answered)
    return scene
