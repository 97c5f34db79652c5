"""A replay played back: ours (``python -m game --replay FILE``, or a file opened
from the Game menu or dropped on the window) or one of the community's files. A
scene over the whole window with a table of its own, fed from the replay's timed
events.

The events go, at their times, into an input machine (so pressed cells and the
surprised face show as they did) and the moves it makes onto the table, whose clock
is the playback's own; the viewport's renderer draws it, with the pointer and a bar
of keys over the menu bar, along whose foot a line shows the time played: 1, 2, 4
and 8 (or [ and ]) set the speed, Space pauses, Left and Right go one move back or
on, Home and End to the start and the end, a click on the bar to that moment, R
plays it again, A opens its analysis (every figure, every click judged), C leaves
it to play on from the moment shown and B to play its board from the start (practice
games both), G saves it as an animated GIF in the replays folder (a slice of the
work a frame, its progress along the bar; Esc stops it and leaves no file), Esc
closes it.
Seeking plays the replay again from its start to the moment (a few milliseconds for
an Expert game). Who played it, with
which program and when are in the window's title. A playback never touches the
player's history, best times or saved game.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.replay import Driver, EventKind, Replay, ReplayClock, game_of
from game.session import PlaySession, picture_of
from game.session.geometry import TILE
from game.session.input import InputMachine
from game.session.table import Source, Table, Via
from game.view.fonts import ui_font
from game.view.render import draw_pointer
from game.view.stage import Scene, Stage
from game.view.viewport import Viewport
from game.view.window import TITLE
from game.words import result_word, seconds

if TYPE_CHECKING:
    from game.analysis.judge import Judgment
    from game.scenes.timeline import Timeline
    from game.view.animation import GifExport

LEAD_MS = 500
"""A moment of the untouched board before the first event."""
SPEEDS: dict[str, float] = {
    "1": 1,
    "2": 2,
    "4": 4,
    "8": 8,
    "Keypad 1": 1,
    "Keypad 2": 2,
    "Keypad 4": 4,
    "Keypad 8": 8,
}
STEPS: tuple[float, ...] = (0.25, 0.5, 1, 2, 4, 8)
PROGRESS = (0, 0, 128)
"""The colour of the time already played, along the bar's foot."""
"""The speeds [ and ] step through."""
TRAIL_MS = 1000
"""The pointer's trail: where it was over this much of the game's time."""
IDLE_MS, IDLE_LEAD_MS = 1000, 300
"""Skipping idle time: a wait longer than IDLE_MS is cut to IDLE_LEAD_MS."""
TIMELINE, HEAT = "timeline", "heat"
"""The views T and H turn on and off."""


PLAY_BOARD = "play this board"
"""What the scene answers when the player leaves it to play the replay's board."""
PRACTISE_HERE = "practise from here"
"""What it answers when the player takes over the game at the moment shown."""


