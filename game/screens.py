"""The record and settings screens: dialogs built from the player's profile.

Each function turns persisted values into a dialog to show; the app decides what
to do with the answer. Times are shown in seconds with milliseconds, as kept.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from game.core import Status
from game.modes.category import CODE_KIND, DAILY_KIND, Category
from game.persist import (
    DEFAULT_NAME,
    MAX_NAME_LENGTH,
    TOP,
    BestTimeEntry,
    GameRecord,
    SavedGame,
    Settings,
    Sort,
    Stats,
    StoredGame,
)
from game.persist.game_record import DailyStats
from game.rules import (
    MAX_COLS,
    MAX_ROWS,
    MIN_COLS,
    MIN_MINES,
    MIN_ROWS,
    PRESETS,
    Board,
    BoardChoiceError,
    Difficulty,
    custom,
    max_mines,
)
from game.session import Stopwatch, Summary
from game.view import toggles
from game.view.commands import KeyMap
from game.view.widgets.chart import ChartPoint
from game.view.widgets.form import Field, FormDialog
from game.view.widgets.heatmap import HeatmapDialog
from game.view.widgets.menu import MenuDialog
from game.view.widgets.message import MessageDialog
from game.view.widgets.table import PICKED as PICKED  # (the History's picked game)
from game.view.widgets.table import TableDialog
from game.words import count, seconds

NEXT, RESET, CLOSE, RESUME, NEW_GAME = "Next", "Reset", "Close", "Resume", "New game"
SORT, RESULT, OLDER, EXPORT, IMPORT = "Sort", "Result", "More", "Export", "Import"
COPY_CODE, KEEP_REPLAY, EXPORT_EVF = "Copy code", "Keep replay", "Save as EVF"
ANALYSIS = "Analysis"
DEATHS = "Deaths"
UNDO = "Undo"
RETRY = "Retry"
SHORT_NAMES = {
    Difficulty.BEGINNER: "Beg.",
    Difficulty.INTERMEDIATE: "Int.",
    Difficulty.EXPERT: "Exp.",
    Difficulty.RANKED_BEGINNER: "Beg. 8x8",
    Difficulty.CUSTOM: "Custom",
}


def best_times_dialog(
    entries: Sequence[BestTimeEntry], preset: Difficulty, best_rate: float | None = None
) -> TableDialog:
    """The top ten of one preset and its best 3BV/s, with buttons to see the next
    preset or reset them all."""
    rows = [
        [f"{rank}.", entry.name or DEFAULT_NAME, seconds(entry.ms), entry.finished_at[:10]]
        for rank, entry in enumerate(entries, start=1)
    ]
    lines = [] if rows else ["No times yet: win a game to set one."]
    if best_rate is not None:
        lines.append(f"Best 3BV/s: {best_rate:.2f}")
    return TableDialog(
        f"Best times: {preset.label}",
        ["", "Name", "Time", "Date"],
        rows,
        buttons=(NEXT, RESET, CLOSE),
        lines=lines,
    )


def next_preset(preset: Difficulty) -> Difficulty:
    """The preset after this one, round and round."""
    presets = list(PRESETS)
    return presets[(presets.index(preset) + 1) % len(presets)]


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


def statistics_dialog(
    stats_by_kind: Mapping[Difficulty, Stats],
    best_rates: Mapping[Difficulty, float | None] | None = None,
    daily: DailyStats | None = None,
    codes: Stats | None = None,
) -> TableDialog:
    """Games played, won, win %, streaks, average winning time and best 3BV/s, per
    board kind; and the daily boards' line (days played and won, best time, streak
    of days) and the board codes' (games played and won, streak), kept apart from
    the presets. Only ranked games count (game.modes)."""
    kinds = list(stats_by_kind)
    stats = [stats_by_kind[kind] for kind in kinds]
    rows = [[label, *(show(s) for s in stats)] for label, show in STATISTICS]
    if best_rates is not None:
        rates = [best_rates.get(kind) for kind in kinds]
        rows.append(["Best 3BV/s", *(_figure(rate, "{:.2f}") for rate in rates)])
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
    return TableDialog(
        "Statistics",
        ["", *(SHORT_NAMES[kind] for kind in kinds)],
        rows,
        buttons=(CLOSE, DEATHS, RESET),  # Enter closes; a reset is never the default
        lines=lines,
    )


HISTORY_ROWS = 12
"""Games listed on a page of the History screen."""
HISTORY_SORTS = {
    Sort.DATE: "newest first",
    Sort.TIME: "fastest first",
    Sort.RATE: "best 3BV/s first",
}
"""What the History screen's Sort steps through, and how it says it."""
HISTORY_CHART = 60
"""Games in its chart."""
HistoryFilter = Difficulty | str | None
"""What the History screen shows: every game (None), a board kind, the daily boards
(DAILY_FILTER) or the games from board codes (CODE_FILTER): their difficulty names."""
DAILY_FILTER, CODE_FILTER = DAILY_KIND, CODE_KIND
HISTORY_FILTERS: tuple[HistoryFilter, ...] = (
    None,
    *(d for d in PRESETS if d is not Difficulty.RANKED_BEGINNER),
    Difficulty.CUSTOM,
    Difficulty.RANKED_BEGINNER,
    DAILY_FILTER,
    CODE_FILTER,
)
"""What the History screen's Next steps through: all games, each preset, custom,
the ranked Beginner, the daily boards, the games from board codes."""
FILTER_WORDS = {None: "all boards", DAILY_FILTER: "daily boards", CODE_FILTER: "board codes"}


