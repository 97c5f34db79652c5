"""The window, headless: real pygame events posted through the real loop, real pixels.

Each test builds the App with the SDL dummy drivers (tests/conftest.py), posts
MOUSEBUTTONDOWN/UP and key events to pygame's queue, runs frames of the real
loop, and compares regions of the window with the sprite sheet's pictures.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from conftest import classic_window

from game import cli
from game.app import App
from game.core.game import Game
from game.core.status import Status
from game.modes.ordinary import Ordinary
from game.rules import PRESETS, Difficulty
from game.session.geometry import Layout
from game.session.picture import Face
from game.view.commands import Command
from game.view.sheet import Tile
from game.view.sprites import SpriteSheet
from game.view.viewport import bar_for

ZOOM = 2


class FakeClock:
    """The app's clock, moved by hand: the timer becomes testable."""

    def __init__(self) -> None:
        self.ms = 1000.0

    def __call__(self) -> float:
        return self.ms


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def app(clock: FakeClock) -> Iterator[App]:
    classic_window()  # (the classic game's window: these tests read its pixels)
    application = App(cli.Options(zoom=ZOOM, sound=False, seed=1), clock=clock)
    application.run(frames=1)
    yield application
    application.close()


def use_layout(app: App, layout: str) -> Game:
    """Replace the app's game with fixed mines (the board must keep its size)."""
    game = Game.from_layout(layout)
    assert (game.rows, game.cols) == (app.table.board.rows, app.table.board.cols)
    app.table.start(Ordinary.given(game))
    app.run(frames=1)
    return game


# Ten mines; the wall in row 6 keeps a cascade from the top out of the bottom rows.
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


def win_beginner(app: App, clock: FakeClock | None = None, ms: int = 0) -> None:
    """Win the BEGINNER layout, taking ms on the clock from the first click."""
    use_layout(app, BEGINNER)
    click(app, cell_center(app, 0, 5))
    if clock is not None:
        clock.ms += ms
    mines = set(app.table.game.mine_cells())
    for r in range(9):
        for c in range(9):
            if app.table.game.look(r, c).name == "HIDDEN" and (r, c) not in mines:
                click(app, cell_center(app, r, c))
    assert app.table.game.status is Status.WON


def cell_center(app: App, row: int, col: int) -> tuple[int, int]:
    return app.viewport.cell_pos(row, col)


def face_center(app: App) -> tuple[int, int]:
    return app.viewport.face_pos()


def post(kind: int, **attrs: object) -> None:
    pygame.event.post(pygame.event.Event(kind, attrs))


def click(app: App, pos: tuple[int, int], button: int = 1, frames: int = 1) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    app.run(frames=frames)


def type_text(text: str) -> None:
    """Type as SDL reports it: a KEYDOWN, then the TEXTINPUT of its character."""
    for ch in text:
        post(pygame.KEYDOWN, key=ord(ch), mod=0, unicode=ch)
        post(pygame.TEXTINPUT, text=ch)


def key(code: int, unicode: str = "") -> None:
    post(pygame.KEYDOWN, key=code, mod=0, unicode=unicode)


def region(surface: pygame.Surface, rect: tuple[int, int, int, int]) -> bytes:
    return pygame.image.tobytes(surface.subsurface(rect), "RGB")


def sprite_bytes(picture: pygame.Surface) -> bytes:
    return pygame.image.tobytes(picture, "RGB")


def shows_tile(app: App, row: int, col: int, name: str) -> bool:
    """name: the tile's name on the sprite sheet (Tile's value)."""
    x, y, w, h = app.viewport.renderer.layout.cell_rect(row, col)
    z = app.viewport.zoom
    return region(app.viewport.screen, (x * z, y * z, w * z, h * z)) == sprite_bytes(
        app.viewport.renderer.sprites.tiles[Tile(name)]
    )


def shows_face(app: App, name: str) -> bool:
    x, y, w, h = app.viewport.renderer.layout.face
    z = app.viewport.zoom
    return region(app.viewport.screen, (x * z, y * z, w * z, h * z)) == sprite_bytes(
        app.viewport.renderer.sprites.faces[Face(name)]
    )


