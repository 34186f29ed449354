"""Every screen in Spanish, in real Chromium (issue 13, "A second language").

The TV, the phone and the spectator page open in browsers whose language is
Spanish (``locale="es-ES"``), so the client picks Spanish by itself.  On each
screen (TV lobby, phone join, phone hand and TV table of every game, the end
panels, the watch page) the page's visible text and spoken attributes must
hold no English catalogue phrase; each screen is screenshotted in Spanish,
switched to English with the on-screen switch (the same screen, now in
English: the switch works both ways), screenshotted again and switched back.

The phone plays its turns with the English helpers of ``play.py`` (they find
buttons by their English names): it switches to English to play and back to
Spanish at each screen that is checked, which also shows the choice survives
re-renders mid-game.  Screenshots: test-artifacts/browser/<test>/<screen>.<lang>.png
(the ones in docs/screenshots/languages/ were taken by this test).
"""

from __future__ import annotations

import random
import re
from functools import cache
from typing import Any

import pytest

from tests.browser import driver as d
from tests.browser import play
from tests.browser.conftest import PHONE_SIZE, TV_SIZE, WEB

pytestmark = pytest.mark.browser

SRC = WEB / "src"


@cache
def english_phrases() -> tuple[str, ...]:
    """English catalogue phrases that a Spanish screen must not show.

    Every string literal of the ``en`` catalogue and every fixed piece of its
    templates, cut at plural placeholders; kept when it has two words or one
    word of four letters or more, and dropped when the Spanish catalogue has
    it too (the games' names, "Pepperoni", "Total", the language names).
    """
    english = (SRC / "strings.ts").read_text(encoding="utf-8")
    english = english[english.index("export const en = {") : english.index("export type Strings")]
    spanish = (SRC / "strings.es.ts").read_text(encoding="utf-8")
    pieces: set[str] = set(re.findall(r'"((?:[^"\\]|\\.)*)"', english))
    for template in re.findall(r"`([^`]*)`", english):
        pieces.update(re.split(r"\$\{[^}]*\}", template))
    phrases = set()
    for piece in pieces:
        for part in piece.split("#"):
            part = part.strip(" :;,.…()!?—–-✓★")
            if "/" in part or "_" in part or part in spanish:
                continue
            words = re.findall(r"[A-Za-z]{2,}", part)
            if len(words) >= 2 or (len(words) == 1 and len(words[0]) >= 4 and words[0] == part):
                phrases.add(part)
    return tuple(sorted(phrases, key=len, reverse=True))


def shown_text(page: Any) -> str:
    """What a person sees or hears on the page: its text (SVG included) and spoken attributes."""
    return page.evaluate(
        """() => {
            const out = [document.body.innerText, document.body.textContent];
            for (const el of document.querySelectorAll('[aria-label],[title],[placeholder],[alt]'))
                for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
                    const v = el.getAttribute(a);
                    if (v) out.push(v);
                }
            return out.join('\\n');
        }"""
    )


def english_on(page: Any) -> list[str]:
    text = shown_text(page)
    return [p for p in english_phrases() if re.search(r"(?<![A-Za-z])" + re.escape(p) + r"(?![A-Za-z])", text)]


def switch_to(page: Any, lang: str) -> None:
    """Press the on-screen language switch until the page speaks ``lang``."""
    if page.evaluate("() => document.documentElement.lang") != lang:
        page.locator(f".lang-switch[data-lang={lang}]").first.click()
        page.wait_for_function("l => document.documentElement.lang === l", arg=lang)
        page.wait_for_timeout(150)


def check_both(page: Any, artifacts: Any, screen: str, shots: list[str]) -> None:
    """The screen in Spanish holds no English phrase; screenshot it in both languages; leave it in Spanish."""
    switch_to(page, "es")
    found = english_on(page)
    assert found == [], f"English on the Spanish {screen}: {found}"
    d.assert_accessible(page, f"the Spanish {screen}")
    d.shot(page, artifacts, f"{screen}.es")
    switch_to(page, "en")
    assert english_on(page), f"the switch did not turn the {screen} to English"
    d.shot(page, artifacts, f"{screen}.en")
    switch_to(page, "es")
    shots.append(screen)


def spanish_context(browser: Any, *, phone: bool) -> Any:
    if phone:
        context = browser.new_context(viewport=PHONE_SIZE, is_mobile=True, has_touch=True, device_scale_factor=2, locale="es-ES")
    else:
        context = browser.new_context(viewport=TV_SIZE, locale="es-ES")
    return context.new_page()


def open_room(browser: Any, url: str, artifacts: Any, shots: list[str], *, first: bool) -> tuple[Any, Any, str]:
    """A Spanish TV and a Spanish phone that joined it (checking the lobby and join screens the first time)."""
    tv = spanish_context(browser, phone=False)
    tv.goto(f"{url}/tv")
    tv.locator(".room-code").wait_for()
    assert tv.evaluate("() => document.documentElement.lang") == "es", "a Spanish browser did not get Spanish"
    code = tv.locator(".room-code").inner_text().strip()
    phone = spanish_context(browser, phone=True)
    phone.goto(f"{url}/join/{code}")
    if first:
        check_both(phone, artifacts, "phone-join", shots)
    phone.get_by_label("Tu nombre").fill("Lucía")
    phone.get_by_role("button", name="Entrar", exact=True).click()
    phone.locator(".phone-header").wait_for()
    tv.wait_for_function("() => document.querySelectorAll('.player-list li').length >= 1")
    return tv, phone, code


