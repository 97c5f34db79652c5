"""A sound's delay with the audio device resting (closed a silence after the last
sound, game.view.sound) beside the same sound on a device left open, in the same
run, taking turns; and what an open device costs while nothing plays.

On a PulseAudio of its own with a null sink (`pulseaudio` and `parec` needed:
Debian's pulseaudio and pulseaudio-utils; not test dependencies), in a folder of its
own, so no other program's sound server is touched:

- the play call: how long ``SoundPlayer.play`` keeps the loop's frame (a resting
  device opens in it);
- to the speaker: from the play call to the sound's first samples heard on the null
  sink's monitor (parec, read as it comes; the monitor's own delay is in both rows
  alike);
- the first click: in a process of its own (its first device: the audio libraries
  load), a player as the window has it (nothing opened at start), told of the press
  (``SoundPlayer.heard``), its device opened as the loop rests after the press's
  frame (``waiting.run_at_rest``: how long that takes is printed) and the sound
  played at the release, RELEASE_S after (a click's usual hold); or released at
  once, in the press's frame (the sound opens the device itself);
- idle: the CPU time and wake-ups of the process's audio threads over IDLE_S with
  the device open and nothing playing (the game before this rest, for ever after
  its first sound) and resting.

A benchmark, not a test. Run: python benchmarks/bench_sound_rest.py [--sounds N]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

IDLE_S = 3.0
FIRST_CLICK = """
import sys, time
sys.path.insert(0, sys.argv[1])
import pygame
from game.view.sound import SoundPlayer
from game.view.waiting import run_at_rest

held = None if sys.argv[2] == "None" else float(sys.argv[2])
player = SoundPlayer(open_now=False)
player.heard(pygame.MOUSEBUTTONDOWN)
opening = 0.0
if held is not None:
    began = time.perf_counter()
    run_at_rest()  # (the press's frame drawn: the loop's rest)
    opening = (time.perf_counter() - began) * 1000
    time.sleep(held)
