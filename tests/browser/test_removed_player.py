"""A player the host removes mid-game, in Chromium (the party audit).

Every screen is told why the seat plays on without them ("Ben has left the game: a bot plays their seat to
the end"), the TV still names Ben's seat with his look and a bot playing it, and Ben's phone goes back to
the join form saying the host took him out (not "The room would not let this screen in").
Screenshots go to test-artifacts/browser/.
"""

from __future__ import annotations

import pytest

from tests.browser import driver as d

pytestmark = pytest.mark.browser

WAIT = 20000
LEFT = "Ben has left the game: a bot plays their seat to the end"


def test_a_removed_player_is_told_and_the_table_still_names_the_seat(browser, server, artifacts):
    # Given Ana (the host phone), Ben and Cy playing Pizza Theory on the TV
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    ana = d.open_phone(browser, server.url, code, "Ana")
    ben = d.open_phone(browser, server.url, code, "Ben")
    cy = d.open_phone(browser, server.url, code, "Cy")
    d.choose_game(tv, "Pizza Theory")
    d.start(tv)
    tv.locator(".tv-game").wait_for(timeout=WAIT)
    plates = (
        "() => [...document.querySelectorAll('.plate')]"
        ".map((p) => p.querySelector('.plate-player').textContent + '|' + p.style.getPropertyValue('--pc'))"
    )
    tv.locator(".plate", has_text="Cy").wait_for(timeout=WAIT)
    looks = tv.evaluate(plates)
    # When Ana removes Ben from her host menu
    ana.locator(".phone-header").get_by_role("button", name="Host menu").click()
    menu = ana.get_by_role("dialog", name="Host menu")
    menu.get_by_role("tab", name="Players").click()
    menu.get_by_role("button", name="Remove Ben").click()
    ana.get_by_role("alertdialog").get_by_role("button", name="Remove").click()
    # Then every screen says why, and the TV still names Ben's seat, a bot playing it
    for page in (tv, cy):
        page.locator(".notice", has_text=LEFT).first.wait_for(timeout=WAIT)
    tv.locator(".plate", has_text="Ben").get_by_text("bot playing").wait_for(timeout=WAIT)
    d.shot(tv, artifacts, "tv-player-removed")
    # and nobody else changed look
    assert tv.evaluate(plates) == looks
    # and Ben's phone is back at the join form, told the host took him out
    ben.get_by_text("The host took you out of this room. To play again, join as a new player.").wait_for(timeout=WAIT)
    ben.get_by_label("Your name").wait_for(timeout=WAIT)
    d.shot(ben, artifacts, "phone-removed-join-form")
