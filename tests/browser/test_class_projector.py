"""The class's two views in Chromium (issue 25 §2-3): the projector on the wall, the teacher's own device.

The projector (/class/CODE/screen) shows the tables, whose turn, how far each
game is, the class code and a join QR code, with no figure about any one
student and nothing to press; it fits a 1280x720 and a 1920x1080 projector
without scrolling, in English and Spanish (fit.js, as test_fit.py).  The
teacher's view (/teacher) says why a table needs help, in words, and the
reason goes away once it is no longer true (a student's phone closed and
opened again; a student idle on their turn who then plays); its report prints
as the class's page and one block per student (print media emulated, and a
PDF of it).  Every wait is on what the page shows, never on a clock.

``PIZZANIGHT_DOC_SHOTS=1`` also writes the screenshots of docs/screenshots/class/.
"""

from __future__ import annotations

import json
import os
import random
import re
import time
import urllib.request

import pytest

from tests.browser import test_languages_more as spoken
from tests.browser.conftest import ROOT
from tests.browser.driver import shot
from tests.browser.play import my_turn, splittissimo_turn
from tests.browser.test_fit import FIT, SETTLE

pytestmark = pytest.mark.browser

SIZES = ({"width": 1280, "height": 720}, {"width": 1920, "height": 1080})
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
DOCS = ROOT / "docs" / "screenshots" / "class"
WAIT = 30000
#: Words of figures and controls that have no place on the wall, in both languages.
NOT_ON_THE_WALL = re.compile(
    r"trick|baza|pizza deliver|pizza entregada|miss|perdid|hint|pista|refus|rechaz|help|ayuda|score|punto|"
    r"winner|gana|restart|reinici|remove|quitar",
    re.IGNORECASE,
)


