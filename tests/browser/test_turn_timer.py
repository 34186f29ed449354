"""The turn timer runs out on a connected player: the countdown shows on the TV
and on that player's phone, and when it reaches zero a bot moves for them."""

from __future__ import annotations

import asyncio
import re
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.browser import driver as d
from tests.server.wsclient import Peer  # the tests' protocol client

pytestmark = pytest.mark.browser


async def _remote_host_sets_a_short_timer(url: str, code: str, seconds: int = 4) -> None:
    """A first phone (a protocol client) hosts: a 4 s timer (the TV offers 30 s and up),
    Pizza Theory with one round, then it leaves and Ana's phone hosts."""
    ws_url = url.replace("http://", "ws://") + "/ws"
    remote = await Peer.open(ws_url, {"role": "player", "room": code, "name": "Remote"})
    for op, fields in (
        ("turn_timer", {"seconds": seconds}),
        ("select_game", {"game": "pizza_theory", "options": {"max_rounds": 1}}),
        ("remove", {"player": remote.welcome["player"]}),
    ):
        answer = await remote.host(op, **fields)
        assert answer["t"] == "ack", (op, answer)
    await remote.close()


def test_the_countdown_shows_and_a_bot_moves_for_a_connected_player_when_it_ends(browser, server, artifacts):
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    # in a thread of its own: Playwright's sync API keeps an event loop running in this one
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, _remote_host_sets_a_short_timer(server.url, code)).result(timeout=30)
    ana = d.open_phone(browser, server.url, code, "Ana")
    tv.wait_for_function("() => document.querySelector('.turn-timer .seg-on')?.textContent === '4 s'")
    d.add_bot(tv, 2)
    ana.locator(".phone-host").get_by_role("button", name="Start the game").click()
    tv.locator(".tv-game").wait_for()
    # when it is Ana's turn, her phone and the TV count down
    ana.locator(".prompt-mine").wait_for(timeout=20000)
    phone_timer = ana.get_by_role("timer")
    phone_timer.wait_for()
    assert re.fullmatch(r"[1-4] s", phone_timer.inner_text().strip(), re.S), phone_timer.inner_text()
    tv_timer = tv.get_by_role("timer")
    assert tv_timer.is_visible()
    d.shot(ana, artifacts, "phone-countdown")
    d.shot(tv, artifacts, "tv-countdown")
    supply_before = ana.locator(".pt-me").inner_text()
    # Ana does nothing: the timer ends and a bot places her topping for her
    ana.wait_for_function(
        "before => document.querySelector('.pt-me')?.textContent !== before", arg=supply_before, timeout=12000
    )
    # she was connected throughout and keeps her seat (no bot note: the seat is still hers)
    assert ana.locator(".banner").count() == 0
    assert ana.locator(".bot-note").count() == 0


#: This device's clock an hour ahead of the hub's (and of the test's).
SKEWED_CLOCK = "(() => { const real = Date.now; Date.now = () => real() + 3600 * 1000; })()"


def test_a_phone_reloaded_mid_turn_counts_down_what_is_left_even_with_its_clock_an_hour_off(browser, server, artifacts):
    # Given Ana's turn of a 30 s turn timer, counting down on her phone
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, _remote_host_sets_a_short_timer(server.url, code, 30)).result(timeout=30)
    ana = d.open_phone(browser, server.url, code, "Ana")
    d.add_bot(tv, 2)
    ana.locator(".phone-host").get_by_role("button", name="Start the game").click()
    ana.locator(".prompt-mine").wait_for(timeout=20000)
    ana.get_by_role("timer").wait_for()
    shown_at = time.monotonic()  # the turn's clock started before this
    # When her phone's clock jumps an hour ahead and she reloads the page 5 s into her turn
    ana.context.add_init_script(SKEWED_CLOCK)
    time.sleep(max(0.0, 5.0 - (time.monotonic() - shown_at)))
    ana.reload()
    assert ana.evaluate("Date.now()") - time.time() * 1000 > 3500 * 1000  # (the skew took)
    ana.locator(".prompt-mine").wait_for(timeout=20000)
    timer = ana.get_by_role("timer")
    timer.wait_for()
    # Then the reloaded page counts down what is left of the turn by the hub's clock: at most 25 s
    # (26 allows for a second's rounding), never the whole 30 s again nor an hour off
    text = timer.inner_text().strip()
    d.shot(ana, artifacts, "phone-reloaded-mid-turn")
    match = re.fullmatch(r"(\d+) s", text)
    assert match and 0 < int(match.group(1)) <= 26, text
