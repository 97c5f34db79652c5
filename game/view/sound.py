"""The game's sound effects: load them once, play them by name, never crash the game.

A computer without a working audio device (or a broken installation without the
sound files) still runs the game, silently: the player then reports
``available = False`` and says so once through its ``warn`` function.

The audio device is open only while sounds play: SDL 2 feeds an open device (and its
PulseAudio threads) hundreds of times a second even in silence, and a paused one too
(2.9% of a core in an idle window, measured on PulseAudio's null sink). The device
opens to load the sounds (their samples are kept) and opens again at the first sound
after a rest: SILENCE_S after the last one (or after the start) a thread of the player's
closes it (docs/SPEED.md, "Sound"). The window's player opens it first after the
frame of the player's first press of a key or a button (``heard``): an idle window never
maps the audio libraries (PulseAudio's, libsndfile's: about 2 MB resident).
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import Final

import pygame

from game.core.delta import Delta
from game.language import N_, gettext
from game.terminal_bar import as_text
from game.view.assets import AssetError, asset_dir
from game.view.waiting import at_rest

#: Every sound the game plays; each is ``<name>.wav`` in the sounds folder.
SOUND_NAMES: Final[tuple[str, ...]] = (
    "reveal",
    "cascade",
    "flag",
    "explode",
    "win",
    *(f"tone{number}" for number in range(1, 9)),  # the earcons under the cursor
    "edge",
    "flagged",
)

NO_AUDIO_DEVICE: Final = N_("No audio device found; the game will be silent.")

# Mixer settings: the files' own (44.1 kHz, 16-bit, mono: tools/make_sounds.py), so
# nothing is converted as they load (a stereo mixer would double every sound first);
# SDL spreads the one channel over the device's speakers. A small buffer keeps clicks
# snappy.
_FREQUENCY: Final = 44100
_SIZE: Final = -16
_CHANNELS: Final = 1
_BUFFER: Final = 512

PRESSES: Final = frozenset((pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN))
"""The events whose first opens the window's audio device (``SoundPlayer.heard``): a
press comes before what it sounds (a release opens a cell; a key moves the cursor)."""

SILENCE_S: Final = 5.0
"""The audio device closes this long after the last sound (none playing)."""

MIXER: Final = threading.Lock()
"""Held around every use of the process's one mixer: by every player, by the thread
that rests the device, and by pygame.quit() closing it (``_open_mixer``): two threads
in SDL's mixer at once crash the process (a segmentation fault, seen in a test whose
end closed the mixer as a player's rest closed it too)."""


def _open_mixer() -> None:
    """Open the mixer at the files' own settings (under MIXER), and have pygame.quit()
    close it under MIXER too (its quit callbacks run before it shuts SDL down, once)."""
    pygame.mixer.pre_init(_FREQUENCY, _SIZE, _CHANNELS, _BUFFER)
    with _quiet_stderr():
        pygame.mixer.init()
    if not _QUIT_REGISTERED:  # (once until pygame.quit() runs it and forgets it)
        pygame.register_quit(close_mixer)
        _QUIT_REGISTERED.append(True)


_QUIT_REGISTERED: list[bool] = []
"""Not empty while ``close_mixer`` is among pygame.quit()'s callbacks."""


