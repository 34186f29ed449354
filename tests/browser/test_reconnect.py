"""A phone that reloads mid-game gets its seat and hand back by itself, and
the rules help opens on the phone."""

from __future__ import annotations

import pytest

from tests.browser import driver as d
from tests.browser.conftest import _build_client, start_server, stop_server

pytestmark = pytest.mark.browser


def test_phone_reload_rejoins_its_seat(browser, server, artifacts):
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    ana = d.open_phone(browser, server.url, code, "Ana")
    ben = d.open_phone(browser, server.url, code, "Ben")
    d.choose_game(tv, "Pizza Theory")
    d.start(tv)
    ana.locator(".pt-hand").wait_for()
    ben.locator(".pt-hand").wait_for()
    # the room sends the game's start a moment after the run begins (a timer of no delay), and a busy
    # machine can show the game before it: the X pairs are not placed yet, so each phone waits for round 1
    for phone in (ana, ben):
        phone.wait_for_function("() => (document.querySelector('.pt-me')?.innerText ?? '').includes('this round')")
    # whoever's turn it is, the other one reloads
    ana.wait_for_function("() => document.querySelector('.prompt') !== null")
    waiting, acting = (ben, ana) if ana.locator(".prompt-mine").count() else (ana, ben)
    name = waiting.locator(".phone-header .chip-name").inner_text()
    supply = waiting.locator(".pt-me").inner_text()

    waiting.reload()

    # no join form: straight back into the same seat, same name, same game
    waiting.locator(".pt-hand").wait_for()
    assert waiting.locator(".join-form").count() == 0
    assert waiting.locator(".phone-header .chip-name").inner_text() == name
    assert waiting.locator(".pt-me").inner_text() == supply
    # the TV still counts two players and nobody is shown offline for long
    tv.wait_for_function("() => !document.body.innerText.includes('offline')", timeout=10000)
    # and the seat can still act when its turn comes
    acting.locator(".pizza .tap").first.click()
    acting.locator(".action-bar .btn-start").click()
    waiting.locator(".prompt-mine").wait_for(timeout=10000)
    d.shot(waiting, artifacts, "after-reload")

    waiting.get_by_role("button", name="How to play").click()
    dialog = waiting.get_by_role("dialog")
    dialog.wait_for()
    assert "16" in dialog.inner_text()
    d.shot(waiting, artifacts, "rules-help")
    d.assert_accessible(waiting, "rules help")
    dialog.get_by_role("button", name="Close").click()


def test_phone_shows_reconnecting_and_comes_back_after_a_server_restart(browser, server, tmp_path, artifacts):
    """The embedded store is durable: a restarted server resumes the room, and
    the phone, after showing that it is reconnecting, gets its seat back."""
    del server  # this test runs its own server, so it can stop it
    _build_client()
    own = start_server(tmp_path)
    port = int(own.url.rsplit(":", 1)[1])
    try:
        tv = d.open_tv(browser, own.url)
        code = d.room_code(tv)
        phone = d.open_phone(browser, own.url, code, "Dee")
        phone.locator(".phone-host").wait_for()  # the first phone to join hosts from its lobby
        stop_server(own)
        banner = phone.get_by_role("status").filter(has_text="Reconnecting")
        banner.wait_for(timeout=10000)
        d.shot(phone, artifacts, "reconnecting")
        own = start_server(tmp_path, port)
        banner.wait_for(state="detached", timeout=20000)
        assert phone.locator(".phone-header .chip-name").inner_text() == "Dee"
        tv.wait_for_function("() => document.querySelectorAll('.player-list li').length === 1", timeout=20000)
    finally:
        stop_server(own)


def test_join_form_explains_a_wrong_code(browser, server):
    context = browser.new_context(viewport=d.PHONE_SIZE)
    page = context.new_page()
    page.goto(f"{server.url}/join")
    page.get_by_label("Room code").fill("QQQQ")
    page.get_by_label("Your name").fill("Eve")
    page.get_by_role("button", name="Join").click()
    page.get_by_role("alert").wait_for()
    assert "no room" in page.get_by_role("alert").inner_text().lower()
    d.assert_accessible(page, "join form with an error")
