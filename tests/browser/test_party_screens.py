"""Game screens a party night found wanting (the party audit), seen in real Chromium.

New York Slice's ring takes the TV's height, and its pick-phase portions read when the
TV's picture is scaled to 480 px wide; on a 360x640 phone (and a 390x844 one) the pick
shows the portions to choose from with their Take buttons on the first screen, and the
portions already taken as one short row each, long names cut to the row.  Pizza Theory
says a cut a bot chose for an absent player is the bot's, when the player comes back,
and its TV's reveal names the round just cut while the cuts are on the pizza.
Screenshots go to test-artifacts/browser/.
"""

from __future__ import annotations

import random
import time

import pytest

from tests.browser import driver as d
from tests.browser import play

pytestmark = pytest.mark.browser

TV_SIZES = ({"width": 1920, "height": 1080}, {"width": 1280, "height": 720})
PHONE_SIZES = ({"width": 360, "height": 640}, {"width": 390, "height": 844})
LONG_NAMES = ("Maximiliano Long", "🍕 Pizza Queen 🍕", "WWWWWWWWWWWWWWWW")

#: The ring as drawn: the pizza's diameter, the page's scroll, the window.
RING = """() => {
    const crust = document.querySelector('.nys-ring-crust').getBoundingClientRect();
    return { diameter: crust.height, bottom: crust.bottom, height: innerHeight,
             scroll: document.documentElement.scrollHeight - innerHeight };
}"""

#: The TV's portions: each slice's number (its text's height), the portions' box, the page's scroll.
PORTIONS = """() => {
    const text = (e) => { const r = document.createRange(); r.selectNodeContents(e); return r.getBoundingClientRect(); };
    const box = document.querySelector('.nys-portions').getBoundingClientRect();
    return { numbers: [...document.querySelectorAll('.nys-portions .slice-num')].map((e) => [e.textContent, text(e).height]),
             bottom: box.bottom, width: innerWidth, height: innerHeight,
             scroll: document.documentElement.scrollHeight - innerHeight };
}"""

#: The phone's pick: where each Take button is, each taken portion's row, the page's sideways overflow.
PICK = """() => {
    const rect = (e) => {
        const r = e.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height };
    };
    return {
        takes: [...document.querySelectorAll('.nys-choose .nys-take')].map(rect),
        rows: [...document.querySelectorAll('.nys-taken-row')].map((row) => ({
            box: rect(row),
            said: row.querySelector('.sr-only').textContent,
            name: rect(row.querySelector('.chip-name')),
            line: parseFloat(getComputedStyle(row.querySelector('.chip-name')).lineHeight) || 24,
        })),
        notices: [...document.querySelectorAll('.bot-plays-line')].map((e) => ({ scroll: e.scrollWidth, client: e.clientWidth })),
        sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        scrolled: scrollY,
        height: innerHeight,
    };
}"""


def _small(browser, picture, name: str, folder) -> None:
    """The TV's screenshot scaled to 480 px wide, as seen from across a room, kept beside it."""
    import base64

    page = browser.new_context(viewport={"width": 480, "height": 270}).new_page()
    data = base64.b64encode(picture.read_bytes()).decode()
    page.set_content(f'<body style="margin:0"><img src="data:image/png;base64,{data}" style="width:480px;display:block"></body>')
    page.wait_for_timeout(200)
    page.screenshot(path=str(folder / f"{name}-480.png"))
    page.context.close()


