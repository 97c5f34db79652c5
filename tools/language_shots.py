"""The window in each language, for the docs: the Game menu open, the Options menu, the
end-of-game panel after a lost game, and the analysis of a community replay (王嘉宁's
EVF from the tests' replays), each taken headless on
Beginner at zoom 2, the five languages side by side (the panel's in rows of two) in
one PNG each. The window's own surface is saved, so no screen grabber is needed; on a
1920x1080 desktop (Xvfb) the panel is drawn as a player sees it (SDL's dummy driver
has a 1024x768 one, where the wider panels fall back to the smaller font):

    Xvfb :61 -screen 0 1920x1080x24 &
    SDL_VIDEODRIVER=x11 DISPLAY=:61 python tools/language_shots.py
    # docs/languages-{menu,options,panel,analysis}.png

Run from the project's root; nothing of the player's is touched (a data folder of its
own, in a temporary folder)."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game import cli, language  # noqa: E402
from game.app import App  # noqa: E402
from game.scenes.menubar import MenuBarScene  # noqa: E402
from game.view.page_window import MenuWindow  # noqa: E402

ZOOM = 2
GAP = 12
REPLAY = (
    ROOT
    / "tests/data/replays/ms-toollib/test_files/b_5_3.796_3BV=3_3BVs=0.790_王嘉宁(元3.1.9_v3).evf"
)


class Clock:
    """The app's clock, moved by hand (a click takes a moment)."""

    def __init__(self) -> None:
        self.ms = 1000.0

    def __call__(self) -> float:
        return self.ms


def post(kind: int, **attrs: object) -> None:
    pygame.event.post(pygame.event.Event(kind, attrs))


def click(app: App, clock: Clock, pos: tuple[int, int]) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    app.run(frames=1)
    clock.ms += 80
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    app.run(frames=1)
    clock.ms += 90
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.run(frames=1)


def menu(app: App, clock: Clock) -> None:
    app.menubar.open(0)


def options(app: App, clock: Clock) -> None:
    app.menubar.open(1)


def panel(app: App, clock: Clock) -> None:
    from game.modes.ordinary import Ordinary
    from game.rules import PRESETS, Difficulty

    rules = app.prefs.settings.rules
    app.play.play(Ordinary(PRESETS[Difficulty.BEGINNER], rules, seed=77))
    app.run(frames=1)
    click(app, clock, app.viewport.cell_pos(4, 4))
    for row, col in app.table.game.mine_cells():
        if app.table.game.status.is_over:
            break
        click(app, clock, app.viewport.cell_pos(row, col))


def analysis(app: App, clock: Clock) -> None:
    from game.flows.analysis import analyse
    from game.replay.files import open_replay

    opened = open_replay(REPLAY)
    analyse(app.stage, opened.replay, REPLAY.name, str(REPLAY))


VIEWS: dict[str, Callable[[App, Clock], None]] = {
    "menu": menu,
    "options": options,
    "panel": panel,
    "analysis": analysis,
}
"""Each view, by its name in docs/languages-<name>.png (``python tools/language_shots.py
options`` takes the named ones alone)."""


def shot(code: str, view: Callable[[App, Clock], None]) -> pygame.Surface:
    """The window in one language with one view open: a copy of its surface."""
    with tempfile.TemporaryDirectory() as folder:
        clock = Clock()
        app = App(
            cli.Options(zoom=ZOOM, sound=False, seed=1, data_dir=folder, language=code),
            clock=clock,
        )
        try:
            app.run(frames=1)
            view(app, clock)
            for _ in range(3):
                clock.ms += 20
                app.run(frames=1)
            bar = next(s for s, _ in app.stage.scenes if isinstance(s, MenuBarScene))
            return with_popup(app.viewport.screen, bar.popup)
        finally:
            app.close()


def with_popup(screen: pygame.Surface, popup: MenuWindow | None) -> pygame.Surface:
    """The window's surface, and a menu open in a window of its own (one the window
    cannot hold whole: the Options menu beside Beginner in German) where it is."""
    if popup is None or popup.window is None:
        return screen.copy()
    menu, at = popup.window.get_surface(), popup.offset()
    whole = screen.get_rect().union(menu.get_rect(topleft=at))
    picture = pygame.Surface(whole.size)
    picture.fill((255, 255, 255))
    picture.blit(screen, (-whole.x, -whole.y))
    picture.blit(menu, (at[0] - whole.x, at[1] - whole.y))
    return picture


def grid(shots: list[pygame.Surface], columns: int) -> pygame.Surface:
    """The shots in rows of ``columns``, in language order, on white."""
    cell_w = max(s.get_width() for s in shots)
    cell_h = max(s.get_height() for s in shots)
    rows = -(-len(shots) // columns)
    width = min(columns, len(shots)) * (cell_w + GAP) + GAP
    sheet = pygame.Surface((width, rows * (cell_h + GAP) + GAP))
    sheet.fill((255, 255, 255))
    for at, picture in enumerate(shots):
        row, column = divmod(at, columns)
        sheet.blit(picture, (GAP + column * (cell_w + GAP), GAP + row * (cell_h + GAP)))
    return sheet


def main() -> int:
    named = sys.argv[1:] or list(VIEWS)
    for name, view in ((name, VIEWS[name]) for name in named):
        shots = [shot(code, view) for code in language.LANGUAGES]
        target = ROOT / "docs" / f"languages-{name}.png"
        columns = len(shots) if name != "panel" else 2  # (the panel's windows are wide)
        pygame.image.save(grid(shots, columns), str(target))
        print(target.relative_to(ROOT))
    language.use(language.ENGLISH)
    return 0


if __name__ == "__main__":
    sys.exit(main())
