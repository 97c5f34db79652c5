"""The play screen: the board of the table, the mouse through the input machine, the
keys through the command table, pausing, scrolling a large board, and drawing.

It is given what it needs when it is made (a table, the viewport, the preferences,
the stage and the dialogs' flows); what happens on the table comes back as the
table's events (game.session.table), which it hears like any other tap.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.core.delta import Cell
from game.core.on_first_use import OnFirstUse
from game.core.status import Status
from game.flows import long_deal
from game.flows.dialogs import Dialogs
from game.flows.end_of_game import won_title
from game.language import gettext
from game.modes.category import Category
from game.modes.mode import Mode
from game.modes.ordinary import Ordinary
from game.modes.shared import Daily
from game.rules import MAX_ZOOM, Board, Difficulty
from game.scenes.board_voice import BoardVoice
from game.scenes.counters import CountersPanel
from game.scenes.notes import Notes
from game.scenes.play_commands import play_commands
from game.scenes.pointer import BoardPointer
from game.scenes.rivals import Rivals
from game.scenes.zoom_line import ZoomLine
from game.session.input import InputMachine, Place
from game.session.picture import picture_of
from game.session.play import is_long
from game.session.stopwatch import TIMER_MAX, Stopwatch
from game.session.table import GameStarted, MoveApplied, Table, TableEvent
from game.view.commands import MODIFIER_KEYS, Command
from game.view.prefs import Prefs
from game.view.sound import sound_of
from game.view.stage import Scene, Stage
from game.view.viewport import Viewport
from game.view.window import TITLE

if TYPE_CHECKING:
    import datetime as dt
else:  # (with the first date or time asked for: 0.45 MB, not at start)
    dt = OnFirstUse("datetime")

if TYPE_CHECKING:
    from game.flows.race import Race
    from game.scenes.watching import Watching

FAST_CELLS = 5
"""Cells the cursor jumps with Shift held."""
TOGETHER_MS = 50.0
"""The LED's second and the live counters' tick this close are drawn in one wake-up."""
HINT_MARGIN = 3
"""Cells kept between a hinted cell scrolled into view and the window's edge."""
NEW_GAME_COMMANDS = frozenset(
    (Command.NEW_GAME, Command.BEGINNER, Command.INTERMEDIATE, Command.EXPERT)
)
"""The commands that start a new game from wherever the player is (the classic's keys)."""


def starts_game(prefs: Prefs, stage: Stage, event: pygame.event.Event) -> bool:
    """The classic's way to a new game, at any moment: F2, 1, 2 or 3 (as bound), or a
    press on the face; the pages beside the board give way to it (Stage.to_board).
    Not while the window shows something else than the board (the replay viewer)."""
    if any(scene.opaque for scene, _ in stage.scenes):
        return False
    if event.type == pygame.KEYDOWN:
        name = pygame.key.name(getattr(event, "key", 0), False)
        return prefs.keymap.command_for(name) in NEW_GAME_COMMANDS
    if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
        return in_game_window(stage, event) and stage.viewport.spot(event.pos) is Place.FACE
    return False


def in_game_window(stage: Stage, event: pygame.event.Event) -> bool:
    """A pointer event of the game's window, not of a page's own (one of no window
    is the page's while one is open, as DialogScene.handle takes it)."""
    window = event.dict.get("window")
    if window is None:
        return getattr(stage.top, "page", None) is None
    return bool(window.id == stage.viewport.window.window.id)


