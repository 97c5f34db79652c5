"""A live race's two replays played at once (game.flows.race_keep keeps them): the
player's own over the window's board and the opponent's beside it in the side, two
boards at the same moment of the same clock, each named in the bar; or the
opponent's as the ghost over the player's board (the ghost races' cursor and
progress: game.scenes.rivals). The pair key (V) switches between the two.

The opponent's playback follows the player's: the same moment while the player's
plays (played a step as the player's is, sought to it after a key or a skip), then on
by itself at the same speed once the player's has ended."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.language import gettext
from game.replay.format import Replay
from game.scenes.playback.control import Playback
from game.scenes.playback.scene import PlaybackScene, board_picture
from game.scenes.rivals import draw_ghost, draw_progress
from game.view.commands import ViewerCommand as V
from game.view.render import Renderer, draw_pointer

if TYPE_CHECKING:
    from collections.abc import Callable

    from game.view.commands import KeyMap
    from game.view.stage import Stage
    from game.view.viewport import Need, Viewport

PAD = 4
"""Room around the opponent's board in the side (window pixels at the UI scale)."""


class PairScene(PlaybackScene):
    """Two replays of one race's game, side by side or one as the other's ghost."""

    def __init__(
        self,
        replay: Replay,
        theirs: Replay,
        viewport: Viewport,
        stage: Stage,
        keys: Callable[[], KeyMap],
        *,
        counter_below_zero: bool,
        verified: bool = True,
    ) -> None:
        """``verified``: the opponent's replay verified at the end of the race (if not,
        its name says so)."""
        super().__init__(
            replay, viewport, stage, keys, counter_below_zero=counter_below_zero, standalone=False
        )
        self.their = Playback(theirs)
        name = theirs.player or gettext("the opponent")
        if not verified:
            name = gettext("{name} (unverified)").format(name=name)
        self.names = (replay.player or gettext("you"), name)
        self._their_board: tuple[Renderer, pygame.Surface] | None = None
        self._their_renderer: tuple[Renderer, Renderer] | None = None
        self._need: Need = viewport.need
        viewport.need = self._side_need
        viewport.fit_side()
        self.ghost = not viewport.has_side()
        """The opponent's as a ghost (else side by side: only where the window has a side)."""
        self._name()

    def _side_need(self, scale: int) -> int:
        width, _ = self.viewport.layout.size
        return max(self._need(scale), width * self.viewport.zoom + 2 * PAD * scale)

    def _name(self) -> None:
        said = (
            gettext("{mine} and the ghost of {theirs}")
            if self.ghost
            else gettext("{mine} on the left, {theirs} on the right")
        )
        self.caption = said.format(mine=self.names[0], theirs=self.names[1])

    # ------------------------------------------------------------------ time

    def idle(self) -> bool:
        return super().idle() and (self.their.still or not self.playback.finished)

    def update(self, step_ms: float) -> None:
        super().update(step_ms)
        self._follow_mine(step_ms)

    def _follow_mine(self, step_ms: float = 0.0) -> None:
        """The opponent's at the player's moment (on by itself past the player's end)."""
        mine, their = self.playback, self.their
        their.speed, their.paused = mine.speed, mine.paused
        if mine.finished and mine.clock.ms <= their.clock.ms:
            if their.update(step_ms):
                self.changed = True
            return
        first, last = their.span
        moment = max(first, min(last, mine.clock.ms))
        if their.clock.ms == moment:
            return
        self.changed = True
        if step_ms and their.clock.ms < moment and not their.still and not mine.skip_idle:
            their.update(step_ms)  # (played as the player's: what is pressed shows)
        if their.clock.ms != moment:  # (sought: a key, idle skipped, its end)
            their.seek(moment)

    def command(self, command: V) -> None:
        if command is V.PAIR:
            self.ghost = not self.ghost
            if not self.ghost and not self.viewport.has_side():
                self.ghost = True
                self.note = gettext("side by side needs the side: show the live counters")
            self._name()
            self.changed = True
            self.stage.repaint()
            return
        super().command(command)
        if command is V.AGAIN:
            self.their.reset()
        self._follow_mine()

    def close(self) -> None:
        super().close()
        self.viewport.need = self._need

    # ------------------------------------------------------------------ drawing

    def in_side(self) -> bool:
        return not self.ghost or super().in_side()

    def draw(self, screen: pygame.Surface, full: bool) -> list[pygame.Rect]:
        dirty = super().draw(screen, full)
        if not dirty:
            return dirty
        viewport = self.viewport
        if self.ghost:
            share = self._solved(self.playback), self._solved(self.their)
            draw_progress(screen, viewport, *share)
            if self.their.pointer is not None:
                draw_ghost(screen, viewport, self.their.pointer)
            return dirty
        picture = self.their_picture()
        side, top = viewport.beside(), viewport.bar().h
        at = (side.x + PAD * viewport.side.scale, 0)
        area = pygame.Rect(0, top, picture.get_width(), picture.get_height() - top)
        screen.blit(picture, (at[0], top), area.clip(pygame.Rect(0, 0, side.w, side.bottom)))
        if self.their.pointer is not None:  # (its pointer, as the player's has)
            x, y = viewport.window_pos(self.their.pointer)
            clip = screen.get_clip()
            screen.set_clip(side)
            draw_pointer(screen, (x + at[0], y), viewport.zoom)
            screen.set_clip(clip)
        return dirty

    def their_picture(self) -> pygame.Surface:
        """The opponent's board as it stands now, drawn by a renderer of its own at
        the window's layout and zoom."""
        renderer = self.viewport.renderer
        if self._their_renderer is None or self._their_renderer[0] is not renderer:
            own = Renderer(self.viewport.layout, self.viewport.zoom, renderer.theme)
            self._their_renderer = (renderer, own)
        their = self._their_renderer[1]
        self._their_board = board_picture(
            their, self._their_board, self.their, self.counter_below_zero
        )
        return self._their_board[1]

    @staticmethod
    def _solved(playback: Playback) -> float:
        game = playback.table.game
        return game.bbbv_solved() / max(game.bbbv or 1, 1)
