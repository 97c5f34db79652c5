"""The race over TLS, against a real Mosquitto with a TLS listener and a WebSockets one
over TLS (its certificate signed by an authority made here, with ``cryptography``, for
127.0.0.1): two sides race through mqtts:// and wss:// when the address names the
authority (?ca=) or SSL_CERT_FILE does; the certificate is verified, so without the
authority, or under another name, the client says so in one line at once and stops
(no hang, no retrying)."""

from __future__ import annotations

import datetime
import ipaddress
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from mosquitto import Mosquitto
from test_net_client import Side, hello_answered, race

from game.net.broker import Broker
from game.net.client import Link
from game.net.room import new_code


def _name(common: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common)])


def make_certificates(folder: Path) -> tuple[Path, Path, Path]:
    """An authority, and a server certificate it signed for 127.0.0.1 (its key beside):
    the authority's, the certificate's and the key's PEM files."""
    now = datetime.datetime.now(datetime.timezone.utc)
    ca_key, key = ec.generate_private_key(ec.SECP256R1()), ec.generate_private_key(ec.SECP256R1())
    ca = (
        x509.CertificateBuilder()
        .subject_name(_name("Club race authority"))
        .issuer_name(_name("Club race authority"))
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(False, False, False, False, False, True, True, False, False), True
        )
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()), False)
        .sign(ca_key, hashes.SHA256())
    )
    server = (
        x509.CertificateBuilder()
        .subject_name(_name("127.0.0.1"))
        .issuer_name(ca.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(
            x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(
            x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False
        )
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), False
        )
        .sign(ca_key, hashes.SHA256())
    )
    paths = folder / "ca.pem", folder / "server.pem", folder / "server.key"
    paths[0].write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    paths[1].write_bytes(server.public_bytes(serialization.Encoding.PEM))
    paths[2].write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return paths


@pytest.fixture
def tls_broker(tmp_path: Path) -> Iterator[tuple[Mosquitto, Path]]:
    """A Mosquitto with TLS listeners, and its authority's PEM file."""
    ca, certificate, key = make_certificates(tmp_path)
    server = Mosquitto(tmp_path, tls=(certificate, key))
    server.start()
    yield server, ca
    server.kill()


def test_two_sides_race_through_mqtts_and_wss_with_the_clubs_authority(
    tls_broker: tuple[Mosquitto, Path],
) -> None:
    broker, ca = tls_broker
    for url in (broker.tls_url, broker.wss_url):
        address = f"{url}?ca={ca}"
        assert Broker.parse(address).ca == str(ca)
        ada, bob = hello_answered(address)
        race(ada, bob)
        ada.client.close()
        bob.client.close()


def test_ssl_cert_file_names_the_authority_as_well(
    tls_broker: tuple[Mosquitto, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    broker, ca = tls_broker
    monkeypatch.setenv("SSL_CERT_FILE", str(ca))
    ada, bob = hello_answered(broker.tls_url)
    race(ada, bob)
    ada.client.close()
    bob.client.close()


def refused(url: str) -> Link:
    """The one line a side says when the broker's certificate is refused, at once."""
    began = time.monotonic()
    side = Side(url, new_code(), "Ada", "host")
    side.wait(lambda got: any(isinstance(g, Link) and g.ended for g in got), seconds=10)
    assert time.monotonic() - began < 10
    [link] = [g for g in side.got if isinstance(g, Link)]  # (no retrying: one line alone)
    deadline = time.monotonic() + 5
    while side.client.alive:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    assert not link.up and "\n" not in link.why
    side.client.close(wait=0)
    return link


@pytest.mark.parametrize("kind", ["tls_url", "wss_url"])
def test_a_certificate_no_authority_of_ours_signed_is_refused_in_one_line(
    tls_broker: tuple[Mosquitto, Path], kind: str
) -> None:
    broker, _ = tls_broker
    link = refused(getattr(broker, kind))
    assert "certificate is not trusted" in link.why and "?ca=FILE" in link.why


def test_a_certificate_for_another_name_is_refused(tls_broker: tuple[Mosquitto, Path]) -> None:
    broker, ca = tls_broker
    link = refused(f"mqtts://localhost:{broker.tls_port}?ca={ca}")  # (its name: 127.0.0.1)
    assert "certificate is not trusted" in link.why and "localhost" in link.why


def test_an_authoritys_file_that_cannot_be_read_is_one_line(
    tls_broker: tuple[Mosquitto, Path], tmp_path: Path
) -> None:
    broker, _ = tls_broker
    link = refused(f"{broker.tls_url}?ca={tmp_path / 'missing.pem'}")
    assert "No such file" in link.why
