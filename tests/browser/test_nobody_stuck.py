"""Issue 24 in a party room, as the TV, the phones and a spectator show it:
nobody is ever stuck waiting on a phone that went away or on a TV mouse.

- the host phone drops mid-game: another phone hosts (every screen names it)
  and starts the next game from its phone;
- a player closes their page on their turn: a bot plays for them (labelled on
  every screen), and when they come back their seat is theirs again;
- a lost phone's seat goes to a new phone from the host phone's menu: the code
  shows only on the host phone, the room is told, the old phone is told too;
- the host phone's menu holds every host control and fits a 390x844 phone.

The server runs with short grace periods (``--grace 1 2 2``: host, party,
class) so that "gone for a while" is two seconds here, not twenty.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from tests.browser import driver as d
from tests.browser import play

pytestmark = pytest.mark.browser

PHONE_844 = {"width": 390, "height": 844}
#: Long enough for the hub's grace (two seconds here), a bot's move and a frame; never a timed assertion.
WAIT = 20000


def _phone(browser: Any, url: str, code: str, name: str, *, size: dict | None = None):
    context = browser.new_context(viewport=size or PHONE_844, is_mobile=True, has_touch=True, device_scale_factor=2)
    page = context.new_page()
    page.goto(f"{url}/join/{code}")
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Join").click()
    page.locator(".phone-header").wait_for()
    return page


def _one_round_of_pizza_theory(host: Any) -> None:
    """The host phone picks Pizza Theory with a one-round limit (a short game)."""
    d.choose_game(host, "Pizza Theory")
    rounds = host.get_by_label("Round limit")
    rounds.fill("1")
    rounds.dispatch_event("change")
    host.wait_for_function("() => document.querySelector('#opt-max_rounds')?.value === '1'")


def _start_from(host: Any, *phones: Any) -> None:
    host.locator(".phone-host").get_by_role("button", name="Start the game").click()
    for phone in (host, *phones):
        phone.locator(".pt-hand").wait_for()


def _text(page: Any, selector: str) -> str:
    return page.locator(selector).first.inner_text().strip()


def _open_menu(phone: Any):
    phone.locator(".phone-header").get_by_role("button", name="Host menu").click()
    menu = phone.get_by_role("dialog", name="Host menu")
    menu.wait_for()
    return menu


def _nobody_waits_for_the_tv(*pages: Any) -> None:
    for page in pages:
        assert "Waiting for the TV" not in page.locator("body").inner_text()


def test_the_host_phone_drops_mid_game_and_another_phone_hosts_the_next(browser, quick, artifacts):
    tv = d.open_tv(browser, quick.url)
    code = d.room_code(tv)
    ana = _phone(browser, quick.url, code, "Ana")
    ben = _phone(browser, quick.url, code, "Ben")
    watch = d.open_watch(browser, quick.url, code)
    # given Ana hosts (she joined first) and every screen says so
    ana.locator(".phone-host").wait_for()
    tv.locator(".authority-line", has_text="Ana hosts from their phone").wait_for()
    ben.locator(".authority-line", has_text="Ana is the host").wait_for()
    watch.locator(".authority-line", has_text="Ana hosts from their phone").wait_for()
    _one_round_of_pizza_theory(ana)
    _start_from(ana, ben)

    # when Ana's phone drops mid-game
    ana.context.close()

    # then hosting passes to Ben, and every screen names him
    ben.locator(".authority-line", has_text="You are the host").wait_for(timeout=WAIT)
    tv.locator(".tv-header .authority-line", has_text="Ben hosts from their phone").wait_for(timeout=WAIT)
    watch.locator(".authority-line", has_text="Ben hosts from their phone").wait_for(timeout=WAIT)
    tv.locator(".notice", has_text="Ben is now the host").wait_for(timeout=WAIT)
    d.shot(tv, artifacts, "tv-notice-new-host")
    # the TV shows no host menu of its own: the room has a host phone
    assert tv.get_by_role("button", name="Host menu").count() == 0
    assert ben.locator(".phone-header").get_by_role("button", name="Host menu").count() == 1
    # and a bot plays Ana's seat, labelled on every screen
    tv.locator(".bot-plays-line", has_text="A bot is playing for Ana").wait_for(timeout=WAIT)
    ben.locator(".bot-plays-line", has_text="A bot is playing for Ana").wait_for(timeout=WAIT)

    # when Ben plays the game to its end (a bot moves for Ana)
    assert play.play_until_over(ben, play.pizza_theory_turn, seed=3, timeout=150) > 0

    # then Ben's phone starts the next game; the TV and the spectator say so, nobody waits for the TV
    tv.locator(".end-panel").wait_for(timeout=WAIT)
    assert ben.get_by_role("button", name="Play again").is_visible()
    assert tv.locator(".end-panel").get_by_role("button", name="Play again").count() == 0
    assert _text(tv, ".end-next") == "Ben starts the next game"
    _nobody_waits_for_the_tv(tv, ben, watch)
    d.shot(ben, artifacts, "phone-new-host-game-over")
    ben.get_by_role("button", name="Play again").click()
    tv.locator(".tv-game:not(.tv-game-over)").wait_for(timeout=WAIT)
    ben.locator(".pt-hand").wait_for(timeout=WAIT)


def test_a_player_who_closes_their_page_on_their_turn_gets_a_bot_then_their_seat_back(browser, quick, artifacts):
    tv = d.open_tv(browser, quick.url)
    code = d.room_code(tv)
    ana = _phone(browser, quick.url, code, "Ana")
    ben = _phone(browser, quick.url, code, "Ben")
    _one_round_of_pizza_theory(ana)
    _start_from(ana, ben)
    rng = random.Random(5)
    # given it is Ben's turn (Ana takes hers until it is)
    for _ in range(200):
        if play.my_turn(ben):
            break
        if play.my_turn(ana):
            play.pizza_theory_turn(ana, rng)
        ana.wait_for_timeout(150)
    assert play.my_turn(ben), "Ben was never asked to move"

    # when Ben closes his page on his turn (his phone keeps his seat token)
    ben_context = ben.context
    ben.close()

    # then after the grace a bot plays for him: the TV and Ana's phone say so, and the game moves on
    tv.locator(".bot-plays-line", has_text="A bot is playing for Ben").wait_for(timeout=WAIT)
    ana.locator(".bot-plays-line", has_text="A bot is playing for Ben").wait_for(timeout=WAIT)
    tv.locator(".chip-standin").first.wait_for()
    d.shot(tv, artifacts, "tv-bot-plays-for-ben")
    # the bot moved for Ben: it is Ana's turn again (or the game ended)
    ana.wait_for_function(
        "() => document.querySelector('.prompt-mine') !== null || document.querySelector('.phone-result') !== null",
        timeout=WAIT,
    )

    # when Ben opens the room again on the same phone
    back = ben_context.new_page()
    back.goto(f"{quick.url}/join/{code}")

    # then he has his seat (and hand) back at once, the label goes, and the room is told
    back.locator(".pt-hand, .phone-result").first.wait_for(timeout=WAIT)
    assert _text(back, ".phone-header .chip-name") == "Ben"
    tv.locator(".bot-plays-line").wait_for(state="detached", timeout=WAIT)
    assert tv.locator(".chip-standin").count() == 0

    # and the two of them finish the game
    moved = 0
    while not (play.game_over(ana) and play.game_over(back)):
        progressed = False
        for phone, seed in ((ana, rng), (back, rng)):
            if not play.game_over(phone) and play.my_turn(phone) and play.pizza_theory_turn(phone, seed):
                progressed = True
                phone.wait_for_timeout(150)
        if not progressed:
            ana.wait_for_timeout(100)
        moved += 1
        assert moved < 1500, "the game did not end"
    tv.locator(".end-panel").wait_for(timeout=WAIT)


def test_a_seat_handed_to_a_new_phone_from_the_host_menu_is_announced(browser, quick, artifacts):
    tv = d.open_tv(browser, quick.url)
    code = d.room_code(tv)
    ana = _phone(browser, quick.url, code, "Ana")
    ben = _phone(browser, quick.url, code, "Ben")
    _one_round_of_pizza_theory(ana)
    _start_from(ana, ben)

    # given Ben's phone is lost mid-game (its page is gone; the phone keeps its old token)
    old_context = ben.context
    ben.close()

    # when Ana opens her host menu and hands Ben's seat to a new phone (offered once his phone is gone past the grace)
    menu = _open_menu(ana)
    handover = menu.get_by_role("button", name="Hand Ben's seat to a new phone")
    handover.wait_for(timeout=WAIT)
    handover.click()

    # then the code shows on Ana's phone only, with when it expires; never on the TV
    shown = menu.locator(".reclaim-shown")
    shown.wait_for()
    reclaim = shown.locator(".reclaim-code").inner_text().strip()
    assert re.fullmatch(r"[BCDFGHJKMNPRSTWXZ]{6}", reclaim), reclaim
    assert shown.locator(".reclaim-until").inner_text().startswith("Until ")
    d.shot(ana, artifacts, "phone-host-menu-reclaim-code")
    assert tv.locator(".reclaim-code").count() == 0
    assert reclaim not in tv.locator("body").inner_text()

    # when a new phone types the code
    new = browser.new_context(viewport=PHONE_844, is_mobile=True, has_touch=True).new_page()
    new.goto(f"{quick.url}/join/{code}")
    new.get_by_role("button", name="I had a seat (new phone)").click()
    new.get_by_label("Code from the host").fill(reclaim)
    new.get_by_role("button", name="Take my seat").click()

    # then it is Ben, with his hand, and the TV and Ana's phone announce the move
    new.locator(".pt-hand").wait_for(timeout=WAIT)
    assert _text(new, ".phone-header .chip-name") == "Ben"
    said = "Ben's seat moved to a new phone (handed over by Ana)"
    tv.locator(".notices-tv .notice", has_text=said).wait_for(timeout=WAIT)
    d.shot(tv, artifacts, "tv-notice-seat-moved")
    ana.locator(".notices-phone .notice", has_text=said).wait_for(timeout=WAIT)
    # and Ana's menu no longer shows the spent code: it says Ben is back, then goes by itself
    menu.locator(".reclaim-back", has_text="Ben is back").wait_for(timeout=WAIT)
    assert menu.locator(".reclaim-code").count() == 0
    menu.locator(".reclaim-shown").wait_for(state="detached", timeout=WAIT)
    # and the notice goes away by itself
    tv.locator(".notices-tv .notice", has_text=said).wait_for(state="detached", timeout=WAIT)

    # when the old phone comes back to the room, it is told its seat moved (not a generic error)
    old = old_context.new_page()
    old.goto(f"{quick.url}/join/{code}")
    old.get_by_role("heading", name="Your seat moved to another phone").wait_for(timeout=WAIT)
    assert old.get_by_role("button", name="Join as a new player").is_visible()
    assert old.get_by_role("link", name="Watch the game").is_visible()
    d.shot(old, artifacts, "phone-seat-moved")
    d.assert_accessible(old, "the old phone told its seat moved")
    # and the new phone still holds the seat
    assert new.locator(".pt-hand, .phone-result").count() >= 1


def _inside(page: Any, box: dict | None, what: str) -> None:
    size = page.viewport_size
    assert box is not None, f"{what} is not rendered"
    assert box["x"] >= 0 and box["y"] >= 0, (what, box)
    assert box["x"] + box["width"] <= size["width"] + 0.5, (what, box)
    assert box["y"] + box["height"] <= size["height"] + 0.5, (what, box)


def _every_control_reachable(page: Any, menu: Any, where: str) -> int:
    """Scroll to each control of the menu's open tab; each lies wholly inside the 390x844 screen."""
    controls = menu.locator("button:visible, input:visible, a:visible")
    count = controls.count()
    for i in range(count):
        control = controls.nth(i)
        control.scroll_into_view_if_needed()
        label = control.get_attribute("aria-label") or control.inner_text() or control.get_attribute("id") or ""
        _inside(page, control.bounding_box(), f"{where}: {label!r}")
    # nothing sticks out sideways
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    return count


