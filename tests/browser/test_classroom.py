"""A class in Chromium: a teacher on a projector and six students on phones and a tablet.

The teacher opens a class at /teacher, six students join at /class/CODE,
the teacher starts a game at every table (two phone-only tables of three),
each student sees the table above their own hand, one reloads and comes
back to the same table and hand, everyone plays to the end while the
dashboard follows, and the downloaded CSV matches the class's report.
"""

from __future__ import annotations

import csv
import io
import random
import re
import time

from tests.browser.conftest import TV_SIZE
from tests.browser.driver import shot
from tests.browser.play import game_over, my_turn, splittissimo_turn

NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eli", "Fay")
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1280, "height": 800}


def open_student(browser, url: str, code: str, name: str, size: dict):
    context = browser.new_context(viewport=size, is_mobile=size is PHONE, has_touch=True)
    page = context.new_page()
    page.goto(f"{url}/class/{code}")
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Join").click()
    # The first student is alone in the class: their phone says it waits for a classmate.
    page.get_by_text(re.compile("waiting for (the teacher|a classmate)", re.IGNORECASE)).wait_for()
    return page


def hand_texts(page) -> list[str]:
    return [
        label or ""
        for label in page.locator(".sp-hand .sp-row")
        .nth(1)
        .locator("svg")
        .evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    ]


def test_a_class_plays_to_the_end_on_phones_with_the_dashboard_live(server, browser, artifacts):
    teacher = browser.new_context(viewport=TV_SIZE, accept_downloads=True).new_page()
    teacher.goto(f"{server.url}/teacher")
    teacher.locator("select[name=level]").select_option("easy")
    teacher.locator("input[name=reaction]").fill("0")
    teacher.get_by_role("button", name="Open the class").click()
    code = teacher.locator(".teacher-code").inner_text().strip()
    assert len(code) == 6  # class codes are longer than room codes (docs/protocol.md, "Class codes")

    students = {NAMES[0]: open_student(browser, server.url, code, NAMES[0], PHONE)}
    # Ada is alone in the class: her phone says she waits for a classmate (nobody plays alone) ...
    students["Ada"].get_by_text("waiting for a classmate").wait_for()
    for name in NAMES[1:]:
        students[name] = open_student(browser, server.url, code, name, TABLET if name == "Fay" else PHONE)
    # ... and once classmates are in, for the teacher.
    students["Ada"].get_by_text("Waiting for the teacher").wait_for()
    shot(teacher, artifacts, "teacher-lobby")
    teacher.get_by_role("button", name="Start a game at every table").click()
    teacher.locator(".class-table").nth(1).wait_for()
    assert teacher.locator(".class-table").count() == 2
    for page in students.values():
        page.locator(".phone-table").wait_for(timeout=15000)
        page.locator(".sp-hand").wait_for()
    shot(students["Ada"], artifacts, "student-phone")
    shot(students["Fay"], artifacts, "student-tablet")
    shot(teacher, artifacts, "teacher-dashboard")

    # A reload brings Ben back to the same table and the same hand.
    before = hand_texts(students["Ben"])
    table_before = students["Ben"].locator(".phone-code").inner_text()
    students["Ben"].reload()
    students["Ben"].locator(".sp-hand").wait_for(timeout=15000)
    assert students["Ben"].locator(".phone-code").inner_text() == table_before
    assert hand_texts(students["Ben"]) == before

    rng = random.Random(3)
    deadline = time.monotonic() + 240
    seen_tricks = set()
    while not all(game_over(page) for page in students.values()):
        assert time.monotonic() < deadline, "the class's games did not end in time"
        for page in students.values():
            if not game_over(page) and my_turn(page):
                splittissimo_turn(page, rng, ask_hint=False)
                page.wait_for_timeout(100)
        seen_tricks.update(teacher.locator(".class-tricks").all_inner_texts())
        teacher.wait_for_timeout(50)
    assert len(seen_tricks) > 2, seen_tricks  # the projector followed the tricks as they came
    teacher.get_by_text("Game over").first.wait_for()
    teacher.wait_for_function(
        "document.querySelectorAll('.class-table').length === 2"
        " && [...document.querySelectorAll('.class-table-phase')].every(e => e.textContent === 'Game over')"
    )
    shot(teacher, artifacts, "teacher-dashboard-end")

    with teacher.expect_download() as download:
        teacher.get_by_role("button", name="Download CSV").click()
    rows = list(csv.DictReader(io.StringIO(open(download.value.path(), encoding="utf-8").read())))
    report = teacher.evaluate(
        """async (code) => {
            const t = JSON.parse(localStorage.getItem('pizzanight:teacher')).token;
            return (await fetch(`/api/classes/${code}/report`, {headers: {Authorization: `Bearer ${t}`}})).json();
        }""",
        code,
    )
    assert sorted(row["name"] for row in rows) == sorted(NAMES)
    for row in rows:
        assert row["games"] == "1"
        assert int(row["tricks"]) == sum(1 for t in report["tricks"] if t["name"] == row["name"])
        assert int(row["misses"]) == sum(1 for m in report["misses"] if m["name"] == row["name"])
    assert sum(int(row["tricks"]) for row in rows) > 0
