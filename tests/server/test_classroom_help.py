"""Judged tries at a class table (issue 25): refused with the child's numbers, recorded with their relation,
rate-limited so the hub is no oracle; and "needs help" reasons that hold only while true."""

from __future__ import annotations

import asyncio

import httpx
from test_classroom import OPTIONS, join, open_class, where

from games.splittissimo.cards import CARDS
from games.splittissimo.tricks import trick_fault
from server.classroom import attempts

from wsclient import Peer


class Clock:
    """A wall clock the test moves (unix ms)."""

    def __init__(self) -> None:
        self.now = 1_800_000_000_000

    def __call__(self) -> int:
        return self.now


async def _table_of_two(server, http: httpx.AsyncClient, options: dict | None = None):
    """Ada and Ben at one standard table, their phones connected; (code, teacher, phones by name, states)."""
    code, teacher = await open_class(
        http, {**OPTIONS, "level": "standard", "bots": False, "table_size": 2, **(options or {})}
    )
    tokens = {name: await join(http, code, name) for name in ("Ada", "Ben")}
    assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).status_code == 200
    phones, states = {}, {}
    for name, token in tokens.items():
        seat = await where(http, code, token)
        phones[name] = await Peer.open(
            server.url, {"role": "player", "room": seat["room"], "token": seat["seat_token"]}
        )
        states[name] = await phones[name].until(
            lambda s: s["game"] is not None and s["game"]["hand"] and s["game"]["phase"] == "turn"
        )
    return code, teacher, phones, states


def _wrong_pick(state: dict) -> dict:
    """One order from the hand against one open pizza that is no trick (amounts or toppings)."""
    tops = [p["top"] for p in state["game"]["piles"] if p["top"]]
    for card in state["game"]["hand"]:
        if CARDS[card["id"]].kind != "order":
            continue
        for top in tops:
            if trick_fault("standard", [CARDS[card["id"]]], [CARDS[top["id"]]]) is not None:
                return {"type": "TakeTrick", "hand": [card["id"]], "table": [top["id"]]}
    raise AssertionError("every order matches every open pizza")


async def _help(http, code, teacher) -> list[dict]:
    board = (await http.get(f"/api/classes/{code}/dashboard", headers=teacher)).json()
    return board["tables"][0]["help"]


async def test_a_refused_try_is_explained_recorded_and_then_costs_a_cool_down(server):
    classes = server.app.state.classes
    clock = Clock()
    classes.tries.clock = clock
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher, phones, states = await _table_of_two(server, http)
        active = next(n for n, s in states.items() if s["game"]["active"] == s["you"]["seat"])
        pick = _wrong_pick(states[active])
        refused = await phones[active].cmd(pick)
        # Then: the rule's code, with what the phone needs to say it in a child's words
        assert refused["t"] == "error" and refused["code"] in ("trick/amounts_differ", "trick/topping_missing")
        # one order against one pizza: the relation tried (8/8 against a 3/4 order is a try at a whole pizza)
        assert refused["params"]["relation"] in ("same_card", "equivalent_fractions", "whole_pizza", "toppings_matched")
        if refused["code"] == "trick/amounts_differ":
            assert {"hand_sum", "table_sum"} <= set(refused["params"])
        else:
            assert {"pizza", "topping"} <= set(refused["params"])
        # When the same seat tries again at once: not judged, told to wait
        again = await phones[active].cmd(pick)
        assert again["code"] == "class/slow_down" and again["params"] == {"seconds": 2}
        # Then only the judged try is in the report, with its rule and relation
        for _ in range(100):
            report = (await http.get(f"/api/classes/{code}/report", headers=teacher)).json()
            if report["rejected"]:
                break
            await asyncio.sleep(0.02)
        [record] = report["rejected"]
        assert record["code"] == refused["code"] and record["relation"] == refused["params"]["relation"]
        assert record["held"] is True and record["hand"] == []
        row = next(r for r in report["students"] if r["name"] == active)
        assert row["relations"][record["relation"]]["refused"] == 1
        # the next step names it, without the cards while the game runs
        step = row["next_step"]
        assert (step["kind"], step["relation"], step["count"]) == ("refused", record["relation"], 1)
        assert (step["example"], step["held"]) == (None, True) and active in step["text"]["en"]
        # once the table has ended, the example shows the cards tried
        assert (await http.post(f"/api/classes/{code}/end_tables", headers=teacher)).status_code == 200
        report = (await http.get(f"/api/classes/{code}/report", headers=teacher)).json()
        step = next(r for r in report["students"] if r["name"] == active)["next_step"]
        assert step["held"] is False and step["example"]["text"].count(" | ") == 1
        assert " with " in step["text"]["en"] and " con " in step["text"]["es"]
        for phone in phones.values():
            await phone.close()