def test_the_host_phones_menu_holds_every_control_and_fits_a_phone(browser, quick, artifacts):
    tv = d.open_tv(browser, quick.url)
    code = d.room_code(tv)
    ana = _phone(browser, quick.url, code, "Ana")
    ben = _phone(browser, quick.url, code, "Ben")
    ana.locator(".phone-host").get_by_role("button", name="Add a bot").click()
    tv.wait_for_function("() => document.querySelectorAll('.player-list li').length === 3")
    _one_round_of_pizza_theory(ana)
    _start_from(ana, ben)

    # when Ana opens the host menu during the game
    menu = _open_menu(ana)

    # then the Players tab holds, for Ben: extra time, a bot for his seat, make host, remove; for the bot: remove
    for name in ("Extra time for Ben", "Let a bot play for Ben", "Make host: Ben", "Remove Ben", "Remove Bot 1"):
        assert menu.get_by_role("button", name=name).count() == 1, name
    assert menu.get_by_role("button", name="Remove Ana").count() == 0  # not herself
    d.shot(ana, artifacts, "phone-host-menu-players")
    players = _every_control_reachable(ana, menu, "Players tab")

    # and the Room tab: turn timer, stand-ins, lock, end the room
    menu.get_by_role("tab", name="Room").click()
    assert menu.get_by_role("radiogroup", name="Turn timer").is_visible()
    stand_ins = menu.get_by_label("A bot plays for anyone who is gone")
    assert stand_ins.is_checked()
    assert menu.get_by_role("button", name="Lock the room").count() == 1
    assert menu.get_by_role("button", name="End the room").count() == 1
    d.shot(ana, artifacts, "phone-host-menu-room")
    room = _every_control_reachable(ana, menu, "Room tab")
    assert players + room >= 12, (players, room)
    d.assert_accessible(ana, "the host phone's menu")

    # when she sets a turn timer, the TV counts it down
    menu.get_by_role("radio", name="Quick · 30 s").check()
    tv.get_by_role("timer").wait_for(timeout=WAIT)
    # when she turns stand-ins off and at once on again (before the room's answer to the first click may have come),
    # each click asks for what the box then says: the room ends with stand-ins on (a box that sent its old state
    # flipped would ask "off" twice)
    stand_ins.click()
    ana.wait_for_function("() => document.querySelector('#stand-ins')?.checked === false")
    stand_ins.click()
    ana.wait_for_function("() => document.querySelector('#stand-ins')?.checked === true", timeout=WAIT)
    ana.wait_for_timeout(300)  # (any answer still on its way has come)
    assert ana.evaluate("() => document.querySelector('#stand-ins').checked") is True

    # ending the room asks first; "Keep playing" keeps it
    menu.get_by_role("button", name="End the room").click()
    ana.get_by_role("alertdialog").get_by_role("button", name="Keep playing").click()
    ana.get_by_role("alertdialog").wait_for(state="detached")

    # removing asks first too; "Cancel" keeps Ben
    menu.get_by_role("tab", name="Players").click()
    menu.get_by_role("button", name="Remove Ben").click()
    confirm = ana.get_by_role("alertdialog")
    assert "Remove Ben from the room?" in confirm.inner_text()
    confirm.get_by_role("button", name="Cancel").click()
    confirm.wait_for(state="detached")
    assert tv.get_by_text("Ben").count() >= 1

    # making Ben the host moves the menu to his phone, and every screen says so
    menu.get_by_role("button", name="Make host: Ben").click()
    ben.locator(".authority-line", has_text="You are the host").wait_for(timeout=WAIT)
    tv.locator(".authority-line", has_text="Ben hosts from their phone").wait_for(timeout=WAIT)
    ana.get_by_role("dialog", name="Host menu").wait_for(state="detached", timeout=WAIT)
    assert ana.locator(".phone-header").get_by_role("button", name="Host menu").count() == 0
    assert ben.locator(".phone-header").get_by_role("button", name="Host menu").count() == 1


