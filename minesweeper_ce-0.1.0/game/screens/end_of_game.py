"""The panel after a game: its statistics as speedrunners read them, and what can be
done with it (undo the fatal move, play the board again, analyse it, copy its code,
keep or export its replay)."""

from __future__ import annotations

from collections.abc import Sequence

from game.core import Status
from game.rules import Difficulty
from game.screens.answers import Button, answering, labels
from game.session import Summary
from game.view.widgets.grid import GridDialog
from game.words import figure, seconds


class PanelAnswer(Button):
    """The panel's buttons, in their order on it (OK always; the others as offered)."""

    OK = "OK"
    UNDO = "Undo"
    RETRY = "Retry"
    ANALYSIS = "Analysis"
    COPY_CODE = "Copy code"
    KEEP_REPLAY = "Keep replay"
    EXPORT_EVF = "Save as EVF"


def game_panel(
    summary: Summary,
    difficulty: Difficulty,
    code: str | None = None,
    lines: Sequence[str] = (),
    keep: bool = False,
    export: bool = False,
    analyse: bool = False,
    undo: bool = False,
    retry: bool = False,
) -> GridDialog:
    """The statistics of the game just finished, as speedrunners read them; with
    its board code (and a button to copy it) and, if ``keep``, a button to keep
    its replay; if ``export``, one to save it as an EVF file for the community's
    programs; if ``analyse``, one to open its analysis; if ``undo`` (a loss), one
    to take the fatal move back and play on as practice; if ``retry``, one to play
    the same board again (practice), racing this game's ghost. It answers a
    PanelAnswer."""
    clicks = summary.clicks
    won = summary.status is Status.WON
    bbbv = "-" if summary.bbbv is None else str(summary.bbbv)
    rows = [
        ["Time", seconds(summary.ms)],
        ["3BV", bbbv if won else f"{summary.bbbv_solved} of {bbbv}"],
        ["3BV/s", figure(summary.bbbv_per_second, "{:.2f}")],
        ["Clicks", f"{clicks.total} ({clicks.left} L, {clicks.right} R, {clicks.chord} C)"],
        ["Effective", str(clicks.effective)],
        ["IOE", figure(summary.ioe, "{:.2f}")],
        [
            "Correctness",
            figure(None if summary.correctness is None else 100 * summary.correctness, "{:.0f}%"),
        ],
    ]
    if code is not None:
        rows.append(["Board code", code])
    offered = {
        PanelAnswer.OK: True,
        PanelAnswer.UNDO: undo,
        PanelAnswer.RETRY: retry,
        PanelAnswer.ANALYSIS: analyse,
        PanelAnswer.COPY_CODE: bool(code),
        PanelAnswer.KEEP_REPLAY: keep,
        PanelAnswer.EXPORT_EVF: export,
    }
    buttons = labels([answer for answer, shown in offered.items() if shown])
    title = f"You won {difficulty.label}!" if won else "Game over"
    panel = GridDialog(title, [], rows, buttons=buttons, lines=list(lines))
    panel.copy_button = PanelAnswer.COPY_CODE.label
    return answering(panel, PanelAnswer)
