"""The window matrix on a real X server, run as a script in a game on a display:
every zoom from 1 to 4, side shown and hidden, Beginner and Expert (each zoom one
pair of them, the pairs alternating so that every zoom meets both boards and both
sides), every dialog, menu and page opened and the end-of-game panel. For each it
prints what the X server says of the game's window (xwininfo), whether the board's
pixels on the screen (ImageMagick's import of the root window) are as they were,
and the words' sizes: the menu bar's letters measured in the screen's pixels, the
dialog's font as drawn. tests/test_window_x11_matrix.py runs it and judges;
``python tests/window_matrix.py DATA LANG SHOTS`` also keeps each screen in SHOTS
(docs/window/: the pictures of the matrix).

Usage: window_matrix.py DATA_DIR LANGUAGE first|second|both [SHOTS_DIR]
(first and second: each zoom once, the two halves of the matrix)
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pygame

from game import cli
from game.app import App
from game.rules import PRESETS, Difficulty
from game.view import scale
from game.view.commands import Command

DIALOGS = (
    "STATISTICS",
    "BEST_TIMES",
    "HISTORY",
    "BOARD_CODE",
    "CUSTOM",
    "SETTINGS",
    "CHOOSE_COUNTERS",
    "REBIND",
    "HELP",
    "RULES",
    "ABOUT",
)
COMBINATIONS = [
    (zoom, board, side)
    for zoom in (1, 2, 3, 4)
    for board in ("beginner", "expert")
    for side in (True, False)
]
HALVES = {
    name: [(z, b, s) for z, b, s in COMBINATIONS if (z + (b == "expert") + s) % 2 == parity]
    for name, parity in (("first", 0), ("second", 1))
}
"""The matrix in two halves: each zoom with both boards and both sides in each half,
every board with every side at every zoom across the two (a screen size takes one)."""
TMP = Path(tempfile.mkdtemp(prefix="window-matrix-"))
BOARDS = {"beginner": Difficulty.BEGINNER, "expert": Difficulty.EXPERT}


def main() -> None:
    data, language, half = sys.argv[1], sys.argv[2], sys.argv[3]
    shots = Path(sys.argv[4]) if len(sys.argv) > 4 else None
    options = cli.parse_args(["--data-dir", data, "--no-sound", "--lang", language])
    app = App(options)
    app.run(frames=1)
    app.get_ready()
    seen: list[dict[str, object]] = []
    for zoom, board, side in HALVES.get(half, COMBINATIONS):
        seen += _one(app, zoom, board, side, shots)
    app.close()
    shutil.rmtree(TMP, ignore_errors=True)
    print(json.dumps(seen))


def _settle(app: App, frames: int = 4) -> None:
    for _ in range(frames):
        app.run(frames=1)
        time.sleep(0.02)


def _mapped(app: App) -> str:
    """The game's window once the X server has it at the size the game asked."""
    for _ in range(100):
        _settle(app, 2)
        window = _window_id()
        size = list(app.viewport.window.size)
        if _geometry(window)[2:] == size and list(app.viewport.screen.get_size()) == size:
            break
    _settle(app, 6)
    return window


def _beside(app: App) -> bool | None:
    """Whether the dialog in front had room beside the game's window (None: in the
    side, or no dialog)."""
    scene = app.stage.top
    page = getattr(scene, "page", None)
    return None if page is None else bool(page.beside)


def _window_id() -> str:
    tree = subprocess.run(["xwininfo", "-root", "-tree"], capture_output=True, text=True).stdout
    return re.findall(r"(0x[0-9a-f]+) \"(?:Minesweeper|Saper|扫雷|マインスイーパ)[^\"]*\"", tree)[0]


def _page_geometry(app: App) -> list[int] | None:
    """Where the X server has the page's own window in front (None: no such window)."""
    page = getattr(app.stage.top, "page", None)
    if page is None:
        return None
    tree = subprocess.run(["xwininfo", "-root", "-tree"], capture_output=True, text=True).stdout
    title = re.escape(str(page.window.title))
    found = re.findall(r"(0x[0-9a-f]+) \"" + title + r"\"", tree)
    return _geometry(found[0]) if found else None


def _over(app: App) -> bool:
    """The page in front has its own window over some of the board (no room beside
    the game's window nor off its cells held it at the UI scale)."""
    page = getattr(app.stage.top, "page", None)
    return page is not None and bool(page.covers)


def _geometry(window: str) -> list[int]:
    info = subprocess.run(["xwininfo", "-id", window], capture_output=True, text=True).stdout

    def read(name: str) -> int:
        found = re.search(name + r":\s+(-?\d+)", info)
        assert found is not None, info
        return int(found.group(1))

    return [
        read("Absolute upper-left X"),
        read("Absolute upper-left Y"),
        read("Width"),
        read("Height"),
    ]


