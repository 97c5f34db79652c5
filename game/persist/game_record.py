"""A finished game as the history keeps it, and the values the history answers with.

Pure values: no database here (game.persist.history keeps them), so the window
can make a GameRecord without loading SQLite.
"""

from __future__ import annotations

import functools
import re
from datetime import date, datetime
from enum import Enum
from typing import Any

from game.core.record import Record, put
from game.language import N_, AsWritten, Words, said
from game.modes.category import NO_GUESS, Category, all_categories, all_keys, no_guess
from game.persist import schema
from game.persist.records import MAX_COUNT, clean_name
from game.persist.schema import MAX_GAME_MS, DataError
from game.replay.format import SECOND
from game.rules import PRESETS, FirstClick

# A game's "difficulty" is its ranking category's key (game.modes.category): a size's
# name for a random board, "<size>/no-guess" for a no-guess one, "daily" and "code" for
# the shared boards.
DIFFICULTIES = all_keys()
"""The difficulty names (ranking categories) a game can have."""

BEST_TIME_DIFFICULTIES = tuple(c.key for c in all_categories() if c.has_best_times)
"""The categories with best-time tables (the presets', random and no-guess)."""

FIRST_CLICKS = tuple(dict.fromkeys([*(rule.value for rule in FirstClick), "noguess"]))
"""The first-click rules a game can have been played with."""

PRESET_BOARDS = {d.value: board for d, board in PRESETS.items()}
"""The size of each preset, by name."""

MAX_SIDE = 10_000
"""Largest believable number of rows or columns (the engine's benchmarks use 1000)."""

MAX_TEXT = 255
"""Longest seed or replay file name kept."""


@functools.cache
def _iso_local() -> re.Pattern[str]:
    """When a game ended, as a record has it (compiled at its first use, not at import,
    and kept: a record is made for each row of the history read)."""
    return re.compile(SECOND + r"(\.[0-9]{1,6})?")


class GameRecordError(DataError):
    """A GameRecord with a field of the wrong type or out of range."""


def difficulty_name(difficulty: str | Enum) -> str:
    """'beginner' for 'beginner' or for any enum member whose value is 'beginner'."""
    return str(difficulty.value) if isinstance(difficulty, Enum) else difficulty


def finished_at_text(when: datetime) -> str:
    """The text GameRecord.finished_at wants: ISO local date and time to the second."""
    return when.replace(tzinfo=None).isoformat(timespec="seconds")


# ---------------------------------------------------------------- values


def _check_int(value: object, low: int, high: int, what: str) -> int:
    """schema.check_int, raising the record's own error."""
    try:
        return schema.check_int(value, low, high, what)
    except DataError as error:
        raise GameRecordError(said(error)) from None


def _check_bool(value: object, what: str) -> None:
    if not isinstance(value, bool):
        raise GameRecordError(AsWritten(N_("{what} must be true or false"), what=what))


def _check_choice(value: object, choices: tuple[str, ...], what: str) -> None:
    if not isinstance(value, str) or value not in choices:
        raise GameRecordError(
            AsWritten(N_("{what} must be one of {choices}"), what=what, choices=", ".join(choices))
        )


def _check_text(value: object, what: str) -> None:
    if value is not None and (
        not isinstance(value, str) or not value or len(value) > MAX_TEXT or not value.isprintable()
    ):
        most = N_("{what} must be empty or 1 to {n} printable characters")
        raise GameRecordError(AsWritten(most, what=what, n=MAX_TEXT))


