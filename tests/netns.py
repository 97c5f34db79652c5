"""A network of the test's own: a child in a new network namespace (``unshare -n``,
root), its loopback up and carrying multicast, so that the race's mDNS (the embedded
default's announcement, game.net.lan) is sent and heard there alone, never on the
machine's real network."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent
SETUP = (
    "ip link set lo up && ip link set lo multicast on && ip route add 224.0.0.0/4 dev lo"
    ' && exec "$@"'
)


def why_not() -> str | None:
    """Why no namespace can be made here (None: one can)."""
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        return "no unshare or ip command (util-linux, iproute2)"
    tried = subprocess.run(
        ["unshare", "-n", "sh", "-c", SETUP, "sh", "true"],
        capture_output=True,
        text=True,
        check=False,
    )
    if tried.returncode != 0:
        return f"unshare -n is not permitted here: {tried.stderr.strip()[:200]}"
    return None


def run(script: Path, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``python script args`` in a network namespace of its own (with everything it
    starts): its standard output and error, and its exit status."""
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYTHONPATH": os.pathsep.join([str(ROOT), str(TESTS), os.environ.get("PYTHONPATH", "")]),
    }
    return subprocess.run(
        ["unshare", "-n", "sh", "-c", SETUP, "sh", sys.executable, str(script), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
