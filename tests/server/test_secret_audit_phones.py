"""Secret audit of the rooms without a TV: phones-only rooms and class tables.

With no TV, each phone shows the table's public view above its own hand, so
a phone's frames must hold its own seat's view and nothing more.  At a class
table the teacher's projector polls the dashboard and the report over HTTP
while the students play: those answers must carry nothing the shared
screen's view did not show by then (no card from a hand, no seat token),
except what the class's report shows on purpose once a game is over: a
miss's or a refused try's cards from a hand of a game that has ended
(docs/classroom.md, "What the full report holds back").
Every frame each viewer received is recorded and checked (frame_audit).
"""

from __future__ import annotations

import asyncio
import json
import random

import httpx
import pytest

from games.splittissimo.cards import CARDS
from server import views

from frame_audit import audit_room, public_card_ids
from hubserver import fast_config, start_server
from phoneplay import close_all, phone_loop
from wsclient import Peer

GAMES = [
    ("pizza_theory", 3, {"max_rounds": 2}, 21),
    ("new_york_slice", 4, {}, 22),
    ("splittissimo", 3, {"level": "standard"}, 23),
]


@pytest.fixture
def store_url(tmp_path):
    # The audit is about views, not storage: one backend keeps it quick.
    return str(tmp_path / "audit.sqlite3")


@pytest.mark.parametrize("game,players,options,seed", GAMES, ids=[g[0] for g in GAMES])
async def test_phones_only_room_frames_show_each_phone_its_own_seat_only(server, game, players, options, seed):
    # Given a room opened from a phone (no TV), more phones and a spectator, recording every frame
    first = await Peer.open(server.url, {"role": "player", "name": "P0"})
    code = first.welcome["room"]
    phones = [first] + [
        await Peer.open(server.url, {"role": "player", "room": code, "name": f"P{i}"}) for i in range(1, players)
    ]
    watcher = await Peer.open(server.url, {"role": "spectator", "room": code})
    await first.until(lambda s: len(s["lobby"]["players"]) == players)
    assert (await first.host("select_game", game=game, options=options))["t"] == "ack"
    assert (await first.host("start"))["t"] == "ack"
    # When they play it to its end
    rng = random.Random(seed)
    await asyncio.gather(*(phone_loop(p, random.Random(rng.random())) for p in phones))
    await watcher.until(lambda s: s["outcome"] is not None, timeout=30)
    assert all(f["lobby"]["no_tv"] for p in phones for f in p.frames if f["t"] == "state")
    # Then every phone's frames are its own seat's view, no view shows a hidden secret, no token leaks
    peers = [(views.SPECTATORS, watcher)] + [(views.player_key(p.welcome["player"]), p) for p in phones]
    await audit_room(server.hub, code, peers)
    await close_all(watcher, *phones)


async def test_a_seat_that_moves_to_a_new_device_shows_its_hand_there_only(store_url):
    """Issue 24: the new device sees the hand, the old one is refused, nobody else sees it, and it is announced."""
    server = await start_server(store_url, config=fast_config(grace_party=0.2))
    try:
        # Given a phones-only Splittissimo game and a spectator, every frame recorded
        first = await Peer.open(server.url, {"role": "player", "name": "P0"})
        code = first.welcome["room"]
        phones = [first] + [await Peer.open(server.url, {"role": "player", "room": code, "name": f"P{i}"}) for i in (1, 2)]
        watcher = await Peer.open(server.url, {"role": "spectator", "room": code})
        await first.until(lambda s: len(s["lobby"]["players"]) == 3)
        assert (await first.host("select_game", game="splittissimo", options={"level": "standard"}))["t"] == "ack"
        assert (await first.host("start"))["t"] == "ack"
        # When P1's phone is lost past the grace (a bot stands in) and the host phone hands the seat on
        lost = phones[1]
        moved_id, old_token = lost.welcome["player"], lost.welcome["token"]
        await lost.until(lambda s: s["game"] is not None and s["you"]["seat"] is not None)
        await lost.close()
        await first.until(lambda s: next(p for p in s["lobby"]["players"] if p["id"] == moved_id)["presence"] == "absent")
        issued = await first.host("reclaim_seat", player=moved_id)
        assert issued["t"] == "reclaim_code"
        new = await Peer.open(server.url, {"role": "player", "room": code, "reclaim": issued["code"]})
        # Then the new device is that seat, and sees its hand
        assert new.welcome["player"] == moved_id
        mine = await new.until(lambda s: s["game"] is not None and s["you"]["seat"] is not None)
        assert mine["game"].get("hand") is not None
        # And every screen announces the move, by the host phone's player
        shown = await watcher.until(lambda s: any(n["kind"] == "seat_moved" for n in s["lobby"]["notices"]))
        assert [(n["name"], n["by"]) for n in shown["lobby"]["notices"] if n["kind"] == "seat_moved"] == [("P1", "P0")]
        # And the old device is refused: its seat moved
        old = await Peer.open(server.url, {"role": "player", "room": code, "token": old_token}, expect_welcome=False)
        refused = await old.next_frame(lambda f: f["t"] in ("error", "welcome"))
        assert refused["t"] == "error" and refused["code"] == "room/seat_moved" and await old.wait_closed() == 1008
        # When everyone plays to the end
        players = [phones[0], new, phones[2]]
        rng = random.Random(24)
        await asyncio.gather(*(phone_loop(p, random.Random(rng.random())) for p in players))
        await watcher.until(lambda s: s["outcome"] is not None, timeout=30)
        # Then every frame of every viewer (the old device's included) is its own view, and no token leaks
        peers = [(views.SPECTATORS, watcher), (views.player_key(moved_id), lost), (views.player_key(moved_id), new)]
        peers += [(views.player_key(p.welcome["player"]), p) for p in (phones[0], phones[2])]
        await audit_room(server.hub, code, peers)
        await close_all(watcher, *players)
    finally:
        await server.stop()