class GameRecord(Record):
    """One finished game, as the window reports it (validated on creation).

    Raises GameRecordError (a ValueError) for a field of the wrong type or range.

    ``finished_at``: when the game ended, ISO local date and time,
    'YYYY-MM-DDTHH:MM:SS[.ffffff]' (see finished_at_text). ``difficulty``: one of
    DIFFICULTIES, the game's ranking category (game.modes.category); a preset must have
    the preset's size; a board's category follows its first-click rule (a no-guess game
    given a random board's key is put in the no-guess one). ``first_click``: one of
    FIRST_CLICKS. ``seed``: the board's seed as text, or None if unknown. ``ms``: playing
    time in milliseconds (pauses excluded). ``bbbv``: the board's 3BV (None if the board
    was never dealt or is unknown); ``bbbv_solved``: how much of it was done
    (game.core.bbbv.bbbv_solved). ``effective_clicks``: clicks that changed something,
    at most the three counts together. ``used_hint``: a hinted game counts in
    statistics, never in best times. ``name``: the player's name for a best time (set
    later with History.set_name). ``replay``: a file name in the replays folder, or
    None. ``daily``: the date ('YYYY-MM-DD') of the daily board this game was, or None.
    ``abandoned``: the game was left for another before its end (it counts as lost).
    ``code``: the board code the game was played from (a shared board), or None.
    ``death_row``, ``death_col``: where a lost game's fatal mine was (0-based), or None.
    ``unranked``: why the game counts for no best time, statistic or streak (a practice
    game, ...: game.modes); None for a ranked game. A game with used_hint is never
    ranked either (the rows before schema 5 say so that way alone).
    """

    __slots__ = (  # noqa: RUF023 (the history's columns, in their order: COLUMNS)
        "finished_at",
        "difficulty",
        "rows",
        "cols",
        "mines",
        "first_click",
        "seed",
        "won",
        "ms",
        "bbbv",
        "bbbv_solved",
        "left_clicks",
        "right_clicks",
        "chord_clicks",
        "effective_clicks",
        "used_hint",
        "name",
        "replay",
        "daily",
        "abandoned",
        "code",
        "death_row",
        "death_col",
        "unranked",
    )
    finished_at: str
    difficulty: str
    rows: int
    cols: int
    mines: int
    first_click: str
    seed: str | None
    won: bool
    ms: int
    bbbv: int | None
    bbbv_solved: int | None
    left_clicks: int
    right_clicks: int
    chord_clicks: int
    effective_clicks: int
    used_hint: bool
    name: str | None
    replay: str | None
    daily: str | None
    abandoned: bool
    code: str | None
    death_row: int | None
    death_col: int | None
    unranked: str | None

    def __init__(
        self,
        finished_at: str,
        difficulty: str,
        rows: int,
        cols: int,
        mines: int,
        first_click: str,
        seed: str | None,
        won: bool,
        ms: int,
        bbbv: int | None = None,
        bbbv_solved: int | None = None,
        left_clicks: int = 0,
        right_clicks: int = 0,
        chord_clicks: int = 0,
        effective_clicks: int = 0,
        used_hint: bool = False,
        name: str | None = None,
        replay: str | None = None,
        daily: str | None = None,
        abandoned: bool = False,
        code: str | None = None,
        death_row: int | None = None,
        death_col: int | None = None,
        unranked: str | None = None,
    ) -> None:
        # (a history's page reads fifty, its export every one: set without the check)
        put(self, "finished_at", finished_at)
        put(self, "rows", rows)
        put(self, "cols", cols)
        put(self, "mines", mines)
        put(self, "first_click", first_click)
        put(self, "seed", seed)
        put(self, "won", won)
        put(self, "ms", ms)
        put(self, "bbbv", bbbv)
        put(self, "bbbv_solved", bbbv_solved)
        put(self, "left_clicks", left_clicks)
        put(self, "right_clicks", right_clicks)
        put(self, "chord_clicks", chord_clicks)
        put(self, "effective_clicks", effective_clicks)
        put(self, "used_hint", used_hint)
        put(self, "name", name)
        put(self, "replay", replay)
        put(self, "daily", daily)
        put(self, "abandoned", abandoned)
        put(self, "code", code)
        put(self, "death_row", death_row)
        put(self, "death_col", death_col)
        put(self, "unranked", unranked)
        self.difficulty = self._checked(difficulty)

    @property
    def ranked(self) -> bool:
        """The game counts for the best times, statistics and streaks."""
        return self.unranked is None and not self.used_hint

    def _checked(self, difficulty: str) -> str:
        """The difficulty kept (a board's category follows its first-click rule), once
        every other field is checked; GameRecordError for any wrong."""
        if not isinstance(self.finished_at, str) or not _iso_local().fullmatch(self.finished_at):
            raise GameRecordError(Words(N_("finished_at must be 'YYYY-MM-DDTHH:MM:SS'")))
        try:
            datetime.fromisoformat(self.finished_at)
        except ValueError:
            raise GameRecordError(
                Words(N_("finished_at: that day or time does not exist"))
            ) from None
        _check_choice(difficulty, DIFFICULTIES, "difficulty")
        _check_choice(self.first_click, FIRST_CLICKS, "first_click")
        category = Category.from_key(difficulty)
        if (
            category is not None
            and category.shared is None
            and category.family in ("", NO_GUESS)
            and category.no_guess != no_guess(self.first_click)
        ):  # (a no-guess board is ranked apart: an older file's "expert" row joins its own)
            category = Category(category.size, NO_GUESS if no_guess(self.first_click) else "")
            difficulty = category.key
        rows = _check_int(self.rows, 1, MAX_SIDE, "rows")
        cols = _check_int(self.cols, 1, MAX_SIDE, "columns")
        _check_int(self.mines, 0, rows * cols - 1, "mines")
        category = Category.from_key(difficulty)
        size = None if category is None or category.size is None else category.size.value
        preset = PRESET_BOARDS.get(size or "")
        if preset is not None and (preset.rows, preset.cols, preset.mines) != (
            rows,
            cols,
            self.mines,
        ):
            said = N_("a {difficulty} board is {size} with {mines} mines; got {got} with {n}")
            raise GameRecordError(
                Words(
                    said,
                    difficulty=difficulty,
                    size=f"{preset.rows}x{preset.cols}",
                    mines=preset.mines,
                    got=f"{rows}x{cols}",
                    n=self.mines,
                )
            )
        _check_choice(self.first_click, FIRST_CLICKS, "first_click")
        _check_text(self.seed, "seed")
        _check_bool(self.won, "won")
        _check_int(self.ms, 0, MAX_GAME_MS, "ms")
        if self.bbbv is not None:
            _check_int(self.bbbv, 0, rows * cols, "bbbv")
        if self.bbbv_solved is not None:
            top = rows * cols if self.bbbv is None else self.bbbv
            _check_int(self.bbbv_solved, 0, top, "bbbv_solved")
        clicks = 0
        for what in ("left_clicks", "right_clicks", "chord_clicks"):
            clicks += _check_int(getattr(self, what), 0, MAX_COUNT, what)
        _check_int(self.effective_clicks, 0, clicks, "effective_clicks")
        _check_bool(self.used_hint, "used_hint")
        if self.name is not None and (
            not isinstance(self.name, str) or self.name != clean_name(self.name)
        ):
            raise GameRecordError(Words(N_("name is not a name this game would have kept")))
        _check_text(self.replay, "replay")
        if self.replay is not None and (
            "/" in self.replay or "\\" in self.replay or self.replay in (".", "..")
        ):
            raise GameRecordError(Words(N_("replay must be a file name, not a path")))
        _check_bool(self.abandoned, "abandoned")
        if self.abandoned and self.won:
            raise GameRecordError(Words(N_("a game both won and abandoned")))
        _check_text(self.code, "code")
        _check_text(self.unranked, "unranked")
        if (self.death_row is None) != (self.death_col is None):
            raise GameRecordError(Words(N_("death_row and death_col go together")))
        if self.death_row is not None:
            if self.won:
                raise GameRecordError(Words(N_("a won game has no death")))
            _check_int(self.death_row, 0, rows - 1, "death_row")
            _check_int(self.death_col, 0, cols - 1, "death_col")
        if self.daily is not None:
            try:
                ok = isinstance(self.daily, str) and len(self.daily) == 10
                ok = ok and date.fromisoformat(self.daily).isoformat() == self.daily
            except ValueError:
                ok = False
            if not ok:
                raise GameRecordError(Words(N_("daily must be a date, YYYY-MM-DD")))
        return difficulty


