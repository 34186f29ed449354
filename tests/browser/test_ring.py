"""The pizza reads from the sofa (issue 27), measured in Chromium.

New York Slice's ring with six players (the smallest portions, the most
crowded TV) at 1920x1080 and 1280x720: every slice's name is inside the
window and outside the pizza, no two names overlap, each number and topping
mark sits inside its own wedge, nothing is clipped and the page does not
scroll; the TV's ring and the Slicer's phone name the slices alike, in
English and in Spanish.  Pizza
Theory's phone draws the pizza turned as the TV does, its cut lines numbered
in the same places.  Screenshots of both go to test-artifacts/browser/.
"""

from __future__ import annotations

import math

import pytest

from tests.browser import driver as d

pytestmark = pytest.mark.browser

TV_SIZES = ({"width": 1920, "height": 1080}, {"width": 1280, "height": 720})

#: Every animation that ends run to its end (pulses go on), then two frames: what the TV shows once it has settled.
SETTLE = """() => {
    document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity).forEach((a) => a.finish());
    return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
}"""

#: The ring as drawn: boxes in page pixels, the pizza's centre and radius, each wedge's angles.
RING = """() => {
    const rect = (e) => { const r = e.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }; };
    const svg = document.querySelector('.nys-ring');
    const crust = document.querySelector('.nys-ring-crust').getBoundingClientRect();
    const centre = { x: crust.left + crust.width / 2, y: crust.top + crust.height / 2 };
    const slices = [...document.querySelectorAll('.nys-ring-slice')].map((g) => ({
        label: g.getAttribute('aria-label'),
        start: Number(g.dataset.start), end: Number(g.dataset.end),
        name: rect(g.querySelector('.nys-ring-name')),
        name_text: [...g.querySelectorAll('.nys-ring-name tspan')].map((t) => t.textContent).join(' '),
        name_px: g.querySelector('.nys-ring-name tspan').getBoundingClientRect().height,
        numbers: [...g.querySelectorAll('.nys-ring-num')].map(rect),
        number_px: g.querySelector('.nys-ring-num').getBoundingClientRect().height,
        marks: [...g.querySelectorAll('.nys-ring-pep, .nys-ring-fish')].map(rect),
    }));
    const special = document.querySelector('.nys-ring-special-text');
    const line = document.querySelector('.nys-special-line');
    return {
        viewport: { width: innerWidth, height: innerHeight },
        scroll: document.documentElement.scrollHeight - innerHeight,
        column: rect(document.querySelector('.nys-centre')),
        svg: rect(svg),
        centre, radius: crust.width / 2,
        slices,
        special: special && {
          text: special.textContent,
          fits: special.scrollHeight <= special.clientHeight + 1 && special.scrollWidth <= special.clientWidth + 1,
        },
        special_line: line && { box: rect(line), fits: line.scrollWidth <= line.clientWidth + 1 },
    };
}"""


def _inside(inner: dict, outer: dict, slack: float = 0.5) -> bool:
    return (
        inner["left"] >= outer["left"] - slack
        and inner["right"] <= outer["right"] + slack
        and inner["top"] >= outer["top"] - slack
        and inner["bottom"] <= outer["bottom"] + slack
    )


def _overlap(a: dict, b: dict) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def _nearest(box: dict, centre: dict) -> float:
    """Distance from the pizza's centre to the nearest point of a box."""
    dx = max(box["left"] - centre["x"], 0, centre["x"] - box["right"])
    dy = max(box["top"] - centre["y"], 0, centre["y"] - box["bottom"])
    return math.hypot(dx, dy)


def _in_wedge(box: dict, centre: dict, start: float, end: float) -> bool:
    """Every corner of ``box`` lies between the wedge's two sides (angles in degrees, SVG's clockwise)."""
    for x in (box["left"], box["right"]):
        for y in (box["top"], box["bottom"]):
            angle = math.degrees(math.atan2(y - centre["y"], x - centre["x"]))
            offset = (angle - start) % 360
            if offset > (end - start) + 0.5 and offset < 359.5:
                return False
    return True