def led_reads(app: App, box: tuple[int, int, int, int]) -> str:
    """Read an LED counter off the screen by matching each digit's pixels."""
    z = app.viewport.zoom
    leds = app.viewport.renderer.sprites.leds
    x, y = (box[0] + 1) * z, (box[1] + 1) * z
    text = ""
    w, h = leds["0"].get_size()
    for k in range((box[2] - 2) * z // w):  # as many digits as the box holds
        got = region(app.viewport.screen, (x + k * w, y, w, h))
        matches = [char for char, pic in leds.items() if sprite_bytes(pic) == got]
        text += matches[0] if matches else "?"
    return text


def counter(app: App) -> str:
    return led_reads(app, app.viewport.renderer.layout.mine_counter)


def drawn_on(app: App) -> pygame.Surface:
    """The surface the dialog in front is drawn on: its own window's, or the game's
    (in the side)."""
    page = getattr(app.stage.top, "page", None)
    return app.viewport.screen if page is None else page.surface


def timer(app: App) -> str:
    return led_reads(app, app.viewport.renderer.layout.timer)


# ---------------------------------------------------------------- the window


def test_the_window_fits_the_board_at_the_zoom(app: App) -> None:
    width, height = Layout(9, 9, bar=bar_for(ZOOM)).size  # (the menu bar at the UI scale)
    assert app.viewport.screen.get_size() == (width * ZOOM, height * ZOOM)
    assert app.viewport.window.window.title == "Minesweeper"


def test_a_new_game_shows_hidden_tiles_full_counter_zero_timer_and_a_smile(app: App) -> None:
    assert all(shows_tile(app, r, c, "hidden") for r in range(9) for c in range(9))
    assert counter(app) == "010"
    assert timer(app) == "000"
    assert shows_face(app, "smile")


# ---------------------------------------------------------------- the mouse


def test_a_left_click_reveals_the_right_number_tile(app: App) -> None:
    use_layout(app, BEGINNER)
    click(app, cell_center(app, 1, 1))
    assert shows_tile(app, 1, 1, "1")
    assert shows_tile(app, 0, 0, "hidden")
    assert app.table.game.status is Status.PLAYING


def test_a_cascade_opens_the_region(app: App) -> None:
    use_layout(app, BEGINNER)
    click(app, cell_center(app, 0, 5))
    assert shows_tile(app, 0, 5, "open")
    assert shows_tile(app, 2, 4, "1")  # next to the mine at (3, 4)
    assert shows_tile(app, 3, 4, "hidden")


def test_a_left_press_draws_the_cell_pressed_and_the_face_surprised(app: App) -> None:
    use_layout(app, BEGINNER)
    pos = cell_center(app, 5, 5)
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    app.run(frames=1)
    assert shows_tile(app, 5, 5, "open")  # pressed look
    assert shows_face(app, "surprised")
    assert app.table.game.status is Status.READY  # nothing happens on press
    post(pygame.MOUSEMOTION, pos=cell_center(app, 5, 6), rel=(0, 0), buttons=(1, 0, 0))
    app.run(frames=1)
    assert shows_tile(app, 5, 5, "hidden") and shows_tile(app, 5, 6, "open")
    post(pygame.MOUSEBUTTONUP, pos=cell_center(app, 5, 6), button=1)
    app.run(frames=1)
    assert shows_face(app, "smile")
    assert app.table.game.status is Status.PLAYING


def test_a_right_release_flags_and_the_counter_counts_down(app: App) -> None:
    use_layout(app, BEGINNER)
    click(app, cell_center(app, 0, 0), button=3)
    assert shows_tile(app, 0, 0, "flag")
    assert counter(app) == "009"
    click(app, cell_center(app, 0, 0), button=3)
    assert shows_tile(app, 0, 0, "question")
    assert counter(app) == "010"


def test_the_counter_shows_negative_values_with_a_minus(app: App) -> None:
    use_layout(app, BEGINNER)
    for col in range(9):
        click(app, cell_center(app, 1, col), button=3)
    for col in range(3):
        click(app, cell_center(app, 2, col), button=3)
    assert counter(app) == "-02"


def test_a_chord_with_both_buttons_opens_the_right_cells(app: App) -> None:
    use_layout(app, BEGINNER)
    click(app, cell_center(app, 1, 1))
    click(app, cell_center(app, 0, 0), button=3)
    pos = cell_center(app, 1, 1)
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=3)
    app.run(frames=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=3)
    app.run(frames=1)
    assert shows_tile(app, 0, 1, "1") and shows_tile(app, 1, 0, "1")
    assert shows_tile(app, 2, 2, "open")  # a zero the chord opened; the cascade ran on
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)  # the other release does nothing
    app.run(frames=1)
    assert shows_tile(app, 0, 0, "flag")


