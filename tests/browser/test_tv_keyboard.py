"""The TV driven by a remote (arrows and OK) or a keyboard: focus starts on a
control, arrows move it, the game picker and the host menu's tabs answer
arrows, focus is never left on the page after a screen change or a dialog,
Tab stays inside the host menu, the focus ring reads from across a room, and
a phone's turn prompt says what to do in its live region."""

from __future__ import annotations

import re

import pytest

from tests.browser import driver as d

pytestmark = pytest.mark.browser

FOCUS = """() => {
  const e = document.activeElement;
  const cs = getComputedStyle(e);
  return {tag: e.tagName, role: e.getAttribute('role'), text: (e.getAttribute('aria-label') || e.textContent || '').trim(),
    inMenu: Boolean(e.closest('.host-menu')), inDialog: Boolean(e.closest('[aria-modal=true]')),
    outline: cs.outlineWidth, colour: cs.outlineColor, fv: e.matches(':focus-visible')};
}"""


def focus(page):
    return page.evaluate(FOCUS)


def wait_focus(page, pattern: str, timeout: float = 10000) -> dict:
    """Wait until the focused element's name matches ``pattern``."""
    page.wait_for_function(
        """p => { const e = document.activeElement; return e && e !== document.body
            && new RegExp(p).test((e.getAttribute('aria-label') || e.textContent || '').trim()); }""",
        arg=pattern,
        timeout=timeout,
    )
    return focus(page)


def focus_in_confirm(page) -> None:
    """Wait for the confirmation to take focus (after the render that shows it), as a person's next key would."""
    page.wait_for_function("() => document.querySelector('[role=alertdialog]')?.contains(document.activeElement) === true")


def press_until(page, key: str, pattern: str, most: int = 20) -> dict:
    for _ in range(most):
        page.keyboard.press(key)
        f = focus(page)
        if re.search(pattern, f["text"]):
            return f
    raise AssertionError(f"{key} never reached {pattern!r}; focus on {focus(page)}")


def test_a_remote_drives_the_tv_from_the_lobby_to_the_end_of_the_room(browser, server, artifacts):
    tv = d.open_tv(browser, server.url)
    # on load, focus is on a control (not the page), and arrows move it
    f = wait_focus(tv, ".")
    assert f["tag"] == "BUTTON", f
    first = f["text"]
    tv.keyboard.press("ArrowRight")
    assert focus(tv)["text"] != first, "ArrowRight moved nothing"
    tv.keyboard.press("ArrowLeft")
    assert focus(tv)["text"] == first
    # two bots with OK alone (the remote's arrows find "Add a bot")
    if focus(tv)["text"] != "Add a bot":
        press_until(tv, "ArrowLeft", "^Add a bot$")
    for n in (1, 2):
        tv.keyboard.press("Enter")
        tv.wait_for_function("n => document.querySelectorAll('.player-list li').length >= n", arg=n)
    # the game picker is one Tab stop, and arrows move and choose
    radios = tv.get_by_role("radio", name=re.compile("Pizza Theory|New York Slice|Splittissimo"))
    assert tv.evaluate("() => [...document.querySelectorAll('.game-cards [role=radio]')].filter(e => e.tabIndex >= 0).length") == 1
    radios.filter(has_text="Pizza Theory").focus()
    tv.keyboard.press("ArrowRight")
    assert focus(tv)["text"].startswith("New York Slice")
    tv.wait_for_function("() => document.querySelector('.game-card-on')?.textContent.includes('New York Slice')")
    tv.keyboard.press("ArrowLeft")
    tv.wait_for_function("() => document.querySelector('.game-card-on')?.textContent.includes('Pizza Theory')")
    # the ring a TV shows: thick and white, unlike the orange borders at rest
    f = focus(tv)
    assert f["fv"] and float(f["outline"].rstrip("px")) >= 6 and f["colour"] == "rgb(255, 255, 255)", f
    d.settle(tv)
    d.shot(tv, artifacts, "tv-focus-game-radio")
    # down from the picker, on to Start (arrows only), and OK
    press_until(tv, "ArrowDown", "^Start the game$")
    d.shot(tv, artifacts, "tv-focus-start")
    tv.keyboard.press("Enter")
    tv.locator(".tv-game").wait_for()
    # the game's main control has focus: the Host menu button
    f = wait_focus(tv, "Host menu")
    assert f["fv"], f
    d.settle(tv)
    d.shot(tv, artifacts, "tv-focus-host-menu-button")
    # the host menu opens on its tabs; arrows move between the tabs
    tv.keyboard.press("Enter")
    menu = tv.get_by_role("dialog", name="Host menu")
    menu.wait_for()
    tv.wait_for_timeout(200)
    assert focus(tv)["role"] == "tab" and focus(tv)["text"] == "Players", focus(tv)
    tv.keyboard.press("ArrowRight")
    assert focus(tv)["text"] == "Room"
    assert menu.get_by_role("tab", name="Room").get_attribute("aria-selected") == "true"
    tv.keyboard.press("ArrowLeft")
    assert focus(tv)["text"] == "Players"
    # Tab never leaves the menu (not to the Host button, not to Sound behind it)
    for i in range(25):
        tv.keyboard.press("Tab")
        assert focus(tv)["inMenu"], f"Tab {i + 1} left the menu: {focus(tv)}"
    for i in range(25):
        tv.keyboard.press("Shift+Tab")
        assert focus(tv)["inMenu"], f"Shift+Tab {i + 1} left the menu: {focus(tv)}"
    d.shot(tv, artifacts, "tv-focus-in-host-menu")
    # "Yes, remove": the row goes, the menu stays open, and focus stays in it
    rows = menu.locator(".seat-row").count()
    menu.get_by_role("button", name="Remove Bot 2").focus()
    tv.keyboard.press("Enter")
    confirm = tv.get_by_role("alertdialog")
    confirm.wait_for()
    focus_in_confirm(tv)
    press_until(tv, "Tab", "^Yes, remove$", 4)
    tv.keyboard.press("Enter")
    confirm.wait_for(state="detached")
    tv.wait_for_function("n => document.querySelectorAll('.host-menu .seat-row').length < n", arg=rows)
    tv.wait_for_timeout(300)
    assert focus(tv)["inMenu"], f"focus left the menu after 'Yes, remove': {focus(tv)}"
    # end the room from the menu: "Yes, end it", then focus is on "Start over"
    menu.get_by_role("tab", name="Room").click()
    menu.get_by_role("button", name="End the room").focus()
    tv.keyboard.press("Enter")
    focus_in_confirm(tv)
    press_until(tv, "Tab", "^Yes, end it$", 4)
    tv.keyboard.press("Enter")
    tv.get_by_role("heading", name="The room has ended").wait_for()
    f = wait_focus(tv, "^Start over$")
    assert f["tag"] == "BUTTON"
    tv.context.close()


