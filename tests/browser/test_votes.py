"""Audience votes end to end in Chromium: a TV, three phones and two spectators (issue 27 §6).

The phones play New York Slice until a player is to choose a portion; both
watch pages are shown "which portion will X pick?", vote (one changes their
guess), and the TV shows the tally; the chooser takes the first spectator's
guess, and the TV and the watch pages show the answer, who guessed right, then
clear it.  Every wait is on what a page shows, never on a clock.
"""

from __future__ import annotations

import random
import re

import pytest

from tests.browser import driver as d
from tests.browser import play

pytestmark = pytest.mark.browser

TV_OPEN = ".vote-panel-tv .vote-card[data-status='open']"
WATCH_OPEN = ".vote-panel-watch .vote-card[data-status='open']"
TAKE = re.compile(r"^Take [A-Z]$")


def _chooser(phones) -> object | None:
    """The phone offered "Take A", "Take B"...: its player is choosing a portion."""
    for phone in phones:
        if phone.locator(".nys-hand").get_by_role("button", name=TAKE).count():
            return phone
    return None


def _play_until_a_portion_is_chosen(phones, tv) -> object:
    """The phones take their turns until one of them is to choose a portion; returns that phone."""
    rng = random.Random(4)
    for _ in range(200):
        # (the phones first catch up with the room version the TV shows: what they show then is true of
        # that version, so when nobody has a move there, a bot or a timer moves next and the version grows)
        seen = play.version(tv)
        for phone in phones:
            phone.wait_for_function("v => Number(document.querySelector('[data-version]')?.dataset.version ?? -1) >= v",
                                    arg=seen, timeout=30000)
        chooser = _chooser(phones)
        if chooser is not None:
            return chooser
        mover = next((p for p in phones if play.my_turn(p)), None)
        if mover is None:  # nobody's turn shows at that version: wait for the next one
            tv.wait_for_function("v => Number(document.querySelector('[data-version]')?.dataset.version ?? -1) > v",
                                 arg=seen, timeout=30000)
            continue
        shown = play.version(mover)
        if play.new_york_slice_turn(mover, rng):
            mover.wait_for_function(play.NEWER, arg=shown, timeout=30000)
        else:
            mover.wait_for_function(play.NEWER, arg=shown, timeout=30000)
    raise AssertionError("no player came to choose a portion")


def _fits(page, selector: str) -> None:
    """The element is inside the window and none of its text is cut."""
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box and box["x"] >= 0 and box["y"] >= 0, box
    assert box["x"] + box["width"] <= size["width"] and box["y"] + box["height"] <= size["height"], (box, size)
    clipped = page.evaluate(
        """s => [...document.querySelectorAll(s + ' *')].filter(e => e.children.length === 0 && e.textContent.trim()
              && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)).map(e => e.textContent)""",
        selector,
    )
    assert not clipped, clipped


