"""The stage: a stack of scenes in one window (Tuxemon's state manager: push, pop,
replace; arcade's views).

A scene answers: handle an event (consumed or not), update by a time step, draw
(returning the rectangles it changed), whether it is idle (so the loop can sleep),
whether it is shown in the side beside the board, and close. Input goes to the top
scene first, then down while no scene takes it; drawing goes bottom-up. The play
screen, an open menu, each dialog and the replay viewer are scenes. A scene that is
done sets ``done``; the stage takes it off and hands its result to whoever opened it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.language import gettext
from game.view import scale
from game.view.page_window import PageWindow, strip_to_lend
from game.view.speech import Speaker
from game.view.theme import current as theme
from game.view.waiting import WAKE
from game.view.widgets.body_scroll import BodyScroll, breaks_a_word, scrolls_in
from game.view.widgets.dialog import Dialog, fits_at_scale, page_size
from game.view.window import desktop_size, usable_size

POINTER_EVENTS = frozenset(
    {pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL}
)

if TYPE_CHECKING:
    from game.view.viewport import Viewport


class Scene:
    """One layer of the stage; the defaults suit a scene that does little."""

    done = False
    """Set when the scene is finished: the stage takes it off."""
    result: Any = None
    """What the scene answers when it is done (a dialog's button, a menu's command)."""
    modal = True
    """Events this scene does not take go no further down."""
    covers = False
    """Drawn over a whole frame: while it is up, nothing under it is drawn alone."""
    opaque = False
    """Draws the whole window itself: the scenes under it are not drawn at all."""

    def handle(self, event: pygame.event.Event) -> bool:
        """Take an event; True if it was consumed."""
        return False

    def update(self, step_ms: float) -> None:
        """One fixed step of game time."""

    def draw(self, screen: pygame.Surface, full: bool) -> list[pygame.Rect]:
        """Draw what changed (everything when ``full``); the rectangles drawn."""
        return []

    def dirty(self) -> bool:
        """Something to draw, as an overlay (a scene under it is drawn again too)."""
        return False

    def idle(self) -> bool:
        """Nothing can change without an event (a scene that changes at a time of its
        own answers wake_in instead; the stage asks only wake_in)."""
        return True

    def wake_in(self) -> float | None:
        """How soon (ms) it changes by itself, with no event: 0 at every frame, None
        never (it waits for input); the loop sleeps until the soonest scene's."""
        return None if self.idle() else 0.0

    def in_side(self) -> bool:
        """Shown in the side beside the board (a classic window has none: no side opens)."""
        return False

    def covered(self) -> None:
        """A scene was put in front of this one (let go of what the mouse held)."""

    def page_said(self) -> str | None:
        """What it shows, said when it comes to the front ("": nothing to say; None:
        not laid out yet, said once it is drawn)."""
        return ""

    def focus_said(self) -> tuple[str, str]:
        """Where the keyboard focus is in it, as speech says it: the place (a menu's
        title: said when it changes) and the line or button; said as they change."""
        return "", ""

    def relayout(self) -> None:
        """Its words changed (a new language): lay out again before the next draw."""

    def close(self) -> None:
        """The scene leaves the stage."""


Answer = Callable[[Any], None]


