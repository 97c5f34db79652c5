"""The best times: the top ten of a preset, the name asked when a time enters it, and
the question before records are thrown away."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from game.core.record import Record
from game.language import N_, decimal, gettext
from game.modes.category import FAMILIES, Category
from game.persist.game_record import BestTimeEntry
from game.persist.records import DEFAULT_NAME, MAX_NAME_LENGTH, TOP
from game.rules import PRESETS, Difficulty
from game.screens.answers import Button, answering, labels
from game.view.widgets.form import Field, FormDialog
from game.view.widgets.grid import GridDialog
from game.view.widgets.message import MessageDialog
from game.words import day_of, seconds


class BestTimesAnswer(Button):
    """The Best Times screen's buttons."""

    NEXT = N_("Next")
    RESET = N_("Reset")
    CLOSE = N_("Close")


def best_times_dialog(
    entries: Sequence[BestTimeEntry], preset: Category | Difficulty, best_rate: float | None = None
) -> GridDialog:
    """The top ten of one preset's category (its random boards, or its no-guess ones)
    and its best 3BV/s, with buttons to see the next or reset them all."""
    rows = [
        [f"{rank}.", entry.name or DEFAULT_NAME, seconds(entry.ms), day_of(entry.finished_at)]
        for rank, entry in enumerate(entries, start=1)
    ]
    lines = [] if rows else [gettext("No times yet: win a game to set one.")]
    if best_rate is not None:
        lines.append(gettext("Best 3BV/s: {rate}").format(rate=decimal(best_rate, 2)))
    dialog = GridDialog(
        gettext("Best times: {board}").format(board=_name(preset)),
        ["", gettext("Name"), gettext("Time"), gettext("Date")],
        rows,
        buttons=labels(list(BestTimesAnswer)),
        lines=lines,
    )
    return answering(dialog, BestTimesAnswer)


def _name(preset: Category | Difficulty) -> str:
    """A category's or a size's name in the player's language."""
    return preset.label if isinstance(preset, Category) else gettext(preset.label)


def best_time_categories(held: Collection[str] = ()) -> list[Category]:
    """The categories with best times, in the order Next shows them: each preset's
    random boards, then its no-guess ones and each rule mode's (those the history
    holds games of)."""
    random = [Category(preset) for preset in PRESETS]
    apart = [Category(preset, kin) for kin in FAMILIES if kin for preset in PRESETS]
    return random + [category for category in apart if category.key in held]


def next_best_times(shown: Category, held: Collection[str] = ()) -> Category:
    """The category of best times after this one, round and round."""
    order = best_time_categories(held)
    at = order.index(shown) if shown in order else -1
    return order[(at + 1) % len(order)]


class ConfirmAnswer(Button):
    """The question before a reset."""

    RESET = N_("Reset")
    CANCEL = N_("Cancel")


def confirm_dialog(what: str) -> MessageDialog:
    """Ask before throwing records away (``what``: English words marked with N_,
    translated here)."""
    dialog = MessageDialog(
        N_("Are you sure?"),
        [gettext("Reset {what}? This cannot be undone.").format(what=gettext(what))],
        buttons=labels(list(ConfirmAnswer)),
        default=ConfirmAnswer.CANCEL.label,  # Enter keeps the records: a wipe is never the default
    )
    return answering(dialog, ConfirmAnswer)


class BestTime(Record):
    """A time just entered among the best: its board (category), its time, its place,
    the name remembered, and the board's code if it has one."""

    __slots__ = ("category", "code", "last_name", "ms", "place")

    category: Category | Difficulty
    ms: float
    place: int
    last_name: str
    code: str | None

    def __init__(
        self,
        category: Category | Difficulty,
        ms: float,
        place: int,
        last_name: str,
        code: str | None = None,
    ) -> None:
        self.category = category
        self.ms = ms
        self.place = place
        self.last_name = last_name
        self.code = code


def best_line(best: BestTime) -> str:
    """The place a best time took, in a line."""
    return gettext("You won {board} in {time}: place {place} of {top}.").format(
        board=_name(best.category), time=seconds(best.ms), place=best.place, top=TOP
    )


def name_form(
    best: BestTime,
    buttons: tuple[str, ...] = ("OK", "Cancel"),
    figures: list[list[str]] | None = None,
    below: list[str] | None = None,
) -> FormDialog:
    """The name box of a best time (naming the board's code, when it has one: in
    full, wrapped if it is longer than a line), over the game's ``figures`` when
    given (the end of a game's one view)."""

    def validate(values: dict[str, str]) -> str | None:
        return None if values["name"].strip() else gettext("Please type a name.")

    return FormDialog(
        N_("A new best time!"),
        [Field("name", gettext("Name"), best.last_name or DEFAULT_NAME, max_len=MAX_NAME_LENGTH)],
        validate,
        lines=[
            best_line(best),
            *(() if best.code is None else (gettext("Board code: {code}").format(code=best.code),)),
        ],
        buttons=buttons,
        figures=figures,
        below=below,
    )