def test_spectators_guess_a_portion_and_the_tv_shows_the_tally_and_the_answer(browser, server, artifacts):
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    phones = [d.open_phone(browser, server.url, code, name) for name in ("Ana", "Bea", "Cy")]
    watchers = [d.open_watch(browser, server.url, code) for _ in range(2)]
    for page in watchers:
        page.locator(".reaction-bar").wait_for()
    # (a spectator cheers in the lobby: the TV keeps a tally of the evening's reactions, in its corner)
    watchers[1].locator(".reaction-btn").first.click()
    tv.locator(".reaction-overlay .reaction-tally").wait_for()
    d.choose_game(tv, "New York Slice")
    d.start(tv)
    # When a player comes to choose a portion, both watch pages ask which one, and the TV shows the question
    chooser = _play_until_a_portion_is_chosen(phones, tv)
    name = chooser.locator(".phone-header").inner_text()
    for page in watchers:
        page.locator(WATCH_OPEN).wait_for()
    tv.locator(TV_OPEN).wait_for()
    # the TV's vote is the audience strip along the table's foot, the tally at its end: in the page's flow,
    # below every label of the table, never over them
    tv.locator(".tv-game > .vote-strip .reaction-tally").wait_for()
    assert tv.locator(".reaction-overlay .reaction-tally").count() == 0
    assert tv.evaluate(
        """() => { const strip = document.querySelector('.vote-strip').getBoundingClientRect();
            return [...document.querySelectorAll('.nys-table *')].every((e) => e.getBoundingClientRect().bottom <= strip.top + 0.5); }"""
    )
    question = watchers[0].locator(f"{WATCH_OPEN} .vote-question").inner_text()
    asked = re.fullmatch(r"Which portion will (\w+) pick\?", question)
    assert asked and asked.group(1) in ("Ana", "Bea", "Cy") and asked.group(1) in name, (name, question)
    options = watchers[0].locator(f"{WATCH_OPEN} .vote-option")
    assert options.count() >= 2
    labels = [options.nth(i).inner_text().strip() for i in range(options.count())]
    assert all(re.fullmatch(r"Portion [A-Z]", label) for label in labels), labels
    # the options are big enough to tap, and the watch page passes axe with the card up (measured once the
    # card's entrance has run: it grows in; and to a hundredth of a pixel, as layout rounds)
    d.settle(watchers[0])
    for i in range(options.count()):
        box = options.nth(i).bounding_box()
        assert box and box["height"] >= 47.99 and box["width"] >= 47.99, box
    d.assert_accessible(watchers[0], "the watch page with a vote open")
    # Then the first spectator guesses the first portion; the second guesses the second, then changes to the first
    watchers[0].locator(f"{WATCH_OPEN} .vote-option").nth(0).click()
    watchers[1].locator(f"{WATCH_OPEN} .vote-option").nth(1).click()
    watchers[1].wait_for_function(
        "s => document.querySelectorAll(s + ' .vote-option[aria-pressed=true]').length === 1", arg=WATCH_OPEN
    )
    tv.wait_for_function("s => document.querySelector(s + ' .vote-total')?.textContent === '2 votes'", arg=TV_OPEN)
    watchers[1].locator(f"{WATCH_OPEN} .vote-option").nth(0).click()
    assert watchers[1].locator(f"{WATCH_OPEN} .vote-option").nth(0).get_attribute("aria-pressed") == "true"
    first = labels[0][-1]
    key = str(ord(first) - ord("A"))
    tv.wait_for_function(
        "([s, k]) => document.querySelector(`${s} .vote-bar[data-option='${k}'] .vote-bar-count`)?.textContent === '2'",
        arg=[TV_OPEN, key],
    )
    # The TV's panel is large and fits both TV sizes, nothing cut
    d.settle(tv)
    _fits(tv, ".vote-panel-tv")
    d.shot(tv, artifacts, "tv-vote-open-720")
    d.shot(watchers[0], artifacts, "watch-vote-open")
    tv.set_viewport_size({"width": 1920, "height": 1080})
    _fits(tv, ".vote-panel-tv")
    question_px = tv.evaluate("s => parseFloat(getComputedStyle(document.querySelector(s)).fontSize)", f"{TV_OPEN} .vote-question")
    assert question_px >= 32, question_px  # readable from the sofa at 1080p
    tv.set_viewport_size({"width": 1280, "height": 720})
    # When the chooser takes the portion both guessed, the vote closes and the answer shows everywhere
    chooser.locator(".nys-hand").get_by_role("button", name=f"Take {first}").click()
    result = ".vote-panel-tv .vote-card[data-status='result']"
    tv.locator(result).wait_for()
    assert tv.locator(f"{result} .vote-foot").inner_text() == "2 of 2 guessed right"
    assert f"Portion {first}" in tv.locator(f"{result} .vote-answer").inner_text()
    # (its tally too, with the right choice ticked; unless the next chooser's vote has opened already, which
    # leaves the result one line above it)
    assert tv.evaluate(
        """([s, k]) => { const card = document.querySelector(s);
            return card.classList.contains('vote-result-brief') || card.querySelector('.vote-bar-right')?.dataset.option === k; }""",
        [result, key],
    )
    for page in watchers:
        card = page.locator(".vote-panel-watch .vote-card[data-status='result']")
        card.wait_for()
        assert card.locator(".vote-verdict").inner_text() == "You guessed right!"
    d.settle(tv)
    _fits(tv, ".vote-panel-tv")
    d.shot(tv, artifacts, "tv-vote-result-720")
    # And the result clears by itself (the hub says when)
    tv.locator(result).wait_for(state="detached", timeout=20000)
    watchers[0].locator(".vote-panel-watch .vote-card[data-status='result']").wait_for(state="detached", timeout=20000)
    # Phones never show a vote
    for phone in phones:
        assert phone.locator(".vote-panel").count() == 0
    for page in [tv, *phones, *watchers]:
        page.context.close()


