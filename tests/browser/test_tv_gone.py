"""The TV goes away for good mid-game (the "goes away" audit): the phones say so, and the table moves.

The TV's tab closed and the phones were told nothing, though "No TV" would have shown them the table; a
family that moved from the laptop to the smart TV's browser found that /tv there makes a new, empty room.
Now a phone, once the TV has been gone a few seconds (a TV reloading is back in about one), says "The TV is
off." with a button that shows the table on the phone; and the host phone says there where to open the
table on another screen: the watch page, which shows the table (and, in the lobby, the code to join).
"""

from __future__ import annotations

import re

import pytest

from tests.browser import driver as d

pytestmark = pytest.mark.browser

WAIT = 30_000


def test_the_phones_are_told_the_tv_went_off_and_the_host_phone_puts_the_table_on_another_screen(browser, server, artifacts):
    # Given Pizza Theory being played: a TV, Ana (the host phone) and Ben
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    ana = d.open_phone(browser, server.url, code, "Ana")
    ben = d.open_phone(browser, server.url, code, "Ben")
    d.choose_game(tv, "Pizza Theory")
    d.start(tv)
    ana.locator(".pt-hand").wait_for(timeout=WAIT)
    # Then while the TV is there the phones say nothing about it
    ana.wait_for_timeout(500)
    assert ana.locator(".tv-gone").count() == 0
    # When the TV's tab closes for good
    tv.context.close()
    # Then after a few seconds each phone says the TV is off, and offers the table
    for phone in (ana, ben):
        phone.locator(".tv-gone").wait_for(timeout=WAIT)
        assert "The TV is off." in phone.locator(".tv-gone").inner_text()
    d.shot(ben, artifacts, "phone-tv-gone")
    # and the button shows the table on that phone (the "No TV" toggle, now on), and the line goes
    ben.get_by_role("button", name="Show the table on this phone").click()
    ben.locator(".phone-table").first.wait_for(timeout=WAIT)
    assert ben.get_by_role("button", name="No TV").get_attribute("aria-pressed") == "true"
    assert ben.locator(".tv-gone").count() == 0
    # And the host phone's line also says where to open the table on another screen: the watch page
    # (Ben's, not hosting, does not)
    assert ben.locator(".another-screen").count() == 0
    words = ana.locator(".tv-gone .another-screen").inner_text()
    assert "The table on another screen" in words
    address = re.search(r"(\S+/watch/" + code + r")", words).group(1)
    d.shot(ana, artifacts, "host-phone-tv-gone")
    # which, opened on a new screen, shows the table being played
    screen = d.open_watch(browser, server.url, code)
    assert address.endswith(f"/watch/{code}")
    screen.locator(".tv-game, .pizza").first.wait_for(timeout=WAIT)
