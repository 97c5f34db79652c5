"""The panel after a game: its statistics as speedrunners read them, and what can be
done with it (undo the fatal move, play the board again, analyse it, copy its code,
keep or export its replay)."""

from __future__ import annotations

from collections.abc import Sequence

from game.analysis.glossary import worded
from game.core.record import Record
from game.core.status import Status
from game.language import N_, decimal, gettext
from game.rules import Difficulty
from game.screens.answers import Button, answering, field, labels
from game.screens.records import BestTime, name_form
from game.session.play import Summary
from game.view.widgets.dialog import Dialog
from game.view.widgets.form import FormDialog
from game.view.widgets.grid import GridDialog
from game.words import seconds


class PanelAnswer(Button):
    """The panel's buttons, in their order on it (OK always; the others as offered)."""

    OK = N_("OK")
    UNDO = N_("Undo")
    RETRY = N_("Retry")
    ANALYSIS = N_("Analysis")
    COPY_CODE = N_("Copy code")
    KEEP_REPLAY = N_("Keep replay")
    EXPORT_EVF = N_("Save as EVF")
    EXPORT_HTML = N_("Save as web page")
    COPY_LINK = N_("Copy web link")


def _hundredths(value: float | None) -> str:
    """A figure to two decimals as the language writes it, or "-" when there is none."""
    return "-" if value is None else decimal(value, 2)


class NamedPanel(Record):
    """The answer of the panel of a best time: the button and the name typed."""

    __slots__ = ("button", "name")

    button: PanelAnswer
    name: str

    def __init__(self, button: PanelAnswer, name: str) -> None:
        self.button = button
        self.name = name


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
    best: BestTime | None = None,
) -> Dialog:
    """The statistics of the game just finished, as speedrunners read them; with
    its board code (and a button to copy it) and, if ``keep``, a button to keep
    its replay; if ``export``, one to save it as an EVF file for the community's
    programs, one to save it as a web page and one to copy its web link; if
    ``analyse``, one to open its analysis; if ``undo`` (a loss), one to take the
    fatal move back and play on as practice; if ``retry``, one to play
    the same board again (practice), racing this game's ghost. It answers a
    PanelAnswer; after a best time (``best``) it asks for the player's name over
    its figures, says the place, and answers a NamedPanel (None: cancelled, the
    name then the one remembered)."""
    clicks = summary.clicks
    won = summary.status is Status.WON
    bbbv = "-" if summary.bbbv is None else str(summary.bbbv)
    rows = [
        [gettext("Time"), seconds(summary.ms)],
        [
            "3BV",
            bbbv
            if won
            else gettext("{solved} of {total}").format(solved=summary.bbbv_solved, total=bbbv),
        ],
        ["3BV/s", _hundredths(summary.bbbv_per_second)],
        [
            gettext("Clicks"),
            gettext("{total} ({each})").format(  # each in the side's and the Analysis' words
                total=clicks.total, each=worded("clicks", (clicks.left, clicks.right, clicks.chord))
            ),
        ],
        [gettext("Effective"), str(clicks.effective)],
        ["IOE", _hundredths(summary.ioe)],
        [
            gettext("Correctness"),
            "-" if summary.correctness is None else f"{100 * summary.correctness:.0f}%",
        ],
    ]
    if code is not None:
        rows.append([gettext("Board code"), code])
    offered = {
        PanelAnswer.OK: True,
        PanelAnswer.UNDO: undo,
        PanelAnswer.RETRY: retry,
        PanelAnswer.ANALYSIS: analyse,
        PanelAnswer.COPY_CODE: bool(code),
        PanelAnswer.KEEP_REPLAY: keep,
        PanelAnswer.EXPORT_EVF: export,
        PanelAnswer.EXPORT_HTML: export,
        PanelAnswer.COPY_LINK: export,
    }
    buttons = labels([answer for answer, shown in offered.items() if shown])
    title = (
        gettext("You won {board}!").format(board=gettext(difficulty.label))
        if won
        else N_("Game over")
    )
    if best is not None:
        return best_time_panel(best, rows, buttons, lines, code)
    panel = GridDialog(title, [], rows, buttons=buttons, lines=list(lines))
    panel.beside = True  # (the finished board stays in sight)
    panel.wrapping = (1,)  # (its figures wrap in a narrow room: the code after its hyphens)
    panel.copy_button = PanelAnswer.COPY_CODE.label
    return answering(panel, PanelAnswer)


def best_time_panel(
    best: BestTime,
    rows: list[list[str]],
    buttons: tuple[str, ...],
    lines: Sequence[str],
    code: str | None,
) -> FormDialog:
    """A best time's one view: the name box (its place and board above it), then the
    game's figures, then the panel's lines and buttons; any button keeps the name."""
    by_label = {answer.label: answer for answer in PanelAnswer}
    # (its board code is among the figures: not said twice)
    panel = name_form(best.replace(code=None), buttons=buttons, figures=rows, below=list(lines))
    panel.copy_button = PanelAnswer.COPY_CODE.label if code else None
    panel.beside = True  # (the finished board stays in sight)
    panel.answer_for = lambda values: NamedPanel(by_label[panel.pressed], field(values, "name"))
    return panel
