"""Screens that used to break in ordinary situations, seen in real Chromium.

A six-player New York Slice table fits a 1920x1080 and a 1280x720 TV without
scrolling from the first slice to the Guest Check; the end line names players
in a sentence; the Slicer's phone reaches its button without scrolling and
starts with nothing cut; every phone shows its own result at the end; the
join form takes the hub's 16 characters; a refused join reads as a sentence;
the TV's Start button is above the fold at 1280x720; a phone can host.
"""

from __future__ import annotations

import re

import pytest

from tests.browser import driver as d
from tests.browser import play

pytestmark = pytest.mark.browser

TV_SIZES = ({"width": 1920, "height": 1080}, {"width": 1280, "height": 720})


def _vertical_overflow(page) -> int:
    """How many pixels the page is taller than the window (0: no vertical scroll)."""
    return page.evaluate("document.documentElement.scrollHeight - window.innerHeight")


#: Restart the end panel's entrance animation and hold it 50 ms in; where the panel is then.
ENTRANCE_AT_50_MS = """() => {
    const panel = document.querySelector('.end-panel');
    panel.style.animation = 'none';
    void panel.offsetHeight;  // the restyle that lets the animation start again
    panel.style.animation = '';
    const running = panel.getAnimations();
    if (running.length === 0) throw new Error('the end panel has no entrance animation');
    for (const a of running) { a.pause(); a.currentTime = 50; }
    const r = panel.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, height: window.innerHeight };
}"""


