"""What a party's phones and TV say is true (found by an audit of a real party: a TV, seven phones, a
spectator):

- a person the host sets to sit out is told so in the lobby and during the game, with no promise of
  the next game (the sit-out carries over until the host lets them play);
- a second tab of the same phone takes the seat; the first says the seat now plays in another tab or
  window and offers "Play here", which takes it back (never the join form);
- while a seated player's phone has dropped and no bot plays for them yet, the other phones and the
  TV say so, and that a bot will play for them soon (the room sends no due time: no countdown).
"""

from __future__ import annotations

import re

import pytest

from tests.browser import driver as d

pytestmark = pytest.mark.browser


def test_a_player_the_host_sits_out_is_told_so_in_the_lobby_and_during_the_game(browser, server, artifacts):
    # Given a host phone, three more people and Pizza Theory (three seats)
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    ana = d.open_phone(browser, server.url, code, "Ana")
    ben = d.open_phone(browser, server.url, code, "Ben")
    d.open_phone(browser, server.url, code, "Cy")
    dee = d.open_phone(browser, server.url, code, "Dee")
    d.choose_game(ana, "Pizza Theory")
    # When the host sits Dee out
    d.answered(ana, lambda: ana.get_by_role("button", name="Sit out: Dee watches the next game").click())
    # Then Dee's phone says the host has her sitting this one out, not "You're in! Waiting for the game to start"
    wait = dee.locator(".phone-wait")
    wait.get_by_text("The host has you sitting this one out").wait_for()
    assert "Waiting for the game to start" not in wait.inner_text()
    # (and Ben, who plays, is still told he is in)
    assert "You're in!" in ben.locator(".phone-wait").inner_text()
    d.shot(dee, artifacts, "phone-sitting-out-lobby")
    # When the game starts, she watches and is told why, with no promise of the next game
    ana.get_by_role("button", name="Start the game").click()
    note = dee.locator(".phone-late .late-note")
    note.wait_for()
    assert note.inner_text() == "You are sitting this game out: you watch."
    assert "next" not in note.inner_text()
    d.shot(dee, artifacts, "phone-sitting-out-game")
    # and in Spanish too
    dee.locator(".lang-switch[data-lang=es]").first.click()
    assert dee.locator(".phone-late .late-note").inner_text() == "Descansas en esta partida: tú miras."


def test_a_second_tab_takes_the_seat_and_the_first_offers_to_play_here(browser, server, artifacts):
    # Given Zoë's phone in a game
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    d.open_phone(browser, server.url, code, "Ana")
    first = d.open_phone(browser, server.url, code, "Zoë")
    d.choose_game(tv, "New York Slice")
    d.start(tv)
    first.locator(".nys-hand, .prompt").first.wait_for()
    # When she opens the room's link in a second tab of the same phone
    second = first.context.new_page()
    second.goto(f"{server.url}/join/{code}")
    second.locator(".phone-header").wait_for()
    assert "Zoë" in second.locator(".phone-header .chip-name").inner_text()
    # Then the first tab says her seat now plays in another tab or window, with "Play here" and no join form
    first.get_by_role("heading", name="Playing in another tab").wait_for()
    assert "another tab or window" in first.locator("main").inner_text()
    assert first.locator("#name, .join-form").count() == 0
    assert "would not let this screen in" not in first.locator("body").inner_text()
    d.shot(first, artifacts, "phone-seat-in-another-tab")
    d.assert_accessible(first, "the tab whose seat another tab took")
    # and it does not come back by itself
    first.wait_for_timeout(3000)
    assert first.get_by_role("button", name="Play here").is_visible()
    # When she taps "Play here", the first tab has the seat again and the second says so in its turn
    first.get_by_role("button", name="Play here").click()
    first.locator(".phone-header .chip-name").get_by_text("Zoë").wait_for()
    first.locator(".nys-hand, .prompt").first.wait_for()
    second.get_by_role("button", name="Play here").wait_for()
    assert second.locator("#name").count() == 0


def test_while_a_phone_has_dropped_the_others_are_told_a_bot_will_play_for_her_soon(browser, server, artifacts):
    # Given a game of Ana (the host phone), Zoë and a bot, on a hub with its usual 20 s grace
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    ana = d.open_phone(browser, server.url, code, "Ana")
    zoe = d.open_phone(browser, server.url, code, "Zoë")
    d.choose_game(tv, "Pizza Theory")
    d.add_bot(tv, 3)
    d.start(tv)
    ana.locator(".phone-main .prompt").wait_for()
    # When Zoë's phone drops
    zoe.context.close()
    # Then, before a bot takes over, Ana's phone and the TV say her phone dropped and a bot will play for her soon
    line = "Zoë's phone dropped: a bot takes over soon"
    ana.locator(".dropped-line").get_by_text(line).wait_for(timeout=10_000)
    tv.locator(".dropped-line").get_by_text(line).wait_for(timeout=10_000)
    assert not re.search(r"\d+\s*s\b", tv.locator(".dropped-line").inner_text())
    d.shot(ana, artifacts, "phone-zoe-dropped")
    d.shot(tv, artifacts, "tv-zoe-dropped")
    # and once the grace is over, that a bot is playing for her (the dropped line gone)
    tv.locator(".bot-plays-line").get_by_text("A bot is playing for Zoë").wait_for(timeout=40_000)
    ana.locator(".bot-plays-line").get_by_text("A bot is playing for Zoë").wait_for()
    assert tv.locator(".dropped-line").count() == 0
    assert ana.locator(".dropped-line").count() == 0
