"""The party screens added by issue 13, in both languages, in real Chromium.

Like test_languages.py (whose helpers this uses): each screen is checked for
English left on the Spanish page, screenshotted in Spanish and in English
(test-artifacts/browser/<test>/<screen>.<lang>.png; the ones in
docs/screenshots/languages/ were taken by this test).  The screens: the
phones-only start and a phones-only table, the short address under the QR
code, the TV's sound toggle, the reclaim code on the host phone (never on
the TV), the "I had a seat" join form, the reaction bar on a phone and on the
watch page, and the TV with reactions floating.  Every one of them must fit
its screen without scrolling sideways, and the TV ones without scrolling at
what each TV screen is for in view unscrolled at 1280x720 and 1920x1080.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser import driver as d
from tests.browser.test_languages import check_both, english_on, spanish_context, switch_to

pytestmark = pytest.mark.browser

TV_SIZES = ({"width": 1920, "height": 1080}, {"width": 1280, "height": 720})


def fits(page: Any, where: str, *, tv: bool) -> None:
    """No sideways scroll anywhere; a TV screen needs no scrolling at all."""
    width, height, view_w, view_h = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight, innerWidth, innerHeight]"
    )
    assert width <= view_w, f"{where} scrolls sideways: {width} > {view_w}"
    if tv:
        assert height <= view_h, f"{where} needs scrolling: {height} > {view_h}"


def tv_fits_both_sizes(page: Any, where: str, must_see: tuple[str, ...], *, whole: bool = False) -> None:
    """At 1920x1080 and 1280x720: no sideways scroll, and what the room must read is on screen unscrolled.

    The TV lobby itself may scroll its side column when a game has many
    options (the Start button stays in view: test_screens.py), so here the
    check is on what this screen is for; ``whole`` asks for no scrolling at all.
    """
    before = page.viewport_size
    for size in TV_SIZES:
        page.set_viewport_size(size)
        page.evaluate("() => window.scrollTo(0, 0)")
        page.wait_for_timeout(150)
        at = f"{where} at {size['width']}x{size['height']}"
        fits(page, at, tv=whole)
        for selector in must_see:
            box = page.locator(selector).first.bounding_box()
            assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"], (at, selector, box)
    page.set_viewport_size(before)


def element_both(page: Any, artifacts: Any, screen: str, selector: str, shots: list[str]) -> None:
    """A part of a screen (say the join panel) in both languages."""
    for lang in ("es", "en"):
        switch_to(page, lang)
        if lang == "es":
            assert english_on(page) == [], f"English on the Spanish {screen}"
        page.locator(selector).screenshot(path=str(artifacts / f"{screen}.{lang}.png"))
    switch_to(page, "es")
    shots.append(screen)


def floating_both(tv: Any, watch: Any, artifacts: Any, shots: list[str]) -> None:
    """The TV with reactions floating: the watch page taps them again for each language's shot."""
    for lang in ("es", "en"):
        switch_to(tv, lang)
        for button in watch.locator(".reaction-btn").all():
            button.click()
        tv.locator(".reaction-float-tv").first.wait_for()
        tv.locator(".reaction-total").first.wait_for()
        if lang == "es":
            assert english_on(tv) == [], "English on the Spanish TV with reactions"
        d.shot(tv, artifacts, f"tv-reactions.{lang}")
    switch_to(tv, "es")
    shots.append("tv-reactions")


def test_the_party_screens_in_both_languages(browser, server, artifacts):
    shots: list[str] = []
    # the start page on a phone: "Start a room on this phone"
    start = spanish_context(browser, phone=True)
    start.goto(server.url)
    start.get_by_role("button", name="Crear una sala en este móvil").wait_for()
    fits(start, "the start page", tv=False)
    check_both(start, artifacts, "phone-start", shots)

    # a TV room: the short address under the QR code, and the sound toggle
    tv = spanish_context(browser, phone=False)
    tv.goto(f"{server.url}/tv")
    tv.locator(".join-address").wait_for()
    code = tv.locator(".room-code").inner_text().strip()
    element_both(tv, artifacts, "tv-short-address", ".join-panel", shots)
    tv.locator(".mute-toggle").click()
    tv.wait_for_function("() => document.querySelector('.mute-toggle-off') !== null")
    tv_fits_both_sizes(tv, "the TV lobby", (".mute-toggle", ".join-panel"), whole=True)  # a new room: nothing scrolls
    check_both(tv, artifacts, "tv-sound-off", shots)

    # Lucía hosts from her phone; Ben joins, then his phone closes
    host = spanish_context(browser, phone=True)
    host.goto(f"{server.url}/join/{code}")
    host.get_by_label("Tu nombre").fill("Lucía")
    host.get_by_role("button", name="Entrar", exact=True).click()
    host.locator(".phone-host").wait_for()
    ben = spanish_context(browser, phone=True)
    ben.goto(f"{server.url}/join/{code}")
    ben.get_by_label("Tu nombre").fill("Ben")
    ben.get_by_role("button", name="Entrar", exact=True).click()
    ben.locator(".phone-header").wait_for()
    ben.context.close()

    # the reclaim code on the host phone only (issue 24: never on the TV), once Ben is gone past the grace (20 s)
    host.locator(".phone-host").get_by_role("button", name="Pasar el asiento de Ben a un móvil nuevo").click(timeout=40000)
    assert tv.locator(".reclaim-shown").count() == 0
    shown = host.locator(".reclaim-shown")
    shown.wait_for()
    reclaim = shown.locator(".reclaim-code").inner_text().strip()
    shown.scroll_into_view_if_needed()
    fits(host, "the host phone with a reclaim code", tv=False)
    check_both(host, artifacts, "phone-host-reclaim-code", shots)

    # the "I had a seat" join form on a new phone, which takes Ben's seat
    new = spanish_context(browser, phone=True)
    new.goto(f"{server.url}/join/{code}")
    new.get_by_role("button", name="Ya tenía un asiento (móvil nuevo)").click()
    new.get_by_label("Código del anfitrión").fill(reclaim)
    fits(new, "the reclaim form", tv=False)
    check_both(new, artifacts, "phone-reclaim-form", shots)
    new.get_by_role("button", name="Recuperar mi asiento").click()
    new.locator(".phone-wait").wait_for()

    # the reaction bar on a player's phone and on the watch page, and the TV with reactions floating
    new.locator(".reaction-bar").wait_for()
    new.locator(".reaction-btn").first.click()
    fits(new, "the phone with its reaction bar", tv=False)
    check_both(new, artifacts, "phone-reaction-bar", shots)
    watch = spanish_context(browser, phone=True)
    watch.goto(f"{server.url}/watch/{code}")
    watch.locator(".reaction-bar").wait_for()
    watch.locator(".reaction-btn").first.click()
    fits(watch, "the watch page with its reaction bar", tv=False)
    check_both(watch, artifacts, "watch-reaction-bar", shots)
    floating_both(tv, watch, artifacts, shots)
    tv_fits_both_sizes(tv, "the TV with reactions", (".reaction-tally", ".mute-toggle"))
    assert len(shots) == 8, shots


