"""speech-dispatcher, spoken to over its socket (SSIP, the Speech Synthesis Interface
Protocol: lines of text, each answered by a numbered reply).

speech-dispatcher is Linux's speech service: Orca speaks through it, and it drives
espeak-ng (or another synthesiser) with the player's own voice settings. Its Python
binding is a Debian package (python3-speechd), not one pip can install, so the game
speaks the protocol itself: a few commands, on the socket the binding would use
(``SPEECHD_ADDRESS``, else $XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock), started
as the binding does (``speech-dispatcher --spawn``) when no one listens at the
default one.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Final

TIMEOUT: Final = 3.0
"""Seconds to wait for speech-dispatcher's reply before giving up on it."""
MAX_REPLY: Final = 4096
"""The longest reply line read (speech-dispatcher's are far shorter)."""
MAX_LINES: Final = 2000
"""The most lines of one reply (its voice list is some hundreds)."""


class SsipError(OSError):
    """speech-dispatcher refused a command, or went away."""


class SsipRefused(SsipError):
    """speech-dispatcher answered a command with an error."""


def address() -> str:
    """Where speech-dispatcher listens: ``unix_socket:PATH`` or ``inet_socket:HOST:PORT``."""
    given = os.environ.get("SPEECHD_ADDRESS", "").strip()
    if given:
        return given
    runtime = os.environ.get("XDG_RUNTIME_DIR") or str(Path.home() / ".cache")
    return "unix_socket:" + str(Path(runtime) / "speech-dispatcher" / "speechd.sock")


def _open(where: str) -> socket.socket:
    kind, _, rest = where.partition(":")
    if kind == "inet_socket":
        host, _, port = rest.rpartition(":")
        return socket.create_connection((host or "127.0.0.1", int(port or 6560)), TIMEOUT)
    if kind != "unix_socket" or not rest:
        raise SsipError(f"speech-dispatcher's address {where!r} is not one it gives")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(TIMEOUT)
    try:
        sock.connect(rest)
    except OSError:
        sock.close()
        raise
    return sock


def system_environment(environ: Mapping[str, str] = os.environ) -> dict[str, str]:
    """The environment for a program of the system's the game starts: a frozen game's
    own library folder (LD_LIBRARY_PATH, which PyInstaller points at the bundle, the
    one-file build's a temporary folder gone at its exit) is the system's again, as
    it was before the game started (LD_LIBRARY_PATH_ORIG), for speech-dispatcher
    outlives the game and loads its audio and voice modules by the system's paths."""
    env = dict(environ)
    if getattr(sys, "frozen", False):
        original = env.pop("LD_LIBRARY_PATH_ORIG", None)
        if original is None:
            env.pop("LD_LIBRARY_PATH", None)
        else:
            env["LD_LIBRARY_PATH"] = original
    return env


ESPEAK_NG: Final = "espeak-ng"
"""speech-dispatcher's output module for espeak-ng (its default on Debian)."""
ESPEAK_PINYIN: Final = "cmn-latn-pinyin"
"""espeak-ng's Mandarin voice that reads its own dictionary's pinyin as pinyin. The one
speech-dispatcher takes for "zh" (cmn, "latin as English") says each character's
pinyin with its tone's digit in English (第 as "di four"): measured with espeak-ng
1.51, 第三行第五列隐藏 is 3.2 s of spelt pinyin in that voice, 2.6 s of Mandarin in this."""


def voice_language(code: str, module: str = "") -> str:
    """speech-dispatcher's name of a language of the game ("zh_CN": "zh"; with
    espeak-ng's module, its Mandarin voice that speaks Mandarin: ESPEAK_PINYIN)."""
    spoken = code.split("_")[0].lower()
    return ESPEAK_PINYIN if spoken == "zh" and module == ESPEAK_NG else spoken