def prepare(tv: Any, title: str, players: int) -> None:
    tv.get_by_role("radio", name=re.compile(title)).click()
    tv.wait_for_function("t => [...document.querySelectorAll('.game-card-on')].some(e => e.textContent.includes(t))", arg=title)
    for n in range(2, players + 1):
        tv.get_by_role("button", name="Añadir un robot").click()
        tv.wait_for_function("n => document.querySelectorAll('.player-list li').length >= n", arg=n)


def finish(tv: Any, phone: Any, watch: Any, artifacts: Any, game: str, shots: list[str]) -> None:
    tv.locator(".end-panel").wait_for(timeout=30000)
    watch.locator(".end-panel").wait_for(timeout=30000)
    phone.locator(".phone-result").wait_for()
    tv.wait_for_timeout(600)
    check_both(tv, artifacts, f"{game}-tv-end", shots)
    check_both(phone, artifacts, f"{game}-phone-end", shots)
    check_both(watch, artifacts, f"{game}-watch-end", shots)
    assert re.search(r"¡Gana|¡Ganan|no gana nadie", tv.locator(".end-headline").inner_text())


def play_checked(phone: Any, tv: Any, turn: Any, on_first: Any, timeout: float) -> int:
    """Play the phone's turns in English; before its first turn, check the screens in Spanish."""
    done = {"checked": False}

    def before() -> None:
        if not done["checked"]:
            done["checked"] = True
            on_first()
        switch_to(phone, "en")

    turns = play.play_until_over(phone, turn, before_turn=before, timeout=timeout)
    switch_to(phone, "es")
    return turns


def test_pizza_theory_and_the_lobby_in_spanish(browser, server, artifacts):
    shots: list[str] = []
    tv, phone, code = open_room(browser, server.url, artifacts, shots, first=True)
    prepare(tv, "Pizza Theory", 2)
    limit = tv.get_by_label("Límite de rondas")
    limit.fill("1")
    limit.dispatch_event("change")
    tv.wait_for_timeout(300)
    check_both(tv, artifacts, "tv-lobby", shots)
    check_both(phone, artifacts, "phone-lobby", shots)
    watch = spanish_context(browser, phone=False)
    watch.goto(f"{server.url}/watch/{code}")
    watch.locator(".room-code").wait_for()
    check_both(watch, artifacts, "watch-lobby", shots)
    tv.get_by_role("button", name="Empezar la partida").click()
    phone.locator(".pt-hand").wait_for()

    def first() -> None:
        check_both(phone, artifacts, "pizza-theory-phone-hand", shots)
        check_both(tv, artifacts, "pizza-theory-tv-table", shots)
        check_both(watch, artifacts, "pizza-theory-watch", shots)

    assert play_checked(phone, tv, play.pizza_theory_turn, first, timeout=120) >= 1
    finish(tv, phone, watch, artifacts, "pizza-theory", shots)
    assert len(shots) == 10


def test_new_york_slice_in_spanish(browser, server, artifacts):
    shots: list[str] = []
    tv, phone, code = open_room(browser, server.url, artifacts, shots, first=False)
    prepare(tv, "New York Slice", 2)
    watch = spanish_context(browser, phone=False)
    watch.goto(f"{server.url}/watch/{code}")
    tv.get_by_role("button", name="Empezar la partida").click()
    phone.locator(".nys-hand").wait_for()

    def first() -> None:
        check_both(phone, artifacts, "new-york-slice-phone-hand", shots)
        check_both(tv, artifacts, "new-york-slice-tv-table", shots)

    assert play_checked(phone, tv, play.new_york_slice_turn, first, timeout=240) >= 1
    tv.locator(".guest-check").wait_for()
    finish(tv, phone, watch, artifacts, "new-york-slice", shots)


def test_splittissimo_in_spanish(browser, server, artifacts):
    shots: list[str] = []
    tv, phone, code = open_room(browser, server.url, artifacts, shots, first=False)
    prepare(tv, "Splittissimo", 2)
    tv.get_by_role("radio", name="Fácil").check()
    for dot in ("2", "3"):
        tv.get_by_role("checkbox", name=dot, exact=True).uncheck()
        tv.wait_for_timeout(200)
    watch = spanish_context(browser, phone=False)
    watch.goto(f"{server.url}/watch/{code}")
    tv.get_by_role("button", name="Empezar la partida").click()
    phone.locator(".sp-hand").wait_for()

    def first() -> None:
        # the hint, written on the phone from the hub's structured hint
        phone.get_by_role("button", name="Dame una pista").click()
        phone.locator(".sp-advice").wait_for()
        check_both(phone, artifacts, "splittissimo-phone-hand", shots)
        check_both(tv, artifacts, "splittissimo-tv-table", shots)

    def turn(page: Any, rng: random.Random) -> bool:
        return play.splittissimo_turn(page, rng, ask_hint=False)

    assert play_checked(phone, tv, turn, first, timeout=240) >= 1
    finish(tv, phone, watch, artifacts, "splittissimo", shots)
