"""A real Mosquitto for the race's tests: Debian's ``mosquitto``, on a free loopback
port with a configuration of its own (no persistence, anonymous, a WebSockets listener
beside the TCP one), started, killed and started again on the same ports."""

from __future__ import annotations

import os
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
    """One broker process on loopback: ``url`` (TCP) and ``ws_url`` (WebSockets); with
    ``tls`` (a certificate's and its key's PEM files), ``tls_url`` (TLS) and
    ``wss_url`` (WebSockets over TLS) besides."""

    def __init__(self, folder: Path, tls: tuple[Path, Path] | None = None) -> None:
        self.port = free_port()
        self.ws_port = free_port()
        self.tls_port = free_port() if tls else 0
        self.wss_port = free_port() if tls else 0
        self.config = folder / "mosquitto.conf"
        config = (
            f"listener {self.port} 127.0.0.1\n"
            f"listener {self.ws_port} 127.0.0.1\nprotocol websockets\n"
        )
        if tls is not None:
            files = f"certfile {tls[0]}\nkeyfile {tls[1]}\n"
            config += f"listener {self.tls_port} 127.0.0.1\n{files}"
            config += f"listener {self.wss_port} 127.0.0.1\nprotocol websockets\n{files}"
        if getattr(os, "geteuid", lambda: 1)() == 0:  # (else it reads as user mosquitto)
            config += "user root\n"
        config += "set_tcp_nodelay true\n"  # (as docs/RACE.md advises a club's broker)
        self.config.write_text(config + "allow_anonymous true\npersistence false\n")
        self.log = folder / "mosquitto.log"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"mqtt://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.ws_port}"

    @property
    def tls_url(self) -> str:
        return f"mqtts://127.0.0.1:{self.tls_port}"

    @property
    def wss_url(self) -> str:
        return f"wss://127.0.0.1:{self.wss_port}"

    def _listening(self) -> bool:
        ports = [self.port, self.ws_port] + [p for p in (self.tls_port, self.wss_port) if p]
        return all(port_open(port) for port in ports)

    def start(self) -> None:
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [MOSQUITTO, "-c", str(self.config)], stdout=log, stderr=log
            )
        deadline = time.monotonic() + 10
        while not self._listening():
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
