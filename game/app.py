"""The window shell: the loop, the one reader of the event queue, and the stage.

It makes the pieces and hands each what it needs: the profile (game.persist), the
preferences (game.view.prefs), the table with the game (game.session.table), the
viewport (game.view.viewport), and the stage of scenes (game.view.stage) with the play screen
and the menu bar on it; the recorder and the end-of-game flow tap the table. Then it
runs the loop. Nothing imports this module but the entry point.

The loop is a fixed-timestep loop (Game Programming Patterns): real time
accumulates, updates run in fixed steps with the catch-up capped, then the frame is
drawn (only what changed), and the loop rests (game.view.waiting): out the frame, then
asleep on the event queue until the stage has something due (Stage.wake_in: the LED's
next second while a game's clock runs, every frame while a replay plays) or an event
comes. With nothing running the window sleeps until the player does something.
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
from game.cli.opening import opening
from game.flows import long_deal, resume
from game.flows.dialogs import Dialogs
from game.flows.end_of_game import EndOfGame
from game.flows.race import Race
from game.language import gettext, shown
from game.modes.resumed import Resumed
from game.replay.recorder import Recorder
from game.scenes.counters import CountersPanel
from game.scenes.menubar import MenuBarScene
from game.scenes.openers import Analysis, RaceOpener, Watcher
from game.scenes.play import PlayScene
from game.session.table import Table
from game.version import version
from game.view.commands import Command
from game.view.first_frame import FirstFrame, first_frame_asked
from game.view.page_window import closes_the_game, of_another_window
from game.view.sound import warn_to_stderr
from game.view.speech import Speaker
from game.view.stage import Stage
from game.view.waiting import Rest

if TYPE_CHECKING:
    from game.flows.end_of_game import EndOfGame
    from game.replay.files import Opened
    from game.replay.format import Replay
    from game.replay.recorder import Recorder
    from game.scenes.playback import PlaybackScene

FPS = 60
IDLE_FPS = 30  # a run of a given number of frames (tests, --frames): its idle frames' pace
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
        first = first or first_frame_asked(options, offer=options.replay is None)
        self.profile = first.profile
        self.prefs = prefs = first.prefs
        self.opening = opening(options, prefs)
        """The game the window opens with (or deals, the saved game declined), and the
        one it deals after the first frame."""
        saved = None if first.offered is None else resume.saved_session(self.profile, now)
        self.offered = None if saved is None else first.offered
        """The saved game on the table (paused) to be offered back once the first
        input can be handled (get_ready)."""
        self.table = table = Table.of(self.opening.first if saved is None else Resumed(saved), now)
        counters = CountersPanel(table, prefs)
        self.viewport = first.viewport
        self.viewport.need = counters.width  # (the first frame's side is the settings')
        self.speaker = Speaker.held_for(prefs.settings, options.speech_log, warn_to_stderr)
        """The game's speech (made once, handed to the stage and through it the scenes)."""
        prefs.listeners.append(lambda: self.speaker.follow(prefs.settings))
        self.stage = stage = Stage(self.viewport, self.speaker)
        prefs.relayout = stage.relayout
        self.analyst = Analysis(stage, self.profile)
        """What opens a game's analysis (the judge loads with the first one)."""
        self.dialogs = Dialogs(stage, prefs, self.profile, table, self.analyst)
        self.race = Race(table, stage, self.profile)
        """The ghost racing the player's board, and the pace of the personal best."""
        self.watcher = Watcher(stage, self.viewport, prefs, table, self.analyst, self.race)
        """What opens replays over the board (the viewer loads with the first one)."""
        self.play = PlayScene(
            table, self.viewport, prefs, stage, self.dialogs, self.race, self.watcher, counters
        )
        self.play.asking = self.offered is not None  # (the offer follows: one prompt)
        self.menubar = first.menubar
        self.menubar.checked = self.play.checked
        stage.push(self.play)
        stage.push(MenuBarScene(self.menubar, self.viewport, self.play.command, self.play.covered))
        self._watched: PlaybackScene | None = None
        self.race_friend = RaceOpener(
            stage,
            table,
            self.viewport,
            self.play,
            lambda: self.recorder,
            self.profile,
            options.broker,
        )
        """What opens the live races' rooms (the network loads with the first race)."""
        self.play.commands[Command.RACE_FRIEND] = lambda: self.race_friend().choose()
        self.recorder: Recorder | None = None
        self.end_of_game: EndOfGame | None = None
        self.closing = False
        """The window was asked to close (QUIT)."""
        self.frame = 0
        self.rest: Rest | None = None
        """The loop's rest between frames (made by run: its wake-ups are counted)."""
        self._ready = False

    def get_ready(self) -> None:
        """What the first frame need not wait for, done once it is on screen (or
        before the first input, whichever comes first): the recorder and the
        end-of-game flow tap the table (the replay modules load now), the saved
        game is offered back, problems are told (the audio device opens with the
        first press: SoundPlayer.heard)."""
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
        self.play.asking = False
        if self.offered is not None:
            resume.offer(self.stage, self.table, self.offered, self.opening.first)
        self.dialogs.tell_problems()
        self.play.zoom_line.say()  # (a board shown at a smaller zoom than the player's)
        if self.opening.later is not None:  # (cancelled: the player's usual game)
            usual = lambda: self.play.new_game(self.prefs.settings.board)  # noqa: E731
            long_deal.deal(
                self.stage, self.table, self.viewport, self.opening.later, otherwise=usual
            )
        if self.options.race:
            self.race_friend.open(self.options.race)

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
        self.prefs.sound.heard(event.type)  # (the first press opens the audio device)
        if event.type in INPUT_EVENTS:
            self.speaker.heard_input(self.prefs.settings, lambda on: self.prefs.change(speech=on))
        if event.type == pygame.QUIT or closes_the_game(event, self.viewport.window.window.id):
            self.closing = True
        elif event.type in EXPOSE_EVENTS:
            self.stage.repaint()
        elif event.type == pygame.DROPFILE:  # a replay file dropped on the window
            self.watcher().file(event.file)
        else:
            if event.type in WINDOW_EVENTS:
                self.stage.repaint()
            if of_another_window(event, self.viewport.window.window.id):
                return  # (a page's own window: its focus is not the game's)
            self.stage.handle(event)

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
        now_ms = self.table.clock
        last = now_ms()
        accumulator = 0.0
        limit = frames if frames is not None else self.options.frames
        # A run of a given number of frames comes to its end: idle, a frame each 30th.
        self.rest = rest = Rest(STEP_MS, longest_ms=None if limit is None else 1000 / IDLE_FPS)
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
            if self.running:  # (a window closing does not sleep first)
                rest.rest(self.stage.wake_in())
        return 0

    def close(self) -> None:
        """Leave cleanly: a game in progress is saved for the next start."""
        if not self.watching:  # a replay played back is no game of the player's
            resume.keep(self.profile, self.table)
        self.profile.close()
        for problem in self.profile.take_new_problems():  # (games the history could not take)
            warn_to_stderr(shown(problem))
        self.speaker.close()
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
