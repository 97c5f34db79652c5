"""Where the race's broker is: ``mqtt://host:port`` (TCP), ``mqtts://`` (TLS),
``ws://`` and ``wss://`` (WebSockets, a path allowed), as given by ``--broker`` or the
settings. A wrong address is a one-line BrokerError.

Over TLS the broker's certificate is verified against the system's authorities (and
``SSL_CERT_FILE``/``SSL_CERT_DIR``, which OpenSSL honours); a club's own authority is
named after the address, ``mqtts://club.example:8883?ca=/path/to/club-ca.pem``, and
trusted beside the system's."""

from __future__ import annotations

from urllib.parse import SplitResult, quote, unquote, urlsplit

from game.core.record import Record
from game.language import gettext

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

    __slots__ = ("ca", "host", "path", "port", "tls", "websockets")

    host: str
    port: int
    tls: bool
    websockets: bool
    path: str
    ca: str
    """A certificate authority's file (PEM) trusted beside the system's ("": none)."""

    def __init__(
        self, host: str, port: int, tls: bool, websockets: bool, path: str = "/", ca: str = ""
    ) -> None:
        self.host = host
        self.port = port
        self.tls = tls
        self.websockets = websockets
        self.path = path
        self.ca = ca

    @classmethod
    def parse(cls, url: str) -> Broker:
        """The broker a URL names."""
        if len(url) > MAX_URL or not url.isprintable():
            raise BrokerError(gettext("a broker's address is a URL such as mqtt://host:1883"))
        try:
            parts = urlsplit(url.strip())
            port = parts.port
        except ValueError as error:
            raise BrokerError(
                gettext("the broker's address is not a URL: {why}").format(why=error)
            ) from None
        if parts.scheme not in SCHEMES:
            raise BrokerError(
                gettext("a broker's address starts mqtt://, mqtts://, ws:// or wss://")
            )
        default, tls, websockets = SCHEMES[parts.scheme]
        if not parts.hostname:
            raise BrokerError(gettext("the broker's address names no host"))
        if parts.fragment:
            raise BrokerError(gettext("a broker's address ends with its port, path or ?ca=FILE"))
        return cls(parts.hostname, port or default, tls, websockets, parts.path or "/", _ca(parts))

    @property
    def place(self) -> tuple[str, int, bool, bool, str]:
        """Where the broker is and how it is spoken to: all but the authority's file,
        which is each computer's own."""
        return (self.host.lower(), self.port, self.tls, self.websockets, self.path)

    @property
    def url(self) -> str:
        """The address as a URL again."""
        scheme = {(False, False): "mqtt", (True, False): "mqtts", (False, True): "ws"}.get(
            (self.tls, self.websockets), "wss"
        )
        host = f"[{self.host}]" if ":" in self.host else self.host
        path = self.path if self.websockets and self.path != "/" else ""
        ca = f"?ca={quote(self.ca)}" if self.ca else ""
        return f"{scheme}://{host}:{self.port}{path}{ca}"


def _ca(parts: SplitResult) -> str:
    """The authority's file a URL's query names (``?ca=FILE``), or ""."""
    query = parts.query
    if not query:
        return ""
    key, _, value = query.partition("=")
    ca = unquote(value)
    if key != "ca" or not ca or "&" in value:
        raise BrokerError(gettext("a broker's address takes no query but ?ca=FILE"))
    if parts.scheme not in ("mqtts", "wss"):
        raise BrokerError(gettext("?ca=FILE is for the TLS addresses, mqtts:// and wss://"))
    return ca
