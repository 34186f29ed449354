"""Where the load goes: loopback only, unless the operator says otherwise explicitly."""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit, urlunsplit


class TargetRefused(ValueError):
    """The URL is not a hub the load test may send traffic to (the message says why)."""


def websocket_url(url: str) -> str:
    """``http://host:port`` or ``ws://host:port`` -> the hub's websocket URL (``/ws``)."""
    parts = urlsplit(url if "://" in url else f"ws://{url}")
    scheme = {"http": "ws", "https": "wss"}.get(parts.scheme, parts.scheme)
    if scheme not in ("ws", "wss"):
        raise TargetRefused(f"{url!r}: give an http(s):// or ws(s):// URL")
    if not parts.hostname:
        raise TargetRefused(f"{url!r}: no host")
    return urlunsplit((scheme, parts.netloc, parts.path if parts.path not in ("", "/") else "/ws", parts.query, ""))


def addresses(host: str) -> list[str]:
    try:
        return sorted({info[4][0] for info in socket.getaddrinfo(host, None)})
    except socket.gaierror as exc:
        raise TargetRefused(f"cannot resolve {host!r}: {exc}") from None


def check_target(url: str, *, allow_remote: bool) -> str:
    """The websocket URL to use; :class:`TargetRefused` for a non-loopback host without ``allow_remote``."""
    ws_url = websocket_url(url)
    host = urlsplit(ws_url).hostname or ""
    if allow_remote:
        return ws_url
    found = addresses(host)
    outside = [a for a in found if not ipaddress.ip_address(a.split("%")[0]).is_loopback]
    if outside:
        raise TargetRefused(
            f"{host} is not this machine ({', '.join(outside)}): the load test only targets loopback"
            " addresses unless --allow-remote is given (and only load a hub you run)"
        )
    return ws_url
