"""No TV, measured: a room opened on a phone by someone with the longest name a
name may be ("WWWWWWWWWWWWWWWW", one word, the widest letter), a friend on
another phone and a bot, at 390x844 and at a small 360x640 phone.

Each phone shows the table's public part in the page's flow (no inner scroll
box, nothing past the right edge): every player's status as a short list, and
at Game over the final board and the whole score table.  A phone's page is a
column read downwards, so each screen is measured as tall as it is: what the
fit checker then finds is text cut, past the edge, or in a box of its own."""

from __future__ import annotations

import random
import re
import time

import pytest

from tests.browser import driver as d
from tests.browser import play
from tests.browser.test_fit import SETTLE, Findings, _speak
from tests.browser.test_phones_only import _join, _open_room

pytestmark = pytest.mark.browser

WIDE = "WWWWWWWWWWWWWWWW"
SIZES = ({"width": 390, "height": 844}, {"width": 360, "height": 640})
PHONE = SIZES[0]

#: The prompt line's text ("Waiting for ...", "Your turn").
PROMPT_TEXT = "() => document.querySelector('.prompt')?.textContent ?? ''"


_AT = re.compile(r" at (-?\d+),(-?\d+)-(-?\d+),(-?\d+)$")


def _across(problem: str, width: int) -> bool:
    """A problem a phone's page has that scrolling down does not cure: the page scrolling down is how a
    phone reads, and text below (or, scrolled, above) the window is read by scrolling; past the sides it is not."""
    if problem.startswith("the page scrolls down"):
        return False
    at = _AT.search(problem)
    if problem.startswith("text outside the window") and at:
        left, _, right, _ = map(int, at.groups())
        return left < 0 or right > width + 1
    return True


def _check_tall(found: Findings, page, where: str, lang: str = "en") -> None:
    """The screen at each size as the phone is: nothing sideways, no inner box, no text cut or overlapping."""
    for size in SIZES:
        _speak(page, lang)
        page.set_viewport_size(size)
        page.evaluate(SETTLE)
        page.screenshot(path=str(found.artifacts / f"{where}-{size['width']}x{size['height']}.{lang}-top.png"))
        wide = page.evaluate("() => document.documentElement.scrollWidth")
        if wide > size["width"] + 1:
            found.bad[f"{where}-{size['width']}x{size['height']}.{lang}-sideways"] = [f"the page is {wide} px wide in {size['width']} px"]
        # then as tall as the page (a few times: what is sized by the window's height grows with it), so
        # every part of it is in the window where the checker can see what lies over what
        tall = size["height"]
        for _ in range(3):
            page.set_viewport_size({"width": size["width"], "height": tall})
            page.evaluate(SETTLE)
            tall = max(tall, page.evaluate("() => document.documentElement.scrollHeight"))
        found.check(page, where, {"width": size["width"], "height": tall}, lang, ignore=[".reaction-bar"])
        name = f"{where}-{size['width']}x{tall}.{lang}"
        if name in found.bad:
            kept = [p for p in found.bad[name] if _across(p, size["width"])]
            if kept:
                found.bad[name] = kept
            else:
                del found.bad[name]
    page.set_viewport_size(PHONE)


def _no_inner_table_box(page) -> None:
    """The table's public part is in the page's flow at full size: no zoomed box of its own."""
    boxes = page.evaluate(
        """() => [...document.querySelectorAll('.phone-table')].map((e) => {
            const s = getComputedStyle(e);
            return {zoom: s.zoom, overflow: s.overflowY, scroll: e.scrollHeight > e.clientHeight + 1};
        })"""
    )
    assert all(b["zoom"] in ("1", "normal") and not b["scroll"] for b in boxes), boxes


def _names_shown(page, names: list[str]) -> None:
    """Every player's name is on the phone's table, in sight across the width."""
    for name in names:
        box = page.evaluate(
            """(name) => {
                const el = [...document.querySelectorAll('.phone-table .chip-name, .phone-final .chip-name, .phone-table .gc-name')]
                    .find((e) => e.textContent.includes(name.slice(0, 3)) && e.getBoundingClientRect().width > 0);
                if (!el) return null;
                const r = el.getBoundingClientRect();
                return {left: r.left, right: r.right};
            }""",
            name,
        )
        assert box is not None, f"{name} is not on the table"
        assert box["left"] >= 0 and box["right"] <= page.viewport_size["width"] + 1, (name, box)


def _scissors_big_enough(page) -> None:
    """New York Slice's scissors (where the Slicer cuts) are 44 px at least, on the small phone too."""
    for size in SIZES:
        page.set_viewport_size(size)
        page.evaluate(SETTLE)
        boxes = page.evaluate(
            "() => [...document.querySelectorAll('.nys-scissors')]"
            ".map((b) => [b.getBoundingClientRect().width, b.getBoundingClientRect().height])"
        )
        assert boxes and all(w >= 43.5 and h >= 43.5 for w, h in boxes), (size, boxes[:3])
    page.set_viewport_size(PHONE)


def _setup(browser, server, title: str, options=None):
    host, _ = _open_room(browser, server.url, WIDE)
    code = host.locator(".phone-share .room-code").inner_text().strip()
    ben, _ = _join(browser, server.url, code, "Ben", PHONE)
    host.wait_for_function("() => document.querySelectorAll('.phone-host .player-list li').length === 2")
    d.choose_game(host, title)
    if options:
        options(host)
    host.locator(".phone-host").get_by_role("button", name="Add a bot").click()
    host.wait_for_function("() => document.querySelectorAll('.phone-host .player-list li').length === 3")
    return host, ben, code


