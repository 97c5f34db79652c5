"""The live race beside the board: the opponent's name, 3BV solved of the board's (a
bar), time, 3BV/s and clicks as they last said (ten times a second while they play),
their win or loss the moment it is heard, the countdown, the series' score, the
link to the broker, and Rematch and Leave. Drawn in the side (the live counters wait
meanwhile) with the counters' own lines (game.scenes.counters_lines) and the dialogs'
buttons; a line is drawn again only when its words change, and nothing is drawn while
a dialog is shown in the side over it. While the countdown runs, the board takes no
click."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.flows.live_race import LiveRaceFlow
from game.flows.race_lines import their_name
from game.flows.race_map import cells_of
from game.language import N_, decimal, gettext
from game.scenes.counters_lines import FONT_SIZE, PAD, Row, RowPainter, bar_height
from game.scenes.race_voice import RaceVoice
from game.scenes.rivals import paint_map
from game.view.fonts import UIFont, ui_font
from game.view.glyphs import Copies, Glyphs
from game.view.stage import Scene, Stage
from game.view.theme import current as theme
from game.view.widgets.button import paint_button
from game.view.widgets.style import FONT_SIZE as BUTTON_FONT
from game.view.widgets.style import Style
from game.words import seconds

if TYPE_CHECKING:
    from game.view.viewport import Viewport

BUTTONS = (N_("Rematch"), N_("Leave"))
"""Rematch is shown once the game is decided (pressed before, it did nothing: the
play test), in its place, so that Leave never moves under the pointer."""
WATCH = N_("Watch both")
"""Shown once the game's two replays are kept: the viewer plays them together."""
SOLVED = (40, 120, 200)
NO_ONE = N_("no one yet")
"""Whom the room races before anyone came (it said "?", and "?: waiting" under it)."""
STATES = {"playing": N_("playing"), "won": N_("won"), "lost": N_("lost")}
OUTCOMES = {"me": N_("you won"), "them": N_("{name} won"), "draw": N_("neither won")}


