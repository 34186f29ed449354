"""Issue 24 in a class, in Chromium: nobody is ever stuck, and the teacher stays in charge.

- a student closes the page mid-game: after the class grace a bot plays for them (the teacher's
  dashboard and the classmates' phones say so) and the table finishes its game;
- the teacher removes a student (after confirming): a bot takes the seat at once, the game goes on,
  and the removed student's phone is back at the join form;
- a student cannot change game: no host control on the phone, no word of a TV, and a host frame
  forged with the student's own seat token is refused (``host/class_table``);
- a stuck student passes: with a trick on offer, the phone offers a pass (the class's ``pass_anytime``)
  and the turn moves on;
- a student on a new device gets their seat back with the code the teacher's page shows: announced to
  the table, the old device told, one student in the report.

The server runs with short grace periods (``--grace 1 2 2``: host, party, class), so "gone for a
while" is two seconds here, not fifteen.
"""

from __future__ import annotations

import json
import random
import re
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.sync.client import connect

from tests.browser import play
from tests.browser.conftest import TV_SIZE, Server, _build_client, start_server, stop_server
from tests.browser.driver import shot
from tests.browser.test_classroom import PHONE, open_student

pytestmark = pytest.mark.browser

#: Long enough for the class grace (two seconds here), a bot's move and a dashboard poll; never a timed assertion.
WAIT = 20000


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A hub whose grace periods are short: host 1 s, party 2 s, class 2 s."""
    _build_client()
    running = start_server(tmp_path_factory.mktemp("pizzanight-class-quick"), extra=("--grace", "1", "2", "2"))
    try:
        yield running
    finally:
        stop_server(running)


def open_class(browser: Any, url: str) -> tuple[Any, str]:
    """The teacher opens an easy class of tables of two, no speed play; their page and the class code."""
    teacher = browser.new_context(viewport=TV_SIZE).new_page()
    teacher.goto(f"{url}/teacher")
    teacher.locator("select[name=level]").select_option("easy")
    teacher.locator("input[name=reaction]").fill("0")
    teacher.locator("input[name=table_size]").fill("2")
    teacher.get_by_role("button", name="Open the class").click()
    return teacher, teacher.locator(".teacher-code").inner_text().strip()


def class_of_two(browser: Any, url: str, names: tuple[str, str] = ("Ada", "Ben")) -> tuple[Any, str, dict[str, Any]]:
    """A class whose two students sit at Table 1, dealt."""
    teacher, code = open_class(browser, url)
    students = {name: open_student(browser, url, code, name, PHONE) for name in names}
    teacher.get_by_role("button", name="Start a game at every table").click()
    for page in students.values():
        page.locator(".sp-hand").wait_for(timeout=WAIT)
    return teacher, code, students


def roster_button(teacher: Any, name: str, label: str) -> Any:
    # (exact: "New device" is also inside "Hand the seat to the new device", which shows once the new device asks)
    return teacher.locator(".class-roster li", has=teacher.get_by_text(name, exact=False)).get_by_role("button", name=label, exact=True)


def play_to_the_end(page: Any, seed: int) -> None:
    play.play_until_over(page, lambda p, rng: play.splittissimo_turn(p, rng, ask_hint=False), seed=seed, timeout=180)


def test_a_student_closes_the_page_and_the_table_finishes_its_game(quick, browser, artifacts):
    teacher, _, students = class_of_two(browser, quick.url)
    shot(students["Ada"], artifacts, "student-phone-390x844")
    # When Ben closes his page mid-game
    gone_at = time.monotonic()
    students["Ben"].context.close()
    # Then, after the class grace, a bot plays for him: Ada's phone and the teacher's dashboard say so
    students["Ada"].get_by_text(re.compile("a bot is playing for Ben")).first.wait_for(timeout=WAIT)
    noticed = time.monotonic() - gone_at
    teacher.locator(".class-players tr", has_text="Ben").get_by_text("a bot is playing").wait_for(timeout=WAIT)
    assert "a bot is playing" in teacher.locator(".class-players tr", has_text="Ben").inner_text()
    shot(teacher, artifacts, "teacher-dashboard-stand-in")
    # And the table finishes its game
    play_to_the_end(students["Ada"], seed=1)
    teacher.locator(".class-table-phase", has_text="Game over").wait_for(timeout=WAIT)
    print(f"class grace 2 s: Ben's phone closed -> 'a bot is playing for Ben' on Ada's phone in {noticed:.1f} s")


def test_the_teachers_remove_asks_first_and_the_game_goes_on(quick, browser, artifacts):
    teacher, _, students = class_of_two(browser, quick.url)
    # When the teacher presses Remove for Ben, then the page asks first; Cancel changes nothing
    roster_button(teacher, "Ben", "Remove").click()
    ask = teacher.get_by_role("alertdialog")
    ask.get_by_text("Remove Ben from the class?").wait_for()
    shot(teacher, artifacts, "teacher-remove-confirm")
    ask.get_by_role("button", name="Cancel").click()
    assert teacher.locator(".class-roster li", has_text="Ben").count() == 1
    # When the teacher confirms
    roster_button(teacher, "Ben", "Remove").click()
    teacher.get_by_role("alertdialog").get_by_role("button", name="Remove").click()
    # Then Ben's seat is a bot's at once (labelled), Ben's phone is back at the join form ...
    teacher.locator(".class-players tr", has_text="Ben").get_by_text("removed: a bot plays").wait_for(timeout=WAIT)
    students["Ben"].get_by_label("Your name").wait_for(timeout=WAIT)
    # ... Ada's phone says why, and the table still names Ben's seat, a bot playing it
    ada = students["Ada"]
    ada.locator(".notice", has_text="Ben has left the game: a bot plays their seat to the end").wait_for(timeout=WAIT)
    ada.locator(".sp-seats .chip", has_text="Ben").first.wait_for(timeout=WAIT)
    shot(ada, artifacts, "student-phone-classmate-removed")
    # ... and Ada plays the game to its end
    play_to_the_end(students["Ada"], seed=2)
    teacher.locator(".class-table-phase", has_text="Game over").wait_for(timeout=WAIT)
    # At game over the student's phone says who starts the next game, and offers nothing to start one
    students["Ada"].get_by_text("The teacher starts the next game").first.wait_for(timeout=WAIT)
    assert students["Ada"].get_by_role("button", name=re.compile("play again|change game", re.IGNORECASE)).count() == 0
    assert "TV" not in students["Ada"].locator("body").inner_text()
    shot(students["Ada"], artifacts, "student-phone-game-over")


def _seat_of(url: str, code: str, class_token: str) -> dict:
    request = urllib.request.Request(f"{url}/api/classes/{code}/me", headers={"Authorization": f"Bearer {class_token}"})
    with urllib.request.urlopen(request, timeout=10) as reply:
        return json.loads(reply.read())


def _next_frame(ws: Any, wanted: Any) -> dict:
    """The next JSON frame that is ``wanted`` (one websocket message may hold several frames, one a line)."""
    while True:
        for line in ws.recv(timeout=10).splitlines():
            frame = json.loads(line)
            if wanted(frame):
                return frame


def test_a_student_cannot_change_game_and_a_stuck_student_passes(quick, browser, artifacts):
    teacher, code, students = class_of_two(browser, quick.url)
    ada = students["Ada"]
    # Then the phone offers no host control and never speaks of a TV
    assert ada.get_by_role("button", name=re.compile("change game|play again|host", re.IGNORECASE)).count() == 0
    assert "TV" not in ada.locator("body").inner_text()
    # And a host frame forged with Ada's own seat token is refused: the teacher runs the table
    class_token = ada.evaluate(f"JSON.parse(localStorage.getItem('pizzanight:class:{code}')).token")
    seat = _seat_of(quick.url, code, class_token)
    with connect(quick.url.replace("http", "ws", 1) + "/ws") as ws:
        ws.send(json.dumps({"t": "hello", "v": 1, "role": "player", "room": seat["room"], "token": seat["seat_token"]}))
        _next_frame(ws, lambda f: f["t"] == "welcome")
        ws.send(json.dumps({"t": "host", "op": "select_game", "game": "new_york_slice", "seq": 1}))
        answer = _next_frame(ws, lambda f: f.get("seq") == 1)
    assert (answer["t"], answer["code"]) == ("error", "host/class_table")
    # When a student is stuck with a trick on offer (pass_anytime, on in classes), then the phone offers a
    # pass beside the trick and the turn moves on
    stuck = None
    deadline = time.monotonic() + 120
    while stuck is None:
        assert time.monotonic() < deadline, "no turn with a trick on offer came"
        for page in students.values():
            if play.game_over(page):
                pytest.skip("the game ended before a trick was on offer")  # pragma: no cover - a deal with no trick at all
            if play.my_turn(page):
                # the hand's buttons in one look, never two looks across a re-render
                buttons = page.evaluate("() => [...document.querySelectorAll('.sp-hand button')].map((b) => b.textContent)")
                if "Stuck? Draw and pass" in buttons:
                    assert "Take this trick" in buttons, buttons  # a trick was on offer
                    stuck = page
                    break
                play.splittissimo_turn(page, random.Random(3), ask_hint=False)
                page.wait_for_timeout(150)
        else:
            students["Ada"].wait_for_timeout(100)
    shot(stuck, artifacts, "student-phone-stuck-pass")
    stuck.get_by_role("button", name="Stuck? Draw and pass").click()
    stuck.wait_for_function("() => document.querySelector('.prompt-mine') === null", timeout=WAIT)


def test_a_new_device_gets_the_seat_back_through_the_teacher(quick, browser, artifacts):
    teacher, code, students = class_of_two(browser, quick.url, ("Noah", "Ada"))
    old = students["Noah"]
    # When Noah, on a new device, joins with his name, then he is asked for his teacher's code
    new = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    new.goto(f"{quick.url}/class/{code}")
    new.get_by_label("Your name").fill("Noah")
    new.get_by_role("button", name="Join").click()
    new.get_by_text("Someone in this class is already called Noah").wait_for()
    code_box = new.get_by_label("Code from your teacher")
    # The teacher asks for Noah's code on the teacher's own screen
    roster_button(teacher, "Noah", "New device").click()
    personal = teacher.get_by_test_id("handover-code").inner_text().strip()
    assert re.fullmatch(r"[A-Z]{6}", personal)
    shot(teacher, artifacts, "teacher-handover-code")
    teacher.get_by_role("button", name="Hide").click()
    assert personal not in teacher.locator("body").inner_text()
    code_box.fill(personal)
    new.get_by_role("button", name="Join").click()
    # Then the table is told (a notice shown for a few seconds: looked for first), the new device holds
    # Noah's seat, the old device is told its seat moved
    students["Ada"].get_by_text("Noah's seat moved to a new device (handed over by the teacher)").first.wait_for(timeout=WAIT)
    new.locator(".sp-hand").wait_for(timeout=WAIT)
    old.get_by_text(re.compile("seat moved to another device")).first.wait_for(timeout=WAIT)
    shot(new, artifacts, "student-new-device")
    # And Noah is one student in the report
    teacher.locator(".class-report tr[data-student='Noah']").wait_for()
    assert teacher.locator(".class-report tr[data-student='Noah']").count() == 1
    assert teacher.locator(".class-roster li", has_text="Noah").count() == 1


def test_start_and_end_ask_first_and_an_ended_class_says_so_everywhere(quick, browser, artifacts):
    teacher, code, students = class_of_two(browser, quick.url)
    # (a third student, who joined after the start, waits for the next game)
    waiting = open_student(browser, quick.url, code, "Cleo", PHONE)
    teacher.locator(".class-waiting").get_by_text("Cleo").wait_for(timeout=WAIT)
    wall = browser.new_context(viewport=TV_SIZE).new_page()
    wall.goto(f"{quick.url}/class/{code}/screen")
    wall.locator(".proj-qr svg").wait_for(timeout=WAIT)
    room = students["Ada"].locator(".phone-code").inner_text()
    # When the teacher starts again mid-game, then the page asks what the running table does; Cancel keeps it
    teacher.get_by_role("button", name="Start a game at every table").click()
    ask = teacher.get_by_role("alertdialog")
    ask.get_by_text("Tables in the middle of a game: 1").wait_for()
    assert ask.get_by_role("button", name="Let them finish; start the other tables").is_visible()
    shot(teacher, artifacts, "teacher-start-asks")
    ask.get_by_role("button", name="Cancel").click()
    assert students["Ada"].locator(".phone-code").inner_text() == room
    # Delete is not next to End: it is folded away below the page's footer
    end = teacher.get_by_role("button", name="End the class")
    assert teacher.locator(".teacher-footer").get_by_role("button", name=re.compile("Delete")).count() == 0
    assert not teacher.get_by_role("button", name="Delete the class and its reports now").is_visible()
    # When the teacher ends the class (after confirming), then every student's phone says so ...
    end.click()
    teacher.get_by_role("alertdialog").get_by_text("End the class?").wait_for()
    teacher.get_by_role("alertdialog").get_by_role("button", name="End the class").click()
    for page in [*students.values(), waiting]:
        page.get_by_text("This class has ended").wait_for(timeout=WAIT)
    shot(students["Ben"], artifacts, "student-phone-class-ended")
    # ... and the dashboard offers nothing that changes the read-only class
    teacher.get_by_text("This class has ended.").wait_for()
    for label in ("Start a game at every table", "End the class", "Restart", "Remove", "New device", "Rename"):
        assert teacher.get_by_role("button", name=label).count() == 0, label
    assert teacher.get_by_role("button", name="Download CSV").is_visible()
    shot(teacher, artifacts, "teacher-dashboard-ended")
    # ... and no longer lists who waits for the next game: there is none
    assert teacher.locator(".class-waiting").count() == 0
    assert "Waiting for the next game" not in teacher.locator("main").inner_text()
    # The projector says the class has ended, with nothing about joining it (joining is refused)
    wall.get_by_text("This class has ended").wait_for(timeout=WAIT)
    for gone in (".proj-join", ".proj-qr", ".proj-code", "svg"):
        assert wall.locator(gone).count() == 0, gone
    assert code not in wall.locator("body").inner_text()
    shot(wall, artifacts, "projector-class-ended")


def test_the_teacher_hands_a_seat_to_the_new_device_from_the_teachers_screen(quick, browser, artifacts):
    teacher, code, students = class_of_two(browser, quick.url, ("Noah", "Ada"))
    # When Noah joins on a new device with his name, then it waits for the teacher
    new = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    new.goto(f"{quick.url}/class/{code}")
    new.get_by_label("Your name").fill("Noah")
    new.get_by_role("button", name="Join").click()
    new.get_by_text("Or ask your teacher to hand Noah's seat to this device").wait_for()
    # and shows a number, which the teacher's screen shows beside Noah (anyone can type a name)
    check = new.locator(".device-check").inner_text(timeout=WAIT)
    assert len(check) == 2 and check.isdigit()
    noah = teacher.locator(".class-roster li", has=teacher.get_by_text("Noah", exact=False))
    noah.get_by_text(f"the new device shows {check}").wait_for(timeout=WAIT)
    # ... and on top of the teacher's page, in "Needs help now", with the same button and the same question
    top = teacher.get_by_test_id("help-now")
    top.get_by_text(f"Noah asks to move to a new device: it shows {check}").wait_for(timeout=WAIT)
    assert top.evaluate("e => e.getBoundingClientRect().top") < teacher.viewport_size["height"]  # seen without scrolling
    shot(teacher, artifacts, "teacher-new-device-asks")
    top.get_by_role("button", name="Hand the seat to the new device").click()
    teacher.get_by_role("alertdialog").get_by_text(f"Does Noah's new device show {check}?", exact=False).wait_for()
    teacher.get_by_role("alertdialog").get_by_role("button", name="Cancel").click()
    # And the student list offers to hand Noah's seat over too, asking first about that number
    roster_button(teacher, "Noah", "Hand the seat to the new device").click(timeout=WAIT)
    teacher.get_by_role("alertdialog").get_by_text(f"Does Noah's new device show {check}?", exact=False).wait_for()
    shot(teacher, artifacts, "teacher-hand-over-confirm")
    teacher.get_by_role("alertdialog").get_by_role("button", name="Hand the seat to the new device").click()
    # Then the table is told (a notice, shown for a few seconds: looked for first, as soon as the hand-over
    # is stored), the new device plays Noah's seat, and the old device is told
    students["Ada"].get_by_text("Noah's seat moved to a new device (handed over by the teacher)").first.wait_for(timeout=WAIT)
    new.locator(".sp-hand").wait_for(timeout=WAIT)
    students["Noah"].get_by_text(re.compile("seat moved to another device")).first.wait_for(timeout=WAIT)
    assert teacher.locator(".class-report tr[data-student='Noah']").count() == 1
    # and the request is gone from the top of the teacher's page
    teacher.get_by_test_id("help-now").get_by_text("asks to move to a new device").wait_for(state="detached", timeout=WAIT)
