"""The game screens for people who zoom, use a screen reader or do not tell colours apart (the a11y
audit of the three games' TV tables and phone hands, /tmp/audit-a11y): measured in Chromium.

- Pizza Theory's phone board keeps spaces a finger can tap while a topping is placed: it takes the
  phone's width whatever the height (the page scrolls rather than the board shrinking: it was 100 px
  on a 360x640 phone, 11 px spaces, and 0x0 at 200 % zoom), and never less than 32 px a space (a large
  zoom scrolls the board sideways in its own box, never the page).  Its spaces are named for a screen
  reader, and its summary is there.
- New York Slice's plate (Collect / Eat) and the Slicer's ring fit a phone at 200 % zoom (a 195 px
  window): nothing past the right edge, every button inside its card, every name whole.
"""

from __future__ import annotations

import re

import pytest

from tests.browser import driver as d
from tests.browser import play

pytestmark = pytest.mark.browser

#: A phone at 200 % zoom: a 390x844 phone's window in CSS px.
ZOOMED = {"width": 195, "height": 422}

#: The board and its spaces: the board's box and its container's, and the tappable spaces' boxes.
BOARD = """() => {
    const svg = document.querySelector('.pt-hand .pizza');
    const box = svg.getBoundingClientRect();
    const holder = svg.parentElement.getBoundingClientRect();
    const vb = svg.viewBox.baseVal;
    const taps = [...svg.querySelectorAll('.tap')].map((t) => t.getBoundingClientRect());
    return {board: box.width, holder: holder.width, pitch: box.width / vb.width, taps: taps.length,
            tapMin: Math.min(...taps.map((r) => Math.min(r.width, r.height))),
            pageWide: document.documentElement.scrollWidth, window: innerWidth,
            named: svg.querySelectorAll('[role=img], [role=button]').length,
            summary: document.getElementById(svg.getAttribute('aria-describedby'))?.textContent ?? ''};
}"""


def _phone(browser, url: str, code: str, name: str, size: dict):
    context = browser.new_context(viewport=size, is_mobile=True, has_touch=True, device_scale_factor=2)
    page = context.new_page()
    page.goto(f"{url}/join/{code}")
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Join").click()
    page.locator(".phone-header").wait_for()
    return page


def test_pizza_theorys_board_keeps_spaces_a_finger_can_tap(browser, server, artifacts):
    # Given a two-player Pizza Theory (a phone opened at 360x640, and a bot) where the phone places first
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    phone = _phone(browser, server.url, code, "Ana", {"width": 360, "height": 640})
    d.choose_game(tv, "Pizza Theory")
    d.add_bot(tv, 2)
    d.start(tv)
    phone.locator(".pizza .tap").first.wait_for(timeout=60_000)
    # Then at the turn's start the whole board is in sight above the confirm bar: the page scrolled by what
    # the sticky bar covered (it hid most glowing spaces of a short phone until the player thought to scroll)
    phone.wait_for_timeout(300)
    seen = phone.evaluate("""() => ({board: document.querySelector('.pt-board-scroll').getBoundingClientRect().bottom,
        bar: document.querySelector('.pt-hand .action-bar').getBoundingClientRect().top, scrolled: scrollY})""")
    assert seen["board"] <= seen["bar"] + 1 and seen["scrolled"] > 0, seen
    sizes = ({"width": 360, "height": 640}, {"width": 375, "height": 667}, {"width": 360, "height": 740}, {"width": 390, "height": 844})
    for size in (*sizes, ZOOMED):
        # When the phone is that size (or zoomed to 200 %)
        phone.set_viewport_size(size)
        phone.wait_for_timeout(300)
        got = phone.evaluate(BOARD)
        d.shot(phone, artifacts, f"pt-add-{size['width']}x{size['height']}")
        # Then the board takes the width it has, whatever the height: 44 px a space where the width
        # allows it, never under 32 px
        assert got["taps"] > 0, got
        assert got["pitch"] >= min(44, got["holder"] / 9.1) - 0.5, (size, got)
        assert got["pitch"] >= 32, (size, got)
        assert got["tapMin"] >= 32, (size, got)
        # and the page never scrolls sideways (a zoomed board scrolls in its own box)
        assert got["pageWide"] <= size["width"] + 1, (size, got)
        # and every space is named for a screen reader, the board summed up beside it
        assert got["named"] == 37, got
        assert got["summary"].startswith("On the pizza:"), got
    # (the confirm button comes after the board, and stays in sight at the bottom of a short phone's screen)
    phone.set_viewport_size({"width": 360, "height": 640})
    phone.evaluate("() => window.scrollTo(0, 0)")
    phone.locator(".pizza .tap").first.click()
    confirm = phone.get_by_role("button", name="Put my topping here")
    box = confirm.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 640 + 1, box
    assert confirm.is_enabled()
    # and the named spaces say what is on them
    assert re.fullmatch(r"Row \d, space \d: empty", phone.locator(".pizza .tap").first.get_attribute("aria-label"))
    # and a keyboard (or a switch) reaches the spaces with Tab and chooses one with Enter: an SVG element takes
    # focus only from a lower-case `tabindex` attribute (written `tabIndex`, no space could ever be chosen)
    phone.evaluate("() => { window.scrollTo(0, 0); document.activeElement?.blur(); }")
    for _ in range(40):
        phone.keyboard.press("Tab")
        if phone.evaluate("() => !!document.activeElement?.closest('.pizza .tap')"):
            break
    else:
        pytest.fail("Tab never reached a space of the board")
    focused = phone.evaluate("() => document.activeElement.closest('.pizza .tap').getAttribute('aria-label')")
    phone.keyboard.press("Tab")  # the next space (the first was chosen by the tap above)
    phone.keyboard.press("Enter")
    chosen = phone.evaluate("() => document.activeElement.closest('.pizza .tap')")
    assert chosen is not None
    assert phone.evaluate("() => document.activeElement.getAttribute('aria-pressed')") == "true"
    assert phone.evaluate("() => document.activeElement.getAttribute('aria-label')") != focused
    assert phone.locator(".pizza .tap[aria-pressed=true]").count() == 1
    assert confirm.is_enabled()


