"""The window: a thin shell around a play session.

It owns what needs pygame: the window and its zoom, the loop, the one reader of
the event queue, the dialogs, sound, and the clock it hands to the session. The
game itself, its rules, its stopwatch and its move log are the session's
(game.session); what the screen shows besides the cells is worked out there too
(scene_of), and drawn by the renderer. Keys become commands through the one
bindings table (game.session.commands), which also writes the help screen.

The loop is a fixed-timestep loop (Game Programming Patterns): real time
accumulates, updates run in fixed steps with the catch-up capped, then the frame
is drawn, and Clock.tick sleeps out the rest of the frame. An idle frame draws
nothing (only what changed is drawn) and idle frames come at half the rate, so an
idle window costs about 1% of a core. (pygame.event.wait with a timeout would poll
inside SDL and cost more.)

The dialogs (game.screens, game.widgets) are imported inside the methods that
open them: ~12 ms that a start-up with nothing to ask need not pay.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game import cli, recording
from game import theme as themes
from game.core import (
    Analysis,
    Cell,
    Delta,
    Game,
    Hint,
    Look,
    Status,
    ViewError,
    analyse,
    chord,
    mark,
    reveal,
)
from game.input import Action, InputMachine, NewGame, Spot
from game.layout import Layout
from game.persist import GameRecord, Profile, SavedGame, Settings, data_dir, finished_at_text
from game.render import Renderer
from game.rules import MAX_ZOOM, MIN_ZOOM, PRESETS, Board, Difficulty, FirstClick, GameRules
from game.session import (
    MODIFIER_KEYS,
    Advice,
    Command,
    KeyMap,
    LoggedMove,
    PlaySession,
    scene_of,
)
from game.session.commands import MENUS, THEME_COMMANDS, DuplicateKeyError
from game.sheet import TILE
from game.sound import SoundPlayer, warn_to_stderr
from game.version import version
from game.widgets.menubar import MenuBar
from game.window import TITLE, GameWindow, fits, usable_size

MIN_VIEW = 9
"""The fewest rows or columns a viewport shows (the panel needs the width)."""
SCROLL_CELLS = 3
"""Cells scrolled per notch of the mouse wheel."""
FAST_CELLS = 5
"""Cells the cursor jumps with Shift held."""
MAX_ADVICE_CELLS = 250_000
"""The largest board hints and probabilities are worked out for (the solver reads
the whole view at every move)."""
TOO_LARGE = "Hints and probabilities are for boards up to 250,000 cells."

if TYPE_CHECKING:
    from game.playback import Playback
    from game.replay import Recorder, Replay
    from game.widgets.dialog import Dialog

FPS = 60
IDLE_FPS = 30  # nothing running, nothing held: half the wake-ups, one frame of latency
STEP_MS = 1000.0 / FPS
MAX_STEPS = 5  # catch-up cap: after a stall, skip ahead rather than spiral


class App:
    """One window playing one session at a time."""

    def __init__(
        self,
        options: cli.Options,
        *,
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.options = options
        self.now_ms: Callable[[], float] = clock or (lambda: time.perf_counter() * 1000.0)
        # Only what the game uses: pygame.init() would also open the audio device
        # (the sound player does that, and only when sound is on) and joysticks.
        pygame.display.init()
        pygame.font.init()
        self.profile = Profile.open(data_dir(options.data_dir))
        for problem in self.profile.problems:  # the terminal hears them too (--data-dir)
            warn_to_stderr(problem)
        self.settings: Settings = self.profile.settings
        themes.use(self.settings.theme)
        self.sound = SoundPlayer(
            enabled=self.settings.sound if options.sound is None else options.sound,
            warn=warn_to_stderr,
        )
        self.input = InputMachine()
        self.keymap = self._keymap_of(self.settings)
        self._commands: dict[Command, Callable[[], None]] = {
            Command.NEW_GAME: self.new_game,
            Command.BEGINNER: lambda: self.new_game(PRESETS[Difficulty.BEGINNER]),
            Command.INTERMEDIATE: lambda: self.new_game(PRESETS[Difficulty.INTERMEDIATE]),
            Command.EXPERT: lambda: self.new_game(PRESETS[Difficulty.EXPERT]),
            Command.CUSTOM: self.open_custom_dialog,
            Command.DAILY: lambda: recording.start_daily(self),
            Command.BOARD_CODE: lambda: recording.open_board_code(self),
            Command.SETTINGS: self.open_settings,
            Command.BEST_TIMES: lambda: self.open_best_times(self._shown_preset()),
            Command.STATISTICS: self.open_statistics,
            Command.HISTORY: self.open_history,
            Command.REBIND: self.open_keys,
            Command.ZOOM_IN: lambda: self.set_zoom(self.zoom + 1),
            Command.ZOOM_OUT: lambda: self.set_zoom(self.zoom - 1),
            Command.SOUND: self.toggle_sound,
            Command.PAUSE: self.pause,
            Command.EXIT: self.quit,
            Command.QUESTION_MARKS: lambda: self._flip("question_marks"),
            Command.LEFT_CLICK_CHORDS: lambda: self._flip("left_click_chords"),
            Command.COUNTER_BELOW_ZERO: lambda: self._flip("counter_below_zero"),
            Command.FIRST_CLICK_OPENING: lambda: self._first_click(FirstClick.OPENING),
            Command.FIRST_CLICK_SAFE: lambda: self._first_click(FirstClick.SAFE),
            Command.FIRST_CLICK_NOGUESS: lambda: self._first_click(FirstClick.NOGUESS),
            Command.HINT: self.show_hint,
            Command.PROBABILITIES: self.toggle_probabilities,
            Command.RULES: self.open_rules,
            Command.ABOUT: self.open_about,
            Command.HELP: self.open_help,
            Command.CURSOR_UP: lambda: self.move_cursor(-1, 0),
            Command.CURSOR_DOWN: lambda: self.move_cursor(1, 0),
            Command.CURSOR_LEFT: lambda: self.move_cursor(0, -1),
            Command.CURSOR_RIGHT: lambda: self.move_cursor(0, 1),
            Command.OPEN: self.open_at_cursor,
            Command.FLAG: self.flag_at_cursor,
            Command.NEXT_THEME: self.next_theme,
        }
        for command, name in THEME_COMMANDS.items():
            self._commands[command] = partial(self.set_theme, name)
        self.cursor: Cell | None = None
        """The keyboard cursor's cell; None until the keyboard is used."""
        self.hint: Hint | None = None
        """The hint shown (until the next move)."""
        self.show_probabilities = False
        """The probability overlay is on."""
        self._analysis: tuple[object, Analysis | None] | None = None
        self._advice_note: str | None = None  # a line to show once instead of advice
        self._advice_shown: tuple[object, Advice] | None = None
        self._fast = False  # Shift is held with a cursor key: move 5 cells
        self._panning = False  # the left button is held on the overview map
        self.menubar = MenuBar(MENUS, self.keymap, self.menu_checked)
        self._alt_alone = False  # Alt went down and nothing else since: its release opens
        # Open dialogs, topmost last, each with what to do with its answer.
        self.dialogs: list[tuple[Dialog, Callable[[object], None] | None]] = []
        self.running = True
        self.frame = 0
        # The command line wins over the saved settings, for this session only;
        # --seed deals the first game only.
        self.session = self._new_session(
            options.board or self.settings.board, options.seed, options.rules
        )
        # Replays, board codes, the daily board (game.recording; game.playback).
        self.recorder: Recorder | None = None  # made at the first event
        self.in_flight: recording.InFlight | None = None  # the mouse event being handled
        self.last_replay: Replay | None = None
        self.replay_note = ""
        self.finished_game_id: int | None = None  # the last finished game's id in the history
        self.daily = None if options.daily is None else (self.session, options.daily)
        self.playback: Playback | None = None
        # A zoom asked for (or saved on a larger desktop) is re-fitted to this one.
        fitting = self.fitting_zoom(self.board)
        self.zoom = min(options.zoom or self.settings.zoom or fitting, fitting)
        self._changed: set[Cell] = set()
        self._dialog_drawn = False
        self._window: GameWindow | None = None
        self._relayout()
        self._offer_saved_game()
        self._tell_problems()

    @staticmethod
    def _keymap_of(settings: Settings) -> KeyMap:
        """The command table with the player's rebound keys (ignored if they clash)."""
        try:
            return KeyMap().rebound(settings.keys)
        except DuplicateKeyError:
            return KeyMap()

    # ------------------------------------------------------------------ the test face

    @property
    def game(self) -> Game:
        """The game being played."""
        return self.session.game

    @property
    def board(self) -> Board:
        """The size of the game being played."""
        return self.session.board

    @property
    def difficulty(self) -> Difficulty:
        """The board kind records are kept under."""
        return self.board.difficulty

    @property
    def top_dialog(self) -> Dialog | None:
        """The dialog in front, if one is open."""
        return self.dialogs[-1][0] if self.dialogs else None

    def play(self, game: Game) -> None:
        """Play a given game (of the current size) from here on: tests and tools."""
        if (game.rows, game.cols) != (self.board.rows, self.board.cols):
            raise ValueError("play() keeps the board's size; start a new game to resize")
        self.session = PlaySession(game, self.now_ms)
        self.input.cancel()
        self.renderer.invalidate()

    def cell_pos(self, row: int, col: int) -> tuple[int, int]:
        """The window pixel at the centre of a cell."""
        x, y, w, h = self.renderer.layout.cell_rect(row, col)
        return ((x + w // 2) * self.zoom, (y + h // 2) * self.zoom)

    def face_pos(self) -> tuple[int, int]:
        """The window pixel at the centre of the face button."""
        x, y, w, h = self.renderer.layout.face
        return ((x + w // 2) * self.zoom, (y + h // 2) * self.zoom)

    # ------------------------------------------------------------------ window

    @property
    def screen(self) -> pygame.Surface:
        """The surface the game is drawn on (the window's)."""
        return self.window.surface

    def fitting_zoom(self, board: Board) -> int:
        """The largest zoom at which the window for this board fits the desktop; a
        board too large for the desktop even at 1x is seen through a viewport at any
        zoom."""
        width, height = Layout(board.rows, board.cols).size
        if not fits((width, height)):  # the smallest viewport must fit
            width, height = Layout(board.rows, board.cols, MIN_VIEW, MIN_VIEW).size
        for zoom in range(MAX_ZOOM, MIN_ZOOM, -1):
            if fits((width * zoom, height * zoom)):
                return zoom
        return MIN_ZOOM

    def _layout_for(self, board: Board, zoom: int) -> Layout:
        """The window's layout: the whole board, or as much of it as fits the desktop."""
        whole = Layout(board.rows, board.cols)
        if fits((whole.size[0] * zoom, whole.size[1] * zoom)):
            return whole
        room_w, room_h = usable_size()
        one = Layout(board.rows, board.cols, 1, 1)  # the window less its cells
        extra_w, extra_h = one.size[0] - TILE, one.size[1] - TILE
        view_cols = max(min(board.cols, (room_w // zoom - extra_w) // TILE), MIN_VIEW)
        view_rows = max(min(board.rows, (room_h // zoom - extra_h) // TILE), MIN_VIEW)
        return Layout(board.rows, board.cols, view_rows, view_cols)

    def _relayout(self) -> None:
        """Size the window for the board and zoom (opening it the first time), and
        repaint everything."""
        layout = self._layout_for(self.board, self.zoom)
        if self.cursor is not None:
            layout = layout.showing(*self.cursor)
        width, height = layout.size
        size = (width * self.zoom, height * self.zoom)
        if self._window is None:
            self._window = GameWindow(size)
        else:
            self._window.resize(size)
            self._window.set_title(TITLE)
        self.renderer = Renderer(layout, self.zoom, themes.current())

    @property
    def window(self) -> GameWindow:
        """The game's window."""
        assert self._window is not None, "the window opens in __init__"
        return self._window

    def _fit_window(self) -> None:
        """Resize for a new board: keep the zoom unless the window would no longer
        fit the desktop."""
        self.zoom = min(self.zoom, self.fitting_zoom(self.board))
        self._relayout()

    def set_zoom(self, zoom: int) -> None:
        """Change the pixel scale, from MIN_ZOOM up to the largest that fits the desktop."""
        zoom = max(MIN_ZOOM, min(self.fitting_zoom(self.board), zoom))
        if zoom != self.zoom:
            self.zoom = zoom
            self._relayout()
            self.save_settings(replace(self.settings, zoom=zoom))

    # ------------------------------------------------------------------ games

    def _new_session(
        self, board: Board, seed: int | None = None, rules: GameRules | None = None
    ) -> PlaySession:
        return PlaySession.new(board, rules or self.settings.rules, self.now_ms, seed=seed)

    def new_game(
        self, board: Board | None = None, *, seed: int | None = None, rules: GameRules | None = None
    ) -> None:
        """Start a new game under the current settings, of another size if given (a
        board code gives its seed and rules too)."""
        if self.session.status is Status.PLAYING:
            # An abandoned game counts as lost, as in Windows 7: streaks stay honest.
            self._keep_finished_game()
        board = board or self.board
        resize = (board.rows, board.cols) != (self.board.rows, self.board.cols)
        if board != self.settings.board:
            custom = self.settings.custom if board.difficulty.is_preset else board
            self.save_settings(replace(self.settings, board=board, custom=custom))
        self.session = self._new_session(board, seed, rules)
        self.input.cancel()
        self.hint = self._advice_note = None
        if self.cursor is not None:
            self.cursor = (min(self.cursor[0], board.rows - 1), min(self.cursor[1], board.cols - 1))
        if resize:
            self._fit_window()
        else:
            self.renderer.invalidate()
            self.window.set_title(TITLE)

    # ------------------------------------------------------------------ actions

    def act(self, action: Action) -> None:
        """Carry out an action from the input machine."""
        if isinstance(action, NewGame):
            self.new_game()
            return
        if self.cursor is not None:  # the mouse and the cursor coexist: it follows
            self.cursor = (action.row, action.col)
        self.hint = self._advice_note = None  # a move answers the hint
        if not self.session.status.is_over:
            self._react(self.session.act(action))

    def _react(self, delta: Delta) -> None:
        layout = self.renderer.layout
        if len(delta.changed) > layout.shown_rows * layout.shown_cols:
            self.renderer.invalidate()  # a huge cascade: redraw what is in view, once
        else:
            self._changed.update(delta.changed)
        if delta.lost:
            self.sound.play("explode")
            self._lost()
        elif delta.won:
            self.sound.play("win")
            self._won()
        elif delta.opened > 1:
            self.sound.play("cascade")
        elif delta.opened == 1:
            self.sound.play("reveal")
        elif delta.mark is not None:
            self.sound.play("flag")

    def command(self, command: Command) -> None:
        """Carry out a command (from a key or a menu)."""
        self._commands[command]()

    # ------------------------------------------------------------------ keyboard play

    def move_cursor(self, drow: int, dcol: int) -> None:
        """Move the keyboard cursor (shown at the board's centre the first time); the
        view follows it."""
        rows, cols = self.board.rows, self.board.cols
        if self.cursor is None:
            layout = self.renderer.layout
            self.cursor = (
                layout.top + layout.shown_rows // 2,
                layout.left + layout.shown_cols // 2,
            )
        else:
            step = FAST_CELLS if self._fast else 1
            row, col = self.cursor
            self.cursor = (
                max(0, min(rows - 1, row + drow * step)),
                max(0, min(cols - 1, col + dcol * step)),
            )
        self._scroll_to(self.renderer.layout.showing(*self.cursor))

    def open_at_cursor(self) -> None:
        """Space or Enter: open the cell under the cursor, or chord on a number."""
        if self.cursor is None:
            self.move_cursor(0, 0)
            return
        row, col = self.cursor
        look = self.game.look(row, col)
        move = chord(row, col) if Look.OPEN_1 <= look <= Look.OPEN_8 else reveal(row, col)
        self.act(move)

    def flag_at_cursor(self) -> None:
        """F: flag the cell under the cursor (again: question mark, again: clear)."""
        if self.cursor is None:
            self.move_cursor(0, 0)
            return
        self.act(mark(*self.cursor))

    # ------------------------------------------------------------------ hints

    def _solvable_here(self) -> bool:
        """The solver works on boards up to MAX_ADVICE_CELLS (it reads the whole view)."""
        return self.board.rows * self.board.cols <= MAX_ADVICE_CELLS

    def show_hint(self) -> None:
        """H: the next cell logic finds, ringed, with its reason (or the safest cell and
        its chance). A game that used a hint never enters the best times."""
        if self.session.status.is_over or self.session.paused:
            return
        if not self._solvable_here():
            self.hint = None
            self._advice_note = TOO_LARGE
        else:
            self.hint = self.game.hint()
            if self.session.status is Status.PLAYING:
                self.session.used_hint = True
        if self.hint is not None and self.cursor is not None:
            self.cursor = self.hint.cell
        if self.hint is not None:
            self._scroll_to(self.renderer.layout.showing(*self.hint.cell))

    def toggle_probabilities(self) -> None:
        """O: each hidden cell's chance of holding a mine, over the board (a hint too)."""
        self.show_probabilities = not self.show_probabilities
        if self.show_probabilities and self.session.status is Status.PLAYING:
            self.session.used_hint = True

    def _advice(self) -> Advice | None:
        """What the solver shows now: the hint, the probabilities, or why neither. A
        new Advice is made only when what it shows changed (the renderer repaints
        the view for a new one, and compares by identity)."""
        over = self.session.status.is_over
        if over:
            self.hint = None
        note = self._advice_note
        analysis: Analysis | None = None
        if note is None and self.show_probabilities and not over:
            if self._solvable_here():
                analysis = self._analysis_now()
            else:
                note = TOO_LARGE
        if note is None and self.hint is None and analysis is None:
            return None
        key = (note, self.hint, id(analysis))  # (the analysis is kept in _analysis)
        if self._advice_shown is None or self._advice_shown[0] != key:
            advice = Advice(
                hint=self.hint,
                probabilities=None if analysis is None else analysis.probability,
                exact=True if analysis is None else analysis.exact,
                note=note,
            )
            self._advice_shown = (key, advice)
        return self._advice_shown[1]

    def _analysis_now(self) -> Analysis | None:
        """The solver's view of the game as it stands, worked out once per change."""
        game = self.game
        key = (game, game.opened_count, game.status)  # (the game itself: no id reused)
        if self._analysis is None or self._analysis[0] != key:
            try:
                found: Analysis | None = analyse(game.view(), game.mines)
            except ViewError:
                found = None
            self._analysis = (key, found)
        return self._analysis[1]

    # ------------------------------------------------------------------ the viewport

    def _scroll_to(self, layout: Layout) -> None:
        if layout != self.renderer.layout:
            self.renderer.scroll(layout)

    def scroll(self, drows: int, dcols: int) -> None:
        """Move the view over a board larger than the window."""
        layout = self.renderer.layout
        self._scroll_to(layout.scrolled(layout.top + drows, layout.left + dcols))

    def _pan_to(self, pos: tuple[int, int]) -> None:
        """Centre the view on the overview map's point under the pointer."""
        layout = self.renderer.layout
        x, y, w, h = self.renderer.scaled(layout.overview)
        row = (pos[1] - y) * layout.rows // max(h, 1)
        col = (pos[0] - x) * layout.cols // max(w, 1)
        self._scroll_to(layout.scrolled(row - layout.shown_rows // 2, col - layout.shown_cols // 2))

    def pause(self) -> None:
        """Pause a game under way: the board is hidden and the clock stops."""
        if self.session.status is Status.PLAYING:
            self.session.pause()
            self.input.cancel()

    def _go_on(self) -> None:
        """Leave a pause: the clock runs again and the board comes back."""
        self.session.resume()

    def quit(self) -> None:
        """Close the window (a game under way is kept for the next start)."""
        self.running = False

    def _flip(self, setting: str) -> None:
        """Turn a true/false setting over (the rules among them apply from the next game)."""
        flipped: dict[str, Any] = {setting: not getattr(self.settings, setting)}
        self.save_settings(replace(self.settings, **flipped))

    def _first_click(self, rule: FirstClick) -> None:
        self.save_settings(replace(self.settings, first_click=rule))

    def menu_checked(self, command: Command) -> bool | None:
        """Whether a menu line shows a tick (None: the line is no toggle)."""
        settings = self.settings
        ticks = {
            Command.QUESTION_MARKS: settings.question_marks,
            Command.LEFT_CLICK_CHORDS: settings.left_click_chords,
            Command.COUNTER_BELOW_ZERO: settings.counter_below_zero,
            Command.FIRST_CLICK_OPENING: settings.first_click is FirstClick.OPENING,
            Command.FIRST_CLICK_SAFE: settings.first_click is FirstClick.SAFE,
            Command.FIRST_CLICK_NOGUESS: settings.first_click is FirstClick.NOGUESS,
            Command.PROBABILITIES: self.show_probabilities,
            Command.SOUND: settings.sound,
            Command.PAUSE: self.session.paused,
        }
        for theme_command, name in THEME_COMMANDS.items():
            ticks[theme_command] = settings.theme == name
        return ticks.get(command)

    def set_theme(self, name: str) -> None:
        """Put on a look (game.theme), kept in the settings; the window shows it at once."""
        self.save_settings(replace(self.settings, theme=themes.by_name(name).name))

    def next_theme(self) -> None:
        """The next look, round and round."""
        names = list(themes.THEMES)
        self.set_theme(names[(names.index(self.settings.theme) + 1) % len(names)])

    def _apply_theme(self) -> None:
        """Draw in the settings' theme from the next frame: its sheet is loaded anew."""
        if self.renderer.theme.name != self.settings.theme:
            themes.use(self.settings.theme)
            self.renderer = Renderer(self.renderer.layout, self.zoom, themes.current())
            self._dialog_drawn = False

    def toggle_sound(self) -> None:
        """Sound on or off, kept in the settings."""
        self.save_settings(replace(self.settings, sound=not self.settings.sound))

    # ------------------------------------------------------------------ events

    def _spot(self, pos: tuple[int, int]) -> Spot:
        x, y = pos
        return self.renderer.layout.spot(x // self.zoom, y // self.zoom)

    def poll_events(self) -> None:
        """Read every pending event: the one place that reads pygame's queue."""
        for event in pygame.event.get():
            self.handle(event)

    def handle(self, event: pygame.event.Event) -> None:
        """Route one event: quitting, dialogs first, then keys and the mouse."""
        kind = event.type
        if kind == pygame.QUIT:
            self.running = False
            return
        if kind in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE):
            self.renderer.invalidate()
            return
        if self.playback is not None:  # a replay being played back takes every event
            self.playback.handle(event)
            return
        if kind in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):
            self.pause()  # a game left alone is not a game being played
        if self.dialogs:
            self.dialogs[-1][0].handle(event)
            self._close_finished_dialogs()
            return
        if self._menu_event(event):
            return
        if self.session.paused:
            # Any click or key goes on; that click or key does nothing else.
            if kind == pygame.MOUSEBUTTONUP or (
                kind == pygame.KEYDOWN and pygame.key.name(event.key, False) not in MODIFIER_KEYS
            ):
                self._go_on()
            return
        if kind == pygame.MOUSEWHEEL:
            if self.renderer.layout.scrolls:
                down, right = -event.y * SCROLL_CELLS, event.x * SCROLL_CELLS
                if pygame.key.get_mods() & pygame.KMOD_SHIFT:
                    down, right = 0, down or right
                self.scroll(down, right)
            return
        if self._overview_event(event):
            return
        recording.begin(self, event)  # the replay recorder's hook (ends below)
        if kind == pygame.MOUSEBUTTONDOWN:
            self.input.press(event.button, self._spot(event.pos))
        elif kind == pygame.MOUSEBUTTONUP:
            action = self.input.release(event.button, self._spot(event.pos))
            if action is not None:
                self.act(action)
        elif kind == pygame.MOUSEMOTION:
            self.input.move(self._spot(event.pos))
        elif kind in (pygame.WINDOWLEAVE, pygame.WINDOWFOCUSLOST):
            self.input.cancel()
        elif kind == pygame.KEYDOWN:
            command = self.keymap.command_for(pygame.key.name(event.key, False))
            if command is not None:
                self._fast = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
                self.command(command)
        recording.end(self)

    def _overview_event(self, event: pygame.event.Event) -> bool:
        """The left button on the overview map pans the view (press, drag, release);
        the board's clicks are untouched. True if it took the event."""
        kind = event.type
        if kind == pygame.MOUSEBUTTONDOWN and event.button == 1:
            rect = pygame.Rect(self.renderer.scaled(self.renderer.layout.overview))
            if rect.w and rect.collidepoint(event.pos):
                self._panning = True
                self.input.cancel()
                self._pan_to(tuple(event.pos))
                return True
        elif self._panning and kind == pygame.MOUSEMOTION:
            self._pan_to(tuple(event.pos))
            return True
        elif self._panning and kind == pygame.MOUSEBUTTONUP and event.button == 1:
            self._panning = False
            return True
        return False

    def _menu_event(self, event: pygame.event.Event) -> bool:
        """Give the menu bar what is its: everything while a menu is open, a press on
        the bar, and the keys that open it. True if it took the event."""
        kind, menubar = event.type, self.menubar
        was_open = menubar.is_open
        command: Command | None = None
        if kind == pygame.KEYDOWN:
            name = pygame.key.name(event.key, False)
            self._alt_alone = name in ("Left Alt", "Right Alt")
            if not (was_open or name == "F10"):
                return False
            command = menubar.key(name)
        elif kind == pygame.KEYUP:
            name = pygame.key.name(event.key, False)
            alone, self._alt_alone = self._alt_alone, False
            if not (alone and name in ("Left Alt", "Right Alt")):
                return was_open
            command = menubar.key(name)  # Alt pressed and let go alone: like Windows
        elif kind == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not menubar.press(tuple(event.pos)):
                return False
            self.input.cancel()
        elif kind == pygame.MOUSEMOTION and was_open:
            menubar.move(tuple(event.pos))
        elif kind == pygame.MOUSEBUTTONUP and was_open:
            if event.button == 1:
                command = menubar.release(tuple(event.pos))
        elif kind in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED) and was_open:
            menubar.close()
        elif not was_open:
            return False
        if was_open and not menubar.is_open:
            self.renderer.invalidate()  # repaint what the menu covered
            if not self.dialogs:
                self._grow_for(None)  # back from a size grown for it
        if command is not None:
            self.command(command)
        return True
        # Finger events are ignored on purpose: SDL also sends touch-emulated mouse
        # events for every touch, and acting on both would act twice.

    # ------------------------------------------------------------------ dialogs

    def open_dialog(self, dialog: Dialog, on_close: Callable[[object], None] | None = None) -> None:
        """Show a modal dialog; the board ignores the mouse until it closes, then
        on_close gets the dialog's result."""
        self.input.cancel()
        self.dialogs.append((dialog, on_close))
        self._dialog_drawn = False

    def _close_finished_dialogs(self) -> None:
        while self.dialogs and self.dialogs[-1][0].closed:
            dialog, on_close = self.dialogs.pop()
            self._dialog_drawn = False
            self.renderer.invalidate()
            if on_close is not None:
                on_close(dialog.result)
        if not self.dialogs:
            self._grow_for(None)  # back from a size grown for a dialog

    def _board_size(self) -> tuple[int, int]:
        width, height = self.renderer.layout.size
        return (width * self.zoom, height * self.zoom)

    def _bar(self) -> pygame.Rect:
        """The menu bar: across the whole window (grown for a dialog or a menu too)."""
        _, _, _, height = self.renderer.scaled(self.renderer.layout.menu_bar)
        return pygame.Rect(0, 0, self.screen.get_width(), height)

    def _grow_for(self, need: tuple[int, int] | None) -> None:
        """The window as large as the game, or as what is open over it needs (a
        dialog, a long menu), never past the desktop; what a smaller one does not
        need is given back."""
        width, height = self._board_size()
        room_w, room_h = usable_size()
        if need is not None:
            width, height = max(width, min(need[0], room_w)), max(height, min(need[1], room_h))
        self.window.resize((width, height))

    def open_help(self) -> None:
        """The keys, from the bindings table."""
        from game.widgets.message import HelpOverlay  # on first use: see the module docstring

        self.open_dialog(HelpOverlay(self.keymap.help_rows(), f"Minesweeper {version()}"))

    def open_rules(self) -> None:
        """The rules in brief."""
        from game import screens  # on first use: see the module docstring

        self.open_dialog(screens.rules_dialog())

    def open_about(self) -> None:
        """The version, the licences, and where the player's records are kept."""
        from game import screens  # on first use: see the module docstring

        self.open_dialog(screens.about_dialog(version(), self.profile.folder))

    def open_custom_dialog(self) -> None:
        """The Custom board dialog: rows, columns, mines, checked against the limits."""
        from game import screens  # on first use: see the module docstring

        def chosen(result: object) -> None:
            board = screens.custom_board(result)
            if board is not None:
                self.new_game(board)

        self.open_dialog(screens.custom_dialog(self.board), chosen)

    def open_settings(self) -> None:
        """The Settings menu: each pick changes one setting and keeps it; the rules
        apply from the next game (the game in progress keeps its own)."""
        from game import screens  # on first use: see the module docstring

        dialog = screens.settings_dialog(self.settings)

        def picked(index: int) -> list[tuple[str, str]]:
            self.save_settings(screens.toggled(self.settings, index))
            return screens.settings_items(self.settings)

        dialog.on_pick = picked
        self.open_dialog(dialog)

    # ------------------------------------------------------------------ the profile

    def _tell_problems(self) -> None:
        """Show, once, anything the profile could not read or save."""
        problems = self.profile.take_new_problems()
        if problems:
            from game import screens  # on first use: see the module docstring

            self.open_dialog(screens.problems_dialog(problems))

    def save_settings(self, settings: Settings) -> None:
        """Apply new settings and keep them (the game in progress keeps its rules)."""
        if settings.sound != self.settings.sound:
            self.sound.enabled = settings.sound  # (so --no-sound holds until M is pressed)
        self.settings = settings
        self._apply_theme()
        self.profile.save_settings(settings)
        self._tell_problems()

    def _keep_finished_game(self) -> int | None:
        """Keep the game just finished (or abandoned) in the history; its id there."""
        summary = self.session.summary()
        game, clicks = self.game, summary.clicks
        record = GameRecord(
            finished_at=finished_at_text(datetime.now()),
            difficulty=self.difficulty.value,
            rows=game.rows,
            cols=game.cols,
            mines=game.mines,
            first_click=game.first_click.value,
            seed=None if game.seed is None else str(game.seed),
            won=summary.status is Status.WON,
            ms=summary.ms,
            bbbv=summary.bbbv,
            bbbv_solved=summary.bbbv_solved,
            left_clicks=clicks.left,
            right_clicks=clicks.right,
            chord_clicks=clicks.chord,
            effective_clicks=clicks.effective,
            used_hint=self.session.used_hint,
        )
        daily = recording.daily_date(self)
        if daily is not None:
            record = replace(record, difficulty="daily", daily=daily)
        game_id = self.profile.record_game(record)
        self._tell_problems()
        return game_id

    def _lost(self) -> None:
        recording.finished(self, best=False, game_id=self._keep_finished_game())
        recording.show_panel(self)

    def _won(self) -> None:
        from game import screens  # on first use: see the module docstring

        summary = self.session.summary()
        preset = self.difficulty
        self.window.set_title(f"{TITLE} - won in {screens.seconds(summary.ms)}")
        game_id = self._keep_finished_game()
        place = None if game_id is None else self.profile.best_time_place(game_id)
        recording.finished(self, best=place is not None, game_id=game_id)
        if game_id is None or place is None:
            recording.show_panel(self)
            return

        def named(result: object) -> None:
            # A cancelled name box still keeps the time, under the remembered name.
            last = self.profile.last_name
            name = result.get("name", last) if isinstance(result, dict) else last
            self.profile.name_best_time(game_id, str(name))
            self._tell_problems()
            self.open_best_times(preset)

        code = recording.code_of(self.session)
        self.open_dialog(
            screens.name_dialog(
                summary, preset, place, self.profile.last_name, None if code is None else code.code
            ),
            named,
        )

    def _shown_preset(self) -> Difficulty:
        return self.difficulty if self.difficulty.is_preset else Difficulty.BEGINNER

    def open_best_times(self, preset: Difficulty) -> None:
        """The Best Times screen of one preset."""
        from game import screens  # on first use: see the module docstring

        def answered(result: object) -> None:
            if result == screens.NEXT:
                self.open_best_times(screens.next_preset(preset))
            elif result == screens.RESET:
                self._confirm("all best times", self.profile.reset_best_times)

        entries = self.profile.best_times(preset)
        rate = self.profile.best_rate(preset)
        self.open_dialog(screens.best_times_dialog(entries, preset, rate), answered)

    def open_statistics(self) -> None:
        """The Statistics screen."""
        from game import screens  # on first use: see the module docstring

        def answered(result: object) -> None:
            if result == screens.RESET:
                self._confirm("all statistics", self.profile.reset_stats)

        kinds = [*PRESETS, Difficulty.CUSTOM]
        stats = {kind: self.profile.stats(kind) for kind in kinds}
        rates = {kind: self.profile.best_rate(kind) for kind in kinds}
        self.open_dialog(screens.statistics_dialog(stats, rates), answered)

    def open_keys(self) -> None:
        """The Keys screen: pick a command, press its new key; kept in the settings.
        A key already bound elsewhere is refused (the command table allows no key twice)."""
        from game import screens  # on first use: see the module docstring

        dialog = screens.keys_dialog(self.keymap)
        bindings = self.keymap.bindings

        def picked(index: int) -> list[tuple[str, str]]:
            dialog.wait_for_key(index, f"Press the key for '{bindings[index].does}' (Esc: keep).")
            return screens.keys_items(self.keymap)

        def pressed(index: int, key: str) -> tuple[list[tuple[str, str]], str | None]:
            command = bindings[index].command
            choice = dict(self.settings.keys)
            choice[command.value] = (key,)
            try:
                keymap = KeyMap().rebound(choice.items())
            except DuplicateKeyError:
                other = self.keymap.command_for(key)
                what = other.value if other is not None else "the menu bar"
                return screens.keys_items(self.keymap), f"{key} is taken by {what}: kept as it was."
            self.keymap = keymap
            self.menubar.keymap = keymap
            self.save_settings(replace(self.settings, keys=tuple(sorted(choice.items()))))
            return screens.keys_items(keymap), f"{key} now: {bindings[index].does}."

        def answered(result: object) -> None:
            if result == screens.DEFAULT_KEYS:
                self.keymap = self.menubar.keymap = KeyMap()
                self.save_settings(replace(self.settings, keys=()))
                self.open_keys()

        dialog.on_pick = picked
        dialog.on_key = pressed
        self.open_dialog(dialog, answered)

    def open_history(self, kind: Difficulty | None = None) -> None:
        """The History screen: past games, newest first, and a chart of their times;
        Next shows the next kind of board (all, then each preset, then custom)."""
        from game import screens  # on first use: see the module docstring

        def answered(result: object) -> None:
            if result == screens.NEXT:
                self.open_history(screens.next_history_filter(kind))

        games = self.profile.games(kind, limit=screens.HISTORY_CHART)
        self.open_dialog(screens.history_dialog(games, kind), answered)

    def _confirm(self, what: str, reset: Callable[[], bool]) -> None:
        from game import screens  # on first use: see the module docstring

        def answered(result: object) -> None:
            if result == screens.RESET:
                reset()
                self._tell_problems()

        self.open_dialog(screens.confirm_dialog(what), answered)

    def _offer_saved_game(self) -> None:
        saved = self.profile.saved_game
        if saved is None:
            return
        from game import screens  # on first use: see the module docstring

        def answered(result: object) -> None:
            if result == screens.NEW_GAME:  # only a clear answer throws the game away
                self.profile.clear_resume()
                self._tell_problems()
            else:
                self.resume_saved_game()

        self.open_dialog(screens.resume_dialog(saved), answered)

    def resume_saved_game(self) -> bool:
        """Bring back the game saved when the window last closed; the timer goes on."""

        def restore(saved: SavedGame) -> PlaySession | None:
            game = Game.from_snapshot(dict(saved.game))
            if game.status.is_over:
                return None
            log = [LoggedMove.from_text(entry) for entry in saved.log]
            return PlaySession(game, self.now_ms, elapsed_ms=saved.elapsed_ms, log=log)

        resumed = self.profile.resume(restore)
        self._tell_problems()
        if resumed is None:
            return False
        self.session = resumed.game
        self.session.resume()
        self.input.cancel()
        self._fit_window()
        return True

    def save_unfinished_game(self) -> None:
        """Keep a game in progress for the next start (the window is closing)."""
        if self.session.status is Status.PLAYING:
            self.profile.save_resume(
                self.game.to_snapshot(),
                elapsed_ms=int(self.session.elapsed_ms),
                log=[str(entry) for entry in self.session.log],
            )

    # ------------------------------------------------------------------ drawing

    def draw(self) -> None:
        """Draw what changed; with a dialog open, the whole frame and the dialog over it."""
        if self.playback is not None:
            self.playback.draw()
            return
        changed, self._changed = self._changed, set()
        scene = scene_of(
            self.session,
            self.input.feedback,
            counter_below_zero=self.settings.counter_below_zero,
            cursor=self.cursor,
            advice=self._advice(),
        )
        if self.dialogs:
            dialog = self.dialogs[-1][0]
            if self._dialog_drawn and not dialog.dirty():
                return
            self._grow_for(dialog.needed_size(self.zoom, usable_size()))
            self.renderer.invalidate()
            self.renderer.draw(self.screen, self.game, scene)
            self.menubar.draw(self.screen, self.renderer.sprites, self._bar())
            dialog.draw(self.screen, self.renderer.sprites)
            self._dialog_drawn = True
            self.window.present()
            return
        if self.menubar.is_open:
            if not self.menubar.dirty():
                return
            self._grow_for(self.menubar.needed_size(self.zoom))
            self.renderer.invalidate()  # the menu is drawn over a whole frame
        dirty = self.renderer.draw(self.screen, self.game, scene, changed)
        if self.renderer.repainted or self.menubar.dirty():
            bar = self._bar()
            self.menubar.draw(self.screen, self.renderer.sprites, bar)
            dirty.append(bar)
        if dirty:
            self.window.present()

    # ------------------------------------------------------------------ the loop

    def is_idle(self) -> bool:
        """Nothing can change without an event: no timer running, nothing held."""
        if self.playback is not None:
            return self.playback.idle
        return not self.session.stopwatch.running and not self.input.held and not self.dialogs

    def update(self, step_ms: float) -> None:
        """One fixed step of game time. The timer is read from the stopwatch when
        drawn; a step has nothing else to advance yet, but the loop keeps the shape so
        that animations (or a replay's playback) slot in here."""
        if self.playback is not None:
            self.playback.update(step_ms)

    def run(self, frames: int | None = None) -> int:
        """Run until the window closes (or for a number of frames); return the exit code."""
        pacer = pygame.time.Clock()
        last = self.now_ms()
        accumulator = 0.0
        limit = frames if frames is not None else self.options.frames
        while self.running:
            self.poll_events()
            now = self.now_ms()
            accumulator += now - last
            last = now
            steps = 0
            while accumulator >= STEP_MS and steps < MAX_STEPS:
                self.update(STEP_MS)
                accumulator -= STEP_MS
                steps += 1
            if steps == MAX_STEPS:
                accumulator = 0.0
            self.draw()
            self.frame += 1
            if limit is not None and self.frame >= limit:
                break
            pacer.tick(IDLE_FPS if self.is_idle() else FPS)
        return 0

    def close(self) -> None:
        """Leave cleanly: a game in progress is saved for the next start."""
        if self.playback is None:  # a replay played back is no game of the player's
            self.save_unfinished_game()
        self.profile.close()
        if self._window is not None:
            self._window.close()
            self._window = None
        pygame.quit()


def main(argv: Sequence[str] | None = None) -> int:
    """The entry point of `python -m game` and the `minesweeper` command."""
    try:
        options = cli.parse_args(argv)
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else 2
    if options.verify_replay is not None:
        return cli.verify_replay(options.verify_replay)
    played_back = None
    if options.replay is not None:
        from game.replay import ReplayError, load

        try:
            played_back = load(options.replay)
        except ReplayError as error:
            warn_to_stderr(f"minesweeper: {options.replay}: {error}")
            return 2
    missing = missing_display()
    if missing is not None:
        warn_to_stderr(missing)
        return 1
    try:
        app = App(options)
    except pygame.error as error:
        warn_to_stderr(f"Minesweeper could not open its window: {error}")
        return 1
    try:
        if played_back is not None:
            from game.playback import Playback

            Playback.attach(app, played_back)
        return app.run()
    except Exception:  # never a traceback in the player's face; the game is kept
        log = _write_crash_log(app.profile.folder)
        warn_to_stderr(f"Minesweeper stopped after an unexpected error; the details are in {log}.")
        return 1
    finally:
        app.close()


def missing_display(environ: Mapping[str, str] = os.environ) -> str | None:
    """Why no window can open, when that is known before trying: on Linux and the
    BSDs a desktop says where it is in DISPLAY or WAYLAND_DISPLAY. (Without either,
    SDL would fall back to an invisible offscreen window.) An explicit
    SDL_VIDEODRIVER (a test, a headless smoke run) is the caller's choice."""
    if sys.platform in ("win32", "darwin") or environ.get("SDL_VIDEODRIVER"):
        return None
    if environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"):
        return None
    return (
        "Minesweeper needs a desktop to show its window: "
        "neither DISPLAY nor WAYLAND_DISPLAY is set."
    )


def _write_crash_log(folder: Path) -> Path:
    """Append the current exception's traceback to crash.log in the data folder."""
    import traceback  # only a crash needs it

    path = folder / "crash.log"
    try:
        with path.open("a", encoding="utf-8") as log:
            log.write(f"--- minesweeper {version()} at {time.ctime()}\n")
            log.write(traceback.format_exc())
    except OSError:
        pass
    return path


if __name__ == "__main__":
    sys.exit(main())
