"""Long work off the loop: a thread does it, a dialog shows how far it got and the
time left, and the window keeps answering (a board code's long deal, an import of
many games).

The work is a function given ``report(fraction, words)``: it calls it now and then
(``fraction`` from 0 to 1, or None when unknown) and must stop when it returns
False (the player cancelled: Esc, a button, or the window closing). The thread is
a daemon: a window that closes, or a SIGTERM (SDL turns it into a quit), never
waits for it. What the work returns, or raises, is handed back on the loop's
thread when the dialog closes; nothing of the window is touched from the thread.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.core.on_first_use import OnFirstUse
from game.language import N_, gettext
from game.terminal_bar import time_left
from game.view.stage import DialogScene
from game.view.waiting import wake

if TYPE_CHECKING:
    from game.view.viewport import Viewport
    from game.view.widgets import message
else:  # (with the first work shown: a long deal, an import)
    message = OnFirstUse("game.view.widgets.message")

Report = Callable[[float | None, str], bool]
"""Told (fraction done or None, what is being done); False: stop now."""

POLL_MS = 100.0
"""How often a job's progress is looked at while nothing else wakes the window."""
DONE = "done"
"""The result of a work scene whose work ended (else the button pressed, or None)."""


class Cancelled(Exception):
    """Raised inside the work when the player cancelled (work that cannot simply
    return, such as an import inside its transaction: it is rolled back)."""


class Job:
    """One piece of work running in a thread."""

    def __init__(self, work: Callable[[Report], Any]) -> None:
        self.fraction: float | None = None
        self.words = ""
        self.result: Any = None
        self.error: BaseException | None = None
        self.finished = False
        self.cancelled = False
        self.started = time.monotonic()
        self._thread = threading.Thread(target=self._run, args=(work,), daemon=True)
        self._thread.start()

    def _report(self, fraction: float | None, words: str) -> bool:
        self.fraction, self.words = fraction, words
        return not self.cancelled

    def _run(self, work: Callable[[Report], Any]) -> None:
        try:
            self.result = work(self._report)
        except Cancelled:
            self.cancelled = True
        except BaseException as error:  # handed to the loop's thread (Job.error)
            self.error = error
        finally:
            self.finished = True
            wake()  # (the window shows the end at once, not at its next look)

    def cancel(self) -> None:
        """Ask the work to stop at its next report."""
        self.cancelled = True

    def wait(self, seconds: float) -> bool:
        """Wait for the thread at most this long (tests, quitting); True if it ended."""
        self._thread.join(seconds)
        return self.finished

    def line(self) -> str:
        """How far it got, in words: what, the part done, the time left."""
        parts = [self.words]
        if self.fraction is not None:
            parts.append(gettext("{percent} done").format(percent=f"{self.fraction:.0%}"))
            guess = time_left(time.monotonic() - self.started, self.fraction)
            if guess:
                parts.append(guess)
        else:
            so_far = round(time.monotonic() - self.started)
            parts.append(gettext("{n} s so far").format(n=so_far))
        return gettext("{steps}.").format(steps=gettext(", ").join(part for part in parts if part))


class WorkScene(DialogScene):
    """A dialog over the window while a job runs: its progress line, the lines
    given, and the buttons given (Esc cancels). Its result is DONE once the work
    ended, else the button pressed (None: Esc); the job is then cancelled."""

    def __init__(
        self,
        title: str,
        job: Job,
        viewport: Viewport,
        *,
        lines: Callable[[Job], list[str]] = lambda job: [],
        buttons: tuple[str, ...] = (N_("Cancel"),),
    ) -> None:
        self.message = message.MessageDialog(title, [job.line()], buttons=buttons)
        super().__init__(self.message, viewport)
        self.job = job
        self.lines = lines

    def update(self, step_ms: float) -> None:
        self.poll()

    def gives_way(self, event: pygame.event.Event) -> bool:
        """Work under way is never cancelled by a key meant for the board (F2, 1, 2,
        3): only by its own buttons and Esc."""
        return False

    def dirty(self) -> bool:
        self.poll()  # (every frame, whether or not game time passes)
        return super().dirty()

    def wake_in(self) -> float | None:
        """While the job runs, its progress is looked at every POLL_MS at least."""
        due = super().wake_in()
        if self.message.closed:
            return due
        return POLL_MS if due is None else min(due, POLL_MS)

    def poll(self) -> None:
        """Show the job's progress; once it ended, close (an event wakes the loop so
        the stage takes the dialog off and hands on the result at once)."""
        if self.message.closed:
            return
        if self.job.finished:
            self.message.finish(DONE)
            wake()  # (the stage takes the dialog off at the next frame)
            return
        self.message.say([self.job.line(), *self.lines(self.job)])

    def close(self) -> None:
        if not self.job.finished:
            self.job.cancel()
