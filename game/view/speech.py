"""The game's speech: what the scenes would show, said, as the sounds are played.

A ``Speaker`` is made once by the shell and handed to what speaks (the stage, the
play screen). What is said while one event is handled is gathered (``say``) and
goes out as one announcement when the event is done (``flush``): the key that
opened a cell says what it opened and, when that ended the game, the end-of-game
panel's words after it. An announcement interrupts the one before it.

No speech call runs on the loop's thread: announcements go through a queue to a
worker thread, which loads the speech library (game.view.speech_out) when the first
announcement comes (never before the first input), and a frame never waits for it.
``--speech-log FILE`` writes every announcement as a line of UTF-8 there too, the
same words the voice gets (from the worker thread as well).
"""

from __future__ import annotations

import contextlib
import errno
import os
import threading
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Final

from game import language
from game.core.on_first_use import OnFirstUse
from game.language import N_, gettext
from game.view.waiting import wake
from game.words import names_spoken, nones_spoken, times_spoken

if TYPE_CHECKING:
    import queue

    from game.persist.settings import Settings
    from game.view.speech_out import Backend
else:  # (with the worker, at the first word said: nothing is said by default)
    queue = OnFirstUse("queue")

NO_VOICE: Final = N_("No speech found ({reason}); the game will not speak.")
NO_LOG: Final = N_("Could not write the speech log ({reason}).")
LOG_WHY: Final = {
    errno.EISDIR: N_("it is a folder"),
    errno.ENXIO: N_("it is a named pipe that no program reads"),
    errno.ENOSPC: N_("the disk is full"),
    errno.EAGAIN: N_("the program that reads it does not keep up"),
    errno.EACCES: N_("it cannot be written here"),
    errno.EPERM: N_("it cannot be written here"),
    errno.EROFS: N_("it cannot be written here"),
    errno.ENOENT: N_("its folder does not exist"),
}
"""Why the speech log could not be written, in the player's language, by the error's
number (the system's own words are English, and long)."""
SPEECH_ON: Final = N_("Speech on. F1: the keys.")
SPEECH_OFF: Final = N_("Speech off.")
MAX_SAID: Final = 2000
"""The longest announcement (a history page read out is cut, never a flood)."""


class _Said:
    """One announcement on its way to the worker."""

    __slots__ = ("interrupt", "language", "rate", "text", "voiced")

    def __init__(
        self, text: str, voiced: bool, rate: int, language: str, interrupt: bool = True
    ) -> None:
        self.text = text
        self.interrupt = interrupt
        """It stops what was being said (else it is said after it)."""
        self.voiced = voiced
        """The voice says it (speech on); else it only goes to the log."""
        self.rate = rate
        self.language = language


_STOP: Final = None
"""The worker's last item (close)."""


def _speech_out() -> ModuleType:
    """The backends' module, loaded when first needed: at the first word, or at the
    first start's first input (whether a screen reader runs)."""
    from game.view import speech_out  # (the speech library: after the first input)

    return speech_out


def _default_backend() -> Backend:
    backend: Backend = _speech_out().system_backend()
    return backend


def screen_reader_running() -> bool:
    """A screen reader runs now (asked at a first start: speech is then on)."""
    return bool(_speech_out().screen_reader_running())