def test_a_phones_only_table_in_both_languages(browser, server, artifacts):
    shots: list[str] = []
    ana = spanish_context(browser, phone=True)
    ana.goto(server.url)
    ana.get_by_label("Tu nombre").fill("Ana")
    ana.get_by_role("button", name="Crear una sala en este móvil").click()
    ana.locator(".phone-host").wait_for()
    fits(ana, "the phones-only host lobby", tv=False)
    check_both(ana, artifacts, "phones-only-host-lobby", shots)
    ana.get_by_role("radio", name="Pizza Theory").click()
    ana.wait_for_function("() => document.querySelector('.game-card-on')?.textContent.includes('Pizza Theory')")
    ana.locator(".phone-host").get_by_role("button", name="Añadir un robot").click()
    ana.wait_for_function("() => document.querySelectorAll('.phone-host .player-list li').length === 2")
    ana.locator(".phone-host").get_by_role("button", name="Empezar la partida").click()
    ana.locator(".phone-table").wait_for(timeout=15000)
    ana.locator(".pt-hand").wait_for()
    fits(ana, "the phones-only table", tv=False)
    check_both(ana, artifacts, "phones-only-table", shots)
    assert len(shots) == 2


def test_a_spanish_evening_hosted_from_a_phone_with_a_timer_and_reactions(browser, server, artifacts):
    """The "Done when" walk: a Spanish phone hosts (the TV untouched), sets a turn timer, reacts, and plays to the end."""
    from tests.browser import play
    from tests.browser.test_languages import play_checked

    tv = spanish_context(browser, phone=False)
    tv.goto(f"{server.url}/tv")
    code = tv.locator(".room-code").inner_text().strip()
    host = spanish_context(browser, phone=True)
    host.goto(f"{server.url}/join/{code}")
    host.get_by_label("Tu nombre").fill("Lucía")
    host.get_by_role("button", name="Entrar", exact=True).click()
    panel = host.locator(".phone-host")
    panel.wait_for()
    panel.get_by_role("radio", name="Pizza Theory").click()
    host.wait_for_function("() => document.querySelector('.game-card-on')?.textContent.includes('Pizza Theory')")
    limit = host.get_by_label("Límite de rondas")
    limit.fill("1")
    limit.dispatch_event("change")
    panel.get_by_role("radio", name="Normal · 60 s").click()
    tv.wait_for_function("() => document.querySelector('.turn-timer .seg-on')?.textContent.includes('60')")
    panel.get_by_role("button", name="Añadir un robot").click()
    tv.wait_for_function("() => document.querySelectorAll('.player-list li').length === 2")
    # a reaction from the host phone floats on the TV
    host.locator(".reaction-btn").first.click()
    tv.locator(".reaction-float-tv").first.wait_for()
    panel.get_by_role("button", name="Empezar la partida").click()
    host.locator(".pt-hand").wait_for()

    def first() -> None:
        # the countdown shows on the TV and on the phone whose turn it is, in Spanish
        host.locator(".countdown").wait_for()
        tv.locator(".countdown").wait_for()
        assert english_on(host) == [] and english_on(tv) == []
        d.shot(host, artifacts, "phone-countdown.es")
        d.shot(tv, artifacts, "tv-countdown.es")

    assert play_checked(host, tv, play.pizza_theory_turn, first, timeout=180) >= 1
    tv.locator(".end-panel").wait_for(timeout=30000)
    host.locator(".phone-result").wait_for()
    assert english_on(tv) == [], "English on the Spanish TV end"
    assert english_on(host) == [], "English on the Spanish phone end"
    host.get_by_role("button", name="Otra partida").wait_for()
