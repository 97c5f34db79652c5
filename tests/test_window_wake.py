"""The loop asleep still hears the threads whose results the window shows: the live
race's client (the other side's hello in a room waiting for it) and long work off the
loop. The real loop (App.run, no frame limit) rests on a wait that acts as SDL's (it
returns when an event is in pygame's queue, or at its timeout) and records the
timeouts it was asked for: with a room open and nothing of the window's own due, the
loop sleeps with no timeout (-1), and the client's thread wakes it when it hears
something (game.view.waiting.wake), not the player's next mouse move."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from mosquitto import Mosquitto
from test_window import post

from game import cli
from game.app import App
from game.flows.background import POLL_MS, Job, WorkScene
from game.net import messages as m
from game.net.broker import Broker
from game.net.client import RaceClient
from game.view import waiting

FOREVER_CAP_S = 30.0
"""A wait asked for no timeout ends by itself only after this long (a test's bound)."""


class SdlLikeWait:
    """Returns when an event is in the queue or the timeout passed, as SDL's wait does;
    the timeouts asked (ms, -1: none), in order."""

    def __init__(self) -> None:
        self.asked: list[int] = []

    def __call__(self, timeout_ms: int) -> None:
        self.asked.append(timeout_ms)
        cap = FOREVER_CAP_S if timeout_ms < 0 else timeout_ms / 1000
        end = time.monotonic() + cap
        while not pygame.event.peek() and time.monotonic() < end:
            time.sleep(0.002)


@pytest.fixture
def wait(monkeypatch: pytest.MonkeyPatch) -> SdlLikeWait:
    fake = SdlLikeWait()
    made = waiting.Rest

    def rest(frame_ms: float, **kinds: object) -> waiting.Rest:
        return made(frame_ms, longest_ms=None, wait_event=fake)

    monkeypatch.setattr("game.app.Rest", rest)
    return fake


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[Mosquitto]:
    server = Mosquitto(tmp_path)
    server.start()
    yield server
    server.kill()


def run_with(app: App, other_side: Callable[[], None]) -> None:
    """Run the real loop until the other side (its own thread) is done, then close."""

    def act() -> None:
        try:
            other_side()
        finally:
            post(pygame.QUIT)

    thread = threading.Thread(target=act, daemon=True)
    thread.start()
    app.run()
    thread.join(5)


def lines(app: App) -> list[str]:
    dialog = app.stage.top_dialog
    return [] if dialog is None else list(getattr(dialog, "lines", []))


def until(holds: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not holds():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def test_a_room_asleep_shows_the_other_side_as_soon_as_its_hello_is_heard(
    wait: SdlLikeWait, broker: Mosquitto
) -> None:
    app = App(cli.Options(zoom=1, sound=False, seed=1, broker=broker.url))
    try:
        app.run(frames=1)
        app.get_ready()
        flow = app.race_friend().open(None)
        assert flow is not None
        seen: dict[str, object] = {}

        def friend() -> None:
            connected = until(lambda: "Connecting to the broker..." not in lines(app), 10)
            seen["asleep"] = until(lambda: -1 in wait.asked, 5)  # nothing due: no timeout
            asked = len(wait.asked)
            bob = RaceClient(
                Broker.parse(broker.url), flow.code, {"name": "Bob", "role": "guest", "ready": True}
            )
            bob.start()
            try:

                def hears() -> bool:
                    for got in bob.heard():
                        if isinstance(got, m.Hello) and not got.answer:
                            bob.say(m.Hello, answer=True)
                    return "Bob is here, ready." in lines(app)

                seen["shown"] = connected and until(hears, 10)
                seen["woken"] = wait.asked[asked:]
            finally:
                bob.close()

        run_with(app, friend)
        assert seen["asleep"], f"the room never slept: {wait.asked[-5:]}"
        assert seen["shown"], "the other side's hello waited for the player's next event"
        assert -1 in seen["woken"]  # type: ignore[operator]  # (asleep, woken by the client)
    finally:
        app.close()


def test_long_work_off_the_loop_never_leaves_the_loop_asleep_for_good(
    wait: SdlLikeWait,
) -> None:
    app = App(cli.Options(zoom=1, sound=False, seed=1))
    try:
        app.run(frames=1)
        app.get_ready()
        release = threading.Event()
        job = Job(lambda report: release.wait(10) and "done")
        results: list[object] = []
        app.stage.push(WorkScene("Work", job, app.viewport), results.append)
        seen: dict[str, object] = {}

        def other() -> None:
            time.sleep(0.5)  # (the loop rests while the job runs)
            seen["while"] = list(wait.asked)
            release.set()
            seen["ended"] = until(lambda: bool(results), 5)

        run_with(app, other)
        asked = seen["while"]
        assert asked and all(0 <= ms <= POLL_MS + 1 for ms in asked), asked  # type: ignore[attr-defined]
        assert seen["ended"] and job.result == "done"
    finally:
        app.close()
