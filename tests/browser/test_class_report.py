"""Issue 25, "Done means": a class's report checked against what each student saw.

Nine students play Splittissimo (standard, dots 1-2, no speed play, hints limited, ``pass_anytime``)
at three tables of three.  The teacher works through the class HTTP API.  At each table one student
plays on a real phone page in Chromium (tapping cards, reading the refusal the phone shows); the
others are websocket clients following docs/protocol.md (hello with the seat token the class gave,
``state`` then ``change`` frames applied as the doc says, ``cmd`` and ``hint`` frames).

Every student makes wrong picks (sent, judged by the hub, answered with a reason), sometimes passes
or ends a turn while a trick is still on offer, and asks for hints.  The test keeps its own count
from each student's own view at each decision, with its own trick finder and its own reading of the
relations (docs/classroom.md): at each Pass or End my turn, did a trick exist in what the student
held and saw?  Which tricks were taken, which tries refused, with which code and relation?  The
class report (JSON and CSV) must give the same misses, refused tries (codes), tricks, hints and
per-relation figures; each miss's relations must be those of a best trick that existed then.

A refused try costs a 2 s cool-down at a class table (``class/slow_down``, not recorded): a student
waits that long before the next try, so the count never depends on timing.
"""

from __future__ import annotations

import csv
import io
import itertools
import json
import os
import random
import re
import time
import urllib.request
from collections import Counter, defaultdict
from contextlib import ExitStack
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from protocol.patch import apply
from tests.browser.conftest import ARTIFACTS, Server
from tests.browser.driver import shot
from tests.browser.play import CARD_LABELS, NEWER, version

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
NAMES = ("Amir", "Bea", "Caro", "Dani", "Emil", "Flor", "Gus", "Hana", "Ivo")
OPTIONS = {
    "level": "standard",
    "dots": [1, 2],
    "table_size": 3,
    "reaction_ms": 0,
    "hints": 3,
    "pass_anytime": True,
    "bots": False,
}
#: The hub's cool-down after a refused try at a class table (notes "Contracts": class/slow_down), and a margin.
COOL_DOWN = 2.2
#: How long the whole class may take.
DEADLINE = 240

# --- the rules, written again from RULES-NOTES 3.3 and docs/classroom.md (not imported from games/) ---

RELATIONS = (
    "same_card",
    "equivalent_fractions",
    "same_denominator_sum",
    "unlike_denominator_sum",
    "whole_pizza",
    "combined_orders",
    "toppings_matched",
)
MAIN_FIRST = (
    "combined_orders",
    "unlike_denominator_sum",
    "same_denominator_sum",
    "whole_pizza",
    "equivalent_fractions",
    "same_card",
    "toppings_matched",
)


@dataclass(frozen=True)
class Card:
    """A card as a student sees it: ``kind`` (order, pizza), amount as printed, toppings; ``id`` on the wire (None on a page)."""

    kind: str
    text: str
    toppings: frozenset[str]
    id: int | None = None

    @property
    def amount(self) -> Fraction:
        return Fraction(self.text)

    @property
    def of(self) -> int:
        return int(self.text.split("/")[1]) if "/" in self.text else 1


def shape_ok(hand: int, table: int) -> bool:
    """Standard: one Order with one or more Pizzas, or two or more Orders with one Pizza."""
    return hand >= 1 and table >= 1 and (hand == 1 or table == 1)


def fault(hand: list[Card], table: list[Card]) -> str | None:
    """Why ``hand`` against ``table`` is no trick (the code the hub must answer), None when it is one."""
    if any(c.kind != "order" for c in hand) or any(c.kind != "pizza" for c in table):
        return "card/wrong_kind"
    if not shape_ok(len(hand), len(table)):
        return "trick/shape"
    if sum(c.amount for c in hand) != sum(c.amount for c in table):
        return "trick/amounts_differ"
    wanted = set().union(*(c.toppings for c in hand))
    if any(not wanted <= c.toppings for c in table):
        return "trick/topping_missing"
    return None