def _screen(path: Path) -> pygame.Surface:
    """The X server's screen (a BMP where only read: ImageMagick writes it fastest)."""
    if path.parent == TMP:
        path = path.with_suffix(".bmp")
    subprocess.run(["import", "-window", "root", str(path)], check=True)
    return pygame.image.load(str(path))


def _board_sum(picture: pygame.Surface, rect: pygame.Rect) -> str:
    rect = rect.clip(picture.get_rect())
    return hashlib.sha1(pygame.image.tobytes(picture.subsurface(rect), "RGB")).hexdigest()


def _letters(picture: pygame.Surface, rect: pygame.Rect) -> int:
    """The height of the text pixels (near black) in a strip of the screen."""
    rows = [
        y
        for y in range(rect.top, rect.bottom)
        if any(sum(picture.get_at((x, y))[:3]) < 150 for x in range(rect.left, rect.right))
    ]
    return (rows[-1] - rows[0] + 1) if rows else 0


def _note_off(app: App, cells: pygame.Rect, corner: tuple[int, int]) -> bool:
    """The note (a hint's reason) is shown and covers no cell on the desktop: in the
    side, or in its own window where X has it."""
    notes = app.play.notes
    if notes.rect is not None:
        return not notes.rect.move(corner).colliderect(cells)
    window = notes.window.window
    if window is None:
        return False
    place = _geometry(hex(window.handle))  # (where X has it: the X window's id)
    return not pygame.Rect(place).colliderect(cells)


def _one(
    app: App, zoom: int, board: str, side: bool, shots: Path | None
) -> list[dict[str, object]]:
    app.stage.clear_dialogs()
    app.play.new_game(PRESETS[BOARDS[board]])
    if app.play.counters.shown != side:
        app.play.command(Command.COUNTERS)
    app.play.set_zoom(zoom)
    window = _mapped(app)
    time.sleep(0.3)
    app.stage.repaint()
    _settle(app, 8)
    name = f"{board}-zoom{zoom}-{'side' if side else 'classic'}"
    if app.viewport.zoom != zoom:  # (the largest that fits the screen)
        name += f"-at{app.viewport.zoom}"
    where = Path(shots or TMP) / f"{name}.png"
    first = _geometry(window)
    x, y = first[0], first[1]
    layout, z = app.viewport.layout, app.viewport.zoom
    bx, by, bw, bh = layout.board_view
    local = pygame.Rect(bx * z, by * z, bw * z, bh * z)
    cells = local.move(x, y)
    bar = app.viewport.bar()
    title = app.menubar.title_rect(0)
    strip = pygame.Rect(x + title.x, y + bar.y, title.w, bar.h)
    _screen(where)  # (the picture of the matrix: X may still be settling the new size)
    board_then = _board_sum(app.viewport.screen, local)  # (what the game drew)
    bar_words = _letters(app.viewport.screen, strip.move(-x, -y))
    rows: list[dict[str, object]] = []

    def step(what: str, font: int | None) -> None:
        _settle(app)
        beside = _beside(app)
        picture = _screen(Path(shots or TMP) / f"{name}-{what.lower()}.png")
        rows.append(
            {
                "case": name,
                "step": what,
                "x": _geometry(window),
                "first": first,
                "board": _board_sum(picture, cells) == board_then,
                "own": _board_sum(picture, cells) == _board_sum(app.viewport.screen, local),
                "bar": _letters(picture, strip),
                "bar_then": bar_words,
                "font": font,
                "ui": scale.current(),
                "beside": beside,
                "page": _page_geometry(app),
                "over": _over(app),
                "cells": list(cells),
            }
        )

    for what in DIALOGS:
        app.play.command(Command[what])
        _settle(app)
        top = app.stage.top_dialog
        step(what, None if top is None else top.font_size)
        app.stage.clear_dialogs()
    for index in range(len(app.menubar.menus)):
        app.menubar.open(index)
        step(f"menu{index}", None)
        app.menubar.close()
        app.stage.repaint()
        _settle(app)
    start = (app.viewport.layout.rows // 2, app.viewport.layout.cols // 2)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=app.viewport.cell_pos(*start), button=1))
    _settle(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    _settle(app)
    step("hint", app.play.notes.font_size)  # (its reason beside the board, off the cells)
    rows[-1]["note_off"] = _note_off(app, cells, (x, y))
    mine = sorted(app.table.game.mine_cells())[0]
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=app.viewport.cell_pos(*mine), button=1))
    _settle(app)
    top = app.stage.top_dialog
    step("lost", None if top is None else top.font_size)
    return rows


if __name__ == "__main__":
    main()
