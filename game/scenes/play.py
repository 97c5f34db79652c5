"""The play screen: the board of the table, the mouse through the input machine, the
keys through the command table, pausing, scrolling a large board, and drawing.

It is given what it needs when it is made (a table, the viewport, the preferences,
the stage and the dialogs' flows); what happens on the table comes back as the
table's events (game.session.table), which it hears like any other tap.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING

import pygame

from game.commands import MODIFIER_KEYS, Command
from game.core import Cell
from game.flows.dialogs import Dialogs
from game.input import InputMachine, NewGame, Place
from game.prefs import Prefs
from game.rules import PRESETS, Board, Difficulty, GameRules
from game.session import picture_of
from game.session.table import GameStarted, MoveApplied, Source, Table, TableEvent
from game.stage import Scene, Stage
from game.viewport import Viewport
from game.window import TITLE

if TYPE_CHECKING:
    from game.scenes.watching import Watching

SCROLL_CELLS = 3
"""Cells scrolled per notch of the mouse wheel."""
FAST_CELLS = 5
HINT_MARGIN = 3
"""Cells kept between a hinted cell scrolled into view and the window's edge."""
"""Cells the cursor jumps with Shift held."""
POINTER_KINDS = {
    pygame.MOUSEMOTION: "move",
    pygame.MOUSEBUTTONDOWN: "down",
    pygame.MOUSEBUTTONUP: "up",
    pygame.WINDOWLEAVE: "cancel",
    pygame.WINDOWFOCUSLOST: "cancel",
}
"""The window's events that a replay records, by the replay's word for them."""


