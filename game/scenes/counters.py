"""The live counters: a panel beside the board (right of it) with the figures of the
game as it is played, the race's pace and ghost, and the player's own counters.

Each figure is the analysis view's own: the report of the game so far
(game.replay.report.live_report, the function the analysis of its replay uses;
its 3BV solved kept up to date from each move's opened cells: counters_solved.py)
worded by game.analysis.glossary.value_of, the function that words each line of
the analysis view, so at the end of a game the panel and the analysis say the
same to the last digit. They are worked out again at each move and, while the
clock runs, each time the LED timer shows another second (the time, 3BV/s and the
rest change with it), so the panel is drawn on frames the window shows anyway;
each time at the game's exact time. On the frames between (no table event, the
same second) nothing is worked out and nothing drawn: a check of a few attributes
and one reading of the clock (counters_seen.py; CountersPanel.updates counts the
times it is). A row is drawn again only when its words changed, and when only its
value's did, only the value's old and new places are (cleared by copying a
surface of the face's colour: SDL's fill of a wide rectangle costs more); labels
are rendered once, a new value when it comes.

The panel is sized once per zoom (and language, and choice of counters) for the
largest thing it shows; hidden, it takes no room and the window is the classic one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

import pygame

from game.analysis.glossary import label_of, value_of
from game.core.status import Status
from game.language import N_, current, decimal, gettext, shown
from game.replay.counters import Expression, ExpressionError, names_of
from game.replay.report import live_report
from game.scenes.counters_seen import Seen
from game.scenes.counters_solved import SolvedSoFar
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
        self._area: tuple[object, pygame.Rect] = ((), pygame.Rect(0, 0, 0, 0))
        self._keys: list[str] | None = None
        """The lines drawn, by key (None: the panel is to be drawn whole)."""
        self._sizes: dict[object, tuple[int, dict[str, int]]] = {}
        self._painter = RowPainter()
        self._shown: list[Row] = []
        """The lines last worked out (a repaint while nothing changed draws them)."""
        self._own: tuple[tuple[str, str], ...] = ()
        self._labels: tuple[str, dict[str, str]] = ("", {})
        self._expressions: list[Expression] = []
        table.tap(self._heard)

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

    def report(self) -> dict[str, Any]:
        """The report of the game so far, at this very ms, by the analysis's own
        function."""
        session = self.table.session
        game = session.game
        key = (self.table.tag, game.opened_count, game.status)
        if self._solved[0] != key:  # (once a change: from the moves' opened cells)
            board = session.board
            size = (board.rows, board.cols, board.mines)
            self._solved = (key, self._bbbv.of(game), size)
        _, solved, size = self._solved

        return live_report(
            size,
            game.status is Status.WON,
            int(session.elapsed_ms),
            solved,
            session.clicks,
            self._flags,
            self.path(),
        )

    def rows(self, entry: dict[str, Any] | None = None, *, largest: bool = False) -> list[Row]:
        """The panel's lines for a report (by default the game's so far), in the
        order the player chose, then the player's own counters (``largest``: lines
        as wide as they get, for the panel's size)."""
        entry = self.report() if entry is None else entry
        settings = self.prefs.settings
        rows: list[Row] = []
        for name in settings.counters:
            if name == "pace":
                rows += self._pace(999_900.0 if largest else self._ahead())
            elif name == "ghost":
                rows += self._ghost(largest)
            else:
                value = value_of(entry, name)
                if value is not None:
                    rows.append(Row(name, self._label(name), value))
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

    def _label(self, name: str) -> str:
        """A figure's label in the language spoken (looked up once a language)."""
        language = current()
        if self._labels[0] != language:
            self._labels = (language, {})
        labels = self._labels[1]
        label = labels.get(name)
        if label is None:
            label = labels[name] = gettext(label_of(name))
        return label

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
            stacked = max((max(label, value) for label, value, _ in pairs), default=0)
            inner = max(MIN_WIDTH * zoom - 2 * PAD * zoom, min(side, max(stacked, side * 2 // 3)))
            heights = {row.key: _height(font, row, room or inner, zoom) for _, _, row in pairs}
            self._sizes[key] = (inner + 2 * PAD * zoom, heights)
        return self._sizes[key]

    # ------------------------------------------------------------------ drawing

    def forget(self) -> None:
        """Draw everything again at the next draw (a new look, a new layout)."""
        self._keys = None
        self._seen.due = True

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

    def _update(
        self, screen: pygame.Surface, viewport: Viewport, full: bool, steady: bool = False
    ) -> list[pygame.Rect]:
        """The figures worked out anew (``steady``: nothing they show changed, so
        those last worked out: a repaint draws what was there) and the lines whose
        words changed drawn."""
        where = (viewport.renderer, viewport.side, self.prefs.settings)
        if self._area[0] != where:  # (worked out once a layout)
            self._area = (where, viewport.beside())
        else:  # (the same, perhaps equal settings made anew: kept, compared by identity)
            self._area = (where, self._area[1])
        area = self._area[1]
        if area.w <= 0 or area.h <= 0:
            return []
        zoom = viewport.side.scale
        look = theme()
        dirty: list[pygame.Rect] = []
        if full or self._keys is None:
            viewport.frame_side(screen)
            dirty.append(area)
            self._keys = None
        pad = PAD * zoom
        if steady and self._shown:
            rows = self._shown
        else:
            self._seen.saw(self)
            self.updates += 1
            rows = self._shown = self.rows()
        keys = [row.key for row in rows]
        if keys != self._keys:
            # Lines came or went (a race began): the panel's inside is drawn anew.
            inside = area.inflate(-2 * pad, -2 * pad)
            screen.fill(look.face, inside)
            dirty.append(inside)
            self._keys = keys
            self._drawn = [None] * len(rows)
        inner = pygame.Rect(area.x + pad, 0, area.w - 2 * pad, 0)
        _, heights = self._size(zoom, inner.w)
        font = ui_font(FONT_SIZE * zoom)
        boxes = self._painter.boxes(rows, keys, area, heights, font, zoom)
        for k, (row, box) in enumerate(zip(rows, boxes, strict=False)):  # (those that fit)
            drawn = self._drawn[k]
            if drawn is not None:
                last, last_box, last_put, room = drawn
                if last == row:
                    continue
                if room >= 0 and not row.error and last_box == box and _same_but_value(last, row):
                    # (only the value changed: its old and new places, not the line)
                    value = font.render(row.value, True, look.text)  # (a new value: not kept)
                    width, tall = value.get_size()
                    if (width <= room) is (last_put.y == box.y):  # (on the same line)
                        put = pygame.Rect(box.right - width, last_put.y, width, tall)
                        # (both end at the box's right: their union, in the box)
                        left = max(box.x, min(put.x, last_put.x))
                        low = min(box.bottom, put.y + max(tall, last_put.h))
                        spot = pygame.Rect(left, put.y, box.right - left, max(0, low - put.y))
                        self._painter.clear(screen, spot, look.face)
                        screen.blit(value, put)
                        self._drawn[k] = (row, box, put, room)
                        dirty.append(spot)
                        continue
            put = self._painter.draw(screen, font, row, box, zoom)
            self._drawn[k] = (row, box, put, self._painter.room(font, row, box, zoom))
            dirty.append(box)
        return dirty


class RowPainter:
    """Draws the panel's lines (a label rendered once, kept by its words) and lays
    them out."""

    def __init__(self) -> None:
        self._rendered: dict[tuple[str, int, Colour], pygame.Surface] = {}
        self._ground: dict[Colour, tuple[pygame.Surface, int, int]] = {}
        """A surface of each colour lines are cleared to, as large as a line has been
        (and its size)."""
        self._laid: tuple[object, list[pygame.Rect]] = ((), [])
        """The lines' boxes and what they were laid out for (the area, the heights
        and the lines' keys)."""

    def boxes(
        self,
        rows: list[Row],
        keys: list[str],
        area: pygame.Rect,
        heights: dict[str, int],
        font: Any,
        zoom: int,
    ) -> list[pygame.Rect]:
        """Each line's box, one under the other in the panel's inside, as many as
        fit (worked out once while the lines (``keys``: theirs), the area and their
        heights stay)."""
        key = (area, heights, keys)
        if self._laid[0] == key:
            return self._laid[1]
        pad = PAD * zoom
        x, width, y = area.x + pad, area.w - 2 * pad, area.y + pad
        boxes = []
        kept = True
        for row in rows:
            height = heights.get(row.key)
            if not height:  # (a line the sizes do not know: its own, each time)
                height, kept = _height(font, row, width, zoom), False
            box = pygame.Rect(x, y, width, height)
            y += height
            if box.bottom > area.bottom - pad:
                break  # (more lines than room: the rest are not shown)
            boxes.append(box)
        if kept:
            self._laid = (key, boxes)
        return boxes

    def clear(self, screen: pygame.Surface, spot: pygame.Rect, colour: Colour) -> None:
        """A spot of the screen cleared to a colour: the same pixels as a fill, but
        copied from a surface of that colour (SDL's fill of a rectangle more than a
        few pixels wide costs some microseconds more than a copy of it)."""
        kept = self._ground.get(colour)
        width, height = spot.size
        if kept is None or kept[1] < width or kept[2] < height:
            if kept is not None:
                width, height = max(width, kept[1]), max(height, kept[2])
            width, height = max(1, width), max(1, height)
            ground = pygame.Surface((width, height))
            ground.fill(colour)
            kept = self._ground[colour] = (ground, width, height)
        screen.blit(kept[0], spot, (0, 0, spot.w, spot.h))

    def words(self, text: str, zoom: int, colour: Colour) -> pygame.Surface:
        """The words rendered (once for each text, size and colour)."""
        key = (text, zoom, colour)
        surface = self._rendered.get(key)
        if surface is None:
            if len(self._rendered) >= RENDERED_LIMIT:
                self._rendered.clear()
            surface = ui_font(FONT_SIZE * zoom).render(text, True, colour)
            self._rendered[key] = surface
        return surface

    def value(
        self, font: Any, row: Row, box: pygame.Rect, zoom: int
    ) -> tuple[pygame.Surface, pygame.Rect]:
        """A line's value rendered and where it goes in its box: right of the label,
        or under it when the line was sized for two."""
        look = theme()
        if row.error:
            value = self.words(_fitted(font, row.value, box.w), zoom, look.error)
        else:
            value = self.words(row.value, zoom, look.text)
        width = value.get_width()
        on_label = width <= self.room(font, row, box, zoom)
        y = box.y if on_label else box.y + font.get_linesize()
        return value, pygame.Rect(box.right - width, y, width, value.get_height())

    def room(self, font: Any, row: Row, box: pygame.Rect, zoom: int) -> int:
        """The widest value that goes on the line of the label, right of it, in a
        box (-1: none, the box is sized for the value under the label; a value
        wider than this goes under it)."""
        line = font.get_linesize()
        if box.h - len(row.bars) * bar_height(zoom) >= 2 * line:
            return -1
        label = self.words(row.label, zoom, theme().text).get_width()
        return box.w - label - GAP * zoom

    def draw(
        self, screen: pygame.Surface, font: Any, row: Row, box: pygame.Rect, zoom: int
    ) -> pygame.Rect:
        """A line in its box (filled with the face first): its label, its value, its
        bars; where the value went."""
        look = theme()
        self.clear(screen, box, look.face)
        label = self.words(row.label, zoom, look.text)
        value, where = self.value(font, row, box, zoom)
        line = font.get_linesize()
        screen.blit(label, (box.x, box.y), pygame.Rect(0, 0, box.w, line))
        screen.blit(value, where)
        value_y = where.y
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
        return where


def _same_but_value(drawn: Row, row: Row) -> bool:
    """Two lines differ in their value's words at most (no bars: a bar follows its
    value), so only the value is drawn again."""
    return (
        not drawn.bars
        and not row.bars
        and drawn.key == row.key
        and drawn.label == row.label
        and drawn.error == row.error
    )


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
