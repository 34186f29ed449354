"""A short address to type: announce the hub on the local network as ``pizzanight.local``.

A TV remote makes typing ``http://192.168.1.20:8000/join`` a chore, so
``pizzanight serve`` announces itself with multicast DNS (the maintained
``zeroconf`` library): an A record ``pizzanight.local`` for this machine's
LAN address, plus an ``_http._tcp`` service ("Pizza Night") that service
browsers list.  Phones whose browser resolves ``.local`` names (iOS, macOS,
Windows, most Linux, recent Android) can then type ``pizzanight.local:8000``.

When the network does not allow it (no multicast, the name is taken, the
library fails to bind), the short address falls back to the IP address:
``192.168.1.20:8000``.  The QR code always carries the IP address, which
every phone can reach.

Off with ``serve --no-mdns`` or ``PIZZANIGHT_MDNS=0``; it is also skipped
when the hub listens on one address only (``--host 127.0.0.1``) or is told
its public URL (``--public-url``: the operator chose the address).
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import urlsplit

from server.logs import event as log_event

#: The host name announced (mDNS names end in ``.local.``).
HOSTNAME = "pizzanight.local."
#: The DNS-SD service type browsers look for.
SERVICE_TYPE = "_http._tcp.local."
#: The service's instance name (zeroconf adds " (2)" if another hub has it).
SERVICE_NAME = "Pizza Night"
#: ``PIZZANIGHT_MDNS=0`` (or off, no, false) turns the announcement off.
ENV = "PIZZANIGHT_MDNS"

LOG = logging.getLogger("pizzanight")


def enabled(flag: bool = True, environ: Mapping[str, str] | None = None) -> bool:
    """Whether to announce: the command-line flag, then the environment."""
    environ = os.environ if environ is None else environ
    return flag and environ.get(ENV, "1").strip().lower() not in ("0", "off", "no", "false")


def short_address(url: str) -> str:
    """What a person types for ``url``: host and port, no scheme, no path (``192.168.1.20:8000``)."""
    parts = urlsplit(url if "//" in url else f"http://{url}")
    host = parts.hostname or url
    if ":" in host:  # an IPv6 literal keeps its brackets
        host = f"[{host}]"
    default = {"http": 80, "https": 443}.get(parts.scheme)
    return host if parts.port in (None, default) else f"{host}:{parts.port}"


def _zeroconf(interfaces: list[str]) -> Any:
    from zeroconf import IPVersion, Zeroconf  # imported when announcing only

    return Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)


class Announcer:
    """Registers ``pizzanight.local`` (A record) and the ``_http._tcp`` service for ``address:port``.

    ``factory`` makes the :class:`zeroconf.Zeroconf` instance from a list of
    interface addresses (tests pass their own; by default only the LAN
    address's interface is used, so nothing is announced on other networks).
    """

    def __init__(
        self,
        address: str,
        port: int,
        *,
        hostname: str = HOSTNAME,
        factory: Callable[[list[str]], Any] = _zeroconf,
    ) -> None:
        self.address = address
        self.port = port
        self.hostname = hostname
        self.factory = factory
        self.zeroconf: Any = None
        self.info: Any = None

    @property
    def short(self) -> str:
        """The address to type while announced: ``pizzanight.local:8000``."""
        name = self.hostname.rstrip(".")
        return name if self.port == 80 else f"{name}:{self.port}"

    def service_info(self) -> Any:
        from zeroconf import ServiceInfo

        return ServiceInfo(
            SERVICE_TYPE,
            f"{SERVICE_NAME}.{SERVICE_TYPE}",
            addresses=[socket.inet_aton(self.address)],
            port=self.port,
            server=self.hostname,
            properties={"path": "/join"},
        )

    def start(self) -> bool:
        """Announce; False (and nothing left running) when the network or the library refuses."""
        try:
            self.info = self.service_info()
            self.zeroconf = self.factory([self.address])
            # Probes the network first (about 1.5 s); another "Pizza Night" makes ours "Pizza Night (2)".
            self.zeroconf.register_service(self.info, allow_name_change=True)
        except Exception as exc:  # no multicast here, a bad address, a name clash: type the IP instead
            log_event(logging.WARNING, "mdns not announced", address=self.address, reason=f"{type(exc).__name__}: {exc}")
            self.close()
            return False
        log_event(logging.INFO, "mdns announced", name=self.hostname, address=self.address, port=self.port)
        return True

    def close(self) -> None:
        """Say goodbye on the network (the records are withdrawn) and stop zeroconf's thread."""
        zeroconf, self.zeroconf = self.zeroconf, None
        if zeroconf is None:
            return
        try:
            zeroconf.unregister_all_services()
        except Exception:  # already closing: nothing to withdraw
            LOG.debug("mdns unregister failed", exc_info=True)
        finally:
            zeroconf.close()


def announce(address: str, port: int, url: str, **options: Any) -> tuple[str, Announcer | None]:
    """The short address to show and the running announcer (None when it fell back to ``url``'s address)."""
    announcer = Announcer(address, port, **options)
    if announcer.start():
        return announcer.short, announcer
    return short_address(url), None