class PlayScene(Scene):
    """The player's board."""

    def __init__(
        self, table: Table, viewport: Viewport, prefs: Prefs, stage: Stage, dialogs: Dialogs
    ) -> None:
        self.table = table
        self.viewport = viewport
        self.prefs = prefs
        self.stage = stage
        self.dialogs = dialogs
        self.input = InputMachine()
        self._changed: set[Cell] = set()
        self._fast = False  # Shift is held with a cursor key: move 5 cells
        self._panning = False  # the left button is held on the overview map
        self._swallow: int | None = None  # the button whose press put the hint away
        table.tap(self._heard)
        from game.flows.race import Race

        self.race = Race(table, dialogs)
        """The ghost racing this board, and the pace of the personal best."""
        self._ghost_rect: pygame.Rect | None = None
        self._rivals_shown = False

        def game_size(kind: Difficulty) -> Callable[[], None]:
            return lambda: self.new_game(PRESETS[kind])

        self.commands: dict[Command, Callable[[], None]] = {
            Command.NEW_GAME: self.new_game,
            Command.BEGINNER: lambda: self.new_game(PRESETS[self.beginner]),
            Command.INTERMEDIATE: game_size(Difficulty.INTERMEDIATE),
            Command.EXPERT: game_size(Difficulty.EXPERT),
            Command.CUSTOM: lambda: dialogs.custom(self.new_game),
            Command.DAILY: self.daily,
            Command.BOARD_CODE: lambda: dialogs.board_code(self.new_game),
            Command.SETTINGS: dialogs.settings,
            Command.BEST_TIMES: lambda: dialogs.best_times(self.table.board.difficulty),
            Command.STATISTICS: dialogs.statistics,
            Command.HISTORY: dialogs.history,
            Command.OPEN_REPLAY: lambda: self.watching.browse(),
            Command.REBIND: dialogs.keys,
            Command.ZOOM_IN: lambda: self.set_zoom(self.viewport.zoom + 1),
            Command.ZOOM_OUT: lambda: self.set_zoom(self.viewport.zoom - 1),
            Command.PAUSE: self.pause,
            Command.EXIT: self.quit,
            Command.HINT: self.show_hint,
            Command.PROBABILITIES: table.toggle_probabilities,
            Command.RULES: dialogs.rules,
            Command.ABOUT: dialogs.about,
            Command.HELP: dialogs.help,
            Command.CURSOR_UP: lambda: self.move_cursor(-1, 0),
            Command.CURSOR_DOWN: lambda: self.move_cursor(1, 0),
            Command.CURSOR_LEFT: lambda: self.move_cursor(0, -1),
            Command.CURSOR_RIGHT: lambda: self.move_cursor(0, 1),
            Command.OPEN: self.open_at_cursor,
            Command.FLAG: self.flag_at_cursor,
            Command.NEXT_THEME: self.prefs.next_theme,
        }

    @cached_property
    def watching(self) -> Watching:
        """Replays opened over this board (the replay modules load with the first)."""
        from game.scenes.watching import Watching

        return Watching(self.stage, self.viewport, self.prefs, self.dialogs, self.table, self.race)

    @property
    def beginner(self) -> Difficulty:
        """The Beginner the player plays: 9x9, or the ranked 8x8 (a setting)."""
        ranked = self.prefs.settings.ranked_beginner
        return Difficulty.RANKED_BEGINNER if ranked else Difficulty.BEGINNER

    # ------------------------------------------------------------------ what it hears

    def _heard(self, event: TableEvent) -> None:
        if isinstance(event, GameStarted):
            self.input.cancel()
            board = event.session.board
            if (board.rows, board.cols) != (self.viewport.board.rows, self.viewport.board.cols):
                self.viewport.show(board, self.table.cursor)
                self.stage.repaint()
            else:
                self.viewport.board = board
                self.viewport.renderer.invalidate()
            tag = event.tag
            if tag.source is Source.DAILY and tag.daily is not None:
                self.viewport.window.set_title(f"{TITLE} - daily board of {tag.daily}")
            else:
                self.viewport.window.set_title(TITLE)
        elif isinstance(event, MoveApplied):
            delta, layout = event.delta, self.viewport.layout
            if len(delta.changed) > layout.shown_rows * layout.shown_cols:
                self.viewport.renderer.invalidate()  # a huge cascade: redraw the view once
            else:
                self._changed.update(delta.changed)
            sound = self.prefs.sound
            if delta.lost:
                sound.play("explode")
            elif delta.won:
                sound.play("win")
            elif delta.opened > 1:
                sound.play("cascade")
            elif delta.opened == 1:
                sound.play("reveal")
            elif delta.mark is not None:
                sound.play("flag")

    # ------------------------------------------------------------------ commands

    def command(self, command: Command) -> None:
        """Carry out a command (from a key or a menu)."""
        if self.prefs.toggle(command):
            self.dialogs.tell_problems()
        else:
            self.commands[command]()

    def checked(self, command: Command) -> bool | None:
        """Whether a menu line shows a tick (None: the line is no toggle)."""
        if command is Command.PROBABILITIES:
            return self.table.show_probabilities
        if command is Command.PAUSE:
            return self.table.session.paused
        return self.prefs.checked(command)

    def new_game(
        self,
        board: Board | None = None,
        *,
        seed: int | None = None,
        rules: GameRules | None = None,
        source: Source = Source.ORDINARY,
        daily: str | None = None,
        start: Cell | None = None,
    ) -> None:
        """Start a new game under the current settings, of another size if given (a
        board code gives its seed, rules and start cell too)."""
        board = board or self.table.board
        settings = self.prefs.settings
        if board != settings.board:
            custom = settings.custom if board.difficulty.is_preset else board
            self.prefs.change(board=board, custom=custom)
            self.dialogs.tell_problems()
        rules = rules or self.prefs.settings.rules
        if start is not None and _long_deal(board, rules):  # (a code from a stranger)
            from game.flows import long_deal

            code = (board, rules, seed, start)
            then = lambda: self.offer_race(source, daily)  # noqa: E731
            long_deal.deal(self.stage, self.table, self.viewport, code, source=source, then=then)
            return
        self.table.new_game(board, rules, seed=seed, source=source, daily=daily, start=start)
        self.offer_race(source, daily)

    def offer_race(self, source: Source, daily: str | None) -> None:
        """A daily board or a board code played before: race the best (race.py)."""
        if source is Source.DAILY and daily is not None:  # played before: race the best
            self.race.offer_best("daily", daily)
        elif source is Source.CODE:
            from game.flows.end_of_game import code_of

            code = code_of(self.table.session)
            if code is not None:
                self.race.offer_best("code", code.code)

    def daily(self) -> None:
        """Today's board, the same for everyone."""
        from datetime import date

        from game.boardcode import daily

        today = date.today()
        code = daily(today)
        self.new_game(
            code.board,
            seed=code.seed,
            rules=code.rules,
            source=Source.DAILY,
            daily=today.isoformat(),
            start=code.start,
        )

    def set_zoom(self, zoom: int) -> None:
        """Change the pixel scale (kept in the settings)."""
        if self.viewport.set_zoom(zoom, self.table.cursor):
            self.stage.repaint()
            self.prefs.change(zoom=self.viewport.zoom)
            self.dialogs.tell_problems()

    def pause(self) -> None:
        """Pause a game under way: the board is hidden and the clock stops."""
        if self.table.pause():
            self.input.cancel()

    def quit(self) -> None:
        """Close the window (a game under way is kept for the next start)."""
        self.stage.quit()

    def move_cursor(self, drow: int, dcol: int) -> None:
        """Move the keyboard cursor (shown at the view's centre the first time); the
        view follows it."""
        step = FAST_CELLS if self._fast else 1
        cell = self.table.move_cursor(drow * step, dcol * step, self.viewport.centre())
        self.viewport.keep_in_view(*cell)

    def open_at_cursor(self) -> None:
        """Space or Enter: open the cell under the cursor, or chord on a number."""
        if self.table.cursor is None:
            self.move_cursor(0, 0)
        else:
            self.input.cancel()  # a key move ends what the mouse held
            self.table.open_at_cursor()

    def flag_at_cursor(self) -> None:
        """F: flag the cell under the cursor (again: question mark, again: clear)."""
        if self.table.cursor is None:
            self.move_cursor(0, 0)
        else:
            self.input.cancel()  # a key move ends what the mouse held
            self.table.flag_at_cursor()

    def show_hint(self) -> None:
        """H: the next cell logic finds, ringed, with its reason."""
        hint = self.table.show_hint()
        if hint is not None:
            self.viewport.keep_in_view(*hint.cell, HINT_MARGIN)

    # ------------------------------------------------------------------ events

    def handle(self, event: pygame.event.Event) -> bool:
        kind = event.type
        if kind in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):
            self.pause()  # a game left alone is not a game being played
        if self.table.session.paused:
            # Any click or key goes on; that click or key does nothing else.
            if kind == pygame.MOUSEBUTTONUP or (
                kind == pygame.KEYDOWN and pygame.key.name(event.key, False) not in MODIFIER_KEYS
            ):
                self.table.go_on()
            return True
        if kind == pygame.MOUSEWHEEL:
            if self.viewport.layout.scrolls:
                down, right = -event.y * SCROLL_CELLS, event.x * SCROLL_CELLS
                if pygame.key.get_mods() & pygame.KMOD_SHIFT:
                    down, right = 0, down or right
                self.viewport.scroll(down, right)
            return True
        if self._overview_event(event) or self._hint_event(event):
            return True
        if kind == pygame.KEYDOWN:
            command = self.prefs.keymap.command_for(pygame.key.name(event.key, False))
            if command is not None:
                self._fast = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
                self.command(command)
            return True
        word = POINTER_KINDS.get(kind)
        if word is not None:
            self._pointer(event, word)
        return True

    def _pointer(self, event: pygame.event.Event, word: str) -> None:
        """A mouse event: through the input machine, to the table (which records it)."""
        held = frozenset(self.input.held)
        made = None
        if word == "cancel":
            self.input.cancel()
            position = (0, 0)
        else:
            spot = self.viewport.spot(event.pos)
            position = self.viewport.position(event.pos)
            if word == "down":
                self.input.press(event.button, spot)
            elif word == "up":
                made = self.input.release(event.button, spot)
            else:
                self.input.move(spot)
        button = int(getattr(event, "button", 0))
        if isinstance(made, NewGame):
            self.table.pointer(word, button, position, held)
            self.new_game()
        else:
            self.table.pointer(word, button, position, held, made)

    def _hint_event(self, event: pygame.event.Event) -> bool:
        """Esc, a click on the hint's box or off the board puts the hint away (that
        click does nothing else). True if it took the event."""
        kind = event.type
        if kind == pygame.MOUSEBUTTONUP and event.button == self._swallow:
            self._swallow = None
            return True
        if self.table.hint is None and self.table.note is None:
            return False
        if kind == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return self.table.dismiss_hint()
        if kind == pygame.MOUSEBUTTONDOWN:
            box = self.viewport.renderer.note_rect
            on_box = box is not None and box.collidepoint(event.pos)
            if on_box or self.viewport.spot(tuple(event.pos)) is Place.OUTSIDE:
                self._swallow = event.button
                return self.table.dismiss_hint()
        return False

    def _overview_event(self, event: pygame.event.Event) -> bool:
        """The left button on the overview map pans the view (press, drag, release);
        the board's clicks are untouched. True if it took the event."""
        kind = event.type
        if kind == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.viewport.over_overview(event.pos):
                self._panning = True
                self.input.cancel()
                self.viewport.pan_to(tuple(event.pos))
                return True
        elif self._panning and kind == pygame.MOUSEMOTION:
            self.viewport.pan_to(tuple(event.pos))
            return True
        elif self._panning and kind == pygame.MOUSEBUTTONUP and event.button == 1:
            self._panning = False
            return True
        return False

    # ------------------------------------------------------------------ drawing

    def draw(self, screen: pygame.Surface, full: bool) -> list[pygame.Rect]:
        renderer = self.viewport.renderer
        if self.viewport.use_theme() or full:
            self.viewport.renderer.invalidate()
            renderer = self.viewport.renderer
        changed, self._changed = self._changed, set()
        table = self.table
        if self._ghost_rect is not None:  # (the cells under the ghost's last cursor)
            from game.scenes.rivals import cells_under

            under = cells_under(self.viewport, self._ghost_rect)
            renderer.forget(under)
            changed |= under
            self._ghost_rect = None
        picture = picture_of(
            table.session,
            self.input.feedback,
            counter_below_zero=self.prefs.settings.counter_below_zero,
            cursor=table.cursor,
            advice=table.advice(),
            deaths=table.deaths,
        )
        dirty = renderer.draw(screen, table.game, picture, changed)
        return dirty + self._draw_rivals(screen)

    def _draw_rivals(self, screen: pygame.Surface) -> list[pygame.Rect]:
        """The ghost's cursor and progress, and the pace against the best (nothing
        to draw without them)."""
        race, table = self.race, self.table
        ghost = race.racing
        pace = race.ahead_ms() if not self.viewport.layout.scrolls else None
        if ghost is None and pace is None and not self._rivals_shown:
            return []
        from game.scenes import rivals

        dirty: list[pygame.Rect] = []
        self._rivals_shown = ghost is not None or pace is not None
        if ghost is not None:
            now, progress = table.session.elapsed_ms, ghost.progress
            drawn = None
            if ghost.small_board:
                drawn = rivals.draw_mini_board(screen, self.viewport, progress.open_cells(now))
            if drawn is None:  # (the bar: chosen, or no room for a small board)
                mine = race.solved() / max(table.game.bbbv or 1, 1)
                theirs = progress.solved_at(now) / max(progress.bbbv, 1)
                drawn = rivals.draw_progress(screen, self.viewport, mine, theirs)
            dirty.append(drawn)
            pointer = progress.pointer_at(now)
            if pointer is not None and not table.session.paused:
                self._ghost_rect = rivals.draw_ghost(screen, self.viewport, pointer)
                dirty.append(self._ghost_rect)
        dirty += rivals.draw_pace(screen, self.viewport, pace)
        return dirty

    def covered(self) -> None:
        self.input.cancel()

    def idle(self) -> bool:
        return not self.table.session.stopwatch.running and not self.input.held


def _long_deal(board: Board, rules: GameRules) -> bool:
    from game.flows.long_deal import is_long  # (only a board code's game needs it)

    return is_long(board, rules)
