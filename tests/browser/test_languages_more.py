"""The screens the first two language walks left out, in both languages, in real Chromium.

Like test_languages.py and test_languages_party.py (whose helpers this
uses): each screen opens in a Spanish browser, must hold no English
catalogue phrase (the classroom's catalogue too, on the class screens), is
screenshotted in Spanish and, after the on-screen switch, in English
(test-artifacts/browser/<test>/<screen>.<lang>.png; the pairs in
docs/screenshots/languages/ for these screens were taken by this test).
The screens: the host panel on a phone in a room with a TV, a turn
countdown on the TV and on the phone whose turn it is, a late joiner's
phone, the room-ended screen on a phone, the second TV tab's question, the
sit-out picker, the class join page, a student's phone at a class table and
the teacher's dashboard.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest

from tests.browser.conftest import TV_SIZE, WEB
from tests.browser.test_languages import check_both, english_on, spanish_context
from tests.browser.test_languages_party import element_both, fits

pytestmark = pytest.mark.browser


@cache
def class_english_phrases() -> tuple[str, ...]:
    """The classroom catalogue's English phrases (two words or more) that its Spanish one does not share."""
    english = (WEB / "src" / "classroom" / "strings.ts").read_text(encoding="utf-8")
    english = english[english.index("export const classEn = {") : english.index("export type ClassStrings")]
    spanish = (WEB / "src" / "classroom" / "strings.es.ts").read_text(encoding="utf-8")
    pieces: set[str] = set(re.findall(r'"((?:[^"\\]|\\.)*)"', english))
    for template in re.findall(r"`([^`]*)`", english):
        pieces.update(re.split(r"\$\{[^}]*\}", template))
    phrases = {p.strip(" :;,.…()!?") for p in pieces}
    return tuple(p for p in phrases if len(re.findall(r"[A-Za-z]{2,}", p)) >= 2 and p not in spanish)


def no_english(page: Any, screen: str) -> None:
    found = english_on(page) + [p for p in class_english_phrases() if p in page.locator("body").inner_text()]
    assert found == [], f"English on the Spanish {screen}: {found}"


def join_spanish(browser: Any, url: str, code: str, name: str) -> Any:
    phone = spanish_context(browser, phone=True)
    phone.goto(f"{url}/join/{code}")
    phone.get_by_label("Tu nombre").fill(name)
    phone.get_by_role("button", name="Entrar", exact=True).click()
    phone.locator(".phone-header").wait_for()
    return phone


def test_host_phone_countdown_late_joiner_and_room_end_in_both_languages(browser, server, artifacts):
    shots: list[str] = []
    tv = spanish_context(browser, phone=False)
    tv.goto(f"{server.url}/tv")
    code = tv.locator(".room-code").inner_text().strip()
    # Lucía's phone hosts a room that has a TV: her host panel, with a turn timer chosen
    host = join_spanish(browser, server.url, code, "Lucía")
    panel = host.locator(".phone-host")
    panel.get_by_role("radio", name="Pizza Theory").click()
    host.wait_for_function("() => document.querySelector('.game-card-on')?.textContent.includes('Pizza Theory')")
    panel.get_by_role("radio", name="Normal · 60 s").click()
    tv.wait_for_function("() => document.querySelector('.turn-timer .seg-on')?.textContent.includes('60')")
    panel.get_by_role("button", name="Añadir un robot").click()
    tv.wait_for_function("() => document.querySelectorAll('.player-list li').length === 2")
    fits(host, "the host phone", tv=False)
    no_english(host, "host phone")
    element_both(host, artifacts, "phone-host-menu", ".phone-host", shots)
    panel.get_by_role("button", name="Empezar la partida").click()
    host.locator(".pt-hand").wait_for()
    # the countdown on the TV and on the phone whose turn it is
    host.get_by_role("timer").wait_for(timeout=20000)
    tv.get_by_role("timer").wait_for()
    check_both(host, artifacts, "phone-countdown", shots)
    check_both(tv, artifacts, "tv-countdown", shots)
    # Ben joins during the game: he sees the table, and plays from the next game
    ben = join_spanish(browser, server.url, code, "Ben")
    ben.locator(".phone-late").wait_for()
    ben.locator(".phone-late .table-brief").wait_for()
    fits(ben, "the late joiner's phone", tv=False)
    check_both(ben, artifacts, "phone-late-joiner", shots)
    # the host phone's menu ends the room (the TV shows no menu while a phone hosts): every phone shows the end screen
    host.locator(".host-menu-btn").click()
    menu = host.get_by_role("dialog", name="Menú del anfitrión")
    menu.get_by_role("tab", name="Sala").click()
    menu.get_by_role("button", name="Terminar la sala").click()
    host.get_by_role("alertdialog").get_by_role("button", name="Sí, terminar").click()
    ben.locator(".room-ended").wait_for(timeout=10000)
    fits(ben, "the room-ended phone", tv=False)
    check_both(ben, artifacts, "phone-room-ended", shots)
    assert len(shots) == 5, shots


