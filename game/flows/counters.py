"""The Counters dialog's flow (Options > Counters...): a figure picked is shown or
hidden, Move up brings the line picked higher, a counter of the player's own is
added, changed or removed in its form; each change kept in the settings at once
(the panel beside the board, and the window, follow)."""

from __future__ import annotations

from game.screens.counters import (
    CountersAnswer,
    OwnCounter,
    counters_dialog,
    counters_items,
    moved_up,
    order,
    own_counter_dialog,
    toggled,
)
from game.view.prefs import Prefs
from game.view.stage import Stage
from game.view.widgets.menu import MenuDialog


def choose_counters(stage: Stage, prefs: Prefs, at: int = 0) -> None:
    """Open the Counters dialog, its line ``at`` highlighted."""

    dialog = counters_dialog(prefs.settings)
    dialog.index = max(0, min(at, len(dialog.items) - 1))

    def picked(index: int) -> list[tuple[str, str]]:
        figures = len(order(prefs.settings))
        if index < figures:
            prefs.save(prefs.settings.replace(counters=toggled(prefs.settings, index)))
        else:
            own_counter(stage, prefs, index - figures, then=dialog)
        return counters_items(prefs.settings)

    def answered(result: object) -> None:
        if result is CountersAnswer.UP:
            counters, line = moved_up(prefs.settings, dialog.index)
            prefs.save(prefs.settings.replace(counters=counters))
            choose_counters(stage, prefs, line)
        elif result is CountersAnswer.ADD:
            own_counter(stage, prefs, None)

    dialog.on_pick = picked
    stage.open(dialog, answered)


def own_counter(stage: Stage, prefs: Prefs, at: int | None, then: object = None) -> None:
    """The form of a counter of the player's own (``at``: which, None: a new one);
    OK keeps it (an empty expression removes it). ``then``: the Counters dialog
    under the form, whose lines follow; without it, the dialog opens again."""

    def answered(result: object) -> None:
        if not isinstance(result, OwnCounter):
            return
        own = list(prefs.settings.own_counters)
        counter = (result.name, result.expression)
        if at is None:
            own.append(counter)
        elif result.expression:
            own[at] = counter
        else:
            del own[at]
        prefs.save(prefs.settings.replace(own_counters=tuple(own)))
        if isinstance(then, MenuDialog):
            then.items = counters_items(prefs.settings)
            then.relayout()
        else:
            choose_counters(stage, prefs, len(order(prefs.settings)) + len(own) - 1)

    stage.open(own_counter_dialog(prefs.settings, at), answered)
