"""The window shell: the loop, the one reader of the event queue, and the stage.

It makes the pieces and hands each what it needs: the profile (game.persist), the
preferences (game.view.prefs), the table with the game (game.session.table), the
viewport (game.view.viewport), and the stage of scenes (game.view.stage) with the play screen
and the menu bar on it; the recorder and the end-of-game flow tap the table. Then it
runs the loop. Nothing imports this module but the entry point.

The loop is a fixed-timestep loop (Game Programming Patterns): real time
accumulates, updates run in fixed steps with the catch-up capped, then the frame is
drawn, and Clock.tick sleeps out the rest of the frame. An idle frame draws nothing
(only what changed is drawn) and idle frames come at half the rate, so an idle
window costs about 1% of a core. (pygame.event.wait with a timeout would poll inside
SDL and cost more.)
"""

from __future__ import annotations

import gc
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.cli import Options
from game.flows import long_deal, resume
from game.flows.dialogs import Dialogs
from game.flows.end_of_game import EndOfGame
from game.flows.race import Race
from game.language import gettext, shown
from game.modes.mode import Mode
from game.modes.ordinary import Ordinary
from game.modes.resumed import Resumed
from game.replay.recorder import Recorder
from game.scenes.counters import CountersPanel
from game.scenes.menubar import MenuBarScene
from game.scenes.play import PlayScene
from game.session.play import is_long
from game.session.table import Table
from game.version import version
from game.view.first_frame import FirstFrame, show_first_frame
from game.view.sound import warn_to_stderr
from game.view.stage import Stage

if TYPE_CHECKING:
    from game.flows.analysis import Analyst
    from game.flows.end_of_game import EndOfGame
    from game.replay.files import Opened
    from game.replay.format import Replay
    from game.replay.recorder import Recorder
    from game.scenes.playback import PlaybackScene
    from game.scenes.watching import Watching

FPS = 60
IDLE_FPS = 30  # nothing running, nothing held: half the wake-ups, one frame of latency
STEP_MS = 1000.0 / FPS
MAX_STEPS = 5  # catch-up cap: after a stall, skip ahead rather than spiral
INPUT_EVENTS = frozenset(
    (
        pygame.MOUSEBUTTONDOWN,
        pygame.MOUSEBUTTONUP,
        pygame.MOUSEMOTION,
        pygame.MOUSEWHEEL,
        pygame.KEYDOWN,
        pygame.KEYUP,
        pygame.TEXTINPUT,
        pygame.DROPFILE,
    )
)
"""Events that are the player's doing: the table is fully set up before one is handled."""
EXPOSE_EVENTS = frozenset((pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE))
OTHER_WINDOWS_EVENTS = frozenset(
    (
        pygame.WINDOWFOCUSLOST,
        pygame.WINDOWFOCUSGAINED,
        pygame.WINDOWLEAVE,
        pygame.WINDOWENTER,
        pygame.WINDOWSHOWN,
        pygame.WINDOWHIDDEN,
        pygame.WINDOWMINIMIZED,
        pygame.ACTIVEEVENT,
    )
)
"""The window events the game's scenes heed (a focus lost pauses the game) that a page's
own window has too: those are not the game's."""
"""The window's pixels were lost (another window was over it): draw them all again."""
WINDOW_EVENTS = frozenset(
    (
        pygame.WINDOWSHOWN,
        pygame.WINDOWRESTORED,
        pygame.WINDOWMAXIMIZED,
        pygame.WINDOWSIZECHANGED,
        pygame.WINDOWRESIZED,
        pygame.WINDOWMOVED,
        pygame.WINDOWFOCUSGAINED,
        pygame.WINDOWENTER,
    )
)
"""What the window manager did to the window: everything is drawn again at the next
frame whatever is open (a size applied late, a compositor that sends no expose), and
the scenes hear of it too."""


def collect_from_now() -> None:
    """The garbage collector on again (off through start-up: game/__main__.py). What
    start-up made (the modules, the window, the table and its scenes) lives as long as
    the game: it is frozen out of the collector's walks first, as the first frame's
    was, so the first collection does not walk it (about 1 ms before the first input)."""
    gc.freeze()
    gc.enable()


