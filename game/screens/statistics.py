"""The statistics of the ranked games, per board kind, and where the player's games
were lost (the deaths' heatmap, opened from them)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from game.language import N_, decimal, gettext, ngettext, pgettext
from game.modes.category import Category
from game.persist.game_record import DailyStats
from game.persist.records import Stats
from game.rules import Board, Difficulty
from game.screens.answers import Button, answering, labels
from game.view.board_words import place
from game.view.widgets.grid import GridDialog
from game.view.widgets.heatmap import HeatmapDialog
from game.words import seconds

SHORT_NAMES = {
    Difficulty.BEGINNER: N_("Beg."),
    Difficulty.INTERMEDIATE: N_("Int."),
    Difficulty.EXPERT: N_("Exp."),
    Difficulty.RANKED_BEGINNER: N_("Beg. 8x8"),
    Difficulty.CUSTOM: N_("Custom"),
}
"""Each size's column heading, in English (translated when shown)."""


def _average(stats: Stats) -> str:
    average = stats.average_win_ms
    return "-" if average is None else f"{decimal(average / 1000, 1)} s"


STATISTICS: list[tuple[str, Callable[[Stats], str]]] = [
    (N_("Played"), lambda s: str(s.played)),
    (N_("Won"), lambda s: str(s.won)),
    (N_("Win %"), lambda s: f"{s.win_percent:.0f}%"),
    (N_("Streak"), lambda s: str(s.current_streak)),
    (N_("Longest"), lambda s: str(s.longest_streak)),
    (N_("Average"), _average),
]
"""The Statistics screen's lines: each one's label (English, translated when shown)
and its figure."""


class StatisticsAnswer(Button):
    """The Statistics screen's buttons (Enter closes; a reset is never the default)."""

    CLOSE = N_("Close")
    DEATHS = N_("Deaths")
    RESET = N_("Reset")


def short_name(kind: Difficulty | Category) -> str:
    """A column's heading: a size's short name, a rule mode's short name after it
    ("Exp. NG": Expert, no guessing)."""
    if isinstance(kind, Difficulty):
        return gettext(SHORT_NAMES[kind])
    assert kind.size is not None
    return gettext(SHORT_NAMES[kind.size]) + (f" {kind.family_short}" if kind.family else "")


def long_name(kind: Difficulty | Category) -> str:
    """A column's heading as speech says it: the kind's whole name ("Expert, no
    guessing")."""
    return gettext(kind.label) if isinstance(kind, Difficulty) else kind.label


def _days(n: int) -> str:
    return ngettext("{n} day", "{n} days", n).format(n=n)


def statistics_dialog(
    stats_by_kind: Mapping[Difficulty | Category, Stats],
    best_rates: Mapping[Difficulty | Category, float | None] | None = None,
    daily: DailyStats | None = None,
    codes: Stats | None = None,
) -> GridDialog:
    """Games played, won, win %, streaks, average winning time and best 3BV/s, per
    board kind (a category: a size's random boards, or its no-guess ones, "NG"); and
    the daily boards' line (days played and won, best time, streak
    of days) and the board codes' (games played and won, streak), kept apart from
    the presets. Only ranked games count (game.modes)."""
    kinds = list(stats_by_kind)
    stats = [stats_by_kind[kind] for kind in kinds]
    rows = [[gettext(label), *(show(s) for s in stats)] for label, show in STATISTICS]
    if best_rates is not None:
        rates = [best_rates.get(kind) for kind in kinds]
        rows.append([gettext("Best 3BV/s"), *("-" if r is None else decimal(r, 2) for r in rates)])
    lines = []
    if daily is not None and daily.played:
        best = "-" if daily.best_ms is None else seconds(daily.best_ms)
        lines.append(
            gettext(
                "Daily boards: {played} played, {won} won, best time {best}, "
                "streak {streak} (longest {longest})."
            ).format(
                played=_days(daily.played),
                won=daily.won,
                best=best,
                streak=_days(daily.streak),
                longest=_days(daily.longest),
            )
        )
    if codes is not None and codes.played:
        lines.append(
            gettext(
                "Board codes: {played} played, {won} won, streak {streak} (longest {longest})."
            ).format(
                played=ngettext("{n} game", "{n} games", codes.played).format(n=codes.played),
                won=codes.won,
                streak=codes.current_streak,
                longest=codes.longest_streak,
            )
        )
    lines.append(gettext("Games with a hint, an undo or from a replay count for none of these."))
    dialog = GridDialog(
        N_("Statistics"),
        ["", *(short_name(kind) for kind in kinds)],
        rows,
        buttons=labels(list(StatisticsAnswer)),
        lines=lines,
    )
    dialog.said_headers = ["", *(long_name(kind) for kind in kinds)]
    return answering(dialog, StatisticsAnswer)


class DeathsAnswer(Button):
    """The deaths' heatmap's buttons."""

    OK = N_("OK")
    NEXT = N_("Next")


def deaths_dialog(board: Board, deaths: Mapping[tuple[int, int], int]) -> HeatmapDialog:
    """Where the player's games on a board size were lost, as heat over its cells
    (Next: the next size)."""
    total = sum(deaths.values())
    custom = board.difficulty is Difficulty.CUSTOM
    label = gettext("Custom") if custom else gettext(board.difficulty.label)
    caption = ngettext(
        "{board}, {rows}x{cols}: {n} game lost", "{board}, {rows}x{cols}: {n} games lost", total
    ).format(board=label, rows=board.rows, cols=board.cols, n=total)
    most = max(deaths.values(), default=0)
    if most:
        scale = ngettext(
            "The reddest cell: {n} death; a clear cell: none.",
            "The reddest cell: {n} deaths; a clear cell: none.",
            most,
        ).format(n=most)
    else:
        scale = gettext("No lost game on this size says where yet.")
    dialog = HeatmapDialog(
        N_("Where you died"),
        (board.rows, board.cols),
        deaths,
        caption,
        scale,
        buttons=labels(list(DeathsAnswer)),
    )
    dialog.said_map = deaths_said(deaths)
    return answering(dialog, DeathsAnswer)


SAID_CELLS = 5
"""The most cells the deaths' heatmap names aloud (the hottest first)."""


def deaths_said(deaths: Mapping[tuple[int, int], int]) -> str:
    """What the deaths' heatmap shows, as speech says it (a voice cannot read the
    heat): the cells where most games were lost, with their counts, the most first
    ("Where most games were lost (2 cells): row 4, column 5: 3 deaths; row 1, column
    1: 1 death."); "" when none was lost."""
    hottest = sorted(
        ((n, cell) for cell, n in deaths.items() if n > 0), key=lambda d: (-d[0], d[1])
    )
    cells = pgettext("between the cells of a list", "; ").join(
        gettext("{place}: {deaths}").format(
            place=place(cell, False), deaths=ngettext("{n} death", "{n} deaths", n).format(n=n)
        )
        for n, cell in hottest[:SAID_CELLS]
    )
    if not cells:
        return ""
    count = min(len(hottest), SAID_CELLS)
    return ngettext(
        "Where most games were lost ({n} cell): {cells}.",
        "Where most games were lost ({n} cells): {cells}.",
        count,
    ).format(n=count, cells=cells)
