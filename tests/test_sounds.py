"""The sound effects (the committed WAVs and their generator) and the sound player."""

from __future__ import annotations

import contextlib
import importlib.util
import math
import os
import struct
import subprocess
import sys
import textwrap
import threading
import time
import wave
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pygame
import pytest

import game.view.sound
from game.view.sound import (
    MIXER,
    NO_AUDIO_DEVICE,
    SOUND_NAMES,
    SoundPlayer,
    close_mixer,
    warn_to_stderr,
)
from game.view.waiting import run_at_rest

ROOT = Path(__file__).resolve().parent.parent
SOUNDS = ROOT / "sounds"
FULL_SCALE = 32768

# Allowed length in seconds of each sound.
DURATIONS = {
    "reveal": (0.040, 0.070),
    "cascade": (0.250, 0.400),
    "flag": (0.080, 0.120),
    "explode": (0.800, 1.200),
    "win": (1.000, 1.500),
    # The earcons under the keyboard cursor: shorter than a key's repeat (about 0.1 s),
    # so a fast player hears each cell's before the next.
    **{f"tone{number}": (0.060, 0.100) for number in range(1, 9)},
    "edge": (0.040, 0.090),
    "flagged": (0.080, 0.130),
}


def read_wav(path: Path) -> tuple[tuple[int, int, int], list[int]]:
    """((sample rate, bytes per sample, channels), the samples as 16-bit integers)."""
    with wave.open(str(path), "rb") as f:
        fmt = (f.getframerate(), f.getsampwidth(), f.getnchannels())
        frames = f.readframes(f.getnframes())
    assert fmt[1] == 2, f"{path.name}: 16-bit samples expected"
    return fmt, list(struct.unpack(f"<{len(frames) // 2}h", frames))


def dbfs(level: float) -> float:
    return 20.0 * math.log10(level / FULL_SCALE)


def rms(samples: list[int]) -> float:
    return math.sqrt(math.fsum(x * x for x in samples) / len(samples))


def load_make_sounds() -> ModuleType:
    """tools/ is a folder of scripts, not a package: load the generator from its file."""
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- the committed files ----------------------------------------------------------------------


def test_every_sound_the_player_plays_has_a_length_rule() -> None:
    assert set(DURATIONS) == set(SOUND_NAMES)


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_wav_format_and_length(name: str) -> None:
    fmt, samples = read_wav(SOUNDS / f"{name}.wav")
    assert fmt == (44100, 2, 1)
    low, high = DURATIONS[name]
    assert low <= len(samples) / 44100 <= high


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_wav_levels(name: str) -> None:
    _, samples = read_wav(SOUNDS / f"{name}.wav")
    peak = max(abs(x) for x in samples)
    assert peak < 32767, "clipped: the peak touches full scale"
    assert -6.0 < dbfs(peak) < -0.5
    mean = math.fsum(samples) / len(samples)
    assert abs(mean) < 0.001 * FULL_SCALE, f"DC offset: mean {mean:.1f}"


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_wav_starts_and_ends_silent(name: str) -> None:
    _, samples = read_wav(SOUNDS / f"{name}.wav")
    near_zero = 0.01 * FULL_SCALE  # -40 dBFS
    assert all(abs(x) <= near_zero for x in samples[:5]), samples[:5]
    assert all(abs(x) <= near_zero for x in samples[-5:]), samples[-5:]


def test_explosion_is_louder_than_the_click() -> None:
    _, click = read_wav(SOUNDS / "reveal.wav")
    _, boom = read_wav(SOUNDS / "explode.wav")
    assert rms(boom) > rms(click)


def test_regenerating_gives_byte_identical_files(tmp_path: Path) -> None:
    written = load_make_sounds().build(tmp_path)
    assert sorted(p.name for p in written) == sorted(f"{n}.wav" for n in SOUND_NAMES)
    for name in SOUND_NAMES:
        fresh = (tmp_path / f"{name}.wav").read_bytes()
        committed = (SOUNDS / f"{name}.wav").read_bytes()
        assert fresh == committed, f"{name}.wav differs: run python tools/make_sounds.py"


# --- the player, with SDL's dummy audio driver ------------------------------------------------


@pytest.fixture
def warnings() -> Iterator[list[str]]:
    """A fresh mixer for each test, closed afterwards; collects the player's warnings."""
    close_mixer()  # (under the mixer's lock: a player's rest may be closing it too)
    collected: list[str] = []
    yield collected
    close_mixer()