class Speaker:
    """Says the game's words through the system's speech, off the loop's thread."""

    def __init__(
        self,
        enabled: bool = False,
        *,
        brief: bool = False,
        rate: int = 0,
        log: Path | None = None,
        backend: Callable[[], Backend] = _default_backend,
        warn: Callable[[str], None] | None = None,
    ) -> None:
        self.enabled = enabled
        """The voice speaks (a setting: Options > Speak, X)."""
        self.brief = brief
        """Brief words ("C5, 2") instead of full ones ("row 3, column 5: 2")."""
        self.rate = rate
        """The voice's speed, -100 (slowest) to 100 (fastest); 0 the voice's own."""
        self.log = log
        """--speech-log: every announcement written there, a line each."""
        self.make_backend = backend
        self.warn = warn or (lambda line: None)
        self.held = False
        """Announcements wait (gathered) until the first input: the speech library
        loads after it (the shell sets it at start-up and lets go at the first input)."""
        self.said = 0
        """Announcements sent so far (tests and the benchmark count them)."""
        self._pending: list[str] = []
        self._queue: queue.Queue[_Said | None]
        """What the worker is to say (made with the worker: every use waits for one)."""
        self._worker: threading.Thread | None = None
        self._backend: Backend | None = None
        self._voice_failed = False
        self._log_failed = False
        self.trouble: str | None = None
        """Why the voice or the log failed, for the window too (a note over the board:
        a helper sees why the game is silent; a terminal may be nowhere): the play
        screen takes it."""

    @classmethod
    def held_for(cls, settings: Settings, log: Path | None, warn: Callable[[str], None]) -> Speaker:
        """The window's speaker, with the settings' voice, held until the first input
        (heard_input): the speech library loads after it."""
        speaker = cls(
            bool(settings.speech),
            brief=settings.speech_brief,
            rate=settings.speech_rate,
            log=log,
            warn=warn,
        )
        speaker.held = True
        return speaker

    def heard_input(self, settings: Settings, turn_on: Callable[[bool], None]) -> None:
        """The player's first input lets the held speaker go (the speech library may
        load from now on); at a first start (speech never chosen: None) speech is
        turned on (``turn_on``) if a screen reader runs. Speech on already (kept, or
        --speech) says so first: the game's first words tell the player it listens."""
        if self.held:
            self.held = False
            if settings.speech is None:
                turn_on(screen_reader_running())
            elif self.enabled and gettext(SPEECH_ON) not in self._pending:
                self._pending.insert(0, gettext(SPEECH_ON))  # (before what waited)

    @property
    def active(self) -> bool:
        """Something listens: the voice or the log (else nothing is worded at all)."""
        return self.enabled or self.log is not None

    def words(self, full: str, brief: str | None = None) -> str:
        """The words the player's verbosity chooses of the two."""
        return brief if self.brief and brief is not None else full

    def say(self, full: str, brief: str | None = None) -> None:
        """Add words to the announcement being gathered (sent by ``flush``)."""
        if not self.active:
            return
        text = " ".join(self.words(full, brief).split())
        text = nones_spoken(times_spoken(names_spoken(text)))
        if text:
            self._pending.append(text)

    def say_now(self, full: str, brief: str | None = None) -> None:
        """Say words at once (what no event caused: the speech switched on)."""
        self.say(full, brief)
        self.flush()

    def flush(self, interrupt: bool = True) -> None:
        """Send what was gathered as one announcement, interrupting the one before
        (``interrupt`` False: said after it, as a panel a move opened follows the
        move's words)."""
        if not self._pending or self.held:
            return
        text = " ".join(self._pending)[:MAX_SAID]
        self._pending.clear()
        self.said += 1
        code = language.current()
        self._start()
        self._queue.put(_Said(text, self.enabled, self.rate, code, interrupt))

    def silence(self) -> None:
        """Stop the voice (the speech switched off): an empty announcement interrupts."""
        self._pending.clear()
        if self._worker is not None:
            self._queue.put(_Said("", True, self.rate, language.current()))

    def follow(self, settings: Settings) -> None:
        """The settings changed: the speech follows (said on, said off)."""
        self.brief, self.rate = settings.speech_brief, settings.speech_rate
        speech = bool(settings.speech)
        if speech != self.enabled:
            if not speech:
                self.say_now(gettext(SPEECH_OFF))
            self.enabled = speech
            if speech:
                self.try_again()
                self.say(gettext(SPEECH_ON))

    def try_again(self) -> None:
        """Look for the voice again at the next announcement (speech switched back on
        after the voice failed: speech-dispatcher installed or started meanwhile)."""
        self._voice_failed = False

    def wait(self, timeout: float = 5.0) -> bool:
        """Block until the worker has handled everything sent (tests, the benchmark,
        never the loop); False if it did not in time."""
        done = threading.Event()
        if self._worker is None:
            return True

        def join() -> None:
            self._queue.join()
            done.set()

        threading.Thread(target=join, daemon=True).start()
        return done.wait(timeout)

    def close(self) -> None:
        """Let the worker finish what it has and stop it (the window closes)."""
        worker = self._worker
        if worker is None:
            return
        self._queue.put(_STOP)
        worker.join(timeout=2.0)
        self._worker = None

    # ------------------------------------------------------------------ the worker

    def _start(self) -> None:
        if self._worker is None:
            self._queue = queue.Queue()
            self._worker = threading.Thread(target=self._work, name="speech", daemon=True)
            self._worker.start()

    def _work(self) -> None:
        try:
            while True:
                item = self._queue.get()
                try:
                    if item is _STOP:
                        return
                    batch: list[_Said | None] = [item]
                    while True:  # what came meanwhile: each logged, only the last spoken
                        try:
                            batch.append(self._queue.get_nowait())
                        except queue.Empty:
                            break
                        self._queue.task_done()
                    self._handle(batch)
                    if _STOP in batch:
                        return
                finally:
                    self._queue.task_done()
        finally:
            self._shut_backend()

    def _handle(self, batch: list[_Said | None]) -> None:
        said = [item for item in batch if item is not None]
        for item in said:
            if item.text:
                self._write_log(item.text)
        voiced = [item for item in said if item.voiced]
        starts = [i for i, item in enumerate(voiced) if item.interrupt]
        for item in voiced[starts[-1] if starts else 0 :]:  # (from the last that interrupts)
            self._speak(item)

    def _speak(self, item: _Said) -> None:
        for again in (False, True):
            backend = self._backend_now()
            if backend is None:
                return
            try:
                if item.text:
                    backend.speak(item.text, item.language, item.rate, item.interrupt)
                else:
                    backend.stop()
                return
            except Exception as error:  # (a voice that died: said once, the game goes on)
                if again:
                    self._fail(error)
                else:  # (once more, anew: speech-dispatcher restarted, or started again)
                    self._shut_backend()

    def _backend_now(self) -> Backend | None:
        if self._backend is None and not self._voice_failed:
            try:
                self._backend = self.make_backend()
            except Exception as error:  # (no speech on this system: said once)
                self._fail(error)
        return self._backend

    def _fail(self, error: Exception) -> None:
        self._voice_failed = True
        self._shut_backend()
        reason = " ".join(str(error).split()) or type(error).__name__
        self._tell(gettext(NO_VOICE).format(reason=reason))

    def _tell(self, trouble: str) -> None:
        """A failure, told once: on the terminal, and in the window (woken for it)."""
        self.warn(trouble)
        self.trouble = trouble
        wake()

    def _shut_backend(self) -> None:
        backend, self._backend = self._backend, None
        if backend is not None:
            with contextlib.suppress(Exception):
                backend.close()

    def _write_log(self, text: str) -> None:
        if self.log is None or self._log_failed:
            return
        try:
            log_line(self.log, text)
        except OSError as error:
            self._log_failed = True
            self._tell(log_trouble(error))


def log_line(log: Path, text: str) -> None:
    """An announcement written to the speech log (--speech-log), a line of UTF-8 (OSError
    if it cannot be). Never waits: a named pipe no program reads, or one whose reader
    stops reading, is an error at once (ENXIO, EAGAIN), not a thread blocked for good."""
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0)
    fd = os.open(log, flags | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0), 0o666)
    try:
        view = memoryview((text + "\n").encode("utf-8"))
        while view:
            written = os.write(fd, view)
            if written <= 0:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            view = view[written:]
    finally:
        os.close(fd)


def log_trouble(error: OSError) -> str:
    """The one line that says why the speech log could not be written."""
    why = LOG_WHY.get(error.errno or 0)
    reason = gettext(why) if why else " ".join((error.strerror or str(error)).split())
    return gettext(NO_LOG).format(reason=reason)