def test_a_chord_press_draws_the_hidden_neighbours_pressed(app: App) -> None:
    use_layout(app, BEGINNER)
    click(app, cell_center(app, 1, 1))
    click(app, cell_center(app, 0, 0), button=3)
    pos = cell_center(app, 1, 1)
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=2)
    app.run(frames=1)
    assert shows_tile(app, 0, 1, "open") and shows_tile(app, 2, 2, "open")
    assert shows_tile(app, 0, 0, "flag")  # flags are not pressed
    assert shows_tile(app, 3, 3, "hidden")
    post(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 1, 0))
    app.run(frames=1)
    assert shows_tile(app, 0, 1, "hidden")  # feedback cleared off the board


def test_releasing_off_the_board_does_nothing(app: App) -> None:
    use_layout(app, BEGINNER)
    post(pygame.MOUSEBUTTONDOWN, pos=cell_center(app, 4, 7), button=1)
    post(pygame.MOUSEBUTTONUP, pos=(2, 2), button=1)
    app.run(frames=1)
    assert app.table.game.status is Status.READY and shows_tile(app, 4, 7, "hidden")


def test_losing_focus_mid_press_cancels(app: App) -> None:
    use_layout(app, BEGINNER)
    pos = cell_center(app, 4, 7)
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.WINDOWFOCUSLOST)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.run(frames=1)
    assert app.table.game.status is Status.READY and shows_face(app, "smile")


def test_losing_shows_the_dead_face_the_exploded_mine_and_stops_the_timer(
    app: App, clock: FakeClock
) -> None:
    use_layout(app, BEGINNER)
    click(app, cell_center(app, 1, 1))
    click(app, cell_center(app, 3, 3), button=3)  # a wrong flag
    clock.ms += 2500
    click(app, cell_center(app, 3, 4))
    panel = app.stage.top_dialog
    assert panel is not None and panel.title == "Game over"
    assert ["3BV", "0 of 5"] in panel.rows  # type: ignore[attr-defined]
    assert ["Clicks", "3 (2 left, 1 right, 0 double)"] in panel.rows  # type: ignore[attr-defined]
    key(pygame.K_ESCAPE)  # the panel goes; the board stays as the loss left it
    app.run(frames=1)
    assert shows_face(app, "dead")
    assert shows_tile(app, 3, 4, "exploded")
    assert shows_tile(app, 0, 0, "mine") and shows_tile(app, 6, 0, "mine")
    assert shows_tile(app, 3, 3, "wrong_flag")
    assert timer(app) == "003"
    clock.ms += 5000
    app.run(frames=1)
    assert timer(app) == "003"
    click(app, cell_center(app, 5, 5))  # after the end: nothing
    assert shows_tile(app, 5, 5, "hidden")


def test_winning_shows_sunglasses_all_mines_flagged_and_counter_zero(
    app: App, clock: FakeClock
) -> None:
    win_beginner(app)
    # A first Beginner win is a best time: one view beside the board, the name box
    # over the game's figures and its place; no chain of dialogs after it.
    dialog = app.stage.top_dialog
    assert dialog is not None and dialog.title == "A new best time!"
    assert ["3BV", "5"] in dialog.figures  # type: ignore[attr-defined]
    assert "place 1 of 10" in " ".join(dialog.lines)  # type: ignore[attr-defined]
    page = getattr(app.stage.top, "page", None)  # (the classic window: a window of its own)
    assert page is not None and dialog.rect is not None
    assert page.surface.get_rect().contains(dialog.rect)
    key(pygame.K_RETURN, "\r")  # keep the offered name
    app.run(frames=1)
    assert app.stage.top_dialog is None
    assert shows_face(app, "cool")
    assert shows_tile(app, 0, 0, "flag") and shows_tile(app, 6, 3, "flag")
    assert counter(app) == "000"
    assert "won in" in app.viewport.window.window.title