def test_a_screen_back_online_after_the_game_changed_shows_no_vote_of_the_old_game(browser, server, artifacts):
    """A vote's `clear` sent while a screen is offline never reaches it, and the hub greets a new socket
    with the vote that is on now, so nothing when none is: the TV kept the old game's vote panel on top
    of the next game until a reload.  Each welcome starts the board empty (the watch page's too)."""
    # Given a vote open on the TV and a watch page during New York Slice
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    phones = [d.open_phone(browser, server.url, code, name) for name in ("Ana", "Bea", "Cy")]
    watch = d.open_watch(browser, server.url, code)
    watch.locator(".reaction-bar").wait_for()
    d.choose_game(tv, "New York Slice")
    d.start(tv)
    _play_until_a_portion_is_chosen(phones, tv)
    tv.locator(TV_OPEN).wait_for()
    watch.locator(".vote-strip .vote-card[data-status='open']").wait_for()
    # When both go offline, and meanwhile Ana's phone (the host phone) stops the game and starts a new one
    for page in (tv, watch):
        page.context.set_offline(True)
    for page in (tv, watch):
        page.get_by_role("status").filter(has_text="Reconnecting").wait_for(timeout=10000)
    ana = phones[0]
    ana.locator(".host-menu-btn").click()
    ana.get_by_role("tab", name="Room").click()
    ana.get_by_role("button", name="Stop this game").click()
    ana.get_by_role("button", name="Yes, stop it").click()
    panel = ana.locator(".phone-host")
    panel.get_by_role("button", name="Start the game").click()
    ana.locator(".nys-hand").wait_for()
    started = play.version(ana)
    # Then, back online and showing the new game, neither shows the old vote: the strip is idle
    for page in (tv, watch):
        page.context.set_offline(False)
    for page in (tv, watch):
        page.locator(".banner").wait_for(state="detached", timeout=20000)
    tv.wait_for_function("v => Number(document.querySelector('[data-version]')?.dataset.version ?? -1) >= v", arg=started)
    for page in (tv, watch):
        page.locator(".vote-strip").wait_for()
        assert page.locator(".vote-card[data-q]").count() == 0, page.locator(".vote-strip").inner_text()
        page.locator(".vote-strip .vote-card[data-status='idle']").wait_for()
    d.shot(tv, artifacts, "tv-back-online-new-game-no-old-vote")
    for page in [tv, *phones, watch]:
        page.context.close()


def test_the_vote_panel_holds_still_under_reduced_motion(browser, server):
    tv = d.open_tv(browser, server.url, reduced_motion=True)
    # the panel's slide-in and the bars' growth are off when the TV asks for less motion
    names = tv.evaluate(
        """() => {
          const card = document.createElement('section'); card.className = 'vote-card';
          const fill = document.createElement('span'); fill.className = 'vote-bar-fill';
          document.body.append(card, fill);
          return [getComputedStyle(card).animationName, getComputedStyle(fill).transitionDuration];
        }"""
    )
    assert names[0] == "none" and float(names[1].rstrip("s")) <= 0.01, names
    tv.context.close()
