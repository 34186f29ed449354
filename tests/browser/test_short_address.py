"""The TV shows the short address a person types (server/announce.py), in real Chromium."""

from __future__ import annotations

import pytest

from tests.browser import driver as d
from tests.browser.conftest import start_server, stop_server

pytestmark = pytest.mark.browser


def test_the_tv_shows_the_ip_address_when_nothing_is_announced(browser, server):
    # Given a hub on loopback (nothing announced): when the TV opens its lobby
    tv = d.open_tv(browser, server.url)
    # Then under the QR code it shows the address to type: host and port, no scheme, no path
    expected = server.url.removeprefix("http://")
    tv.wait_for_function(f"document.querySelector('.join-address').textContent === '{expected}'")
    assert tv.locator(".join-address").inner_text() == expected
    tv.context.close()


def test_the_tv_shows_the_short_name_the_hub_gives_it(browser, tmp_path):
    # Given a hub whose short address is pizzanight.local (what an announced hub tells its TV)
    running = start_server(tmp_path, extra=("--short-address", "pizzanight.local:8000"))
    try:
        tv = d.open_tv(browser, running.url)
        # Then the TV shows that address, while the QR code keeps the full join URL
        address = tv.locator(".join-address")
        address.wait_for()
        tv.wait_for_function("document.querySelector('.join-address').textContent === 'pizzanight.local:8000'")
        assert address.inner_text() == "pizzanight.local:8000"
        assert "127.0.0.1" in tv.locator(".join-panel [role=img]").first.get_attribute("aria-label")
        tv.context.close()
    finally:
        stop_server(running)
