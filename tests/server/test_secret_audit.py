"""Secret audit: bot-driven games of every game through real sockets, every frame recorded.

For every frame a viewer received we check two things:

1. The frame's game part is exactly ``view(state, viewer)`` (and the seat's
   legal commands) for the state at the frame's version, rebuilt from the
   stored log: the hub adds nothing about the game beyond the view.
2. That view does not change when the secrets hidden from that viewer
   change (secrets_oracle): another seat's pending cut, other hands, the
   deck, face-down stacks, leftovers, other seats' eaten slices.

And no frame to anyone carries another player's seat token or a token hash.
"""

from __future__ import annotations

import asyncio

import pytest

from games.registry import get_game
from protocol.legal import expand
from server import views

from frame_audit import audit_room, card_ids
from phoneplay import close_all, play_room
from secrets_oracle import ORACLES

CONFIGS = [
    ("pizza_theory", 3, {"max_rounds": 4}, 1),
    ("pizza_theory", 2, {"max_rounds": 4}, 2),
    ("new_york_slice", 3, {}, 3),
    ("new_york_slice", 5, {}, 4),
    ("splittissimo", 2, {"level": "easy"}, 5),
    ("splittissimo", 3, {"level": "standard"}, 6),
    ("splittissimo", 4, {"level": "advanced"}, 7),
]


@pytest.fixture
def store_url(tmp_path):
    # The audit is about views, not storage: one backend keeps it quick.
    return str(tmp_path / "audit.sqlite3")


@pytest.mark.parametrize("game,players,options,seed", CONFIGS, ids=[f"{c[0]}-{c[1]}p-{c[3]}" for c in CONFIGS])
async def test_no_frame_shows_a_viewer_anything_it_may_not_see(server, game, players, options, seed):
    # Given a game played to its end by phones, with a TV and a spectator recording every frame
    tv, watcher, phones, code, _ = await play_room(server.url, game, players, options, seed)
    peers = [(views.HOST, tv), (views.SPECTATORS, watcher)] + [
        (views.player_key(p.welcome["player"]), p) for p in phones
    ]
    # Then every frame is its viewer's view, no view shows a hidden secret, no frame carries a token
    await audit_room(server.hub, code, peers)
    await close_all(tv, watcher, *phones)


def test_the_oracle_catches_a_view_that_leaks_a_pending_cut():
    # Given a Pizza Theory state in the cut phase where seat 1 has chosen
    spec = get_game("pizza_theory")
    from games.pizza_theory import messages as m

    state = spec.initial_state(spec.setup(3, 5))
    for _ in range(200):
        timer = spec.next_timer(state)
        if len(getattr(state, "cuts", ())) > 1 and state.cuts[1] is not None:
            break
        if timer is not None:
            command, actor = timer.command, -1
        else:
            actor = next(s for s in range(3) if spec.legal_commands(state, s))
            legal = spec.legal_commands(state, actor)
            command = legal[0]
        for event in spec.decide(state, actor, command):
            state = spec.evolve(state, event)
    assert state.cuts[1] is not None and isinstance(legal[0], m.ChooseCut)
    # When a careless view shows every cut, then the oracle's variants expose it
    leaky = [v.cuts for v in ORACLES["pizza_theory"](state, 0)]
    assert leaky and all(cuts != state.cuts for cuts in leaky)


def named_cards(hint: dict) -> set[int]:
    """The cards a Splittissimo hint names: those its suggested command plays or takes."""
    command = hint["command"]
    return set(command.get("hand", ())) | set(command.get("table", ())) | ({command["card"]} if "card" in command else set())


async def hinting_phone(phone, rng) -> int:
    """Play to the end, sending a hint request right behind every command (the race of issue 15)."""
    acted_at, hints = -1, 0
    while True:
        state = await phone.until(
            lambda s, acted_at=acted_at: s["outcome"] is not None
            or (s["game"] is not None and s["legal"] and s["version"] > acted_at),
            timeout=30,
        )
        if state["outcome"] is not None:
            return hints
        acted_at = state["version"]
        phone.seq += 2
        cmd_seq, hint_seq = phone.seq - 1, phone.seq
        await phone.send({"t": "cmd", "seq": cmd_seq, "cmd": rng.choice(expand(state["legal"]))})
        await phone.send({"t": "hint", "seq": hint_seq})
        await phone.next_frame(lambda f, hint_seq=hint_seq: f.get("seq") == hint_seq and f["t"] in ("hint", "error"), timeout=30)
        hints += 1
        await asyncio.sleep(0.12)  # two frames a turn, under the hub's 20 frames/s per socket


@pytest.mark.parametrize("level,seed", [("standard", 11), ("advanced", 12)])
async def test_every_card_a_hint_names_was_in_a_view_its_phone_received_before_it(server, level, seed):
    # Given a Splittissimo game whose phones ask for a hint right behind every command
    import asyncio
    import random

    from wsclient import Peer

    tv = await Peer.open(server.url, {"role": "host"})
    code = tv.welcome["room"]
    phones = [await Peer.open(server.url, {"role": "player", "room": code, "name": f"P{i}"}) for i in range(3)]
    assert (await tv.host("select_game", game="splittissimo", options={"level": level}))["t"] == "ack"
    assert (await tv.host("start"))["t"] == "ack"
    rng = random.Random(seed)
    named = 0
    for _ in range(10):  # games until enough hints named cards (a game can end after a few moves)
        await asyncio.gather(*(hinting_phone(p, random.Random(rng.random())) for p in phones))
        named = sum(1 for p in phones for f in p.frames if f["t"] == "hint" and f["hint"] is not None)
        if named >= 5:
            break
        assert (await tv.host("play_again"))["t"] == "ack"
        assert (await tv.host("start"))["t"] == "ack"
        await asyncio.gather(*(p.until(lambda s: s["game"] is not None and s["outcome"] is None) for p in phones))
    assert named >= 5
    # Then on every socket, each hint names the version of the last state before it,
    # and every card it names was face up in a view that socket had already received
    hints = 0
    for phone in phones:
        seen: set[int] = set()
        version = None
        for frame in phone.frames:
            if frame["t"] == "state":
                version = frame["version"]
                if frame["game"] is None:  # back in the lobby: a new game deals the same card ids afresh
                    seen = set()
                seen |= card_ids(frame["game"])
            elif frame["t"] == "hint":
                assert frame["v"] == version, frame
                if frame["hint"] is not None:
                    assert named_cards(frame["hint"]) <= seen, (frame, sorted(seen))
                    hints += 1
    assert hints == named
    await close_all(tv, *phones)