def test_the_tv_focuses_play_again_at_the_end_and_the_host_menu_after_it(browser, server, artifacts):
    tv = d.open_tv(browser, server.url)
    d.add_bot(tv, 1)
    d.add_bot(tv, 2)
    d.choose_game(tv, "New York Slice")
    tv.get_by_role("button", name="Start the game").focus()
    tv.keyboard.press("Enter")
    tv.locator(".tv-game").wait_for()
    wait_focus(tv, "Host menu")
    # bots play to the end: Play again has focus
    tv.locator(".end-panel").wait_for(timeout=60000)
    f = wait_focus(tv, "^Play again$")
    assert f["fv"] and float(f["outline"].rstrip("px")) >= 6, f
    d.settle(tv)
    d.shot(tv, artifacts, "tv-focus-play-again")
    tv.keyboard.press("Enter")
    tv.locator(".end-panel").wait_for(state="detached")
    tv.locator(".tv-game").wait_for()
    wait_focus(tv, "Host menu")
    tv.context.close()


def test_the_tv_focus_ring_reads_from_across_the_room(browser, server, artifacts):
    tv = d.open_tv(browser, server.url)
    d.add_bot(tv, 1)
    tv.get_by_role("button", name="Add a bot").focus()
    tv.keyboard.press("Shift+Tab")
    tv.keyboard.press("Tab")
    f = focus(tv)
    assert f["text"] == "Add a bot" and f["fv"], f
    # thick and white with a dark band round it: no resting border looks like it (those are 2-3 px, orange)
    assert f["outline"] == "6px" and f["colour"] == "rgb(255, 255, 255)", f
    halo = tv.evaluate("() => getComputedStyle(document.activeElement).boxShadow")
    assert "16px" in halo, halo
    d.settle(tv)
    d.shot(tv, artifacts, "tv-focus-add-bot")
    tv.context.close()


def test_phones_keep_their_own_focus_ring(browser, server):
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    ana = d.open_phone(browser, server.url, code, "Ana")
    ana.keyboard.press("Tab")
    f = focus(ana)
    assert f["outline"] == "3px" and f["colour"] == "rgb(255, 179, 71)", f
    tv.context.close()
    ana.context.close()


def test_the_phone_says_what_to_do_with_your_turn(browser, server):
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    ana = d.open_phone(browser, server.url, code, "Ana")
    ben = d.open_phone(browser, server.url, code, "Ben")
    # Ana hosts from her phone: she picks the game and starts
    ana.get_by_role("radio", name=re.compile("New York Slice")).click()
    ana.wait_for_function("() => document.querySelector('.game-card-on')?.textContent.includes('New York Slice')")
    ana.get_by_role("button", name="Start the game").click()
    acting = None
    for _ in range(100):
        for phone in (ana, ben):
            if phone.locator(".prompt-mine").count():
                acting = phone
        if acting:
            break
        ana.wait_for_timeout(100)
    assert acting is not None, "no phone was asked to move"
    live = acting.locator(".prompt[role=status]")
    # the live region holds the instruction the hand shows, not "Your turn" alone
    said = live.text_content()
    shown = acting.locator(".nys-hand .action-bar > p, .nys-slicer > p, .nys-choose > p").first.inner_text()
    assert shown and shown in said, (said, shown)
    assert said.startswith("Your turn"), said
    for page in (tv, ana, ben):
        page.context.close()