def cards_named(answer) -> list[str]:
    """The card texts an answer names anywhere (the ``hand`` and ``table_cards`` of report records)."""
    found: list[str] = []
    stack = [answer]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            for key, value in item.items():
                if key in ("hand", "table_cards") and isinstance(value, list):
                    found.extend(str(v) for v in value)
                else:
                    stack.append(value)
        elif isinstance(item, list):
            stack.extend(item)
    return found


def ended_hand_ids(by_version: dict, games, up_to: int) -> set[int]:
    """The cards in the hands when a game of the table ended, at a version up to ``up_to``.

    Once a game is over the report may name the cards its students held
    (a next step's example: the trick a student missed, or a refused try):
    only while it runs are they held back.
    """
    out: set[int] = set()
    for version, room in by_version.items():
        if version <= up_to and room.run is not None and games[room.run.game].is_terminal(room.run.state):
            for hand in room.run.state.hands:
                out |= set(hand)
    return out


def hidden_cards(answer, shown_texts: set[str]) -> set[str]:
    """Cards an answer names that no shared screen had shown by then."""
    return set(cards_named(answer)) - shown_texts


async def test_a_class_tables_phones_and_the_teachers_projector_see_nothing_secret(server):
    async with httpx.AsyncClient(base_url=server.http) as http:
        # Given a class of four at two phone-only Splittissimo tables
        created = await http.post(
            "/api/classes", json={"options": {"level": "standard", "table_size": 2, "reaction_ms": 0, "bots": False}}
        )
        klass = created.json()
        code, teacher = klass["code"], {"Authorization": f"Bearer {klass['token']}"}
        tokens = {}
        for name in ("Ada", "Ben", "Cleo", "Dev"):
            tokens[name] = (await http.post(f"/api/classes/{code}/join", json={"name": name})).json()["token"]
        assert (await http.post(f"/api/classes/{code}/start", headers=teacher)).status_code == 200
        seats = {
            name: (await http.get(f"/api/classes/{code}/me", headers={"Authorization": f"Bearer {t}"})).json()
            for name, t in tokens.items()
        }
        phones = {
            name: await Peer.open(server.url, {"role": "player", "room": s["room"], "token": s["seat_token"]})
            for name, s in seats.items()
        }
        for phone in phones.values():
            await phone.until(lambda s: s["game"] is not None and s["game"]["hand"])
        hub = server.hub
        rooms = {s["room"] for s in seats.values()}

        # ... whose projector records every dashboard and report answer, with each table's version when it came
        projector: list[tuple[dict[str, int], str]] = []
        playing = True

        async def poll() -> None:
            while playing:
                for path in ("dashboard", "report?only=students"):  # what the projector page polls
                    answer = await http.get(f"/api/classes/{code}/{path}", headers=teacher)
                    assert answer.status_code == 200
                    at = {room: hub.rooms[hub.codes[room]].room.version for room in rooms}
                    projector.append((at, answer.text))
                await asyncio.sleep(0.05)

        # When the first student to move tries a trick with a card of their hand that breaks the rules
        # (a rejected attempt the report records), and then all play to the end
        for _ in range(200):
            mover = next((p for p in phones.values() if p.state["legal"]), None)
            if mover is not None:
                break
            await asyncio.sleep(0.05)
        assert mover is not None
        secret_card = mover.state["game"]["hand"][0]["id"]
        refused = await mover.cmd({"type": "TakeTrick", "hand": [secret_card], "table": []})
        assert refused["t"] == "error"
        refused_at = mover.state["version"]
        poller = asyncio.create_task(poll())
        rng = random.Random(31)
        await asyncio.gather(*(phone_loop(p, random.Random(rng.random())) for p in phones.values()))
        await asyncio.sleep(0.3)
        playing = False
        await poller
        assert len(projector) > 10

        # Then every phone's frames are its own seat's view at its table, nothing more, and no token leaks
        by_room = {}
        for room in rooms:
            at_table = [(views.player_key(p.welcome["player"]), p) for p in phones.values() if p.welcome["room"] == room]
            by_room[room] = await audit_room(hub, room, at_table)
        # ... and no projector answer names a card the tables' shared screens had not shown by then, but
        # for the hands of a game already over (CI once met a next step naming a card its student held at the end)
        def shown_texts(at: dict[str, int]) -> set[str]:
            ids = {i for r in rooms for i in public_card_ids(by_room[r], hub.games, at[r])}
            ids |= {i for r in rooms for i in ended_hand_ids(by_room[r], hub.games, at[r])}
            return {CARDS[i].text for i in ids}

        secrets = [s["seat_token"] for s in seats.values()] + list(tokens.values())
        hashes = [pl.token_hash for v in by_room.values() for pl in v[max(v)].players if pl.token_hash]
        for at, text in projector:
            assert hidden_cards(json.loads(text), shown_texts(at)) == set(), text
            # ... nor any seat token, class token or token hash
            for secret in secrets + hashes:
                assert secret not in text
        # (What the projector must not poll: the export a teacher downloads on purpose names the
        # rejected attempt's card, still in the student's hand, which no shared screen had shown then.)
        export = (await http.get(f"/api/classes/{code}/report", headers=teacher)).json()
        assert CARDS[secret_card].text in cards_named(export["rejected"])
        table = mover.welcome["room"]
        assert secret_card not in public_card_ids(by_room[table], hub.games, refused_at)
    await close_all(*phones.values())