def test_the_timer_shows_1_at_the_first_reveal_and_counts_seconds(
    app: App, clock: FakeClock
) -> None:
    use_layout(app, BEGINNER)
    assert timer(app) == "000"
    click(app, cell_center(app, 1, 1))
    assert timer(app) == "001"
    clock.ms += 999
    app.run(frames=1)
    assert timer(app) == "001"
    clock.ms += 1
    app.run(frames=1)
    assert timer(app) == "002"
    clock.ms += 2_000_000
    app.run(frames=1)
    assert timer(app) == "999"


def test_the_face_press_draws_it_pressed_and_a_release_on_it_starts_a_new_game(
    app: App,
) -> None:
    use_layout(app, BEGINNER)
    click(app, cell_center(app, 1, 1))
    post(pygame.MOUSEBUTTONDOWN, pos=face_center(app), button=1)
    app.run(frames=1)
    assert shows_face(app, "smile_pressed")
    post(pygame.MOUSEBUTTONUP, pos=face_center(app), button=1)
    app.run(frames=1)
    assert app.table.game.status is Status.READY
    assert shows_tile(app, 1, 1, "hidden") and shows_face(app, "smile")
    assert timer(app) == "000"


def test_dragging_off_the_face_cancels_the_new_game(app: App) -> None:
    use_layout(app, BEGINNER)
    click(app, cell_center(app, 1, 1))
    post(pygame.MOUSEBUTTONDOWN, pos=face_center(app), button=1)
    post(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=(2, 2), button=1)
    app.run(frames=1)
    assert app.table.game.status is Status.PLAYING


def test_touch_emulated_mouse_events_act_once(app: App) -> None:
    use_layout(app, BEGINNER)
    pos = cell_center(app, 0, 0)
    post(pygame.FINGERDOWN, touch_id=1, finger_id=1, x=0.1, y=0.4, dx=0, dy=0, pressure=1)
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=3, touch=True)
    post(pygame.FINGERUP, touch_id=1, finger_id=1, x=0.1, y=0.4, dx=0, dy=0, pressure=0)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=3, touch=True)
    app.run(frames=1)
    assert shows_tile(app, 0, 0, "flag")  # flagged once, not flagged and unflagged


# ---------------------------------------------------------------- keys


def test_keys_1_2_3_change_difficulty_and_resize_the_window(app: App) -> None:
    for key, name in (
        (pygame.K_2, "intermediate"),
        (pygame.K_3, "expert"),
        (pygame.K_1, "beginner"),
    ):
        post(pygame.KEYDOWN, key=key, mod=0, unicode="")
        app.run(frames=1)
        board = PRESETS[Difficulty(name)]
        width, height = Layout(board.rows, board.cols, bar=bar_for(app.viewport.zoom)).size
        assert app.table.board == board
        assert app.viewport.screen.get_size() == (
            width * app.viewport.zoom,
            height * app.viewport.zoom,
        )
        assert counter(app) == f"{board.mines:03d}"


def test_the_seed_deals_the_first_game_and_later_games_are_new(app: App) -> None:
    # The fixture's app was made with --seed 1: its board is the seeded one.
    click(app, cell_center(app, 4, 4))
    seeded = Game.new(9, 9, 10, seed=1)
    seeded.reveal(4, 4)
    assert app.table.game.mine_cells() == seeded.mine_cells()
    boards = set()
    for _ in range(3):
        key(pygame.K_F2)
        click(app, cell_center(app, 4, 4))
        boards.add(tuple(app.table.game.mine_cells()))
    assert len(boards) == 3 and tuple(seeded.mine_cells()) not in boards


def test_f2_starts_a_new_game(app: App) -> None:
    use_layout(app, BEGINNER)
    click(app, cell_center(app, 1, 1))
    post(pygame.KEYDOWN, key=pygame.K_F2, mod=0, unicode="")
    app.run(frames=1)
    assert app.table.game.status is Status.READY and shows_tile(app, 1, 1, "hidden")


