"""A real Mosquitto for the race's tests: Debian's ``mosquitto``, on a free loopback
port with a configuration of its own (no persistence, anonymous, a WebSockets listener
beside the TCP one), started, killed and started again on the same ports."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path

MOSQUITTO = shutil.which("mosquitto") or "/usr/sbin/mosquitto"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def port_open(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(0.2)
        return probe.connect_ex(("127.0.0.1", port)) == 0


class Mosquitto:
    """One broker process on loopback: ``url`` (TCP) and ``ws_url`` (WebSockets)."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.ws_port = free_port()
        self.config = folder / "mosquitto.conf"
        self.config.write_text(
            f"listener {self.port} 127.0.0.1\n"
            f"listener {self.ws_port} 127.0.0.1\nprotocol websockets\n"
            "allow_anonymous true\npersistence false\n"
        )
        self.log = folder / "mosquitto.log"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"mqtt://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.ws_port}"

    def start(self) -> None:
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [MOSQUITTO, "-c", str(self.config)], stdout=log, stderr=log
            )
        deadline = time.monotonic() + 10
        while not (port_open(self.port) and port_open(self.ws_port)):
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"mosquitto did not start: {self.log.read_text()}")
            time.sleep(0.02)

    def kill(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(5)
            self.process = None

    def restart(self) -> None:
        self.kill()
        self.start()
