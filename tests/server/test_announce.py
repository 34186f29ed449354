"""The short address (server/announce.py): pizzanight.local over mDNS, else the IP address."""

from __future__ import annotations

import re
import socket
from types import SimpleNamespace

import httpx
from zeroconf import IPVersion, NonUniqueNameException, Zeroconf

from server import announce, serve

from hubserver import start_server


def loopback_zeroconf(interfaces: list[str]) -> Zeroconf:
    """Zeroconf on the loopback interface only: the test never depends on (or talks to) a real network."""
    return Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)


def test_the_announcement_registers_the_host_name_and_the_http_service():
    # Given an announcer for a LAN address and port, on loopback
    announcer = announce.Announcer("192.168.1.20", 8000, factory=loopback_zeroconf)
    try:
        # When it starts
        assert announcer.start() is True
        # Then zeroconf's registry answers for pizzanight.local with the LAN address (the A record)
        infos = announcer.zeroconf.registry.async_get_infos_server("pizzanight.local.")
        assert len(infos) == 1
        info = infos[0]
        assert [(r.name, r.type, r.address) for r in info.dns_addresses()] == [
            ("pizzanight.local.", 1, socket.inet_aton("192.168.1.20"))  # type 1: A
        ]
        # and the _http._tcp service points at that host and port, with the join page's path
        assert announcer.zeroconf.registry.async_get_infos_type("_http._tcp.local.") == [info]
        # (named "Pizza Night", or "Pizza Night-2" and so on when another hub on the network holds that name:
        # another test run on this machine announces on loopback too)
        assert re.fullmatch(r"Pizza Night(-[0-9]+)?\._http\._tcp\.local\.", info.name), info.name
        assert info.dns_service().server == "pizzanight.local." and info.port == 8000
        assert info.properties == {b"path": b"/join"}
        # and the address to type is the short name with the port
        assert announcer.short == "pizzanight.local:8000"
    finally:
        announcer.close()
    # When it is closed, then nothing is left registered or running
    assert announcer.zeroconf is None


def test_when_registration_fails_the_address_falls_back_to_the_ip():
    # Given a network where zeroconf cannot start (no multicast: the socket cannot bind)
    def refused(interfaces: list[str]) -> Zeroconf:
        raise OSError(99, "Cannot assign requested address")

    # When the hub announces itself
    short, announcer = announce.announce("192.168.1.20", 8000, "http://192.168.1.20:8000", factory=refused)
    # Then the TV shows the IP address and port, and nothing is left running
    assert (short, announcer) == ("192.168.1.20:8000", None)


def test_when_the_service_cannot_be_registered_zeroconf_is_closed_and_the_ip_shown():
    # Given zeroconf that starts but refuses the service (the name is taken for good)
    started: list[Zeroconf] = []

    def clashing(interfaces: list[str]) -> Zeroconf:
        zc = loopback_zeroconf(interfaces)

        def register_service(*args, **kwargs):
            raise NonUniqueNameException("Pizza Night._http._tcp.local.")

        zc.register_service = register_service  # type: ignore[method-assign]
        started.append(zc)
        return zc

    # When the hub announces itself
    short, announcer = announce.announce("10.0.0.5", 8000, "http://10.0.0.5:8000", factory=clashing)
    # Then the IP address is shown, and the zeroconf it started is closed again
    assert (short, announcer) == ("10.0.0.5:8000", None)
    assert started and started[0].done


def test_the_short_address_of_a_url():
    assert announce.short_address("http://192.168.1.20:8000") == "192.168.1.20:8000"
    assert announce.short_address("https://pizza.example.org/") == "pizza.example.org"
    assert announce.short_address("http://pizza.lan:80/join") == "pizza.lan"
    assert announce.short_address("http://[fd00::1]:8000") == "[fd00::1]:8000"


def test_it_is_off_by_flag_or_environment():
    assert announce.enabled(True, {}) is True
    assert announce.enabled(False, {}) is False
    for off in ("0", "off", "no", "False"):
        assert announce.enabled(True, {announce.ENV: off}) is False


def test_the_banner_prints_the_short_address():
    lines: list[str] = []
    out = SimpleNamespace(write=lines.append, flush=lambda: None)
    serve.banner("http://192.168.1.20:8000", "embedded", "data", out=out, short="pizzanight.local:8000")
    assert "Short address to type:        pizzanight.local:8000" in "".join(lines)


async def test_the_hub_tells_the_tv_the_short_address(store_url):
    # Given a hub told its short address, and one that is not
    told = await start_server(store_url, short_address="pizzanight.local:8000")
    try:
        async with httpx.AsyncClient(base_url=told.http) as http:
            # Then /api/info (which the TV reads) carries it
            assert (await http.get("/api/info")).json()["address"] == "pizzanight.local:8000"
    finally:
        await told.stop()
    plain = await start_server(store_url)
    try:
        async with httpx.AsyncClient(base_url=plain.http) as http:
            info = (await http.get("/api/info")).json()
            # and without one it is the public address's host and port
            assert info["address"] == announce.short_address(info["tv"])
    finally:
        await plain.stop()
