"""Where the race's broker is: ``mqtt://host:port`` (TCP), ``mqtts://`` (TLS),
``ws://`` and ``wss://`` (WebSockets, a path allowed), as given by ``--broker`` or the
settings. A wrong address is a one-line BrokerError."""

from __future__ import annotations

from urllib.parse import urlsplit

from game.core.record import Record

SCHEMES = {
    "mqtt": (1883, False, False),
    "mqtts": (8883, True, False),
    "ws": (80, False, True),
    "wss": (443, True, True),
}
"""Each scheme's port when none is given, TLS or not, WebSockets or TCP."""
MAX_URL = 300


class BrokerError(ValueError):
    """An address that names no broker (one line for the player)."""


class Broker(Record):
    """A broker's address: host, port, TLS, WebSockets and their path."""

    __slots__ = ("host", "path", "port", "tls", "websockets")

    host: str
    port: int
    tls: bool
    websockets: bool
    path: str

    def __init__(self, host: str, port: int, tls: bool, websockets: bool, path: str = "/") -> None:
        self.host = host
        self.port = port
        self.tls = tls
        self.websockets = websockets
        self.path = path

    @classmethod
    def parse(cls, url: str) -> Broker:
        """The broker a URL names."""
        if len(url) > MAX_URL or not url.isprintable():
            raise BrokerError("a broker's address is a URL such as mqtt://host:1883")
        try:
            parts = urlsplit(url.strip())
            port = parts.port
        except ValueError as error:
            raise BrokerError(f"the broker's address is not a URL: {error}") from None
        if parts.scheme not in SCHEMES:
            raise BrokerError("a broker's address starts mqtt://, mqtts://, ws:// or wss://")
        default, tls, websockets = SCHEMES[parts.scheme]
        if not parts.hostname:
            raise BrokerError("the broker's address names no host")
        return cls(parts.hostname, port or default, tls, websockets, parts.path or "/")

    @property
    def url(self) -> str:
        """The address as a URL again."""
        scheme = {(False, False): "mqtt", (True, False): "mqtts", (False, True): "ws"}.get(
            (self.tls, self.websockets), "wss"
        )
        host = f"[{self.host}]" if ":" in self.host else self.host
        path = self.path if self.websockets and self.path != "/" else ""
        return f"{scheme}://{host}:{self.port}{path}"