def test_zoom_keys_change_the_scale_without_blur(app: App) -> None:
    post(pygame.KEYDOWN, key=pygame.K_EQUALS, mod=0, unicode="=")
    app.run(frames=1)
    assert app.viewport.zoom == ZOOM + 1
    big = SpriteSheet(ZOOM + 1).tiles[Tile.HIDDEN]
    assert shows_tile(app, 0, 0, "hidden")
    colours = {
        big.get_at((x, y))[:3] for x in range(big.get_width()) for y in range(big.get_height())
    }
    assert len(colours) <= 3  # white, grey, dark: no blended shades
    post(pygame.KEYDOWN, key=pygame.K_MINUS, mod=0, unicode="-")
    app.run(frames=1)
    assert app.viewport.zoom == ZOOM


def test_the_custom_dialog_validates_and_starts_a_custom_board(app: App) -> None:
    key(pygame.K_F3)  # F3 opens the dialog
    app.run(frames=1)
    assert app.stage.top_dialog is not None
    dialog = app.stage.top_dialog
    # Rows field is focused with its text selected: typing replaces it.
    type_text("1001")
    key(pygame.K_RETURN, "\r")
    app.run(frames=1)
    assert not dialog.closed  # 1001 rows is over the limit: an error, the dialog stays
    for _ in range(4):
        key(pygame.K_BACKSPACE)
    type_text("20")
    key(pygame.K_TAB, "\t")
    type_text("24")
    key(pygame.K_TAB, "\t")
    type_text("99")
    key(pygame.K_RETURN, "\r")
    app.run(frames=1)
    assert app.stage.top_dialog is None
    assert (app.table.board.rows, app.table.board.cols, app.table.board.mines) == (20, 24, 99)
    width, height = Layout(20, 24, bar=bar_for(app.viewport.zoom)).size
    assert app.viewport.screen.get_size() == (width * app.viewport.zoom, height * app.viewport.zoom)


def test_f1_shows_help_and_escape_closes_it(app: App) -> None:
    post(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="")
    app.run(frames=1)
    assert app.stage.top_dialog is not None
    scene = app.stage.top
    assert getattr(scene, "page", None) is not None  # (a window of its own beside the board)
    before = region(app.viewport.screen, (0, 0, *app.viewport.screen.get_size()))
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b")
    app.run(frames=1)
    assert app.stage.top_dialog is None and getattr(scene, "page", None) is None
    # The board was never under the help: the window is as it was, the board shown.
    assert region(app.viewport.screen, (0, 0, *app.viewport.screen.get_size())) == before
    assert shows_tile(app, 0, 0, "hidden")


def test_the_close_button_quits_the_loop(app: App) -> None:
    post(pygame.QUIT)
    assert app.run(frames=100) == 0
    assert app.frame < 100 and not app.running


# ---------------------------------------------------------------- the command line


def run_game(*args: str) -> subprocess.CompletedProcess[str]:
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin"}
    import os

    env = {**os.environ, **env}
    return subprocess.run(
        [sys.executable, "-m", "game", *args], capture_output=True, text=True, env=env, timeout=60
    )


def test_python_m_game_runs_30_frames_and_exits_0(tmp_path: object) -> None:
    done = run_game("--frames", "30", "--no-sound", "--difficulty", "expert")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--zoom", "7"], "zoom is 1, 2, 3 or 4"),
        (["--custom", "1001x30:10"], "Rows must be 9 to 1000"),
        (["--custom", "10x10:500"], "10 to 81 mines"),
        (["--custom", "big"], "ROWSxCOLS:MINES"),
        (["--difficulty", "insane"], "invalid choice"),
        (["--frames", "0"], "above 0"),
        (["--seed", "abc"], "whole number"),
        (["--bogus"], "unrecognized arguments"),
    ],
)
def test_a_wrong_option_prints_a_usage_error_and_exits_2(args: list[str], words: str) -> None:
    done = run_game(*args)
    assert done.returncode == 2
    assert words in done.stderr and "(see --help)" in done.stderr
    assert done.stderr.count("\n") == 1 and "usage:" not in done.stderr  # (one line)
    assert "Traceback" not in done.stderr


