"""Whole games through the real UI against a real ``pizzanight serve``.

For each game: a TV creates a room, a phone joins through the QR link and
plays every one of its turns by tapping the real screens (bots fill the
other seats, options keep the game short), a spectator page follows, and
the end screen shows on the TV, the phone and the spectator page.  Along
the way each screen is checked with axe-core and screenshotted into
test-artifacts/browser/.
"""

from __future__ import annotations

import random
import re

import pytest

from tests.browser import driver as d
from tests.browser import play

pytestmark = pytest.mark.browser


def _set_option_int(tv, label: str, value: int) -> None:
    field = tv.get_by_label(label)
    field.fill(str(value))
    d.answered(tv, lambda: field.dispatch_event("change"))


def _finish(tv, phone, watch, artifacts, name: str) -> None:
    tv.locator(".end-panel").wait_for(timeout=30000)
    watch.locator(".end-panel").wait_for(timeout=30000)
    assert phone.locator(".phone-result").is_visible()
    # the phone shows its own result, not its last hand ("16 toppings left", a stale cut preview)
    phone.locator(".phone-own-result").wait_for()
    assert phone.locator(".pt-hand, .nys-hand, .sp-hand").count() == 0
    headline = tv.locator(".end-headline").inner_text()
    assert re.search(r"wins!|win!|Nobody wins", headline), headline
    # the spectator sees the same result and no host controls
    assert watch.locator(".end-headline").inner_text() == headline
    assert watch.get_by_role("button", name="Play again").count() == 0
    d.settle(tv)
    d.shot(tv, artifacts, f"{name}-tv-end")
    d.shot(phone, artifacts, f"{name}-phone-end")
    d.assert_accessible(tv, f"{name} TV end screen")
    d.assert_accessible(phone, f"{name} phone end screen")


def test_pizza_theory_to_the_end(browser, server, artifacts):
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    phone = d.open_phone(browser, server.url, code, "Ana")
    d.choose_game(tv, "Pizza Theory")
    _set_option_int(tv, "Round limit", 2)
    d.add_bot(tv, 2)
    d.add_bot(tv, 3)
    d.shot(tv, artifacts, "lobby-tv")
    d.shot(phone, artifacts, "lobby-phone")
    d.assert_accessible(tv, "TV lobby")
    d.assert_accessible(phone, "phone lobby")
    watch = d.open_watch(browser, server.url, code)
    d.start(tv)
    watch.locator(".pt-table").wait_for()
    phone.locator(".pt-hand").wait_for()

    seen = {"cut": False, "reveal": False}

    def before(_: object = None) -> None:
        # looked at before the turn is played: once the cut is sent the die goes away
        if not seen["cut"] and phone.locator(".die-btn").count():
            seen["cut"] = True
            d.shot(phone, artifacts, "pizza-theory-phone-cut")
            d.assert_accessible(phone, "Pizza Theory phone, choosing a cut")

    def each(turn: int) -> None:
        if turn == 1:
            d.shot(phone, artifacts, "pizza-theory-phone-add")
            d.assert_accessible(phone, "Pizza Theory phone, adding a topping")
            d.assert_accessible(tv, "Pizza Theory TV")
        if not seen["reveal"] and tv.locator(".pizza .skewer").count():
            seen["reveal"] = True
            d.settle(tv)
            d.shot(tv, artifacts, "pizza-theory-tv-reveal")

    turns = play.play_until_over(phone, play.pizza_theory_turn, on_turn=each, before_turn=before, timeout=120)
    assert turns >= 4  # two rounds: a topping and a cut each
    assert seen["cut"]
    _finish(tv, phone, watch, artifacts, "pizza-theory")
    # the end screen lists every player with a score
    assert tv.locator(".scores tbody tr").count() == 3


def test_new_york_slice_to_the_end(browser, server, artifacts):
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    phone = d.open_phone(browser, server.url, code, "Ben", via_qr_link=False)
    d.choose_game(tv, "New York Slice")
    d.add_bot(tv, 2)
    watch = d.open_watch(browser, server.url, code)
    d.start(tv)
    phone.locator(".nys-hand").wait_for()
    shots = set()

    def before() -> None:
        if "slicer" not in shots and phone.locator(".nys-slicer").count():
            shots.add("slicer")
            d.shot(phone, artifacts, "new-york-slice-phone-slicer")
            d.assert_accessible(phone, "New York Slice phone, slicing")
            # while this phone slices, the TV shows the whole ring
            # (the ring is drawn once it has every slice the Slicer's phone is cutting)
            n = phone.locator(".nys-cut-name").count()
            assert n >= 8
            tv.wait_for_function("n => document.querySelectorAll('.nys-ring .nys-ring-slice').length >= n", arg=n)
            d.settle(tv)
            shots.add("ring")
            d.shot(tv, artifacts, "new-york-slice-tv-ring")
            d.assert_accessible(tv, "New York Slice TV")
        if "plate" not in shots and phone.locator(".nys-plate").count():
            shots.add("plate")
            d.shot(phone, artifacts, "new-york-slice-phone-plate")
            d.assert_accessible(phone, "New York Slice phone, collect or eat")

    def each(turn: int) -> None:
        if "portions" not in shots and tv.locator(".nys-portion").count():
            shots.add("portions")
            d.shot(tv, artifacts, "new-york-slice-tv-portions")

    turns = play.play_until_over(phone, play.new_york_slice_turn, on_turn=each, before_turn=before, timeout=240)
    assert turns >= 8
    assert {"plate", "slicer", "ring"} <= shots
    tv.locator(".guest-check").wait_for()
    _finish(tv, phone, watch, artifacts, "new-york-slice")


def test_splittissimo_easy_to_the_end(browser, server, artifacts):
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    phone = d.open_phone(browser, server.url, code, "Cy")
    d.choose_game(tv, "Splittissimo")
    tv.get_by_role("radio", name="easy").check()
    for dot in ("2", "3"):
        # each choice once the hub has the one before (the next is sent from the room's options)
        d.answered(tv, tv.get_by_role("checkbox", name=dot, exact=True).uncheck)
    d.add_bot(tv, 2)
    watch = d.open_watch(browser, server.url, code)
    d.start(tv)
    phone.locator(".sp-hand").wait_for()
    asked = {"hint": False, "trick": False}

    def turn(page, rng: random.Random) -> bool:
        # ask for a hint on the first turn only: it shows the button works,
        # and the rest of the game adds fractions up like a player would
        return play.splittissimo_turn(
            page, rng, ask_hint=not asked["hint"], on_hint=lambda: asked.__setitem__("hint", True)
        )

    def each(n: int) -> None:
        if not asked["trick"] and tv.locator(".sp-trick").count():
            asked["trick"] = True
            d.settle(tv)
            d.shot(tv, artifacts, "splittissimo-tv-trick")
            d.assert_accessible(tv, "Splittissimo TV")
        if n == 1:
            d.shot(phone, artifacts, "splittissimo-phone-hand")
            d.assert_accessible(phone, "Splittissimo phone")

    turns = play.play_until_over(phone, turn, on_turn=each, timeout=240)
    assert turns >= 1
    assert asked["hint"], "the hint button never answered"
    _finish(tv, phone, watch, artifacts, "splittissimo")
