"""The teacher's screens in Spanish: a teacher whose browser speaks Spanish
opens a class in Spanish, students join, and the projector's dashboard shows
every table in Spanish; the on-screen switch turns it to English and back."""

from __future__ import annotations

import pytest

from tests.browser.conftest import TV_SIZE
from tests.browser.driver import assert_accessible, shot
from tests.browser.test_classroom import PHONE, open_student

pytestmark = pytest.mark.browser


def test_the_teacher_dashboard_speaks_spanish(server, browser, artifacts):
    # Given a teacher whose browser speaks Spanish
    teacher = browser.new_context(viewport=TV_SIZE, locale="es-ES").new_page()
    teacher.goto(f"{server.url}/teacher")
    # Then the class form is in Spanish, levels included
    teacher.get_by_role("heading", name="Empezar una clase").wait_for()
    assert teacher.locator("select[name=level] option").all_inner_texts() == ["Fácil", "Normal", "Avanzado"]
    teacher.locator("select[name=level]").select_option("easy")
    teacher.locator("input[name=table_size]").fill("2")  # four students: two tables of two
    teacher.get_by_role("button", name="Abrir la clase").click()
    code = teacher.locator(".teacher-code").inner_text().strip()
    # When four students join and the teacher starts every table (tables of 2)
    for name in ("Ada", "Ben", "Cai", "Dee"):
        open_student(browser, server.url, code, name, PHONE)
    teacher.get_by_role("button", name="Empezar una partida en cada mesa").click()
    teacher.locator(".class-table").nth(1).wait_for(timeout=15000)
    # Then every table and the report are in Spanish
    teacher.get_by_role("heading", name="Mesa 1").wait_for()
    teacher.wait_for_function("[...document.querySelectorAll('.class-tricks')].every(e => e.textContent.startsWith('Bazas'))")
    assert teacher.locator(".class-report th").first.inner_text() == "Nombre"
    assert teacher.get_by_role("button", name="Descargar CSV").is_visible()
    shot(teacher, artifacts, "teacher-dashboard-es")
    assert_accessible(teacher, "teacher dashboard in Spanish")
    # And the switch turns the projector to English, and back
    teacher.locator(".lang-switch[data-lang=en]").click()
    teacher.get_by_role("button", name="Start a game at every table").wait_for()
    teacher.locator(".lang-switch[data-lang=es]").click()
    teacher.get_by_role("heading", name="Mesa 2").wait_for()