def next_history_filter(kind: HistoryFilter, more: Sequence[str] = ()) -> HistoryFilter:
    """The History screen's next filter, round and round: HISTORY_FILTERS, then the
    ranking categories in ``more`` (the no-guess and rule modes' keys that have games,
    game.modes.category)."""
    filters = (*HISTORY_FILTERS, *more)
    i = filters.index(kind) if kind in filters else -1
    return filters[(i + 1) % len(filters)]


def _board_text(record: GameRecord) -> str:
    try:
        kind = Difficulty(record.difficulty)
    except ValueError:  # (the dailies, the board codes: their size)
        return f"{record.difficulty.capitalize()} {record.rows}x{record.cols}"
    if kind.is_preset:
        return kind.label
    return f"{record.rows}x{record.cols}/{record.mines}"


HISTORY_RESULTS: dict[bool | None, str] = {None: "Games", True: "Won games", False: "Lost games"}
"""What the History screen's Result steps through: every game, the won, the lost."""


def next_history_result(won: bool | None) -> bool | None:
    """The History screen's next result filter, round and round."""
    order = list(HISTORY_RESULTS)
    return order[(order.index(won) + 1) % len(order)]


def next_history_sort(sort: Sort) -> Sort:
    """The History screen's next order, round and round."""
    order = list(HISTORY_SORTS)
    return order[(order.index(sort) + 1) % len(order)]


def charted_board(kind: HistoryFilter, newest: StoredGame | None) -> HistoryFilter:
    """The board whose times the History screen charts (one size, so the times
    compare): the filter's own when it is a preset or the daily boards; for all
    boards, the board of the newest game when it is one of those; None: no chart."""
    if kind is None and newest is not None:
        name = newest.record.difficulty
        kinds = {d.value: d for d in Difficulty}
        kind = DAILY_FILTER if name == DAILY_FILTER else kinds.get(name)
    if kind == DAILY_FILTER or (isinstance(kind, Difficulty) and kind is not Difficulty.CUSTOM):
        return kind
    category = Category.from_key(kind) if isinstance(kind, str) else None
    if category is not None and category.has_best_times:  # (a preset's rule mode)
        return kind
    return None