def _next_frame(page) -> None:
    """Wait until the page has handled what happened before (a resize) and painted."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def _in_view(page, locator) -> bool:
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def _six_player_new_york_slice(browser, server, name: str):
    """A TV with New York Slice picked for the phone of ``name`` and five bots (not started)."""
    tv = d.open_tv(browser, server.url)
    phone = d.open_phone(browser, server.url, d.room_code(tv), name)
    d.choose_game(tv, "New York Slice")
    for count in range(2, 7):
        d.add_bot(tv, count)
    return tv, phone


def test_six_player_new_york_slice_fits_the_tv_and_ends_with_names(browser, server, artifacts):
    tv, phone = _six_player_new_york_slice(browser, server, "Alexandrina Q")
    # the phone's player slices first (the option names seats by player)
    tv.get_by_role("radiogroup", name="First Slicer").get_by_role("radio", name="Alexandrina Q").check()
    tv.wait_for_function("() => document.querySelector('[aria-label=\"First Slicer\"] .seg-on')?.textContent === 'Alexandrina Q'")
    d.start(tv)
    phone.locator(".nys-hand").wait_for()
    seen = {"slicer": False}
    overflow: list[tuple[int, int, int]] = []

    def check_tv(turn: int) -> None:
        for size in TV_SIZES:
            tv.set_viewport_size(size)
            _next_frame(tv)  # the TV fits its table to a new window size at once, before painting
            extra = _vertical_overflow(tv)
            if extra > 0:
                overflow.append((turn, size["width"], extra))
                d.shot(tv, artifacts, f"nys-overflow-{turn}-{size['width']}")
        # bot names are whole wherever a portion shows who took it
        for name in tv.locator(".nys-portion .chip-name").all_inner_texts():
            assert "…" not in name and not name.endswith("..."), name

    def before() -> None:
        slicer = phone.locator(".nys-slicer")
        if slicer.count() and not seen["slicer"]:
            seen["slicer"] = True
            serve = phone.get_by_role("button", name="Serve these portions")
            # the button is on screen without scrolling, and nothing is cut for the Slicer
            assert _in_view(phone, serve)
            assert not serve.is_enabled()
            assert phone.locator(".nys-scissors.on").count() == 0
            d.shot(phone, artifacts, "nys-phone-slicer")

    play.play_until_over(phone, play.new_york_slice_turn, on_turn=check_tv, before_turn=before, timeout=240)
    tv.set_viewport_size(TV_SIZES[0])
    tv.locator(".end-panel").wait_for(timeout=30000)
    tv.wait_for_timeout(900)  # the end panel's entrance has finished
    # and while it enters, it stays on the TV: its entrance played again, stopped a moment in
    for size in TV_SIZES:
        tv.set_viewport_size(size)
        _next_frame(tv)
        box = tv.evaluate(ENTRANCE_AT_50_MS)
        assert box["bottom"] <= box["height"] and box["top"] >= 0, (size, box)
        assert _vertical_overflow(tv) == 0, size
        tv.evaluate("() => document.getAnimations().forEach((a) => a.finish())")
    for size in TV_SIZES:
        tv.set_viewport_size(size)
        tv.wait_for_timeout(200)
        d.shot(tv, artifacts, f"nys-6p-end-{size['width']}")
        assert _vertical_overflow(tv) == 0, size
    assert not overflow, f"the TV scrolled (turn, width, extra px): {overflow}"
    # the end line is a sentence with player names, never "seat 3 pick up the check"
    summary = tv.locator(".end-summary").inner_text()
    assert re.fullmatch(r".+ (wins|share) the Guest Check with -?\d+ points\.", summary), summary
    assert "seat" not in summary.lower()
    winners = tv.locator(".guest-check .winner-row th").all_inner_texts()
    assert winners and all(name in summary for name in winners)
    # the phone shows its own result, not a stale hand
    phone.locator(".phone-result").wait_for()
    assert phone.locator(".nys-hand").count() == 0
    assert re.match(r"You won!|Not this time", phone.locator(".phone-own-result").inner_text())
    assert re.fullmatch(r"Your score: -?\d+", phone.locator(".phone-own-score").inner_text())
    d.shot(phone, artifacts, "nys-phone-end")
    assert seen["slicer"], "the phone never sliced"


def test_join_form_lobby_start_and_friendly_errors(browser, server, artifacts):
    tv = d.open_tv(browser, server.url)
    tv.set_viewport_size({"width": 1280, "height": 720})
    code = d.room_code(tv)
    ana = d.open_phone(browser, server.url, code, "Ana")
    d.choose_game(tv, "Splittissimo")
    d.add_bot(tv, 2)
    # the Start button is on screen at 1280x720 with the options showing
    start = tv.get_by_role("button", name="Start the game")
    assert _in_view(tv, start), start.bounding_box()
    # every option shows its help line; the easy level hides the Special cards
    assert tv.locator(".options .option-help").count() >= 2
    tv.get_by_role("radiogroup", name="Level").get_by_role("radio", name="easy").check()
    tv.wait_for_function(
        "() => ![...document.querySelectorAll('.options legend, .options label')]"
        ".some(e => e.textContent.includes('Special cards'))"
    )
    d.shot(tv, artifacts, "tv-lobby-720")
    # a name over the hub's 16 characters is refused with the limit, never cut to fit
    second = browser.new_context(viewport=d.PHONE_SIZE, is_mobile=True, has_touch=True)
    page = second.new_page()
    page.goto(f"{server.url}/join/{code}")
    page.get_by_label("Your name").fill("Abcdefghijklmnopq")
    page.get_by_role("button", name="Join").click()
    too_long = page.locator(".form-error")
    too_long.wait_for(timeout=10000)
    assert "16" in too_long.inner_text() and "shorter" in too_long.inner_text()
    assert page.get_by_label("Your name").input_value() == "Abcdefghijklmnopq"
    # a refused join (the name is taken) reads as a sentence, not a server fragment
    page.get_by_label("Your name").fill("ana")
    page.get_by_role("button", name="Join").click()
    error = page.locator(".form-error")
    error.wait_for(timeout=10000)
    assert error.inner_text() == (
        "Someone here is already called ana. Is this you on a new phone? Ask the host for a code, then tap I had a seat."
        " If not, pick another name."
    )  # the name from the error's params
    d.shot(page, artifacts, "phone-join-name-taken")
    assert ana.locator(".phone-header").is_visible()


def test_new_york_slice_first_slicer_lists_players_by_name(browser, server, artifacts):
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    d.open_phone(browser, server.url, code, "Ana")
    d.choose_game(tv, "New York Slice")
    d.add_bot(tv, 2)
    d.add_bot(tv, 3)
    group = tv.get_by_role("radiogroup", name="First Slicer")
    tv.wait_for_function("() => document.querySelectorAll('[aria-label=\"First Slicer\"] .seg').length === 4")
    assert group.locator(".seg").all_inner_texts() == ["Random", "Ana", "Bot 1", "Bot 2"]


#: Every slice label on the page, measured: the number inside its triangle (the shape is clipped to
#: one by ``clip-path``), the name inside its box and inside every ancestor that clips its overflow.
SLICE_LABELS = """() => {
    const out = [];
    const textBox = (el) => { const r = document.createRange(); r.selectNodeContents(el); return r.getBoundingClientRect(); };
    for (const card of document.querySelectorAll('.slice-card')) {
        const shape = card.querySelector('.slice-shape');
        const num = card.querySelector('.slice-num');
        if (shape && num) {
            const s = shape.getBoundingClientRect(), t = textBox(num);
            // inside the triangle (0,0)-(w,0)-(w/2,h): at height y its half-width is w/2 * (1 - y/h)
            const half = (y) => (s.width / 2) * (1 - (y - s.top) / s.height);
            const mid = s.left + s.width / 2, bottom = Math.min(t.bottom, s.bottom);
            const fits = t.left >= mid - half(bottom) - 1 && t.right <= mid + half(bottom) + 1 && t.top >= s.top - 1;
            out.push({ kind: 'number', text: num.textContent, fits, text_box: [t.left, t.right, t.bottom],
                       shape: [s.left, s.right, s.top, s.bottom] });
        }
        const name = card.querySelector('.slice-name');
        if (name) {
            const t = textBox(name), b = name.getBoundingClientRect();
            let fits = name.scrollWidth <= name.clientWidth + 1 && name.scrollHeight <= name.clientHeight + 1
                && t.left >= b.left - 1 && t.right <= b.right + 1;
            for (let up = name.parentElement; up && fits; up = up.parentElement) {
                const style = getComputedStyle(up);
                if (style.overflowX !== 'visible' || style.overflowY !== 'visible' || style.clipPath !== 'none') {
                    const a = up.getBoundingClientRect();
                    fits = t.left >= a.left - 1 && t.right <= a.right + 1 && t.top >= a.top - 1 && t.bottom <= a.bottom + 1;
                }
            }
            out.push({ kind: 'name', text: name.textContent, fits, text_box: [t.left, t.right, t.bottom] });
        }
    }
    return out;
}"""


def test_new_york_slice_labels_fit_their_boxes_on_the_tv(browser, server, artifacts):
    # Given a six-player New York Slice game on the TV (the most slices, the smallest cards)
    tv, phone = _six_player_new_york_slice(browser, server, "Ana")
    d.start(tv)
    phone.locator(".nys-hand").wait_for()
    import random
    import time

    rng = random.Random(5)
    # the slices reach the table once the first Slicer has cut: the phone's player, when it is theirs
    cards, deadline = tv.locator(".tv-game .slice-card"), time.monotonic() + 60
    while not cards.count() and time.monotonic() < deadline:
        if play.my_turn(phone):
            play.new_york_slice_turn(phone, rng)
        phone.wait_for_timeout(100)
    cards.first.wait_for()
    measured: list[dict] = []

    def measure(turn: int) -> None:
        for size in TV_SIZES:
            tv.set_viewport_size(size)
            _next_frame(tv)
            labels = tv.evaluate(SLICE_LABELS)
            clipped = [label for label in labels if not label["fits"]]
            if clipped:
                d.shot(tv, artifacts, f"nys-clipped-label-{turn}-{size['width']}")
            # Then every slice's number sits inside its triangle and every name inside its box, unclipped
            assert clipped == [], (size, clipped)
            measured.extend(labels)

    measure(0)
    # ... and on the table as the game goes on (portions, plates), after each of the phone's first turns
    played, deadline = 0, time.monotonic() + 120
    while played < 3 and not play.game_over(phone) and time.monotonic() < deadline:
        if play.my_turn(phone) and play.new_york_slice_turn(phone, rng):
            played += 1
            tv.wait_for_timeout(400)
            measure(played)
        else:
            phone.wait_for_timeout(100)
    assert played >= 1
    kinds = {label["kind"] for label in measured}
    assert kinds == {"number", "name"} and len(measured) > 20, (kinds, len(measured))
