"""The party-night audit's findings on the shared screens, in Chromium against a real hub.

- Eight players in a room (a TV, phones and bots): everyone has a colour-and-shape pair of their own, in the
  lobby and at the table (the eighth no longer wears the first one's orange circle).
- The host phone's lobby at 390 and 360 px with a gone player, long names and "Sit out" for everyone: no
  page wider than the phone, every button on the screen and 44 px at least, every name whole.
- The audience's portion vote: letter badges on the TV and the watch page, no player's mark.
- A refused reclaim code: the phone stays on the code form, the code still typed, the error beside it.
- Announcements: over the TV's header line, never over a player's card; under a phone's header, never over
  its Host menu.

Screenshots at 1920x1080 (TV), 390x844 and 360x640 (phones) are kept with each test's artifacts.
"""

from __future__ import annotations

import re

import pytest

from tests.browser import driver as d
from tests.browser.test_votes import TV_OPEN, WATCH_OPEN, _play_until_a_portion_is_chosen

pytestmark = pytest.mark.browser

SIZES = ({"width": 390, "height": 844}, {"width": 360, "height": 640})
WAIT = 30000

#: The looks of the chips under a selector, as "colour shape", in the page's order.
LOOKS = "s => [...document.querySelectorAll(s)].map((c) => c.dataset.look)"

#: The player colours (ui/players.ts PALETTE), as the browser writes a computed colour.
PLAYER_RGB = {
    "rgb(230, 159, 0)", "rgb(86, 180, 233)", "rgb(0, 158, 115)", "rgb(240, 228, 66)",
    "rgb(0, 114, 178)", "rgb(213, 94, 0)", "rgb(204, 121, 167)",
}


def _phone(browser, url: str, code: str, name: str, size: dict | None = None):
    context = browser.new_context(viewport=size or SIZES[0], is_mobile=True, has_touch=True, device_scale_factor=2)
    page = context.new_page()
    page.goto(f"{url}/join/{code}")
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Join").click()
    page.locator(".phone-header").wait_for()
    return page


def _overlap(a: dict, b: dict) -> bool:
    return a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"] and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"]


def test_eight_players_each_have_a_look_of_their_own(browser, server, artifacts):
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    ana = _phone(browser, server.url, code, "Ana")
    _phone(browser, server.url, code, "Bo")
    for count in range(3, 8):
        d.add_bot(tv, count)
    # given an eighth player joins (the audit's "TV Host": id 7, once Ana's id 0 "orange circle")
    late = _phone(browser, server.url, code, "TV Host")
    tv.wait_for_function("() => document.querySelectorAll('.player-list li').length === 8")
    looks = tv.evaluate(LOOKS, ".player-list .chip")
    # then the TV's lobby shows eight different pairs, the first seven in seven colours and seven shapes
    assert len(looks) == 8 and len(set(looks)) == 8, looks
    assert len({look.split(" ")[-1] for look in looks[:7]}) == 7, looks
    assert len({look.rsplit(" ", 1)[0] for look in looks[:7]}) == 7, looks
    d.settle(tv)
    d.shot(tv, artifacts, "tv-lobby-8-players-1920x1080")
    # and every phone gives each player the same look as the TV
    late.wait_for_function("() => document.querySelectorAll('.phone-wait-players .chip').length === 8")
    assert late.evaluate(LOOKS, ".phone-wait-players .chip") == looks
    assert late.locator(".phone-header .chip").get_attribute("data-look") == looks[7]
    for size in SIZES:
        late.set_viewport_size(size)
        d.settle(late)
        d.shot(late, artifacts, f"phone-lobby-8-players-{size['width']}x{size['height']}")

    # when New York Slice (six at most) starts with Ana and TV Host both at the table
    d.choose_game(tv, "New York Slice")
    panel = ana.locator(".phone-host")
    for bot in ("Bot 2", "Bot 3"):
        d.answered(ana, lambda bot=bot: panel.get_by_role("button", name=f"Sit out: {bot} watches the next game").click())
    d.start(tv)
    tv.locator(".nys-table").wait_for()
    d.settle(tv)
    # then the table's six players wear six different pairs, each the one they had in the lobby
    seated = tv.evaluate(
        """() => [...document.querySelectorAll('.nys-table .chip')]
            .map((c) => [c.querySelector('.chip-name').textContent, c.dataset.look])"""
    )
    by_name = dict(seated)
    assert len(by_name) == 6 and len(set(by_name.values())) == 6, seated
    assert by_name["Ana"] != by_name["TV Host"], seated
    assert by_name["Ana"] == looks[0] and by_name["TV Host"] == looks[7], (seated, looks)
    d.shot(tv, artifacts, "tv-nys-8-players-1920x1080")