def _filter_label(kind: HistoryFilter) -> str:
    if isinstance(kind, Difficulty):
        return kind.label
    if kind in FILTER_WORDS:
        return FILTER_WORDS[kind]
    category = Category.from_key(kind) if kind is not None else None
    return category.label if category is not None else str(kind)


def history_dialog(
    games: Sequence[StoredGame],
    kind: HistoryFilter,
    *,
    sort: Sort = Sort.DATE,
    won: bool | None = None,
    first: int = 0,
    total: int | None = None,
    charted: Sequence[StoredGame] | None = None,
) -> TableDialog:
    """A page of past games (from the first-th, of total, in the sort's order),
    and a chart of the latest games' times, oldest to newest (a lost game is a
    red tick; ``charted``, newest first: the page's games if None), so a player
    sees progress at a glance. Next: the next board; Sort: the next order; More:
    the next page; Result: every game, the won, the lost; Export and Import:
    the history as a file."""
    rows = []
    for game in games[:HISTORY_ROWS]:
        record = game.record
        rate = record.bbbv * 1000 / record.ms if record.won and record.bbbv and record.ms else None
        rows.append(
            [
                record.finished_at[:16].replace("T", " "),
                _board_text(record),
                _result_of(record),
                seconds(record.ms),
                _figure(rate, "{:.2f}"),
            ]
        )
    which = _filter_label(kind)
    lines = [] if rows else ["No games yet."]
    if rows and total is not None:
        lines.append(
            f"{HISTORY_RESULTS[won]} {first + 1} to {first + len(rows)} of {total}, "
            f"{HISTORY_SORTS[sort]}."
        )
    chart = None
    charted = games if charted is None else charted
    chart_of = charted_board(kind, charted[0] if charted else None)
    if charted and chart_of is not None:
        oldest = list(reversed(charted))
        points = [
            ChartPoint(g.record.ms / 1000 if g.record.won else None, g.record.abandoned)
            for g in oldest
        ]
        days = (oldest[0].record.finished_at[:10], oldest[-1].record.finished_at[:10])
        label = _filter_label(chart_of)
        caption = f"{label[:1].upper()}{label[1:]}: times, oldest to newest"
        chart = (f"{caption} ({count(len(points), 'game')})", points, days)
    elif charted:
        lines.append("Times are charted for one size of board at a time: Next chooses it.")
    if rows:
        lines.append("Up and Down or the pointer pick a game; Enter or a click: its analysis.")
    return TableDialog(
        f"History: {which}",
        ["Finished", "Board", "Result", "Time", "3BV/s"],
        rows,
        buttons=(CLOSE, NEXT, RESULT, SORT, OLDER, EXPORT, IMPORT),
        lines=lines,
        chart=chart,
        pickable=True,
    )


def _result_of(record: GameRecord) -> str:
    """How the history names a game's result: an abandoned game, and a game that
    counts for no record (assisted, or unranked: game.modes), as such."""
    result = "won" if record.won else "abandoned" if record.abandoned else "lost"
    if record.used_hint:
        return f"{result}, assisted"
    return result if record.unranked is None else f"{result}, unranked"


def history_transfer_dialog(done: str) -> MessageDialog:
    """What an export or import of the history did, or why it did not."""
    return MessageDialog("History", [done])


def confirm_dialog(what: str) -> MessageDialog:
    """Ask before throwing records away."""
    return MessageDialog(
        "Are you sure?",
        [f"Reset {what}? This cannot be undone."],
        buttons=(RESET, "Cancel"),
        default="Cancel",  # Enter keeps the records: a wipe is never the default
    )


def name_dialog(
    summary: Summary, preset: Difficulty, place: int, last_name: str, code: str | None = None
) -> FormDialog:
    """Ask for the player's name when a time enters the top ten (naming the board's
    code, when it has one)."""

    def validate(values: dict[str, str]) -> str | None:
        return None if values["name"].strip() else "Please type a name."

    return FormDialog(
        "A new best time!",
        [Field("name", "Name", last_name or DEFAULT_NAME, max_len=MAX_NAME_LENGTH)],
        validate,
        lines=[
            f"You won {preset.label} in {seconds(summary.ms)}: place {place} of {TOP}.",
            *(() if code is None else (f"Board code: {code}",)),
        ],
    )