class Stage:
    """The window's scenes, bottom first."""

    def __init__(self, viewport: Viewport, speaker: Speaker | None = None) -> None:
        self.viewport = viewport
        self.speaker = speaker or Speaker()
        """What says the scenes' words (the shell's; a silent one until it is given)."""
        self._heard: tuple[Scene | None, str, str] = (None, "", "")
        """The scene in front, the place and the focus last said."""
        self.scenes: list[tuple[Scene, Answer | None]] = []
        self.quitting = False
        """A scene asked to close the window."""
        self.to_board: Callable[[pygame.event.Event], bool] = lambda event: False
        """The event goes past every page beside the board to it: the classic keys
        that start a new game (F2, 1, 2, 3 as bound) and a press on the face (the
        play scene says which)."""
        self.going_to_board = False
        """The pages were just left for the board: while they answer, none opens
        another in return (the History after its game's analysis)."""
        self._stale = True

    @property
    def top(self) -> Scene | None:
        """The scene in front."""
        return self.scenes[-1][0] if self.scenes else None

    @property
    def top_dialog(self) -> Dialog | None:
        """The dialog in front, if the scene in front is one."""
        top = self.top
        return top.dialog if isinstance(top, DialogScene) else None

    def push(self, scene: Scene, answer: Answer | None = None) -> None:
        """Put a scene in front; ``answer`` gets its result when it is done."""
        for below, _ in self.scenes:
            below.covered()
        self.scenes.append((scene, answer))
        self._stale = True

    def open(self, dialog: Dialog, answer: Answer | None = None) -> None:
        """Show a modal dialog in front: in a window of its own when the dialog it is
        opened from has one (the Settings' Player form: in the side, it went under
        the Settings' window where that stands over the side, or far from it)."""
        over_page = isinstance(self.top, DialogScene) and self.top.page is not None
        self.push(DialogScene(dialog, self.viewport, own_window=over_page), answer)

    def back_to(self, then: Callable[[], None]) -> Answer:
        """The answer of a page opened from another (a game's analysis from the
        History, from the end of a game): ``then`` goes back there, unless the
        player left the pages for the board."""
        return lambda _: None if self.going_to_board else then()

    def replace(self, scene: Scene, answer: Answer | None = None) -> None:
        """Put a scene in place of the one in front."""
        if self.scenes:
            self.scenes.pop()[0].close()
        self.push(scene, answer)

    def clear_dialogs(self) -> None:
        """Take every dialog in front off, without answers (the scenes under them,
        the board and the menu bar, stay)."""
        while self.scenes and isinstance(self.scenes[-1][0], DialogScene):
            self.scenes.pop()[0].close()
        self._stale = True

    def quit(self) -> None:
        """Close the window after this frame."""
        self.quitting = True

    def handle(self, event: pygame.event.Event) -> None:
        """Give an event to the top scene first, then down while it is not taken (a
        classic key, or a press on the face, past the pages beside the board first)."""
        if event.type == WAKE:  # (another thread woke the loop: no scene's event)
            self.settle()
            return
        if isinstance(self.top, DialogScene) and self.to_board(event):
            self._leave_pages(event)
        for scene, _ in reversed(self.scenes):
            if scene.handle(event) or scene.modal:
                break
        self.settle()
        self.speak()

    def speak(self, interrupt: bool = True) -> None:
        """Say what came to the front and where the focus went since the last time
        (after what the event made the scenes say), as one announcement."""
        speaker, top = self.speaker, self.top
        if speaker.active and top is not None:
            scene, place, focus = self._heard
            if top is not scene:
                page = top.page_said()
                if page is None:  # (a dialog not laid out yet: said once drawn)
                    speaker.flush(interrupt)
                    return
                now_place, now_focus = top.focus_said()
                for words in (page, "" if page else now_place, now_focus):
                    speaker.say(words)  # (a page says its place: a browser's folder)
            else:
                now_place, now_focus = top.focus_said()
                if now_place != place:
                    speaker.say(now_place)
                if now_focus != focus or now_place != place:
                    speaker.say(now_focus)
            self._heard = (top, now_place, now_focus)
        speaker.flush(interrupt)

    def _leave_pages(self, event: pygame.event.Event) -> None:
        """Each page in front gives way to the board (see ``DialogScene.gives_way``)
        and answers as it does then (``DialogScene.leave``); a page opened by their
        answers (a problem told) stays."""
        pages = [scene for scene, _ in self.scenes if isinstance(scene, DialogScene)]
        self.going_to_board = True
        try:
            while self.top in pages:
                top = self.top
                assert isinstance(top, DialogScene)
                if not top.gives_way(event):
                    break
                top.leave()
                if not top.done:
                    break
                self.settle()
        finally:
            self.going_to_board = False

    def settle(self) -> None:
        """Take off the scenes that are done, answering whoever opened them."""
        while self.scenes and self.scenes[-1][0].done:
            scene, answer = self.scenes.pop()
            scene.close()
            self._stale = True
            if answer is not None:
                answer(scene.result)

    def update(self, step_ms: float) -> None:
        """A fixed step for every scene; one that a step finished (a message that
        closed a dialog) is taken off at once, as after an event."""
        for scene, _ in list(self.scenes):
            scene.update(step_ms)
        if any(scene.done for scene, _ in self.scenes):
            self.settle()

    def idle(self) -> bool:
        """Nothing on the stage can change without an event."""
        return self.wake_in() is None

    def wake_in(self) -> float | None:
        """How soon (ms) anything on it changes by itself (None: only with an event)."""
        due = [ms for ms in (scene.wake_in() for scene, _ in self.scenes) if ms is not None]
        return min(due, default=None)

    def repaint(self) -> None:
        """Draw everything again at the next frame (the window was exposed)."""
        self._stale = True

    def relayout(self) -> None:
        """Every scene lays out its words again and everything is drawn at the next
        frame, the window sized anew (the language changed: no restart)."""
        for scene, _ in self.scenes:
            scene.relayout()
        self.repaint()

    def draw(self) -> None:
        """Draw bottom-up: only what changed when one scene is up; everything when an
        overlay changed (it is drawn over a whole frame)."""
        if not self.scenes:
            return
        screen = self.viewport.screen
        scenes = [scene for scene, _ in self.scenes]
        base = max((i for i, scene in enumerate(scenes) if scene.opaque), default=0)
        scenes = scenes[base:]
        renderer = self.viewport.renderer
        if not self._stale and not any(scene.dirty() for scene in scenes[1:]):
            # (under a scene drawn over the frame, an open menu, nothing is drawn:
            # the menu draws what changed in it alone)
            cover = max((i for i, scene in enumerate(scenes) if scene.covers), default=0)
            drawn = [scene.draw(screen, False) for scene in scenes[cover:]]
            if self.viewport.renderer is renderer:  # (else a strip lent: all again)
                if any(drawn):
                    self.viewport.window.present()
                self.speak(interrupt=False)
                return
        self._stale = False
        renderer = self.viewport.renderer
        for scene in scenes:
            scene.draw(screen, True)
        if self.viewport.renderer is not renderer:  # (a strip lent to a page as it drew)
            for scene in scenes:
                scene.draw(screen, True)
        self.viewport.window.present()
        self.speak(interrupt=False)  # (a dialog's words once laid out: after the event's)


