"""The live counters: a panel beside the board (right of it) with the figures of the
game as it is played, the race's pace and ghost, and the player's own counters.

Each figure is the analysis view's own: the report of the game so far
(game.replay.report.live_report, the function the analysis of its replay uses)
worded by game.analysis.glossary, so at the end of a game the panel and the
analysis say the same to the last digit. They are worked out again at each move
and, while the clock runs, each time the LED timer shows another second (the
time, 3BV/s and the rest change with it), so the panel is drawn on frames the
window shows anyway; each time at the game's exact time. A row is drawn again
only when its words changed, and words are rendered once per value (kept by value).

The panel is sized once per zoom (and language, and choice of counters) for the
largest thing it shows; hidden, it takes no room and the window is the classic one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

import pygame

from game.analysis.glossary import figures
from game.core.bbbv import Openings
from game.core.game import Game
from game.core.status import Status
from game.language import N_, current, decimal, gettext, shown
from game.replay.counters import Expression, ExpressionError, names_of
from game.replay.report import live_report
from game.session.play import Clicks
from game.session.table import GameStarted, MoveApplied, PointerSeen, TableEvent
from game.view.fonts import ui_font
from game.view.theme import Colour
from game.view.theme import current as theme
from game.words import RACE_LABELS

if TYPE_CHECKING:
    from game.flows.race import Race
    from game.replay.counters import Expression
    from game.session.table import Table
    from game.view.prefs import Prefs
    from game.view.viewport import Viewport

FONT_SIZE = 10
"""The panel's words, at 1x."""
PAD = 6
"""Between the panel's edge and its words, at 1x."""
GAP = 8
"""Between a label and its value, at 1x."""
BAR = 6
"""A bar's coloured height at 1x (the pace, the ghost), inside its edge."""


def bar_height(zoom: int) -> int:
    """A bar's room in a line, in window pixels: its colour, its edge above and
    below, and a pixel of ground under it (at 1x)."""
    return BAR * zoom + 2 * edge(zoom) + zoom


