"""A teacher who opened the class on this page can carry it to another device (the "goes away" audit).

The teacher's page holds the class's secret in its browser alone: a class opened at /teacher could be run
from that one laptop, and when its battery died a paused class could be resumed by nobody. The dashboard
now shows, folded until asked for, the teacher link (what ``pizzanight class`` prints) as text and a QR
code; opened on another device it shows the same class, and the page takes the link pasted into a tab
that is already on /teacher (only the address's #part changes then, which loads nothing).
"""

from __future__ import annotations

import pytest

from tests.browser.driver import shot
from tests.browser.test_class_projector import LAPTOP, PHONE, WAIT, call

pytestmark = pytest.mark.browser


def test_the_teacher_link_opens_the_class_on_another_device_and_resumes_a_paused_class(server, browser, artifacts):
    # Given a class opened on the teacher's laptop, at /teacher, with one student, then paused
    laptop = browser.new_context(viewport=LAPTOP).new_page()
    laptop.goto(f"{server.url}/teacher")
    laptop.get_by_role("button", name="Open the class").click()
    code = laptop.locator(".teacher-code").inner_text(timeout=WAIT).strip()
    call(f"{server.url}/api/classes/{code}/join", "POST", {"name": "Ada"})
    laptop.get_by_role("button", name="Pause every table").click()
    laptop.locator(".class-paused").wait_for(timeout=WAIT)
    # The link is folded away (it holds the class's secret): nothing of it shows until asked for
    box = laptop.get_by_test_id("teacher-link")
    assert not box.locator("input").is_visible()
    # When the teacher opens "Run this class from another device"
    box.locator("summary").click()
    link = box.locator("input").input_value()
    assert link.startswith(f"{server.url}/teacher#class={code}&token=")
    assert box.get_by_role("img", name="Teacher link").is_visible()  # its QR code
    assert "never show it on the projector" in box.inner_text()
    shot(laptop, artifacts, "teacher-link-open")
    # and opens the link on a phone (another device, nothing stored)
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    phone.goto(link)
    # Then the phone shows the same class, and the secret leaves its address bar
    assert phone.locator(".teacher-code").inner_text(timeout=WAIT).strip() == code
    assert "token" not in phone.url
    # and from there the teacher resumes the paused class
    phone.get_by_role("button", name="Resume", exact=True).click()
    phone.get_by_role("button", name="Pause every table").wait_for(timeout=WAIT)
    dashboard = call(f"{server.url}/api/classes/{code}/dashboard", token=link.split("token=")[1])
    assert dashboard["paused"] is False
    shot(phone, artifacts, "teacher-dashboard-on-a-phone")


def test_the_teacher_link_pasted_into_a_tab_already_on_the_teacher_page_opens_the_class(server, browser):
    created = call(f"{server.url}/api/classes", "POST", {"options": {"level": "easy", "table_size": 3, "reaction_ms": 0}})
    page = browser.new_context(viewport=LAPTOP).new_page()
    # Given a tab on /teacher with no class of its own (it offers to open one)
    page.goto(f"{server.url}/teacher")
    page.get_by_role("button", name="Open the class").wait_for()
    assert "Run this class from another device" in page.inner_text("main")  # says where the link is found
    # When the teacher link is entered in its address bar (only the #part changes: no load)
    page.evaluate("(hash) => { location.hash = hash; }", f"class={created['code']}&token={created['token']}")
    # Then the tab shows that class
    assert page.locator(".teacher-code").inner_text(timeout=WAIT).strip() == created["code"]
