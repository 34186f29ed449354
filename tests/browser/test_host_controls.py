"""The TV's host menu: a person's seat is handed to a bot (the bot moves for
it) and given back, the turn timer is set in the lobby, and the host ends the
room (every phone shows an end screen, the TV closes its dialogs)."""

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


def test_tv_hands_a_seat_to_a_bot_gives_it_back_and_ends_the_room(browser, server, artifacts):
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    ana = d.open_phone(browser, server.url, code, "Ana")
    ben = d.open_phone(browser, server.url, code, "Ben")
    d.choose_game(tv, "Pizza Theory")

    # given a 60 s turn timer chosen in the lobby
    tv.get_by_role("radiogroup", name="Turn timer").get_by_role("radio", name="Normal · 60 s").check()
    tv.wait_for_function("() => document.querySelector('.turn-timer .seg-on')?.textContent === 'Normal · 60 s'")
    d.shot(tv, artifacts, "tv-lobby-host-controls")
    d.start(tv)
    ana.locator(".pt-hand").wait_for()
    ben.locator(".pt-hand").wait_for()
    acting, waiting = _whose_turn(ana, ben)
    name = acting.locator(".phone-header .chip-name").inner_text()

    # when the TV lets a bot play the seat of the player whose turn it is
    tv.get_by_role("button", name="Host menu").click()
    menu = tv.get_by_role("dialog", name="Host menu")
    menu.get_by_role("button", name=f"Let a bot play for {name}").click()

    # then the bot moves for them: the turn passes to the other phone
    menu.get_by_role("button", name=f"Give back to {name}").wait_for()
    acting.locator(".bot-note").wait_for()
    waiting.locator(".prompt-mine").wait_for(timeout=15000)
    assert acting.locator(".prompt-mine").count() == 0
    d.shot(tv, artifacts, "tv-host-controls")
    d.assert_accessible(tv, "TV host menu")

    # when the TV gives the seat back, the phone is its player's again
    menu.get_by_role("button", name=f"Give back to {name}").click()
    menu.get_by_role("button", name=f"Let a bot play for {name}").wait_for()
    acting.locator(".bot-note").wait_for(state="detached")

    # when the host ends the room (after saying yes), every phone sees it ended
    menu.get_by_role("button", name="End the room").click()
    confirm = tv.get_by_role("alertdialog")
    confirm.get_by_role("button", name="Keep playing").click()
    confirm.wait_for(state="detached")
    menu.get_by_role("button", name="End the room").click()
    tv.keyboard.press("Escape")  # backs out of the question only, the menu stays
    confirm.wait_for(state="detached")
    assert menu.is_visible() and tv.locator(".tv-game").count() == 1
    menu.get_by_role("button", name="End the room").click()
    tv.get_by_role("alertdialog").get_by_role("button", name="Yes, end it").click()
    # then every phone shows a clear end screen and nothing of the game (no stale turn buttons)
    for phone in (ana, ben):
        phone.locator(".room-ended").filter(has_text="This room has closed").wait_for(timeout=10000)
        assert phone.locator(".pt-hand, .prompt, .phone-header").count() == 0
        assert phone.get_by_role("button", name="Join another game").is_visible()
    # and the TV closes every dialog it had open (the host menu was open)
    tv.locator(".room-ended").filter(has_text="This room has closed").wait_for()
    assert tv.locator("[role=dialog], [role=alertdialog], .dialog-backdrop, .tv-game").count() == 0
    d.shot(tv, artifacts, "tv-room-ended")
    d.shot(ana, artifacts, "phone-room-ended")
    d.assert_accessible(ana, "phone after the room ended")
