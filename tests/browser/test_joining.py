"""Joining and watching: the TV links the watch page with a second QR code; a
phone that joins during a game sees the game in progress (the public view)
and is told it plays from the next game."""

from __future__ import annotations

import urllib.request

import pytest

from tests.browser import driver as d

pytestmark = pytest.mark.browser


def test_the_tv_links_the_watch_page_and_a_late_joiner_sees_the_game(browser, server, artifacts):
    tv = d.open_tv(browser, server.url)
    tv.set_viewport_size({"width": 1280, "height": 720})
    code = d.room_code(tv)
    # the spectators' link: a second QR code and its address, which serves the watch page
    watch = tv.locator(".watch-link strong").inner_text()
    assert watch.endswith(f"/watch/{code}")
    assert tv.get_by_role("img", name=f"QR code for spectators that opens {watch}").is_visible()
    with urllib.request.urlopen(f"http://{watch}" if "://" not in watch else watch, timeout=5) as reply:
        assert reply.status == 200
    d.shot(tv, artifacts, "tv-lobby-watch-qr-720")
    tv.set_viewport_size({"width": 1920, "height": 1080})
    ana = d.open_phone(browser, server.url, code, "Ana")
    d.choose_game(tv, "New York Slice")
    d.add_bot(tv, 2)
    d.start(tv)
    ana.locator(".nys-hand").wait_for()
    # when Ben joins during the game
    ben = d.open_phone(browser, server.url, code, "Ben")
    # then he sees the table in progress and when he plays
    ben.locator(".phone-late").wait_for()
    assert "you play from the next one" in ben.locator(".late-note").inner_text()
    # (a short summary of the table, one row per player, not the TV's table squeezed into a phone)
    ben.locator(".phone-late .table-brief").wait_for()
    assert ben.locator(".phone-late .brief-seat").count() == 2  # Ana and the bot, not Ben
    assert "Ana" in ben.locator(".phone-late .brief-seats").inner_text()
    assert ben.locator(".nys-hand").count() == 0
    d.shot(ben, artifacts, "phone-late-joiner")
    d.assert_accessible(ben, "a late joiner's phone")


def test_with_too_many_players_the_host_chooses_who_sits_out(browser, server, artifacts):
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    ana = d.open_phone(browser, server.url, code, "Ana")
    d.choose_game(tv, "New York Slice")
    for count in (2, 3, 4):
        d.add_bot(tv, count)
    # four players, then a three-player game: Start waits for the host to choose who sits out
    d.choose_game(tv, "Pizza Theory")
    start = tv.get_by_role("button", name="Start the game")
    assert not start.is_enabled()
    assert tv.locator(".picker").get_by_text("At most 3 players (4 now). Choose who sits this one out.").is_visible()
    tv.get_by_role("button", name="Sit out: Bot 2 watches the next game").click()
    tv.get_by_role("button", name="Let play: Bot 2 plays the next game").wait_for()
    d.shot(tv, artifacts, "tv-lobby-sit-out")
    d.assert_accessible(tv, "TV lobby choosing who sits out")
    assert start.is_enabled()
    d.start(tv)
    ana.locator(".pt-hand").wait_for()
    # three seats on the table: Bot 2 watches this one
    assert tv.locator(".pt-table").get_by_text("Bot 2").count() == 0
    assert tv.locator(".pt-table").get_by_text("Bot 3").count() >= 1
