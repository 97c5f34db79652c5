"""Replays as animated GIFs (game.view.animation): read back with Pillow, the frames are
the window's pixels (the first frame the untouched board, the last the final
position, held for its still), each frame unlike the one before, at the window's
size; the command line writes one and refuses a damaged file in one line; in the
viewer, G writes one into the replays folder and Esc stops it, leaving no file."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from PIL import Image, ImageChops
from test_window import FakeClock, key, run_game
from test_window_replay import step, write_replay

from game import cli
from game.app import App
from game.cli import commands
from game.core.status import Status
from game.persist import replays as replay_files
from game.replay.drive import Driver, ReplayClock, game_of
from game.replay.files import open_replay
from game.session.geometry import Layout, led_digits
from game.session.picture import Face, picture_of
from game.session.play import PlaySession
from game.view.animation import FRAME_MS, STILL_MS, GifExport, export_gif
from game.view.render import Renderer, tile_for
from game.view.theme import current

DATA = Path(__file__).parent / "data" / "replays" / "ms-toollib" / "test_files"
EXPERT = DATA / "HI-SCORE Exp_49.25_3BV=127_3BVs=2.57_Wang Jianing G01825.avf"


def frames_of(path: Path) -> list[tuple[Image.Image, int]]:
    """Each frame as shown (RGB, over the ones before) and its time."""
    shown = []
    with Image.open(path) as gif:
        for index in range(gif.n_frames):
            gif.seek(index)
            shown.append((gif.convert("RGB"), int(gif.info["duration"])))
    return shown


def rgb(surface: pygame.Surface) -> Image.Image:
    return Image.frombytes("RGB", surface.get_size(), pygame.image.tobytes(surface, "RGB"))


def test_a_gif_is_the_window_frame_by_frame_with_a_final_still(tmp_path: Path) -> None:
    replay = open_replay(write_replay(tmp_path)).replay
    target = tmp_path / "game.gif"
    export = export_gif(replay, target, zoom=2)
    assert export.done and target.is_file()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temp file
    frames = frames_of(target)
    layout = Layout(9, 9, digits=led_digits(10))
    assert frames[0][0].size == (layout.size[0] * 2, layout.size[1] * 2)
    assert len(frames) == export.frames
    for (before, _), (after, _) in itertools.pairwise(frames):  # merged: each one changes
        assert ImageChops.difference(before, after).getbbox() is not None
    times = [ms for _, ms in frames]
    assert times[-1] >= STILL_MS  # the final position stays
    assert all(ms % FRAME_MS == 0 for ms in times)
    span = replay.events[-1].ms - min(0, replay.events[0].ms) + 500
    assert span + STILL_MS <= sum(times) <= span + STILL_MS + FRAME_MS

    # The first frame is the untouched board as the renderer draws it: the counters
    # (010, 000), the smile, every cell hidden (everything below the menu bar).
    renderer = Renderer(layout, 2)
    expected = pygame.Surface(frames[0][0].size)
    clock = ReplayClock()
    session = PlaySession(game_of(replay), clock)
    renderer.draw(
        expected,
        session.game,
        picture_of(session, Driver(replay, clock).machine.feedback, counter_below_zero=True),
    )
    top = renderer.scaled(layout.menu_bar)[3]
    box = (0, top, *expected.get_size())
    assert frames[0][0].crop(box).tobytes() == rgb(expected).crop(box).tobytes()
    hidden = renderer.scaled(layout.cell_rect(8, 8))
    assert frames[0][0].getpixel((hidden[0] + 8, hidden[1] + 8)) == (192, 192, 192)

    # The last frame: the game lost, the dead face, the opened cell where it was.
    last = frames[-1][0]
    face = renderer.scaled(layout.face)
    want_face = rgb(renderer.sprites.faces[Face.DEAD])
    assert last.crop((face[0], face[1], face[0] + face[2], face[1] + face[3])).tobytes() == (
        want_face.tobytes()
    )
    final = game_of(replay)
    for _, move in replay.moves:
        final.apply(move)
    assert final.status is Status.LOST
    x, y, w, h = renderer.scaled(layout.cell_rect(0, 5))
    opened = rgb(renderer.sprites.tiles[tile_for(final.look(0, 5), False)])
    assert last.crop((x, y, x + w, y + h)).tobytes() == opened.tobytes()


def test_only_the_changes_are_stored_and_an_expert_game_is_small(tmp_path: Path) -> None:
    replay = open_replay(EXPERT).replay
    target = tmp_path / "expert.gif"
    export = GifExport(replay, target, speed=8)
    export.run()
    with Image.open(target) as gif:
        assert gif.n_frames == export.frames
        gif.seek(gif.n_frames // 2)
        assert gif.tile[0][1][2:] != gif.size  # a frame in the middle: a part of it
    assert target.stat().st_size < 1_000_000


def test_a_cancelled_export_leaves_no_file(tmp_path: Path) -> None:
    export = GifExport(open_replay(EXPERT).replay, tmp_path / "expert.gif")
    assert not export.step(1.0)
    assert 0 < export.progress < 1
    assert len(list(tmp_path.iterdir())) == 1  # the temporary file, being written
    export.cancel()
    assert list(tmp_path.iterdir()) == []
    assert not export.step() and not export.done


def test_the_command_line_writes_a_gif_and_refuses_a_damaged_file(tmp_path: Path) -> None:
    source = write_replay(tmp_path)
    out = tmp_path / "out.gif"
    done = run_game("--export-gif", str(source), str(out), "--speed", "2", "--zoom", "1")
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("\n") == 1 and "frames" in done.stdout
    with Image.open(out) as gif:
        assert gif.size == Layout(9, 9).size and gif.n_frames > 1

    broken = tmp_path / "broken.avf"
    broken.write_bytes(b"\x00\x01garbage")
    bad = tmp_path / "bad.gif"
    done = run_game("--export-gif", str(broken), str(bad))
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "broken.avf" in done.stderr and not bad.exists()
    done = run_game("--export-gif", str(source), str(out), "--speed", "0")
    assert done.returncode == 2 and "speed" in done.stderr


@pytest.fixture
def app() -> Iterator[App]:
    application = App(cli.Options(zoom=1, sound=False, seed=1), clock=FakeClock())
    application.run(frames=1)
    yield application
    application.close()


def test_g_in_the_viewer_saves_a_gif_and_esc_stops_it(app: App, tmp_path: Path) -> None:
    scene = app.watcher().file(EXPERT)  # (long enough to be seen under way)
    assert scene is not None
    folder = app.profile.folder / replay_files.FOLDER
    key(pygame.K_g, "g")
    for _ in range(10):
        step(app)
    assert scene.gif is not None and not scene.gif.done
    bar = app.viewport.bar()
    row = pygame.image.tobytes(app.viewport.screen.subsurface((0, bar.centery, bar.w, 1)), "RGB")
    assert bytes(current().highlight) in row  # the progress bar, drawn over the bar
    key(pygame.K_ESCAPE)
    step(app)
    assert scene.gif is None and app.running  # Esc stopped the GIF, not the viewer
    assert list(folder.glob("*")) == [] and list(folder.glob(".*")) == []

    key(pygame.K_ESCAPE)  # (the viewer, this time)
    step(app)
    scene = app.watcher().file(write_replay(tmp_path))
    assert scene is not None
    key(pygame.K_g, "g")
    for _ in range(300):
        step(app)
        if scene.gif is None:
            break
    (gif,) = folder.glob("*.gif")
    assert list(folder.glob(".*")) == []
    assert "GIF saved" in scene.status()[-1] and gif.name in scene.status()[-1]
    key(pygame.K_RETURN, "\r")  # (the notice of its whole path; the window shrinks back)
    step(app)
    with Image.open(gif) as picture:
        # The game as the window shows it, without the side beside it.
        assert picture.size == app.viewport.game_size() and picture.n_frames > 1


def test_a_gif_too_large_is_refused_in_one_line_before_anything_is_made(tmp_path: Path) -> None:
    import time

    from game.rules import Board
    from game.view.animation import ExportError

    replay = open_replay(write_replay(tmp_path)).replay
    huge = replay.replace(board=Board(1000, 1000, 998_001))
    for zoom in (1, 2, 4):
        started = time.perf_counter()
        with pytest.raises(ExportError, match="no zoom makes it small enough") as raised:
            GifExport(huge, tmp_path / "huge.gif", zoom=zoom)
        assert time.perf_counter() - started < 1.0
        assert "\n" not in str(raised.value) and f"at zoom {zoom}" in str(raised.value)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.msreplay"]  # no temp file
    large = replay.replace(board=Board(200, 200, 10))
    with pytest.raises(ExportError, match="zoom 1 would fit"):
        GifExport(large, tmp_path / "large.gif", zoom=3)


def test_a_gif_that_would_last_hours_is_refused_in_one_line_saying_the_speed_that_fits(
    tmp_path: Path,
) -> None:
    """A replay whose last event is hours after its first (a hostile file: a pointer
    move 20,000 s on) was drawn a frame each 50 ms of it: days of work for one GIF."""
    import time

    from game.replay.format import Event, EventKind
    from game.view.animation import MAX_GIF_S, ExportError

    replay = open_replay(write_replay(tmp_path)).replay
    late = Event(3 * 3600 * 1000, EventKind.MOVE, 0, 5, 5, None)
    long = replay.replace(events=(*replay.events, late))
    started = time.perf_counter()
    with pytest.raises(ExportError, match="speed of 4") as raised:
        GifExport(long, tmp_path / "long.gif")
    assert time.perf_counter() - started < 1.0 and "\n" not in str(raised.value)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.msreplay"]  # no temp file
    GifExport(long, tmp_path / "long.gif", speed=4).cancel()  # (at 4x it is 45 minutes)
    assert MAX_GIF_S == 3600


def test_the_command_line_refuses_to_write_the_gif_over_its_replay(tmp_path: Path) -> None:
    source = write_replay(tmp_path)
    before = source.read_bytes()
    done = run_game("--export-gif", str(source), str(source))
    assert done.returncode == 2 and "the file being read" in done.stderr
    assert done.stderr.count("\n") == 1 and source.read_bytes() == before


class _Terminal:
    """A stream that says it is a terminal, keeping what is written."""

    def __init__(self) -> None:
        self.text = ""

    def isatty(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self.text += text
        return len(text)

    def flush(self) -> None:
        pass


def test_the_command_line_shows_a_bar_on_a_terminal_and_nothing_in_a_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io
    import sys

    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    monkeypatch.setattr("game.terminal_bar.EVERY_S", 0.0)
    assert commands.export_gif(str(EXPERT), str(tmp_path / "e.gif"), speed=4) == 0
    assert "\r" in terminal.text and "%" in terminal.text and "[#" in terminal.text
    assert terminal.text.endswith("\r")  # the bar's line is cleared at the end
    log = io.StringIO()
    monkeypatch.setattr(sys, "stderr", log)
    assert commands.export_gif(str(EXPERT), str(tmp_path / "f.gif"), speed=4) == 0
    assert log.getvalue() == ""


def test_the_bar_says_how_long_is_left() -> None:
    from game.terminal_bar import TerminalBar, time_left

    now = [0.0]
    terminal = _Terminal()
    bar = TerminalBar(terminal, "x.gif:", clock=lambda: now[0])  # type: ignore[arg-type]
    bar(0, 1)
    now[0] = 60.0
    bar(0.25, 1)  # a quarter in a minute: three more
    assert terminal.text.endswith("about 3 min left")
    assert time_left(10, 0.5) == "about 10 s left" and time_left(0.5, 0.5) == ""
    assert time_left(3600, 0.25) == "about 3.0 h left"