class PlaybackScene(Scene):
    """A replay being played back in the window."""

    opaque = True

    def __init__(
        self,
        replay: Replay,
        viewport: Viewport,
        stage: Stage,
        *,
        counter_below_zero: bool,
        caption: str = "",
        standalone: bool = True,
    ) -> None:
        self.replay = replay
        self.viewport = viewport
        self.stage = stage
        self.counter_below_zero = counter_below_zero
        self.caption = caption
        """Who played it, with which program, when (a community file says)."""
        self.standalone = standalone
        """The window plays nothing else (--replay): Esc closes the window."""
        self.on_analyse: Callable[[], None] | None = None
        """What A does: open the game's analysis (the playback pauses for it)."""
        self.paces: tuple[float | None, float | None] = (None, None)
        """The player's best and median 3BV/s on the replay's board (the timeline's
        pace lines; None: no game of theirs)."""
        self.views: set[str] = set()
        """Shown over the board: TIMELINE, HEAT."""
        self.skip_idle = False
        """Waits longer than IDLE_MS are cut short (S)."""
        self.note = ""
        """A word for the bar about a view just asked for (why it cannot show)."""
        self.gif_folder: Path | None = None
        """Where G saves the replay as a GIF (the replays folder; None: G cannot)."""
        self.gif: GifExport | None = None
        """The GIF being written (G), a slice a frame."""
        self._judgment: Judgment | None = None
        self._judged = False  # (the judgment worked out)
        self.clock = ReplayClock()
        self.table = Table(self.clock, PlaySession(game_of(replay), self.clock))
        self.speed: float = 1
        self.paused = False
        self.reset()
        viewport.show(replay.board)
        viewport.window.set_title(f"{TITLE} - replay" + (f": {caption}" if caption else ""))

    def reset(self) -> None:
        """Back to the start."""
        events = self.replay.events
        self.clock.ms = min(0, events[0].ms if events else 0) - LEAD_MS
        self.table.start(PlaySession(game_of(self.replay), self.clock), Source.REPLAY)
        self.driver = Driver(self.replay, self.clock)
        self.pointer: tuple[int, int] | None = None
        self.trail: list[tuple[float, int, int]] = []
        """The pointer's recent places: (game ms, x, y), oldest first."""
        self.changed = True

    # ------------------------------------------------------------------ time

    @property
    def finished(self) -> bool:
        """Every event has been played."""
        return self.driver.finished

    @property
    def machine(self) -> InputMachine:
        """The input machine the replay's events go through (its pressed cells show)."""
        return self.driver.machine

    def idle(self) -> bool:
        """Nothing will move until a key: paused, or at the end."""
        return (self.paused or self.finished) and not self.changed and self.gif is None

    def update(self, step_ms: float) -> None:
        """One fixed step of the window's loop: play the events it covers."""
        if self.gif is not None:
            self.gif_step()
        if self.paused or self.finished:
            return
        target = self.clock.ms + step_ms * self.speed
        upcoming = self.driver.upcoming
        if self.skip_idle and upcoming is not None and upcoming - target > IDLE_MS:
            target = upcoming - IDLE_LEAD_MS
        self._play_to(target)

    def _play_to(self, target: float) -> None:
        for event in self.driver.until(target):
            if event.kind is not EventKind.CANCEL:
                self.pointer = (event.x, event.y)
                self.trail.append((event.ms, event.x, event.y))
                self._follow(event.x, event.y)
            if event.move is not None:
                self.table.act(event.move, Via.MOUSE)
        if not self.finished:
            self.clock.ms = target
        self.changed = True

    # ------------------------------------------------------------------ judging

    @property
    def judgment(self) -> Judgment | None:
        """Every move judged (worked out once, when a view first needs it); None for
        a replay without its layout or a board larger than JUDGED_CELLS."""
        if not self._judged:
            from game.analysis.judge import JUDGED_CELLS
            from game.replay.judged import judgment_of

            board = self.replay.board
            small = board.rows * board.cols <= JUDGED_CELLS
            self._judgment = judgment_of(self.replay) if small else None
            self._judged = True
        return self._judgment

    def thinking(self) -> dict[tuple[int, int], float]:
        """The seconds spent before acting on each cell, over the moves played so far."""
        judgment = self.judgment
        spent: dict[tuple[int, int], float] = {}
        if judgment is None:
            return spent
        for judged in judgment.moves:
            if judged.ms > self.clock.ms:
                break
            cell = (judged.move.row, judged.move.col)
            spent[cell] = spent.get(cell, 0.0) + judged.think_ms / 1000
        return spent

    def toggle(self, view: str) -> None:
        """Show a view over the board, or put it away (T: TIMELINE, H: HEAT)."""
        self.note = ""
        if view in self.views:
            self.views.discard(view)
        elif self.judgment is None:
            self.note = "no judged moves (a board too large, or no layout)"
        else:
            self.views.add(view)

    # ------------------------------------------------------------------ seeking

    @property
    def span(self) -> tuple[float, float]:
        """The replay's first and last moments (ms, game time)."""
        events = self.replay.events
        start = min(0, events[0].ms if events else 0) - LEAD_MS
        return (start, events[-1].ms if events else 0.0)

    @property
    def move_times(self) -> list[int]:
        """When each move was made."""
        return [event.ms for event in self.replay.events if event.move is not None]

    def seek(self, ms: float) -> None:
        """Go to a moment: the game as it stood then (played again from the start,
        which an Expert game does in a few milliseconds)."""
        first, last = self.span
        ms = max(first, min(last, ms))
        if ms < self.clock.ms or self.finished:
            self.reset()
        passed = self.driver.skip(ms)  # (the moves alone: the pressed cells need not show)
        for event in passed:
            if event.move is not None:
                self.table.act(event.move, Via.MOUSE)
        shown = [event for event in passed if event.kind is not EventKind.CANCEL]
        self.trail = [(e.ms, e.x, e.y) for e in shown if e.ms >= ms - TRAIL_MS]
        if shown:
            self.pointer = (shown[-1].x, shown[-1].y)
            self._follow(*self.pointer)
        self.changed = True

    def step(self, moves: int) -> None:
        """Paused, one move on (or back, for a negative number)."""
        self.paused = True
        now = self.clock.ms
        times = self.move_times
        if moves > 0:
            later = [t for t in times if t > now]
            if later:
                self.seek(later[0])
        else:
            earlier = [t for t in times if t <= now]
            self.seek(earlier[-2] if len(earlier) > 1 else self.span[0])

    def handle(self, event: pygame.event.Event) -> bool:
        """Keys: 1, 2, 4, 8 speed ([ and ] from 0.25x to 8x); Space or P pause;
        Left and Right one move back or on; Home and End the start and the end; R
        again; A the analysis; T the timeline, H the thinking-time heatmap, O the
        mine probabilities, S skip idle time; C practise from here (play on from the
        moment shown); B play this board; G save it as a GIF (Esc, meanwhile, stops
        that); Esc or Q close. A
        click on the bar over the board goes to that moment (the bar is the replay's
        time), a click on the timeline too."""
        if self.gif_key(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and TIMELINE in self.views:
            area = self._timeline_area()
            timeline = self._timeline()
            if timeline is not None and area.collidepoint(event.pos):
                self.seek(timeline.time_at(area, event.pos[0]))
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            renderer = self.viewport.renderer
            bar = pygame.Rect(renderer.scaled(renderer.layout.menu_bar))
            if bar.collidepoint(event.pos) and bar.w > 1:
                first, last = self.span  # (its first pixel is the start, its last the end)
                self.seek(first + (last - first) * (event.pos[0] - bar.x) / (bar.w - 1))
            return True
        if event.type != pygame.KEYDOWN:
            return True
        name = pygame.key.name(event.key, False)
        if name in SPEEDS:
            self.speed = SPEEDS[name]
        elif name in ("[", "]"):
            at = min(range(len(STEPS)), key=lambda i: abs(STEPS[i] - self.speed))
            at = max(0, min(len(STEPS) - 1, at + (1 if name == "]" else -1)))
            self.speed = STEPS[at]
        elif name in ("Right", "Left"):
            self.step(1 if name == "Right" else -1)
        elif name == "Home":
            self.seek(self.span[0])
        elif name == "End":
            self.seek(self.span[1])
        elif name in ("Space", "P"):
            self.paused = not self.paused
        elif name == "R":
            self.reset()
            self.paused = False
        elif name == "T":
            self.toggle(TIMELINE)
        elif name == "H":
            self.toggle(HEAT)
        elif name == "O":
            self.table.toggle_probabilities()
        elif name == "S":
            self.skip_idle = not self.skip_idle
        elif name == "A" and self.on_analyse is not None:
            self.paused = True
            self.on_analyse()
        elif name == "C":
            if self.table.session.status.is_over:
                self.note = "the game is over here: go back a move (Left) first"
            else:
                self.result = PRACTISE_HERE
                self.done = True
        elif name == "B" and self.replay.minefield is not None:
            self.result = PLAY_BOARD
            self.done = True
        elif name in ("Escape", "Q"):
            if self.standalone:
                self.stage.quit()
            else:
                self.done = True
        else:
            return True
        self.changed = True
        return True

    # ------------------------------------------------------------------ drawing

    def status(self) -> tuple[str, ...]:
        """The bar's text, longest first: the first that fits is drawn."""
        if self.finished:
            summary = self.table.session.summary()
            state = f"{result_word(summary.status)} in {seconds(summary.ms)}"
        else:
            state = "paused" if self.paused else f"{self.speed:g}x"
        if self.skip_idle:
            state += ", idle skipped"
        if self.note:
            state += f" ({self.note})"
        keys = (
            "1-8 [ ]: speed  Space: pause  Left Right: a move  R: again  A: analysis  "
            "T: timeline  H: heatmap  O: odds  S: skip idle  C: practise from here  "
            "B: play board  G: GIF  Esc"
        )
        forms = [
            f"Replay {state}   {keys}",
            f"{state}  1/2/4 Space R A T H O S C B G Esc",
            f"{state}  R A T H B Esc",
        ]
        if self.caption:  # who played it comes before the keys' names
            who = self.caption
            name = who.split(", ")[0]  # the player (or the program) alone
            forms = [
                f"{who}   {forms[0]}",
                f"{who}   {forms[1]}",
                f"{who}   {state}",
                f"{name}   {forms[1]}",
                f"{name}   {state}",
                *forms,
            ]
        return (*forms, state)

    def draw(self, screen: pygame.Surface, full: bool) -> list[pygame.Rect]:
        """The board as the replay has it now, the pointer, and the bar of keys."""
        if not (self.changed or full):
            return []
        self.changed = False
        renderer = self.viewport.renderer
        session = self.table.session
        picture = picture_of(
            session,
            self.machine.feedback,
            counter_below_zero=self.counter_below_zero,
            advice=self.table.advice(),
        )
        renderer.invalidate()
        renderer.draw(screen, session.game, picture)
        if HEAT in self.views:
            self._draw_heat(screen)
        bar = pygame.Rect(renderer.scaled(renderer.layout.menu_bar))
        screen.fill((192, 192, 192), bar)
        first, last = self.span
        done = 1.0 if last <= first else (self.clock.ms - first) / (last - first)
        line = max(2, bar.h // 8)  # the replay's time: a line along the bar's foot
        screen.fill((128, 128, 128), (bar.x, bar.bottom - line, bar.w, line))
        screen.fill(
            PROGRESS, (bar.x, bar.bottom - line, int(bar.w * max(0.0, min(1.0, done))), line)
        )
        font = ui_font(max(9, bar.height * 11 // 18))
        for text in self.status():
            image = font.render(text, True, (0, 0, 0))
            if image.get_width() <= bar.width - 4:
                break
        screen.blit(image, (bar.x + 4, bar.y + (bar.height - image.get_height()) // 2))
        if self.gif is not None:
            self.draw_gif_progress(screen, bar)
        if self.pointer is not None:
            self._draw_trail(screen)
            self._draw_pointer(screen)
        timeline = self._timeline() if TIMELINE in self.views else None
        if timeline is not None:  # (over the pointer: the board under it is hidden)
            timeline.draw(screen, self._timeline_area(), self.clock.ms)
        return [screen.get_rect()]

    def _timeline(self) -> Timeline | None:
        from game.scenes.timeline import Timeline

        judgment = self.judgment
        if judgment is None:
            return None
        bbbv = self.replay.bbbv or max((j.bbbv_solved for j in judgment.moves), default=1)
        return Timeline(judgment.moves, self.span, bbbv, self.paces)

    def _timeline_area(self) -> pygame.Rect:
        from game.scenes.timeline import Timeline

        renderer = self.viewport.renderer
        board = pygame.Rect(renderer.scaled(renderer.layout.board_view))
        return Timeline.place(board, self.viewport.zoom)

    def _draw_heat(self, screen: pygame.Surface) -> None:
        """The thinking time before acting on each cell, as heat over the board."""
        from game.view.widgets.heatmap import heat_alpha, heat_tile

        spent = self.thinking()
        most = max(spent.values(), default=0.0)
        renderer = self.viewport.renderer
        layout = renderer.layout
        for (row, col), value in spent.items():
            alpha = heat_alpha(value, most)
            if alpha and layout.visible(row, col):
                x, y, w, _ = renderer.scaled(layout.cell_rect(row, col))
                screen.blit(heat_tile(w, alpha), (x, y))

    def _draw_trail(self, screen: pygame.Surface) -> None:
        """Where the pointer went over the last TRAIL_MS of the game's time."""
        since = self.clock.ms - TRAIL_MS
        self.trail = [point for point in self.trail if point[0] >= since]
        points = [self.viewport.window_pos((x, y)) for _, x, y in self.trail]
        if len(points) > 1:
            pygame.draw.lines(screen, (96, 96, 96), False, points, max(1, self.viewport.zoom))

    def _follow(self, x: int, y: int) -> None:
        """On a board larger than the window, keep the pointer in view."""
        layout = self.viewport.layout
        if layout.scrolls:
            row = max(0, min(layout.rows - 1, y // TILE))
            col = max(0, min(layout.cols - 1, x // TILE))
            self.viewport.keep_in_view(row, col)

    def _draw_pointer(self, screen: pygame.Surface) -> None:
        assert self.pointer is not None
        draw_pointer(screen, self.viewport.window_pos(self.pointer), self.viewport.zoom)

    # ------------------------------------------------------------------ GIF (G)

    def gif_key(self, event: pygame.event.Event) -> bool:
        """G starts saving the replay as a GIF; Esc, while it is being saved, stops
        it (no file is left). True if the key was this."""
        if event.type != pygame.KEYDOWN:
            return False
        name = pygame.key.name(event.key, False)
        if name == "Escape" and self.gif is not None:
            self.gif.cancel()
            self.gif = None
            self.note = "GIF not saved"
        elif name == "G" and self.gif is None:
            self.start_gif()
        else:
            return False
        self.changed = True
        return True

    def start_gif(self) -> None:
        """Begin writing the replay, at the speed and zoom watched, into the replays
        folder."""
        from game.persist.replays import file_name
        from game.view.animation import ExportError, GifExport

        if self.gif_folder is None:
            self.note = "no replays folder to save a GIF in"
            return
        replay = self.replay
        try:
            self.gif_folder.mkdir(parents=True, exist_ok=True)
            self.gif = GifExport(
                replay,
                self.gif_folder / file_name(replay, suffix=".gif"),
                speed=self.speed,
                zoom=self.viewport.zoom,
                theme=self.viewport.renderer.theme,
                counter_below_zero=self.counter_below_zero,
            )
        except (ExportError, OSError) as error:
            self.note = f"the GIF cannot be saved: {getattr(error, 'strerror', None) or error}"
        else:
            self.note = ""

    def gif_step(self) -> None:
        """A slice of the GIF's work (a few milliseconds); once done, the bar says
        where it went."""
        gif = self.gif
        assert gif is not None
        try:
            done = gif.step()
        except OSError as error:
            self.gif = None
            self.note = f"the GIF could not be saved: {error.strerror or error}"
        else:
            if done:
                self.gif = None
                self.note = f"GIF saved: {gif.target.parent.name}/{gif.target.name}"
        self.changed = True

    def draw_gif_progress(self, screen: pygame.Surface, bar: pygame.Rect) -> None:
        """Over the bar: how much of the GIF is written, as a bar and in words."""
        assert self.gif is not None
        done = self.gif.progress
        screen.fill((192, 192, 192), bar)
        inner = bar.inflate(-4, -max(4, bar.h // 4))
        screen.fill((128, 128, 128), inner)
        screen.fill(PROGRESS, (inner.x, inner.y, int(inner.w * done), inner.h))
        font = ui_font(max(9, bar.height * 11 // 18))
        text = font.render(f"Exporting GIF {int(done * 100)}%   Esc: stop", True, (255, 255, 255))
        screen.blit(text, text.get_rect(center=inner.center))
