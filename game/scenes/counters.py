"""The live counters: a panel beside the board (right of it) with the figures of the
game as it is played, the race's pace and ghost, and the player's own counters.

Each figure is the analysis view's own: worked out from the game's numbers so far
(its 3BV solved kept up to date from each move's opened cells: game.core.solved)
by the formula its analysis uses (game.replay.figures: only the figures shown),
worded by game.analysis.glossary.worded, which words each line of the analysis
view, so at the end of a game the panel and the analysis say the same to the last
digit. They are worked out again at each move (the board is drawn then too) and,
while the clock runs and no move comes, a second after they last were (the time,
3BV/s and the rest change with it); each time at the game's exact time. On the
frames between nothing is worked out and nothing drawn: a check of a few
attributes and one reading of the clock (counters_seen.py; CountersPanel.updates
counts the times it is). A row is drawn again only when its words changed, and when only its
value's did, only the value: as wide as before, only the glyphs that changed
(game.view.glyphs), else its old and new places (cleared by copying a surface
of the face's colour: SDL's fill of a wide rectangle costs more), a figure
copied glyph by glyph, other words rendered; labels are rendered once.

The panel is sized once per zoom (and language, and choice of counters) for the
largest thing it shows; hidden, it takes no room and the window is the classic one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.analysis.glossary import label_of
from game.core.solved import SolvedSoFar
from game.core.status import Status
from game.language import N_, current, decimal, gettext, shown
from game.replay.counters import Expression, ExpressionError, names_of
from game.replay.figures import GameNumbers
from game.replay.played import live_report
from game.scenes.counters_lines import FONT_SIZE, GAP, PAD, Row, RowPainter, height_of
from game.scenes.counters_scroll import Scroll
from game.scenes.counters_seen import Seen
from game.session.play import Clicks
from game.session.table import GameStarted, MoveApplied, PointerSeen, TableEvent
from game.view.fonts import UIFont, ui_font
from game.view.glyphs import Copies, Glyphs
from game.view.theme import Theme
from game.view.theme import current as theme
from game.words import RACE_LABELS

if TYPE_CHECKING:
    from game.flows.race import Race
    from game.replay.counters import Expression
    from game.session.table import Table
    from game.view.prefs import Prefs
    from game.view.viewport import Viewport

MIN_WIDTH = 120
"""The narrowest panel, at 1x."""
PACE_FULL_MS = 10_000
"""The pace bar's half is full at this many ms ahead or behind."""
AHEAD, BEHIND = (40, 160, 40), (200, 40, 40)
PACE, GHOST = RACE_LABELS["pace"], RACE_LABELS["ghost"]
PACE_WORDS = N_("{seconds}\u00a0s ahead")
BEHIND_WORDS = N_("{seconds}\u00a0s behind")
"""(The seconds and their unit kept on one line by a no-break space: the panel's gap
between the face and the timer wraps these words.)"""
GHOST_WORDS = N_("{solved} of {total}, {time} s")
GHOST_UNFINISHED = N_("{solved} of {total}, did not finish")
ERROR_WORDS = N_("error: {problem}")


def pace_words(ahead_ms: float) -> str:
    """The pace against the best in the player's words ("1.2 s ahead", "0.4 s
    behind"): the side's pace line, the note's and the panel's gap say it alike."""
    words = PACE_WORDS if ahead_ms >= 0 else BEHIND_WORDS
    return gettext(words).format(seconds=decimal(abs(ahead_ms) / 1000, 1))


def _largest() -> GameNumbers:
    """A game's numbers with figures as wide as a game's get: the panel is sized for
    them."""
    clicks = Clicks(999, 999, 999, 999)
    return GameNumbers((999, 999, 99_999), False, 9_999.999, (99_999, 99_999), clicks, 999, 1e7)


