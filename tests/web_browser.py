"""The web replay page's tests' shared parts: the five replays, Debian's chromium
driven through its chromium-driver (one session for a module), a page loaded and
its board read back, and the game's own renderer's board at the same moment."""

from __future__ import annotations

import base64
import io
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from PIL import Image

from game.core.status import Status
from game.modes.watching import Watching
from game.replay.drive import Driver, ReplayClock
from game.replay.format import EventKind, Replay
from game.session.geometry import MENU_BAR, Layout, led_digits
from game.session.picture import picture_of
from game.session.table import Table, Via
from game.view.render import Renderer
from game.view.theme import CLASSIC

DATA = Path(__file__).parent / "data" / "replays"
TOOLLIB = DATA / "ms-toollib" / "test_files"
EVF_WANG = TOOLLIB / "b_5_3.796_3BV=3_3BVs=0.790_王嘉宁(元3.1.9_v3).evf"
AVF_EXPERT = TOOLLIB / "HI-SCORE Exp_49.25_3BV=127_3BVs=2.57_Wang Jianing G01825.avf"
AVF_ARBITER = DATA / "flop-player" / "avf" / "arbiter_exp.avf"
RMV_EXPERT = DATA / "flop-player" / "rmv" / "exp.rmv"
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--force-device-scale-factor=1",
    "--window-size=1100,1000",
)


def expert_replays(folder: Path) -> list[Path]:
    """Every Expert replay we have: ours (ours_expert) and each of the community's
    in tests/data/replays that the game reads as 16x30 with 99 mines."""
    from game.replay.files import ReplayError, open_replay

    found = [ours_expert(folder)]
    for path in sorted(DATA.rglob("*")):
        if path.suffix.lower() not in {".avf", ".rmv", ".mvf", ".evf", ".rawvf"}:
            continue
        try:
            board = open_replay(path).replay.board
        except ReplayError:
            continue
        if (board.rows, board.cols, board.mines) == (16, 30, 99):
            found.append(path)
    return found


def ours_expert(folder: Path, seed: int = 20261201) -> Path:
    """One of our replays of an Expert game (ours_game)."""
    return ours_game(folder, (16, 30, 99), seed)


def ours_game(folder: Path, size: tuple[int, int, int], seed: int) -> Path:
    """One of our replays of a game of this size, played through the table and
    recorded as the window records it: a first click in the middle, then each safe cell opened in
    turn (row by row, skipping what is open), some mines flagged on the way, the
    pointer moving between the clicks."""
    from game.core.game import Game
    from game.core.look import Look
    from game.core.moves import mark, reveal
    from game.modes.ordinary import Ordinary
    from game.replay.recorder import Recorder

    now = [1000.0]
    rows, cols, count = size
    table = Table.of(Ordinary.given(Game.new(rows, cols, count, seed=seed)), lambda: now[0])
    recorder = Recorder()
    table.tap(recorder)
    middle = (rows // 2, cols // 2)
    at = (middle[1] * 16 + 8, middle[0] * 16 + 8)

    def click(row: int, col: int, button: int, move: Any) -> None:
        nonlocal at
        target = (col * 16 + 8, row * 16 + 8)
        for step in (1, 2, 3):  # the pointer on its way
            now[0] += 20
            point = (
                at[0] + (target[0] - at[0]) * step // 3,
                at[1] + (target[1] - at[1]) * step // 3,
            )
            table.pointer("move", 0, point, frozenset())
        at = target
        now[0] += 60
        table.pointer("down", button, at, frozenset())
        now[0] += 70
        table.pointer("up", button, at, frozenset({button}), move)

    click(*middle, 1, reveal(*middle))
    game = table.session.game
    assert game.minefield is not None
    mines = game.minefield.mines
    for row in range(rows):
        for col in range(cols) if row % 2 == 0 else range(cols - 1, -1, -1):
            if game.status.is_over:
                break
            if game.look(row, col) is not Look.HIDDEN:
                continue
            if (row, col) in mines:
                if (row + col) % 3 == 0:
                    click(row, col, 3, mark(row, col))
                continue
            click(row, col, 1, reveal(row, col))
    replay = recorder.replay(player="Zoë Ivanova", date="2026-12-01T21:04:05")
    assert replay is not None and replay.result is Status.WON, replay
    path = folder / f"ours-{rows}x{cols}.msreplay"
    path.write_text(replay.to_text(), encoding="utf-8")
    return path


def chrome(profile: Path, languages: str = "en-US,en") -> Iterator[Any]:
    """A headless chromium with a fresh profile, its network log kept, asking for
    ``languages`` (its Accept-Language: navigator.languages)."""
    webdriver = pytest.importorskip("selenium.webdriver")
    binary, driver_path = shutil.which("chromium"), shutil.which("chromedriver")
    if binary is None or driver_path is None:
        pytest.skip("Debian's chromium and chromium-driver are not installed")
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    options.add_argument(f"--lang={languages.split(',')[0]}")
    options.add_experimental_option("prefs", {"intl.accept_languages": languages})
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(executable_path=driver_path))
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()


