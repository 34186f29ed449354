"""A phone that reloads mid-game gets its seat and hand back by itself, and
the rules help opens on the phone."""

from __future__ import annotations

import json
import re
from typing import Any

import msgpack
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


def test_a_phone_whose_welcome_is_lost_joins_once_with_its_own_token(browser, server, artifacts):
    """A join stored but its welcome lost on the way (a bad link): the phone gives up on that socket
    and sends the same hello again, with the token it made, and is seated once, not refused its name."""
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    context = browser.new_context(viewport=d.PHONE_SIZE, is_mobile=True, has_touch=True, device_scale_factor=2)
    hellos: list[dict] = []
    sockets: list[Any] = []

    def link(ws: Any) -> None:
        first = not sockets
        sockets.append(ws)
        hub = ws.connect_to_server()

        def up(message: Any) -> None:
            frame = msgpack.unpackb(message) if isinstance(message, bytes) else json.loads(message)
            if frame.get("t") == "hello":
                hellos.append(frame)
            hub.send(message)

        ws.on_message(up)
        # the first socket hears nothing back: its welcome is lost
        hub.on_message(lambda message: None if first else ws.send(message))

    context.route_web_socket(re.compile(r".*/ws$"), link)
    ana = context.new_page()
    ana.goto(f"{server.url}/join/{code}")
    ana.get_by_label("Your name").fill("Ana")
    ana.get_by_role("button", name="Join").click()
    # then, once the phone gave that socket up (6 s), it is in the room
    ana.locator(".phone-header").wait_for(timeout=20_000)
    assert ana.locator(".phone-header .chip-name").inner_text() == "Ana"
    assert ana.get_by_role("alert").count() == 0
    # with the same hello twice: its name and a token it made, not one the hub issued
    assert len(hellos) == 2 and hellos[0] == hellos[1], hellos
    assert hellos[0]["name"] == "Ana" and re.fullmatch(r"[A-Za-z0-9_-]{32}", hellos[0]["token"])
    # and the TV shows one Ana, connected
    tv.wait_for_function("() => document.querySelectorAll('.player-list li').length === 1")
    assert "Ana" in tv.locator(".player-list").inner_text()
    d.shot(ana, artifacts, "phone-joined-after-a-lost-welcome")


def test_a_tv_offline_when_the_room_ends_says_so_when_it_comes_back(browser, server, artifacts):
    """A TV online when the host ends the room shows "The room has ended … Start over"; one that was
    offline then used to come back as a new room, with a new code and QR code and not a word, so anyone
    scanning it joined an empty room.  Coming back, its hello is refused (the room is gone), and it
    shows the same end screen; a new room opens only when its person presses Start over."""
    # Given a TV showing a game that Ana's phone hosts
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    ana = d.open_phone(browser, server.url, code, "Ana")
    d.open_phone(browser, server.url, code, "Ben")
    panel = ana.locator(".phone-host")
    panel.wait_for()
    d.choose_game(ana, "Pizza Theory")
    panel.get_by_role("button", name="Start the game").click()
    tv.locator(".tv-game").wait_for()
    # When the TV goes offline and, meanwhile, Ana ends the room
    tv.context.set_offline(True)
    tv.get_by_role("status").filter(has_text="Reconnecting").wait_for(timeout=10000)
    ana.locator(".host-menu-btn").click()
    ana.get_by_role("tab", name="Room").click()
    ana.get_by_role("button", name="End the room", exact=True).click()  # (the menu button's name says it too)
    ana.get_by_role("alertdialog").get_by_role("button", name="Yes, end it").click()
    ana.locator(".room-ended").wait_for()
    # Then, back online, the TV says the room has ended, as a TV online at the end does: no new room's lobby
    tv.context.set_offline(False)
    tv.locator(".room-ended, .tv-lobby").first.wait_for(timeout=20000)
    assert tv.locator(".tv-lobby, .room-code").count() == 0, tv.locator(".room-code").all_inner_texts()
    tv.get_by_role("heading", name="The room has ended").wait_for()
    assert "This room has closed" in tv.locator(".room-ended").inner_text()
    assert tv.locator(".tv-game, .banner").count() == 0
    d.shot(tv, artifacts, "tv-back-after-the-room-ended")
    d.assert_accessible(tv, "the TV back after its room ended")
    # and it stays so: nothing opens a room behind it
    tv.wait_for_timeout(3000)
    assert tv.locator(".tv-lobby, .room-code").count() == 0
    # When its person presses Start over, then a new room opens, with a new code
    tv.get_by_role("button", name="Start over").click()
    assert d.room_code(tv) != code
    assert tv.locator("#tab-title").count() == 0