async def test_at_most_five_refused_tries_a_turn_then_pass_still_works_and_the_next_turn_starts_afresh(server):
    classes = server.app.state.classes
    clock = Clock()
    classes.tries.clock = clock
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher, phones, states = await _table_of_two(server, http)
        active = next(n for n, s in states.items() if s["game"]["active"] == s["you"]["seat"])
        pick = _wrong_pick(states[active])
        codes = []
        for _ in range(attempts.MAX_REFUSED + 1):
            codes.append((await phones[active].cmd(pick))["code"])
            clock.now += attempts.COOL_DOWN_MS
        assert codes[-1] == "class/no_more_tries" and "class/no_more_tries" not in codes[:-1]
        assert (await phones[active].cmd(pick))["params"] == {"max": attempts.MAX_REFUSED}
        # "Needs help": repeated refused tries, while they are true
        help_now = await _help(http, code, teacher)
        assert [h["reason"] for h in help_now] == ["refused"]
        assert (help_now[0]["name"], help_now[0]["count"]) == (active, attempts.MAX_REFUSED)
        assert (await phones[active].cmd({"type": "Pass"}))["t"] == "ack"
        for _ in range(100):
            if not await _help(http, code, teacher):
                break
            await asyncio.sleep(0.02)
        assert await _help(http, code, teacher) == []  # gone once the student moved
        report = (await http.get(f"/api/classes/{code}/report", headers=teacher)).json()
        assert len(report["rejected"]) == attempts.MAX_REFUSED  # the unjudged ones are not attempts
        for phone in phones.values():
            await phone.close()


async def test_needs_help_idle_and_disconnected_come_and_go_and_a_hint_is_no_reason(server):
    classes = server.app.state.classes
    clock = Clock()
    classes.times.clock = clock
    async with httpx.AsyncClient(base_url=server.http) as http:
        code, teacher, phones, states = await _table_of_two(server, http, {"help_idle_s": 30})
        active = next(n for n, s in states.items() if s["game"]["active"] == s["you"]["seat"])
        waiting = next(n for n in phones if n != active)
        assert (await phones[active].request({"t": "hint"}))["t"] == "hint"
        assert await _help(http, code, teacher) == []
        clock.now += 31_000
        [idle] = await _help(http, code, teacher)
        assert (idle["reason"], idle["name"], idle["seconds"]) == ("idle", active, 31)
        await phones[waiting].close()
        for _ in range(100):
            reasons = {h["reason"]: h for h in await _help(http, code, teacher)}
            if "disconnected" in reasons:
                break
            await asyncio.sleep(0.02)
        assert reasons["disconnected"]["name"] == waiting
        assert (await phones[active].cmd({"type": "Pass"}))["t"] == "ack"  # a move: no longer idle
        for _ in range(100):
            reasons = {h["reason"]: h for h in await _help(http, code, teacher)}
            if "idle" not in reasons:
                break
            await asyncio.sleep(0.02)
        assert set(reasons) == {"disconnected"}
        await phones[active].close()
