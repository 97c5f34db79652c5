"""The Counters dialog: which live counters the panel beside the board shows, in what
order, and the player's own counters (a name and an expression over the figures'
names, game.replay.counters), each added, changed or removed in a small form."""

from __future__ import annotations

from game.analysis.glossary import label_of
from game.core.record import Record
from game.language import N_, gettext, shown
from game.persist.settings import Settings
from game.replay.counters import MAX_EXPRESSION, Expression, too_long
from game.screens.answers import Button, answering, field, labels
from game.view.widgets.form import Field, FormDialog
from game.view.widgets.menu import MenuDialog
from game.words import FIGURES, MAX_NAME, RACE_LABELS

TITLE = N_("Counters")
OWN_TITLE = N_("A counter of your own")
SHOWN = N_("shown ({place})")
HIDDEN = N_("hidden")
NAMES = (
    "time",
    "bbbv",
    "solved",
    "left",
    "right",
    "chord",
    "clicks",
    "ce",
    "ioe",
    "corr",
    "thrp",
    "bbbv_s",
    "etime",
    "rqp",
    "stnb",
    "flag",
    "path",
    "pace",
)
"""The names the form lists (game.replay.counters.names_of gives them all)."""
ROWS = 12
"""Lines of the dialog shown at once (the rest scroll)."""


class CountersAnswer(Button):
    """The Counters dialog's buttons (Close answers None, as Esc does)."""

    CLOSE = N_("Close")
    UP = N_("Move up")
    ADD = N_("Add your own")


def order(settings: Settings) -> list[str]:
    """The figures in the dialog's order: those shown, in their order, then the rest."""
    return [*settings.counters, *(name for name in FIGURES if name not in settings.counters)]


def label(name: str) -> str:
    """A figure's label in the player's language."""
    return gettext(RACE_LABELS.get(name) or label_of(name))


def counters_items(settings: Settings) -> list[tuple[str, str]]:
    """The dialog's lines: each figure (shown, and where, or hidden), then each of
    the player's own counters with its expression."""
    lines = [
        (
            label(name),
            gettext(SHOWN).format(place=settings.counters.index(name) + 1)
            if name in settings.counters
            else gettext(HIDDEN),
        )
        for name in order(settings)
    ]
    for name, expression in settings.own_counters:
        shown = expression if len(expression) <= 40 else expression[:39] + "…"
        lines.append((name, shown))
    return lines


def counters_dialog(settings: Settings) -> MenuDialog:
    """Pick a figure to show or hide it, Move up to bring the line picked higher,
    pick a counter of your own (or Add your own) to change it; answers
    CountersAnswer.UP, CountersAnswer.ADD, or None (Close)."""
    dialog = MenuDialog(
        TITLE,
        counters_items(settings),
        lines=[
            gettext("Click a figure to show or hide it; Move up puts it higher."),
            gettext("Your own: an expression over the figures' names, e.g. bbbv / time * 60."),
        ],
        buttons=labels(list(CountersAnswer)),
        max_rows=ROWS,
    )
    return answering(dialog, CountersAnswer)


def moved_up(settings: Settings, index: int) -> tuple[tuple[str, ...], int]:
    """The figures shown with the one on line ``index`` one place higher (a hidden
    one: shown, last), and the line it is then on."""
    names = order(settings)
    if not 0 <= index < len(names):
        return settings.counters, index
    shown = list(settings.counters)
    name = names[index]
    if name not in shown:
        shown.append(name)
    at = shown.index(name)
    if at > 0:
        shown[at - 1], shown[at] = shown[at], shown[at - 1]
    return tuple(shown), shown.index(name)


def toggled(settings: Settings, index: int) -> tuple[str, ...]:
    """The figures shown with the one on line ``index`` shown (last) or hidden."""
    names = order(settings)
    if not 0 <= index < len(names):
        return settings.counters
    name = names[index]
    if name in settings.counters:
        return tuple(shown for shown in settings.counters if shown != name)
    return (*settings.counters, name)


class OwnCounter(Record):
    """The form's answer: a counter's name and expression (an empty expression:
    the counter is removed)."""

    __slots__ = ("expression", "name")

    name: str
    expression: str

    def __init__(self, name: str, expression: str) -> None:
        self.name = name
        self.expression = expression


def own_counter_dialog(settings: Settings, at: int | None) -> FormDialog:
    """The form of a counter of the player's own (``at``: which one, None: a new
    one); it answers OwnCounter, or None when cancelled."""
    name, expression = ("", "") if at is None else settings.own_counters[at]
    others = {n for k, (n, _) in enumerate(settings.own_counters) if k != at}

    def said(values: object) -> OwnCounter:
        return OwnCounter(field(values, "name").strip(), field(values, "expression").strip())

    def validate(values: dict[str, str]) -> str | None:
        counter = said(values)
        if not counter.expression:
            return None if at is not None else gettext("Write an expression.")
        if not counter.name or not counter.name.isprintable():
            return gettext("Give it a name.")
        if counter.name in others:
            return gettext("Another counter has that name.")
        problem = Expression.of(counter.name, counter.expression).tried()  # (as the panel runs it)
        return None if problem is None else shown(problem)

    dialog = FormDialog(
        OWN_TITLE,
        [
            Field("name", gettext("Name"), name, max_len=MAX_NAME),
            Field(
                "expression",
                gettext("Expression"),
                expression,
                max_len=MAX_EXPRESSION,
                too_long=shown(too_long()),
            ),
        ],
        validate,
        lines=[
            gettext("Names: {names}. An empty expression removes the counter.").format(
                names=", ".join(NAMES)
            )
        ],
    )
    dialog.answer_for = said
    return dialog
