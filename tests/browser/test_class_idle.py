"""A student who never moves does not hold their table, in Chromium.

- the teacher opens a class with a 10 s turn timer (the create form's "Turn timer"): the idle student's
  phone counts down, and when it ends a bot plays their turn and the table moves on;
- with the timer off and "Needs help" after 10 s, the idle student's line in "Needs help now" offers
  "Play this turn for them": one tap and a bot plays that turn, the table moves on.

Nobody plays in either class: the first student to move waits, the test only watches whose turn it is
on the teacher's dashboard.  Screenshots of the teacher's page with the new controls are taken at
1280x800 and 768x1024.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.driver import shot
from tests.browser.test_classroom import PHONE, open_student

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 800}
TABLET = {"width": 768, "height": 1024}
#: A 10 s wait (the timer, or Needs help) plus a bot's move and a dashboard poll; never a timed assertion.
WAIT = 30000

ACTIVE = "() => document.querySelector(\".class-table[data-table='1'] tr.class-active\")?.dataset.player ?? null"


def open_class(browser: Any, url: str, artifacts: Any, *, timer: int = 0, help_idle: int = 60) -> tuple[Any, str]:
    """The teacher opens an easy class of tables of two, no speed play; their page and the class code."""
    teacher = browser.new_context(viewport=DESKTOP).new_page()
    teacher.goto(f"{url}/teacher")
    teacher.locator("select[name=level]").select_option("easy")
    teacher.locator("input[name=reaction]").fill("0")
    teacher.locator("input[name=table_size]").fill("2")
    teacher.locator("input[name=help_idle_s]").fill(str(help_idle))
    field = teacher.get_by_role("group", name="Turn timer")
    if timer:
        field.get_by_role("checkbox", name="On, after").check()
        field.get_by_label("Turn timer: seconds without a move").fill(str(timer))
        field.scroll_into_view_if_needed()
        shot(teacher, artifacts, "teacher-create-turn-timer-1280x800")
        teacher.set_viewport_size(TABLET)
        shot(teacher, artifacts, "teacher-create-turn-timer-768x1024")
        teacher.set_viewport_size(DESKTOP)
    teacher.get_by_role("button", name="Open the class").click()
    return teacher, teacher.locator(".teacher-code").inner_text().strip()


def table_of_two(browser: Any, url: str, artifacts: Any, **options: int) -> tuple[Any, dict[str, Any], str]:
    """A class whose two students sit at Table 1, dealt; the teacher's page, the phones, whose turn it is."""
    teacher, code = open_class(browser, url, artifacts, **options)
    students = {name: open_student(browser, url, code, name, PHONE) for name in ("Ada", "Ben")}
    teacher.get_by_role("button", name="Start a game at every table").click()
    # whose turn: the phone that says so, once dealt (the dashboard may name seat 1 a moment before the deal)
    for page in students.values():
        page.locator(".sp-hand").wait_for(timeout=WAIT)
    idle = None
    for _ in range(WAIT // 100):
        idle = next((name for name, page in students.items() if page.locator(".prompt-mine").count() > 0), None)
        if idle:
            break
        teacher.wait_for_timeout(100)
    assert idle, "no phone says it is its turn"
    teacher.wait_for_function(f"idle => ({ACTIVE})() === idle", arg=idle, timeout=WAIT)
    return teacher, students, idle


def moved_on(teacher: Any, idle: str) -> None:
    """Table 1 waits for someone else than ``idle`` now."""
    teacher.wait_for_function(f"idle => ({ACTIVE})() !== idle && ({ACTIVE})() !== null", arg=idle, timeout=WAIT)


def test_the_turn_timer_plays_an_idle_students_turn(server, browser, artifacts):
    teacher, students, idle = table_of_two(browser, server.url, artifacts, timer=10)
    # The class's page shows the timer it was opened with
    field = teacher.get_by_test_id("turn-timer-class")
    assert field.get_by_role("checkbox", name="On, after").is_checked()
    assert field.get_by_label("Turn timer: seconds without a move").input_value() == "10"
    field.scroll_into_view_if_needed()
    shot(teacher, artifacts, "teacher-class-turn-timer-1280x800")
    teacher.set_viewport_size(TABLET)
    shot(teacher, artifacts, "teacher-class-turn-timer-768x1024")
    # The idle student's phone counts down
    students[idle].get_by_role("timer").wait_for(timeout=WAIT)
    # When nobody moves, then after 10 s a bot plays the turn and the table moves on
    moved_on(teacher, idle)


def test_the_teacher_plays_an_idle_students_turn_from_needs_help(server, browser, artifacts):
    teacher, _, idle = table_of_two(browser, server.url, artifacts, help_idle=10)
    # After 10 s without a move, Needs help now says so, with the button on that line
    line = teacher.get_by_test_id("help-now").locator("li[data-reason=idle]", has_text=f"{idle} has not moved")
    line.get_by_text(f"{idle} has not moved for").wait_for(timeout=WAIT)
    button = line.get_by_role("button", name="Play this turn for them")
    assert button.bounding_box()["height"] >= 44
    assert teacher.evaluate(ACTIVE) == idle
    shot(teacher, artifacts, "teacher-needs-help-play-turn-1280x800")
    teacher.set_viewport_size(TABLET)
    shot(teacher, artifacts, "teacher-needs-help-play-turn-768x1024")
    # When the teacher taps it, then a bot plays the turn, no dialog asks, and the table moves on
    button.click()
    moved_on(teacher, idle)
    assert teacher.get_by_role("alertdialog").count() == 0
    assert teacher.get_by_role("alert").count() == 0
    line.wait_for(state="detached", timeout=WAIT)


def test_a_paused_class_turns_the_hand_off_on_the_students_turn(server, browser, artifacts):
    # Given it is a student's turn
    teacher, students, idle = table_of_two(browser, server.url, artifacts)
    phone = students[idle]
    take = phone.locator(".sp-hand button").first
    assert take.is_enabled()
    # When the teacher pauses the class
    teacher.get_by_role("button", name="Pause every table").click()
    # Then the phone says the turn waits for the teacher, not "Your turn", and the hand's buttons are off
    phone.locator(".prompt", has_text="Your turn goes on when your teacher resumes the game").wait_for(timeout=WAIT)
    assert phone.locator(".prompt-mine").count() == 0
    assert phone.locator(".sp-hand button").count() > 0
    assert all(not b.is_enabled() for b in phone.locator(".sp-hand button").all())
    shot(phone, artifacts, "student-phone-paused-on-own-turn")
    # When the teacher resumes, then it is the student's turn again, the buttons on
    teacher.get_by_role("button", name="Resume", exact=True).click()
    phone.locator(".prompt-mine").wait_for(timeout=WAIT)
    assert phone.locator(".sp-hand button").first.is_enabled()