class Ssip:
    """A connection to speech-dispatcher; ``speak`` cancels what it was saying."""

    name = "speech-dispatcher"
    keeps_words = True
    """What it was told is said after the connection closes (the server says it)."""

    def __init__(self, sock: socket.socket) -> None:
        self._sock = sock
        self._replies = sock.makefile("rb")
        self._language = ""
        self._rate: int | None = None
        self._module: str | None = None
        """The output module speaking (asked when first it matters: Chinese)."""
        self.command("SET self CLIENT_NAME user:minesweeper:main")
        # Orca's priority, and speech-dispatcher's own default, named so that a
        # configured default cannot change it: the game's announcements and Orca's are
        # queued, never spoken over each other, and the game's follow one another
        # (an end-of-game panel after the move's words). At "text" Orca's words would
        # cut the game's short, but each of the game's would cancel the one before it,
        # a follow-up too (docs/ACCESSIBILITY.md: Orca tried).
        self.command("SET self PRIORITY message")

    @classmethod
    def connect(cls, where: str | None = None) -> Ssip:
        """Connect (starting speech-dispatcher first if no one listens at its own
        address; an address given, SPEECHD_ADDRESS, is the player's: never spawned for)."""
        given = where or os.environ.get("SPEECHD_ADDRESS", "").strip()
        where = where or address()
        try:
            sock = _open(where)
        except SsipError:
            raise
        except OSError:
            if given:
                raise
        else:
            return cls._over(sock)  # (a refusal from the one listening: no second daemon)
        try:
            subprocess.run(
                ["speech-dispatcher", "--spawn"],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                timeout=10,
                check=False,
                env=system_environment(),
            )
        except (OSError, subprocess.TimeoutExpired) as error:
            raise SsipError(f"speech-dispatcher cannot be started: {error}") from None
        return cls._over(_open(where))

    @classmethod
    def _over(cls, sock: socket.socket) -> Ssip:
        """A connection over an open socket (closed if speech-dispatcher refuses it)."""
        try:
            return cls(sock)
        except OSError:
            sock.close()
            raise

    def command(self, line: str) -> str:
        """Send one command; its reply's last line (an error reply raises)."""
        self._sock.sendall(line.encode("utf-8") + b"\r\n")
        return self._reply()

    def _reply(self, lines: list[str] | None = None) -> str:
        """The reply's last line (its lines before it added to ``lines``, without
        their number)."""
        for _ in range(MAX_LINES):
            raw = self._replies.readline(MAX_REPLY)
            if not raw:
                raise SsipError("speech-dispatcher closed the connection")
            text = raw.decode("utf-8", "replace").rstrip("\r\n")
            if len(text) >= 4 and text[3] == "-":
                if lines is not None:
                    lines.append(text[4:])
                continue  # (a reply's line before its last)
            if not text[:1] == "2":
                raise SsipRefused(f"speech-dispatcher answered {text[:80]!r}")
            return text
        raise SsipError("speech-dispatcher's reply does not end")

    def module(self) -> str:
        """The output module that speaks ("espeak-ng"; "" if speech-dispatcher does
        not say), asked once."""
        if self._module is None:
            lines: list[str] = []
            self._sock.sendall(b"GET OUTPUT_MODULE\r\n")
            try:
                self._reply(lines)
            except SsipRefused:
                lines = []  # (a speech-dispatcher that does not answer it: as it chooses)
            self._module = lines[0].strip() if lines else ""
        return self._module

    def speak(self, text: str, language: str, rate: int, interrupt: bool = True) -> None:
        if interrupt:
            self.command("CANCEL self")
        spoken = voice_language(language, self.module() if language.startswith("zh") else "")
        if spoken != self._language:
            self.command(f"SET self LANGUAGE {spoken}")
            self._language = spoken
        if rate != self._rate:
            self.command(f"SET self RATE {max(-100, min(100, rate))}")
            self._rate = rate
        self.command("SPEAK")
        lines = [".." + line[1:] if line.startswith(".") else line for line in text.splitlines()]
        self._sock.sendall(("\r\n".join(lines) + "\r\n.\r\n").encode("utf-8"))
        self._reply()

    def stop(self) -> None:
        self.command("CANCEL self")

    def close(self) -> None:
        try:
            self.command("QUIT")
        except OSError:
            pass
        finally:
            self._replies.close()
            self._sock.close()
