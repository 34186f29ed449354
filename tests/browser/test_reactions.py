"""Audience reactions from the watch page and a phone reach the TV; the TV's sound toggle.

Three spectators (watch pages) and a player's phone tap reactions; the TV
floats them with their counts and keeps a tally.  The TV's mute toggle is
there, remembers its choice across a reload, and nothing about audio is
logged before anyone touched the page (the AudioContext waits for a gesture).
"""

from __future__ import annotations

import pytest

from tests.browser import driver as d

pytestmark = pytest.mark.browser


def _tally(tv, kind: str) -> str:
    return f"document.querySelector('.reaction-total[data-reaction=\"{kind}\"]')?.textContent ?? ''"


def test_three_spectators_and_a_phone_react_and_the_tv_shows_them(browser, server, artifacts):
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    ana = d.open_phone(browser, server.url, code, "Ana")
    watchers = [d.open_watch(browser, server.url, code) for _ in range(3)]
    for page in watchers:
        page.locator(".reaction-bar").wait_for()
    # the buttons are big enough to hit (at least 48 px square)
    for button in watchers[0].locator(".reaction-btn").all():
        box = button.bounding_box()
        assert box and box["width"] >= 48 and box["height"] >= 48, box
    d.assert_accessible(watchers[0], "the watch page with its reaction bar")
    # when every spectator applauds, one of them also sends fire, and Ana sends a pizza from her phone
    for page in watchers:
        page.get_by_role("button", name="Applause").click()
    watchers[1].get_by_role("button", name="On fire").click()
    ana.get_by_role("button", name="Pizza").click()
    # then the TV floats them and its tally counts them
    tv.wait_for_function(f"() => ({_tally(tv, 'clap')}).includes('3')", timeout=10000)
    tv.wait_for_function(f"() => ({_tally(tv, 'fire')}).includes('1') && ({_tally(tv, 'pizza')}).includes('1')")
    assert tv.locator(".reaction-float-tv").count() >= 1
    d.shot(tv, artifacts, "tv-reactions")
    d.shot(watchers[0], artifacts, "watch-reaction-bar")
    # the floats never take a click: the TV's own buttons still work under them
    assert tv.evaluate("getComputedStyle(document.querySelector('.reaction-overlay')).pointerEvents") == "none"
    # and the phone's own bar is there in the lobby, with no error shown for the reaction
    assert ana.locator(".reaction-bar").is_visible()
    assert ana.locator(".toast").inner_text().strip() == ""
    for page in [tv, ana, *watchers]:
        page.context.close()


def test_the_tv_mute_toggle_is_remembered_and_no_audio_error_comes_before_a_gesture(browser, server, artifacts):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    logged: list[str] = []
    page.on("console", lambda m: logged.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: logged.append(f"pageerror: {e}"))
    page.goto(f"{server.url}/tv")
    page.locator(".room-code").wait_for()
    toggle = page.get_by_role("button", name="Sound", exact=True)
    toggle.wait_for()
    assert toggle.get_attribute("aria-pressed") == "true"
    # nothing about audio was logged before anyone touched the page (no AudioContext yet)
    assert not [line for line in logged if "audio" in line.lower()], logged
    assert page.evaluate("localStorage.getItem('pizzanight.muted')") is None
    box = toggle.bounding_box()
    assert box and box["width"] >= 48 and box["height"] >= 48, box
    # when it is switched off, the choice is kept on this device and survives a reload
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "false"
    assert page.evaluate("localStorage.getItem('pizzanight.muted')") == "1"
    page.reload()
    page.get_by_role("button", name="Sound", exact=True).wait_for()
    assert page.get_by_role("button", name="Sound", exact=True).get_attribute("aria-pressed") == "false"
    d.shot(page, artifacts, "tv-sound-off")
    d.assert_accessible(page, "the TV lobby with the sound toggle")
    # and the first click made the audio without an error
    assert not [line for line in logged if line.startswith(("error", "pageerror"))], logged
    context.close()
