"""The window's screenshots in docs/: the one window as a player sees it, in the three
looks, Beginner and Expert at 1x and 3x (Expert at 3x needs more than a 1080-line
screen: the virtual screen is 2560x1440).

    python tools/window_shots.py            (needs Xvfb; or DISPLAY set to a screen)

Seven moments each: a game under way with the live counters beside the board
(``window-playing``), a lost game with its result beside the board (``window-lost``)
and its analysis (``window-analysis``),
a best-time win, its name box over the figures (``window-best``), a race against the
ghost of the game before (``window-race``) and the replay viewer with its timeline
beside the board (``window-viewer``), then the thinking time's heat over it and its
legend beside it (``window-heat``). Each picture is the window's own surface (what
the game drew), saved as docs/window-<moment>-<board>-<look>-<zoom>x.png.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from game import cli  # noqa: E402
from game.app import App  # noqa: E402
from game.core.game import Game  # noqa: E402
from game.modes.ordinary import Ordinary  # noqa: E402
from game.screens.end_of_game import PanelAnswer  # noqa: E402
from game.view.commands import Command  # noqa: E402

SCREEN = "2560x1440x24"
LOOKS = {
    "classic": "THEME_CLASSIC",
    "colourblind": "THEME_COLOURBLIND",
    "contrast": "THEME_CONTRAST",
}
SHOTS = {
    "classic": (("beginner", 1), ("beginner", 3), ("expert", 1), ("expert", 3)),
    "colourblind": (("beginner", 3), ("expert", 1)),
    "contrast": (("beginner", 1), ("expert", 3)),
}
"""Each look at both boards; the classic at both zooms of each."""
REPLAY = ROOT / "tests/data/replays/flop-player/avf/arbiter_int.avf"

# A Beginner board: ten mines, the wall in row 6 keeps a cascade out of the bottom rows.
BEGINNER = """
*........
.........
.........
....*....
.........
.........
********.
.........
.........
"""


@contextmanager
def screen() -> Iterator[None]:
    """A virtual 2560x1440 screen with a window manager, unless one is given."""
    if os.environ.get("DISPLAY"):
        yield
        return
    read, write = os.pipe()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", SCREEN, "-nolisten", "tcp"],
        pass_fds=(write,),
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as pipe:
        os.environ["DISPLAY"] = f":{pipe.readline().strip()}"
    manager = None
    if shutil.which("openbox"):
        manager = subprocess.Popen(["openbox", "--sm-disable"], stderr=subprocess.DEVNULL)
        time.sleep(0.5)
    try:
        yield
    finally:
        if manager is not None:
            manager.terminate()
        xvfb.terminate()


class Clock:
    """The game's clock, moved by hand."""

    def __init__(self) -> None:
        self.ms = 1000.0

    def __call__(self) -> float:
        return self.ms


def main() -> None:
    with screen():
        for look, command in LOOKS.items():
            for board, zoom in SHOTS[look]:
                shoot(look, command, board, zoom)


def shoot(look: str, theme_command: str, board: str, zoom: int) -> None:
    """The seven moments in one look, on one board at one zoom."""
    folder = tempfile.mkdtemp(prefix="minesweeper-shots-")
    clock = Clock()
    options = cli.Options(sound=False, zoom=zoom, data_dir=folder, seed=7, language="en")
    app = App(options, clock=clock)
    app.run(frames=1)
    app.get_ready()
    app.play.command(Command[theme_command])
    if board == "expert":
        app.play.command(Command.EXPERT)

    def frames(count: int = 3) -> None:
        for _ in range(count):
            app.run(frames=1)

    def click(row: int, col: int, button: int = 1, ms: float = 700.0) -> None:
        pos = app.viewport.cell_pos(row, col)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(3, 2), buttons=(0,) * 3)
        )
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        frames(1)
        clock.ms += ms

    def save(moment: str) -> None:
        frames()
        app.stage.repaint()
        frames()
        name = f"window-{moment}-{board}-{look}-{zoom}x.png"
        pygame.image.save(app.viewport.screen, str(ROOT / "docs" / name))
        print(name, app.viewport.window.size)

    def safe_cells() -> list[tuple[int, int]]:
        game = app.table.game
        mines = set(game.mine_cells())
        return [
            (r, c)
            for r in range(game.rows)
            for c in range(game.cols)
            if game.look(r, c).name == "HIDDEN" and (r, c) not in mines
        ]

    def win() -> None:
        if board == "beginner":
            app.table.start(Ordinary.given(Game.from_layout(BEGINNER)))
            frames(1)
            click(0, 5)
        else:
            click(8, 15)
        while safe_cells():
            click(*safe_cells()[0], ms=350.0)

    # A game under way: some cells opened, a flag, the counters beside the board.
    if board == "beginner":
        app.table.start(Ordinary.given(Game.from_layout(BEGINNER)))
        frames(1)
        click(0, 5)
        click(4, 4, button=3)
        click(5, 8)
    else:
        click(8, 15)
        for cell in safe_cells()[:12]:
            click(*cell)
        mines = sorted(app.table.game.mine_cells())
        click(*mines[0], button=3)
    save("playing")

    # A lost game: its result beside the board it lost.
    mines = [
        m for m in sorted(app.table.game.mine_cells()) if app.table.game.look(*m).name == "HIDDEN"
    ]
    click(*mines[0])
    save("lost")
    panel = app.stage.top_dialog
    if panel is not None:  # its analysis, beside the board too
        at = panel.button_rect(PanelAnswer.ANALYSIS.label).center
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=at, button=1))
        save("analysis")
    app.stage.clear_dialogs()

    # A best-time win: the name box over the game's figures and its place, one view.
    app.play.command(Command.NEW_GAME)
    frames(1)
    win()
    save("best")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    frames(2)
    replay = app.end_of_game.last_replay if app.end_of_game is not None else None

    # A race: the same board again against the ghost of the game just won.
    if replay is not None and app.end_of_game is not None:
        app.end_of_game.retry(app.table.session, replay)
        frames(1)
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
        )
        frames(2)
        first = safe_cells()
        for cell in first[: max(3, len(first) // 3)]:
            click(*cell, ms=900.0)
        save("race")

    # The replay viewer, its timeline (T) beside the board, halfway through.
    app.stage.clear_dialogs()
    if board == "expert":
        app.play.command(Command.INTERMEDIATE)  # (the replay's board)
    scene = app.watcher().file(REPLAY)
    if scene is not None:
        frames(2)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode="t"))
        frames(2)
        first_ms, last_ms = scene.span
        scene.playback.seek(first_ms + (last_ms - first_ms) * 0.6)
        save("viewer")
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
        save("heat")
    app.close()


if __name__ == "__main__":
    main()