def close_mixer() -> None:
    """Close the mixer, waiting for any player's use of it to end."""
    _QUIT_REGISTERED.clear()
    with MIXER:
        pygame.mixer.quit()


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Hush what C libraries write straight to file descriptor 2 meanwhile.

    ALSA prints a dozen "ALSA lib ..." lines when there is no sound card, before
    SDL reports the failure that the game then explains in one line of its own.
    """
    try:
        saved = os.dup(2)
    except OSError:  # no stderr at all (a windowed build): nothing to hush
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def warn_to_stderr(message: str) -> None:
    """Write one line to stderr, if there is one (a windowed Windows build has none)."""
    stream = sys.stderr
    if stream is None:
        return
    with contextlib.suppress(OSError, ValueError):  # a closed stream: nowhere left to tell
        print(as_text(message), file=stream, flush=True)


def sound_of(delta: Delta) -> str | None:
    """The sound a move makes: an explosion, a win, a cascade, a cell opened, a mark
    set (None: nothing changed that is heard)."""
    if delta.lost:
        return "explode"
    if delta.won:
        return "win"
    if delta.opened > 1:
        return "cascade"
    if delta.opened == 1:
        return "reveal"
    return "flag" if delta.mark is not None else None


class SoundPlayer:
    """Plays the game's sound effects by name; silent when disabled or without audio."""

    def __init__(
        self,
        enabled: bool = True,
        warn: Callable[[str], None] | None = None,
        *,
        open_now: bool = True,
        silence_s: float = SILENCE_S,
    ) -> None:
        """``open_now=False``: the device opens at open() or at the first sound, not
        here (the window's first frame does not wait for the audio device);
        ``silence_s``: how long after the last sound the device closes."""
        self._enabled = bool(enabled)
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._samples: dict[str, bytes] = {}
        """Each sound's samples, kept while the device rests (closed by the player)."""
        self._warn = warn if warn is not None else warn_to_stderr
        self._opened = False
        self._rest = DeviceRest(self._close_if_silent, silence_s)
        if open_now:
            self.open()

    def open(self) -> None:
        """Open the audio device and load the sounds if sound is on (once)."""
        if self._enabled:
            self._open()

    def heard(self, event_type: int) -> None:
        """An event of the window: once the frame of the first press of a key or a
        button (PRESSES) is drawn, the device opens (sound on), on the loop's thread
        as it rests (waiting.at_rest; about 10 ms with PulseAudio): the press's frame
        does not wait for it, and the release's sound (a click's) plays on a device
        open. (A sound asked for sooner opens it itself: ``play``.)"""
        if not self._opened and self._enabled and event_type in PRESSES:
            at_rest(self.open)

    def _open(self) -> None:
        """Open the audio device and load the sounds, once, the first time sound is on.

        A game started with sound off never opens the device: it starts faster and
        no audio thread wakes while it idles.
        """
        if self._opened:
            return
        self._opened = True
        with self._rest.lock:
            problem = self._load()
            if problem is None:
                self._samples = {name: sound.get_raw() for name, sound in self._sounds.items()}
        if problem is not None:
            self._warn(problem)
        self._rest.due()  # (the first sounds come soon after the start, or it rests)

    @property
    def available(self) -> bool:
        """True when the sounds are loaded and an audio device plays them (open, or
        resting until the next sound)."""
        return bool(self._sounds) or bool(self._samples)

    @property
    def device_open(self) -> bool:
        """The audio device is open now (not resting, not closed for good)."""
        with self._rest.lock:
            return bool(self._sounds) and pygame.mixer.get_init() is not None

    @property
    def enabled(self) -> bool:
        return self._enabled

    @enabled.setter
    def enabled(self, value: bool) -> None:
        self._enabled = bool(value)
        if self._enabled:
            self._open()
        else:
            self._stop_all()

    def toggle(self) -> bool:
        """Switch the sound on or off; return the new setting."""
        self.enabled = not self._enabled
        return self._enabled

    def play(self, name: str) -> None:
        """Start one sound; does nothing while disabled or without audio.

        An unknown name is a programming error and raises ValueError, even when silent.
        """
        if name not in SOUND_NAMES:
            raise ValueError(f"unknown sound {name!r}; expected one of {', '.join(SOUND_NAMES)}")
        self.open()  # (once: a player made with open_now=False opens at its first sound)
        if not self._enabled:
            return
        with self._rest.lock:
            if not self._sounds and self._samples:
                self._wake_device()
            sound = self._sounds.get(name)
            if sound is None or not self._mixer_alive():
                return
            with contextlib.suppress(pygame.error):
                sound.play()
        self._rest.due()

    def _wake_device(self) -> None:
        """Open the resting device again, its sounds made from the samples kept (a
        device gone meanwhile: silent from now on)."""
        try:
            _open_mixer()
            self._sounds = {
                name: pygame.mixer.Sound(buffer=samples) for name, samples in self._samples.items()
            }
        except pygame.error:
            self._samples = {}
            self._sounds = {}
            self._warn(gettext(NO_AUDIO_DEVICE))

    def _close_if_silent(self) -> bool:
        """The device rests (closed, the samples kept) if no sound plays; False if one
        still does (asked again later). Called by the rest's thread, under its lock."""
        if not self._sounds:
            return True
        if pygame.mixer.get_init() is None:  # (closed by another: pygame.quit() at exit)
            self._sounds = {}
            self._samples = {}
            return True
        if pygame.mixer.get_busy():
            return False
        self._sounds = {}  # (they die with the mixer; playing one then crashes pygame-ce)
        pygame.mixer.quit()
        return True

    def _load(self) -> str | None:
        """Open the mixer and load every sound; return the reason if that fails."""
        opened_here = False
        try:
            if pygame.mixer.get_init() is None:
                _open_mixer()
                opened_here = True
        except pygame.error:
            return gettext(NO_AUDIO_DEVICE)
        try:
            folder = asset_dir("sounds")
            self._sounds = {
                name: pygame.mixer.Sound(folder / f"{name}.wav") for name in SOUND_NAMES
            }
        except (pygame.error, OSError, AssetError) as exc:
            self._sounds = {}
            if opened_here:
                pygame.mixer.quit()
            reason = " ".join(str(exc).split())  # one line, whatever the error says
            said = gettext("Could not load the sound effects ({reason}); the game will be silent.")
            return said.format(reason=reason)
        return None

    def _mixer_alive(self) -> bool:
        """False once something shut the mixer down (pygame.quit() at exit, say).

        The loaded sounds die with the mixer, and pygame-ce 2.5 crashes the process
        (segmentation fault) when such a sound is played, so they are dropped for good.
        """
        if pygame.mixer.get_init() is None:
            self._sounds = {}
            self._samples = {}
        return bool(self._sounds)

    def _stop_all(self) -> None:
        with self._rest.lock:
            if not self._mixer_alive():
                return
            for sound in self._sounds.values():
                with contextlib.suppress(pygame.error):
                    sound.stop()


class DeviceRest:
    """Closes the audio device a silence after the last sound, from a thread of its
    own that sleeps until then (no wake-up while nothing is due): ``due()`` after each
    sound; ``lock`` is held around every use of the mixer (the thread closes it)."""

    def __init__(self, close: Callable[[], bool], silence_s: float) -> None:
        """``close``: close the device if silent (False: a sound still plays)."""
        self.lock = MIXER  # (the process's one mixer: one lock for every player)
        self._close = close
        self._silence_s = silence_s
        self._changed = threading.Condition(threading.Lock())
        self._due: float | None = None
        self._thread: threading.Thread | None = None

    def due(self) -> None:
        """A sound was played (or the sounds loaded): close SILENCE_S from now."""
        with self._changed:
            was = self._due
            self._due = time.monotonic() + self._silence_s
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="sound-rest", daemon=True)
                self._thread.start()
            elif was is None:
                self._changed.notify()

    def _run(self) -> None:
        while True:
            with self._changed:
                while self._due is None:
                    self._changed.wait()
                left = self._due - time.monotonic()
                if left > 0:
                    self._changed.wait(left)
                    continue
                self._due = None
            with self.lock:
                closed = self._close()
            if not closed:
                with self._changed:
                    if self._due is None:
                        self._due = time.monotonic() + 1.0
