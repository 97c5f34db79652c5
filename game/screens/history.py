"""The History screen: a page of past games, a chart of one board's times, and the
buttons that step through its filters, orders and pages, export and import it.

Whatever it shows, the screen keeps one size (a full page's room, the chart's, three
lines of text), so its buttons stay where they were and the next click lands.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from enum import Enum

from game.core.record import Record
from game.language import N_, decimal, gettext, ngettext
from game.modes.category import (
    CODE_KIND,
    DAILY_KIND,
    LADDER_KIND,
    RACE_KIND,
    TRIAL_KIND,
    Category,
    all_keys,
    family_words,
)
from game.persist.game_record import GameRecord, Sort, StoredGame
from game.rules import Difficulty
from game.screens.answers import Button, labels
from game.screens.messages import notice
from game.view.widgets.chart import ChartPoint
from game.view.widgets.grid import PICKED, GridDialog
from game.view.widgets.message import MessageDialog
from game.words import day_of, seconds

HISTORY_ROWS = 12
"""Games listed on a page of the History screen."""
HISTORY_SORTS = {
    Sort.DATE: N_("newest first"),
    Sort.TIME: N_("fastest first"),
    Sort.RATE: N_("best 3BV/s first"),
}
"""What the History screen's Sort steps through, and how it says it (in English,
translated when shown, as every word of these tables)."""
HISTORY_CHART = 60
"""Games in its chart."""
HistoryFilter = Difficulty | str | None
"""What the History screen shows: every game (None) or one ranking category (its key,
game.modes.category; a board size stands for its random boards' category)."""
HISTORY_FILTERS: tuple[str | None, ...] = (None, *all_keys())
"""What the History screen's Next steps through: all games, then each category: each
size's random boards (the presets, custom, the ranked Beginner), each size's no-guess
boards, the daily boards, the games from board codes, the ladder and the time trials
(the no-guess boards, the ladder and the trials only when the history holds some)."""
FILTER_WORDS = {
    None: N_("all boards"),
    DAILY_KIND: N_("daily boards"),
    CODE_KIND: N_("board codes"),
}
KIND_WORDS = {
    DAILY_KIND: N_("Daily"),
    CODE_KIND: N_("Code"),
    LADDER_KIND: N_("Ladder"),
    TRIAL_KIND: N_("Trial"),
    RACE_KIND: N_("Race"),
}
"""How the Board column names a game of no preset size (a daily board: "Daily 9x9")."""
HISTORY_RESULTS: dict[bool | None, str] = {
    None: N_("Games"),
    True: N_("Won games"),
    False: N_("Lost games"),
}
"""What the History screen's Result steps through: every game, the won, the lost."""


class HistoryAnswer(Button):
    """The History screen's buttons, in their order on it."""

    CLOSE = N_("Close")
    BOARD = N_("Board")
    RESULT = N_("Result")
    SORT = N_("Sort")
    PREVIOUS = N_("Previous")
    MORE = N_("More")
    EXPORT = N_("Export")
    IMPORT = N_("Import")


class PickedGame(Record):
    """The History screen's answer when a game of its page was picked."""

    __slots__ = ("game",)

    game: StoredGame

    def __init__(self, game: StoredGame) -> None:
        self.game = game


def filter_key(kind: HistoryFilter) -> str | None:
    """The category key a filter names (None: every game)."""
    return kind.value if isinstance(kind, Enum) else kind


def _optional(key: str | None) -> bool:
    """A filter Next skips when the history holds none of its games: every category
    but a size's random boards and the daily boards and board codes (the no-guess
    boards, the ladder, the time trials: most players never play one)."""
    category = None if key is None else Category.from_key(key)
    if category is None:
        return False
    return bool(category.family) or category.shared not in (None, DAILY_KIND, CODE_KIND)


def next_history_filter(kind: HistoryFilter, held: Collection[str] = ()) -> str | None:
    """The History screen's next filter, round and round (``held``: the optional
    categories the history has games of)."""
    order = [key for key in HISTORY_FILTERS if not _optional(key) or key in held]
    key = filter_key(kind)
    i = order.index(key) if key in order else -1
    return order[(i + 1) % len(order)]


def next_history_result(won: bool | None) -> bool | None:
    """The History screen's next result filter, round and round."""
    order = list(HISTORY_RESULTS)
    return order[(order.index(won) + 1) % len(order)]


def next_history_sort(sort: Sort) -> Sort:
    """The History screen's next order, round and round."""
    order = list(HISTORY_SORTS)
    return order[(order.index(sort) + 1) % len(order)]


def later_page(first: int, total: int) -> int:
    """More: the first game of the next page (after the last page, the first)."""
    later = first + HISTORY_ROWS
    return later if later < total else 0


def earlier_page(first: int, total: int) -> int:
    """Previous: the first game of the page before (before the first, the last)."""
    if first > 0:
        return max(first - HISTORY_ROWS, 0)
    return max(total - 1, 0) // HISTORY_ROWS * HISTORY_ROWS


def charted_board(kind: HistoryFilter, newest: StoredGame | None) -> str | None:
    """The category whose times the History screen charts (one size, so the times
    compare): the filter's own when it is a preset's (random or no-guess) or the daily
    boards; for all boards, the newest game's when it is one of those; None: no chart."""
    key = filter_key(kind)
    if key is None and newest is not None:
        key = newest.record.difficulty
    category = None if key is None else Category.from_key(key)
    if category is not None and (category.has_best_times or category.shared == DAILY_KIND):
        return key
    return None


def _filter_label(kind: HistoryFilter) -> str:
    key = filter_key(kind)
    if key in FILTER_WORDS:
        return gettext(FILTER_WORDS[key])
    category = Category.from_key(key) if key is not None else None
    return category.label if category is not None else str(key)


def _board_text(record: GameRecord) -> str:
    category = Category.from_key(record.difficulty)
    if category is None or category.size is None:  # (the dailies, the board codes: their size)
        kind = record.difficulty
        word = gettext(KIND_WORDS[kind]) if kind in KIND_WORDS else kind.capitalize()
        return f"{word} {record.rows}x{record.cols}"
    if category.size.is_preset:
        return category.label
    return f"{record.rows}x{record.cols}/{record.mines}" + family_words(category.family)


def _result_of(record: GameRecord) -> str:
    """How the history names a game's result: an abandoned game, and a game that
    counts for no record (assisted, or unranked: game.modes), as such."""
    if record.won:
        result = gettext("won")
    else:
        result = gettext("abandoned") if record.abandoned else gettext("lost")
    if record.used_hint:
        return gettext("{result}, assisted").format(result=result)
    if record.unranked is None:
        return result
    return gettext("{result}, unranked").format(result=result)


def history_dialog(
    games: Sequence[StoredGame],
    kind: HistoryFilter,
    *,
    sort: Sort = Sort.DATE,
    won: bool | None = None,
    first: int = 0,
    total: int | None = None,
    charted: Sequence[StoredGame] | None = None,
) -> GridDialog:
    """A page of past games (from the first-th, of total, in the sort's order),
    and a chart of the latest games' times, oldest to newest (a won game a dot at
    its time; a lost one a red cross, an abandoned one a dash, under the time axis:
    a loss's time is no time to beat; ``charted``, newest first: the page's games
    if None), so a player sees progress at a glance. Next: the next board; Sort:
    the next order; Previous and More: the page before and after; Result: every
    game, the won, the lost; Export and Import: the history as a file. It answers
    a HistoryAnswer, or a PickedGame."""
    page = list(games[:HISTORY_ROWS])
    rows = []
    for game in page:
        record = game.record
        rate = record.bbbv * 1000 / record.ms if record.won and record.bbbv and record.ms else None
        rows.append(
            [
                f"{day_of(record.finished_at)} {record.finished_at[11:16]}",
                _board_text(record),
                _result_of(record),
                seconds(record.ms),
                "-" if rate is None else decimal(rate, 2),
            ]
        )
    which = _filter_label(kind)
    status = gettext("No games yet.")
    if rows:
        status = (
            ""
            if total is None
            else gettext("{games} {first} to {last} of {total}, {order}.").format(
                games=gettext(HISTORY_RESULTS[won]),
                first=first + 1,
                last=first + len(rows),
                total=total,
                order=gettext(HISTORY_SORTS[sort]),
            )
        )
    note = ""
    chart = None
    charted = page if charted is None else charted
    chart_of = charted_board(kind, charted[0] if charted else None)
    if charted and chart_of is not None:
        oldest = list(reversed(charted))
        points = [
            ChartPoint(
                g.record.ms / 1000 if g.record.won else None, g.record.abandoned, g.record.ranked
            )
            for g in oldest
        ]
        days = (day_of(oldest[0].record.finished_at), day_of(oldest[-1].record.finished_at))
        label = _filter_label(chart_of)
        caption = gettext("{board}: times, oldest to newest").format(
            board=f"{label[:1].upper()}{label[1:]}"
        )
        how_many = ngettext("{n} game", "{n} games", len(points)).format(n=len(points))
        chart = (f"{caption} ({how_many})", points, days)
    elif charted:
        note = gettext("Times are charted for one size of board at a time: Board chooses it.")
    hint = (
        gettext("Up and Down or the pointer pick a game; Enter or a click: its analysis.")
        if rows
        else ""
    )
    dialog = GridDialog(
        gettext("History: {which}").format(which=which),
        [gettext("Finished"), gettext("Board"), gettext("Result"), gettext("Time"), "3BV/s"],
        rows,
        buttons=labels(list(HistoryAnswer)),
        lines=[status, hint, note],  # (three lines whatever they say)
        chart=chart,
        pickable=True,
        rows_shown=HISTORY_ROWS,
        chart_room=True,
    )
    answers = {answer.label: answer for answer in HistoryAnswer}

    def answer_for(closed_with: object) -> object:
        if closed_with == PICKED and dialog.picked is not None:
            return PickedGame(page[dialog.picked])
        return answers[str(closed_with)]

    dialog.answer_for = answer_for
    return dialog


def history_transfer_dialog(done: str) -> MessageDialog:
    """What an export or import of the history did, or why it did not (a path in it
    shown whole, wrapped where it must be)."""
    return notice(N_("History"), [done])
