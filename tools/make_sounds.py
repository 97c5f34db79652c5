"""Synthesise the game's sound effects into WAV files.

    python tools/make_sounds.py [--out DIR]      (default: the repository's sounds/ folder)

Standard library only, and deterministic: the noise comes from one seeded
random.Random per sound, so every run writes byte-identical files. Every sound is
44100 Hz, 16-bit, mono, starts and ends in silence (attack and release
envelopes), has no DC offset, and peaks a little below full scale.

Signals are plain lists of floats in [-1, 1] while they are being built.
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

RATE = 44100
SEED = 1989  # any fixed number: it only has to be the same on every run

Signal = list[float]

DEFAULT_OUT = Path(__file__).resolve().parent.parent / "sounds"


# --- building blocks --------------------------------------------------------------------------


def n_samples(seconds: float) -> int:
    return round(seconds * RATE)


def times(seconds: float) -> list[float]:
    """The time in seconds of each sample of a signal this long."""
    return [i / RATE for i in range(n_samples(seconds))]


def glide(start_hz: float, end_hz: float, glide_seconds: float) -> Callable[[float], float]:
    """A frequency that slides exponentially from start to end, then stays at end."""

    def frequency(t: float) -> float:
        if t >= glide_seconds:
            return end_hz
        return start_hz * math.pow(end_hz / start_hz, t / glide_seconds)

    return frequency


def sine(
    frequency: float | Callable[[float], float], seconds: float, partial: float = 1.0
) -> Signal:
    """A sine wave, starting at phase zero; the frequency may change over time."""
    freq_at = frequency if callable(frequency) else (lambda _t: frequency)
    out: Signal = []
    phase = 0.0
    for t in times(seconds):
        out.append(math.sin(phase))
        phase += 2.0 * math.pi * partial * freq_at(t) / RATE
    return out


def white_noise(seconds: float, rng: random.Random) -> Signal:
    return [rng.uniform(-1.0, 1.0) for _ in range(n_samples(seconds))]


def lowpass(signal: Sequence[float], cutoff: float | Callable[[float], float]) -> Signal:
    """A one-pole low-pass filter (6 dB per octave); the cutoff may change over time."""
    cutoff_at = cutoff if callable(cutoff) else (lambda _t: cutoff)
    out: Signal = []
    y = 0.0
    for i, x in enumerate(signal):
        a = 1.0 - math.exp(-2.0 * math.pi * cutoff_at(i / RATE) / RATE)
        y += a * (x - y)
        out.append(y)
    return out


def highpass(signal: Sequence[float], cutoff: float | Callable[[float], float]) -> Signal:
    """A one-pole high-pass filter: what the low-pass takes away."""
    return [x - y for x, y in zip(signal, lowpass(signal, cutoff), strict=True)]


def envelope(seconds: float, attack: float, decay: float) -> Signal:
    """A raised-cosine attack, then an exponential decay with time constant `decay`."""
    out: Signal = []
    for t in times(seconds):
        rise = 0.5 - 0.5 * math.cos(math.pi * t / attack) if t < attack else 1.0
        out.append(rise * math.exp(-max(0.0, t - attack) / decay))
    return out


def multiply(*signals: Sequence[float]) -> Signal:
    return [math.prod(values) for values in zip(*signals, strict=True)]


def scale(signal: Sequence[float], gain: float) -> Signal:
    return [gain * x for x in signal]


def peak(signal: Sequence[float]) -> float:
    return max((abs(x) for x in signal), default=0.0)


def normalise(signal: Sequence[float], peak_dbfs: float = 0.0) -> Signal:
    """Scale so the largest sample sits at `peak_dbfs` (0 dBFS is full scale)."""
    top = peak(signal)
    if top == 0.0:
        return list(signal)
    return scale(signal, 10.0 ** (peak_dbfs / 20.0) / top)


def mix(seconds: float, *parts: tuple[float, Sequence[float]]) -> Signal:
    """Add signals together, each starting at its own offset in seconds; cut at `seconds`."""
    out = [0.0] * n_samples(seconds)
    for offset, part in parts:
        start = n_samples(offset)
        for i, x in enumerate(part[: max(0, len(out) - start)]):
            out[start + i] += x
    return out


def soft_clip(signal: Sequence[float], drive: float) -> Signal:
    """Gentle tanh saturation: rounds off the loudest peaks, adds punch."""
    return [math.tanh(drive * x) / math.tanh(drive) for x in signal]


def fade_edges(signal: Sequence[float], fade_in: float, fade_out: float) -> Signal:
    """Raised-cosine fades so the first and last samples are exactly silent."""
    out = list(signal)
    n_in, n_out = n_samples(fade_in), n_samples(fade_out)
    for i in range(min(n_in, len(out))):
        out[i] *= 0.5 - 0.5 * math.cos(math.pi * i / n_in)
    for i in range(min(n_out, len(out))):
        out[-1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / n_out)
    return out


def remove_dc(signal: Sequence[float]) -> Signal:
    """Make the mean exactly zero without touching the silent first and last samples.

    The offset is taken out in the shape of one slow sine-squared hump spanning the
    whole sound: far below hearing, and zero at both ends.
    """
    n = len(signal)
    hump = [math.sin(math.pi * i / (n - 1)) ** 2 for i in range(n)]
    k = math.fsum(signal) / math.fsum(hump)
    return [x - k * h for x, h in zip(signal, hump, strict=True)]


def finish(signal: Sequence[float], peak_dbfs: float, fade_in: float, fade_out: float) -> Signal:
    """The last steps every sound goes through: silent edges, no DC, the target peak."""
    faded = fade_edges(highpass(signal, 20.0), fade_in, fade_out)
    return normalise(remove_dc(faded), peak_dbfs)


def to_pcm16(signal: Sequence[float]) -> bytes:
    ints = [max(-32767, min(32767, round(x * 32767))) for x in signal]
    return struct.pack(f"<{len(ints)}h", *ints)


def write_wav(path: Path, signal: Sequence[float]) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(to_pcm16(signal))


# --- instruments ------------------------------------------------------------------------------


def tick(pitch: float, seconds: float, decay: float, rng: random.Random) -> Signal:
    """A tiny wooden tick: a falling sine, a quieter inharmonic overtone, a breath of noise."""
    body = sine(glide(pitch * 1.4, pitch, 0.012), seconds)
    overtone = sine(glide(pitch * 1.4, pitch, 0.012), seconds, partial=2.76)
    breath = lowpass(lowpass(white_noise(seconds, rng), 3000.0), 3000.0)
    tone = [
        b * e1 + 0.25 * o * e2 + 2.0 * n * e3
        for b, o, n, e1, e2, e3 in zip(
            body,
            overtone,
            breath,
            envelope(seconds, 0.0015, decay),
            envelope(seconds, 0.0010, decay * 0.4),
            envelope(seconds, 0.0008, 0.0015),
            strict=True,
        )
    ]
    return lowpass(lowpass(tone, 6000.0), 6000.0)


def pluck(pitch: float, seconds: float, decay: float) -> Signal:
    """A soft plucked note: a triangle-like stack of harmonics, the higher ones dying sooner.

    It is faded out over its last 60 ms, so a note cut short never clicks.
    """
    out = [0.0] * n_samples(seconds)
    for k in range(1, 9):
        if pitch * k > RATE / 4:  # keep well clear of aliasing
            break
        level = 1.0 / k**2 if k % 2 else 0.35 / k**2
        # A second, slightly detuned voice for each partial makes the note warmer.
        voice = [
            0.5 * (a + b)
            for a, b in zip(sine(pitch, seconds, k), sine(pitch * 1.003, seconds, k), strict=True)
        ]
        env = envelope(seconds, 0.004, decay / (1.0 + 0.6 * (k - 1)))
        for i, (v, e) in enumerate(zip(voice, env, strict=True)):
            out[i] += level * v * e
    return fade_edges(out, 0.0, 0.06)


# --- the five sounds --------------------------------------------------------------------------


def reveal() -> Signal:
    """Opening one cell: a soft, short, pleasant tick."""
    rng = random.Random(SEED)
    seconds = 0.055
    return finish(tick(1100.0, seconds, 0.007, rng), -3.0, 0.002, 0.015)


def cascade() -> Signal:
    """Opening a whole area: a quick rising flurry of ticks over a soft airy sweep."""
    rng = random.Random(SEED + 1)
    seconds = 0.34
    count = 9
    parts: list[tuple[float, Sequence[float]]] = []
    for i in range(count):
        at = 0.028 * i + rng.uniform(-0.004, 0.004) + 0.004
        pitch = 800.0 * (2.2 ** (i / (count - 1))) * rng.uniform(0.97, 1.03)
        loudness = 0.55 + 0.45 * math.sin(math.pi * (i + 1) / (count + 1))
        parts.append((at, scale(tick(pitch, 0.05, 0.006, rng), loudness)))
    # The sweep: a band of noise that climbs with the ticks.
    top = glide(1000.0, 4000.0, 0.28)
    band = highpass(
        lowpass(lowpass(white_noise(seconds, rng), top), top), glide(400.0, 1600.0, 0.28)
    )
    swell = [math.sin(math.pi * min(1.0, t / 0.32)) ** 2 for t in times(seconds)]
    parts.append((0.0, scale(multiply(normalise(band), swell), 0.18)))
    return finish(mix(seconds, *parts), -3.0, 0.002, 0.03)


def flag() -> Signal:
    """Placing or removing a mark: a soft, low "thup"."""
    rng = random.Random(SEED + 2)
    seconds = 0.1
    pitch = glide(420.0, 210.0, 0.03)
    thump = multiply(sine(pitch, seconds), envelope(seconds, 0.002, 0.02))
    twang = multiply(sine(pitch, seconds, partial=2.0), envelope(seconds, 0.002, 0.010))
    thud = multiply(
        normalise(lowpass(lowpass(white_noise(seconds, rng), 1500.0), 1500.0)),
        envelope(seconds, 0.001, 0.004),
    )
    body = [a + 0.3 * b + 0.25 * c for a, b, c in zip(thump, twang, thud, strict=True)]
    return finish(body, -3.0, 0.002, 0.02)


def explode() -> Signal:
    """The mine goes off: a low thump, a filtered noise blast, a decaying rumble."""
    rng = random.Random(SEED + 3)
    seconds = 1.1
    cutoff = glide(5000.0, 250.0, 0.5)
    thump = multiply(sine(glide(110.0, 38.0, 0.3), seconds), envelope(seconds, 0.004, 0.18))
    blast = multiply(
        normalise(lowpass(lowpass(white_noise(seconds, rng), cutoff), cutoff)),
        envelope(seconds, 0.002, 0.08),
    )
    rumble = multiply(
        normalise(lowpass(lowpass(white_noise(seconds, rng), 180.0), 180.0)),
        envelope(seconds, 0.03, 0.35),
    )
    body = [0.9 * a + 0.7 * b + 0.6 * c for a, b, c in zip(thump, blast, rumble, strict=True)]
    return finish(soft_clip(normalise(body), 2.2), -1.0, 0.002, 0.2)


def win() -> Signal:
    """The board is cleared: a cheerful rising arpeggio, C E G, landing on a ringing C."""
    seconds = 1.3
    c5, e5, g5, c6 = 523.25, 659.26, 783.99, 1046.50
    step = 0.11
    parts: list[tuple[float, Sequence[float]]] = [
        (0 * step, pluck(c5, 0.5, 0.16)),
        (1 * step, pluck(e5, 0.5, 0.16)),
        (2 * step, pluck(g5, 0.5, 0.16)),
        (3 * step, scale(pluck(c6, 0.95, 0.35), 1.1)),
        # A quieter chord under the last note rounds it off.
        (3 * step, scale(pluck(e5, 0.95, 0.3), 0.35)),
        (3 * step, scale(pluck(g5, 0.95, 0.3), 0.35)),
    ]
    dry = mix(seconds, *parts)
    echo = mix(seconds, (0.0, dry), (0.13, scale(dry, 0.22)))
    return finish(echo, -3.0, 0.002, 0.15)


# --- the earcons under the keyboard cursor (speech on: game/scenes/board_voice.py) -------------

EARCON_BASE = 392.0
"""The pitch of a 1 under the cursor (G4); each number a whole tone higher, so 8 is
two tones short of two octaves up: the order is heard, each step plain."""


def earcon_tone(number: int) -> Callable[[], Signal]:
    """The tone of a number under the cursor: a short pluck, higher for a larger number."""

    def tone() -> Signal:
        pitch = EARCON_BASE * 2 ** (2 * (number - 1) / 12)
        return finish(pluck(pitch, 0.09, 0.05), -5.0, 0.002, 0.03)

    tone.__doc__ = f"The cursor on a {number}."
    return tone


def edge() -> Signal:
    """The cursor against the board's edge: a low, dull knock."""
    rng = random.Random(SEED + 4)
    seconds = 0.07
    knock = multiply(sine(glide(180.0, 120.0, 0.02), seconds), envelope(seconds, 0.001, 0.015))
    thud = multiply(
        normalise(lowpass(lowpass(white_noise(seconds, rng), 600.0), 600.0)),
        envelope(seconds, 0.001, 0.006),
    )
    return finish([a + 0.4 * b for a, b in zip(knock, thud, strict=True)], -4.0, 0.001, 0.02)


def flagged() -> Signal:
    """The cursor on a flag: two quick high blips."""
    seconds = 0.12
    blip = multiply(sine(1568.0, 0.04), envelope(0.04, 0.002, 0.01))
    return finish(mix(seconds, (0.0, blip), (0.06, blip)), -5.5, 0.001, 0.02)


SOUNDS: dict[str, Callable[[], Signal]] = {
    "reveal": reveal,
    "cascade": cascade,
    "flag": flag,
    "explode": explode,
    "win": win,
    **{f"tone{number}": earcon_tone(number) for number in range(1, 9)},
    "edge": edge,
    "flagged": flagged,
}


def build(out_dir: Path) -> list[Path]:
    """Write every sound into `out_dir` (created if needed); return the files written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for name, make in SOUNDS.items():
        path = out_dir / f"{name}.wav"
        write_wav(path, make())
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--out", type=Path, default=DEFAULT_OUT, help=f"output folder (default: {DEFAULT_OUT})"
    )
    args = parser.parse_args(argv)
    for path in build(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
