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