def load(driver: Any, url: str) -> dict[str, Any]:
    """Open a page and wait until it drew its first board or said why not: its probe."""
    from selenium.webdriver.support.ui import WebDriverWait

    # (the probe of the page before forgotten: a link that changes the fragment alone
    # leaves the page where it is, which must read its new replay all the same)
    driver.execute_script("window.__replay = undefined")
    driver.get(url)
    WebDriverWait(driver, 20).until(
        lambda d: d.execute_script(
            "return !!(window.__replay && (__replay.ready || __replay.error))"
        )
    )
    probe: dict[str, Any] = driver.execute_script(
        "const p = window.__replay; return {ready: p.ready, error: p.error, "
        "firstDraw: p.firstDraw, time: p.player ? p.player.time : null, "
        "zoom: p.player ? p.player.zoom : null, playing: p.player ? p.player.playing : null}"
    )
    return probe


def page_board(driver: Any) -> Image.Image:
    """The page's board canvas as an RGB picture."""
    url = driver.execute_script("return document.getElementById('board').toDataURL('image/png')")
    data = base64.b64decode(url.split(",", 1)[1])
    return Image.open(io.BytesIO(data)).convert("RGB")


def seek(driver: Any, ms: int) -> None:
    """Pause the page and seek it to a moment (what its ?t= does when it opens)."""
    driver.execute_script("const p = __replay.player; p.pause(); p.seek(arguments[0]);", ms)


def game_board(replay: Replay, ms: int, zoom: int) -> Image.Image:
    """The game's own renderer's window at game time ``ms`` (below the menu bar):
    the replay played as the viewer and the GIF export play it."""
    board = replay.board
    layout = Layout(board.rows, board.cols, digits=led_digits(board.mines))
    clock = ReplayClock()
    events = replay.events
    clock.ms = float(min(0, events[0].ms if events else 0) - 500)
    table = Table.of(Watching(replay), clock)
    driver = Driver(replay, clock)
    for event in driver.until(ms):
        if event.move is not None:
            table.act(event.move, Via.MOUSE)
    clock.ms = float(ms)
    renderer = Renderer(layout, zoom, CLASSIC)
    screen = pygame.Surface((layout.size[0] * zoom, layout.size[1] * zoom))
    picture = picture_of(table.session, driver.machine.feedback, counter_below_zero=True)
    renderer.draw(screen, table.session.game, picture)
    whole = Image.frombytes("RGB", screen.get_size(), pygame.image.tobytes(screen, "RGB"))
    return whole.crop((0, MENU_BAR * zoom, whole.width, whole.height))


def moments_of(replay: Replay) -> list[int]:
    """Two moments of a replay to compare: one with a button held (pressed cells
    drawn), half-way through if the game has one, and its end."""
    events = replay.events
    end = events[-1].ms
    held = [e.ms for e in events if e.kind is EventKind.DOWN and e.ms > end // 3]
    middle = held[0] if held else end // 2
    return [middle, end]
