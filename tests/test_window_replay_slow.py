"""A replay file dropped on the window is read off the loop: an ordinary one plays at
once, as before; one that takes long to read (a hostile file of the largest a reader
takes: 20 MB, a million events, seconds of reading) is read under a progress dialog
while the window keeps answering, and plays once read; Cancel leaves the board."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from test_window import FakeClock, key

from game import cli
from game.app import App
from game.flows.background import WorkScene
from game.replay.files import Opened
from game.replay.files import open_replay as read
from game.scenes import watching
from game.scenes.playback import PlaybackScene

FILE = Path(__file__).parent / "data" / "replays" / "flop-player" / "avf" / "arbiter_int.avf"
SLOW_S = 1.5


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    def slow(path: str | Path) -> Opened:
        if Path(path).name.startswith("slow"):
            time.sleep(SLOW_S)  # (as a file of a million events is read)
        return read(path)

    monkeypatch.setattr(watching, "open_replay", slow)
    application = App(cli.Options(zoom=1, sound=False, seed=1), clock=FakeClock())
    application.run(frames=1)
    yield application
    application.close()


def _drop(app: App, path: Path) -> None:
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    app.run(frames=app.frame + 1)


def test_an_ordinary_replay_dropped_plays_at_once(app: App) -> None:
    _drop(app, FILE)
    assert isinstance(app.stage.top, PlaybackScene)


def test_a_replay_slow_to_read_leaves_the_window_answering_then_plays(
    app: App, tmp_path: Path
) -> None:
    slow = tmp_path / "slow.avf"
    slow.write_bytes(FILE.read_bytes())
    started = time.monotonic()
    _drop(app, slow)
    assert time.monotonic() - started < SLOW_S  # (the frame did not wait for the read)
    assert isinstance(app.stage.top, WorkScene)
    app.run(frames=app.frame + 3)  # (frames go on meanwhile)
    assert time.monotonic() - started < SLOW_S
    while time.monotonic() - started < SLOW_S + 5 and not isinstance(app.stage.top, PlaybackScene):
        app.run(frames=app.frame + 1)
    assert isinstance(app.stage.top, PlaybackScene)


def test_a_replay_slow_to_read_cancelled_is_not_played(app: App, tmp_path: Path) -> None:
    slow = tmp_path / "slow.avf"
    slow.write_bytes(FILE.read_bytes())
    _drop(app, slow)
    assert isinstance(app.stage.top, WorkScene)
    key(pygame.K_ESCAPE)
    app.run(frames=app.frame + 1)
    time.sleep(SLOW_S + 0.2)
    app.run(frames=app.frame + 2)
    assert not isinstance(app.stage.top, (WorkScene, PlaybackScene))


def test_a_file_slow_to_read_that_is_no_replay_is_named_once_read(app: App, tmp_path: Path) -> None:
    slow = tmp_path / "slow.avf"
    slow.write_bytes(b"\x00" * 40)
    _drop(app, slow)
    started = time.monotonic()
    while time.monotonic() - started < SLOW_S + 5 and isinstance(app.stage.top, WorkScene):
        app.run(frames=app.frame + 1)
    lines = list(getattr(app.stage.top_dialog, "lines", []))
    assert len(lines) == 1 and lines[0].startswith("slow.avf: "), lines