def test_second_tab_and_sit_out_picker_in_both_languages(browser, server, artifacts):
    shots: list[str] = []
    context = browser.new_context(viewport=TV_SIZE, locale="es-ES")  # one browser: tabs share storage
    first = context.new_page()
    first.goto(f"{server.url}/tv")
    code = first.locator(".room-code").inner_text().strip()
    second = context.new_page()
    second.goto(f"{server.url}/tv")
    second.get_by_role("heading", name=f"La sala {code} está abierta en otra pestaña").wait_for()
    check_both(second, artifacts, "tv-second-tab-asks", shots)
    # four players, a three-player game: the host chooses who sits out
    join_spanish(browser, server.url, code, "Ana")
    first.get_by_role("radio", name=re.compile("New York Slice")).click()
    for n in (2, 3, 4):
        first.get_by_role("button", name="Añadir un robot").click()
        first.wait_for_function("n => document.querySelectorAll('.player-list li').length >= n", arg=n)
    first.get_by_role("radio", name=re.compile("Pizza Theory")).click()
    first.locator(".picker").wait_for()
    first.get_by_role("button", name=re.compile("^Descansa: Bot 2")).click()
    first.get_by_role("button", name=re.compile("^Que juegue: Bot 2")).wait_for()
    check_both(first, artifacts, "tv-lobby-sit-out", shots)
    assert len(shots) == 2, shots


def test_class_join_student_table_and_teacher_dashboard_in_both_languages(browser, server, artifacts):
    shots: list[str] = []
    teacher = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="es-ES").new_page()
    teacher.goto(f"{server.url}/teacher")
    teacher.locator("select[name=level]").select_option("easy")
    teacher.locator("input[name=table_size]").fill("2")  # four students: two tables of two
    teacher.get_by_role("button", name="Abrir la clase").click()
    code = teacher.locator(".teacher-code").inner_text().strip()
    # the class join page on a student's phone
    students = []
    for name in ("Ada", "Ben", "Cai", "Dee"):
        phone = spanish_context(browser, phone=True)
        phone.goto(f"{server.url}/class/{code}")
        phone.get_by_label("Tu nombre").wait_for()
        if not students:
            fits(phone, "the class join page", tv=False)
            no_english(phone, "class join page")
            check_both(phone, artifacts, "class-join", shots)
        phone.get_by_label("Tu nombre").fill(name)
        phone.get_by_role("button", name="Entrar").click()
        phone.locator(".class-wait").wait_for()
        students.append(phone)
    # the teacher starts every table: a student's phone at a phones-only table, and the dashboard
    teacher.get_by_role("button", name="Empezar una partida en cada mesa").click()
    teacher.locator(".class-table").nth(1).wait_for(timeout=15000)
    ada = students[0]
    ada.locator(".phone-table").wait_for(timeout=15000)
    ada.locator(".sp-hand").wait_for()
    fits(ada, "a student's phone at a class table", tv=False)
    no_english(ada, "student's phone at a class table")
    check_both(ada, artifacts, "class-phone-table", shots)
    teacher.wait_for_function("[...document.querySelectorAll('.class-tricks')].every(e => e.textContent.startsWith('Bazas'))")
    teacher.locator(".class-report tbody tr").first.wait_for()
    no_english(teacher, "teacher dashboard")
    check_both(teacher, artifacts, "teacher-dashboard", shots)
    assert len(shots) == 3, shots
