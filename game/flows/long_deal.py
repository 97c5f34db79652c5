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

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.core.game import Game
from game.flows.background import DONE, Job, Report, WorkScene
from game.language import N_, gettext
from game.modes.mode import Mode
from game.modes.shared import Code
from game.rules import Board, FirstClick, GameRules
from game.session.play import dealing
from game.session.table import Table

if TYPE_CHECKING:
    from game.core.delta import Cell
    from game.view.stage import Stage
    from game.view.viewport import Viewport

PATIENCE_S = 20.0
"""A no-guess deal running longer says it may not finish in reasonable time."""
SAFE = N_("Safe first click")
CANCEL = N_("Cancel")


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
            words = gettext("Dealing the {rows}x{cols} board").format(
                rows=board.rows, cols=board.cols
            )
            if rules.first_click is FirstClick.NOGUESS:
                words = gettext(
                    "Dealing the {rows}x{cols} board with no guess (layout {attempt}, "
                    "{percent} of it settled by logic)"
                ).format(
                    rows=board.rows,
                    cols=board.cols,
                    attempt=progress.attempt,
                    percent=f"{progress.fraction:.0%}",
                )
            if not report(None, words):
                return None

    return work


def deal(
    stage: Stage,
    table: Table,
    viewport: Viewport,
    mode: Mode,
    *,
    otherwise: Callable[[], None] = lambda: None,
    then: Callable[[], None] = lambda: None,
) -> WorkScene:
    """Deal a shared board's game (its mode's board code: board, rules, seed, start
    cell) off the loop under a progress dialog, then put it on the table in its mode
    and call ``then``; ``otherwise`` if the player cancels (the game on the table
    stays, unless it says otherwise)."""
    code = mode.shared_code
    assert code is not None and code.start is not None
    board, rules, seed, start = code.board, code.rules, code.seed, code.start
    job = Job(_work(board, rules, seed, start))
    no_guess = rules.first_click is FirstClick.NOGUESS

    def lines(job: Job) -> list[str]:

        if no_guess and time.monotonic() - job.started > PATIENCE_S:
            return [
                gettext(
                    "This no-guess board may not be dealt in reasonable time. "
                    "{safe} plays the same board with a safe first click instead."
                ).format(safe=gettext(SAFE))
            ]
        return []

    def answered(result: object) -> None:
        if result == DONE and job.error is not None:
            raise job.error
        if result == DONE and isinstance(job.result, Game):
            table.start(mode.with_game(job.result))
            then()
        elif result == SAFE:
            safe = Code(code.replace(rules=rules.laid(FirstClick.SAFE)))
            deal(stage, table, viewport, safe, otherwise=otherwise, then=then)
        else:
            otherwise()

    buttons = (SAFE, CANCEL) if no_guess else (CANCEL,)
    scene = WorkScene(N_("Board code"), job, viewport, lines=lines, buttons=buttons)
    stage.push(scene, answered)
    return scene