class _Link:
    """A phone's websocket, routed through Playwright so a test can cut it and mend it with the page left open."""

    def __init__(self, context: Any) -> None:
        self.cut = False
        self.open: list[Any] = []
        context.route_web_socket(re.compile(r"/ws$"), self._route)

    def _route(self, ws: Any) -> None:
        if self.cut:
            ws.close()  # no network: every attempt fails at once
            return
        ws.connect_to_server()
        self.open.append(ws)

    def drop(self) -> None:
        self.cut = True
        for ws in self.open:
            ws.close()
        self.open.clear()

    def mend(self) -> None:
        self.cut = False


def test_a_phone_offline_while_its_seat_moved_is_told_so_when_it_reconnects(browser, quick, artifacts):
    tv = d.open_tv(browser, quick.url)
    code = d.room_code(tv)
    ana = _phone(browser, quick.url, code, "Ana")
    context = browser.new_context(viewport=PHONE_844, is_mobile=True, has_touch=True)
    link = _Link(context)
    ben = context.new_page()
    ben.goto(f"{quick.url}/join/{code}")
    ben.get_by_label("Your name").fill("Ben")
    ben.get_by_role("button", name="Join").click()
    ben.locator(".phone-header").wait_for()
    _one_round_of_pizza_theory(ana)
    _start_from(ana, ben)

    # given Ben's phone loses its network with the page still open (it keeps trying to reconnect)
    link.drop()
    ben.locator(".banner-reconnecting").wait_for(timeout=WAIT)
    menu = _open_menu(ana)
    menu.get_by_role("button", name="Hand Ben's seat to a new phone").click(timeout=WAIT)
    reclaim = menu.locator(".reclaim-code").inner_text().strip()
    new = browser.new_context(viewport=PHONE_844, is_mobile=True, has_touch=True).new_page()
    new.goto(f"{quick.url}/join/{code}")
    new.get_by_role("button", name="I had a seat (new phone)").click()
    new.get_by_label("Code from the host").fill(reclaim)
    new.get_by_role("button", name="Take my seat").click()
    new.locator(".pt-hand").wait_for(timeout=WAIT)

    # when Ben's old phone is back online
    link.mend()

    # then it says its seat moved, and it did not join again as a second "Ben"
    ben.get_by_role("heading", name="Your seat moved to another phone").wait_for(timeout=WAIT)
    assert tv.locator(".plate-name", has_text="Ben").count() == 1
    assert ana.locator(".authority-line", has_text="You are the host").count() == 1


