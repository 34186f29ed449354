"""Installable: a web app manifest with an icon, and a service worker that
keeps the app shell so a phone that lost the network shows "reconnecting"
rather than the browser's error page."""

from __future__ import annotations

import json
import urllib.request

import pytest

from tests.browser import driver as d

pytestmark = pytest.mark.browser


def test_manifest_and_offline_reload_shows_reconnecting(browser, server, artifacts):
    with urllib.request.urlopen(f"{server.url}/manifest.webmanifest", timeout=5) as reply:
        manifest = json.loads(reply.read())
    assert manifest["name"] == "Pizza Night" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        with urllib.request.urlopen(f"{server.url}{icon['src']}", timeout=5) as reply:
            assert reply.status == 200 and b"<svg" in reply.read()
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    phone = d.open_phone(browser, server.url, code, "Ana")
    assert phone.locator("link[rel=manifest]").count() == 1
    # once the service worker controls the page
    phone.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller !== null", timeout=15000)
    # when the phone loses the network and the page is reloaded
    phone.context.set_offline(True)
    phone.reload()
    # then the app (not the browser's error page) says it is connecting / reconnecting
    banner = phone.locator(".banner-reconnecting")
    banner.wait_for(timeout=30000)
    assert "onnecting" in banner.inner_text()
    d.shot(phone, artifacts, "phone-offline")
    # and with the network back it rejoins its seat by itself
    phone.context.set_offline(False)
    phone.locator(".phone-header .chip-name").filter(has_text="Ana").wait_for(timeout=20000)
    banner.wait_for(state="detached", timeout=20000)