def test_without_a_desktop_the_game_says_so_in_one_line_and_exits_1() -> None:
    import os

    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("SDL_VIDEODRIVER", None)
    done = subprocess.run(
        [sys.executable, "-m", "game", "--frames", "1"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    if sys.platform in ("win32", "darwin"):
        pytest.skip("a desktop is always there on Windows and macOS")
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        "Minesweeper needs a desktop to show its window: "
        "neither DISPLAY nor WAYLAND_DISPLAY is set."
    ]


def test_missing_display_knows_the_platforms_and_the_explicit_driver() -> None:
    from game.__main__ import missing_display

    assert missing_display({"DISPLAY": ":0"}) is None
    assert missing_display({"WAYLAND_DISPLAY": "wayland-0"}) is None
    assert missing_display({"SDL_VIDEODRIVER": "dummy"}) is None
    if sys.platform not in ("win32", "darwin"):
        assert missing_display({}) is not None


def test_no_alsa_noise_before_the_games_own_line(tmp_path: object) -> None:
    # A machine without a sound card: ALSA writes a dozen lines to stderr unless hushed.
    done = run_game("--frames", "2")
    done_alsa = subprocess.run(
        [sys.executable, "-m", "game", "--frames", "2"],
        capture_output=True,
        text=True,
        env={**__import__("os").environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "alsa"},
        timeout=60,
    )
    for result in (done, done_alsa):
        assert result.returncode == 0, result.stderr
        assert "ALSA" not in result.stderr
        assert len(result.stderr.strip().splitlines()) <= 1


def test_a_data_folder_that_cannot_be_made_is_told_in_the_terminal_too(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    done = run_game("--frames", "2", "--no-sound", "--data-dir", str(blocker))
    assert done.returncode == 0
    assert f"the folder {blocker} could not be created (a file is in the way)" in done.stderr


# ---------------------------------------------------------------- pause


def _every_cell_hidden_but_under_the_box(app: App) -> bool:
    box = app.viewport.renderer.paused_box
    assert box is not None
    z = app.viewport.zoom
    for r in range(app.table.board.rows):
        for c in range(app.table.board.cols):
            x, y, w, h = app.viewport.renderer.layout.cell_rect(r, c)
            cell = pygame.Rect(x * z, y * z, w * z, h * z)
            if cell.colliderect(box):
                continue
            if not shows_tile(app, r, c, "hidden"):
                return False
    return True


def test_pause_hides_every_cell_and_stops_the_timer(app: App, clock: FakeClock) -> None:
    use_layout(app, BEGINNER)
    click(app, cell_center(app, 0, 5))  # opens the top of the board
    clock.ms += 3_500
    app.run(frames=1)
    assert timer(app) == "004"
    key(pygame.K_p, "p")
    app.run(frames=1)
    assert _every_cell_hidden_but_under_the_box(app)
    assert not shows_tile(app, 0, 5, "open")
    box = app.viewport.renderer.paused_box
    assert box is not None and box.w > 0
    clock.ms += 60_000  # a pause is not playing time
    app.run(frames=2)
    assert timer(app) == "004" and app.is_idle()
    click(app, cell_center(app, 8, 8))  # goes on, and the click does nothing else
    assert app.table.game.look(8, 8).name == "HIDDEN"
    assert shows_tile(app, 0, 5, "open") and not app.table.session.paused
    clock.ms += 1_000
    app.run(frames=1)
    assert timer(app) == "005"


def test_any_key_goes_on_but_a_modifier_alone_does_not(app: App) -> None:
    use_layout(app, BEGINNER)
    click(app, cell_center(app, 0, 5))
    key(pygame.K_p, "p")
    app.run(frames=1)
    key(pygame.K_LSHIFT)
    app.run(frames=1)
    assert app.table.session.paused
    key(pygame.K_3)  # goes on; does not start an Expert game
    app.run(frames=1)
    assert not app.table.session.paused and app.table.board.cols == 9


def test_losing_focus_or_minimising_pauses_a_game_under_way(app: App) -> None:
    post(pygame.WINDOWFOCUSLOST)
    app.run(frames=1)
    assert not app.table.session.paused  # nothing under way: nothing to pause
    use_layout(app, BEGINNER)
    click(app, cell_center(app, 0, 5))
    post(pygame.WINDOWFOCUSLOST)
    app.run(frames=1)
    assert app.table.session.paused and _every_cell_hidden_but_under_the_box(app)
    click(app, cell_center(app, 8, 8))
    post(pygame.WINDOWMINIMIZED)
    app.run(frames=1)
    assert app.table.session.paused


def test_a_paused_game_closed_is_saved_with_its_time(clock: FakeClock) -> None:
    first = App(cli.Options(zoom=2, sound=False, seed=1), clock=clock)
    first.run(frames=1)
    use_layout(first, BEGINNER)
    click(first, cell_center(first, 0, 5))
    clock.ms += 7_250
    key(pygame.K_p, "p")
    first.run(frames=1)
    clock.ms += 100_000
    first.close()
    again = App(cli.Options(zoom=2, sound=False), clock=clock)
    again.run(frames=1)
    # The saved game, offered back, is on the table (paused) from the first frame on.
    assert again.offered is not None
    assert again.offered.elapsed_ms == 7_250
    assert again.table.session.paused and again.table.session.elapsed_ms == 7_250
    again.close()


# ---------------------------------------------------------------- the menu bar


def _title_pos(app: App, index: int) -> tuple[int, int]:
    app.run(frames=1)
    return app.menubar.title_rect(index).center


def _line_pos(app: App, label: str) -> tuple[int, int]:
    app.run(frames=1)
    return app.menubar.line_rect(label).center


def test_the_menu_bar_chooses_with_the_mouse(app: App) -> None:
    post(pygame.MOUSEBUTTONDOWN, pos=_title_pos(app, 0), button=1)
    post(pygame.MOUSEBUTTONUP, pos=_title_pos(app, 0), button=1)
    app.run(frames=1)
    assert app.menubar.is_open
    where = _line_pos(app, "Expert")
    post(pygame.MOUSEMOTION, pos=where, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=where, button=1)
    post(pygame.MOUSEBUTTONUP, pos=where, button=1)
    app.run(frames=1)
    assert not app.menubar.is_open and app.table.board == PRESETS[Difficulty.EXPERT]


def test_the_menu_bar_slides_between_menus_and_a_click_outside_closes_it(app: App) -> None:
    use_layout(app, BEGINNER)
    post(pygame.MOUSEBUTTONDOWN, pos=_title_pos(app, 0), button=1)
    post(pygame.MOUSEMOTION, pos=_title_pos(app, 1), rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=_title_pos(app, 1), button=1)
    app.run(frames=1)
    assert app.menubar.open_index == 1
    covered = app.menubar.covered()
    outside = cell_center(app, 8, 0)  # (left of the Options menu, whatever its length)
    assert covered is not None and not covered.collidepoint(outside)
    assert covered.collidepoint(cell_center(app, 4, 8))  # (a long menu in columns)
    click(app, outside)  # closes the menu; the board is not touched
    assert not app.menubar.is_open and app.table.game.look(8, 0).name == "HIDDEN"
    assert shows_tile(app, 4, 8, "hidden")  # repainted under the menu


def test_the_menu_bar_works_from_the_keyboard(app: App) -> None:
    key(pygame.K_F10)
    app.run(frames=1)
    assert app.menubar.open_index == 0
    for code in (pygame.K_RIGHT, pygame.K_RETURN):  # Options: its first line is lit
        key(code)
    app.run(frames=1)
    assert app.prefs.settings.question_marks is False and not app.menubar.is_open
    for code in (pygame.K_F10, pygame.K_LEFT, pygame.K_LEFT, pygame.K_DOWN, pygame.K_RETURN):
        key(code)  # round to Options again, down a line
    app.run(frames=1)
    assert app.prefs.settings.left_click_chords is True
    post(pygame.KEYDOWN, key=pygame.K_LALT, mod=0, unicode="")
    post(pygame.KEYUP, key=pygame.K_LALT, mod=0)
    app.run(frames=1)
    assert app.menubar.is_open
    key(pygame.K_ESCAPE)
    app.run(frames=1)
    assert not app.menubar.is_open


def test_menu_lines_show_their_ticks_and_keys(app: App) -> None:
    assert app.play.checked(Command.QUESTION_MARKS) is True
    assert app.play.checked(Command.FIRST_CLICK_OPENING) is True
    assert app.play.checked(Command.FIRST_CLICK_SAFE) is False
    assert app.play.checked(Command.NEW_GAME) is None
    app.play.command(Command.FIRST_CLICK_SAFE)
    assert app.prefs.settings.first_click.value == "safe"
    app.play.command(Command.EXIT)
    assert not app.running