def _figure(value: float | None, form: str) -> str:
    return "-" if value is None else form.format(value)


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
) -> TableDialog:
    """The statistics of the game just finished, as speedrunners read them; with
    its board code (and a button to copy it) and, if ``keep``, a button to keep
    its replay; if ``export``, one to save it as an EVF file for the community's
    programs; if ``analyse``, one to open its analysis; if ``undo`` (a loss), one
    to take the fatal move back and play on as practice; if ``retry``, one to play
    the same board again (practice), racing this game's ghost."""
    clicks = summary.clicks
    won = summary.status is Status.WON
    bbbv = "-" if summary.bbbv is None else str(summary.bbbv)
    rows = [
        ["Time", seconds(summary.ms)],
        ["3BV", bbbv if won else f"{summary.bbbv_solved} of {bbbv}"],
        ["3BV/s", _figure(summary.bbbv_per_second, "{:.2f}")],
        ["Clicks", f"{clicks.total} ({clicks.left} L, {clicks.right} R, {clicks.chord} C)"],
        ["Effective", str(clicks.effective)],
        ["IOE", _figure(summary.ioe, "{:.2f}")],
        [
            "Correctness",
            _figure(None if summary.correctness is None else 100 * summary.correctness, "{:.0f}%"),
        ],
    ]
    if code is not None:
        rows.append(["Board code", code])
    buttons = (
        "OK",
        *((UNDO,) if undo else ()),
        *((RETRY,) if retry else ()),
        *((ANALYSIS,) if analyse else ()),
        *((COPY_CODE,) if code else ()),
        *((KEEP_REPLAY,) if keep else ()),
        *((EXPORT_EVF,) if export else ()),
    )
    title = f"You won {difficulty.label}!" if won else "Game over"
    panel = TableDialog(title, [], rows, buttons=buttons, lines=list(lines))
    panel.copy_button = COPY_CODE
    return panel


def analysis_dialog(entry: Mapping[str, object], name: str) -> MenuDialog:
    """A game's analysis (a report of game.replay.report): every figure with its
    value, and under them what the one under the pointer or the highlight means."""
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


NAME_SHOWN = 40
"""The most characters of a game's name (a file name) the analysis shows."""


NO_REPLAY = (
    "No replay of this game is kept: won games keep theirs (the last 50 and every "
    "best), others only when Keep replay was chosen."
)


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
    return HeatmapDialog(
        "Where you died",
        (board.rows, board.cols),
        deaths,
        caption,
        scale,
        buttons=("OK", NEXT),
    )


def board_code_dialog() -> FormDialog:
    """Ask for a board code to play; its result goes through game.replay.boardcode.parse."""
    from game.replay import boardcode

    def validate(values: dict[str, str]) -> str | None:
        try:
            boardcode.parse(values["code"])
        except boardcode.BoardCodeError as error:
            return str(error)
        return None

    return FormDialog(
        "Play board code",
        [Field("code", "Code", "", max_len=boardcode.MAX_TEXT)],
        validate,
        lines=[
            "A board code names a board's size, mines, rules and seed (shown after a game).",
            "Ctrl+V pastes one, and so does the middle button on Linux.",
        ],
    )


DEFAULT_KEYS = "Defaults"


def keys_items(keymap: KeyMap) -> list[tuple[str, str]]:
    """The keys screen's lines: what each command does, and its keys."""
    return [(b.does, ", ".join(b.keys)) for b in keymap.bindings]


KEYS_ROWS = 10
"""Lines of the Keys screen shown at once (the rest scroll): it stays large at a zoom."""