class PlayScene(Scene):
    """The player's board."""

    def __init__(
        self,
        table: Table,
        viewport: Viewport,
        prefs: Prefs,
        stage: Stage,
        dialogs: Dialogs,
        race: Race,
        watcher: Callable[[], Watching],
        counters: CountersPanel | None = None,
    ) -> None:
        self.table = table
        self.viewport = viewport
        self.prefs = prefs
        self.stage = stage
        self.dialogs = dialogs
        self.input = InputMachine()
        self._changed: set[Cell] = set()
        self.fast = False  # Shift held with the key: a cursor key moves 5, a jump goes back
        table.tap(self._heard)
        self.race = race
        """The ghost racing this board, and the pace of the personal best."""
        self.rivals = Rivals(race, table, viewport)
        self.counters = CountersPanel(table, prefs) if counters is None else counters
        """The live counters beside the board (shown or not: a setting)."""
        self.counters.race = race
        # (the side shows something else: the counters wait)
        self.counters.covered = lambda: any(s.opaque or s.in_side() for s, _ in stage.scenes)
        viewport.side_shown = lambda: self.counters.shown
        viewport.need = self.counters.width
        if viewport.fit_side():  # (the player's own counters: wider than the first frame's)
            stage.repaint()
        prefs.listeners.append(lambda: self.fit_counters())
        self.voice = BoardVoice(table, prefs, stage.speaker, self.counters.numbers)
        self.pointer = BoardPointer(table, viewport, self.input, lambda: self.new_game())
        self.watcher = watcher
        dialogs.watcher = watcher  # (the History's races: their pair of replays)
        """The replays opened over this board (made when first asked for)."""
        self.asking = False  # (the resume offer is about to ask: the pause's box waits)
        self.zoom_line = ZoomLine(viewport, table, prefs)  # (after the board's tap)
        self.notes = Notes(viewport, lambda: any(s.in_side() for s, _ in stage.scenes))
        """The hint's reason and the table's notes, beside the board (never over a cell)."""
        stage.to_board = lambda event: starts_game(prefs, stage, event)

        self.commands: dict[Command, Callable[[], None]] = play_commands(self, dialogs)
        """What each command does on this board (game.scenes.play_commands)."""

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
            self.retitle()
        elif isinstance(event, MoveApplied):
            delta, layout = event.delta, self.viewport.layout
            if len(delta.changed) > layout.shown_rows * layout.shown_cols:
                self.viewport.renderer.invalidate()  # a huge cascade: redraw the view once
            else:
                self._changed.update(delta.changed)
            sound = sound_of(delta)
            if sound is not None:
                self.prefs.sound.play(sound)

    def retitle(self) -> None:
        """The window's title: the game's, and the way to play it (window_title)."""
        self.viewport.window.set_title(window_title(self.table))

    # ------------------------------------------------------------------ commands

    def command(self, command: Command) -> None:
        """Carry out a command (from a key or a menu)."""
        if self.prefs.toggle(command):
            self.dialogs.tell_problems()
        else:
            self.commands[command]()
        self.voice.after_command()

    def checked(self, command: Command) -> bool | None:
        """Whether a menu line shows a tick (None: the line is no toggle)."""
        if command is Command.PROBABILITIES:
            return self.table.show_probabilities
        if command is Command.PAUSE:
            return self.table.session.paused
        return self.prefs.checked(command)

    def category(self) -> Category:
        """The ranking category of the game on the table (its best times are shown)."""
        session = self.table.session
        category = self.table.tag.mode.category(session.board, session.rules)
        return Category.of(session.board, session.rules) if category.shared else category

    def new_game(self, board: Board | None = None) -> None:
        """A new ordinary game under the current settings, of another size if given;
        after a game of a series (a time trial's board, a ladder's level), New Game
        deals what follows it (Mode.following)."""
        session = self.table.session
        following = None if board else self.table.tag.mode.following(session)
        if following is not None:
            self.play(following)
            return
        board = board or self.table.board
        self.play(Ordinary(board, self.prefs.settings.rules))

    def play(self, mode: Mode) -> None:
        """Put the game a way to play deals on the table: its board becomes the
        window's (kept in the settings); a board played before offers a race
        against the best on it. A shared board that takes long to deal (a code
        from a stranger) is dealt off the loop under a dialog (game.flows.long_deal)."""
        code = mode.shared_code
        if code is not None and code.start is not None and is_long(code.board, code.rules):
            long_deal.deal(self.stage, self.table, self.viewport, mode, then=self.played)
            return
        self.table.start(mode)
        self.played()

    def played(self) -> None:
        """A game was put on the table: its board becomes the window's (kept in the
        settings); a board played before offers a race against the best on it."""
        mode = self.table.tag.mode
        board, settings = self.table.board, self.prefs.settings
        if board != settings.board:
            custom = settings.custom if board.difficulty.is_preset else board
            self.prefs.change(board=board, custom=custom)
            self.dialogs.tell_problems()
        if mode.ghost:  # (a shared board: race the best on it, if it was played before)
            self.race.offer_best(mode)

    def daily(self) -> None:
        """Today's board, the same for everyone."""
        self.play(Daily.of(dt.date.today()))

    def set_zoom(self, zoom: int) -> None:
        """Change the pixel scale (kept in the settings); at either end, a line in the
        window says why it went no further."""
        before = self.viewport.zoom
        if self.viewport.set_zoom(zoom, self.table.cursor):
            self.stage.repaint()
            self.prefs.change(zoom=self.viewport.chosen)
            self.dialogs.tell_problems()
        elif zoom > before:
            self.table.note = (
                gettext("{zoom}x is the largest zoom.")
                if before >= MAX_ZOOM
                else gettext("{zoom}x is the largest zoom at which the window fits the screen.")
            ).format(zoom=before)
        elif zoom < before:
            self.table.note = gettext("{zoom}x is the smallest zoom.").format(zoom=before)

    def pause(self, asked: bool = False) -> None:
        """Pause a game under way: the board is hidden and the clock stops (``asked``:
        by the pause key, which says so when there is none)."""
        if self.table.pause():
            self.input.cancel()
            self.voice.paused()
        elif asked:
            self.voice.no_pause()

    def quit(self) -> None:
        """Close the window (a game under way is kept for the next start)."""
        self.stage.quit()

    def move_cursor(self, drow: int, dcol: int, step: int | None = None) -> None:
        """Move the keyboard cursor (at the view's centre at first); the view follows."""
        step, before = step or (FAST_CELLS if self.fast else 1), self.table.shown_cursor
        cell = self.table.move_cursor(drow * step, dcol * step, self.viewport.centre())
        self.viewport.keep_in_view(*cell)
        self.voice.cursor(cell, moved=cell != before or (drow, dcol) == (0, 0))  # (and a tone)

    def open_at_cursor(self) -> None:
        """Space or Enter: open the cell under the cursor, or chord on a number."""
        self.at_cursor(self.table.open_at_cursor)

    def flag_at_cursor(self) -> None:
        """F: flag the cell under the cursor (again: question mark, again: clear)."""
        self.at_cursor(self.table.flag_at_cursor)

    def at_cursor(self, act: Callable[[], object]) -> None:
        """A move on the cursor's cell, the cursor kept there (one not shown: shown)."""
        if self.table.shown_cursor is None:
            self.move_cursor(0, 0)
        else:
            self.input.cancel()  # a key move ends what the mouse held
            act()

    def show_hint(self) -> None:
        """H: the next cell logic finds, ringed, with its reason (said each time)."""
        self.voice.asked()  # (the game over: why there is no hint)
        hint = self.table.show_hint()
        if hint is not None:
            self.viewport.keep_in_view(*hint.cell, HINT_MARGIN)

    # ------------------------------------------------------------------ events

    def handle(self, event: pygame.event.Event) -> bool:
        kind = event.type
        if kind == pygame.WINDOWMINIMIZED or (
            kind == pygame.WINDOWFOCUSLOST and not self.notes.window.focused
        ):
            self.pause()  # a game left alone is not a game being played
        if self.table.session.paused:
            # Any click or key goes on; that click or key does nothing else.
            if kind == pygame.MOUSEBUTTONUP or (
                kind == pygame.KEYDOWN and pygame.key.name(event.key, False) not in MODIFIER_KEYS
            ):
                self.table.unpause()
                self.voice.going_on()
            return True
        if self.notes.owns(event):
            return True  # (the note's own window: no click of the board's)
        if self.counters.scroll.take(event, self.viewport) or self.pointer.handle(event):
            return True
        if kind == pygame.KEYDOWN:
            command = self.prefs.keymap.command_for(pygame.key.name(event.key, False))
            if command is not None:
                self.fast = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
                self.command(command)
        return True

    # ------------------------------------------------------------------ drawing

    def draw(self, screen: pygame.Surface, full: bool) -> list[pygame.Rect]:
        self.voice.after_command()  # (a note that came with no command: the zoom's)
        renderer = self.viewport.renderer
        if self.viewport.use_theme() or full:
            self.viewport.renderer.invalidate()
            renderer = self.viewport.renderer
        changed, self._changed = self._changed, set()
        table = self.table
        under = self.rivals.uncover()  # (the cells under the ghost's last cursor)
        if under:
            renderer.forget(under)
            changed |= under
        advice = table.advice()
        picture = picture_of(
            table.session,
            self.input.feedback,
            counter_below_zero=self.prefs.settings.counter_below_zero,
            cursor=table.shown_cursor,
            advice=advice,
            deaths=table.deaths,
            prompt=not self.asking and self.stage.top_dialog is None,  # (one prompt at a time)
        )
        dirty = renderer.draw(screen, table.game, picture, changed)
        paused = picture.paused  # (the board hidden: no reason of a hint shown)
        side_paces = "pace" in self.prefs.settings.counters and not self.counters.covered()
        pace = self.rivals.pace_aside(self.viewport.has_side() and side_paces)
        text = self.notes.words(
            None if paused else advice,
            None if paused else table.note,
            table.tag.mode,
            table.deaths,
            pace,
        )
        self.counters.scroll.keep(self.notes.room(text))  # (the note's own room at the foot)
        side = self.counters.draw(screen, self.viewport, renderer.repainted)
        dirty += side + self.notes.draw(screen, text, renderer.repainted, side)
        if self.notes.vacated is not None:  # (the note left the side: its lines again)
            self.counters.forget()
            side = self.counters.draw(screen, self.viewport, True)
            dirty += side + self.notes.draw(screen, text, True, side)
        return dirty + self.rivals.draw(screen)

    def fit_counters(self) -> None:
        """The live counters shown, hidden or sized anew (a key, the menu, a setting,
        a language, the UI scale): the window follows, the board kept where it was."""
        if self.viewport.fit_side():
            self.counters.forget()
            self.stage.repaint()
            self.retitle()

    def relayout(self) -> None:
        self.fit_counters()
        self.retitle()  # (a new language: the title's words too)

    def covered(self) -> None:
        self.input.cancel()

    def wake_in(self) -> float | None:
        return due_in(
            self.table.session.stopwatch, bool(self.input.held), self.rivals, self.counters
        )


def window_title(table: Table) -> str:
    """The window's title: the game's, and the way to play it; after a win whose end
    said its time there (game.flows.end_of_game), that time."""
    mode, session = table.tag.mode, table.session
    if session.game.status is Status.WON and mode.keeps_replay:
        return won_title(session.summary().ms)
    title = mode.title()
    game = gettext(TITLE)
    return f"{game} - {title}" if title else game


def due_in(watch: Stopwatch, held: bool, rivals: Rivals, counters: CountersPanel) -> float | None:
    """How soon (ms) the play screen changes by itself: at every frame while a button
    is held or the race is drawn; while the clock runs, at the LED's next second or
    the live counters' next tick; else never (it waits for input)."""
    if held or (watch.running and rivals.moving()):
        return 0.0
    if not watch.running:
        return None
    ticks = [counters.wake_in()]
    if watch.seconds_shown < TIMER_MAX:
        ticks.append(1000.0 - watch.elapsed_ms % 1000.0)
    due = sorted(ms for ms in ticks if ms is not None)
    if len(due) == 2 and due[1] - due[0] <= TOGETHER_MS:
        return due[1]  # (one wake-up for both, the first a little late)
    return due[0] if due else None
