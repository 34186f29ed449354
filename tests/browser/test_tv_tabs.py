"""A second TV tab in the same browser never silently takes over the first
tab's room: it asks, then opens a new room, or moves the room (the first tab
lets go and says so)."""

from __future__ import annotations

import pytest

from tests.browser import driver as d
from tests.browser.conftest import TV_SIZE

pytestmark = pytest.mark.browser


def test_a_second_tv_tab_asks_and_opens_a_new_room_or_moves_the_room(browser, server, artifacts):
    context = browser.new_context(viewport=TV_SIZE)  # one browser: shared storage, tabs can talk
    first = context.new_page()
    first.goto(f"{server.url}/tv")
    code = d.room_code(first)
    # when a second tab opens the TV page, it asks instead of taking the room
    second = context.new_page()
    second.goto(f"{server.url}/tv")
    question = second.get_by_role("heading", name=f"Room {code} is open in another tab")
    question.wait_for()
    d.shot(second, artifacts, "tv-second-tab-asks")
    d.assert_accessible(second, "the second TV tab's question")
    assert first.locator(".room-code").inner_text() == code and first.locator(".banner").count() == 0
    # a new room: the first tab keeps its room and its connection
    second.get_by_role("button", name="Open a new room").click()
    other = d.room_code(second)
    assert other != code
    first.wait_for_timeout(500)
    assert first.locator(".room-code").inner_text() == code and first.locator(".banner").count() == 0
    # a third tab asks about the newest room and moves it here: the second tab lets go and says so
    third = context.new_page()
    third.goto(f"{server.url}/tv")
    third.get_by_role("button", name=f"Move room {other} here").click()
    assert d.room_code(third) == other
    second.get_by_role("heading", name="Moved to another tab").wait_for()
    first.wait_for_timeout(300)
    assert first.locator(".room-code").inner_text() == code and first.locator(".banner").count() == 0
    context.close()


def test_a_reloaded_tv_tab_comes_back_to_its_own_room_not_another_tabs_newer_one(browser, server, artifacts):
    """Every TV tab of a browser shares one "last room" pointer, so a tab showing the room the phones
    play in once came back, after a reload, to another tab's newer, empty room, and the game's room was
    never offered again.  A tab keeps its own room for a reload (a fresh tab still resumes the last room)."""
    # Given a TV tab whose room moved to a second tab, and the first tab then opened a new room
    context = browser.new_context(viewport=TV_SIZE)  # one browser: shared storage, tabs can talk
    first = context.new_page()
    first.goto(f"{server.url}/tv")
    game_room = d.room_code(first)
    d.open_phone(browser, server.url, game_room, "Ana")
    first.locator(".player-list", has_text="Ana").wait_for()
    second = context.new_page()
    second.goto(f"{server.url}/tv")
    second.get_by_role("button", name=f"Move room {game_room} here").click()
    assert d.room_code(second) == game_room
    first.get_by_role("heading", name="Moved to another tab").wait_for()
    first.reload()
    first.get_by_role("button", name="Open a new room").click()  # (it asks: the game's room is in the second tab)
    newer = d.room_code(first)
    assert newer != game_room
    # When the tab showing the game's room reloads
    second.reload()
    # Then it is back in that room, with Ana, without asking about the newer room
    second.locator(".room-code, #tab-title").first.wait_for()
    assert second.locator("#tab-title").count() == 0, second.locator("#tab-title").inner_text()
    assert d.room_code(second) == game_room
    second.locator(".player-list", has_text="Ana").wait_for()
    d.shot(second, artifacts, "tv-tab-reloaded-own-room")
    # and the first tab keeps its new room, undisturbed
    first.wait_for_timeout(300)
    assert d.room_code(first) == newer and first.locator(".banner").count() == 0
    assert second.locator(".banner").count() == 0
    # And a fresh tab, with no room of its own, still resumes the browser's last room (once no tab shows it)
    first.close()
    third = context.new_page()
    third.goto(f"{server.url}/tv")
    assert d.room_code(third) == newer
    assert third.locator("#tab-title").count() == 0
    context.close()
