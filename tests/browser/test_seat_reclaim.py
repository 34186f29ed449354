"""A lost phone's seat handed to a new device (issues 13 and 24): the host
phone's menu shows a one-time code for a player whose phone has been gone past
the grace period (never on the shared TV); a new phone chooses "I had a seat",
types it, and shows that player's hand and plays the game on.  The hub runs
with short grace periods (the ``quick`` fixture of test_nobody_stuck)."""

from __future__ import annotations

import random
import re

import pytest

from tests.browser import driver as d
from tests.browser import play
from tests.browser.conftest import PHONE_SIZE

pytestmark = pytest.mark.browser


def test_a_lost_phones_seat_is_handed_to_a_new_phone(browser, quick, artifacts):
    tv = d.open_tv(browser, quick.url)
    code = d.room_code(tv)
    ana = d.open_phone(browser, quick.url, code, "Ana")
    ben = d.open_phone(browser, quick.url, code, "Ben")
    d.choose_game(tv, "Pizza Theory")
    d.start(tv)
    ben.locator(".pt-hand").wait_for()

    # given Ben's phone is lost mid-game (its page and socket are gone)
    ben.context.close()
    ana.locator(".phone-header").get_by_role("button", name="Host menu").click()
    menu = ana.get_by_role("dialog", name="Host menu")

    # when Ana's host menu hands Ben's seat to a new phone, it shows a one-time code there, and only there
    menu.get_by_role("button", name="Hand Ben's seat to a new phone").click(timeout=20000)
    shown = menu.locator(".reclaim-code")
    shown.wait_for()
    reclaim = shown.inner_text().strip()
    assert re.fullmatch(r"[BCDFGHJKMNPRSTWXZ]{6}", reclaim), reclaim
    assert tv.locator(".reclaim-code").count() == 0
    d.shot(ana, artifacts, "phone-host-reclaim-code-in-game")
    d.assert_accessible(ana, "host phone's menu showing a reclaim code")

    # when a new phone opens the join page, chooses "I had a seat" and types the code
    context = browser.new_context(viewport=PHONE_SIZE, is_mobile=True, has_touch=True, device_scale_factor=2)
    phone = context.new_page()
    phone.goto(f"{quick.url}/join/{code}")
    phone.get_by_role("button", name="I had a seat (new phone)").click()
    phone.get_by_label("Code from the host").fill(reclaim.lower())
    d.shot(phone, artifacts, "phone-reclaim-form")
    d.assert_accessible(phone, "the join page's reclaim form")
    phone.get_by_role("button", name="Take my seat").click()

    # then the new phone is Ben, with his hand, and the two play the game on to the end
    phone.locator(".pt-hand").wait_for()
    assert phone.locator(".phone-header .chip-name").inner_text() == "Ben"
    d.shot(phone, artifacts, "phone-reclaimed-seat")
    menu.get_by_role("button", name="Done").click()
    ana.keyboard.press("Escape")
    rng = random.Random(4)
    steps = 0
    while not (play.game_over(ana) and play.game_over(phone)):
        moved = False
        for page in (ana, phone):
            if not play.game_over(page) and play.my_turn(page) and play.pizza_theory_turn(page, rng):
                moved = True
                page.wait_for_timeout(150)
        if not moved:
            ana.wait_for_timeout(100)
        steps += 1
        assert steps < 2000, "the game did not end"
    assert phone.locator(".phone-result").count() == 1

    # and the same code does not work a second time
    other = browser.new_context(viewport=PHONE_SIZE, is_mobile=True, has_touch=True).new_page()
    other.goto(f"{quick.url}/join/{code}")
    other.get_by_role("button", name="I had a seat (new phone)").click()
    other.get_by_label("Code from the host").fill(reclaim)
    other.get_by_role("button", name="Take my seat").click()
    other.get_by_role("alert").filter(has_text="does not match a seat").wait_for()


def test_in_the_lobby_the_host_phone_hands_a_closed_phones_seat_to_a_new_page(browser, quick, artifacts):
    tv = d.open_tv(browser, quick.url)
    code = d.room_code(tv)
    ana = d.open_phone(browser, quick.url, code, "Ana")
    ben = d.open_phone(browser, quick.url, code, "Ben")
    panel = ana.locator(".phone-host")
    panel.wait_for()

    # given Ben's phone closes while everyone waits in the lobby
    ben.context.close()
    # then, once he is gone past the grace, Ana's lobby panel offers his seat to a new phone; the TV never does
    panel.get_by_role("button", name="Hand Ben's seat to a new phone").wait_for(timeout=20000)
    assert panel.get_by_role("button", name="Hand Ana's seat to a new phone").count() == 0
    assert tv.get_by_role("button", name="Hand Ben's seat to a new phone").count() == 0

    # when Ana, hosting from her phone, asks for a code for Ben's seat
    panel.get_by_role("button", name="Hand Ben's seat to a new phone").click()
    shown = panel.locator(".reclaim-shown")
    shown.wait_for()
    reclaim = shown.locator(".reclaim-code").inner_text().strip()
    assert re.fullmatch(r"[BCDFGHJKMNPRSTWXZ]{6}", reclaim), reclaim
    # the code is shown large, with the clock time it stops working
    assert shown.locator(".reclaim-until").inner_text().startswith("Until ")
    assert float(shown.locator(".reclaim-code").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 32
    d.shot(ana, artifacts, "phone-host-reclaim-code")
    d.assert_accessible(ana, "host phone showing a reclaim code")

    # when a new page types the code, it is Ben, in the lobby, and the button goes away
    phone = browser.new_context(viewport=PHONE_SIZE, is_mobile=True, has_touch=True).new_page()
    phone.goto(f"{quick.url}/join/{code}")
    phone.get_by_role("button", name="I had a seat (new phone)").click()
    phone.get_by_label("Code from the host").fill(reclaim)
    phone.get_by_role("button", name="Take my seat").click()
    phone.locator(".phone-wait").wait_for()
    assert phone.locator(".phone-header .chip-name").inner_text() == "Ben"
    panel.get_by_role("button", name="Hand Ben's seat to a new phone").wait_for(state="detached")
    assert tv.locator(".player-list li").count() == 2
    panel.get_by_role("button", name="Done").click()
    assert panel.locator(".reclaim-shown").count() == 0