def test_with_stand_ins_off_the_host_phone_is_offered_a_bot_for_a_gone_player(browser, quick, artifacts):
    tv = d.open_tv(browser, quick.url)
    code = d.room_code(tv)
    ana = _phone(browser, quick.url, code, "Ana")
    ben = _phone(browser, quick.url, code, "Ben")
    _one_round_of_pizza_theory(ana)
    # given Ana turned stand-ins off
    menu = _open_menu(ana)
    menu.get_by_role("tab", name="Room").click()
    menu.get_by_label("A bot plays for anyone who is gone").uncheck()
    ana.wait_for_function("() => document.querySelector('#stand-ins')?.checked === false")
    menu.get_by_role("button", name="Close").click()
    _start_from(ana, ben)

    # when Ben's phone closes mid-game
    ben.context.close()

    # then no bot takes his seat by itself; Ana's phone offers one (outside the menu), and the TV names nobody as a stand-in
    offer = ana.locator(".stuck-offer").get_by_role("button", name="Let a bot play for Ben")
    offer.wait_for(timeout=WAIT)
    assert tv.locator(".bot-plays-line:not(.dropped-line)").count() == 0
    # (the TV says why the game waits, and promises no bot: stand-ins are off)
    assert tv.locator(".dropped-line").inner_text() == "Ben's phone dropped: waiting for Ben to come back"
    d.shot(ana, artifacts, "phone-host-offered-a-bot")
    # when she takes the offer, a bot plays for Ben, labelled, and the offer goes
    offer.click()
    tv.locator(".bot-plays-line", has_text="A bot is playing for Ben").wait_for(timeout=WAIT)
    ana.locator(".stuck-offer").wait_for(state="detached")