SIDEWAYS = """() => {
    const W = document.documentElement.clientWidth;
    const out = [];
    if (document.documentElement.scrollWidth > W + 1) out.push(`the page is ${document.documentElement.scrollWidth} px wide in ${W}`);
    for (const e of document.querySelectorAll('.nys-hand button, .nys-hand .nys-plate-text, .nys-hand .nys-cut-row')) {
        const r = e.getBoundingClientRect();
        if (!r.width) continue;
        const text = e.textContent.trim().slice(0, 30);
        if (r.right > W + 1 || r.left < -1) out.push(`${e.className} "${text}" at ${Math.round(r.left)}-${Math.round(r.right)}`);
        const card = e.closest('.nys-plate-item');
        if (card) {
            const c = card.getBoundingClientRect();
            if (r.right > c.right + 1) out.push(`"${text}" leaves its card (${Math.round(r.right)} > ${Math.round(c.right)})`);
        }
        if (e.scrollWidth > e.clientWidth + 1) out.push(`"${text}" is cut (${e.scrollWidth} in ${e.clientWidth})`);
    }
    return out;
}"""


#: The narrowest phone the client is made for (an iPhone SE of the first kind).
NARROW = {"width": 320, "height": 568}

#: The Slicer's words beside its slices ("Saus", "Haw/BBQ") that a line break cuts inside a word: a plain
#: slice's word on more than one line, or a combo's on more than two (it may break at its slash).
WORDS_WHOLE = """() => {
    const out = [];
    for (const e of document.querySelectorAll('.nys-cut-short')) {
        if (!e.getClientRects().length) continue;
        const line = parseFloat(getComputedStyle(e).lineHeight);
        const lines = Math.round(e.getBoundingClientRect().height / line);
        const parts = e.textContent.split('/').length;
        if (lines > parts) out.push(`"${e.textContent}" takes ${lines} lines`);
    }
    return out;
}"""


def test_new_york_slice_fits_a_phone_at_200_percent_zoom(browser, server, artifacts):
    # Given a New York Slice game: a phone and three bots
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    phone = _phone(browser, server.url, code, "Ben", {"width": 390, "height": 844})
    d.choose_game(tv, "New York Slice")
    for n in (2, 3, 4):
        d.add_bot(tv, n)
    d.start(tv)
    found: dict[str, list[str]] = {}

    def each_screen() -> None:
        # When the phone shows its plate (Collect / Eat) or the Slicer's ring, zoomed to 200 %
        for selector, kind in ((".nys-plate", "plate"), (".nys-slicer", "slicer"), (".nys-choose", "choose")):
            if kind not in found and phone.locator(selector).count():
                phone.set_viewport_size(ZOOMED)
                phone.wait_for_timeout(200)
                found[kind] = phone.evaluate(SIDEWAYS)
                phone.screenshot(path=str(artifacts / f"nys-{kind}-zoom200.png"), full_page=True)
                if kind == "slicer":  # and on the narrowest phone, each slice's word beside it is whole
                    phone.set_viewport_size(NARROW)
                    phone.wait_for_timeout(200)
                    found["slicer-320"] = phone.evaluate(SIDEWAYS) + phone.evaluate(WORDS_WHOLE)
                    phone.screenshot(path=str(artifacts / "nys-slicer-320x568.png"), full_page=True)
                phone.set_viewport_size({"width": 390, "height": 844})

    play.play_until_over(phone, play.new_york_slice_turn, before_turn=each_screen, timeout=300)
    # Then nothing leaves the phone sideways, every button stays in its card, every name whole
    assert "plate" in found and "slicer" in found and "slicer-320" in found, found.keys()
    assert not any(found.values()), found
