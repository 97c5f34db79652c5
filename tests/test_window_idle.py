"""The window asleep: with nothing running the loop waits on the event queue and wakes
only for an event; with a game's clock running, for the LED's seconds (and the live
counters' tick); a click on a window asleep is drawn in the frame it wakes for.

The real loop (App.run, no frame limit) runs on the test's thread while a player's
thread looks at the loop's count of its wake-ups (App.rest.wakes) and posts events
(pygame's queue takes them from any thread); the wake-ups are counted in the loop,
the seconds are only the span they are counted over.
"""

from __future__ import annotations

import platform
import sys
import threading
import time
from collections.abc import Callable, Iterator

import pygame
import pytest
from conftest import classic_window
from test_window import BEGINNER, cell_center, post, shows_tile, use_layout

from game import cli
from game.app import App
from game.view import native, waiting
from game.view.waiting import Rest, at_rest, sdl_wait

SPAN_S = 1.0
"""The span the wake-ups are counted over."""


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    # SDL's dummy driver has no wait of its own: SDL polls inside its wait, which the
    # game leaves to drivers that sleep (tests/test_window_x11_native.py: a real X
    # server); here the wait is SDL's all the same, so the loop's own wake-ups count.
    monkeypatch.setattr(waiting, "SLEEPING_DRIVERS", frozenset({"dummy"}))
    classic_window()
    application = App(cli.Options(zoom=2, sound=False, seed=1))  # (the real clock)
    application.run(frames=1)
    yield application
    application.close()


def run_with_player(app: App, player: Callable[[], None]) -> None:
    """Run the real loop until the player (on its own thread) is done, then close."""

    def act() -> None:
        try:
            time.sleep(0.3)  # (the loop is up and asleep)
            player()
        finally:
            post(pygame.QUIT)

    thread = threading.Thread(target=act, daemon=True)
    thread.start()
    app.run()
    thread.join(5)


def wakes_over(app: App, seconds: float) -> int:
    """How many times the loop woke while this thread slept ``seconds``."""
    assert app.rest is not None
    before = app.rest.wakes
    time.sleep(seconds)
    return app.rest.wakes - before


def test_sdl_s_own_wait_is_found_on_the_library_pygame_loaded(app: App) -> None:
    assert sdl_wait() is not None
    assert Rest(16.0).asleep()


def test_with_nothing_running_the_loop_wakes_at_most_twice_a_second(app: App) -> None:
    counted: list[int] = []
    run_with_player(app, lambda: counted.append(wakes_over(app, SPAN_S)))
    assert counted and counted[0] <= 2 * SPAN_S, f"{counted[0]} wake-ups in {SPAN_S} s"


def test_a_click_on_a_window_asleep_is_drawn_in_the_frame_it_wakes_for(app: App) -> None:
    use_layout(app, BEGINNER)
    at = cell_center(app, 7, 8)  # (beside the wall's last mine: a 1, opened alone)
    seen: dict[str, int] = {}

    def player() -> None:
        assert app.rest is not None
        seen["frames"], seen["wakes"] = app.frame, app.rest.wakes
        post(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))
        post(pygame.MOUSEBUTTONDOWN, pos=at, button=1)
        post(pygame.MOUSEBUTTONUP, pos=at, button=1)
        until = time.perf_counter() + 3.0  # (a loaded machine may take a while to run it)
        while app.frame == seen["frames"] and time.perf_counter() < until:
            time.sleep(0.01)
        time.sleep(0.2)  # (and nothing more is drawn meanwhile: the clock's next second)
        seen["opened"] = app.frame
        seen["clock"] = wakes_over(app, SPAN_S)  # (the game's clock now runs)

    run_with_player(app, player)
    assert seen["opened"] - seen["frames"] in (1, 2)  # (the events may wake it twice)
    assert app.table.game.look(7, 8).name != "HIDDEN"
    assert shows_tile(app, 7, 8, "1")
    # The clock running: the LED's seconds (the counters' tick drawn with them), no frames.
    assert seen["clock"] <= 2 * SPAN_S, f"{seen['clock']} wake-ups in {SPAN_S} s"


def test_with_the_clock_running_and_the_counters_shown_the_loop_wakes_once_a_second(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The live counters' figures are worked out at the LED's seconds, so the clock
    running wakes the loop once a second for both (not at two phases: twice)."""
    monkeypatch.setattr(waiting, "SLEEPING_DRIVERS", frozenset({"dummy"}))
    app = App(cli.Options(zoom=2, sound=False, seed=1))  # (the side shown: the default)
    app.run(frames=1)
    assert app.play.counters.shown
    at = cell_center(app, 4, 4)
    counted: list[int] = []

    def player() -> None:
        post(pygame.MOUSEBUTTONDOWN, pos=at, button=1)
        post(pygame.MOUSEBUTTONUP, pos=at, button=1)
        time.sleep(0.45)  # (the click's frames drawn; then half a second off the LED's)
        counted.append(wakes_over(app, 3 * SPAN_S))

    try:
        run_with_player(app, player)
        assert app.table.session.stopwatch.running
    finally:
        app.close()
    assert counted and counted[0] <= 3 * SPAN_S + 1, f"{counted[0]} wake-ups in {3 * SPAN_S} s"


def test_a_run_of_given_frames_still_ends_with_nothing_posted(app: App) -> None:
    started = time.perf_counter()
    app.run(frames=3)
    assert time.perf_counter() - started < 1.0


def test_on_a_driver_that_cannot_sleep_the_loop_wakes_at_the_idle_pace(app: App) -> None:
    waiting.SLEEPING_DRIVERS = frozenset()  # (the fixture's patch is undone after the test)
    assert sdl_wait() is None and not Rest(16.0).asleep()


def test_a_long_rest_gives_the_heap_s_free_memory_back_at_most_twice_a_minute() -> None:
    # (start-up over, or the player paused: glibc's malloc_trim, game.view.native)
    clock = [0.0]
    given: list[float] = []
    rest = Rest(
        16.0,
        wait_event=lambda ms: None,
        sleep=lambda s: None,
        now=lambda: clock[0],
        give_back=lambda: given.append(clock[0]),
    )
    rest.rest(100.0)  # (a frame's rest while something moves)
    assert given == []
    rest.rest(None)  # (nothing due: start-up is over)
    assert given == [0.0]
    clock[0] = 1_000.0
    rest.rest(1_000.0)  # (the LED's second, soon after)
    rest.rest(None)
    assert given == [0.0]
    clock[0] = waiting.GIVE_BACK_EVERY_MS
    rest.rest(waiting.GIVE_BACK_MS)
    assert given == [0.0, waiting.GIVE_BACK_EVERY_MS]


def test_the_heap_s_free_memory_is_given_back_through_glibc_on_linux() -> None:
    trim = native.malloc_trim()
    if sys.platform.startswith("linux") and platform.libc_ver()[0] == "glibc":
        assert trim is not None and trim(0) in (0, 1)
    native.give_back_memory()  # (elsewhere nothing: no error)


def test_what_waits_for_the_frames_end_runs_once_at_the_next_rest(app: App) -> None:
    called: list[str] = []
    rest = Rest(1.0, longest_ms=1.0, sleep=lambda _s: None, now=lambda: 0.0)

    def send() -> None:
        called.append("send")

    at_rest(lambda: called.append("a"))
    at_rest(send)
    at_rest(send)  # (asked for twice before the rest: called once)
    assert called == []  # (not before the frame is done)
    rest.rest(0.0)
    assert called == ["a", "send"]
    rest.rest(0.0)
    assert called == ["a", "send"]  # (once: a later frame asks again)