class LiveRaceScene(Scene):
    """The race's panel in the side, above the board (events it does not take go on)."""

    modal = False

    def __init__(self, flow: LiveRaceFlow, stage: Stage, viewport: Viewport) -> None:
        self.flow, self.stage, self.viewport = flow, stage, viewport
        self.painter = RowPainter()
        self.drawn: dict[str, tuple[Row, pygame.Rect, pygame.Rect, int]] = {}
        """Each line as drawn: its words, its box, where its value went and the room
        for a value on the label's line (RowPainter.value_only)."""
        self._glyphs: tuple[object, Glyphs | None] = ((), None)
        self._area: pygame.Rect | None = None
        """The side, as last worked out (again at each repaint of the window)."""
        self.buttons: dict[str, pygame.Rect] = {}
        self.held: str | None = None
        self.updates = 0
        """How many times its lines were worked out (a message, the countdown's second)."""
        self._rows: list[Row] = []
        self._laid: object = None
        self._map_top = 0
        """Where the map goes in the side (under the buttons)."""
        self.mapped: object = None
        """What the map drawn last showed (None: none drawn)."""
        self.voice = RaceVoice(stage.speaker)

    # ------------------------------------------------------------------ what it shows

    def rows(self) -> list[Row]:
        """The panel's lines, as the room stands."""
        flow, room = self.flow, self.flow.room
        opponent = room.opponent
        name = their_name(room) if opponent.name else gettext(NO_ONE)
        progress = opponent.progress
        if flow.countdown_ms is not None:
            now = gettext("starts in {n}").format(n=int(flow.countdown_ms // 1000) + 1)
        elif not opponent.here:
            now = gettext("left") if opponent.name else gettext("waiting")
        elif opponent.finish is not None:
            now = gettext(STATES[opponent.finish.state])
            if opponent.unverified:
                now = gettext("unverified: {why}").format(why=gettext(opponent.unverified))
            elif opponent.finish.state == "won":
                now = gettext("won in {time}").format(time=seconds(opponent.finish.ms))
        elif progress is not None:
            now = gettext(STATES[progress.state])
        else:
            now = gettext("ready") if opponent.ready else gettext("not ready")
        solved, total, ms, clicks = (
            (0, 0, 0, 0)
            if progress is None
            else (progress.solved, progress.bbbv, progress.ms, progress.clicks)
        )
        rate = decimal(solved / (ms / 1000), 2) if ms > 0 else "-"
        score = room.score
        outcome = room.winner
        rows = [
            Row("name", gettext("Racing"), name),
            Row("now", opponent.name or gettext("Opponent"), now),
            Row(
                "bbbv",
                gettext("3BV"),
                gettext("{solved} of {total}").format(solved=solved, total=total or "-"),
                ((solved / total if total else 0.0, SOLVED),),
            ),
            Row("time", gettext("Time"), decimal(ms / 1000, 1)),
            Row("rate", gettext("3BV/s"), rate),
            Row("clicks", gettext("Clicks"), str(clicks)),
            Row("series", gettext("Series"), f"{score.mine} : {score.theirs}"),
            Row("best", gettext("Best of"), str(score.best_of)),
            Row(
                "game",
                gettext("Game {n}").format(n=room.game or 1),
                "" if outcome is None else gettext(OUTCOMES[outcome]).format(name=name),
            ),
            Row("link", gettext("Broker"), _link_words(flow)),
        ]
        return rows

    # ------------------------------------------------------------------ the stage's

    def in_side(self) -> bool:
        return not self.done

    def update(self, step_ms: float) -> None:
        self.flow.update(step_ms)
        if self.flow.changed:  # (said as it will be drawn: now, if a dialog covers it)
            flow = self.flow
            self.voice.heard(self.rows(), flow.countdown_ms is not None, flow.dialog is not None)
        if self.flow.left:
            self.done = True

    def progress_said(self) -> str:
        """The other's progress in words (the 3BV/s key, while the race is on)."""
        return "" if self.done else self.voice.progress(self.rows())

    def idle(self) -> bool:
        return self.flow.countdown_ms is None and not self.flow.playing

    def _covered(self) -> bool:
        """A scene above it is shown in the side (a dialog): it waits."""
        above = False
        for scene, _ in self.stage.scenes:
            if scene is self:
                above = True
            elif above and scene.in_side():
                return True
        return False

    def handle(self, event: pygame.event.Event) -> bool:
        kind = event.type
        if kind not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return False
        at = next(
            (label for label, rect in self.buttons.items() if rect.collidepoint(event.pos)), None
        )
        if kind == pygame.MOUSEBUTTONDOWN and at is not None and event.button == 1:
            self.held = at
            return True
        if kind == pygame.MOUSEBUTTONUP and self.held is not None:
            held, self.held = self.held, None
            if at == held:
                acts = {BUTTONS[0]: self.flow.rematch, BUTTONS[1]: self.flow.leave}
                acts.get(held, self.flow.watch)()
            return True
        width, height = self.viewport.game_size()
        on_board = pygame.Rect(0, 0, width, height).collidepoint(event.pos)
        return bool(self.flow.countdown_ms is not None and on_board)  # (no click yet)

    def draw(self, screen: pygame.Surface, full: bool) -> list[pygame.Rect]:
        flow = self.flow
        if self._covered():
            self.drawn.clear()
            self._area = None  # (worked out again when shown again)
            return []
        repainted = full or self.viewport.renderer.repainted
        if not (repainted or flow.changed) and self.drawn:
            return []  # (nothing heard, nothing moved: most frames, at once)
        if repainted or self._area is None:  # (the side moves only with a repaint)
            self._area = self.viewport.beside()
        area = self._area
        if area.w == 0:
            self.drawn.clear()
            return []
        worked = flow.changed or not self._rows
        if worked:
            flow.changed = False
            self._rows = self.rows()
            self.updates += 1
            self.voice.heard(self._rows, flow.countdown_ms is not None, flow.dialog is not None)
        zoom = self.viewport.side.scale
        laid = (tuple(area), zoom, self.flow.pair, self.flow.room.decided)
        if repainted or laid != self._laid:
            self._laid = laid
            self.drawn.clear()
            self.viewport.frame_side(screen)
            dirty = [area]
        elif not worked:
            return []  # (nothing heard, nothing to draw: most frames)
        else:
            dirty = []
        font = ui_font(FONT_SIZE * zoom)
        pad, line, bar = PAD * zoom, font.get_linesize(), bar_height(zoom)
        x, y, width = area.x + pad, area.y + pad, area.w - 2 * pad
        if dirty:  # (the buttons under the lines, as many as there are)
            lines = sum(line + len(row.bars) * bar for row in self._rows)
            self._draw_buttons(screen, area, zoom, y + lines + pad)
            self.mapped = None
        dirty += self._draw_map(screen, area, zoom)
        painter, glyphs = self.painter, self._glyphs_for(screen, font, zoom)
        copies: Copies = []  # (the values' changed glyphs: blitted at once)
        for row in self._rows:
            height = line + len(row.bars) * bar
            box = pygame.Rect(x, y, width, height)
            y += height
            last = self.drawn.get(row.key)
            if last is not None and last[1] == box:
                if last[0] == row:
                    continue
                put = painter.value_only(screen, font, glyphs, copies, last, row, box)
                if put is not None:  # (only its value changed: the glyphs that did)
                    self.drawn[row.key] = (row, box, put, last[3])
                    dirty.append(box)
                    continue
            put = painter.draw(screen, font, row, box, zoom)
            self.drawn[row.key] = (row, box, put, painter.room(font, row, box, zoom))
            dirty.append(box)
        screen.fblits(copies)
        return dirty

    def _glyphs_for(self, screen: pygame.Surface, font: UIFont, zoom: int) -> Glyphs:
        """The figures' glyphs (made again for another screen, scale or look)."""
        look = theme()
        key = (screen, zoom, look)
        if self._glyphs[0] != key or self._glyphs[1] is None:
            glyphs = Glyphs(font, look.text, look.face, screen, font.get_linesize())
            self._glyphs = (key, glyphs)
        glyphs_made = self._glyphs[1]
        assert glyphs_made is not None
        return glyphs_made

    def _draw_buttons(self, screen: pygame.Surface, area: pygame.Rect, zoom: int, y: int) -> None:
        style = Style(zoom, BUTTON_FONT * zoom)
        sprites = self.viewport.renderer.sprites.at_zoom(zoom)
        pad = PAD * zoom
        labels = (*BUTTONS, WATCH) if self.flow.pair is not None else BUTTONS
        width = max(
            style.button_min_w, *(style.width(gettext(b)) + 2 * style.button_pad for b in labels)
        )
        self.buttons = {}
        for i, label in enumerate(labels):  # (two a row)
            row_y = y + i // 2 * (style.button_h + style.button_gap)
            rect = pygame.Rect(
                area.x + pad + i % 2 * (width + style.button_gap), row_y, width, style.button_h
            )
            if label == BUTTONS[0] and not self.flow.room.decided:
                continue  # (its place kept empty: no rematch while the game is played)
            paint_button(
                screen,
                sprites,
                style,
                gettext(label),
                rect,
                pressed=False,
                default=i == 0,
                focused=False,
            )
            self.buttons[label] = rect
        self._map_top = rect.bottom + PAD * zoom

    def map_rect(self, area: pygame.Rect, zoom: int) -> tuple[pygame.Rect, int] | None:
        """Where the map of the other's opened cells goes (under the buttons), and its
        cell's size; None when the room shows no map or it has no room."""
        board = self.flow.room.board
        if not self.flow.room.map or board is None:
            return None
        rows, cols = board.board.rows, board.board.cols
        pad = PAD * zoom
        top = self._map_top + ui_font(FONT_SIZE * zoom).get_linesize()  # (under its words)
        room_w, room_h = area.w - 2 * pad - 2, area.bottom - top - pad - 2
        size = min(8 * zoom, room_w // cols, room_h // rows)
        if size < 1:
            return None
        return pygame.Rect(area.x + pad + 1, top + 1, cols * size, rows * size), size

    def _draw_map(self, screen: pygame.Surface, area: pygame.Rect, zoom: int) -> list[pygame.Rect]:
        """The map, drawn again only when what it shows changed (a progress heard with
        other cells, a new game, the side laid out again)."""
        placed = self.map_rect(area, zoom)
        progress = self.flow.room.opponent.progress
        opened = None if progress is None else progress.opened
        name = self.flow.room.opponent.name
        shows = None if placed is None else (tuple(placed[0]), placed[1], opened or (), name)
        if shows == self.mapped:
            return []
        if placed is None:  # (the map no longer shown: the side drawn again, next frame)
            self.mapped, self._laid = None, None
            return []
        self.mapped = shows
        rect, size = placed
        font = ui_font(FONT_SIZE * zoom)
        words = gettext("Cells {name} opened:").format(name=self.flow.room.opponent.name or "?")
        said = pygame.Rect(rect.x - 1, self._map_top, area.right - rect.x, font.get_linesize())
        screen.fill(theme().face, said)
        screen.blit(font.render(words, True, theme().text), said, ((0, 0), said.size))
        return [said, paint_map(screen, rect, size, cells_of(opened or (), rect.w // size))]

    def close(self) -> None:
        self.flow.leave()


def _link_words(flow: LiveRaceFlow) -> str:
    link = flow.link
    if link is None:
        return gettext("connecting")
    if link.ended:
        return gettext("not reached")
    if not link.up:
        return gettext("reconnecting")
    return gettext("on this network") if flow.embedded else gettext("connected")
