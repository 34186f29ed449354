"""The host menu: from the host phone (issue 24: the TV shows its own menu
only when no phone hosts), a person's seat is handed to a bot (the bot moves
for it) and given back, and the host ends the room (every phone shows an end
screen, the TV too).  The turn timer is set in the TV's lobby.  With no host
phone (bots only), the TV's menu is the fallback."""

from __future__ import annotations

import pytest

from tests.browser import driver as d

pytestmark = pytest.mark.browser


def _whose_turn(a, b):
    """(acting, waiting) once one of the two phones is asked to move."""
    a.wait_for_function("() => document.querySelector('.prompt') !== null")
    b.wait_for_function("() => document.querySelector('.prompt') !== null")
    for _ in range(50):
        if a.locator(".prompt-mine").count():
            return a, b
        if b.locator(".prompt-mine").count():
            return b, a
        a.wait_for_timeout(100)
    raise AssertionError("neither phone was asked to move")


def test_the_host_phone_hands_a_seat_to_a_bot_gives_it_back_and_ends_the_room(browser, server, artifacts):
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    ana = d.open_phone(browser, server.url, code, "Ana")
    ben = d.open_phone(browser, server.url, code, "Ben")
    d.choose_game(tv, "Pizza Theory")
    # Ana hosts from her phone: the TV has no ✕ buttons and says who hosts
    tv.locator(".authority-line", has_text="Ana hosts from their phone").wait_for()
    assert tv.get_by_role("button", name="Remove Ben").count() == 0

    # given a 60 s turn timer chosen in the lobby
    tv.get_by_role("radiogroup", name="Turn timer").get_by_role("radio", name="Normal · 60 s").check()
    tv.wait_for_function("() => document.querySelector('.turn-timer .seg-on')?.textContent === 'Normal · 60 s'")
    d.shot(tv, artifacts, "tv-lobby-host-controls")
    d.start(tv)
    ana.locator(".pt-hand").wait_for()
    ben.locator(".pt-hand").wait_for()
    acting, waiting = _whose_turn(ana, ben)
    name = acting.locator(".phone-header .chip-name").inner_text()
    # the TV shows no host menu while a phone hosts
    assert tv.get_by_role("button", name="Host menu").count() == 0

    # when Ana's phone lets a bot play the seat of the player whose turn it is
    ana.locator(".phone-header").get_by_role("button", name="Host menu").click()
    menu = ana.get_by_role("dialog", name="Host menu")
    menu.get_by_role("button", name=f"Let a bot play for {name}").click()

    # then the bot moves for them: the turn passes to the other phone, and the TV labels the seat
    menu.get_by_role("button", name=f"Give back to {name}").wait_for()
    acting.locator(".bot-note").wait_for()
    waiting.locator(".prompt-mine").wait_for(timeout=15000)
    assert acting.locator(".prompt-mine").count() == 0
    tv.locator(".bot-plays-line", has_text=f"A bot is playing for {name}").wait_for()
    d.shot(ana, artifacts, "phone-host-menu")
    d.assert_accessible(ana, "the host phone's menu")

    # when Ana gives the seat back, the phone is its player's again
    menu.get_by_role("button", name=f"Give back to {name}").click()
    menu.get_by_role("button", name=f"Let a bot play for {name}").wait_for()
    acting.locator(".bot-note").wait_for(state="detached")

    # when the host ends the room (after saying yes), every phone sees it ended
    menu.get_by_role("tab", name="Room").click()
    menu.get_by_role("button", name="End the room").click()
    confirm = ana.get_by_role("alertdialog")
    confirm.get_by_role("button", name="Keep playing").click()
    confirm.wait_for(state="detached")
    menu.get_by_role("button", name="End the room").click()
    ana.keyboard.press("Escape")  # backs out of the question only, the menu stays
    confirm.wait_for(state="detached")
    assert menu.is_visible() and ana.locator(".pt-hand").count() == 1
    menu.get_by_role("button", name="End the room").click()
    ana.get_by_role("alertdialog").get_by_role("button", name="Yes, end it").click()
    # then every phone shows a clear end screen and nothing of the game (no stale turn buttons)
    for phone in (ana, ben):
        phone.locator(".room-ended").filter(has_text="This room has closed").wait_for(timeout=10000)
        assert phone.locator(".pt-hand, .prompt, .phone-header").count() == 0
        assert phone.get_by_role("button", name="Join another game").is_visible()
    # and the host phone's menu closed with the room; the TV shows the end too
    assert ana.locator("[role=dialog], [role=alertdialog], .dialog-backdrop").count() == 0
    tv.locator(".room-ended").filter(has_text="This room has closed").wait_for()
    assert tv.locator("[role=dialog], [role=alertdialog], .dialog-backdrop, .tv-game").count() == 0


def test_with_no_host_phone_the_tv_menu_is_the_fallback(browser, server, artifacts):
    # given a room of bots only: no phone hosts, so the TV does
    tv = d.open_tv(browser, server.url)
    d.choose_game(tv, "New York Slice")
    d.add_bot(tv, 1)
    d.add_bot(tv, 2)
    tv.locator(".authority-line", has_text="The TV hosts this room").wait_for()
    d.start(tv)
    # when the TV opens its host menu, it has the players and the room's controls
    tv.get_by_role("button", name="Host menu").click()
    menu = tv.get_by_role("dialog", name="Host menu")
    assert menu.get_by_role("button", name="Remove Bot 1").count() == 1
    menu.get_by_role("tab", name="Room").click()
    assert menu.get_by_role("radiogroup", name="Turn timer").is_visible()
    assert menu.get_by_role("button", name="End the room").is_visible()
    d.shot(tv, artifacts, "tv-fallback-host-menu")
    d.assert_accessible(tv, "the TV's fallback host menu")
    menu.get_by_role("button", name="Close").click()
    menu.wait_for(state="detached")
