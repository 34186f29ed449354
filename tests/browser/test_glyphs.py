"""Emoji never turn into boxes: the client's own emoji font draws them (issue 27).

A TV browser may have no colour emoji font at all.  The client ships Noto
Color Emoji (``@infolektuell/noto-color-emoji``, COLRv1, bundled by Vite) and names it
last in its font list.  These tests run Chromium with a font configuration
that hides every system emoji font, so the machine looks like such a TV,
and ask Chromium itself (DevTools ``CSS.getPlatformFontsForNode``) which
font drew the emoji in a player's name on the TV and on a spectator's
reaction button: it must be a web font, the one the hub served from
``/assets/``, never a system font.  A control element whose font list lacks
the shipped font shows that the simulated machine really has no emoji font.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser import driver as d
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, TV_SIZE

pytestmark = pytest.mark.browser

EMOJI_FAMILY = "Noto Color Emoji"

#: fontconfig with the system's fonts minus every emoji font: a TV browser with no emoji font.
FONTS_CONF = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <cachedir>{cache}</cachedir>
  <selectfont><rejectfont>
    <glob>*[Ee]moji*</glob>
    <pattern><patelt name="family"><string>{family}</string></patelt></pattern>
  </rejectfont></selectfont>
</fontconfig>
"""


@pytest.fixture
def no_emoji_browser(browser, tmp_path: Path):
    """A second Chromium that sees no system emoji font (same binary, its own fontconfig)."""
    conf = tmp_path / "fonts.conf"
    (tmp_path / "cache").mkdir()
    conf.write_text(FONTS_CONF.format(cache=tmp_path / "cache", family=EMOJI_FAMILY))
    chromium = browser.browser_type.launch(
        executable_path=CHROMIUM, args=CHROMIUM_ARGS, env={"FONTCONFIG_FILE": str(conf), "HOME": str(tmp_path)}
    )
    try:
        yield chromium
    finally:
        chromium.close()


def _platform_fonts(page, selector: str) -> list[dict]:
    """The fonts Chromium used to draw the text of the first element matching ``selector``."""
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        root = cdp.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
        node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
        assert node, f"nothing matches {selector}"
        return cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    finally:
        cdp.detach()


#: Whether the page has loaded the piece of the shipped font that covers a code point
#: (the font is split by unicode-range, and each piece loads only when text needs it).
PIECE_LOADED = """([family, point]) => [...document.fonts].some((face) => {
    if (face.family.replace(/["']/g, '') !== family || face.status !== 'loaded') return false;
    return face.unicodeRange.split(',').some((part) => {
        const [lo, hi] = part.trim().replace(/^U\\+/i, '').split('-').map((h) => parseInt(h, 16));
        return point >= lo && point <= (hi ?? lo);
    });
})"""


def _wait_for_emoji_font(page, text: str) -> None:
    """Wait until every emoji in ``text`` has its piece of the shipped font loaded, the page has
    re-shaped its text with it (emojiFont.ts marks <html> ``emoji-ready``), and painted since."""
    page.wait_for_function("() => document.documentElement.classList.contains('emoji-ready')")
    for ch in text:
        if ord(ch) >= 0x1F000:
            page.wait_for_function(PIECE_LOADED, arg=[EMOJI_FAMILY, ord(ch)])
    page.evaluate("() => document.fonts.ready.then(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))")


def _drawn_by_shipped_font(fonts: list[dict]) -> bool:
    return any(f["familyName"] == EMOJI_FAMILY and f["isCustomFont"] and f["glyphCount"] >= 1 for f in fonts)


def test_emoji_in_a_name_and_on_reactions_draw_with_the_shipped_font(no_emoji_browser, server, artifacts):
    served: list[str] = []
    # Given a TV with no emoji font of its own
    tv = no_emoji_browser.new_context(viewport=TV_SIZE).new_page()
    tv.on("response", lambda r: served.append(r.url) if r.url.endswith(".woff2") and r.ok else None)
    tv.goto(f"{server.url}/tv")
    tv.locator(".room-code").wait_for()
    code = d.room_code(tv)
    # When a player joins with an emoji in their name
    phone = d.open_phone(no_emoji_browser, server.url, code, "\U0001F355Ana")
    tv.locator(".player-list .chip-name", has_text="Ana").wait_for()
    _wait_for_emoji_font(tv, "\U0001F355")
    # Then the TV draws the pizza with the web font the hub served, not a system font
    fonts = _platform_fonts(tv, ".player-list .chip-name")
    assert _drawn_by_shipped_font(fonts), fonts
    assert [f for f in fonts if not f["isCustomFont"]] and all(f["glyphCount"] <= len("Ana") for f in fonts if not f["isCustomFont"]), fonts
    assert any(f"{server.url}/assets/" in url for url in served), served
    # and a control text whose font list leaves the shipped font out finds no emoji font on this machine
    tv.evaluate(
        """() => { const s = document.createElement('span'); s.id = 'control'; s.textContent = '\\u{1F355}';
                   s.style.fontFamily = 'sans-serif'; document.body.append(s); }"""
    )
    control = _platform_fonts(tv, "#control")
    assert not any("emoji" in f["familyName"].lower() for f in control), control
    tv.evaluate("() => document.getElementById('control').remove()")
    d.shot(tv, artifacts, "tv-lobby-emoji-name")

    # Given a spectator on the same machine, when the reaction bar shows
    watch = no_emoji_browser.new_context(viewport=TV_SIZE).new_page()
    watch.goto(f"{server.url}/watch/{code}")
    watch.locator(".reaction-btn").first.wait_for()
    emoji = watch.eval_on_selector_all(".reaction-btn span", "els => els.map((e) => e.textContent).join('')")
    _wait_for_emoji_font(watch, emoji)
    # Then every reaction button's emoji is drawn by the shipped font
    kinds = watch.eval_on_selector_all(".reaction-btn", "els => els.map((e) => e.dataset.reaction)")
    assert len(kinds) >= 6, kinds
    for kind in kinds:
        fonts = _platform_fonts(watch, f'.reaction-btn[data-reaction="{kind}"] span')
        assert _drawn_by_shipped_font(fonts), (kind, fonts)
        assert not [f for f in fonts if not f["isCustomFont"]], (kind, fonts)
    d.shot(watch, artifacts, "watch-reactions-no-system-emoji")
    phone.close()
