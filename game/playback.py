"""Playing a replay back in the window (``python -m game --replay FILE``).

The window's loop runs as ever; the app hands its events, its fixed update steps
and its drawing to a Playback while one is attached (three small hooks in
game/app.py). The replay's events go, at their times, into an input machine (so
pressed cells and the surprised face show as they did) and its moves into a
PlaySession whose clock is the playback's own; the existing renderer draws it,
with the pointer and a bar of keys over the menu bar: 1, 2 and 4 set the speed,
Space pauses, R plays it again, Esc closes the window. A playback never touches
the player's history, best times or saved game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.fonts import ui_font
from game.input import InputMachine
from game.replay import Kind, Replay, ReplayClock, feed, game_of
from game.session import PlaySession, scene_of
from game.sheet import TILE
from game.window import TITLE

if TYPE_CHECKING:
    from game.app import App

LEAD_MS = 500
"""A moment of the untouched board before the first event."""
SPEEDS = {"1": 1, "2": 2, "4": 4, "Keypad 1": 1, "Keypad 2": 2, "Keypad 4": 4}
_RESULTS = {"won": "won", "lost": "lost"}


class Playback:
    """A replay being played back in an App's window."""

    def __init__(self, app: App, replay: Replay) -> None:
        self.app = app
        self.replay = replay
        self.clock = ReplayClock()
        self.speed = 1
        self.paused = False
        self.reset()

    @classmethod
    def attach(cls, app: App, replay: Replay) -> Playback:
        """Make the app's window play ``replay`` back (it then plays nothing else)."""
        app.dialogs.clear()  # no resume offer, no problems box over a playback
        playback = cls(app, replay)
        app.playback = playback
        app._fit_window()
        app.window.set_title(f"{TITLE} - replay")
        return playback

    def reset(self) -> None:
        """Back to the start."""
        events = self.replay.events
        self.clock.ms = min(0, events[0].ms if events else 0) - LEAD_MS
        self.session = PlaySession(game_of(self.replay), self.clock)
        self.machine = InputMachine()
        self.index = 0
        self.pointer: tuple[int, int] | None = None
        self.dirty = True
        self.app.session = self.session
        self.app.input = self.machine

    # ------------------------------------------------------------------ time

    @property
    def done(self) -> bool:
        """Every event has been played."""
        return self.index >= len(self.replay.events)

    @property
    def idle(self) -> bool:
        """Nothing will move until a key: paused, or at the end."""
        return (self.paused or self.done) and not self.dirty

    def update(self, step_ms: float) -> None:
        """One fixed step of the window's loop: play the events it covers."""
        if self.paused or self.done:
            return
        events = self.replay.events
        target = self.clock.ms + step_ms * self.speed
        while self.index < len(events) and events[self.index].ms <= target:
            event = events[self.index]
            self.clock.ms = event.ms
            feed(self.machine, self.replay.board, event)
            if event.kind is not Kind.CANCEL:
                self.pointer = (event.x, event.y)
                self._follow(event.x, event.y)
            if event.move is not None and not self.session.status.is_over:
                self.session.act(event.move)
            self.index += 1
        if not self.done:
            self.clock.ms = target
        self.dirty = True

    def handle(self, event: pygame.event.Event) -> None:
        """Keys: 1, 2, 4 speed; Space or P pause; R again; Esc or Q close."""
        if event.type != pygame.KEYDOWN:
            return
        name = pygame.key.name(event.key, False)
        if name in SPEEDS:
            self.speed = SPEEDS[name]
        elif name in ("Space", "P"):
            self.paused = not self.paused
        elif name == "R":
            self.reset()
            self.paused = False
        elif name in ("Escape", "Q"):
            self.app.quit()
        else:
            return
        self.dirty = True

    # ------------------------------------------------------------------ drawing

    def status(self) -> tuple[str, ...]:
        """The bar's text, longest first: the first that fits is drawn."""
        if self.done:
            summary = self.session.summary()
            result = _RESULTS.get(summary.status.value, "unfinished")
            state = f"{result} in {summary.ms / 1000:.3f} s"
        else:
            state = "paused" if self.paused else f"{self.speed}x"
        return (
            f"Replay {state}   1 2 4: speed  Space: pause  R: again  Esc: quit",
            f"{state}  1/2/4 Space R Esc",
            f"{state}  R Esc",
            state,
        )

    def draw(self) -> None:
        """The board as the replay has it now, the pointer, and the bar of keys."""
        if not self.dirty:
            return
        self.dirty = False
        app = self.app
        renderer, screen = app.renderer, app.screen
        scene = scene_of(
            self.session, self.machine.feedback, counter_below_zero=app.settings.counter_below_zero
        )
        renderer.invalidate()
        renderer.draw(screen, self.session.game, scene)
        bar = pygame.Rect(renderer.scaled(renderer.layout.menu_bar))
        screen.fill((192, 192, 192), bar)
        font = ui_font(max(9, bar.height * 11 // 18))
        for text in self.status():
            image = font.render(text, True, (0, 0, 0))
            if image.get_width() <= bar.width - 4:
                break
        screen.blit(image, (bar.x + 4, bar.y + (bar.height - image.get_height()) // 2))
        if self.pointer is not None:
            self._draw_pointer(screen)
        app.window.present()

    def _follow(self, x: int, y: int) -> None:
        """On a board larger than the window, keep the pointer in view."""
        layout = self.app.renderer.layout
        if layout.scrolls:
            row = max(0, min(layout.rows - 1, y // TILE))
            col = max(0, min(layout.cols - 1, x // TILE))
            self.app.renderer.scroll(layout.showing(row, col))

    def _draw_pointer(self, screen: pygame.Surface) -> None:
        assert self.pointer is not None
        zoom = self.app.zoom
        layout = self.app.renderer.layout
        bx, by = layout.board_origin
        x = (bx + self.pointer[0] - layout.left * TILE) * zoom
        y = (by + self.pointer[1] - layout.top * TILE) * zoom
        shape = [(0, 0), (0, 12), (3, 9), (5, 14), (7, 13), (5, 8), (9, 8)]
        points = [(x + px * zoom, y + py * zoom) for px, py in shape]
        pygame.draw.polygon(screen, (255, 255, 255), points)
        pygame.draw.polygon(screen, (0, 0, 0), points, max(1, zoom // 2))
