"""The first frame: the window as a new game shows it (the covered board, the mine
counter, the face, the timer at 0, the menu bar), drawn from the settings alone,
before the engine, the table and the rest of the game are imported; or, when the game
left unfinished last time is to be offered back, that game's board as its pause shows
it (every cell hidden, its mine counter and its time), which the window then puts on
the table, paused, under the offer (game.flows.resume).

game/__main__.py shows it, then imports the window shell (game.app), which takes
over what this made (the profile, the preferences, the viewport with its window,
the menu bar) and draws the same pixels again; the events that came meanwhile wait
in pygame's queue and are handled in order once everything is set up.
"""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Protocol

import pygame

from game.language import shown
from game.persist.paths import data_dir
from game.persist.profile import Profile
from game.persist.resume import SavedGame
from game.persist.seats import Seat
from game.rules import Board
from game.session.picture import Covered, counter_shown, covered_picture, paused_picture
from game.session.stopwatch import seconds_shown_at
from game.view.menus import MENUS
from game.view.prefs import Prefs
from game.view.sound import warn_to_stderr
from game.view.viewport import Viewport
from game.view.widgets.menubar import MenuBar
from game.view.window import software_framebuffer


class Asked(Protocol):
    """What the command line asks of the first frame (game.cli.Options)."""

    @property
    def data_dir(self) -> str | None: ...
    @property
    def board(self) -> Board | None: ...
    @property
    def zoom(self) -> int | None: ...
    @property
    def sound(self) -> bool | None: ...
    @property
    def language(self) -> str | None: ...


class FirstFrame:
    """What the first frame made, for the window to go on with."""

    __slots__ = ("menubar", "offered", "prefs", "profile", "viewport")

    def __init__(
        self,
        profile: Profile,
        prefs: Prefs,
        viewport: Viewport,
        menubar: MenuBar,
        offered: SavedGame | None = None,
    ) -> None:
        self.profile = profile
        self.prefs = prefs
        self.viewport = viewport
        self.menubar = menubar
        self.offered = offered
        """The saved game whose board it showed, to be offered back (None: a new game)."""


def first_frame_asked(asked: Asked, *, offer: bool) -> FirstFrame:
    """The first frame as the command line asks for it (``offer``: no replay given)."""
    return show_first_frame(
        asked.data_dir, asked.board, asked.zoom, asked.sound, asked.language, offer
    )


def show_first_frame(
    folder: Path | str | None,
    board: Board | None = None,
    zoom: int | None = None,
    sound: bool | None = None,
    language: str | None = None,
    offer: bool = True,
) -> FirstFrame:
    """Open the window and show a new game of ``board`` (None: the settings' board)
    at ``zoom`` (None: the settings'), in the settings' look and language
    (``language``: the command line's, for this session only); with ``offer`` (no
    replay given to watch), the saved game's board instead when there is one."""
    # Only what the game uses: pygame.init() would also open the audio device
    # (the sound player does that once the first frame is up) and joysticks.
    pygame.display.init()
    software_framebuffer()  # (on X11: no OpenGL driver loaded for a software picture)
    pygame.font.init()
    profile = Profile.open(data_dir(folder))
    for problem in profile.problems:  # the terminal hears them too (--data-dir)
        warn_to_stderr(shown(problem))
    prefs = Prefs(profile, sound)
    prefs.speak(language)
    offered = profile.saved_game if offer else None
    board = offered.board if offered is not None else board or prefs.settings.board
    beside = lambda: prefs.settings.counters_shown  # noqa: E731
    viewport = Viewport(board, zoom or prefs.settings.zoom, beside, Seat.take(profile.folder))
    menubar = MenuBar(MENUS, lambda: prefs.keymap, lambda command: False)
    screen = viewport.screen
    if offered is None:
        picture = covered_picture(board.mines)
    else:  # (as the table shows the saved game, paused, under the offer)
        counter = counter_shown(board.mines - offered.flags, prefs.settings.counter_below_zero)
        picture = paused_picture(counter, seconds_shown_at(offered.elapsed_ms), prompt=False)
    viewport.renderer.draw(screen, Covered(board.rows, board.cols), picture)
    viewport.frame_side(screen)  # (its lines come with the table, before the first input)
    menubar.draw(screen, viewport.renderer.sprites, viewport.bar())
    viewport.window.present()
    # What is made so far (pygame, the modules, the profile, the window) lives as long
    # as the game: the collector stops walking it, and the imports of the rest that
    # follow at once are collected faster (about 2 ms less before the first input).
    gc.freeze()
    return FirstFrame(profile, prefs, viewport, menubar, offered)
