"""The game's words through the real speech-dispatcher and espeak-ng (Linux): a
session spoken to a sound file, and sox finds speech in it.

The fixture starts a speech-dispatcher of its own (its own configuration, runtime
folder and socket: the player's own is never touched), with the espeak-ng output
module and ALSA's output pointed at ALSA's file plugin over its null device, so
every sample the voice plays is written to a WAV file, headless. It is skipped where
the Debian packages are missing (speech-dispatcher, speech-dispatcher-espeak-ng,
espeak-ng, sox: .ci/run installs them)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
import wave
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.core.delta import CellSet, Delta, Mark
from game.core.game import Game
from game.view import board_words as words
from game.view.speech import Speaker

ROOT = str(Path(__file__).resolve().parent.parent)
"""The game's source (``python -m game`` runs it from another folder)."""
MODULE = Path("/usr/lib/speech-dispatcher-modules/sd_espeak-ng")

pytestmark = pytest.mark.skipif(
    sys.platform != "linux"
    or shutil.which("speech-dispatcher") is None
    or shutil.which("sox") is None
    or not MODULE.exists(),
    reason="needs speech-dispatcher with espeak-ng, and sox (Debian packages)",
)

ASOUNDRC = """pcm.!default {{
  type file
  slave.pcm "null"
  file "{file}"
  format "wav"
}}
"""
"""ALSA's default device: what is played is written to a file (and to nothing)."""


@pytest.fixture
def dispatcher(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A speech-dispatcher of the test's own: its address and the WAV it writes."""
    conf, home, logs = tmp_path / "conf", tmp_path / "home", tmp_path / "log"
    for folder in (conf / "modules", home, logs):
        folder.mkdir(parents=True)
    sound = tmp_path / "spoken.wav"
    (home / ".asoundrc").write_text(ASOUNDRC.format(file=sound), encoding="utf-8")
    (conf / "speechd.conf").write_text(
        'AudioOutputMethod "alsa"\n'
        'AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"\n'
        "DefaultModule espeak-ng\n"
        "LogLevel 2\n",
        encoding="utf-8",
    )
    (conf / "modules" / "espeak-ng.conf").write_text("", encoding="utf-8")
    sock = tmp_path / "sd.sock"
    env = {**os.environ, "HOME": str(home), "XDG_RUNTIME_DIR": str(tmp_path)}
    command = ["speech-dispatcher", "-s", "-t", "0", "-C", str(conf), "-S", str(sock)]
    process = subprocess.Popen(
        [*command, "-L", str(logs), "-P", str(tmp_path / "pid")],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 15
        while not sock.exists() and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.05)
        if not sock.exists():
            pytest.skip("speech-dispatcher did not start here")
        yield f"unix_socket:{sock}", sound
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def settled(sound: Path, quiet: float = 1.0, longest: float = 30.0) -> None:
    """Wait until the sound file stops growing (the voice is done)."""
    size, since, start = -1, time.monotonic(), time.monotonic()
    while time.monotonic() - start < longest:
        now = sound.stat().st_size if sound.exists() else 0
        if now != size:
            size, since = now, time.monotonic()
        elif now and time.monotonic() - since > quiet:
            return
        time.sleep(0.1)


def readable(sound: Path) -> Path:
    """The WAV with its sizes written (ALSA's file plugin leaves them 0 until the
    device closes, which speech-dispatcher's module does not do between messages)."""
    raw = sound.read_bytes()
    rate = int.from_bytes(raw[24:28], "little")
    channels = int.from_bytes(raw[22:24], "little")
    fixed = sound.with_name("fixed.wav")
    with wave.open(str(fixed), "wb") as out:
        out.setnchannels(channels)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(raw[44:])
    return fixed


def stat(path: Path, *effects: str) -> dict[str, float]:
    done = subprocess.run(
        ["sox", str(path), "-n", *effects, "stat"], capture_output=True, text=True, check=True
    )
    figures = {}
    for line in done.stderr.splitlines():
        name, _, value = line.partition(":")
        try:
            figures[name.strip()] = float(value)
        except ValueError:
            continue
    return figures


def test_a_short_session_is_spoken_by_espeak_ng_and_sox_finds_speech(
    dispatcher: tuple[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    where, sound = dispatcher
    monkeypatch.setenv("SPEECHD_ADDRESS", where)  # (the game's own way to its voice)
    game = Game.from_layout("*........\n" + ".........\n" * 8)
    speaker = Speaker(True)
    opened = Delta(CellSet([], 11), opened=14)
    session = [
        words.cell_words(game, (2, 4), False),
        words.move_words(game, (2, 4), opened, 3, False),
        words.move_words(game, (0, 0), Delta(CellSet([], 11), mark=Mark.FLAG), 5, False),
    ]
    for text in session:
        speaker.say(text)
        speaker.flush(interrupt=False)  # (each after the one before: the whole session)
    assert speaker.wait(20)
    settled(sound)
    speaker.close()
    assert sound.exists() and sound.stat().st_size > 44, "espeak-ng wrote nothing"
    fixed = readable(sound)
    whole = stat(fixed)
    voiced = stat(fixed, "silence", "1", "0.05", "1%", "-1", "0.2", "1%")
    assert whole["Length (seconds)"] > 2.0, whole  # three sentences, at espeak-ng's pace
    assert whole["RMS     amplitude"] > 0.02, whole  # not silence
    assert voiced["Length (seconds)"] > 1.5, voiced  # sound, not one click
    assert 100 < whole["Rough   frequency"] < 4000, whole  # a voice's range, not a tone


def spoken_to(sound: Path) -> dict[str, float]:
    """What sox finds in the voice's sound file, once the voice is done."""
    settled(sound)
    assert sound.exists() and sound.stat().st_size > 44, "espeak-ng wrote nothing"
    return stat(readable(sound))


def say_command(game: list[str], where: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """``game --say`` (the game's check that it speaks) through this speech-dispatcher."""
    log = tmp_path / "said.txt"
    env = {**os.environ, "SPEECHD_ADDRESS": where, "SDL_VIDEODRIVER": "dummy", "PYTHONPATH": ROOT}
    words = ["--say", "Minesweeper speaks: row 3, column 5, two.", "--speech-log", str(log)]
    return subprocess.run(
        [*game, *words], env=env, capture_output=True, text=True, timeout=60, cwd=tmp_path
    )


def test_say_speaks_through_speech_dispatcher_and_names_it(
    dispatcher: tuple[str, Path], tmp_path: Path
) -> None:
    where, sound = dispatcher
    done = say_command([sys.executable, "-m", "game"], where, tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "Said through speech-dispatcher."
    said = (tmp_path / "said.txt").read_text(encoding="utf-8")
    assert said == "Minesweeper speaks: row 3, column 5, two.\n"
    whole = spoken_to(sound)
    assert whole["Length (seconds)"] > 1.0 and whole["RMS     amplitude"] > 0.02, whole


def test_say_with_no_voice_says_why_in_one_line_and_exits_1(tmp_path: Path) -> None:
    where = f"unix_socket:{tmp_path / 'nobody.sock'}"
    done = say_command([sys.executable, "-m", "game"], where, tmp_path)
    assert done.returncode == 1
    assert done.stderr.startswith("minesweeper: No speech found (") and done.stderr.count("\n") == 1
    assert not (tmp_path / "said.txt").exists()  # (only words a voice took are logged)
