"""The application: the window, the loop, the clock, and the one reader of events.

The loop is a fixed-timestep loop (Game Programming Patterns): real time
accumulates, updates run in fixed steps with the catch-up capped, then the frame
is drawn, and Clock.tick sleeps out the rest of the frame. An idle frame draws
nothing (only what changed is drawn) and idle frames come at half the rate, so an
idle window costs about 1% of a core. (pygame.event.wait with a timeout would poll
inside SDL and cost more.)

The dialogs (game.screens, game.dialogs) are imported inside the methods that
open them: ~12 ms that a start-up with nothing to ask need not pay.

Only ``App.poll_events`` reads the pygame event queue; it turns events into calls
on the input state machine, key commands and dialog input. Drawing never changes
game state.
"""

from __future__ import annotations

import contextlib
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game import cli
from game.assets import AssetError, asset_path
from game.core import Cell, Delta, Game, Look, Status
from game.difficulty import PRESETS, Board, BoardChoiceError, custom
from game.input import Action, Feedback, InputMachine, NewGame, Press, Spot
from game.layout import Layout
from game.persist import CustomSize, Difficulty, Profile, Settings, data_dir
from game.render import Renderer, Scene
from game.sound import SoundPlayer, warn_to_stderr
from game.version import version

if TYPE_CHECKING:
    from game.dialogs import Dialog

FPS = 60
IDLE_FPS = 30  # nothing running, nothing held: half the wake-ups, one frame of latency
STEP_MS = 1000.0 / FPS
MAX_STEPS = 5  # catch-up cap: after a stall, skip ahead rather than spiral
TITLE = "Minesweeper"

KEYS: list[tuple[str, str]] = [
    ("Left click", "open a cell"),
    ("Right click", "flag / question mark / clear"),
    ("Both buttons, middle", "chord: open around a number"),
    ("Face, F2", "new game"),
    ("1  2  3", "Beginner, Intermediate, Expert"),
    ("C", "custom board"),
    ("O", "settings"),
    ("B", "best times"),
    ("S", "statistics"),
    ("+  -", "zoom in / out"),
    ("M", "sound on / off"),
    ("F1", "this help"),
    ("Esc", "close a dialog"),
]

_NEIGHBOURHOOD = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)]


def _emit(message: str) -> None:
    """One line for the player on stderr, if there is a stderr (a windowed build has none)."""
    warn_to_stderr(message)


def board_of(settings: Settings) -> Board:
    """The board the saved settings name (the last one played)."""
    if settings.difficulty is Difficulty.CUSTOM:
        size = settings.custom
        try:
            return custom(size.rows, size.columns, size.mines)
        except BoardChoiceError:
            return PRESETS["beginner"]
    return PRESETS[settings.difficulty.value]


