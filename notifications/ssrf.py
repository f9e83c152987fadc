"""Outgoing requests that cannot be turned against our own network.

A webhook URL is checked when it is saved (every address its name resolves to) and again
at each delivery, against the one address the request then connects to: the name is
resolved once, that address is checked, and the connection goes to it by number with the
name in the Host header (and TLS's server name), so a name that resolves elsewhere the second
time (DNS rebinding) gains nothing. Redirects are not followed (http.client never does),
timeouts are short, and at most ``MAX_ANSWER`` bytes of an answer are read.

``WEBHOOK_ALLOW_PRIVATE`` lifts the loopback and private ranges (tests, closed networks);
link-local and cloud metadata addresses stay refused whatever it says.
"""

from __future__ import annotations

import http.client
import ipaddress
import socket
import ssl
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings

MAX_ANSWER = 4096
# Metadata services outside the link-local range (which is refused whole).
METADATA = {
    ipaddress.ip_address("fd00:ec2::254"),  # AWS over IPv6
    ipaddress.ip_address("100.100.100.200"),  # Alibaba Cloud
    ipaddress.ip_address("168.63.129.16"),  # Azure's host endpoint
}
SHARED = ipaddress.ip_network("100.64.0.0/10")  # carrier-grade NAT: private in all but name


class Refused(Exception):
    """A URL or address we will not send to; the message says why, for the organiser."""


def refusal(address: str) -> str | None:
    """Why ``address`` may not be connected to, or None."""
    ip = ipaddress.ip_address(address)
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if ip in METADATA or ip.is_link_local:
        return f"{ip} is a link-local or metadata address."
    if ip.is_multicast or ip.is_unspecified or (ip.is_reserved and not ip.is_private):
        return f"{ip} is not a host address."
    if getattr(settings, "WEBHOOK_ALLOW_PRIVATE", False):
        return None
    if ip.is_loopback or ip.is_private or ip in SHARED or not ip.is_global:
        return f"{ip} is a loopback or private address."
    return None


@dataclass(frozen=True)
class Target:
    scheme: str
    host: str
    port: int
    path: str


def parse(url: str) -> Target:
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise Refused("That is not a URL.") from None
    if parts.scheme not in {"http", "https"} or not parts.hostname:
        raise Refused("Give an http:// or https:// URL with a host.")
    if parts.username or parts.password:
        raise Refused("Leave user names and passwords out of the URL.")
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    default = 443 if parts.scheme == "https" else 80
    return Target(parts.scheme, parts.hostname, port or default, path)


def resolve(target: Target) -> list[str]:
    try:
        found = socket.getaddrinfo(target.host, target.port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError):
        raise Refused(f"{target.host} does not resolve.") from None
    return list(dict.fromkeys(info[4][0] for info in found))


def check_url(url: str) -> Target:
    """At save time: every address the name resolves to must be allowed."""
    target = parse(url)
    for address in resolve(target):
        why = refusal(address)
        if why:
            raise Refused(f"{target.host} resolves to {why}")
    return target


class _PinnedHTTP(http.client.HTTPConnection):
    def __init__(self, host, port, *, address, timeout):
        super().__init__(host, port, timeout=timeout)
        self.address = address

    def connect(self):
        self.sock = socket.create_connection((self.address, self.port), self.timeout)


class _PinnedHTTPS(http.client.HTTPSConnection):
    def __init__(self, host, port, *, address, timeout):
        super().__init__(host, port, timeout=timeout, context=ssl.create_default_context())
        self.address = address

    def connect(self):
        sock = socket.create_connection((self.address, self.port), self.timeout)
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)


def post(url: str, *, body: bytes, headers: dict[str, str]) -> tuple[int, bytes]:
    """POST ``body``; returns the status and the answer's first bytes. Raises ``Refused`` for
    an address that is not allowed and OSError/HTTPException when the receiver fails."""
    target = parse(url)
    address = resolve(target)[0]
    why = refusal(address)
    if why:
        raise Refused(f"{target.host} resolves to {why}")
    kind = _PinnedHTTPS if target.scheme == "https" else _PinnedHTTP
    timeout = getattr(settings, "WEBHOOK_TIMEOUT", 5.0)
    connection = kind(target.host, target.port, address=address, timeout=timeout)
    try:
        connection.request("POST", target.path, body=body, headers=headers)
        answer = connection.getresponse()
        return answer.status, answer.read(MAX_ANSWER)
    finally:
        connection.close()
