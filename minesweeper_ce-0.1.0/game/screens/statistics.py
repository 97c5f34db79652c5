"""The statistics of the ranked games, per board kind, and where the player's games
were lost (the deaths' heatmap, opened from them)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from game.modes.category import Category
from game.persist import Stats
from game.persist.game_record import DailyStats
from game.rules import Board, Difficulty
from game.screens.answers import Button, answering, labels
from game.view.widgets.grid import GridDialog
from game.view.widgets.heatmap import HeatmapDialog
from game.words import count, figure, seconds

SHORT_NAMES = {
    Difficulty.BEGINNER: "Beg.",
    Difficulty.INTERMEDIATE: "Int.",
    Difficulty.EXPERT: "Exp.",
    Difficulty.RANKED_BEGINNER: "Beg. 8x8",
    Difficulty.CUSTOM: "Custom",
}


def _average(stats: Stats) -> str:
    average = stats.average_win_ms
    return "-" if average is None else f"{average / 1000:.1f} s"


STATISTICS: list[tuple[str, Callable[[Stats], str]]] = [
    ("Played", lambda s: str(s.played)),
    ("Won", lambda s: str(s.won)),
    ("Win %", lambda s: f"{s.win_percent:.0f}%"),
    ("Streak", lambda s: str(s.current_streak)),
    ("Longest", lambda s: str(s.longest_streak)),
    ("Average", _average),
]


class StatisticsAnswer(Button):
    """The Statistics screen's buttons (Enter closes; a reset is never the default)."""

    CLOSE = "Close"
    DEATHS = "Deaths"
    RESET = "Reset"


def short_name(kind: Difficulty | Category) -> str:
    """A column's heading: a size's short name, a rule mode's short name after it
    ("Exp. NG": Expert, no guessing)."""
    if isinstance(kind, Difficulty):
        return SHORT_NAMES[kind]
    assert kind.size is not None
    return SHORT_NAMES[kind.size] + (f" {kind.family_short}" if kind.family else "")


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
    rows = [[label, *(show(s) for s in stats)] for label, show in STATISTICS]
    if best_rates is not None:
        rates = [best_rates.get(kind) for kind in kinds]
        rows.append(["Best 3BV/s", *(figure(rate, "{:.2f}") for rate in rates)])
    lines = []
    if daily is not None and daily.played:
        best = "-" if daily.best_ms is None else seconds(daily.best_ms)
        lines.append(
            f"Daily boards: {count(daily.played, 'day')} played, {daily.won} won, "
            f"best time {best}, streak {count(daily.streak, 'day')} "
            f"(longest {count(daily.longest, 'day')})."
        )
    if codes is not None and codes.played:
        lines.append(
            f"Board codes: {count(codes.played, 'game')} played, {codes.won} won, "
            f"streak {codes.current_streak} (longest {codes.longest_streak})."
        )
    lines.append("Games with a hint, an undo or from a replay count for none of these.")
    dialog = GridDialog(
        "Statistics",
        ["", *(short_name(kind) for kind in kinds)],
        rows,
        buttons=labels(list(StatisticsAnswer)),
        lines=lines,
    )
    return answering(dialog, StatisticsAnswer)


class DeathsAnswer(Button):
    """The deaths' heatmap's buttons."""

    OK = "OK"
    NEXT = "Next"


def deaths_dialog(board: Board, deaths: Mapping[tuple[int, int], int]) -> HeatmapDialog:
    """Where the player's games on a board size were lost, as heat over its cells
    (Next: the next size)."""
    total = sum(deaths.values())
    label = board.difficulty.label if board.difficulty is not Difficulty.CUSTOM else "Custom"
    caption = f"{label}, {board.rows}x{board.cols}: {count(total, 'game')} lost"
    most = max(deaths.values(), default=0)
    if most:
        scale = f"The reddest cell: {count(most, 'death')}; a clear cell: none."
    else:
        scale = "No lost game on this size says where yet."
    dialog = HeatmapDialog(
        "Where you died",
        (board.rows, board.cols),
        deaths,
        caption,
        scale,
        buttons=labels(list(DeathsAnswer)),
    )
    return answering(dialog, DeathsAnswer)