def keys_dialog(keymap: KeyMap) -> MenuDialog:
    """Rebind a key: pick a line, press the new key. Defaults puts the table back."""
    return MenuDialog(
        "Keys",
        keys_items(keymap),
        lines=["Pick a line, then press the key you want for it (Esc: keep it)."],
        buttons=("Close", DEFAULT_KEYS),
        max_rows=KEYS_ROWS,
    )


def settings_dialog(settings: Settings) -> MenuDialog:
    """The settings menu: pick a line to change it; rules apply from the next game."""
    return MenuDialog(
        "Settings",
        toggles.dialog_lines(settings),
        lines=[
            "Click a line (or Up/Down and Enter) to change it.",
            "Question marks, left-click chords and the rules apply from the next game.",
        ],
    )


def custom_dialog(board: Board) -> FormDialog:
    """The Custom board form: rows, columns, mines, checked against the limits;
    its result goes through custom_board."""

    def validate(values: dict[str, str]) -> str | None:
        try:
            custom(*(int(values[key] or "0") for key in ("rows", "cols", "mines")))
        except BoardChoiceError as error:
            return str(error)
        return None

    def note(values: dict[str, str]) -> str:
        rows, cols = (int(values[key] or "0") for key in ("rows", "cols"))
        if MIN_ROWS <= rows <= MAX_ROWS and MIN_COLS <= cols <= MAX_COLS:
            return f"Mines: {MIN_MINES} to {max_mines(rows, cols)} on {rows} x {cols}."
        return f"Mines: {MIN_MINES} to (rows - 1) x (columns - 1)."

    return FormDialog(
        "Custom board",
        [
            Field("rows", f"Rows ({MIN_ROWS}-{MAX_ROWS})", str(board.rows), numeric=True),
            Field("cols", f"Columns ({MIN_COLS}-{MAX_COLS})", str(board.cols), numeric=True),
            Field("mines", "Mines", str(board.mines), numeric=True),
        ],
        validate,
        note=note,
    )


def custom_board(result: object) -> Board | None:
    """The board a closed custom_dialog chose, or None if it was cancelled."""
    if not isinstance(result, dict):
        return None
    return custom(*(int(result[key]) for key in ("rows", "cols", "mines")))


def problems_dialog(problems: list[str]) -> MessageDialog:
    """What went wrong with the player's files, in plain words, shown once."""
    return MessageDialog("Your records", problems)


def resume_dialog(saved: SavedGame) -> MessageDialog:
    """Offer back the game left unfinished when the window last closed, naming the
    time as the timer showed it."""
    shown = Stopwatch(lambda: 0.0, saved.elapsed_ms, started=True).seconds_shown
    unit = "second" if shown == 1 else "seconds"
    return MessageDialog(
        "Unfinished game",
        [
            f"You left a {saved.difficulty.label} game at {shown} {unit} on the timer. "
            "Carry on where you stopped?"
        ],
        buttons=(RESUME, NEW_GAME),  # Esc (None) resumes too: nothing is thrown away
    )


RULES_TEXT = [
    "Open every cell that holds no mine. A number tells how many of the eight cells "
    "around it hold mines.",
    "Left click opens a cell; right click flags it (again: a question mark, again: "
    "clear). Both buttons, or the middle one, on a number whose flags are all placed "
    "open the cells around it.",
    "The first click is never a mine. The timer starts with it; the counter shows the "
    "mines less your flags. Every action happens when the button is released.",
    "Settings that change the rules apply from the next game.",
]


def rules_dialog() -> MessageDialog:
    """The rules in brief (docs/RULES.md has them all)."""
    return MessageDialog("Rules", RULES_TEXT)


def about_dialog(version: str, folder: Path) -> MessageDialog:
    """The version, the licences, and where the records are."""
    return MessageDialog(
        f"About Minesweeper {version}",
        [
            f"Minesweeper {version}, on pygame-ce (LGPL) and SDL (zlib licence).",
            "The font is DejaVu Sans (Bitstream Vera licence).",
            f"Your records and settings are kept in {folder}.",
        ],
    )