def test_new_york_slice_ring_takes_the_tv_height(browser, server, artifacts):
    # Given six players (a phone who slices first, five bots) and someone watching (the audience strip)
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    phone = d.open_phone(browser, server.url, code, "Margherita")
    d.open_watch(browser, server.url, code).locator(".tv-game, .watch").first.wait_for()
    d.choose_game(tv, "New York Slice")
    for count in range(2, 7):
        d.add_bot(tv, count)
    tv.get_by_role("radiogroup", name="First Slicer").get_by_role("radio", name="Margherita").check()
    d.start(tv)
    # When the Slicer turns over a stack
    phone.get_by_role("button", name="Stack 1").click()
    tv.wait_for_function("() => document.querySelectorAll('.nys-ring .nys-ring-slice').length >= 10")
    for size in TV_SIZES:
        tv.set_viewport_size(size)
        d.settle(tv)
        picture = d.shot(tv, artifacts, f"nys-ring-{size['width']}")
        _small(browser, picture, f"nys-ring-{size['width']}", artifacts)
        ring = tv.evaluate(RING)
        # Then the pizza is half the TV's height across or more (it was about two fifths, less with a long name),
        # and the TV does not scroll
        assert ring["diameter"] >= 0.5 * ring["height"], (size, ring)
        assert ring["scroll"] <= 0 and ring["bottom"] <= ring["height"], (size, ring)


def test_new_york_slice_pick_fits_small_phones_and_reads_on_the_tv(browser, server, artifacts):
    # Given six players, three with long names, and Dmitri, who picks fifth (the Slicer is a bot: it picks last)
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    others = [d.open_phone(browser, server.url, code, name) for name in LONG_NAMES]
    dmitri = d.open_phone(browser, server.url, code, "Dmitri 😀")
    d.choose_game(tv, "New York Slice")
    d.add_bot(tv, 5)
    d.add_bot(tv, 6)
    slicer = tv.get_by_role("radiogroup", name="First Slicer").get_by_role("radio")
    slicer.nth(slicer.count() - 1).check()
    d.start(tv)
    dmitri.set_viewport_size(PHONE_SIZES[0])
    # When the others have picked and the TV shows the portions
    rng = random.Random(5)
    looked_at_tv = False
    deadline = time.monotonic() + 90
    while not dmitri.locator(".nys-choose .nys-take").count():
        assert time.monotonic() < deadline, "Dmitri was never asked to pick"
        if not looked_at_tv and tv.locator(".nys-portions .slice-num").count():
            looked_at_tv = True
            for size in TV_SIZES:
                tv.set_viewport_size(size)
                d.settle(tv)
                picture = d.shot(tv, artifacts, f"nys-pick-tv-{size['width']}")
                _small(browser, picture, f"nys-pick-tv-{size['width']}", artifacts)
                portions = tv.evaluate(PORTIONS)
                # Then each slice's number reads from across the room (10 px and more when the picture is 480 px
                # wide); a combo's "9/11" is as large as the top of its triangle allows (test_screens.py checks it
                # fits), about three quarters of a plain number, and its two colours say it too
                scale = 480 / portions["width"]
                plain = [height for said, height in portions["numbers"] if "/" not in said]
                combos = [height for said, height in portions["numbers"] if "/" in said]
                assert plain and min(plain) * scale >= 9.5, (size, portions["numbers"])
                assert all(height * scale >= 6.5 for height in combos), (size, portions["numbers"])
                assert portions["scroll"] <= 0 and portions["bottom"] <= portions["height"], (size, portions)
        for phone in others:
            if play.my_turn(phone):
                play.new_york_slice_turn(phone, rng)
        time.sleep(0.1)
    assert looked_at_tv
    taken = tv.locator(".nys-portion.taken").count()
    assert taken >= 2, taken
    for size in PHONE_SIZES:
        dmitri.set_viewport_size(size)
        dmitri.evaluate("() => window.scrollTo(0, 0)")
        d.settle(dmitri)
        d.shot(dmitri, artifacts, f"nys-pick-phone-{size['width']}")
        dmitri.screenshot(path=str(artifacts / f"nys-pick-phone-{size['width']}-full.png"), full_page=True)
        pick = dmitri.evaluate(PICK)
        # Then every Take button is on the first screen, nothing goes sideways
        assert pick["takes"] and all(t["bottom"] <= pick["height"] for t in pick["takes"]), (size, pick["takes"])
        assert pick["sideways"] <= 0, (size, pick["sideways"])
        # and each portion taken is one short line under them, its taker named in full for a screen reader
        assert len(pick["rows"]) == taken, pick["rows"]
        first_take = min(t["top"] for t in pick["takes"])
        for row in pick["rows"]:
            assert row["box"]["top"] > first_take
            assert row["name"]["height"] <= 1.6 * row["line"], (size, row)
            assert row["box"]["right"] <= size["width"], (size, row)
            assert row["said"].startswith("Portion ") and row["said"].endswith(" took it"), row
        said = " ".join(row["said"] for row in pick["rows"])
        assert any(name in said for name in LONG_NAMES), said
    # And the pick still works from there
    play.click(dmitri, dmitri.locator(".nys-choose .nys-take").first)
    dmitri.wait_for_function("() => !document.querySelector('.nys-choose')")