def test_the_host_phones_lobby_fits_small_phones_with_a_gone_player(browser, quick, artifacts):
    tv = d.open_tv(browser, quick.url)
    code = d.room_code(tv)
    names = ["Ana", "Maximiliano Long", "🍕 Pizza Queen 🍕", "WWWWWWWWWWWWWWWW", "Dmitri 😀"]
    phones = {name: _phone(browser, quick.url, code, name) for name in names}
    ana = phones["Ana"]
    ana.locator(".phone-host").wait_for()
    d.add_bot(tv, 6)
    d.add_bot(tv, 7)
    # given seven players for a game of six (everyone has "Sit out"), and a player whose phone is gone
    d.choose_game(tv, "New York Slice")
    phones["WWWWWWWWWWWWWWWW"].context.close()
    panel = ana.locator(".phone-host .players-panel")
    panel.get_by_role("button", name="Hand WWWWWWWWWWWWWWWW's seat to a new phone").wait_for(timeout=WAIT)
    for size in SIZES:
        ana.set_viewport_size(size)
        d.settle(ana)
        where = f"host-phone-lobby-gone-{size['width']}x{size['height']}"
        # then the page is no wider than the phone
        wide = ana.evaluate("() => document.documentElement.scrollWidth")
        assert wide <= size["width"], f"{where}: the page is {wide} px wide"
        # every name is whole (wrapped, never cut with "…")
        cut = ana.evaluate(
            """() => [...document.querySelectorAll('.phone-host .player-list .chip-name')]
                .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1).map((e) => e.textContent)"""
        )
        assert not cut, f"{where}: names cut {cut}"
        shown = ana.evaluate("() => [...document.querySelectorAll('.phone-host .player-list .chip-name')].map((e) => e.textContent)")
        assert set(names) <= set(shown), shown
        # and every button of every row is on the screen, 44 px at least, and what a tap there reaches
        buttons = panel.locator(".player-list button")
        assert buttons.count() >= 13  # seven "Sit out", six "✕", one "New phone"
        for i in range(buttons.count()):
            button = buttons.nth(i)
            button.scroll_into_view_if_needed()
            box = button.bounding_box()
            label = button.get_attribute("aria-label")
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= size["width"], f"{where}: {label} at {box}"
            assert box["width"] >= 44 and box["height"] >= 44, f"{where}: {label} is {box}"
            on_top = button.evaluate(
                """(b) => { const r = b.getBoundingClientRect();
                    return b.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)); }"""
            )
            assert on_top, f"{where}: a tap on {label} lands elsewhere"
        # "Start the game" is what a tap on it reaches (the audit's taps landed on other parts of the page)
        start = ana.get_by_role("button", name="Start the game")
        start.scroll_into_view_if_needed()
        assert start.evaluate(
            """(b) => { const r = b.getBoundingClientRect();
                return b.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)); }"""
        ), where
        ana.evaluate("() => window.scrollTo(0, 0)")
        d.shot(ana, artifacts, where)
        panel.screenshot(path=str(artifacts / f"{where}-players.png"))
    # and once one sits out, Start takes a real tap at either size
    d.answered(ana, lambda: panel.get_by_role("button", name="Sit out: Bot 2 watches the next game").click())
    for size in SIZES:
        ana.set_viewport_size(size)
        d.settle(ana)
        assert ana.evaluate("() => document.documentElement.scrollWidth") <= size["width"]
        ana.get_by_role("button", name="Start the game").click(trial=True)
    d.shot(ana, artifacts, "host-phone-lobby-sits-out-360x640")


def test_a_refused_reclaim_code_keeps_the_phone_on_the_code_form(browser, server, artifacts):
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    _phone(browser, server.url, code, "Ana")
    for size in SIZES:
        phone = browser.new_context(viewport=size, is_mobile=True, has_touch=True, device_scale_factor=2).new_page()
        phone.goto(f"{server.url}/join/{code}")
        phone.get_by_role("button", name="I had a seat (new phone)").click()
        # when a code no host gave is typed
        phone.get_by_label("Code from the host").fill("bcd fgh")
        phone.get_by_role("button", name="Take my seat").click()
        # then the error shows on the code form, the code still in its field, ready to type over
        phone.get_by_role("alert").filter(has_text="does not match a seat").wait_for()
        field = phone.get_by_label("Code from the host")
        assert field.input_value() == "BCDFGH"  # as it was tried: spaces out, capitals
        assert phone.get_by_label("Your name").count() == 0
        assert field.evaluate("(e) => e === document.activeElement && e.selectionStart === 0 && e.selectionEnd === e.value.length")
        assert phone.get_by_label("Room code").input_value() == code
        # both in the window, the field and the error, and the six letters all in sight in the field
        for shown in (field, phone.get_by_role("alert")):
            box = shown.bounding_box()
            assert box and box["y"] >= -1 and box["y"] + box["height"] <= size["height"] + 1, (size, box)
        assert field.evaluate("(e) => e.scrollWidth <= e.clientWidth"), field.evaluate("(e) => [e.scrollWidth, e.clientWidth]")
        d.shot(phone, artifacts, f"reclaim-refused-{size['width']}x{size['height']}")
        d.assert_accessible(phone, "the code form after a refused code")
        # and a second try goes from there (the same form, the same answer)
        field.fill("BCDFGJ")
        phone.get_by_role("button", name="Take my seat").click()
        phone.get_by_role("alert").filter(has_text="does not match a seat").wait_for()
        assert phone.get_by_label("Code from the host").input_value() == "BCDFGJ"
        phone.context.close()