COLUMNS = GameRecord.fields
"""The games table's columns after id, in GameRecord's order."""
COLUMNS_V4 = COLUMNS[: COLUMNS.index("abandoned")]
"""The columns up to schema version 4 (version 5 added abandoned, code, the death's
cell and unranked)."""


PAGE = 50
"""Games on a page of the history."""


class Sort(Enum):
    """The orders of the history's pages."""

    DATE = "date"
    """Newest first."""
    TIME = "time"
    """Fastest first (ties: earlier first)."""
    RATE = "rate"
    """Best 3BV/s first; games without a 3BV/s last, newest first."""


class StoredGame(Record):
    """A game as kept in the history: its row id (the finished order) and record."""

    __slots__ = ("id", "record")

    id: int
    record: GameRecord

    def __init__(self, id: int, record: GameRecord) -> None:
        self.id = id
        self.record = record


class BestTimeEntry(Record):
    """One line of a best-times table."""

    __slots__ = ("finished_at", "game_id", "ms", "name")

    name: str | None
    """The name entered, or None if none was (the window shows a default)."""
    finished_at: str
    """ISO local date and time; a date alone ('YYYY-MM-DD') for imported times."""
    ms: int
    game_id: int | None
    """The game's row id; None for a time imported from records.json."""

    def __init__(self, name: str | None, finished_at: str, ms: int, game_id: int | None) -> None:
        self.name = name
        self.finished_at = finished_at
        self.ms = ms
        self.game_id = game_id