def test_player_with_dummy_driver_is_available(warnings: list[str]) -> None:
    player = SoundPlayer(warn=warnings.append)
    assert player.available
    assert player.enabled
    assert warnings == []


def test_the_mixer_plays_the_files_as_they_are(warnings: list[str]) -> None:
    # The mixer opens in the files' own format (rate, signed 16-bit, channels), so no
    # sound is converted as it loads: a start-up cost before the first input.
    SoundPlayer(warn=warnings.append)
    formats = {read_wav(SOUNDS / f"{name}.wav")[0] for name in SOUND_NAMES}
    assert {(rate, -8 * width, channels) for rate, width, channels in formats} == {
        pygame.mixer.get_init()
    }


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_play_starts_the_sound(warnings: list[str], name: str) -> None:
    player = SoundPlayer(warn=warnings.append)
    assert not pygame.mixer.get_busy()
    player.play(name)
    assert pygame.mixer.get_busy()


def test_play_while_disabled_is_silent_and_opens_no_device(warnings: list[str]) -> None:
    if pygame.mixer.get_init() is not None:
        close_mixer()
    player = SoundPlayer(enabled=False, warn=warnings.append)
    assert not player.available and not player.enabled
    assert pygame.mixer.get_init() is None  # sound off: the audio device stays closed
    for name in SOUND_NAMES:
        player.play(name)
    assert not pygame.mixer.get_busy()
    player.enabled = True  # the first time sound is on, the device opens
    assert player.available and pygame.mixer.get_init() is not None
    assert warnings == []


def test_a_player_made_for_later_opens_the_device_at_open_or_the_first_sound(
    warnings: list[str],
) -> None:
    player = SoundPlayer(warn=warnings.append, open_now=False)
    assert pygame.mixer.get_init() is None and not player.available  # the window comes first
    player.open()
    assert player.available and pygame.mixer.get_init() is not None
    close_mixer()
    later = SoundPlayer(warn=warnings.append, open_now=False)
    later.play("reveal")  # a sound before open(): the device opens for it
    assert later.available and pygame.mixer.get_busy()
    silent = SoundPlayer(enabled=False, warn=warnings.append, open_now=False)
    silent.open()  # sound off: open() leaves the device closed
    assert not silent.available
    assert warnings == []


def test_the_first_press_opens_the_device_once_its_frame_is_drawn(warnings: list[str]) -> None:
    """The window's player opens the device after the frame of the first press of a
    key or a button (as the loop rests: waiting.at_rest), not at a motion, a release
    or a window's event; the release's sound then plays on the open device."""
    player = SoundPlayer(warn=warnings.append, open_now=False)
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP, pygame.KEYUP, pygame.WINDOWSHOWN):
        player.heard(kind)
    run_at_rest()
    assert pygame.mixer.get_init() is None and not player.available
    player.heard(pygame.MOUSEBUTTONDOWN)
    assert pygame.mixer.get_init() is None, "the press's frame waited for the device"
    run_at_rest()  # (the press's frame drawn: the loop rests)
    assert player.device_open
    player.play("reveal")  # the release's sound
    assert pygame.mixer.get_busy()
    close_mixer()
    silent = SoundPlayer(enabled=False, warn=warnings.append, open_now=False)
    silent.heard(pygame.KEYDOWN)  # sound off: no device opened
    run_at_rest()
    assert pygame.mixer.get_init() is None and not silent.available
    assert warnings == []


def test_toggle_flips_and_disabling_stops_the_sound(warnings: list[str]) -> None:
    player = SoundPlayer(warn=warnings.append)
    player.play("win")
    assert player.toggle() is False
    assert player.enabled is False
    assert not pygame.mixer.get_busy()
    assert player.toggle() is True
    assert player.enabled is True
    player.enabled = False
    player.enabled = False
    assert player.enabled is False


def test_unknown_sound_name_is_an_error(warnings: list[str]) -> None:
    player = SoundPlayer(warn=warnings.append)
    with pytest.raises(ValueError, match="boom"):
        player.play("boom")


def test_play_after_the_mixer_quit_does_not_crash(warnings: list[str]) -> None:
    player = SoundPlayer(warn=warnings.append)
    close_mixer()  # as pygame.quit() does at exit
    player.play("explode")  # pygame-ce segfaults if a sound is played after the mixer quit
    player.toggle()
    player.toggle()
    assert not player.available