class App:
    """One window: the loop, and the pieces it is made of."""

    def __init__(
        self,
        options: Options,
        first: FirstFrame | None = None,
        *,
        clock: Callable[[], float] | None = None,
    ) -> None:
        """``first``: the first frame already on screen (game/__main__.py shows it
        before importing this module); None: shown now."""
        self.options = options
        now: Callable[[], float] = clock or (lambda: time.perf_counter() * 1000.0)
        if first is None:
            first = show_first_frame(
                options.data_dir,
                options.board,
                options.zoom,
                options.sound,
                options.language,
                offer=options.replay is None,
            )
        self.profile = first.profile
        self.prefs = prefs = first.prefs
        # The command line wins over the saved settings, for this session only;
        # --seed deals the first game only.
        if options.mode is not None:  # (chosen as the menu would: the next games too)
            mode = options.mode
            prefs.change(first_click=mode.first_click, fate=mode.fate, recursion=mode.recursion)
        board = options.board or prefs.settings.board
        rules = options.rules or prefs.settings.rules
        first_game = (
            Ordinary(board, rules, options.seed)
            if options.first_game is None
            else options.first_game(rules)
        )
        code = first_game.shared_code
        self.deal_later: Mode | None = (
            first_game
            if code is not None and code.start is not None and is_long(board, rules)
            else None
        )
        """A shared board that takes long to deal: dealt after the first frame, off the
        loop (an ordinary game of its size under these rules is on the table until then)."""
        if self.deal_later is not None:
            first_game = Ordinary(board, rules, options.seed)
        self.dealt: Mode = first_game
        """The game the window opens with (or deals, the saved game declined)."""
        offered = first.offered
        saved = None if offered is None else resume.saved_session(self.profile, now)
        self.offered = None if saved is None else offered
        """The saved game on the table (paused) to be offered back once the first
        input can be handled (get_ready)."""
        self.table = table = Table.of(first_game if saved is None else Resumed(saved), now)
        counters = CountersPanel(table, prefs)
        self.viewport = first.viewport
        self.viewport.need = counters.width  # (the first frame's side is the settings')
        self.stage = stage = Stage(self.viewport)
        prefs.relayout = stage.relayout
        self._analyst: Analyst | None = None
        self.dialogs = Dialogs(stage, prefs, self.profile, table, self.analyst)
        self.race = Race(table, stage, self.profile)
        """The ghost racing the player's board, and the pace of the personal best."""
        self._watching: Watching | None = None
        self.play = PlayScene(
            table, self.viewport, prefs, stage, self.dialogs, self.race, self.watcher, counters
        )
        self.menubar = first.menubar
        self.menubar.checked = self.play.checked
        stage.push(self.play)
        stage.push(MenuBarScene(self.menubar, self.viewport, self.play.command, self.play.covered))
        self._watched: PlaybackScene | None = None
        self.recorder: Recorder | None = None
        self.end_of_game: EndOfGame | None = None
        self.closing = False
        """The window was asked to close (QUIT)."""
        self.frame = 0
        self._ready = False

    def get_ready(self) -> None:
        """What the first frame need not wait for, done once it is on screen (or
        before the first input, whichever comes first): the recorder and the
        end-of-game flow tap the table (the replay modules load now), the audio
        device opens (sound on), the saved game is offered back, problems are
        told."""
        if self._ready:
            return
        self._ready = True
        collect_from_now()

        self.recorder = recorder = Recorder()
        self.table.tap(recorder)  # first: a game's replay ends with its last click
        self.play.counters.path = lambda: recorder.path
        self.end_of_game = EndOfGame(
            self.stage,
            self.profile,
            self.table,
            self.dialogs,
            self.recorder,
            self.viewport,
            self.analyst,
            self.race,
        )
        self.table.tap(self.end_of_game)
        self.prefs.sound.open()
        if self.offered is not None:
            resume.offer(self.stage, self.table, self.offered, self.dealt)
        self.dialogs.tell_problems()
        if self.deal_later is not None:
            self.deal_code()

    def deal_code(self) -> None:
        """Deal the command line's shared board off the loop, under a dialog that shows
        how far it got (game.flows.long_deal); cancelled, the player's usual game."""
        assert self.deal_later is not None
        settings = self.prefs.settings
        long_deal.deal(
            self.stage,
            self.table,
            self.viewport,
            self.deal_later,
            otherwise=lambda: self.play.new_game(settings.board),
        )

    def watcher(self) -> Watching:
        """What opens replays over the player's board (made when first asked for: the
        replay modules load with the first replay)."""
        if self._watching is None:
            from game.scenes.watching import Watching  # (the viewer loads with a first replay)

            self._watching = Watching(
                self.stage,
                self.viewport,
                self.prefs,
                self.profile,
                self.table,
                self.analyst,
                self.race,
            )
        return self._watching

    def analyst(self) -> Analyst:
        """What opens a game's analysis (made when first asked for: the judge, the
        report and the community's replay readers load with a first analysis)."""
        if self._analyst is None:
            from game.flows.analysis import Analyst  # (the judge loads with a first analysis)

            self._analyst = Analyst(self.stage, self.profile.folder)
        return self._analyst

    def watch(self, replay: Replay, caption: str = "", path: str | None = None) -> PlaybackScene:
        """Play a replay back over the whole window (it then plays nothing else);
        ``path``: the file it came from."""
        if not self._ready:  # no resume offer, no problems box over a playback
            if self.offered is not None:
                resume.keep(self.profile, self.table)  # (not offered now: at the next start)
            self._ready = True
            collect_from_now()  # (once: what a game made later is the collector's)
        self.stage.clear_dialogs()  # (the menu bar stays, for a game played on from it)
        self._watched = self.watcher().replay(replay, caption, standalone=True, path=path)
        return self._watched

    @property
    def watching(self) -> bool:
        """The replay given to watch() is being played back (no game of the player's);
        once C or B in it plays on, the window is the player's again."""
        return self._watched is not None and not self._watched.done

    # ------------------------------------------------------------------ the loop

    def handle(self, event: pygame.event.Event) -> None:
        """Route one event: quitting and repainting here, the rest to the stage."""
        if self.frame or event.type in INPUT_EVENTS:
            self.get_ready()  # every move is recorded, from the first
        if event.type == pygame.QUIT or self._game_window_closed(event):
            self.closing = True
        elif event.type in EXPOSE_EVENTS:
            self.stage.repaint()
        elif event.type == pygame.DROPFILE:  # a replay file dropped on the window
            self.watcher().file(event.file)
        else:
            if event.type in WINDOW_EVENTS:
                self.stage.repaint()
            if self._of_another_window(event):
                return  # (a page's own window: its focus is not the game's)
            self.stage.handle(event)

    def _game_window_closed(self, event: pygame.event.Event) -> bool:
        """The game's window was closed while a page's own window is open (SDL tells
        QUIT only when the last window closes)."""
        window = event.dict.get("window") if event.type == pygame.WINDOWCLOSE else None
        return getattr(window, "id", None) == self.viewport.window.window.id

    def _of_another_window(self, event: pygame.event.Event) -> bool:
        """A window event (focus, pointer in or out, shown, hidden) of a page's own
        window, or of one closed since; a page's closing is its dialog's."""
        if event.type not in OTHER_WINDOWS_EVENTS or "window" not in event.dict:
            return False
        window = event.dict["window"]
        return window is None or getattr(window, "id", None) != self.viewport.window.window.id

    @property
    def running(self) -> bool:
        """The window stays open (no QUIT, no scene asked to close it)."""
        return not (self.closing or self.stage.quitting)

    def is_idle(self) -> bool:
        """Nothing can change without an event: no timer running, nothing held."""
        return self.stage.idle()

    def update(self, step_ms: float) -> None:
        """One fixed step of game time (a replay's playback advances here)."""
        self.stage.update(step_ms)

    def run(self, frames: int | None = None) -> int:
        """Run until the window closes (or for a number of frames); return the exit code."""
        pacer = pygame.time.Clock()
        now_ms = self.table.clock
        last = now_ms()
        accumulator = 0.0
        limit = frames if frames is not None else self.options.frames
        while self.running:
            for event in pygame.event.get():  # the one place that reads pygame's queue
                self.handle(event)
            now = now_ms()
            accumulator += now - last
            last = now
            steps = 0
            while accumulator >= STEP_MS and steps < MAX_STEPS:
                self.update(STEP_MS)
                accumulator -= STEP_MS
                steps += 1
            if steps == MAX_STEPS:
                accumulator = 0.0
            self.stage.draw()
            self.frame += 1
            if limit is not None and self.frame >= limit:
                break
            self.get_ready()
            pacer.tick(IDLE_FPS if self.is_idle() else FPS)
        return 0

    def close(self) -> None:
        """Leave cleanly: a game in progress is saved for the next start."""
        if not self.watching:  # a replay played back is no game of the player's
            resume.keep(self.profile, self.table)
        self.profile.close()
        for problem in self.profile.take_new_problems():  # (games the history could not take)
            warn_to_stderr(shown(problem))
        self.viewport.close()
        pygame.quit()


def run_window(options: Options, first: FirstFrame, played_back: Opened | None) -> int:
    """The window's life, from its first frame on screen (game/__main__.py) to its
    close; the exit status. Never a traceback in the player's face: the game is kept."""
    app: App | None = None
    try:
        app = App(options, first)
        if played_back is not None:
            app.watch(played_back.replay, played_back.caption, str(options.replay))
        return app.run()
    except Exception:
        log = _write_crash_log(first.profile.folder)
        said = gettext("Minesweeper stopped after an unexpected error; the details are in {log}.")
        warn_to_stderr(said.format(log=log))
        return 1
    finally:
        if app is not None:
            app.close()
        else:
            first.profile.close()
            pygame.quit()


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
