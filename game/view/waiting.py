"""The loop's rest between frames: asleep until the next frame is due or an event comes.

After each frame the loop (game/app.py) asks the stage how soon anything on it changes
by itself (``Stage.wake_in``: at every frame for a replay played back or a button held,
the LED's next second or the live counters' next tick while a game's clock runs, never
while nothing runs) and rests here: first out the rest of the frame (no more than FPS
frames a second, however fast the events come), then, when nothing is due sooner,
asleep on the event queue until it is due or the player does something. A click on a
window asleep is handled and drawn at once: the sleep ends with the event.

pygame-ce's ``event.wait(timeout)`` does not sleep: it pumps the queue and sleeps 1 ms,
a thousand times a second (src_c/event.c, ``_pg_event_wait``; pygame-ce 2.5.8 and its
main branch alike): more than a frame loop costs. SDL's own ``SDL_WaitEventTimeout``
sleeps in the system (on X11 in a select on the display's connection, on Windows in
MsgWaitForMultipleObjects, on macOS in the run loop), woken by the next event of the
system or one pushed from another thread (pygame.event.post), as long as no joystick or sensor
subsystem is initialised (SDL then wakes to poll them: the first frame initialises the
display and the fonts only). It is called here through ctypes on the SDL library
pygame loaded, the copy already in the process (its version and its initialised video
checked, else it is not used), with no event to fill, so the event stays in the queue
for ``pygame.event.get``. Where that library is not found, or SDL's video driver
cannot sleep (the dummy driver of the tests), the rest is 30 wake-ups a second while
nothing moves (the loop before this one).
"""

from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Callable

import pygame

from game.view.native import give_back_memory, sdl_library

FALLBACK_FPS = 30
"""Wake-ups a second while nothing moves, without SDL's wait (pygame's Clock then)."""
SLEEPING_DRIVERS = frozenset({"x11", "wayland", "windows", "cocoa"})
"""SDL's video drivers that sleep in SDL_WaitEventTimeout (SDL 2.32: a WaitEventTimeout
of their own); on the others (dummy, offscreen: tests, headless runs) SDL's wait pumps
and sleeps 1 ms in a loop, so the rest wakes FALLBACK_FPS times a second instead."""

WAKE = pygame.USEREVENT
"""The event another thread posts to wake the loop (``wake``): it carries nothing, and
the stage passes it to no scene; the frame it starts looks at what the thread left."""

GIVE_BACK_MS = 500.0
"""A rest this long or longer (or until an event) gives the C heap's free memory back
to the system first (game.view.native.give_back_memory): start-up is over, or the
player paused; at most once every GIVE_BACK_EVERY_MS."""
GIVE_BACK_EVERY_MS = 30_000.0

WaitEvent = Callable[[int], None]
"""Sleep until an event is in the queue or this many ms passed (-1: no limit)."""


def sdl_wait() -> WaitEvent | None:
    """SDL's own wait on the event queue (the event left in it); None without it, or
    where SDL's video driver has no wait of its own (SDL then polls every ms)."""
    if pygame.display.get_driver() not in SLEEPING_DRIVERS:
        return None
    library = sdl_library()
    if library is None:
        return None
    wait = library.SDL_WaitEventTimeout

    def wait_event(timeout_ms: int) -> None:
        wait(None, timeout_ms)  # (ctypes lets the other threads run meanwhile)

    return wait_event


_at_rest: list[Callable[[], None]] = []


def at_rest(callback: Callable[[], None]) -> None:
    """Call ``callback`` once, on the loop's thread, when this frame is done: at the
    start of the next rest, before it sleeps (asked again before then: still once).
    What it sets going on another thread (the race's client sending what the step
    said) then runs while the loop rests, not in the middle of the frame's drawing."""
    if callback not in _at_rest:
        _at_rest.append(callback)


def run_at_rest() -> None:
    """The callbacks asked for since the last rest, called now (a rest's start)."""
    callbacks, _at_rest[:] = list(_at_rest), []
    for callback in callbacks:
        callback()


_looked_hook: list[Callable[[], None]] = []


