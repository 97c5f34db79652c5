"""Where the game's words are spoken: a backend per system, and a recording one.

Loaded by the speech worker with the first announcement (game.view.speech), never
before the first input. Linux: speech-dispatcher, spoken to over its socket
(game.view.ssip), which is also what Orca speaks through. Windows: the screen reader
running (NVDA, JAWS, ...) else SAPI 5, through accessible_output2. macOS: VoiceOver
when it runs, through accessible_output2, else the system's voice (``say``). Why
these: docs/ARCHITECTURE.md ("Speech").
"""

from __future__ import annotations

import importlib
import subprocess
import sys
import threading
import time
from typing import Any, Protocol

from game.view.screen_reader import screen_reader_running
from game.view.ssip import Ssip

__all__ = ["Backend", "Recording", "name_of", "screen_reader_running", "system_backend"]


class Backend(Protocol):
    """A voice: ``speak`` interrupts what it was saying."""

    def speak(self, text: str, language: str, rate: int, interrupt: bool = True) -> None:
        """Say the words now (``language``: a code of game.language.LANGUAGES;
        ``rate``: -100 to 100, 0 the voice's own speed; ``interrupt`` False: after
        what it is saying)."""

    def stop(self) -> None:
        """Stop speaking."""

    def close(self) -> None:
        """Let the voice go (the game closes)."""


class Recording:
    """A voice that keeps what it is told (tests, the benchmark): each text with the
    moment (time.perf_counter) it reached the call."""

    def __init__(self) -> None:
        self.spoken: list[str] = []
        self.at: list[float] = []
        self.arrived = threading.Event()
        """Set at each call (a test waits on it, then clears it)."""

    def speak(self, text: str, language: str, rate: int, interrupt: bool = True) -> None:
        self.at.append(time.perf_counter())
        self.spoken.append(text)
        self.arrived.set()

    def stop(self) -> None:
        self.spoken.append("")
        self.at.append(time.perf_counter())

    def close(self) -> None:
        pass


class Accessible:
    """accessible_output2's first output that is active: a screen reader, else the
    system's (SAPI 5 on Windows)."""

    def __init__(self) -> None:
        auto = importlib.import_module("accessible_output2.outputs.auto")
        self._output: Any = auto.Auto()
        if self._output.get_first_available_output() is None:
            raise OSError("no screen reader or system voice answers")

    @property
    def is_screen_reader(self) -> bool:
        return not self._output.is_system_output()

    @property
    def name(self) -> str:
        """The output speaking: "NVDA", "JAWS", "SAPI5", "VoiceOver"."""
        output = self._output.get_first_available_output()
        return str(getattr(output, "name", "?"))

    def speak(self, text: str, language: str, rate: int, interrupt: bool = True) -> None:
        self._output.output(text, interrupt=interrupt)

    def stop(self) -> None:
        self._output.output("", interrupt=True)

    def close(self) -> None:
        pass


class Say:
    """macOS's own voice: the ``say`` command, a process an announcement (the one
    before it stopped first)."""

    WORDS_A_MINUTE = 180
    """``say``'s usual speed (rate 0)."""
    name = "say"

    def __init__(self) -> None:
        self._process: subprocess.Popen[bytes] | None = None

    def speak(self, text: str, language: str, rate: int, interrupt: bool = True) -> None:
        if not interrupt and self._process is not None:
            self._process.wait(timeout=30)  # (the words before it said first)
        self.stop()
        speed = max(90, int(self.WORDS_A_MINUTE * (1 + rate / 100)))
        self._process = subprocess.Popen(
            ["say", "-r", str(speed)], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL
        )
        assert self._process.stdin is not None
        self._process.stdin.write(text.encode("utf-8"))
        self._process.stdin.close()

    def stop(self) -> None:
        if self._process is not None and self._process.poll() is None:
            self._process.terminate()
        self._process = None

    def close(self) -> None:
        self.stop()


class MacVoice:
    """VoiceOver when it runs (accessible_output2), else ``say``."""

    def __init__(self) -> None:
        self._say = Say()
        self._voiceover: Accessible | None
        self.why = ""
        """Why VoiceOver does not speak: it does not run, or the library is missing."""
        try:
            self._voiceover = Accessible()
        except Exception as error:  # (no VoiceOver, or the library missing: the system's voice)
            self._voiceover = None
            self.why = " ".join(str(error).split()) or type(error).__name__

    @property
    def name(self) -> str:
        """VoiceOver, or ``say`` and why not VoiceOver."""
        return "VoiceOver" if self._voiceover is not None else f"say (VoiceOver: {self.why})"

    def _voice(self) -> Backend:
        return self._voiceover if self._voiceover is not None else self._say

    def speak(self, text: str, language: str, rate: int, interrupt: bool = True) -> None:
        self._voice().speak(text, language, rate, interrupt)

    def stop(self) -> None:
        self._voice().stop()

    def close(self) -> None:
        self._say.close()


def name_of(backend: Backend) -> str:
    """What a backend speaks through, as a check prints it (game.cli.commands: --say)."""
    return str(getattr(backend, "name", type(backend).__name__))


def system_backend() -> Backend:
    """This system's voice (raises OSError or ImportError when there is none)."""
    if sys.platform == "win32":
        return Accessible()
    if sys.platform == "darwin":
        return MacVoice()
    return Ssip.connect()
