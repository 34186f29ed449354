"""Hosting a whole game from a phone with the TV untouched (Jackbox's VIP):
the TV only shows its code; the first phone to join picks the game and its
options, adds a bot, starts, plays to the end and can play again."""

from __future__ import annotations

import json
import random

import msgpack
import pytest

from tests.browser import driver as d
from tests.browser import play
from tests.browser.conftest import TV_SIZE

pytestmark = pytest.mark.browser



def _frame(payload: bytes | str) -> dict:
    return json.loads(payload) if isinstance(payload, str) else msgpack.unpackb(payload, raw=False)


_RNG_A = random.Random(1)
_RNG_B = random.Random(2)


def test_a_phone_hosts_a_whole_game_and_the_tv_is_never_touched(browser, server, artifacts):
    # a TV whose every websocket frame is recorded, to prove it sent no host request
    tv = browser.new_context(viewport=TV_SIZE).new_page()
    sent: list[dict] = []
    tv.on("websocket", lambda ws: ws.on("framesent", lambda payload: sent.append(_frame(payload))))
    tv.goto(f"{server.url}/tv")
    code = d.room_code(tv)
    ana = d.open_phone(browser, server.url, code, "Ana")
    ben = d.open_phone(browser, server.url, code, "Ben")
    # Ana joined first: her phone hosts; Ben's phone waits
    panel = ana.locator(".phone-host")
    panel.wait_for()
    assert ben.locator(".phone-host").count() == 0
    assert ben.locator(".phone-wait").is_visible()
    # Ana picks the game and an option from her phone
    d.choose_game(ana, "Pizza Theory")
    rounds = ana.get_by_label("Round limit")
    rounds.fill("1")
    rounds.dispatch_event("change")
    tv.wait_for_function("() => document.querySelector('#opt-max_rounds')?.value === '1'")
    # the TV shows what the phone chose, with the option's help line
    assert tv.locator(".game-card-on").inner_text().startswith("Pizza Theory")
    assert tv.locator("#opt-max_rounds-help").is_visible()
    # Ana adds a bot and starts
    panel.get_by_role("button", name="Add a bot").click()
    tv.wait_for_function("() => document.querySelectorAll('.player-list li').length === 3")
    d.shot(ana, artifacts, "phone-host-lobby")
    d.assert_accessible(ana, "host phone lobby")
    panel.get_by_role("button", name="Start the game").click()
    tv.locator(".tv-game").wait_for()
    # both phones play to the end; the TV shows the result
    for phone in (ana, ben):
        phone.locator(".pt-hand").wait_for()
    # two people, one test thread: each phone takes its turns as they come
    deadline_turns = 0
    while not (play.game_over(ana) and play.game_over(ben)):
        moved = False
        for phone, rng in ((ana, _RNG_A), (ben, _RNG_B)):
            if not play.game_over(phone) and play.my_turn(phone) and play.pizza_theory_turn(phone, rng):
                moved = True
                phone.wait_for_timeout(150)
        if not moved:
            ana.wait_for_timeout(100)
        deadline_turns += 1
        assert deadline_turns < 1500, "the game did not end"
    tv.locator(".end-panel").wait_for(timeout=30000)
    # the TV sent nothing but its hello and keep-alives: no host request came from it
    assert sent and {f.get("t") for f in sent} <= {"hello", "ping"}, {f.get("t") for f in sent}
    # Ana's phone can start the next game; Ben's waits for the host
    assert ana.get_by_role("button", name="Play again").is_visible()
    assert ben.get_by_role("button", name="Play again").count() == 0
    d.shot(ana, artifacts, "phone-host-end")
    ana.get_by_role("button", name="Change game").click()
    panel.wait_for()
    tv.locator(".tv-lobby").wait_for()


def test_the_host_phone_stops_a_game_midway_and_everyone_is_back_in_the_lobby(browser, server, artifacts):
    # Given Ana's phone hosts a game of Pizza Theory with Ben, the TV showing it
    tv = browser.new_context(viewport=TV_SIZE).new_page()
    tv.goto(f"{server.url}/tv")
    code = d.room_code(tv)
    ana = d.open_phone(browser, server.url, code, "Ana")
    ben = d.open_phone(browser, server.url, code, "Ben")
    panel = ana.locator(".phone-host")
    panel.wait_for()
    d.choose_game(ana, "Pizza Theory")
    panel.get_by_role("button", name="Start the game").click()
    tv.locator(".tv-game").wait_for()
    ben.locator(".pt-hand").wait_for()
    # When Ana opens her host menu's Room tab, stops the game and says yes
    ana.locator(".host-menu-btn").click()
    ana.get_by_role("tab", name="Room").click()
    ana.get_by_role("button", name="Stop this game").click()
    d.shot(ana, artifacts, "phone-host-stop-confirm")
    ana.get_by_role("button", name="Yes, stop it").click()
    # Then the TV and both phones are back in the lobby, Ben is told who stopped it, and Ana can start again
    tv.locator(".tv-game").wait_for(state="detached")
    ana.get_by_role("button", name="Start the game").wait_for()
    ben.locator(".phone-wait").wait_for()
    ben.get_by_text("Ana stopped the game").first.wait_for()
    d.shot(ben, artifacts, "phone-told-game-stopped")
    panel.get_by_role("button", name="Start the game").click()
    tv.locator(".tv-game").wait_for()
    ben.locator(".pt-hand").wait_for()
