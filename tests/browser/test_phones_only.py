"""No TV: three friends play on phones only.  A phone opens the room from the
start page (no TV page anywhere), shares its code, picks the game and its
options and starts; every phone shows the table's public view above its own
hand, on a phone and on a tablet, and each phone's frames carry its own hand
only."""

from __future__ import annotations

import json
import random
import re
import time

import msgpack
import pytest

from tests.browser import driver as d
from tests.browser.play import game_over, my_turn, new_york_slice_turn, splittissimo_turn

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1280, "height": 800}


def _frames(payload: bytes | str) -> list[dict]:
    """The frames of one websocket message (a binary message may hold several msgpack maps)."""
    if isinstance(payload, str):
        return [json.loads(payload)]
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=False)
    unpacker.feed(payload)
    return list(unpacker)


def _recorded(browser, size: dict) -> tuple:
    """A page on a phone or tablet whose every received websocket frame is kept."""
    page = browser.new_context(viewport=size, is_mobile=size is PHONE, has_touch=True).new_page()
    frames: list[dict] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.extend(_frames(payload))))
    return page, frames


def _open_room(browser, url: str, name: str):
    page, frames = _recorded(browser, PHONE)
    page.goto(url)
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Start a room on this phone").click()
    page.locator(".phone-host").wait_for()
    return page, frames


def _join(browser, url: str, code: str, name: str, size: dict):
    page, frames = _recorded(browser, size)
    page.goto(f"{url}/join/{code}")
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Join").click()
    page.locator(".phone-header").wait_for()
    return page, frames


def _mentions_of_me(value, path=()) -> list:
    """Every value sent under a ``me`` key (the seat whose hand a view carries), however deep."""
    found = []
    if isinstance(value, dict):
        for key, inner in value.items():
            found += [inner] if key == "me" else _mentions_of_me(inner, (*path, key))
    elif isinstance(value, list):
        if len(value) in (1, 2) and isinstance(value[0], list) and value[0] and value[0][-1] == "me":
            found += value[1:]  # a change op setting ["game", "me"]
        else:
            for inner in value:
                found += _mentions_of_me(inner, path)
    return found


def test_three_phones_without_a_tv_play_splittissimo_to_the_end(browser, server, artifacts):
    # Given Ana on the start page, with no TV anywhere
    ana, ana_frames = _open_room(browser, server.url, "Ana")
    # Then her phone hosts and shows the room's code and QR to share
    code = ana.locator(".phone-share .room-code").inner_text().strip()
    assert re.fullmatch(r"[A-Z]{4}", code), code
    assert ana.locator(".phone-share svg.qr").is_visible()
    ana.wait_for_url(f"**/join/{code}")
    # When Ben (phone) and Cy (tablet) join with that code
    ben, ben_frames = _join(browser, server.url, code, "Ben", PHONE)
    cy, cy_frames = _join(browser, server.url, code, "Cy", TABLET)
    ana.wait_for_function("() => document.querySelectorAll('.phone-host .player-list li').length === 3")
    d.shot(ana, artifacts, "no-tv-host-lobby")
    d.assert_accessible(ana, "no-TV host phone lobby")
    # And Ana picks Splittissimo at the easy level (no Cancelled Orders, so no reaction window), and starts
    d.choose_game(ana, "Splittissimo")
    ana.get_by_role("radio", name=re.compile("^Easy")).check()
    ana.wait_for_function("() => document.querySelector('.seg-on')?.textContent.startsWith('Easy')")
    ana.locator(".phone-host").get_by_role("button", name="Start the game").click()
    # Then every phone shows the table above its own hand, with no "No TV" toggle to find
    phones = {"Ana": ana, "Ben": ben, "Cy": cy}
    for page in phones.values():
        page.locator(".phone-table").wait_for(timeout=15000)
        page.locator(".sp-hand").wait_for()
        table, hand = page.locator(".phone-table").bounding_box(), page.locator(".sp-hand").bounding_box()
        assert table["y"] < hand["y"]
        assert page.get_by_role("button", name="No TV").count() == 0
    d.shot(ben, artifacts, "no-tv-phone-playing")
    d.shot(cy, artifacts, "no-tv-tablet-playing")
    d.assert_accessible(ben, "no-TV phone playing")
    # And they play it to its end
    rng = random.Random(5)
    deadline = time.monotonic() + 240
    while not all(game_over(page) for page in phones.values()):
        assert time.monotonic() < deadline, "the game did not end in time"
        for page in phones.values():
            if not game_over(page) and my_turn(page):
                splittissimo_turn(page, rng, ask_hint=False)
                page.wait_for_timeout(100)
        ana.wait_for_timeout(50)
    d.shot(ana, artifacts, "no-tv-phone-end")
    assert ana.get_by_role("button", name="Play again").is_visible()
    assert ben.get_by_role("button", name="Play again").count() == 0
    # The secret audit: the only hand a phone was ever sent is its own seat's
    # (a seat's view names its seat in ``me``; the public view has no ``me`` and no hand)
    seats = []
    for frames in (ana_frames, ben_frames, cy_frames):
        mentions = {m for f in frames for m in _mentions_of_me(f) if m is not None}
        assert len(mentions) == 1, mentions
        seats.append(mentions.pop())
    assert sorted(seats) == [0, 1, 2]

@pytest.mark.parametrize(("title", "turn"), [("New York Slice", new_york_slice_turn), ("Pizza Theory", None)])
def test_every_game_shows_its_table_on_phones_without_a_tv(browser, server, artifacts, title, turn):
    # Given a room opened on Ana's phone and Ben joined from a tablet
    ana, _ = _open_room(browser, server.url, "Ana")
    code = ana.locator(".phone-share .room-code").inner_text().strip()
    ben, _ = _join(browser, server.url, code, "Ben", TABLET)
    ana.wait_for_function("() => document.querySelectorAll('.phone-host .player-list li').length === 2")
    # When Ana picks the game, adds a bot and starts
    d.choose_game(ana, title)
    ana.locator(".phone-host").get_by_role("button", name="Add a bot").click()
    ana.wait_for_function("() => document.querySelectorAll('.phone-host .player-list li').length === 3")
    ana.locator(".phone-host").get_by_role("button", name="Start the game").click()
    # Then both show the game's public table above the hand
    for page in (ana, ben):
        page.locator(".phone-table").wait_for(timeout=15000)
        assert page.locator(".phone-table svg").count() > 0
        page.locator(".phone-table + *, .phone-table ~ *").first.wait_for()
    slug = title.lower().replace(" ", "-")
    d.shot(ana, artifacts, f"no-tv-{slug}-phone")
    d.shot(ben, artifacts, f"no-tv-{slug}-tablet")
    if turn is not None:  # and a move made from the hand shows on the other's table
        for page in (ana, ben):
            if my_turn(page):
                assert turn(page, random.Random(1))
                break