def _speak(page, lang: str) -> None:
    """Press the page's language switch until it speaks ``lang``."""
    if page.evaluate("() => document.documentElement.lang") != lang:
        page.locator(f".lang-switch[data-lang={lang}]").first.click()
        page.wait_for_function("l => document.documentElement.lang === l", arg=lang)


def _check_ring(ring: dict, size: dict) -> None:
    viewport = {"left": 0, "top": 0, "right": ring["viewport"]["width"], "bottom": ring["viewport"]["height"]}
    slices = ring["slices"]
    assert len(slices) >= 10, slices
    assert ring["scroll"] <= 0, (size, "the page scrolls", ring["scroll"])
    # the pizza stays in its column, and the column in the window
    assert _inside(ring["svg"], ring["column"], 1), (size, ring["svg"], ring["column"])
    assert _inside(ring["column"], viewport), (size, ring["column"])
    for i, s in enumerate(slices):
        name = s["name"]
        # each name is whole, in the window and in the pizza's column, and off the pizza
        assert _inside(name, viewport), (size, s["name_text"], name)
        assert _inside(name, ring["column"], 1), (size, s["name_text"], name, ring["column"])
        assert _nearest(name, ring["centre"]) >= ring["radius"] - 0.5, (size, s["name_text"], "on the pizza")
        # no two names overlap
        for other in slices[i + 1:]:
            assert not _overlap(name, other["name"]), (size, s["name_text"], other["name_text"])
        # its number and toppings inside its own wedge, on the pizza, clear of the names
        for part in s["numbers"] + s["marks"]:
            assert _in_wedge(part, ring["centre"], s["start"], s["end"]), (size, s["label"], part)
            corners = [(x, y) for x in (part["left"], part["right"]) for y in (part["top"], part["bottom"])]
            centre = ring["centre"]
            assert all(math.hypot(x - centre["x"], y - centre["y"]) <= ring["radius"] for x, y in corners), (size, s["label"])
        for number in s["numbers"]:
            for mark in s["marks"]:
                assert not _overlap(number, mark), (size, s["label"], "a mark over the number")
    if ring["special"] is not None:
        assert ring["special"]["fits"], (size, ring["special"]["text"], "the Special's name is clipped in the middle of the pizza")
        assert ring["special_line"]["fits"] and _inside(ring["special_line"]["box"], viewport), (size, ring["special_line"])