def test_portion_votes_wear_letters_not_players_marks(browser, server, artifacts):
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    phones = [_phone(browser, server.url, code, name) for name in ("Ana", "Bea", "Cy")]
    watch = browser.new_context(viewport=SIZES[0], is_mobile=True, has_touch=True, device_scale_factor=2).new_page()
    watch.goto(f"{server.url}/watch/{code}")
    watch.locator(".reaction-bar").wait_for()
    d.choose_game(tv, "New York Slice")
    d.start(tv)
    _play_until_a_portion_is_chosen(phones, tv)
    tv.locator(TV_OPEN).wait_for()
    watch.locator(WATCH_OPEN).wait_for()
    for page, options in ((tv, f"{TV_OPEN} .vote-bar"), (watch, f"{WATCH_OPEN} .vote-option")):
        drawn = page.evaluate(
            """(s) => [...document.querySelectorAll(s)].map((o) => {
                const badge = o.querySelector('.vote-letter');
                return {
                    words: o.querySelector('.vote-bar-label, span:not(.vote-letter)').textContent,
                    letter: badge && badge.dataset.letter,
                    drawn: badge && getComputedStyle(badge, '::before').content,
                    background: badge && getComputedStyle(badge).backgroundColor,
                    marks: o.querySelectorAll('svg.mark').length,
                };
            })""",
            options,
        )
        assert len(drawn) >= 2, drawn
        for option in drawn:
            # each option is its portion's letter on a neutral tile: no player's mark, no player's colour
            assert re.fullmatch(r"Portion [A-Z]", option["words"]), option
            assert option["letter"] == option["words"][-1] and option["drawn"] == f'"{option["letter"]}"', option
            assert option["marks"] == 0 and option["background"] not in PLAYER_RGB, option
    d.settle(tv)
    d.shot(tv, artifacts, "tv-portion-vote-1920x1080")
    for size in SIZES:
        watch.set_viewport_size(size)
        d.settle(watch)
        d.shot(watch, artifacts, f"watch-portion-vote-{size['width']}x{size['height']}")
    d.assert_accessible(watch, "the watch page's portion vote")


def test_announcements_leave_the_player_cards_and_the_phones_header_clear(browser, quick, artifacts):
    tv = d.open_tv(browser, quick.url)
    code = d.room_code(tv)
    ana = _phone(browser, quick.url, code, "Ana")
    bo = _phone(browser, quick.url, code, "Bo")
    ana.locator(".phone-host").wait_for()
    d.add_bot(tv, 3)
    d.choose_game(tv, "New York Slice")
    d.start(tv)
    tv.locator(".nys-table").wait_for()
    # when the host's phone drops mid-game and hosting passes to Bo
    ana.context.close()
    notice = tv.locator(".notices-tv .notice", has_text="Bo is now the host")
    notice.wait_for(timeout=WAIT)
    d.settle(tv)
    # then the TV's notice lies over its header line, clear of every player's card
    box = notice.bounding_box()
    header = tv.locator(".tv-header").bounding_box()
    assert box and header and box["y"] + box["height"] <= header["y"] + header["height"] + 1, (box, header)
    cards = tv.evaluate(
        """() => [...document.querySelectorAll('.nys-table .chip')].map((c) => {
            const r = c.getBoundingClientRect();
            return {x: r.x, y: r.y, width: r.width, height: r.height};
        })"""
    )
    assert cards and not any(_overlap(box, card) for card in cards), (box, cards)
    d.shot(tv, artifacts, "tv-notice-new-host-1920x1080")
    # and Bo's phone shows its notice under its header, the Host menu in sight
    said = bo.locator(".notices-phone .notice", has_text="You are now the host")
    said.wait_for(timeout=WAIT)
    for size in SIZES:
        bo.set_viewport_size(size)
        bo.evaluate("() => window.scrollTo(0, 0)")
        d.settle(bo)
        box = said.bounding_box()
        header = bo.locator(".phone-header").bounding_box()
        menu = bo.locator(".phone-header").get_by_role("button", name="Host menu").bounding_box()
        assert box and header and menu and box["y"] >= header["y"] + header["height"] - 1, (size, box, header)
        assert not _overlap(box, menu), (size, box, menu)
        assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], (size, box)
        bo.screenshot(path=str(artifacts / f"phone-notice-new-host-{size['width']}x{size['height']}.png"))