def edge(zoom: int) -> int:
    """A bar's edge, in window pixels."""
    return max(1, zoom // 2)


MIN_WIDTH = 120
"""The narrowest panel, at 1x."""
TICK_MS = 1000
"""While the clock runs, the figures are worked out again at each tick (the LED
timer's second) besides each move."""
PACE_FULL_MS = 10_000
"""The pace bar's half is full at this many ms ahead or behind."""
AHEAD, BEHIND = (40, 160, 40), (200, 40, 40)
RENDERED_LIMIT = 512
"""Words kept rendered (by value) before the oldest are let go."""

PACE, GHOST = RACE_LABELS["pace"], RACE_LABELS["ghost"]
PACE_WORDS = N_("{seconds} s ahead")
BEHIND_WORDS = N_("{seconds} s behind")
GHOST_WORDS = N_("{solved} of {total}, {time} s")
GHOST_UNFINISHED = N_("{solved} of {total}, did not finish")
ERROR_WORDS = N_("error: {problem}")


def _largest() -> dict[str, Any]:
    """A report with figures as wide as a game's get: the panel is sized for it."""

    clicks = Clicks(999, 999, 999, 999)
    return live_report((999, 999, 99_999), False, 9_999_999, (99_999, 99_999), clicks, 999, 1e7)


class Row(NamedTuple):
    """A line of the panel: its label and value (as drawn), and a bar under it (each
    (share from 0 to 1 or -1 to 1, colour), drawn from the left or, signed, from the
    middle); ``error``: the value is a counter's error."""

    key: str
    """Which counter: a figure's name, or ``own:`` and the name of one of the player's."""
    label: str
    value: str
    bars: tuple[tuple[float, Colour], ...] = ()
    signed: bool = False
    error: bool = False


class CountersPanel:
    """The live counters of the game on the table, beside the board."""

    def __init__(self, table: Table, prefs: Prefs) -> None:
        self.table = table
        self.prefs = prefs
        self.race: Race | None = None
        """The rivals of the game on the table (the pace and the ghost: none until set)."""
        self.path: Callable[[], float] = lambda: 0.0
        """The pointer's path in the game so far (the recorder's, once it is made)."""
        self.covered: Callable[[], bool] = lambda: False
        """Something drawn over the whole window is up (the replay viewer): the panel
        takes no room meanwhile."""
        self._flags = 0
        self._heard_count = 0
        """The table's events heard (a move, a new game: the figures may change)."""
        self._solved: tuple[object, tuple[int | None, int]] = ((), (None, 0))
        self._openings: tuple[object, Openings | None] = ((), None)
        self._drawn: list[Row | None] = []
        self._area: tuple[object, pygame.Rect] = ((), pygame.Rect(0, 0, 0, 0))
        self._rows: list[Row] = []
        self._rows_key: object = None
        """What the lines were worked out from (worked out again when it changes)."""
        self._keys: list[str] | None = None
        """The lines drawn, by key (None: the panel is to be drawn whole)."""
        self._sizes: dict[object, tuple[int, dict[str, int]]] = {}
        self._painter = RowPainter()
        self._own: tuple[tuple[str, str], ...] = ()
        self._expressions: list[Expression] = []
        table.tap(self._heard)

    # ------------------------------------------------------------------ what it hears

    def _heard(self, event: TableEvent) -> None:
        """The flags the player put on, as the analysis counts them: after each move
        of the game but the winning one (a won board shows every mine flagged).
        A pointer's move changes no figure but the path (read at the tick)."""
        if isinstance(event, PointerSeen):
            return
        self._heard_count += 1
        if isinstance(event, GameStarted):
            self._flags = event.session.game.flags
        elif isinstance(event, MoveApplied):
            game = event.session.game
            if game.status is not Status.WON:
                self._flags = game.flags

    # ------------------------------------------------------------------ figures

    @property
    def shown(self) -> bool:
        """The panel is on (a setting)."""
        return self.prefs.settings.counters_shown

    def report(self) -> dict[str, Any]:
        """The report of the game so far, at this very ms, by the analysis's own
        function."""
        session = self.table.session
        game = session.game
        key = (self.table.tag, game.opened_count, game.status)
        if self._solved[0] != key:  # (worked out over the whole board: once a change)
            self._solved = (key, self._bbbv_of(game))
        ms = int(session.elapsed_ms)
        board = session.board

        return live_report(
            (board.rows, board.cols, board.mines),
            game.status is Status.WON,
            ms,
            self._solved[1],
            session.clicks,
            self._flags,
            self.path(),
        )

    def _bbbv_of(self, game: Game) -> tuple[int | None, int]:
        """The game's 3BV and 3BV solved, as Game.bbbv and Game.bbbv_solved count
        them (game.core.bbbv's Openings over Game.opened_mask), the board's
        openings worked out once a game."""
        field = game.minefield
        if field is None:
            return (None, 0)
        if self._openings[0] is not field:
            self._openings = (field, Openings(field.rows, field.cols, field.mines))
        openings = self._openings[1]
        assert openings is not None
        return (openings.total, openings.solved_in(game.opened_mask()))

    def rows(self, entry: dict[str, Any] | None = None, *, largest: bool = False) -> list[Row]:
        """The panel's lines for a report (by default the game's so far), in the
        order the player chose, then the player's own counters (``largest``: lines
        as wide as they get, for the panel's size)."""
        entry = self.report() if entry is None else entry
        settings = self.prefs.settings
        worded = {figure.key: figure for figure in figures(entry, settings.counters)}
        rows: list[Row] = []
        for name in settings.counters:
            if name == "pace":
                rows += self._pace(999_900.0 if largest else self._ahead())
            elif name == "ghost":
                rows += self._ghost(largest)
            elif name in worded:
                figure = worded[name]
                rows.append(Row(name, gettext(figure.label), figure.value))
        if settings.own_counters:
            names = {} if largest else names_of(entry, self._ahead())
            for expression in self._expressions_of(settings.own_counters):
                key = f"own:{expression.name}"
                if largest:
                    rows.append(Row(key, expression.name, decimal(-99_999.999, 3)))
                    continue
                try:
                    rows.append(Row(key, expression.name, decimal(expression.value(names), 3)))
                except ExpressionError as error:
                    words = gettext(ERROR_WORDS).format(problem=shown(error))
                    rows.append(Row(key, expression.name, words, error=True))
        return rows

    def _expressions_of(self, own: tuple[tuple[str, str], ...]) -> list[Expression]:
        """The player's own counters, parsed once while the settings keep them."""

        if own != self._own:
            self._own = own
            self._expressions = [Expression.of(name, text) for name, text in own]
        return self._expressions

    def _ahead(self) -> float | None:
        """How far ahead of the best the player is, in ms (None: no best paced)."""
        return None if self.race is None else self.race.ahead_ms()

    def _pace(self, ahead: float | None) -> list[Row]:
        """The pace against the best, in seconds and as a bar (none without a best)."""
        if ahead is None:
            return []
        words = PACE_WORDS if ahead >= 0 else BEHIND_WORDS
        value = gettext(words).format(seconds=decimal(abs(ahead) / 1000, 1))
        share = max(-1.0, min(1.0, ahead / PACE_FULL_MS))
        colour = AHEAD if ahead >= 0 else BEHIND
        return [Row("pace", gettext(PACE), value, ((share, colour),), signed=True)]

    def _ghost(self, largest: bool = False) -> list[Row]:
        """The ghost's 3BV solved of its board's and its time, and bars: the player's
        share of the 3BV (the look's highlight) over the ghost's (grey)."""
        look = theme()
        if largest:
            words = [
                gettext(GHOST_WORDS).format(solved=99_999, total=99_999, time=decimal(9999.9, 1)),
                gettext(GHOST_UNFINISHED).format(solved=99_999, total=99_999),
            ]
            bars = ((0.0, look.highlight), (0.0, look.shadow))
            return [Row("ghost", gettext(GHOST), max(words, key=len), bars)]
        race = self.race
        ghost = None if race is None else race.racing
        if race is None or ghost is None:
            return []
        now = self.table.session.elapsed_ms
        progress = ghost.progress
        solved, total = progress.solved_at(now), max(progress.bbbv, 1)
        if progress.finish_ms is None:
            value = gettext(GHOST_UNFINISHED).format(solved=solved, total=progress.bbbv)
        else:
            value = gettext(GHOST_WORDS).format(
                solved=solved, total=progress.bbbv, time=decimal(progress.finish_ms / 1000, 1)
            )
        mine = race.solved() / max(self.table.game.bbbv or 1, 1)
        bars = ((mine, look.highlight), (solved / total, look.shadow))
        return [Row("ghost", gettext(GHOST), value, bars)]

    # ------------------------------------------------------------------ sizes

    def width(self, zoom: int) -> int:
        """The panel's width in window pixels at a zoom (0: hidden)."""
        return self._size(zoom)[0] if self.shown and not self.covered() else 0

    def _size(self, zoom: int) -> tuple[int, dict[str, int]]:
        """The width at a zoom and each line's height, for the largest figures:
        worked out once per zoom, language and choice of counters."""
        settings = self.prefs.settings
        key = (zoom, current(), settings.counters, settings.own_counters)
        if key not in self._sizes:
            font = ui_font(FONT_SIZE * zoom)
            gap = GAP * zoom
            largest = self.rows(_largest(), largest=True)
            pairs = [(font.size(r.label)[0], font.size(r.value)[0], r) for r in largest]
            side = max((label + gap + value for label, value, _ in pairs), default=0)
            stacked = max((max(label, value) for label, value, _ in pairs), default=0)
            inner = max(MIN_WIDTH * zoom - 2 * PAD * zoom, min(side, max(stacked, side * 2 // 3)))
            heights = {row.key: _height(font, row, inner, zoom) for _, _, row in pairs}
            self._sizes[key] = (inner + 2 * PAD * zoom, heights)
        return self._sizes[key]

    # ------------------------------------------------------------------ drawing

    def _live_key(self) -> object:
        """What the figures depend on, cheaply: while it is the same, the panel is
        not worked out again. A move or a new game (the table's events) counts;
        while the clock runs, the tick stands for the time (and the pace and the
        ghost, which follow it) and for the pointer's path; stopped, the time and
        the path themselves."""
        session = self.table.session
        ms = int(session.elapsed_ms)
        running = session.stopwatch.running
        return (
            ms // TICK_MS if running else ms,
            self._heard_count,
            None if running else self.path(),
            None if self.race is None else self.race.ghost,
            self.prefs.settings,
            current(),
            theme().name,
        )

    def forget(self) -> None:
        """Draw everything again at the next draw (a new look, a new layout)."""
        self._keys = None

    def draw(self, screen: pygame.Surface, viewport: Viewport, full: bool) -> list[pygame.Rect]:
        """Bring the panel up to date: the lines whose words changed (everything
        when ``full``); the rectangles drawn."""
        if not self.shown:
            return []
        key = self._live_key()
        if not full and self._keys is not None and key == self._rows_key:
            return []  # (no figure changed: nothing worked out, nothing drawn)
        where = (viewport.renderer, viewport.zoom, self.prefs.settings)
        if self._area[0] != where:  # (worked out once a layout)
            self._area = (where, viewport.beside())
        area = self._area[1]
        if area.w <= 0 or area.h <= 0:
            return []
        zoom = viewport.zoom
        look = theme()
        dirty: list[pygame.Rect] = []
        if full or self._keys is None:
            viewport.renderer.sprites.frame(screen, "raised3", (area.x, area.y, area.w, area.h))
            dirty.append(area)
            self._keys = None
        pad = PAD * zoom
        if key != self._rows_key:
            self._rows, self._rows_key = self.rows(), key
        rows = self._rows
        keys = [row.key for row in rows]
        if keys != self._keys:
            # Lines came or went (a race began): the panel's inside is drawn anew.
            inside = area.inflate(-2 * pad, -2 * pad)
            screen.fill(look.face, inside)
            dirty.append(inside)
            self._keys = keys
            self._drawn = [None] * len(rows)
        _, heights = self._size(zoom)
        y = area.y + pad
        inner = pygame.Rect(area.x + pad, 0, area.w - 2 * pad, 0)
        font = ui_font(FONT_SIZE * zoom)
        for k, row in enumerate(rows):
            height = heights.get(row.key) or _height(font, row, inner.w, zoom)
            box = pygame.Rect(inner.x, y, inner.w, height)
            y += height
            if box.bottom > area.bottom - pad:
                break  # (more lines than room: the rest are not shown)
            if self._drawn[k] == row:
                continue
            self._drawn[k] = row
            screen.fill(look.face, box)
            self._painter.draw(screen, font, row, box, zoom)
            dirty.append(box)
        return dirty


class RowPainter:
    """Draws the panel's lines, each word rendered once per value (kept by value)."""

    def __init__(self) -> None:
        self._rendered: dict[tuple[str, int, Colour], pygame.Surface] = {}

    def _words(self, text: str, zoom: int, colour: Colour) -> pygame.Surface:
        """The words rendered (once for each text, size and colour)."""
        key = (text, zoom, colour)
        surface = self._rendered.get(key)
        if surface is None:
            if len(self._rendered) >= RENDERED_LIMIT:
                self._rendered.clear()
            surface = ui_font(FONT_SIZE * zoom).render(text, True, colour)
            self._rendered[key] = surface
        return surface

    def draw(
        self, screen: pygame.Surface, font: Any, row: Row, box: pygame.Rect, zoom: int
    ) -> None:
        """A line in its box: its label, its value (right of it, or under it when
        the line was sized for two), its bars."""
        look = theme()
        label = self._words(row.label, zoom, look.text)
        value_ink = look.error if row.error else look.text
        value_text = _fitted(font, row.value, box.w) if row.error else row.value
        value = self._words(value_text, zoom, value_ink)
        line = font.get_linesize()
        screen.blit(label, (box.x, box.y), pygame.Rect(0, 0, box.w, line))
        lines = (box.h - len(row.bars) * bar_height(zoom)) // line  # (as sized: steady)
        one_line = lines < 2 and label.get_width() + GAP * zoom + value.get_width() <= box.w
        value_y = box.y if one_line else box.y + line
        screen.blit(value, value.get_rect(topright=(box.right, value_y)))
        y = value_y + line
        for share, colour in row.bars:
            bar = pygame.Rect(box.x, y, box.w, BAR * zoom + 2 * edge(zoom))
            screen.fill(look.shadow, bar)
            trough = bar.inflate(-2 * edge(zoom), -2 * edge(zoom))
            screen.fill(look.face, trough)
            if row.signed:
                middle = trough.centerx
                width = round(trough.w / 2 * abs(share))
                left = middle if share >= 0 else middle - width
                screen.fill(colour, (left, trough.y, width, trough.h))
                screen.fill(look.text, (middle, trough.y, max(1, zoom // 2), trough.h))
            else:
                width = round(trough.w * max(0.0, min(1.0, share)))
                screen.fill(colour, (trough.x, trough.y, width, trough.h))
            y += bar_height(zoom)


def _height(font: Any, row: Row, width: int, zoom: int) -> int:
    """A line's height: its words on one line (the label, the value right of it) or
    two (the value under the label, when both do not fit), and its bars."""
    label, value = font.size(row.label)[0], font.size(row.value)[0]
    lines = 1 if label + GAP * zoom + value <= width else 2
    return int(font.get_linesize() * lines + len(row.bars) * bar_height(zoom))


def _fitted(font: Any, text: str, width: int) -> str:
    """The text, cut with an ellipsis to fit a width (an error's long words)."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[: max(0, len(text) - max(1, len(text) // 8))]
    return text + "…"