def test_new_york_slice_ring_reads_at_both_tv_sizes(browser, server, artifacts):
    # Given a six-player New York Slice whose first Slicer is the phone's player
    tv = d.open_tv(browser, server.url)
    phone = d.open_phone(browser, server.url, d.room_code(tv), "Margherita")
    d.choose_game(tv, "New York Slice")
    for count in range(2, 7):
        d.add_bot(tv, count)
    tv.get_by_role("radiogroup", name="First Slicer").get_by_role("radio", name="Margherita").check()
    tv.wait_for_function("() => document.querySelector('[aria-label=\"First Slicer\"] .seg-on')?.textContent === 'Margherita'")
    d.start(tv)
    # When the Slicer turns over a stack: eleven slices on the TV's ring
    phone.get_by_role("button", name="Stack 1").click()
    phone.locator(".nys-slicer").wait_for()
    tv.wait_for_function("() => document.querySelectorAll('.nys-ring .nys-ring-slice').length >= 10")
    figures, spreads = [], []
    for lang, size in [(lang, size) for lang in ("en", "es") for size in TV_SIZES]:
        # (the same ring in Spanish: longer names, "Pollo barbacoa", "Champiñones")
        for page in (tv, phone):
            _speak(page, lang)
        tv.set_viewport_size(size)
        tv.evaluate(SETTLE)
        ring = tv.evaluate(RING)
        d.shot(tv, artifacts, f"nys-ring-{size['width']}.{lang}")
        # Then every label reads: inside the window, off the pizza, apart, nothing clipped
        _check_ring(ring, size)
        smallest_name = min(s["name_px"] for s in ring["slices"])
        smallest_number = min(s["number_px"] for s in ring["slices"])
        figures.append((lang, size["width"], round(2 * ring["radius"]), smallest_name, smallest_number))
        left = min([s["name"]["left"] for s in ring["slices"]] + [ring["centre"]["x"] - ring["radius"]])
        right = max([s["name"]["right"] for s in ring["slices"]] + [ring["centre"]["x"] + ring["radius"]])
        spreads.append((lang, size["width"], (right - left) / (ring["column"]["right"] - ring["column"]["left"])))
    # (pizza diameter, smallest name and number line heights in px, for the record)
    print("ring figures (lang, width, pizza px, name px, number px):", figures, "share of the column:", spreads)
    # the pizza and its names fill their column's width (the names on either side reach its edges)
    for lang, width, spread in spreads:
        assert spread >= 0.85, (lang, width, spread)
    # And the Slicer's phone calls each slice what the TV calls it, in the same order
    tv_names = tv.eval_on_selector_all(".nys-ring-slice", "gs => gs.map((g) => g.getAttribute('aria-label'))")
    phone_names = phone.eval_on_selector_all(".nys-cut-name", "es => es.map((e) => e.textContent)")
    assert tv_names == phone_names
    assert not any("Combo" in name or "Combinada" in name for name in tv_names + phone_names)
    _speak(phone, "en")
    _speak(tv, "en")
    assert tv.eval_on_selector_all(".nys-ring-slice", "gs => gs.map((g) => g.getAttribute('aria-label'))") == phone.eval_on_selector_all(
        ".nys-cut-name", "es => es.map((e) => e.textContent)"
    )
    d.shot(phone, artifacts, "nys-phone-slicer")


#: Where each printed line number sits around the pizza: "x3" -> degrees from the pizza's centre.
LINE_ANGLES = """() => {
    const crust = document.querySelector('.pizza .crust').getBoundingClientRect();
    const cx = crust.left + crust.width / 2, cy = crust.top + crust.height / 2;
    const out = {};
    for (const label of document.querySelectorAll('.pizza .line-label')) {
        const r = label.querySelector('.line-badge').getBoundingClientRect();
        out[label.dataset.family + label.dataset.line] = Math.atan2(r.top + r.height / 2 - cy, r.left + r.width / 2 - cx) * 180 / Math.PI;
    }
    return out;
}"""


def test_pizza_theory_phone_and_tv_number_lines_alike(browser, server, artifacts):
    # Given a three-player Pizza Theory on the TV and the phone of one player
    tv = d.open_tv(browser, server.url)
    phone = d.open_phone(browser, server.url, d.room_code(tv), "Ana")
    d.choose_game(tv, "Pizza Theory")
    d.add_bot(tv, 2)
    d.add_bot(tv, 3)
    d.start(tv)
    # When both show the pizza
    phone.locator(".pt-hand .pizza .line-label").first.wait_for()
    tv.locator(".pt-board .pizza .line-label").first.wait_for()
    for page in (tv, phone):
        page.evaluate(SETTLE)
    tv_angles = tv.evaluate(LINE_ANGLES)
    phone_angles = phone.evaluate(LINE_ANGLES)
    d.shot(tv, artifacts, "pt-tv")
    d.shot(phone, artifacts, "pt-phone")
    # Then the phone's own six lines sit where the TV prints the same numbers: same turn, same order
    assert len(phone_angles) == 6, phone_angles
    for line, angle in phone_angles.items():
        diff = (angle - tv_angles[line] + 180) % 360 - 180
        assert abs(diff) < 2, (line, angle, tv_angles[line])
    # (the same order round the pizza follows: read clockwise, the numbers come in the same sequence)
    family = next(iter(phone_angles))[0]
    clockwise = lambda angles: [k for k, _ in sorted(angles.items(), key=lambda kv: kv[1])]  # noqa: E731
    assert clockwise(phone_angles) == clockwise({k: a for k, a in tv_angles.items() if k[0] == family})
