"""Helpers that drive the real UI the way people do: through clicks and taps.

Nothing here talks to the hub directly; every action goes through the page.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from tests.browser.conftest import PHONE_SIZE, TV_SIZE, WEB

AXE = WEB / "node_modules" / "axe-core" / "axe.min.js"


def open_tv(browser: Any, url: str, *, reduced_motion: bool = False):
    context = browser.new_context(viewport=TV_SIZE, reduced_motion="reduce" if reduced_motion else "no-preference")
    page = context.new_page()
    page.goto(f"{url}/tv")
    page.locator(".room-code").wait_for()
    return page


def room_code(tv: Any) -> str:
    code = tv.locator(".room-code").inner_text().strip()
    assert re.fullmatch(r"[A-Z]{4}", code), code
    return code


def open_phone(browser: Any, url: str, code: str, name: str, *, via_qr_link: bool = True):
    context = browser.new_context(viewport=PHONE_SIZE, is_mobile=True, has_touch=True, device_scale_factor=2)
    page = context.new_page()
    if via_qr_link:
        page.goto(f"{url}/join/{code}")
    else:
        page.goto(f"{url}/join")
        page.get_by_label("Room code").fill(code)
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Join").click()
    page.locator(".phone-header").wait_for()
    return page


def open_watch(browser: Any, url: str, code: str):
    context = browser.new_context(viewport=TV_SIZE)
    page = context.new_page()
    page.goto(f"{url}/watch/{code}")
    return page


def choose_game(tv: Any, title: str) -> None:
    card = tv.get_by_role("radio", name=re.compile(title))
    card.click()
    tv.wait_for_function(
        "t => [...document.querySelectorAll('.game-card-on')].some(e => e.textContent.includes(t))", arg=title
    )


def add_bot(tv: Any, expected_players: int) -> None:
    tv.get_by_role("button", name="Add a bot").click()
    tv.wait_for_function("n => document.querySelectorAll('.player-list li').length >= n", arg=expected_players)


def start(tv: Any) -> None:
    tv.get_by_role("button", name="Start the game").click()
    tv.locator(".tv-game").wait_for()


def version(page: Any) -> int:
    """The room version the screen shows (``data-version``; -1 before the first state)."""
    return page.evaluate("() => Number(document.querySelector('[data-version]')?.dataset.version ?? -1)")


def answered(page: Any, action: Any) -> None:
    """Do ``action`` (a host op, a move) and wait until the screen shows the room version the hub answers with."""
    before = version(page)
    action()
    page.wait_for_function(
        "v => Number(document.querySelector('[data-version]')?.dataset.version ?? -1) > v", arg=before
    )


def settle(page: Any) -> None:
    """Run every animation that ends to its end and let the page paint: a screenshot shows the settled screen."""
    page.evaluate(
        """() => new Promise((done) => {
            document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity).forEach((a) => a.finish());
            requestAnimationFrame(() => requestAnimationFrame(done));
        })"""
    )


#: Ends every animation that ends by itself (fades, pops), leaving the endless ones (a pulse) running.
FINISH_ANIMATIONS = """() => new Promise((done) => {
    document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity).forEach((a) => a.finish());
    requestAnimationFrame(() => requestAnimationFrame(done));
})"""


def axe_violations(page: Any) -> list[dict]:
    """Serious and critical axe-core violations on the page as it is now, once what is fading in has arrived.

    A card fading in (the audience vote's, 0.35 s) is half transparent for a
    moment, and axe measures its words' contrast through that: finite
    animations are finished first, so the page is judged as a person reads it.
    """
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=AXE.read_text())
    page.evaluate(FINISH_ANIMATIONS)
    # target-size (WCAG 2.2, 2.5.8) is off in axe by default: every screen is checked for it too.
    options = "{resultTypes: ['violations'], rules: {'target-size': {enabled: true}}}"
    result = page.evaluate(f"async () => (await axe.run(document, {options})).violations")
    return [
        {"id": v["id"], "impact": v["impact"], "help": v["help"], "nodes": [n["target"] for n in v["nodes"]][:5]}
        for v in result
        if v["impact"] in ("serious", "critical")
    ]


def assert_accessible(page: Any, where: str) -> None:
    bad = axe_violations(page)
    assert not bad, f"axe found serious problems on {where}:\n" + json.dumps(bad, indent=1)


def assert_targets_big_enough(page: Any, where: str) -> None:
    """axe's ``target-size`` alone (WCAG 2.2: touch targets of 24 px or spaced apart): quick enough for every screen."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=AXE.read_text())
    options = "{resultTypes: ['violations'], runOnly: {type: 'rule', values: ['target-size']}}"
    found = page.evaluate(f"async () => (await axe.run(document, {options})).violations")
    bad = [{"help": v["help"], "nodes": [n["target"] for n in v["nodes"]][:8]} for v in found]
    assert not bad, f"targets too small on {where}:\n" + json.dumps(bad, indent=1)


def shot(page: Any, folder: Path, name: str) -> Path:
    """A screenshot of a screen (kept with the test's artifacts); every screen shot is checked for target size too."""
    path = folder / f"{name}.png"
    page.screenshot(path=str(path))
    assert_targets_big_enough(page, name)
    return path