def tricks(hand: list[Card], table: list[Card]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every trick in this hand against these open cards, as positions."""
    orders = [i for i, c in enumerate(hand) if c.kind == "order"]
    found = []
    for k in range(1, len(orders) + 1):
        for hs in itertools.combinations(orders, k):
            for m in range(1, len(table) + 1 if k == 1 else 2):
                for ts in itertools.combinations(range(len(table)), m):
                    if fault([hand[i] for i in hs], [table[j] for j in ts]) is None:
                        found.append((hs, ts))
    return found


def relations_of(hand: list[Card], table: list[Card]) -> tuple[str, ...]:
    """docs/classroom.md's relations of a trick (or a try at one), in report order."""
    found = set()
    if len(hand) == 1 and len(table) == 1:
        found.add("same_card" if hand[0].text == table[0].text else "equivalent_fractions")
    elif len({c.of for c in hand + table if c.text != "1"}) <= 1:
        found.add("same_denominator_sum")
    else:
        found.add("unlike_denominator_sum")
    for side in (hand, table):
        if sum(c.amount for c in side) == 1 and (len(side) > 1 or side[0].text != "1"):
            found.add("whole_pizza")
    if sum(1 for c in hand if c.kind == "order") > 1:
        found.add("combined_orders")
    if any(c.toppings for c in hand if c.kind == "order"):
        found.add("toppings_matched")
    return tuple(r for r in RELATIONS if r in found)


def main_relation(relations: tuple[str, ...]) -> str:
    return next((r for r in MAIN_FIRST if r in relations), "")


def refused_relation(code: str, hand: list[Card], table: list[Card]) -> str:
    if code == "trick/topping_missing":
        return "toppings_matched"
    if code == "trick/amounts_differ":  # (a shape the level does not allow is refused on no relation)
        return main_relation(tuple(r for r in relations_of(hand, table) if r != "toppings_matched"))
    return ""


def best_relation_sets(hand: list[Card], table: list[Card]) -> set[tuple[str, ...]]:
    """The relations of each best trick on offer (most pizza, then fewest hand cards: the hint's choice; ties kept)."""
    found = tricks(hand, table)
    if not found:
        return set()

    def value(t):
        return (sum(table[j].amount for j in t[1]), len(t[0]))

    top = max(value(t) for t in found)
    return {relations_of([hand[i] for i in t[0]], [table[j] for j in t[1]]) for t in found if value(t) == top}


def wrong_picks(hand: list[Card], table: list[Card]) -> list[tuple[tuple[int, ...], tuple[int, ...], str]]:
    """Picks a child might try that are no trick, with the code the hub must give: an order on a pizza of
    another amount, or without its topping, or two orders on two pizzas."""
    orders = [i for i, c in enumerate(hand) if c.kind == "order"]
    out = []
    for i in orders:
        for j in range(len(table)):
            code = fault([hand[i]], [table[j]])
            if code:
                out.append(((i,), (j,), code))
    if len(orders) >= 2 and len(table) >= 2:
        out.append((tuple(orders[:2]), (0, 1), "trick/shape"))
    return out


# --- what the test counted -------------------------------------------------------------------


@dataclass
class Count:
    tricks: int = 0
    #: Each miss: the decision ("pass", "end_turn") and the relations of each best trick on offer then.
    misses: list[tuple[str, set[tuple[str, ...]]]] = field(default_factory=list)
    refused: Counter = field(default_factory=Counter)
    used: Counter = field(default_factory=Counter)
    refused_relations: Counter = field(default_factory=Counter)
    hints: int = 0


class Student:
    """One student's play: the same choices whether the student is a page or a websocket."""

    def __init__(self, name: str, rng: random.Random) -> None:
        self.name = name
        self.rng = rng
        self.count = Count()
        self.ready_at = 0.0
        self.turn_seen: Any = None
        self.tried_wrong = False
        self.asked_hint = False
        self.took = 0
        self.missed = False

    # what the student does, in order, each time it may act on its turn
    def act(self) -> bool:
        """One step of this student's turn; False when it is not their turn (or not yet: a cool-down)."""
        if time.monotonic() < self.ready_at or not self.my_turn():
            return False
        hand, table = self.look()
        turn = self.turn_number()
        if turn != self.turn_seen:
            self.turn_seen, self.tried_wrong, self.asked_hint, self.took = turn, False, False, 0
        if not self.asked_hint and self.rng.random() < 0.25:
            self.asked_hint = True
            if self.hint():
                self.count.hints += 1
            return True
        if not self.tried_wrong and self.took == 0 and self.rng.random() < 0.6:
            self.tried_wrong = True
            picks = wrong_picks(hand, table)
            if picks:
                hs, ts, code = self.rng.choice(picks)
                answer = self.take(hand, table, hs, ts)
                if answer == "class/slow_down":
                    self.ready_at = time.monotonic() + COOL_DOWN
                    return True
                assert answer == code, f"{self.name}: the hub answered {answer} to a try the test judged {code}"
                h, t = [hand[i] for i in hs], [table[j] for j in ts]
                self.count.refused[code] += 1
                relation = refused_relation(code, h, t)
                if relation:
                    self.count.refused_relations[relation] += 1
                self.ready_at = time.monotonic() + COOL_DOWN
                return True
        found = tricks(hand, table)
        # stuck with a trick on offer: pass (or end the turn) anyway, the first time one is on offer and then
        # now and again (the first is certain, so every class has misses whatever the deal and the timing)
        if found and (not self.missed or self.rng.random() < 0.2):
            self.missed = True
            found = []
        if found:
            hs, ts = self.rng.choice(found)
            answer = self.take(hand, table, hs, ts)
            if answer == "class/slow_down":
                self.ready_at = time.monotonic() + COOL_DOWN
                return True
            assert answer is None, f"{self.name}: the hub refused a trick ({answer})"
            h, t = [hand[i] for i in hs], [table[j] for j in ts]
            self.took += 1
            self.count.tricks += 1
            for r in relations_of(h, t):
                self.count.used[r] += 1
            return True
        # the decision: judged on what the student holds and sees now, before any draw
        offered = best_relation_sets(hand, table)
        if offered:
            self.count.misses.append(("end_turn" if self.took else "pass", offered))
        self.decide("EndTurn" if self.took else "Pass")
        return True


class WsStudent(Student):
    """A student's phone as a websocket client (docs/protocol.md, JSON frames)."""

    def __init__(self, name: str, rng: random.Random, url: str, room: str, token: str, stack: ExitStack) -> None:
        super().__init__(name, rng)
        #: Whether this socket hosts the room (it then plays the hint's move on its turns).
        self.host = False
        # a deep queue: while the test taps a page, this socket's frames wait without stalling its pings
        self.ws = stack.enter_context(connect(url.replace("http", "ws", 1) + "/ws", max_queue=4096))
        self.view: dict[str, Any] = {}
        self.v = -1
        self.seq = 0
        self.ws.send(json.dumps({"t": "hello", "v": 1, "role": "player", "room": room, "token": token}))
        while not self.view:
            self.pump(10)

    def pump(self, timeout: float = 0.0) -> list[dict]:
        """Apply what the hub sent (state, change); return the other frames."""
        other = []
        try:
            while True:
                message = self.ws.recv(timeout=timeout)
                timeout = 0
                for line in message.splitlines():
                    frame = json.loads(line)
                    if frame["t"] == "state":
                        self.view = {k: v for k, v in frame.items() if k not in ("t", "v")}
                        self.v = frame["v"]
                    elif frame["t"] == "change":
                        assert frame["base"] == self.v, "a change frame skipped a version"
                        self.view = apply(self.view, frame["ops"])
                        self.v = frame["v"]
                    else:
                        other.append(frame)
        except TimeoutError:
            pass
        return other

    def request(self, frame: dict) -> dict:
        self.seq += 1
        self.ws.send(json.dumps({**frame, "seq": self.seq}))
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            for answer in self.pump(1):
                if answer.get("seq") == self.seq:
                    return answer
        raise AssertionError(f"{self.name}: no answer to {frame}")

    @property
    def game(self) -> dict:
        return self.view.get("game") or {}

    def over(self) -> bool:
        return self.game.get("phase") == "over" or bool(self.view.get("outcome"))

    def my_turn(self) -> bool:
        legal = self.view.get("legal") or []
        return not self.over() and any(c["type"] in ("Pass", "EndTurn") for c in legal)

    def turn_number(self) -> int:
        return int(self.game.get("turn", -1))

    def look(self) -> tuple[list[Card], list[Card]]:
        def card(c: dict) -> Card:
            return Card(c["kind"], c["text"], frozenset(c["toppings"]), c["id"])

        return [card(c) for c in self.game["hand"]], [card(p["top"]) for p in self.game["piles"] if p["top"]]

    def hint(self) -> bool:
        return self.request({"t": "hint"})["t"] == "hint"

    def take(self, hand, table, hs, ts) -> str | None:
        cmd = {"type": "TakeTrick", "hand": [hand[i].id for i in hs], "table": [table[j].id for j in ts]}
        answer = self.request({"t": "cmd", "cmd": cmd})
        self.pump(0.05)
        return None if answer["t"] == "ack" else answer["code"]

    def decide(self, kind: str) -> None:
        answer = self.request({"t": "cmd", "cmd": {"type": kind}})
        assert answer["t"] == "ack", f"{self.name}: {kind} refused: {answer}"
        self.pump(0.05)


_LABEL = re.compile(r"^(Pizza card|Order for) (\d+(?:/\d+)?)(?: with (.+))?$")
_TOPPINGS = {"mushroom": "mushroom", "bell pepper": "bell_pepper", "tomato": "tomato"}


def card_from_label(label: str) -> Card:
    match = _LABEL.match(label)
    assert match, label
    kind = "pizza" if match.group(1) == "Pizza card" else "order"
    tops = re.split(r", | and ", match.group(3)) if match.group(3) else []
    return Card(kind, match.group(2), frozenset(_TOPPINGS[t] for t in tops))


class PageStudent(Student):
    """A student on a real phone page: taps cards and buttons, reads what the phone shows."""

    def __init__(self, name: str, rng: random.Random, page: Any) -> None:
        super().__init__(name, rng)
        self.page = page
        self.refusals: list[str] = []

    def over(self) -> bool:
        return self.page.locator(".phone-result").count() > 0

    def my_turn(self) -> bool:
        return self.page.locator(".prompt-mine").count() > 0 and self.page.locator(".sp-take").count() > 0

    def turn_number(self) -> int:
        # The game's turn as the page shows it (data-turn). Not the prompt coming and going: the two other
        # students can both end their turns between two looks, and the prompt then never seemed to leave.
        return int(self.page.locator(".sp-hand").get_attribute("data-turn"))

    def look(self) -> tuple[list[Card], list[Card]]:
        table, hand = self.page.evaluate(CARD_LABELS)
        return [card_from_label(x) for x in hand], [card_from_label(x) for x in table]

    def _pick(self, hs, ts) -> None:
        rows = self.page.locator(".sp-hand .sp-row")
        for i in hs:
            rows.nth(1).locator(".sp-pick").nth(i).click()
        for j in ts:
            rows.nth(0).locator(".sp-pick").nth(j).click()

    def hint(self) -> bool:
        button = self.page.locator(".sp-hint-btn")
        if not button.is_enabled():
            return False
        button.click()
        self.page.locator(".sp-advice").wait_for()
        return True

    def take(self, hand, table, hs, ts) -> str | None:
        shown = version(self.page)
        self._pick(hs, ts)
        # a refusal said before stays until the answer to this pick: wait for a new one
        self.page.evaluate("() => document.querySelectorAll('.sp-refused').forEach((e) => (e.dataset.old = '1'))")
        self.page.locator(".sp-take").click()
        self.page.wait_for_function(
            f"v => document.querySelector('.sp-refused:not([data-old])') !== null || ({NEWER})(v)",
            arg=shown,
            timeout=20000,
        )
        said = self.page.locator(".sp-refused:not([data-old])")
        if not said.count():
            return None
        text = said.inner_text()
        self.refusals.append(text)
        # unpick, as a child would, before looking again
        while self.page.locator(".sp-pick.on").count():
            self.page.locator(".sp-pick.on").first.click()
        return refusal_code(text)

    def decide(self, kind: str) -> None:
        shown = version(self.page)
        name = "End my turn" if kind == "EndTurn" else re.compile("draw and pass", re.IGNORECASE)
        self.page.locator(".sp-hand").get_by_role("button", name=name).click()
        self.page.wait_for_function(NEWER, arg=shown, timeout=20000)


def refusal_code(text: str) -> str:
    """Which refusal the phone said, from its words (games/splittissimo/words.ts)."""
    if "Not so fast" in text:
        return "class/slow_down"
    if " but " in text and "same amount" in text:
        return "trick/amounts_differ"
    if "pizza has no" in text:
        return "trick/topping_missing"
    if "one or more pizzas" in text:
        return "trick/shape"
    raise AssertionError(f"the phone said something unexpected: {text}")


# --- the class ---------------------------------------------------------------------------------


def _http(url: str, body: dict | None = None, token: str | None = None, *, method: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, headers=headers, method=method or ("POST" if data else "GET"))
    with urllib.request.urlopen(request, timeout=20) as reply:
        raw = reply.read().decode()
        return json.loads(raw) if reply.headers.get_content_type() == "application/json" else raw


def test_the_class_report_matches_what_each_student_saw(server: Server, browser, artifacts):
    with ExitStack() as sockets:
        _play_and_check(server.url, browser, artifacts, sockets)


def _play_and_check(url: str, browser: Any, artifacts: Any, sockets: ExitStack) -> None:
    made = _http(f"{url}/api/classes", {"options": OPTIONS})
    code, teacher = made["code"], made["token"]
    joined = {name: _http(f"{url}/api/classes/{code}/join", {"name": name}) for name in NAMES}
    assert _http(f"{url}/api/classes/{code}/start", {}, teacher)["tables"] == [1, 2, 3]
    seats = {name: _http(f"{url}/api/classes/{code}/me", token=joined[name]["token"]) for name in NAMES}
    by_table: dict[int, list[str]] = defaultdict(list)
    for name in NAMES:
        by_table[seats[name]["table"]].append(name)
    assert sorted(len(v) for v in by_table.values()) == [3, 3, 3], by_table

    students: dict[str, Student] = {}
    for number, names in sorted(by_table.items()):
        # the first student at each table plays on a phone page; the class token is what the page keeps
        on_page = names[0]
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        saved = json.dumps({"code": code, "token": joined[on_page]["token"], "name": on_page})
        context.add_init_script(f"localStorage.setItem('pizzanight:class:{code}', {json.dumps(saved)})")
        page = context.new_page()
        page.goto(f"{url}/class/{code}")
        page.locator(".sp-hand").wait_for(timeout=20000)
        students[on_page] = PageStudent(on_page, random.Random(number), page)
        for i, name in enumerate(names[1:]):
            seat = seats[name]
            students[name] = WsStudent(
                name, random.Random(number * 10 + i), url, seat["room"], seat["seat_token"], sockets
            )

    # The class header shows the class code and the student's name, never the table's room code
    first = next(s for s in students.values() if isinstance(s, PageStudent))
    header = first.page.locator(".phone-header").inner_text()
    assert code in header and first.name in header and seats[first.name]["room"] not in header

    deadline = time.monotonic() + DEADLINE
    shot_turn = shot_refused = False
    while not all(s.over() for s in students.values()):
        assert time.monotonic() < deadline, "the class's games did not end in time"
        moved = False
        for student in students.values():
            if isinstance(student, WsStudent):
                student.pump()
            if student.over():
                continue
            if isinstance(student, PageStudent) and not shot_turn and student.my_turn():
                shot(student.page, artifacts, "phone-turn")
                shot_turn = True
            moved = student.act() or moved
            if isinstance(student, PageStudent) and student.refusals and not shot_refused:
                shot(student.page, artifacts, "phone-refused")
                shot_refused = True
        if not moved:
            time.sleep(0.05)

    # At the end each phone shows the result, and says who starts the next game: the teacher, never a TV
    first.page.locator(".phone-result").wait_for()
    shot(first.page, artifacts, "phone-game-over")
    assert "The teacher starts the next game" in first.page.locator(".phone-result").inner_text()

    counted = {s.name: s.count for s in students.values()}
    total = Counter()
    for c in counted.values():
        total["misses"] += len(c.misses)
        total["refused"] += sum(c.refused.values())
        total["hints"] += c.hints
        total["tricks"] += c.tricks
    print("the test's own count:", dict(total))
    # the class did what the issue asks for: wrong tries, passes beside a trick, hints
    passes = sum(1 for c in counted.values() for decision, _ in c.misses if decision == "pass")
    assert total["refused"] >= 5 and total["misses"] >= 3 and total["hints"] >= 3 and total["tricks"] >= 5, total
    assert passes >= 1, "no student passed beside a trick"
    # each phone page showed its refusals in words
    assert any(s.refusals for s in students.values() if isinstance(s, PageStudent))

    report = _http(f"{url}/api/classes/{code}/report", token=teacher)
    rows = {row["name"]: row for row in report["students"]}
    assert sorted(rows) == sorted(NAMES)
    for name, c in counted.items():
        row = rows[name]
        assert row["games"] == 1, (name, row["games"])
        assert row["tricks"] == c.tricks, (name, "tricks", row["tricks"], c.tricks)
        assert row["misses"] == len(c.misses), (name, "misses", row["misses"], len(c.misses))
        assert row["rejected"] == sum(c.refused.values()), (name, "rejected", row["rejected"], dict(c.refused))
        assert row["rules_broken"] == dict(c.refused), (name, row["rules_broken"], dict(c.refused))
        assert row["hints"] == c.hints, (name, "hints", row["hints"], c.hints)
        for r in RELATIONS:
            figures = row["relations"][r]
            assert figures["used"] == c.used[r], (name, r, "used", figures, c.used[r])
            assert figures["refused"] == c.refused_relations[r], (name, r, "refused", figures, c.refused_relations[r])
        # each miss: the relations of a best trick that was on offer at that decision, in the order they came
        mine = [m for m in report["misses"] if m["name"] == name]
        assert len(mine) == len(c.misses)
        for record, (decision, offered) in zip(mine, c.misses, strict=True):
            assert record["decision"] == decision, (name, record, decision)
            assert tuple(record["relations"]) in offered, (name, record, offered)
            assert record["held"] is False  # the game is over: the cards may be shown
        for r in RELATIONS:
            assert row["relations"][r]["missed"] == sum(r in m["relations"] for m in mine), (name, r)
    # every refused try is a record with its rule and relation
    assert Counter(a["code"] for a in report["rejected"]) == sum((c.refused for c in counted.values()), Counter())

    # The CSV says the same, a column per relation
    text = _http(f"{url}/api/classes/{code}/report.csv", token=teacher)
    table = {row["name"]: row for row in csv.DictReader(io.StringIO(text))}
    assert sorted(table) == sorted(NAMES)
    for name, c in counted.items():
        row = table[name]
        assert int(row["misses"]) == len(c.misses)
        assert int(row["rejected"]) == sum(c.refused.values())
        assert int(row["tricks"]) == c.tricks
        for r in RELATIONS:
            assert int(row[f"{r}_used"]) == c.used[r]
            assert int(row[f"{r}_refused"]) == c.refused_relations[r]
            assert int(row[f"{r}_missed"]) == rows[name]["relations"][r]["missed"]


# --- the phone's turn fits a small phone (issue 25 §4) -------------------------------------------

FIT = (Path(__file__).parent / "fit.js").read_text()
SIZES = ({"width": 390, "height": 844}, {"width": 360, "height": 740})
#: What comes and goes by itself is not judged here (as in test_fit.py).
PASSING = [".moment", ".reaction-float", ".toast:empty"]
SETTLE = """() => new Promise((done) => {
    document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity).forEach((a) => a.finish());
    requestAnimationFrame(() => requestAnimationFrame(done));
})"""
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots" / "class"


def _speak(page: Any, lang: str) -> None:
    if page.evaluate("() => document.documentElement.lang") != lang:
        page.locator(f".lang-switch[data-lang={lang}]").first.click()
        page.wait_for_function("l => document.documentElement.lang === l", arg=lang)


def _misfits(page: Any, where: str) -> list[str]:
    """What fit.js finds wrong on this screen, at each size and in each language."""
    found = []
    for lang in ("en", "es"):
        _speak(page, lang)
        for size in SIZES:
            page.set_viewport_size(size)
            page.evaluate(SETTLE)
            problems = page.evaluate(FIT, {"ignore": PASSING})
            if problems:  # what it looked like, for whoever fixes it
                name = re.sub(r"\W+", "-", where)
                page.screenshot(path=str(ARTIFACTS / f"misfit-{name}-{size['width']}-{lang}.png"))
            found += [f"{where} {size['width']}x{size['height']} {lang}: {p}" for p in problems]
    _speak(page, "en")
    page.set_viewport_size(PHONE)
    return found


def _words(page: Any) -> str:
    """What the page says: its text and its labels for screen readers, in both languages."""
    said = []
    for lang in ("en", "es"):
        _speak(page, lang)
        said.append(
            page.evaluate(
                "() => document.body.innerText + ' '"
                " + [...document.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label')).join(' ')"
            )
        )
    _speak(page, "en")
    return " ".join(said)


def _keep(page: Any, name: str, artifacts: Path) -> None:
    """A screenshot at 390x844 in each language, in the artifacts; with PIZZANIGHT_DOC_SHOTS=1 also the small
    JPEG kept in docs/screenshots/class/ (so an ordinary run leaves the committed pictures alone)."""
    for lang in ("en", "es"):
        _speak(page, lang)
        page.set_viewport_size(PHONE)
        page.evaluate(SETTLE)
        page.screenshot(path=str(artifacts / f"{name}-{lang}.png"))
        if os.environ.get("PIZZANIGHT_DOC_SHOTS") == "1":
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / f"{name}-{lang}.jpg"), type="jpeg", quality=70)
    _speak(page, "en")