def when_looked(hook: Callable[[], None]) -> None:
    """Call ``hook`` once, at the next rest's first look for SDL (the first frame up,
    the first input handled, ctypes loaded for the sleep: what needs the system's own
    calls, the display's DPI, costs the start nothing); a later hook replaces it."""
    _looked_hook[:] = [hook]


def wake() -> None:
    """Wake the loop from another thread whose results the window shows (the live
    race's client heard something, long work off the loop ended): the rest ends now,
    not at the next event of the player's. pygame.event.post is SDL_PushEvent, which
    any thread may call (pygame-ce takes the GIL's turn for the event's dict); a queue
    full or no display (the window closing) drops it: the next frame looks anyway."""
    with contextlib.suppress(pygame.error):
        pygame.event.post(pygame.event.Event(WAKE))


class Rest:
    """How the loop waits between frames, and how often it woke (``wakes``: a test
    counts them with nothing running)."""

    def __init__(
        self,
        frame_ms: float,
        *,
        longest_ms: float | None = None,
        wait_event: WaitEvent | None = None,
        sleep: Callable[[float], None] = time.sleep,
        now: Callable[[], float] = lambda: time.perf_counter() * 1000.0,
        give_back: Callable[[], None] = give_back_memory,
    ) -> None:
        """``frame_ms``: the shortest frame; ``longest_ms``: the longest rest (a run of
        a given number of frames comes to its end: None, no limit); ``wait_event``:
        the sleep on the event queue (None: SDL's, else pygame's 30 frames a second)."""
        self.frame_ms = frame_ms
        self.longest_ms = longest_ms
        self._sleep = sleep
        self._now = now
        self._wait = wait_event
        self._looked = wait_event is not None
        self._longest = longest_ms
        self.wakes = 0
        """Rests ended: frames drawn after one."""
        self._woke = now()
        self._give_back = give_back
        self._given_back: float | None = None

    def asleep(self) -> bool:
        """The rest sleeps on the event queue (else it wakes FALLBACK_FPS times a
        second while nothing moves). SDL is looked for at the first rest, once the
        first frame is up and the first input can be handled."""
        if not self._looked:
            self._looked = True
            self._wait = sdl_wait()
            for hook in _looked_hook:
                _looked_hook.clear()
                hook()
            if self._wait is None:
                self.longest_ms = min(self._longest or math.inf, 1000.0 / FALLBACK_FPS)
        return self._wait is not None

    def rest(self, due_ms: float | None) -> None:
        """After a frame: rest until ``due_ms`` from now (None: until an event), at
        least out the frame; with no SDL wait, at most a 30th of a second."""
        run_at_rest()  # (the frame is drawn: what waited for its end)
        self.asleep()  # (SDL looked for once)
        spent = self._now() - self._woke
        frame_left = max(0.0, self.frame_ms - spent)
        if self.longest_ms is not None:
            due_ms = self.longest_ms if due_ms is None else min(due_ms, self.longest_ms)
        self._pause(frame_left)  # (the frame's pace, however fast the events come)
        if due_ms is None or due_ms > frame_left:
            self._asleep(None if due_ms is None else due_ms - frame_left)
        self.wakes += 1
        self._woke = self._now()

    def _pause(self, ms: float) -> None:
        if ms > 0:
            self._sleep(ms / 1000.0)

    def _asleep(self, ms: float | None) -> None:
        """Until an event or ``ms`` (None: an event)."""
        if ms is None or ms >= GIVE_BACK_MS:
            self._giving_back()
        if self._wait is None:  # (only with a limit: see __init__)
            if ms is not None and ms > 0 and not pygame.event.peek():
                self._sleep(ms / 1000.0)
            return
        # (a ms late rather than early: SDL counts whole ms, and a wake a fraction
        # before what is due finds nothing changed and sleeps again at once)
        self._wait(-1 if ms is None else math.ceil(ms) + 1)

    def _giving_back(self) -> None:
        """The heap's free memory given back before a long rest, the first after
        start-up and then at most once every GIVE_BACK_EVERY_MS."""
        now = self._now()
        if self._given_back is None or now - self._given_back >= GIVE_BACK_EVERY_MS:
            self._given_back = now
            self._give_back()