class DialogScene(Scene):
    """A modal dialog (game.view.widgets) in the side beside the board when it fits
    there whole at the UI scale (the end of a game, a short question), else in a
    window of its own beside the game's (game.view.page_window): never over a cell,
    and the game's window keeps its size either way."""

    def __init__(self, dialog: Dialog, viewport: Viewport, own_window: bool = False) -> None:
        self.dialog = dialog
        self.viewport = viewport
        self.own_window = own_window
        """Never in the side (opened from a dialog in a window of its own)."""
        self.page: PageWindow | None = None
        """Its own window, while it is shown in one."""
        self._placed: tuple[object, bool] | None = None
        """Whether it goes in the side, for the window it was chosen in (see ``in_side``)."""

    @property
    def done(self) -> bool:  # type: ignore[override]
        return self.dialog.closed

    @property
    def result(self) -> Any:
        return self.dialog.result

    @property
    def modal(self) -> bool:  # type: ignore[override]
        """Modal while open: a click that closed it goes on to the board."""
        return not self.dialog.closed

    def gives_way(self, event: pygame.event.Event) -> bool:
        """It lets a classic key or a press on the face past it to the board: a key
        it does not take itself (a field typed in takes 1, 2 and 3; a key being
        bound takes any), a press on the face (never under a dialog: in the side or
        in a window of its own, a dialog is beside the board)."""
        if self.dialog.closed:
            return False
        if event.type == pygame.KEYDOWN:
            takes_key = getattr(self.dialog, "takes_key", None)  # (a form's, a menu's)
            return not (takes_key is not None and takes_key(getattr(event, "key", 0)))
        return True

    def leave(self) -> None:
        """The player went past it to the board (a key that starts a new game, the
        face): a dialog that describes the board answers its default button (the
        end of a game: as a press on the board beside it does), any other is
        cancelled as by Esc."""
        dialog = self.dialog
        if dialog.beside and dialog.default is not None:
            dialog.choose(dialog.default)
        if not dialog.closed:
            dialog.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))

    def handle(self, event: pygame.event.Event) -> bool:
        """The dialog's events; a press on the board beside a dialog that describes
        it (the end of a game) answers its default button and goes on to the board:
        the face starts the next game at once, in the side or in a window of its own
        (which the window manager put under the game's at that press). Its window
        closed: cancelled; else the pointer in the game's window while it has its
        own: nothing (it is modal), a press bringing its window back in front."""
        page = self.page
        if page is not None and event.type == pygame.WINDOWCLOSE and page.owns(event):
            self.dialog.cancel()
            return True
        if page is not None and event.type in POINTER_EVENTS and page.elsewhere(event):
            if self.dialog.beside and self._on_game(event):
                return self._left_for_board()
            if event.type == pygame.MOUSEBUTTONDOWN:
                page.window.focus()
            return True
        if self.dialog.beside and self.in_side() and self._on_game(event):
            return self._left_for_board()
        self.dialog.handle(event)
        return True

    def _left_for_board(self) -> bool:
        """Its default button answered for a press on the board beside it; whether
        the press stays with it (it did not close)."""
        if self.dialog.default is not None:
            self.dialog.choose(self.dialog.default)
        return not self.dialog.closed

    def _on_game(self, event: pygame.event.Event) -> bool:
        """A left press on the game's part of the window (left of the side)."""
        if event.type != pygame.MOUSEBUTTONDOWN or getattr(event, "button", 0) != 1:
            return False
        width, height = self.viewport.game_size()
        return bool(pygame.Rect(0, 0, width, height).collidepoint(event.pos))

    def in_side(self) -> bool:
        """Shown in the side: there is one and the dialog fits it whole at the UI
        scale. Chosen once for the side as it is (a page that changes its rows
        keeps its place; a new language or scale chooses again)."""
        if self.own_window:
            return False
        side = self.viewport.beside()
        key = (tuple(side), scale.current())
        if self._placed is None or self._placed[0] != key:
            ui, dialog = scale.current(), self.dialog
            fits = side.w > 0 and (
                dialog.fits(side.size, ui)
                or (dialog.beside and fits_at_scale(dialog, side.size, ui))
            )  # (what describes the board stays beside it, its buttons in rows if need be)
            fits = fits and not breaks_a_word(dialog, side.size, ui)  # (a code kept whole)
            self._placed = (key, fits)
        return self._placed[1]

    @property
    def covers(self) -> bool:  # type: ignore[override]
        """Never over the board: it goes on being drawn beside it (its timer runs)."""
        return False

    def draw(self, screen: pygame.Surface, full: bool) -> list[pygame.Rect]:
        if self.in_side():
            self._close_page()
            if not full and not self.dialog.dirty():
                return []  # (in the side, unchanged: the board beside it was drawn)
            self.viewport.frame_side(screen)  # (over the live counters, which wait)
            area = self.viewport.beside()
            self.dialog.draw(screen, self.viewport.renderer.sprites, area, scale.current())
            return [area]
        if full or self.page is None or self.dialog.dirty():
            self._draw_page()
        return []

    def _draw_page(self) -> None:
        """Draw the dialog in its own window, sized to it at the UI scale."""
        ui, title = scale.current(), gettext(self.dialog.title)
        if self.dialog.body_scroll is None:  # (a page too long for any room scrolls its body)
            self.dialog.body_scroll = BodyScroll()
        size = page_size(self.dialog, usable_size(), ui)
        if self.page is None:
            window, viewport = self.viewport.window, self.viewport
            cells = pygame.Rect(viewport.renderer.scaled(viewport.layout.board_view))
            game = pygame.Rect(window.corner, window.size)
            fits = partial(fits_at_scale, self.dialog, scale=ui)
            scrolls = partial(scrolls_in, self.dialog, scale=ui)
            at = cells.move(window.corner)
            if viewport.lend(strip_to_lend(game, size, desktop_size(), at, fits, scrolls)):
                cells = pygame.Rect(viewport.renderer.scaled(viewport.layout.board_view))
            self.page = PageWindow(title, size, game, cells.move(window.corner), fits, scrolls)
        if self.page.room != usable_size():  # (no room beside: laid out where no cell is)
            size = page_size(self.dialog, self.page.room, ui)
        self.page.fit(size, title)
        surface = self.page.surface
        surface.fill(theme().face)
        self.dialog.draw(surface, self.viewport.renderer.sprites, None, ui)
        self.page.present()

    def _close_page(self) -> None:
        if self.page is not None:
            self.page.close()
            self.page = None
            self.viewport.give_back()  # (a strip lent to it: the board's again)

    def dirty(self) -> bool:
        """Changed and drawn in the game's window (a page of its own draws alone)."""
        return self.dialog.dirty() and self.in_side()

    def page_said(self) -> str | None:
        return self.dialog.said or None

    def focus_said(self) -> tuple[str, str]:
        return self.dialog.place_said(), self.dialog.focus_said()

    def relayout(self) -> None:
        self._placed = None
        self.dialog.relayout()

    def idle(self) -> bool:
        """Nothing in a dialog moves by itself (no caret blinks): it waits for input
        like the board, once drawn."""
        return not self.dialog.dirty()

    def close(self) -> None:
        self._close_page()