def _until_my_turn(page: Any, others: list[WsStudent], *, seconds: float = 90) -> None:
    """The websocket players pass on their turns until the page's turn comes."""
    deadline = time.monotonic() + seconds
    while not (page.locator(".prompt-mine").count() and page.locator(".sp-take").count()):
        if time.monotonic() > deadline:
            page.screenshot(path=str(ARTIFACTS / "no-turn.png"))
            raise AssertionError(f"the phone's turn never came: {[o.view.get('legal') for o in others]}")
        for other in others:
            other.pump()
            # (a party room refuses a pass beside a trick: its legal list then holds tricks only)
            if other.my_turn() or (other.host and other.view.get("legal") and not other.game.get("window")):
                hint = other.request({"t": "hint"}).get("hint") if other.host else None
                command = (hint or {}).get("command") or {"type": "Pass"}
                other.request({"t": "cmd", "cmd": command})
        time.sleep(0.05)


def test_a_class_phone_turn_fits_with_five_players_and_says_why_a_pick_is_refused(server: Server, browser, artifacts):
    url = server.url
    made = _http(f"{url}/api/classes", {"options": {**OPTIONS, "table_size": 5, "dots": [1, 2, 3]}})
    code, teacher = made["code"], made["token"]
    names = ("Maximiliano", "Bea", "Caro", "Dani", "Emil")
    joined = {name: _http(f"{url}/api/classes/{code}/join", {"name": name}) for name in names}
    _http(f"{url}/api/classes/{code}/start", {}, teacher)
    seats = {name: _http(f"{url}/api/classes/{code}/me", token=joined[name]["token"]) for name in names}
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    saved = json.dumps({"code": code, "token": joined[names[0]]["token"], "name": names[0]})
    context.add_init_script(f"localStorage.setItem('pizzanight:class:{code}', {json.dumps(saved)})")
    page = context.new_page()
    page.goto(f"{url}/class/{code}")
    page.locator(".sp-hand").wait_for(timeout=20000)
    with ExitStack() as sockets:
        others = []
        for i, name in enumerate(names[1:]):
            others.append(
                WsStudent(name, random.Random(i), url, seats[name]["room"], seats[name]["seat_token"], sockets)
            )
        # While others play (the reactions shown), nothing on the page speaks of a TV either
        assert not re.search(r"\bTV\b|\btele\b", _words(page))
        _until_my_turn(page, others)
        # Then the whole turn is in sight, nothing scrolls and no fraction is cut, in English and Spanish
        assert _misfits(page, "class phone, its turn") == []
        # The header shows the student's name and the class code; no word of a TV anywhere on the page
        header = page.locator(".phone-header").inner_text()
        assert code in header and "Maximiliano" in header and seats[names[0]]["room"] not in header
        words = _words(page)
        assert not re.search(r"\bTV\b|\btele\b", words), words
        _keep(page, "phone-turn", artifacts)
        # When the student sends a pick that is no trick, then the phone says why, in a child's words
        student = PageStudent(names[0], random.Random(1), page)
        hand, table = student.look()
        hs, ts, expected = next(p for p in wrong_picks(hand, table) if p[2] == "trick/amounts_differ")
        assert student.take(hand, table, hs, ts) == expected
        said = page.locator(".sp-refused").inner_text()
        h, t = [hand[i] for i in hs], [table[j] for j in ts]
        assert said.startswith(f"This order is {h[0].text}, but that pizza is {t[0].text}."), said
        # (the refusal keeps the pick, so the child can change one card: pick it again for the screenshots)
        student._pick(hs, ts)
        assert _misfits(page, "class phone, a refused pick") == []
        _keep(page, "phone-refused", artifacts)
        # A hint names the cards as printed, with their toppings, and the turn still fits beside it
        page.locator(".sp-hint-btn").click()
        advice = page.locator(".sp-advice")
        advice.wait_for()
        assert re.match(r"Try your orders? \d|No trick is possible|No more tricks", advice.inner_text()), (
            advice.inner_text()
        )
        shot(page, artifacts, "phone-hint")
        assert _misfits(page, "class phone, a hint") == []
        # A hand grown by passes (drawing a card each time) keeps its fractions readable: seen in the artifacts
        while page.locator(".sp-hand .sp-hand-row .sp-pick").count() < 7 and not page.locator(".phone-result").count():
            student.decide("Pass")
            _until_my_turn(page, others)
        page.set_viewport_size(SIZES[1])
        page.evaluate(SETTLE)
        shot(page, artifacts, "phone-long-hand-360x740")
        print("a long hand at 360x740:", page.evaluate(FIT, {"ignore": PASSING}))
        page.set_viewport_size(PHONE)
        # And How to play says the standard rules: one order with one pizza is a trick
        page.get_by_role("button", name=re.compile("How to play|Rules")).click()
        assert "a 3/8 order with a 3/8 pizza" in page.get_by_role("dialog").inner_text()


