"""The replay viewer's scene: a playback (control.py) drawn over the whole window,
its keys the key map's viewer commands, its bar (status.py), the views over the
board (overlays.py) and the GIF it can write (gif.py).

The board is drawn by the viewport's renderer into a picture of its own, only the
cells that changed; each frame that picture is shown and the heat, the bar, the
pointer and the timeline are drawn over it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.core.delta import Cell
from game.flows.web_save import copy_off_the_loop, save_off_the_loop
from game.language import gettext
from game.replay.format import Replay
from game.scenes.playback.control import Playback
from game.scenes.playback.gif import GifStep
from game.scenes.playback.overlays import HEAT, TIMELINE, Overlays
from game.scenes.playback.status import StatusBar, bar_state, key_name, status_forms
from game.scenes.playback.voice import PlaybackVoice
from game.screens.messages import saved_dialog
from game.session.geometry import TILE
from game.session.picture import picture_of
from game.view.commands import KeyMap
from game.view.commands import ViewerCommand as V
from game.view.render import Renderer
from game.view.stage import Scene, Stage
from game.view.viewport import Viewport
from game.view.window import TITLE

if TYPE_CHECKING:
    from game.analysis.judge import Judgment
    from game.replay.drive import ReplayClock
    from game.session.input import InputMachine
    from game.session.table import Table
    from game.view.animation import GifExport

PLAY_BOARD = "play this board"
"""What the scene answers when the player leaves it to play the replay's board."""
PRACTISE_HERE = "practise from here"
"""What it answers when the player takes over the game at the moment shown."""
SPEEDS: dict[V, float] = {V.SPEED_1: 1, V.SPEED_2: 2, V.SPEED_4: 4, V.SPEED_8: 8}