began = time.perf_counter()
player.play("reveal")
print(began, (time.perf_counter() - began) * 1000, opening)
time.sleep(0.5)  # (heard out)
"""
"""A first click in a process of its own: told of the press, released (argv[2])."""
RELEASE_S = 0.1
"""A click's button held this long (a player's click: 80-150 ms)."""


def start_pulse(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    socket = folder / "native"
    server = subprocess.Popen(
        [
            "pulseaudio",
            "-n",
            "--daemonize=no",
            "--exit-idle-time=-1",
            "--use-pid-file=no",
            "-L",
            "module-null-sink sink_name=null",
            "-L",
            f"module-native-protocol-unix socket={socket} auth-anonymous=1",
        ],
        env={**os.environ, "HOME": str(folder), "XDG_RUNTIME_DIR": str(folder)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(100):
        if socket.exists():
            break
        time.sleep(0.05)
    return server, f"unix:{socket}"


class Monitor:
    """The null sink's monitor read as it comes: when sound was last first heard."""

    def __init__(self, server: str) -> None:
        self.process = subprocess.Popen(
            [
                "parec",
                "-d",
                "null.monitor",
                "--raw",
                "--format=s16le",
                "--rate=44100",
                "--channels=1",
                "--latency-msec=2",
            ],
            env={**os.environ, "PULSE_SERVER": server},
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self.heard: float | None = None
        self.listening = False
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        while chunk := self.process.stdout.read1(4096):
            now = time.perf_counter()
            if self.listening and self.heard is None and chunk.strip(b"\0"):
                self.heard = now

    def listen(self) -> None:
        self.heard, self.listening = None, True

    def wait(self, timeout_s: float = 2.0) -> float | None:
        until = time.perf_counter() + timeout_s
        while self.heard is None and time.perf_counter() < until:
            time.sleep(0.001)
        self.listening = False
        return self.heard


def audio_threads() -> tuple[float, int]:
    """CPU seconds and voluntary switches of the process's audio threads."""
    cpu, switches = 0.0, 0
    for task in Path("/proc/self/task").iterdir():
        try:
            name = (task / "comm").read_text().strip()
            if not name.startswith(("SDLAudio", "Pulse")):
                continue
            cpu += int((task / "schedstat").read_text().split()[0]) / 1e9
            status = (task / "status").read_text()
            switches += int(status.split("voluntary_ctxt_switches:")[1].split()[0])
        except (OSError, IndexError, ValueError):
            continue
    return cpu, switches


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sounds", type=int, default=15, help="sounds of each kind")
    args = parser.parse_args()
    for tool in ("pulseaudio", "parec"):
        if shutil.which(tool) is None:
            sys.exit(f"bench_sound_rest: {tool} is needed (pulseaudio, pulseaudio-utils)")
    with tempfile.TemporaryDirectory(prefix="bench-pulse-") as scratch:
        server, address = start_pulse(Path(scratch))
        os.environ.update(PULSE_SERVER=address, SDL_AUDIODRIVER="pulseaudio")
        import pygame
        from window_env import ROOT  # (the checkout on the path; audio as set above)

        from game.view.sound import SoundPlayer

        openings: list[float] = []

        def first_click(held_s: float | None) -> tuple[float, float]:
            """In a fresh process (its first device: the audio libraries load), a
            window's player (nothing opened) pressed and released held_s later (None:
            in the press's own frame): when its play call began (the monotonic clock
            the processes share) and how long it took (ms)."""
            while resting.device_open:
                time.sleep(0.05)
            done = subprocess.run(
                [sys.executable, "-c", FIRST_CLICK, str(ROOT), str(held_s)],
                env=os.environ.copy(),
                capture_output=True,
                text=True,
                check=True,
            )
            began, call, opening = map(float, done.stdout.split())
            if held_s is not None:
                openings.append(opening)
            return began, call

        monitor = Monitor(address)
        try:
            rows: dict[str, tuple[list[float], list[float]]] = {
                "device open": ([], []),
                "device resting": ([], []),
                f"first click, {RELEASE_S * 1000:.0f} ms": ([], []),
                "first click, at once": ([], []),
            }
            resting = SoundPlayer(silence_s=0.6)
            for _ in range(args.sounds):
                for name, (calls, heard) in rows.items():
                    if name == "device resting":
                        while resting.device_open:
                            time.sleep(0.05)
                    elif name == "device open":
                        resting.play("flag")  # (opened again; the sound heard out)
                        time.sleep(0.3)
                    monitor.listen()
                    if name.startswith("first click"):
                        began, call = first_click(RELEASE_S if name.endswith(" ms") else None)
                    else:
                        began = time.perf_counter()
                        resting.play("reveal")
                        call = (time.perf_counter() - began) * 1000
                    calls.append(call)
                    at = monitor.wait()
                    if at is not None:
                        heard.append((at - began) * 1000)
                    time.sleep(0.3)
            print(f"PulseAudio null sink, {args.sounds} sounds each, taking turns:")
            print(f"{'':22}{'play call (median, max)':>28}{'to the speaker (median)':>26}")
            for name, (calls, heard) in rows.items():
                to_ear = f"{statistics.median(heard):.1f} ms" if heard else "not heard"
                print(
                    f"{name:22}{statistics.median(calls):13.2f} ms {max(calls):8.2f} ms{to_ear:>22}"
                )
            print(
                f"the first press's opening, in the rest after its frame: median "
                f"{statistics.median(openings):.1f} ms, max {max(openings):.1f} ms"
            )
            while resting.device_open:  # (its rest's thread leaves the mixer alone then)
                time.sleep(0.05)
            pygame.mixer.pre_init(44100, -16, 1, 512)
            pygame.mixer.init()  # (a device open and silent: the game before the rest)
            time.sleep(0.5)
            for name, still in (("open, silent", True), ("resting", False)):
                if not still:
                    pygame.mixer.quit()
                cpu, switches = audio_threads()
                time.sleep(IDLE_S)
                cpu2, switches2 = audio_threads()
                print(
                    f"idle, device {name}: audio threads {(cpu2 - cpu) / IDLE_S * 100:.2f}% "
                    f"of a core, {(switches2 - switches) / IDLE_S:.0f} wake-ups a second"
                )
        finally:
            monitor.process.terminate()
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    main()