@pytest.mark.parametrize(("title", "turn"), [("Pizza Theory", play.pizza_theory_turn), ("New York Slice", play.new_york_slice_turn)])
def test_phones_only_table_fits_small_phones_with_a_long_name(browser, server, artifacts, title, turn):
    found = Findings(artifacts)
    slug = title.lower().replace(" ", "-")

    def one_round(host):
        rounds = host.get_by_label("Round limit")
        rounds.fill("1")
        rounds.dispatch_event("change")

    host, ben, _ = _setup(browser, server, title, one_round if title == "Pizza Theory" else None)
    _check_tall(found, host, f"notv-{slug}-host-lobby")
    host.locator(".phone-host").get_by_role("button", name="Start the game").click()
    phones = {WIDE: host, "Ben": ben}
    for page in phones.values():
        page.locator(".phone-table").wait_for(timeout=15000)
    measured: set[str] = set()
    rng = random.Random(3)
    deadline = time.monotonic() + 300
    while not all(play.game_over(p) for p in phones.values()):
        assert time.monotonic() < deadline, "the game did not end in time"
        for name, page in phones.items():
            if play.game_over(page):
                continue
            if play.my_turn(page):
                kind = f"{name[:3]}-turn"
                if kind not in measured:
                    measured.add(kind)
                    _no_inner_table_box(page)
                    _names_shown(page, [WIDE, "Ben"])
                    _check_tall(found, page, f"notv-{slug}-{kind}")
                if page.locator(".nys-scissors").count() and "scissors" not in measured:
                    measured.add("scissors")
                    _scissors_big_enough(page)
                turn(page, rng)
                page.wait_for_timeout(100)
            elif name == "Ben" and "waiting" not in measured and WIDE in page.evaluate(PROMPT_TEXT):
                measured.add("waiting")
                _check_tall(found, page, f"notv-{slug}-ben-waits-for-long-name")
        host.wait_for_timeout(50)
    for name, page in phones.items():
        page.locator(".phone-result").wait_for()
        _no_inner_table_box(page)
        # the final board and the whole score table, in the page's flow
        final = page.locator(".phone-final")
        final.wait_for()
        if title == "New York Slice":
            check = final.locator(".guest-check")
            assert check.is_visible()
            for size in SIZES:
                page.set_viewport_size(size)
                box = check.bounding_box()
                assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 1, (size, box)
                assert check.locator("tbody tr").count() == 3
                # each player's slices under a head: the name shortens with "…", "ate N" shows whole beside it
                heads = final.evaluate(
                    """(el) => [...el.querySelectorAll('.nys-tableau-head')].map((h) => {
                        const ate = h.querySelector('.nys-eaten').getBoundingClientRect();
                        const box = h.getBoundingClientRect();
                        return {ate: h.querySelector('.nys-eaten').textContent, oneLine: ate.height < 30,
                                inside: ate.right <= box.right + 1 && ate.left >= box.left};
                    })"""
                )
                assert len(heads) == 3 and all(h["oneLine"] and h["inside"] for h in heads), (size, heads)
            page.set_viewport_size(PHONE)
        else:
            assert final.locator("svg.pizza, .pizza svg, svg").count() > 0
            assert final.locator(".scores tbody tr").count() == 3
        _names_shown(page, [WIDE, "Ben"])
        _check_tall(found, page, f"notv-{slug}-end-{name[:3]}")
        _check_tall(found, page, f"notv-{slug}-end-{name[:3]}", "es")
        _speak(page, "en")
    found.assert_none()


def test_a_returning_player_on_a_new_phone_is_shown_the_way_back(browser, server, artifacts):
    # Given a room opened on Ana's phone, and Ben in it
    host, _ = _open_room(browser, server.url, "Ana")
    code = host.locator(".phone-share .room-code").inner_text().strip()
    ben, _ = _join(browser, server.url, code, "Ben", PHONE)
    # (a guest's lobby lists who is in and, with no TV, shows the room's code and QR for a latecomer)
    ben.wait_for_function("() => document.querySelectorAll('.phone-wait .player-list li').length === 2")
    assert ben.locator(".phone-wait .phone-share .room-code").inner_text().strip() == code
    assert ben.locator(".phone-wait svg.qr").is_visible()
    found = Findings(artifacts)
    _check_tall(found, ben, "notv-guest-lobby")
    found.assert_none()
    # When Ben, on a new phone, types the code and his name on the start page
    page = browser.new_context(viewport=SIZES[1], is_mobile=True, has_touch=True).new_page()
    page.goto(server.url)
    page.get_by_label("Room code").fill(code)
    page.get_by_label("Your name").fill("Ben")
    page.get_by_role("button", name="Join", exact=True).click()
    # Then the name-taken message points to the way back
    error = page.locator(".form-error")
    error.wait_for(timeout=10000)
    assert "Is this you on a new phone? Ask the host for a code, then tap I had a seat" in error.inner_text()
    d.shot(page, artifacts, "name-taken-360x640")
    # and "I had a seat" keeps the room code and drops the stale error
    page.get_by_role("button", name="I had a seat (new phone)").click()
    assert page.get_by_label("Room code").input_value() == code
    assert page.locator(".form-error").count() == 0
    assert page.get_by_label("Code from the host").is_visible()
    d.shot(page, artifacts, "i-had-a-seat-360x640")