def test_a_cut_a_bot_made_for_an_absent_player_is_said_to_be_the_bots(browser, quick, artifacts):
    # Given three players, Ana and Bo on their phones and a bot, in the cut phase of Pizza Theory's first round
    tv = d.open_tv(browser, quick.url)
    code = d.room_code(tv)
    ana = d.open_phone(browser, quick.url, code, "Ana")
    bo = d.open_phone(browser, quick.url, code, "Bo")
    d.choose_game(tv, "Pizza Theory")
    d.add_bot(tv, 3)
    d.start(tv)
    rng = random.Random(3)
    deadline = time.monotonic() + 60
    while not (ana.locator(".die-btn").count() and bo.locator(".die-btn").count()):
        assert time.monotonic() < deadline, "the cut phase never came"
        for phone in (ana, bo):
            if phone.locator(".pizza .tap").count():
                play.pizza_theory_turn(phone, rng)
        time.sleep(0.1)
    # When Ana's phone goes before she cuts, a bot stands in and cuts for her, and she comes back on it
    context = ana.context
    ana.close()
    tv.locator(".plate-0 .plate-status.done").wait_for(timeout=30_000)
    ana = context.new_page()
    ana.goto(f"{quick.url}/join/{code}")
    chosen = ana.locator(".pt-chosen")
    chosen.wait_for(timeout=15_000)
    ana.set_viewport_size(PHONE_SIZES[1])
    d.shot(ana, artifacts, "pt-back-after-bot-cut")
    # Then her phone says the bot chose the line, not she
    assert chosen.inner_text().startswith("A bot chose line "), chosen.inner_text()
    assert "while you were away" in chosen.inner_text()
    # And when Bo cuts, the TV's reveal names the round just cut while its cuts are on the pizza
    before = d.version(tv)
    bo.locator(".die-btn").first.click()
    bo.locator(".action-bar .btn-start").click()
    tv.wait_for_function("v => Number(document.querySelector('[data-version]')?.dataset.version ?? -1) > v", arg=before)
    # (attached, not "visible": a skewer lying flat has a bounding box with no height)
    tv.locator(".pizza .skewer").first.wait_for(state="attached")
    assert tv.locator(".table-round").inner_text() == "Round 1 of 30"
    assert tv.locator(".table-phase").inner_text() == "The cuts are revealed"
    assert tv.locator(".plate-acting").count() == 0
    tv.wait_for_timeout(300)
    d.shot(tv, artifacts, "pt-tv-reveal")
    # and says Ana's cut was the bot's (its stand-in notice came while the round was cut), fitting both TV sizes
    said = tv.locator(".reveal-cuts li").all_inner_texts()
    assert any(t.startswith("A bot cut on line ") and t.endswith(" for Ana") for t in said), said
    for size in TV_SIZES:
        tv.set_viewport_size(size)
        d.shot(tv, artifacts, f"pt-tv-reveal-bot-cut-{size['width']}")
        assert tv.evaluate("() => document.documentElement.scrollHeight - innerHeight") <= 0, size
    # ... and the next round once the pizza has turned
    tv.locator(".table-round", has_text="Round 2 of 30").wait_for(timeout=15_000)
    assert tv.locator(".pizza .skewer").count() == 0
