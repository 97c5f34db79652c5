"""A game's analysis: every figure of its report with its value, and what the one
under the pointer means."""

from __future__ import annotations

from collections.abc import Mapping

from game.view.widgets.menu import MenuDialog
from game.words import count

NAME_SHOWN = 40
"""The most characters of a game's name (a file name) the analysis shows."""

NO_REPLAY = (
    "No replay of this game is kept: won games keep theirs (the last 50 and every "
    "best), others only when Keep replay was chosen."
)


def analysis_dialog(entry: Mapping[str, object], name: str) -> MenuDialog:
    """A game's analysis (a report of game.replay.report): every figure with its
    value, and under them what the one under the pointer or the highlight means.
    Its one button is Close: it answers None."""
    from game.analysis.glossary import figures
    from game.analysis.judge import JUDGED_CELLS

    shown = figures(entry)
    won = "won" if entry.get("won") else "not won"
    board = f"{entry['rows']}x{entry['cols']}, {count(int(str(entry['mines'])), 'mine')}"
    if len(name) > NAME_SHOWN:  # (a file name: its two ends, never wrapped)
        half = NAME_SHOWN // 2 - 1
        name = f"{name[:half]}\N{HORIZONTAL ELLIPSIS}{name[-half:]}"
    lines = [name, f"{board}, {won}."]
    if "moves" not in entry:
        lines.append(f"Clicks are judged on boards of up to {JUDGED_CELLS:,} cells.")
    dialog = MenuDialog("Analysis", [(f.label, f.value) for f in shown], lines=lines)
    dialog.hints = [f.means for f in shown]
    dialog.show_hint()
    return dialog