class App:
    """One window playing one game at a time."""

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
        self.settings: Settings = self.profile.settings
        # The command line wins over the saved settings, for this session only.
        self.board: Board = options.board or board_of(self.settings)
        self.sound = SoundPlayer(
            enabled=self.settings.sound if options.sound is None else options.sound, warn=_emit
        )
        self.input = InputMachine()
        # Open dialogs, topmost last, each with what to do with its answer.
        self.dialogs: list[tuple[Dialog, Callable[[object], None] | None]] = []
        self.running = True
        self.frame = 0
        self.zoom = options.zoom or self.settings.zoom or self.fitting_zoom(self.board)
        self.screen = self._open_window()
        self.renderer = Renderer(Layout(self.board.rows, self.board.cols), self.zoom)
        self._seed = options.seed  # --seed deals the first game; later ones are random
        self.game = self._new_game_value()
        self._changed: set[Cell] = set()
        self._start_ms: float | None = None
        self._stopped_ms: float | None = None
        self._dialog_drawn = False
        self._game_settings = self.settings  # the settings the current game started with
        self._offer_saved_game()
        self._tell_problems()

    # ------------------------------------------------------------------ window

    def fitting_zoom(self, board: Board) -> int:
        """The largest zoom (1-4) at which the window fits the desktop."""
        width, height = Layout(board.rows, board.cols).size
        try:
            desk_w, desk_h = pygame.display.get_desktop_sizes()[0]
        except (pygame.error, IndexError):
            return 2
        for zoom in (4, 3, 2):
            if width * zoom <= desk_w * 0.95 and height * zoom <= desk_h * 0.88:
                return zoom
        return 1

    def _open_window(self) -> pygame.Surface:
        width, height = Layout(self.board.rows, self.board.cols).size
        pygame.display.set_caption(TITLE)
        if self.frame == 0:
            with contextlib.suppress(pygame.error, OSError, AssetError):
                # No icon is no reason not to play.
                pygame.display.set_icon(pygame.image.load(str(asset_path("sprites", "icon.png"))))
        return pygame.display.set_mode((width * self.zoom, height * self.zoom))

    def _relayout(self) -> None:
        """Resize the window for the current board and zoom and repaint everything."""
        self.screen = self._open_window()
        self.renderer = Renderer(Layout(self.board.rows, self.board.cols), self.zoom)

    def _fit_window(self) -> None:
        """Resize for a new board: keep the zoom (or --zoom) unless the window
        would no longer fit the desktop."""
        self.zoom = self.options.zoom or min(self.zoom, self.fitting_zoom(self.board))
        self._relayout()

    def set_zoom(self, zoom: int) -> None:
        """Change the pixel scale (1-4)."""
        zoom = max(1, min(4, zoom))
        if zoom != self.zoom:
            self.zoom = zoom
            self._relayout()
            self.save_settings(replace(self.settings, zoom=zoom))

    # ------------------------------------------------------------------ games

    def _new_game_value(self) -> Game:
        seed, self._seed = self._seed, None
        return Game.new(
            self.board.rows,
            self.board.cols,
            self.board.mines,
            seed=seed,
            first_click=self.settings.first_click.value,
            marks=self.settings.question_marks,
            left_click_chords=self.settings.left_click_chords,
        )

    def new_game(self, board: Board | None = None) -> None:
        """Start a new game, of another size if board is given."""
        resize = board is not None and (board.rows, board.cols) != (
            self.board.rows,
            self.board.cols,
        )
        if self.game.status is Status.PLAYING:
            # An abandoned game counts as lost, as in Windows 7: streaks stay honest.
            self.profile.record_loss(self.difficulty)
            self._tell_problems()
        if board is not None and board != self.board:
            self.board = board
            self.save_settings(
                replace(
                    self.settings,
                    difficulty=self.difficulty,
                    custom=self.settings.custom
                    if board.is_preset
                    else CustomSize(board.rows, board.cols, board.mines),
                )
            )
        if resize:
            self._fit_window()
        self.game = self._new_game_value()
        self._game_settings = self.settings
        self.input.cancel()
        self._start_ms = self._stopped_ms = None
        self.renderer.invalidate()
        pygame.display.set_caption(TITLE)

    # ------------------------------------------------------------------ time

    def elapsed_ms(self) -> float:
        """The game's precise time: from the first reveal to now, or to its end."""
        if self._start_ms is None:
            return 0.0
        end = self._stopped_ms if self._stopped_ms is not None else self.now_ms()
        return end - self._start_ms

    def timer_value(self) -> int:
        """What the timer shows: 0 before the first reveal, then 1 at once, +1 a second."""
        if self._start_ms is None:
            return 0
        return min(999, int(self.elapsed_ms() // 1000) + 1)

    # ------------------------------------------------------------------ actions

    def act(self, action: Action) -> None:
        """Carry out an action from the input machine."""
        if isinstance(action, NewGame):
            self.new_game()
            return
        if self.game.status.is_over:
            return
        was_ready = self.game.status is Status.READY
        delta = self.game.apply(action)
        if was_ready and self.game.status is not Status.READY:
            self._start_ms = self.now_ms()
        self._react(delta)

    def _react(self, delta: Delta) -> None:
        self._changed.update(delta.changed)
        if delta.lost:
            self._stopped_ms = self.now_ms()
            self.sound.play("explode")
            self.profile.record_loss(self.difficulty)
            self._tell_problems()
        elif delta.won:
            self._stopped_ms = self.now_ms()
            self.sound.play("win")
            self._won(int(self.elapsed_ms()))
        elif delta.opened > 1:
            self.sound.play("cascade")
        elif delta.opened == 1:
            self.sound.play("reveal")
        elif delta.mark is not None:
            self.sound.play("flag")

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
        if self.dialogs:
            self.dialogs[-1][0].handle(event)
            self._close_finished_dialogs()
            return
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
            self.key(event.key)
        # Finger events are ignored on purpose: SDL also sends touch-emulated mouse
        # events for every touch, and acting on both would act twice.

    def key(self, key: int) -> None:
        """A key command (see KEYS)."""
        from game import screens  # on first use: see the module docstring

        presets = {pygame.K_1: "beginner", pygame.K_2: "intermediate", pygame.K_3: "expert"}
        if key == pygame.K_F2:
            self.new_game()
        elif key in presets:
            self.new_game(PRESETS[presets[key]])
        elif key == pygame.K_c:
            self.open_custom_dialog()
        elif key == pygame.K_o:
            self.open_settings()
        elif key == pygame.K_b:
            self.open_best_times(self._shown_preset())
        elif key == pygame.K_s:
            self.open_statistics()
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.set_zoom(self.zoom + 1)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.set_zoom(self.zoom - 1)
        elif key == pygame.K_m:
            self.save_settings(replace(self.settings, sound=not self.settings.sound))
        elif key == pygame.K_F1:
            self.open_dialog(screens.keys_dialog(KEYS, f"Minesweeper {version()}"))

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

    def open_custom_dialog(self) -> None:
        """The Custom board dialog: rows, columns, mines, checked against the limits."""
        from game import screens  # on first use: see the module docstring

        dialog = screens.custom_dialog(self.board)

        def chosen(result: object) -> None:
            if isinstance(result, dict):
                rows, cols, mines = (int(result[key]) for key in ("rows", "cols", "mines"))
                self.new_game(custom(rows, cols, mines))

        self.open_dialog(dialog, chosen)

    # ------------------------------------------------------------------ the profile

    @property
    def difficulty(self) -> Difficulty:
        """The board kind records are kept under."""
        return Difficulty(self.board.name)

    def _tell_problems(self) -> None:
        """Show, once, anything the profile could not read or save."""
        from game import screens  # on first use: see the module docstring

        problems = self.profile.take_new_problems()
        if problems:
            self.open_dialog(screens.problems_dialog(problems))

    def save_settings(self, settings: Settings) -> None:
        """Apply new settings and keep them (a game in progress keeps its rules)."""
        if settings.sound != self.settings.sound:
            self.sound.enabled = settings.sound  # (so --no-sound holds until M is pressed)
        self.settings = settings
        self.profile.save_settings(settings)
        self._tell_problems()

    def _won(self, ms: int) -> None:
        from game import screens  # on first use: see the module docstring

        preset = self.difficulty
        pygame.display.set_caption(f"{TITLE} - won in {screens.seconds(ms)}")
        qualifies = self.profile.qualifies(preset, ms)
        self.profile.record_win(preset, ms)
        self._tell_problems()
        if not qualifies:
            self.open_dialog(screens.won_dialog(ms))
            return

        def named(result: object) -> None:
            # A cancelled name box still keeps the time, under the remembered name.
            last = self.profile.records.last_name
            name = result.get("name", last) if isinstance(result, dict) else last
            self.profile.add_best_time(preset, str(name), ms, date.today())
            self._tell_problems()
            self.open_best_times(preset)

        self.open_dialog(screens.name_dialog(preset, ms, self.profile.records.last_name), named)

    def _shown_preset(self) -> Difficulty:
        return self.difficulty if self.board.is_preset else Difficulty.BEGINNER

    def open_best_times(self, preset: Difficulty) -> None:
        """The Best Times screen of one preset."""
        from game import screens  # on first use: see the module docstring

        def answered(result: object) -> None:
            if result == screens.NEXT:
                self.open_best_times(screens.next_preset(preset))
            elif result == screens.RESET:
                self._confirm("all best times", self.profile.reset_best_times)

        self.open_dialog(screens.best_times_dialog(self.profile.records, preset), answered)

    def open_statistics(self) -> None:
        """The Statistics screen."""
        from game import screens  # on first use: see the module docstring

        def answered(result: object) -> None:
            if result == screens.RESET:
                self._confirm("all statistics", self.profile.reset_stats)

        self.open_dialog(screens.statistics_dialog(self.profile.records), answered)

    def _confirm(self, what: str, reset: Callable[[], bool]) -> None:
        from game import screens  # on first use: see the module docstring

        def answered(result: object) -> None:
            if result == "Reset":
                reset()
                self._tell_problems()

        self.open_dialog(screens.confirm_dialog(what), answered)

    def open_settings(self) -> None:
        """The Settings menu: each pick changes one setting and keeps it."""
        from game import screens  # on first use: see the module docstring

        dialog = screens.settings_dialog(self.settings)

        def picked(index: int) -> list[tuple[str, str]]:
            self.save_settings(screens.toggled(self.settings, index))
            self.game.marks = self.settings.question_marks
            self.game.left_click_chords = self.settings.left_click_chords
            return screens.settings_items(self.settings)

        dialog.on_pick = picked
        self.open_dialog(dialog)

    def _offer_saved_game(self) -> None:
        from game import screens  # on first use: see the module docstring

        saved = self.profile.saved_game
        if saved is None:
            return
        kind = saved.difficulty.value.capitalize()
        seconds = saved.elapsed_ms // 1000

        def answered(result: object) -> None:
            if result == screens.RESUME:
                self.resume_saved_game()
            else:
                self.profile.clear_resume()
                self._tell_problems()

        self.open_dialog(screens.resume_dialog(kind, seconds), answered)

    def resume_saved_game(self) -> bool:
        """Bring back the game saved when the window last closed; the timer goes on."""

        def restore(data: dict[str, object]) -> Game | None:
            game = Game.from_snapshot(data)
            return None if game.status.is_over else game

        resumed = self.profile.resume(restore)
        self._tell_problems()
        if resumed is None:
            return False
        game, saved = resumed.game, resumed.saved
        name = saved.difficulty.value
        self.board = Board(game.rows, game.cols, game.mines, name)
        self._fit_window()
        self.game = game
        self._game_settings = saved.settings
        self._start_ms = None
        self._stopped_ms = None
        if game.status is Status.PLAYING:
            self._start_ms = self.now_ms() - saved.elapsed_ms
        self.renderer.invalidate()
        return True

    def save_unfinished_game(self) -> None:
        """Keep a game in progress for the next start (the window is closing)."""
        if self.game.status is Status.PLAYING:
            self.profile.save_resume(
                self.game.to_snapshot(),
                elapsed_ms=int(self.elapsed_ms()),
                settings=self._game_settings,
                difficulty=self.difficulty,
            )

    # ------------------------------------------------------------------ drawing

    def scene(self) -> Scene:
        """The UI state the renderer shows: pressed cells, face, counters."""
        feedback = self.input.feedback
        over = self.game.status.is_over
        if feedback.face_pressed:  # in any state: it is a button being pushed
            face = "smile_pressed"
        elif self.game.status is Status.WON:
            face = "cool"
        elif self.game.status is Status.LOST:
            face = "dead"
        elif feedback.surprised:
            face = "surprised"
        else:
            face = "smile"
        counter = self.game.mines_left
        if not self.settings.counter_below_zero:
            counter = max(0, counter)
        pressed = frozenset() if over else self._pressed_cells(feedback)
        return Scene(pressed=pressed, face=face, counter=counter, timer=self.timer_value())

    def _pressed_cells(self, feedback: Feedback) -> frozenset[Cell]:
        cell = feedback.cell
        if cell is None or feedback.press is Press.NONE:
            return frozenset()
        row, col = cell
        around = [(0, 0)] if feedback.press is Press.SINGLE else _NEIGHBOURHOOD
        rows, cols = self.game.rows, self.game.cols
        return frozenset(
            (row + dr, col + dc)
            for dr, dc in around
            if 0 <= row + dr < rows
            and 0 <= col + dc < cols
            and self.game.look(row + dr, col + dc) in (Look.HIDDEN, Look.QUESTION)
        )

    def draw(self) -> None:
        """Draw what changed; with a dialog open, the whole frame and the dialog over it."""
        changed, self._changed = self._changed, set()
        if self.dialogs:
            dialog = self.dialogs[-1][0]
            if self._dialog_drawn and not dialog.dirty():
                return
            self.renderer.invalidate()
            self.renderer.draw(self.screen, self.game, self.scene())
            dialog.draw(self.screen, self.renderer.sprites)
            self._dialog_drawn = True
            pygame.display.flip()
            return
        dirty = self.renderer.draw(self.screen, self.game, self.scene(), changed)
        if dirty:
            pygame.display.update(dirty)

    # ------------------------------------------------------------------ the loop

    def is_idle(self) -> bool:
        """Nothing can change without an event: no timer running, nothing held."""
        timer_running = self._start_ms is not None and self._stopped_ms is None
        return not timer_running and not self.input.held and not self.dialogs

    def update(self, step_ms: float) -> None:
        """One fixed step of game time. The timer is read from the clock when drawn;
        a step has nothing else to advance yet, but the loop keeps the shape so that
        animations (or a replay's playback) slot in here."""
        del step_ms

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
        self.save_unfinished_game()
        pygame.quit()


def main(argv: Sequence[str] | None = None) -> int:
    """The entry point of `python -m game` and the `minesweeper` command."""
    try:
        options = cli.parse_args(argv)
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else 2
    try:
        app = App(options)
    except pygame.error as error:
        _emit(f"Minesweeper could not open its window: {error}")
        return 1
    try:
        return app.run()
    except Exception:  # never a traceback in the player's face; the game is kept
        log = _write_crash_log(app.profile.folder)
        _emit(f"Minesweeper stopped after an unexpected error; the details are in {log}.")
        return 1
    finally:
        app.close()


def _write_crash_log(folder: Path) -> Path:
    """Append the current exception's traceback to crash.log in the data folder."""
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