def test_no_audio_device_warns_once(warnings: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("Audio target 'nosuchdriver' not available")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    player = SoundPlayer(warn=warnings.append)
    assert not player.available
    assert warnings == [NO_AUDIO_DEVICE]
    for name in SOUND_NAMES:
        player.play(name)
    assert player.toggle() is False
    assert warnings == [NO_AUDIO_DEVICE]


def test_missing_sound_files_warn_once(
    warnings: list[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(game.view.sound, "asset_dir", lambda kind: tmp_path)
    player = SoundPlayer(warn=warnings.append)
    assert not player.available
    assert len(warnings) == 1
    assert "\n" not in warnings[0] and "silent" in warnings[0]
    assert pygame.mixer.get_init() is None, "the player should close the mixer it opened"
    player.play("reveal")


def test_default_warning_with_no_stderr(
    warnings: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("no device")

    monkeypatch.setattr(sys, "stderr", None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    warn_to_stderr("nobody hears this")
    player = SoundPlayer()
    assert not player.available
    player.play("win")


# --- the player with no audio device at all, in a fresh process ------------------------------

NO_DEVICE_SCRIPT = textwrap.dedent(
    """
    import sys
    if sys.argv[1] == "no-stderr":
        sys.stderr = None
    import pygame
    from game.view.sound import SOUND_NAMES, SoundPlayer

    player = SoundPlayer()
    assert not player.available
    for name in SOUND_NAMES:
        player.play(name)
    assert player.toggle() is False
    assert player.toggle() is True
    player.play("explode")
    assert pygame.mixer.get_init() is None
    print("ok")
    """
)


def run_without_audio(mode: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["SDL_AUDIODRIVER"] = "nosuchdriver"
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, "-c", NO_DEVICE_SCRIPT, mode],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_no_audio_device_process_prints_one_warning() -> None:
    result = run_without_audio("stderr")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
    assert result.stderr.splitlines() == [NO_AUDIO_DEVICE]


def test_no_audio_device_process_without_stderr() -> None:
    result = run_without_audio("no-stderr")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
    assert result.stderr == ""


def test_no_audio_device_is_said_in_the_players_language(
    warnings: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from game import language

    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("Audio target 'nosuchdriver' not available")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    language.use("de")
    try:
        SoundPlayer(warn=warnings.append)
    finally:
        language.use(language.ENGLISH)
    assert warnings == ["Kein Audiogerät gefunden; das Spiel bleibt stumm."]


def _audio_threads() -> list[str]:
    """SDL's audio threads in this process (Linux: their names in /proc)."""
    names = []
    for task in Path("/proc/self/task").iterdir():
        with contextlib.suppress(OSError):
            names.append((task / "comm").read_text().strip())
    return [name for name in names if name.startswith(("SDLAudio", "Pulse"))]


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="counts threads in /proc")
def test_the_device_rests_after_a_silence_and_opens_for_the_next_sound(
    warnings: list[str],
) -> None:
    """An open device's thread wakes at every buffer, silence or not: the player
    closes the device SILENCE_S after the last sound and opens it for the next one."""
    player = SoundPlayer(warn=warnings.append, silence_s=0.2)
    assert player.device_open and _audio_threads()  # (loaded: open for the first sounds)
    for name in ("reveal", "flag"):
        deadline = time.monotonic() + 10
        while player.device_open and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not player.device_open and pygame.mixer.get_init() is None
        assert _audio_threads() == [], "no audio thread may run while nothing plays"
        assert player.available  # (resting, not silent for good)
        player.play(name)
        assert player.device_open and pygame.mixer.get_busy()
        assert pygame.mixer.get_init() == (44100, -16, 1)
    player.play("win")
    time.sleep(0.3)  # (win.wav plays for longer than the silence: not cut short)
    assert player.device_open and pygame.mixer.get_busy()
    assert warnings == []


def test_pygame_quit_closes_the_mixer_under_the_players_lock(warnings: list[str]) -> None:
    """Two threads in SDL's mixer at once crash the process (a segmentation fault,
    seen when a test's end closed the mixer as a player's rest closed it): pygame.quit()
    waits for the lock every player and the rest's thread hold around the mixer."""
    player = SoundPlayer(warn=warnings.append)
    assert player.available
    done = threading.Event()
    with MIXER:  # (a player's use of the mixer under way)
        quitter = threading.Thread(target=lambda: (pygame.quit(), done.set()))
        quitter.start()
        assert not done.wait(0.3)  # pygame.quit() waits for it
        assert pygame.mixer.get_init() is not None
    assert done.wait(5)
    quitter.join()
    assert pygame.mixer.get_init() is None
    pygame.init()
