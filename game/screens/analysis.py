"""A game's analysis: every figure of its report with its value, and what the one
under the pointer means."""

from __future__ import annotations

from collections.abc import Mapping

from game.analysis.glossary import figures
from game.analysis.judge import JUDGED_CELLS
from game.language import N_, gettext, ngettext
from game.view.widgets.menu import MenuDialog

NO_REPLAY = N_(
    "No replay of this game is kept: won games keep theirs (the last 50 and every "
    "best), others only when Keep replay was chosen."
)
"""Why a game of the history has no analysis (English, translated when shown)."""
ANALYSIS = N_("Analysis")
"""The analysis's title."""


def analysis_dialog(entry: Mapping[str, object], name: str) -> MenuDialog:
    """A game's analysis (a report of game.replay.report): every figure with its
    value, and under them what the one under the pointer or the highlight means.
    Its one button is Close: it answers None."""
    shown = figures(entry)
    mines = int(str(entry["mines"]))
    board = ngettext("{rows}x{cols}, {n} mine", "{rows}x{cols}, {n} mines", mines).format(
        rows=entry["rows"], cols=entry["cols"], n=mines
    )
    said = gettext("{board}, won.") if entry.get("won") else gettext("{board}, not won.")
    lines = [name, said.format(board=board)]
    if "moves" not in entry:
        lines.append(
            gettext("Clicks are judged on boards of up to {cells} cells.").format(
                cells=f"{JUDGED_CELLS:,}"
            )
        )
    dialog = MenuDialog(ANALYSIS, [(gettext(f.label), f.value) for f in shown], lines=lines)
    dialog.beside = True  # (the game it analyses stays in sight)
    dialog.hints = [gettext(f.means) for f in shown]
    dialog.show_hint()
    return dialog
