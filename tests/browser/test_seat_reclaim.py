"""A lost phone's seat handed to a new device (issue 13): the TV's host menu
shows a one-time code for the disconnected player; a new phone chooses "I had
a seat", types it, and shows that player's hand and plays the game on."""

from __future__ import annotations

import re

import pytest

from tests.browser import driver as d
from tests.browser import play
from tests.browser.conftest import PHONE_SIZE

pytestmark = pytest.mark.browser


def test_a_lost_phones_seat_is_handed_to_a_new_phone(browser, server, artifacts):
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    ana = d.open_phone(browser, server.url, code, "Ana")
    d.choose_game(tv, "Pizza Theory")
    d.add_bot(tv, 2)
    d.start(tv)
    ana.locator(".pt-hand").wait_for()

    # given Ana's phone is lost mid-game (its page and socket are gone)
    ana.context.close()
    tv.get_by_role("button", name="Host menu").click()
    menu = tv.get_by_role("dialog", name="Host menu")

    # when the TV hands Ana's seat to a new phone, it shows a one-time code
    menu.get_by_role("button", name="Hand Ana's seat to a new phone").click()
    shown = menu.locator(".reclaim-code")
    shown.wait_for()
    reclaim = shown.inner_text().strip()
    assert re.fullmatch(r"[BCDFGHJKMNPRSTWXZ]{6}", reclaim), reclaim
    d.shot(tv, artifacts, "tv-reclaim-code")
    d.assert_accessible(tv, "TV host menu showing a reclaim code")

    # when a new phone opens the join page, chooses "I had a seat" and types the code
    context = browser.new_context(viewport=PHONE_SIZE, is_mobile=True, has_touch=True, device_scale_factor=2)
    phone = context.new_page()
    phone.goto(f"{server.url}/join/{code}")
    phone.get_by_role("button", name="I had a seat (new phone)").click()
    phone.get_by_label("Code from the host").fill(reclaim.lower())
    d.shot(phone, artifacts, "phone-reclaim-form")
    d.assert_accessible(phone, "the join page's reclaim form")
    phone.get_by_role("button", name="Take my seat").click()

    # then the new phone is Ana, with her hand, and plays the game on to the end
    phone.locator(".pt-hand").wait_for()
    assert phone.locator(".phone-header .chip-name").inner_text() == "Ana"
    d.shot(phone, artifacts, "phone-reclaimed-seat")
    menu.get_by_role("button", name="Done").click()
    tv.keyboard.press("Escape")
    assert play.play_until_over(phone, play.pizza_theory_turn, timeout=120) > 0
    assert phone.locator(".phone-result").count() == 1

    # and the same code does not work a second time
    other = browser.new_context(viewport=PHONE_SIZE, is_mobile=True, has_touch=True).new_page()
    other.goto(f"{server.url}/join/{code}")
    other.get_by_role("button", name="I had a seat (new phone)").click()
    other.get_by_label("Code from the host").fill(reclaim)
    other.get_by_role("button", name="Take my seat").click()
    other.get_by_role("alert").filter(has_text="does not match a seat").wait_for()


def test_in_the_lobby_the_host_phone_hands_a_closed_phones_seat_to_a_new_page(browser, server, artifacts):
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    ana = d.open_phone(browser, server.url, code, "Ana")
    ben = d.open_phone(browser, server.url, code, "Ben")
    panel = ana.locator(".phone-host")
    panel.wait_for()

    # given Ben's phone closes while everyone waits in the lobby
    ben.context.close()
    # then the TV lobby's player list offers his seat to a new phone too (no menu to open)
    tv.get_by_role("button", name="Hand Ben's seat to a new phone").wait_for()
    assert tv.get_by_role("button", name="Hand Ana's seat to a new phone").count() == 0

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
    phone.goto(f"{server.url}/join/{code}")
    phone.get_by_role("button", name="I had a seat (new phone)").click()
    phone.get_by_label("Code from the host").fill(reclaim)
    phone.get_by_role("button", name="Take my seat").click()
    phone.locator(".phone-wait").wait_for()
    assert phone.locator(".phone-header .chip-name").inner_text() == "Ben"
    tv.get_by_role("button", name="Hand Ben's seat to a new phone").wait_for(state="detached")
    assert tv.locator(".player-list li").count() == 2
    panel.get_by_role("button", name="Done").click()
    assert panel.locator(".reclaim-shown").count() == 0