def test_a_party_phone_turn_fits_with_five_players(server: Server, browser, artifacts):
    """A phone in a room opened from a phone (no TV), five players: the same turn, fitting.

    Without the purple cards, as at a class table with no speed play: a playable Special Order adds a
    button row, which at 360x740 can push the pass button below the fold (not covered here)."""
    url = server.url
    with ExitStack() as sockets:
        host = WsStudent.__new__(WsStudent)
        Student.__init__(host, "Host", random.Random(2))
        host.ws = sockets.enter_context(connect(url.replace("http", "ws", 1) + "/ws", max_queue=4096))
        host.view, host.v, host.seq, host.host = {}, -1, 0, True
        host.ws.send(json.dumps({"t": "hello", "v": 1, "role": "player", "name": "Host"}))
        while not host.view:
            host.pump(10)
        room = host.view["room"]
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        page = context.new_page()
        page.goto(f"{url}/join/{room}")
        page.get_by_label("Your name").fill("Valentina")
        page.get_by_role("button", name="Join").click()
        page.locator(".phone-header").wait_for()
        assert (
            host.request(
                {
                    "t": "host",
                    "op": "select_game",
                    "game": "splittissimo",
                    "options": {"level": "standard", "reaction_ms": 0, "special_cards": False},
                }
            )["t"]
            == "ack"
        )
        for _ in range(3):
            assert host.request({"t": "host", "op": "add_bot"})["t"] == "ack"
        assert host.request({"t": "host", "op": "start"})["t"] == "ack"
        page.locator(".sp-hand").wait_for(timeout=20000)
        _until_my_turn(page, [host])
        shot(page, artifacts, "party-phone-turn")
        page.set_viewport_size(SIZES[1])
        shot(page, artifacts, "party-phone-turn-360")
        page.set_viewport_size(PHONE)
        assert _misfits(page, "party phone, its turn") == []
