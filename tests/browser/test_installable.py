"""Installable: a web app manifest with an icon, and a service worker that
keeps the app shell so a phone that lost the network shows "reconnecting"
rather than the browser's error page."""

from __future__ import annotations

import json
import struct
import urllib.request

import pytest

from tests.browser import driver as d

pytestmark = pytest.mark.browser


def _png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk (and that it is a PNG at all)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


def test_manifest_and_offline_reload_shows_reconnecting(browser, server, artifacts):
    with urllib.request.urlopen(f"{server.url}/manifest.webmanifest", timeout=5) as reply:
        manifest = json.loads(reply.read())
    assert manifest["name"] == "Pizza Night" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        with urllib.request.urlopen(f"{server.url}{icon['src']}", timeout=5) as reply:
            data = reply.read()
            assert reply.status == 200
            if icon["type"] == "image/png":
                assert _png_size(data) == tuple(int(n) for n in icon["sizes"].split("x")), icon
            else:
                assert b"<svg" in data
    # PNGs for installing: 192 and 512 px, and a maskable one (Android), and iOS's 180 px touch icon
    pngs = {(i["sizes"], i["purpose"]) for i in manifest["icons"] if i["type"] == "image/png"}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= pngs
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    phone = d.open_phone(browser, server.url, code, "Ana")
    assert phone.locator("link[rel=manifest]").count() == 1
    touch = phone.locator("link[rel=apple-touch-icon]").get_attribute("href")
    with urllib.request.urlopen(f"{server.url}{touch}", timeout=5) as reply:
        assert _png_size(reply.read()) == (180, 180)
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
    # and, still offline, the manifest and every icon it lists (and the touch icon) come from the
    # service worker's cache, so the installed app keeps its icon
    wanted = ["/manifest.webmanifest", touch, *(icon["src"] for icon in manifest["icons"])]
    offline = phone.evaluate(
        """async (paths) => {
            const out = {};
            for (const p of paths) {
                try {
                    const r = await fetch(p);
                    const bytes = new Uint8Array(await r.arrayBuffer());
                    out[p] = [r.status, Array.from(bytes.slice(0, 24))];
                } catch (e) { out[p] = [0, []]; }
            }
            return out;
        }""",
        wanted,
    )
    for path in wanted:
        status, head = offline[path]
        assert status == 200, (path, offline[path])
        if path.endswith(".png"):
            size = _png_size(bytes(head))
            listed = [i["sizes"] for i in manifest["icons"] if i["src"] == path]
            assert not listed or size == tuple(int(n) for n in listed[0].split("x")), (path, size)
    # and with the network back it rejoins its seat by itself
    phone.context.set_offline(False)
    phone.locator(".phone-header .chip-name").filter(has_text="Ana").wait_for(timeout=20000)
    banner.wait_for(state="detached", timeout=20000)