def following(viewport: Viewport) -> Callable[[int, int], None]:
    """What keeps the replay's pointer in view on a board larger than the window."""

    def follow(x: int, y: int) -> None:
        layout = viewport.layout
        if layout.scrolls:
            row = max(0, min(layout.rows - 1, y // TILE))
            col = max(0, min(layout.cols - 1, x // TILE))
            viewport.keep_in_view(row, col)

    return follow


class PlaybackScene(Scene):
    """A replay being played back in the window."""

    opaque = True

    def __init__(
        self,
        replay: Replay,
        viewport: Viewport,
        stage: Stage,
        keys: Callable[[], KeyMap],
        *,
        counter_below_zero: bool,
        caption: str = "",
        standalone: bool = True,
    ) -> None:
        self.viewport = viewport
        self.stage = stage
        self.keys = keys
        """The key map (the player's, as it is now): what a key means here."""
        self.counter_below_zero = counter_below_zero
        self.caption = caption
        """Who played it, with which program, when (a community file says)."""
        self.standalone = standalone
        """The window was opened for this replay (--replay, a file double-clicked): Q
        quits the game, and Esc goes back to the game's window, where Esc again quits."""
        self.on_analyse: Callable[[], None] | None = None
        """What the analysis key does: open the game's analysis (the playback pauses)."""
        self.playback = Playback(replay, following(viewport))
        self.overlays = Overlays(self.playback, viewport)
        self.bar = StatusBar()
        self.gifs = GifStep(None)
        self.note = ""
        """A word for the bar about something just asked for (why it cannot be)."""
        self.changed = True
        self._board: tuple[Renderer, pygame.Surface] | None = None
        self.voice = PlaybackVoice(self.playback, self.overlays, stage.speaker, caption)
        viewport.show(replay.board)
        title = gettext("{game} - replay").format(game=gettext(TITLE))
        viewport.window.set_title(title + (f": {caption}" if caption else ""))

    # ------------------------------------------------------------------ the playback's

    @property
    def replay(self) -> Replay:
        return self.playback.replay

    @property
    def table(self) -> Table:
        """The playback's own table (never the player's)."""
        return self.playback.table

    @property
    def clock(self) -> ReplayClock:
        return self.playback.clock

    @property
    def machine(self) -> InputMachine:
        return self.playback.machine

    @property
    def finished(self) -> bool:
        return self.playback.finished

    @property
    def speed(self) -> float:
        return self.playback.speed

    @property
    def paused(self) -> bool:
        return self.playback.paused

    @property
    def skip_idle(self) -> bool:
        return self.playback.skip_idle

    @property
    def span(self) -> tuple[float, float]:
        return self.playback.span

    @property
    def judgment(self) -> Judgment | None:
        return self.playback.judgment

    def thinking(self) -> dict[Cell, float]:
        return self.playback.thinking()

    @property
    def paces(self) -> tuple[float | None, float | None]:
        """The player's best and median 3BV/s on the replay's board (the timeline's)."""
        return self.overlays.paces

    @paces.setter
    def paces(self, paces: tuple[float | None, float | None]) -> None:
        self.overlays.paces = paces

    @property
    def gif_folder(self) -> Path | None:
        """Where a GIF of the replay is saved (the replays folder; None: it cannot be)."""
        return self.gifs.folder

    @gif_folder.setter
    def gif_folder(self, folder: Path | None) -> None:
        self.gifs.folder = folder

    @property
    def gif(self) -> GifExport | None:
        """The GIF being written, a slice a frame (None: none)."""
        return self.gifs.gif

    # ------------------------------------------------------------------ time

    def idle(self) -> bool:
        """Nothing will move until a key: paused, or at the end, no GIF being written."""
        return self.playback.still and not self.changed and self.gif is None

    def update(self, step_ms: float) -> None:
        """One fixed step of the window's loop: a slice of the GIF, the events it covers."""
        if self.gif is not None:
            said = self.gifs.step()
            if said is not None:
                self.note = said
            if self.gifs.saved is not None:  # (the bar cuts a path: a notice gives it whole)
                self.stage.open(saved_dialog("GIF", self.gifs.saved))
                self.gifs.saved = None
            self.changed = True
        if self.playback.update(step_ms):
            self.changed = True
        self.voice.update(self.note)

    # ------------------------------------------------------------------ input

    def handle(self, event: pygame.event.Event) -> bool:
        """A key: the viewer's command the key map binds it to (the keys are listed
        in Options > Keys...). A click on the bar over the window goes to that moment
        (the bar is the replay's time), a click on the timeline too."""
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            at = self.overlays.time_at(event.pos)
            bar = self.viewport.bar()  # (across the window, the side too)
            if at is not None:
                self.playback.seek(at)
            elif bar.collidepoint(event.pos) and bar.w > 1:
                # (its first pixel is the start, its last the end)
                self.playback.seek_share((event.pos[0] - bar.x) / (bar.w - 1))
            else:
                return True
            self.changed = True
            self.voice.after(V.START, self.note)  # (a moment sought)
            return True
        if event.type == pygame.KEYDOWN:
            name = pygame.key.name(event.key, False)
            command = self.keys().viewer_command_for(name)
            if command is None:
                self.voice.key(self.keys(), name)  # (play's keys of play without sight)
                return True
            self.command(command)
            if not self.done and self.stage.top is self:  # (not left, no page opened)
                self.voice.after(command, self.note)
        return True

    def page_said(self) -> str:
        """The replay when the viewer opens; the moment, back from a page over it."""
        return self.voice.page()

    def command(self, command: V) -> None:
        """Carry out one of the viewer's commands."""
        playback = self.playback
        self.changed = True
        if command in SPEEDS:
            playback.set_speed(SPEEDS[command])
        elif command in (V.SLOWER, V.FASTER):
            playback.faster(1 if command is V.FASTER else -1)
        elif command in (V.BACK, V.ON):
            playback.step(1 if command is V.ON else -1)
        elif command in (V.START, V.END):
            playback.seek(playback.span[command is V.END])
        elif command is V.PAUSE:
            playback.paused = not playback.paused
        elif command is V.AGAIN:
            playback.reset()
            playback.paused = False
        elif command in (V.TIMELINE, V.HEATMAP):
            self.note = self.overlays.toggle(TIMELINE if command is V.TIMELINE else HEAT)
            self.stage.repaint()  # (drawn in the side, where the window has one)
        elif command is V.ODDS:
            playback.table.toggle_probabilities()
        elif command is V.SKIP_IDLE:
            playback.skip_idle = not playback.skip_idle
        elif command is V.ANALYSIS and self.on_analyse is not None:
            playback.paused = True
            self.on_analyse()
        elif command is V.PRACTISE_HERE:
            if playback.table.session.status.is_over:
                back = key_name(self.keys(), V.BACK)
                self.note = gettext("the game is over here: go back a move ({key}) first").format(
                    key=back
                )
            else:
                self.close_with(PRACTISE_HERE)
        elif command is V.PLAY_BOARD and self.replay.minefield is not None:
            self.close_with(PLAY_BOARD)
        elif command is V.GIF and self.gif is None:
            self.note = self.gifs.start(
                self.replay,
                speed=playback.speed,
                zoom=self.viewport.zoom,
                theme=self.viewport.renderer.theme,
                counter_below_zero=self.counter_below_zero,
            )
        elif command is V.WEB:
            folder = self.gif_folder
            save_off_the_loop(
                self.stage, self.replay, folder and folder.parent, self._said, self.caption
            )
        elif command is V.LINK:
            copy_off_the_loop(self.stage, self.replay, self._said, self.caption, whole=True)
        elif command in (V.CLOSE, V.QUIT):
            if self.gif is not None:
                self.note = self.gifs.stop()
            elif self.standalone and command is V.QUIT:
                self.stage.quit()
            else:
                self.done = True  # (a replay opened on its own: back to the game's window)

    def _said(self, said: str, saved: Path | None = None) -> None:
        """What became of a web page or link made off the loop (a page's whole path
        in a notice: the bar cuts it)."""
        self.note, self.changed = said, True
        if saved is not None:
            self.stage.open(saved_dialog(gettext("Web page"), saved))

    def close_with(self, result: str) -> None:
        """Leave the viewer with an answer for whoever opened it."""
        self.result = result
        self.done = True

    def close(self) -> None:
        """A GIF still being written is stopped (no file is left); the heat's legend's
        own window closes."""
        self.overlays.close()
        if self.gif is not None:
            self.gifs.stop()

    # ------------------------------------------------------------------ drawing

    def status(self) -> tuple[str, ...]:
        """The bar's text, longest first: the first that fits is drawn."""
        return status_forms(bar_state(self.playback, self.note), self.caption, self.keys())

    def draw(self, screen: pygame.Surface, full: bool) -> list[pygame.Rect]:
        """The board as the replay has it now, the views over it, the pointer, and
        the bar of keys."""
        if not (self.changed or full):
            return []
        self.changed = False
        board = self._draw_board()
        if full and screen.get_size() != board.get_size():
            screen.fill(self.viewport.renderer.theme.face)  # (the side, the room under the board)
        screen.blit(board, (0, 0))
        self.viewport.frame_side(screen)  # (the timeline and the legend go there)
        self.overlays.draw_under_bar(screen)
        bar = self.viewport.bar()
        if self.gif is not None:
            stop = key_name(self.keys(), V.CLOSE)
            self.bar.draw_progress(screen, bar, self.gif.progress, stop)
        else:
            self.bar.draw(screen, bar, self.status(), self.playback.played_share)
        self.overlays.draw_over_bar(screen)
        return [screen.get_rect()]

    def in_side(self) -> bool:
        """The timeline and the heat's legend are drawn in the side."""
        return bool(self.overlays.shown)

    def _draw_board(self) -> pygame.Surface:
        """The board's picture brought up to date (board_picture)."""
        self.viewport.use_theme()
        self._board = board_picture(
            self.viewport.renderer, self._board, self.playback, self.counter_below_zero
        )
        return self._board[1]


def board_picture(
    renderer: Renderer,
    held: tuple[Renderer, pygame.Surface] | None,
    playback: Playback,
    counter_below_zero: bool,
) -> tuple[Renderer, pygame.Surface]:
    """A playback's board drawn by ``renderer`` into its picture (``held``: the one
    drawn last, and by which renderer): the cells that changed, or all of them for a
    new renderer (a new look, a new layout) or a playback started again."""
    if held is None or held[0] is not renderer or playback.restarted:
        size = renderer.size
        surface = held[1] if held is not None and held[1].get_size() == size else None
        held = (renderer, surface or pygame.Surface(size))
        renderer.invalidate()
        playback.restarted = False
    session = playback.table.session
    picture = picture_of(
        session,
        playback.machine.feedback,
        counter_below_zero=counter_below_zero,
        advice=playback.table.advice(),
    )
    changed, playback.changed = playback.changed, set()
    renderer.draw(held[1], session.game, picture, changed)
    return held