def call(url: str, method: str = "GET", body: dict | None = None, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    with urllib.request.urlopen(urllib.request.Request(url, data=data, method=method, headers=headers)) as reply:
        return json.loads(reply.read())


def open_class(url: str, names: list[str], **options: object) -> tuple[str, str, dict[str, str]]:
    """A class with ``names`` joined and every table started: its code, the teacher's token, each student's token."""
    created = call(
        f"{url}/api/classes", "POST", {"options": {"level": "easy", "table_size": 3, "reaction_ms": 0, **options}}
    )
    code, token = created["code"], created["token"]
    students = {name: call(f"{url}/api/classes/{code}/join", "POST", {"name": name})["token"] for name in names}
    call(f"{url}/api/classes/{code}/start", "POST", {}, token)
    return code, token, students


def student_phone(browser, url: str, code: str, name: str, token: str):
    """A student's phone, already in the class (its class token kept, as after joining), at its table."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    kept = json.dumps({"code": code, "token": token, "name": name})
    context.add_init_script(f"localStorage.setItem('pizzanight:class:{code}', {json.dumps(kept)})")
    page = context.new_page()
    page.goto(f"{url}/class/{code}")
    page.locator(".sp-hand").wait_for(timeout=WAIT)
    return page


def teacher_view(browser, url: str, code: str, token: str, size: dict = LAPTOP, locale: str = "en-US"):
    page = browser.new_context(viewport=size, locale=locale).new_page()
    page.goto(f"{url}/teacher#class={code}&token={token}")
    page.locator(".class-table").first.wait_for(timeout=WAIT)
    return page


def doc_shot(page, name: str) -> None:
    """A compressed screenshot for the docs (only when asked: they are committed, so kept small)."""
    if os.environ.get("PIZZANIGHT_DOC_SHOTS") != "1":
        return
    DOCS.mkdir(parents=True, exist_ok=True)
    path = DOCS / f"{name}.jpg"
    width, height = page.viewport_size["width"], page.evaluate("document.documentElement.scrollHeight")
    # the top of a long page (the teacher's: header, help, tables), whole for the projector
    clip = {"x": 0, "y": 0, "width": width, "height": min(height, 940)}
    page.screenshot(path=str(path), type="jpeg", quality=45, full_page=True, clip=clip)
    assert path.stat().st_size < 120_000, f"{path} is {path.stat().st_size} bytes"


def teacher_english_phrases() -> tuple[str, ...]:
    """The projector's and teacher's English phrases (two words or more) that the Spanish catalogue does not share."""
    folder = ROOT / "web-client" / "src" / "classroom"
    english = (folder / "strings.teacher.ts").read_text(encoding="utf-8")
    english = english[english.index("export const teacherEn = {") : english.index("export type TeacherStrings")]
    spanish = (folder / "strings.teacher.es.ts").read_text(encoding="utf-8")
    pieces: set[str] = set(re.findall(r'"((?:[^"\\]|\\.)*)"', english))
    for template in re.findall(r"`([^`]*)`", english):
        pieces.update(re.split(r"\$\{[^}]*\}", template))
    phrases = {p.strip(" :;,.…()!?") for p in pieces}
    return tuple(p for p in phrases if len(re.findall(r"[A-Za-z]{2,}", p)) >= 2 and p not in spanish)


def no_english(page, screen: str) -> None:
    """The Spanish page shows none of the app's, the classroom's or these views' English phrases."""
    text = page.locator("body").inner_text()
    found = [p for p in teacher_english_phrases() if p in text]
    assert found == [], f"English on the Spanish {screen}: {found}"
    spoken.no_english(page, screen)


def projector_problems(page, size: dict) -> list[str]:
    page.set_viewport_size(size)
    page.evaluate(SETTLE)
    return page.evaluate(FIT, {"ignore": []})


def check_wall(page, url: str, code: str, lang: str) -> None:
    """What the projector shows matches the hub's public answer, with no figure and no control."""
    shown = call(f"{url}/api/classes/{code}/screen")
    page.wait_for_function(
        "n => document.querySelectorAll('.proj-table').length === n", arg=len(shown["tables"]), timeout=WAIT
    )
    assert page.locator(".proj-code").inner_text().strip() == code
    qr = page.locator(".proj-qr svg[role=img]")
    assert qr.get_attribute("aria-label") == shown["join"] and qr.is_visible()
    # whose turn, at each table: the line says it in words and names the player marked in the list
    for table in shown["tables"]:
        card = page.locator(f".proj-table[data-table='{table['number']}']")
        for player in table["players"]:
            assert card.locator(".proj-name", has_text=player["name"]).count() == 1
        if table["phase"] != "playing":
            continue
        turn, marked = card.evaluate(
            "c => [c.querySelector('.proj-turn')?.textContent, c.querySelector('.proj-active .proj-name')?.textContent]"
        )
        if marked is None:  # nobody has the turn while the cards are dealt (the game's first seconds)
            assert turn is None
            continue
        assert marked in {p["name"] for p in table["players"]}
        assert turn == (f"{marked}'s turn" if lang == "en" else f"Turno de {marked}")
    # nothing to press or type: no button, link, field, nor anything focusable
    assert page.locator("button, a[href], input, select, textarea, [role=button], [tabindex]").count() == 0
    # no figure about anyone: once a table's name and its progress line are taken out, no number is left
    # (read in one go: bots play on, and a progress line read apart from its card may have moved meanwhile)
    for card in page.locator(".proj-table").all():
        text = card.evaluate(
            "c => { const k = c.cloneNode(true); k.querySelectorAll('h2, .proj-progress').forEach((e) => e.remove());"
            " document.body.appendChild(k); const t = k.innerText; k.remove(); return t; }"
        )
        assert not re.search(r"\d", text), f"a figure on the wall: {text!r}"
    wall = page.locator("body").inner_text()
    assert not NOT_ON_THE_WALL.search(wall), f"a figure or a control's word on the wall: {NOT_ON_THE_WALL.search(wall)}"


def test_the_projector_shows_tables_turns_and_joining_no_figures_and_fits(server, browser, artifacts):
    # Given a class of nine at three tables, mid-game
    names = ["Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Maximiliano"]
    code, token, _ = open_class(server.url, names)
    board = call(f"{server.url}/api/classes/{code}/dashboard", token=token)
    assert len(board["tables"]) == 3
    for lang in ("en", "es"):
        # When the projector opens it, in each language
        page = browser.new_context(viewport=SIZES[0]).new_page()
        page.goto(f"{server.url}/class/{code}/screen?lang={lang}")
        page.wait_for_function("l => document.documentElement.lang === l", arg=lang)
        # Then it shows the tables, whose turn, the code and the QR, and nothing about any one student
        check_wall(page, server.url, code, lang)
        # And it fits both projector sizes without scrolling, clipping or overlapping
        for size in SIZES:
            problems = projector_problems(page, size)
            shot(page, artifacts, f"projector-{lang}-{size['width']}")
            assert problems == [], f"projector {lang} {size['width']}x{size['height']}: {problems}"


def test_the_projector_says_when_a_bot_plays_for_a_student_and_still_fits(quick, browser, artifacts):
    # Given a class of nine at three tables whose phones never open: past the class grace, a bot plays for each
    names = ["Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Maximiliano"]
    code, _, _ = open_class(quick.url, names)
    deadline = time.monotonic() + WAIT / 1000
    while not all(p["stand_in"] for t in call(f"{quick.url}/api/classes/{code}/screen")["tables"] for p in t["players"]):
        assert time.monotonic() < deadline, "no bot stood in for the absent students"
        time.sleep(0.2)
    for lang, words in (("en", "a bot plays for now"), ("es", "un bot juega por ahora")):
        # When the projector shows the class
        page = browser.new_context(viewport=SIZES[1]).new_page()
        page.goto(f"{quick.url}/class/{code}/screen?lang={lang}")
        page.wait_for_function("l => document.documentElement.lang === l", arg=lang)
        check_wall(page, quick.url, code, lang)
        # Then each of them is said, in words, to be played by a bot (a stand-in is never "away": never connected)
        page.wait_for_function("n => document.querySelectorAll('.proj-tag').length === n", arg=len(names))
        assert page.locator(".proj-tag").all_inner_texts() == [words] * len(names)
        # And the tables are in their numbers' order, and the longer words still fit both sizes
        assert page.locator(".proj-table").evaluate_all("els => els.map(e => e.dataset.table)") == ["1", "2", "3"]
        for size in SIZES:
            problems = projector_problems(page, size)
            shot(page, artifacts, f"projector-bots-{lang}-{size['width']}")
            assert problems == [], f"projector {lang} {size['width']}x{size['height']}: {problems}"


def test_the_teacher_sees_why_a_table_needs_help_until_it_is_solved_and_prints_the_report(server, browser, artifacts):
    # Given six students at two tables, every phone open, and a class whose "needs help" waits 10 s for a move
    names = ["Ada", "Ben", "Cleo", "Dev", "Eli", "Fay"]
    code, token, students = open_class(server.url, names, help_idle_s=10)
    phones = {name: student_phone(browser, server.url, code, name, students[name]) for name in names}
    teacher = teacher_view(browser, server.url, code, token)
    help_now = teacher.get_by_test_id("help-now")
    teacher.locator(".class-report tbody tr").nth(len(names) - 1).wait_for(timeout=WAIT)
    assert teacher.get_by_test_id("report-updated").is_visible()  # fetched as the page opened, and says when

    # When Ben's phone is closed, the teacher reads that Ben is disconnected, on top and on his table
    ben_table = teacher.locator(".class-table", has=teacher.locator("tr[data-player='Ben']"))
    phones.pop("Ben").context.close()
    help_now.get_by_text("Ben is disconnected").wait_for(timeout=WAIT)
    ben_table.locator(".class-help").get_by_text("Ben is disconnected").wait_for()
    # ... and when it opens again, the reason goes away
    phones["Ben"] = student_phone(browser, server.url, code, "Ben", students["Ben"])
    help_now.get_by_text("Ben is disconnected").wait_for(state="detached", timeout=WAIT)

    # When the student whose turn it is does not move, the teacher reads who and for how long ...
    deadline = time.monotonic() + WAIT / 1000
    while (active := next(t["active"] for t in call(f"{server.url}/api/classes/{code}/dashboard", token=token)["tables"])) is None:
        assert time.monotonic() < deadline, "nobody ever had the turn"  # (nobody has it while the cards are dealt)
        time.sleep(0.1)
    idle = help_now.get_by_text(re.compile(rf"{active} has not moved for \d+ s on their turn"))
    idle.wait_for(timeout=WAIT)
    shot(teacher, artifacts, "teacher-help")
    # ... and once they play, it goes away
    phone = phones[active]
    rng = random.Random(7)
    while my_turn(phone):
        splittissimo_turn(phone, rng, ask_hint=False)
        phone.wait_for_timeout(100)
    idle.wait_for(state="detached", timeout=WAIT)

    # "Adapt dot levels automatically" is one tap, and the class takes it (its options say so)
    teacher.locator(".teacher-controls input[name=adapt_levels]").click()
    teacher.wait_for_function(
        """async ([code, token]) => {
            const board = await (await fetch(`/api/classes/${code}/dashboard`, {headers: {Authorization: `Bearer ${token}`}})).json();
            return board.options.adapt_levels === true;
        }""",
        arg=[code, token],
        timeout=WAIT,
    )
    # (the page shows the box ticked once its next look at the dashboard is back)
    teacher.wait_for_function("() => document.querySelector('.teacher-controls input[name=adapt_levels]').checked", timeout=WAIT)
    # each table shows its suggested dots for the next game, with the hub's reason in words
    for number in (1, 2):
        teacher.locator(f"[data-suggest='{number}']").get_by_text(f"Table {number}:").wait_for(timeout=WAIT)

    # The labels are words: no emoji and no symbol stands for a meaning on the teacher's view
    text = teacher.locator("main").inner_text()
    assert not re.search(r"[\u2600-\u27bf\U0001f000-\U0001faff]", text), "an emoji or symbol on the teacher's view"
    doc_shot(teacher, "teacher-en")

    # The projector shows the same class without figures, and the screenshots in both languages
    wall = browser.new_context(viewport=SIZES[0]).new_page()
    wall.goto(f"{server.url}/class/{code}/screen?lang=en")
    check_wall(wall, server.url, code, "en")
    doc_shot(wall, "projector-en")
    for size in SIZES:  # two tables drawn larger still fit
        assert projector_problems(wall, size) == [], size
    wall.goto(f"{server.url}/class/{code}/screen?lang=es")
    check_wall(wall, server.url, code, "es")
    no_english(wall, "projector")
    doc_shot(wall, "projector-es")
    teacher.locator(".lang-switch[data-lang=es]").click()
    teacher.get_by_role("heading", name="Mesa 1").wait_for()
    teacher.locator(".class-report tbody tr").nth(len(names) - 1).wait_for()
    no_english(teacher, "teacher's view")
    doc_shot(teacher, "teacher-es")
    teacher.locator(".lang-switch[data-lang=en]").click()
    teacher.get_by_role("heading", name="Table 1").wait_for()

    # The report prints as the class's own page, then one block per student (print media emulated)
    teacher.emulate_media(media="print")
    assert teacher.locator(".class-print").is_visible()
    for hidden in (".teacher-controls", ".class-tables", ".class-report-head", ".teacher-header"):
        assert not teacher.locator(hidden).is_visible(), hidden
    blocks = teacher.locator(".print-student")
    assert sorted(blocks.evaluate_all("els => els.map(e => e.dataset.student)")) == sorted(names)
    assert teacher.locator(".print-class").evaluate("e => getComputedStyle(e).breakAfter") == "page"
    assert set(blocks.evaluate_all("els => els.map(e => getComputedStyle(e).breakInside)")) == {"avoid"}
    assert teacher.locator(".print-student .print-next").count() == len(names)  # every student's next step
    pdf = teacher.pdf(format="A4")
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert pages >= 2, pages  # the class's page, then the students' blocks
    (artifacts / "report.pdf").write_bytes(pdf)
    teacher.emulate_media(media="screen")
    assert teacher.locator(".teacher-controls").is_visible() and not teacher.locator(".class-print").is_visible()