class DailyStats(Record):
    """The player's daily boards (History.daily): the days whose daily board was
    ``played`` and ``won``; the ``streak`` of days in a row won, up to today (or
    yesterday while today's is not won), and the ``longest``; the best time on
    today's board (``today_ms``) and on any day's (``best_ms``)."""

    __slots__ = ("played", "won", "streak", "longest", "today_ms", "best_ms")  # noqa: RUF023 (in order)

    def __init__(
        self,
        played: int = 0,
        won: int = 0,
        streak: int = 0,
        longest: int = 0,
        today_ms: int | None = None,
        best_ms: int | None = None,
    ) -> None:
        self.played = played
        self.won = won
        self.streak = streak
        self.longest = longest
        self.today_ms = today_ms
        self.best_ms = best_ms


def daily_stats(rows: list[tuple[Any, ...]], today: date) -> DailyStats:
    """DailyStats from (day, won, best winning ms) rows, one a day, oldest first."""
    won_days: list[date] = []
    played = 0
    today_ms: int | None = None
    best: int | None = None
    for day_text, won, ms in rows:
        try:
            day = date.fromisoformat(str(day_text))
        except ValueError:
            continue
        played += 1
        if won:
            won_days.append(day)
            best = ms if best is None else min(best, ms)
            if day == today:
                today_ms = ms
    longest = run = 0
    previous: date | None = None
    for day in won_days:
        run = run + 1 if previous is not None and (day - previous).days == 1 else 1
        longest = max(longest, run)
        previous = day
    streak = run if previous is not None and 0 <= (today - previous).days <= 1 else 0
    return DailyStats(played, len(won_days), streak, longest, today_ms, best)


def record_values(record: GameRecord) -> tuple[object, ...]:
    """The record's fields in COLUMNS order, as the database keeps them (bools as 0/1)."""
    return tuple(
        int(value) if isinstance(value, bool) else value
        for value in (getattr(record, column) for column in COLUMNS)
    )


_BOOL_COLUMNS = frozenset({"won", "used_hint", "abandoned"})


def stored_game(row: tuple[Any, ...]) -> StoredGame | None:
    """A row (id, then COLUMNS) as a StoredGame; None if it is no valid GameRecord."""
    values: dict[str, Any] = {
        column: bool(value) if column in _BOOL_COLUMNS else value
        for column, value in zip(COLUMNS, row[1:], strict=True)
    }
    try:
        return StoredGame(int(row[0]), GameRecord(**values))
    except (ValueError, TypeError):
        return None