class Plan:
    """Where and how the panel is drawn, and what for: the window's layout (its
    renderer), the side, the settings, the look and the language it was worked out
    under; the panel's area, its scale, its font, its lines' heights and the
    figures' glyphs. (A plain class: its module loads before the first input, where
    a named tuple costs a compile.)"""

    __slots__ = (
        "area",
        "font",
        "glyphs",
        "heights",
        "language",
        "look",
        "renderer",
        "settings",
        "side",
        "zoom",
    )

    def __init__(
        self,
        where: tuple[object, object, object, Theme, str],
        area: pygame.Rect,
        zoom: int,
        font: UIFont,
        heights: dict[str, int],
        glyphs: Glyphs,
    ) -> None:
        self.renderer, self.side, self.settings, self.look, self.language = where
        self.area = area
        self.zoom = zoom
        self.font = font
        self.heights = heights
        self.glyphs = glyphs


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
        self.updates = 0
        """How many times the panel worked its figures out anew (a move, a game
        started or ended, the clock's next second, a new look or layout): its work,
        none on a frame where nothing it shows can have changed."""
        self._seen = Seen()
        self._solved: tuple[object, tuple[int | None, int], tuple[int, int, int]] = (
            (),
            (None, 0),
            (0, 0, 0),
        )
        """The game's 3BV and 3BV solved and its size, and what they were worked out
        for (the game, its open cells, its status)."""
        self._bbbv = SolvedSoFar()
        self._drawn: list[tuple[Row, pygame.Rect, pygame.Rect, int] | None] = []
        """Each line as drawn: its words, its box, where its value went and the
        widest value that goes on its label's line (RowPainter.room)."""
        self._plan: Plan | None = None
        self._keys: list[str] | None = None
        """The lines drawn, by key (None: the panel is to be drawn whole)."""
        self._sizes: dict[object, tuple[int, dict[str, int]]] = {}
        self.painter = RowPainter()
        self.scroll = Scroll(self.forget)  # (more lines than the side holds: a bar, the wheel)
        self._shown: list[Row] = []
        """The lines last worked out (a repaint while nothing changed draws them)."""
        self._own: tuple[tuple[str, str], ...] = ()
        self._labels: tuple[str, dict[str, str]] = ("", {})
        self._expressions: list[Expression] = []
        table.tap(self._heard)
        prefs.listeners.append(self._seen.touch)

    # ------------------------------------------------------------------ what it hears

    def _heard(self, event: TableEvent) -> None:
        """The flags the player put on, as the analysis counts them: after each move
        of the game but the winning one (a won board shows every mine flagged).
        A pointer's move changes no figure but the path (read at the tick)."""
        if isinstance(event, PointerSeen):
            return
        self._seen.due = True
        if isinstance(event, GameStarted):
            self._flags = event.session.game.flags
        elif isinstance(event, MoveApplied):
            self._bbbv.heard(event.delta)
            game = event.session.game
            if game.status is not Status.WON:
                self._flags = game.flags

    # ------------------------------------------------------------------ figures

    @property
    def shown(self) -> bool:
        """The panel is on (a setting)."""
        return self.prefs.settings.counters_shown

    def numbers(self) -> GameNumbers:
        """The game's numbers so far, at this very ms (its 3BV solved counted from
        the moves' opened cells)."""
        session = self.table.session
        game = session.game
        key = (self.table.tag, game.opened_count, game.status)
        if self._solved[0] != key:  # (once a change: from the moves' opened cells)
            board = session.board
            size = (board.rows, board.cols, board.mines)
            self._solved = (key, self._bbbv.of(game), size)
        _, solved, size = self._solved
        return GameNumbers(
            size,
            game.status is Status.WON,
            int(session.elapsed_ms) / 1000,
            solved,
            session.clicks,
            self._flags,
            self.path(),
            playing=not game.status.is_over,
        )

    def rows(self, numbers: GameNumbers | None = None, *, largest: bool = False) -> list[Row]:
        """The panel's lines for a game's numbers (by default the game's so far), in
        the order the player chose, then the player's own counters (``largest``:
        lines as wide as they get, for the panel's size)."""
        numbers = self.numbers() if numbers is None else numbers
        settings = self.prefs.settings
        language = current()
        if self._labels[0] is not language:
            self._labels = (language, {})
        labels = self._labels[1]
        rows: list[Row] = []
        for name in settings.counters:
            if name == "pace":
                rows += self._pace(999_900.0 if largest else self._ahead())
            elif name == "ghost":
                rows += self._ghost(largest)
            else:
                value = numbers.words(name)
                if value is not None:
                    label = labels.get(name)
                    if label is None:  # (looked up once a language)
                        label = labels[name] = gettext(label_of(name))
                    rows.append(Row(name, label, value))
        if settings.own_counters:
            names = {} if largest else names_of(live_report(numbers), self._ahead())
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
        value = pace_words(ahead)
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

    def width(self, scale: int) -> int:
        """The width its widest lines need in window pixels at a scale (the side is
        at least that wide)."""
        return self._size(scale)[0]

    def _size(self, zoom: int, room: int = 0) -> tuple[int, dict[str, int]]:
        """The width at a zoom and each line's height for the largest figures in that
        width (or in ``room``, the side's inside): once per zoom, room, language and
        choice of counters."""
        settings = self.prefs.settings
        key = (zoom, room, current(), settings.counters, settings.own_counters)
        if key not in self._sizes:
            font = ui_font(FONT_SIZE * zoom)
            gap = GAP * zoom
            largest = self.rows(_largest(), largest=True)
            pairs = [(font.size(r.label)[0], font.size(r.value)[0], r) for r in largest]
            side = max((label + gap + value for label, value, _ in pairs), default=0)
            inner = max(MIN_WIDTH * zoom - 2 * PAD * zoom, side)  # (name and value side by side)
            heights = {row.key: height_of(font, row, room or inner, zoom) for _, _, row in pairs}
            self._sizes[key] = (inner + 2 * PAD * zoom, heights)
        return self._sizes[key]

    # ------------------------------------------------------------------ drawing

    def forget(self) -> None:
        """Draw everything again at the next draw (a new look, a new layout)."""
        self._keys = None
        self._seen.due = True

    def wake_in(self) -> float | None:
        """How soon (ms) its figures are due again with no event (None: never, or hidden)."""
        return self._seen.wake_in() if self.shown else None

    def draw(self, screen: pygame.Surface, viewport: Viewport, full: bool) -> list[pygame.Rect]:
        """Bring the panel up to date: the lines whose words changed (everything
        when ``full``); the rectangles drawn. Nothing is worked out while nothing
        it shows can have changed."""
        if not self.shown:
            return []
        steady = self._keys is not None and self._seen.steady(self)
        if not full and steady:
            return []  # (covered, it would draw nothing either)
        if self.covered():
            return []
        return self._update(screen, viewport, full, steady)

    def _plan_for(self, screen: pygame.Surface, viewport: Viewport) -> Plan:
        """Where and how the panel is drawn: worked out again only for another
        layout, side, look, language or settings (compared by identity)."""
        plan = self._plan
        settings, look, language = self.prefs.settings, theme(), current()
        area, zoom = self.scroll.room(viewport.beside()), viewport.side.scale
        if (
            plan is not None
            and plan.renderer is viewport.renderer
            and plan.side is viewport.side
            and plan.area == area
            and plan.settings is settings
            and plan.look is look
            and plan.language is language
        ):
            return plan
        _, heights = self._size(zoom, area.w - 2 * PAD * zoom)
        font = ui_font(FONT_SIZE * zoom)
        glyphs = Glyphs(font, look.text, look.face, screen, font.get_linesize())
        where = (viewport.renderer, viewport.side, settings, look, language)
        self._plan = Plan(where, area, zoom, font, heights, glyphs)
        return self._plan

    def _update(
        self, screen: pygame.Surface, viewport: Viewport, full: bool, steady: bool = False
    ) -> list[pygame.Rect]:
        """The figures worked out anew (``steady``: nothing they show changed, so
        those last worked out: a repaint draws what was there) and the lines whose
        words changed drawn."""
        plan = self._plan_for(screen, viewport)
        area, zoom, font = plan.area, plan.zoom, plan.font
        if area.w <= 0 or area.h <= 0:
            return []
        dirty: list[pygame.Rect] = []
        if full or self._keys is None:
            viewport.frame_side(screen)
            dirty.append(viewport.beside())  # (the side framed whole, a note's room too)
            self._keys = None
        if steady and self._shown:
            rows = self._shown
        else:
            self._seen.saw(self)
            self.updates += 1
            rows = self._shown = self.rows()
        narrower = lambda room: self._size(zoom, room)[1]  # noqa: E731
        painter, lines = self.painter, self._drawn
        rows, boxes = self.scroll.laid(painter, rows, area, plan.heights, narrower, font, zoom)
        keys = [row.key for row in rows]
        if keys != self._keys:
            # Lines came or went (a race began): the panel's inside is drawn anew.
            pad = PAD * zoom
            inside = area.inflate(-2 * pad, -2 * pad)
            screen.fill(plan.look.face, inside)
            dirty.append(inside)
            self._keys = keys
            self._drawn = lines = [None] * len(rows)
            self.scroll.draw(screen)
        copies: Copies = []  # (the values' changed glyphs: blitted at once)
        for k, (row, box) in enumerate(zip(rows, boxes, strict=False)):  # (those that fit)
            drawn = lines[k]
            if drawn is not None:
                if drawn[0] == row:
                    continue
                put = painter.value_only(screen, font, plan.glyphs, copies, drawn, row, box)
                if put is not None:  # (only its value changed, in its box)
                    lines[k] = (row, box, put, drawn[3])
                    dirty.append(box)
                    continue
            put = painter.draw(screen, font, row, box, zoom)
            lines[k] = (row, box, put, painter.room(font, row, box, zoom))
            dirty.append(box)
        screen.fblits(copies)
        return dirty
