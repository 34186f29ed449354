"""Audience votes: questions from the public view, one changeable pick per spectator, a bounded tally.

The ballots are driven by hand (a flush we call), so the unit tests count
frames and votes, never time.  The hub tests use real websockets over
loopback and wait on frames, never on clocks.
"""

from __future__ import annotations

import asyncio
import random

import pytest

from protocol import codec
from protocol.errors import ErrorCode, ProtocolError
from protocol.frames import Vote
from protocol.legal import expand
from server.client import Client
from server.loadtest.audit import audit_votes
from server.votes import Ballots, EdgeVotes, RoomVotes

from frame_audit import rebuild_versions
from hubserver import start_server
from phoneplay import close_all, phone_loop
from wsclient import Peer


class ManualFlush:
    """A ``schedule`` that keeps the callbacks armed; ``tick()`` runs them (one flush period passes)."""

    def __init__(self) -> None:
        self.armed: list = []

    def __call__(self, delay, callback) -> None:
        self.armed.append(callback)

    def tick(self) -> None:
        armed, self.armed = self.armed, []
        for callback in armed:
            callback()


def _spectator(address: str = "10.0.0.1") -> Client:
    return Client(text=False, role="spectator", address=address, queue=64)


def _code(call) -> str | None:
    try:
        call()
    except ProtocolError as exc:
        return exc.code.value
    return None


class Tally(Ballots):
    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.flushed: list[dict[str, int]] = []

    def flush(self) -> None:
        self.flushed.append(dict(self.counts))


def test_one_changeable_pick_per_socket_and_bad_votes_refused():
    flush = ManualFlush()
    box = Tally(schedule=flush)
    ana, bea, phone = _spectator("10.0.0.1"), _spectator("10.0.0.2"), Client(text=False, role="player", address="x", queue=8)
    # Given no vote open: any vote is refused vote/closed
    assert _code(lambda: box.cast(ana, Vote(q=1, pick="0"))) == ErrorCode.VOTE_CLOSED.value
    # When vote 1 opens with three options
    box.start(1, ("0", "1", "2"))
    assert box.cast(ana, Vote(q=1, pick="0")) and box.cast(bea, Vote(q=1, pick="0"))
    assert box.counts == {"0": 2}
    # Then a spectator may change their pick: it moves, it does not add
    assert box.cast(ana, Vote(q=1, pick="2"))
    assert box.counts == {"0": 1, "2": 1}
    # Bad input is refused with its own code and changes nothing
    assert _code(lambda: box.cast(ana, Vote(q=2, pick="0"))) == ErrorCode.VOTE_CLOSED.value
    assert _code(lambda: box.cast(ana, Vote(q=1, pick="7"))) == ErrorCode.VOTE_BAD_PICK.value
    assert _code(lambda: box.cast(phone, Vote(q=1, pick="0"))) == ErrorCode.VOTE_AUDIENCE_ONLY.value
    assert box.counts == {"0": 1, "2": 1}
    # A closed socket's vote no longer counts
    box.withdraw(ana)
    assert box.counts == {"0": 1}
    # The tally is flushed once for all of it
    flush.tick()
    assert box.flushed == [{"0": 1}] and flush.armed == []


def test_a_vote_flood_gets_one_error_and_reconnecting_refills_nothing():
    box = Tally(schedule=ManualFlush())
    box.start(1, ("a", "b"))
    first = _spectator("10.0.0.9")
    # Given a spectator who uses the burst at once (changing their mind each time)
    assert [box.cast(first, Vote(q=1, pick=p)) for p in "aba"] == [True, True, True]
    # When they keep going, one rate/votes error, then quiet drops
    assert _code(lambda: box.cast(first, Vote(q=1, pick="b"))) == ErrorCode.VOTES_LIMITED.value
    assert [box.cast(first, Vote(q=1, pick="b")) for _ in range(20)] == [False] * 20
    assert box.counts == {"a": 1}
    # And closing the socket and opening a new one gets the same empty limit back
    box.withdraw(first)
    again = _spectator("10.0.0.9")
    assert box.cast(again, Vote(q=1, pick="b")) is False  # dropped (the run's one error was already sent)
    assert box.counts == {}


class FakeActor:
    """What RoomVotes needs of an actor: the TV, the spectators, the room and its games."""

    class Room:
        version = 5
        closed = None
        run = None

    def __init__(self, spectators: int) -> None:
        self.room = self.Room()
        self.games: dict = {}
        self.host = Client(text=False, role="host", address="tv", queue=64)
        self.spectators = {_spectator(f"10.{i // 65536}.{i // 256 % 256}.{i % 256}") for i in range(spectators)}


def _votes_frames(client: Client) -> list[dict]:
    return [f for data in client.outbox._items for f in codec.decode_server_all(data[1]) if f["t"] == "votes"]


def test_ten_thousand_spectators_voting_cost_the_tv_one_frame_per_flush():
    flush = ManualFlush()
    actor = FakeActor(10_000)
    votes = RoomVotes(actor, schedule=flush)
    votes._call_soon = lambda callback: None
    votes._call_later = lambda delay, callback: None
    from server.votes import Draft

    votes._start("new_york_slice", Draft("portion", 1, ("0", "1", "2"), 1))
    opened = _votes_frames(actor.host)
    assert [f["status"] for f in opened] == ["open"] and opened[0]["about"] == 1
    # When every spectator votes (a third for each portion)
    for i, client in enumerate(actor.spectators):
        assert votes.cast(client, Vote(q=1, pick=str(i % 3)))
    # Then one flush sends the TV one frame with the whole tally
    flush.tick()
    frames = _votes_frames(actor.host)
    assert len(frames) == 2
    assert frames[1]["total"] == 10_000 and sum(frames[1]["counts"].values()) == 10_000
    # And the spectators were sent the opening only (the tally goes to the TV)
    some = next(iter(actor.spectators))
    assert [f["status"] for f in _votes_frames(some)] == ["open"]


def test_an_edge_posts_its_tally_and_the_owner_adds_each_nodes_latest():
    posted: list[dict] = []
    flush = ManualFlush()
    edge = EdgeVotes(posted.append, schedule=flush)
    # Given the owner's notice that vote 4 is open on the edge
    edge.heard({"k": "ballot", "q": 4, "options": ["0", "1"]})
    for i in range(5):
        assert edge.cast(_spectator(f"10.1.0.{i}"), Vote(q=4, pick="1" if i else "0"))
    flush.tick()
    assert posted == [{"k": "votes", "q": 4, "counts": {"0": 1, "1": 4}}]
    # The owner adds each node's latest snapshot (twice the same snapshot counts once), ignoring garbage
    actor = FakeActor(0)
    owner = RoomVotes(actor, schedule=ManualFlush())
    owner._call_soon = owner._call_later = lambda *a: None
    from server.votes import Draft

    owner.next_q = 4
    owner._start("new_york_slice", Draft("portion", 0, ("0", "1"), 1))
    for _ in range(2):
        owner.take_remote("edge-a", 4, posted[0]["counts"])
    owner.take_remote("edge-b", 4, {"1": 2, "9": 5, "0": -3, "x": "lots"})
    owner.take_remote("edge-c", 3, {"1": 100})  # an old vote's tally
    owner.take_remote("edge-d", 4, ["not", "a", "map"])
    assert owner._tally() == {"0": 1, "1": 6}
    # A notice that the vote closed stops the edge: later votes are refused there
    edge.heard({"k": "ballot", "q": None, "options": []})
    assert _code(lambda: edge.cast(_spectator(), Vote(q=4, pick="0"))) == ErrorCode.VOTE_CLOSED.value


# --- through a real hub -----------------------------------------------------------------------


@pytest.fixture
async def server(tmp_path):
    running = await start_server(str(tmp_path / "rooms.sqlite3"))
    yield running
    await running.stop()


def _votes(peer: Peer, **match) -> list[dict]:
    return [f for f in peer.frames if f["t"] == "votes" and all(f.get(k) == v for k, v in match.items())]


async def _drive_until(phones: list[Peer], tv: Peer, done, rng: random.Random, *, limit: int = 400) -> dict:
    """Phones play random legal moves until the TV's state satisfies ``done``; returns that state."""
    for _ in range(limit):
        state = tv.state
        if state is not None and done(state):
            return state
        version = state["version"] if state else -1
        for phone in phones:
            mine = await phone.until(lambda s, v=version: s["version"] >= v)
            if mine["legal"] and mine["version"] == version:
                reply = await phone.cmd(rng.choice(expand(mine["legal"])))
                assert reply["t"] in ("ack", "error"), reply
                break
        await tv.until(lambda s, v=version: s["version"] > v or done(s), timeout=10)
    raise AssertionError("the game never got there")


def _choosing(state: dict) -> bool:
    game = state["game"]
    return game is not None and game["decision"]["kind"] == "choose"


async def test_spectators_guess_the_portion_and_the_tv_shows_the_result(server):
    # Given a TV, three phones and two spectators at a New York Slice game
    tv = await Peer.open(server.url, {"role": "host"})
    code = tv.welcome["room"]
    phones = [await Peer.open(server.url, {"role": "player", "room": code, "name": n}) for n in ("Ana", "Bea", "Cy")]
    watchers = [await Peer.open(server.url, {"role": "spectator", "room": code}, text=i == 1) for i in range(2)]
    assert (await tv.host("select_game", game="new_york_slice", options={}))["t"] == "ack"
    assert (await tv.host("start"))["t"] == "ack"
    rng = random.Random(7)
    # When the game reaches a player choosing a portion
    state = await _drive_until(phones, tv, _choosing, rng)
    chooser = state["game"]["decision"]["seat"]
    opened = await watchers[0].next_frame(lambda f: f["t"] == "votes" and f["status"] == "open")
    assert opened["kind"] == "portion" and opened["about"] == chooser and opened["total"] == 0
    free = [str(p["index"]) for p in state["game"]["portions"] if p["taken_by"] is None]
    assert opened["options"] == free
    q = opened["q"]
    # Then each spectator votes (acknowledged when sent with a seq), one changes their mind
    assert (await watchers[0].request({"t": "vote", "q": q, "pick": free[0]}))["t"] == "ack"
    assert (await watchers[1].request({"t": "vote", "q": q, "pick": free[0]}))["t"] == "ack"
    assert (await watchers[1].request({"t": "vote", "q": q, "pick": free[1]}))["t"] == "ack"
    # Bad votes are refused with clear codes; a phone may not vote
    assert (await watchers[0].request({"t": "vote", "q": q, "pick": "99"}))["code"] == "vote/bad_pick"
    assert (await watchers[0].request({"t": "vote", "q": q + 5, "pick": free[0]}))["code"] == "vote/closed"
    assert (await watchers[0].request({"t": "vote", "q": "one", "pick": free[0]}))["code"] == "protocol/bad_frame"
    assert (await phones[0].request({"t": "vote", "q": q, "pick": free[0]}))["code"] == "vote/audience_only"
    # The TV's tally arrives, bounded, with both votes
    tally = await tv.next_frame(lambda f: f["t"] == "votes" and f["q"] == q and f["total"] == 2)
    assert tally["counts"] == {free[0]: 1, free[1]: 1}
    # When the chooser picks, the vote closes before the state showing the pick, and the result follows it
    seat_phone = next(p for p in phones if p.state["you"]["seat"] == chooser)
    pick = next(c for c in expand(seat_phone.state["legal"]) if c.get("type") == "ChoosePortion")
    before = len(watchers[0].frames)
    assert (await seat_phone.cmd(pick))["t"] == "ack"
    result = await watchers[0].next_frame(lambda f: f["t"] == "votes" and f["q"] == q and f["status"] == "result")
    assert result["answer"] == [str(pick["portion"])] and result["total"] == 2
    after = watchers[0].frames[before:]
    kinds = [(f["t"], f.get("status")) for f in after if f["t"] in ("state", "votes")]
    closed_at = kinds.index(("votes", "closed"))
    taken = [i for i, f in enumerate(f for f in after if f["t"] in ("state", "votes"))
             if f["t"] == "state" and any(p["taken_by"] == chooser for p in f["game"]["portions"])]
    assert taken and closed_at < taken[0] < kinds.index(("votes", "result"))
    # A vote after the close is refused
    assert (await watchers[0].request({"t": "vote", "q": q, "pick": free[0]}))["code"] == "vote/closed"
    # The TV got the result too, then both screens get it cleared
    await tv.next_frame(lambda f: f["t"] == "votes" and f["q"] == q and f["status"] == "result")
    actor = server.hub.rooms[server.hub.codes[code]]
    actor.votes.result_seconds = 0.0  # later results clear at once (this one clears on its own)
    # Votes are not moves: nothing about them is in the room's log
    records = await server.hub.store.read(server.hub.codes[code])
    assert not [r for r in records if b"vote" in bytes(r.data) and b"Vote" in bytes(r.data)]
    # And the vote frames pass the secret audit for every audience socket
    by_version = await rebuild_versions(server.hub.store, server.hub.codes[code], server.hub.games)
    for peer in (tv, *watchers):
        assert audit_votes(peer.frames, by_version, server.hub.games) == []
    for phone in phones:
        assert not _votes(phone)
    await close_all(tv, *phones, *watchers)


async def test_a_spectator_joining_mid_vote_is_shown_it(server):
    tv = await Peer.open(server.url, {"role": "host"})
    code = tv.welcome["room"]
    phones = [await Peer.open(server.url, {"role": "player", "room": code, "name": n}) for n in ("Ana", "Bea", "Cy")]
    first = await Peer.open(server.url, {"role": "spectator", "room": code})
    assert (await tv.host("select_game", game="new_york_slice", options={}))["t"] == "ack"
    assert (await tv.host("start"))["t"] == "ack"
    await _drive_until(phones, tv, _choosing, random.Random(3))
    opened = await first.next_frame(lambda f: f["t"] == "votes" and f["status"] == "open")
    # When a second spectator arrives while the vote is open, it is shown the vote and may vote
    late = await Peer.open(server.url, {"role": "spectator", "room": code})
    shown = await late.next_frame(lambda f: f["t"] == "votes")
    assert (shown["q"], shown["status"], shown["options"]) == (opened["q"], "open", opened["options"])
    # after its first state, which holds the version the vote was offered at (the client has it when it reads the vote)
    kinds = [f["t"] for f in late.frames]
    assert kinds.index("welcome") < kinds.index("state") < kinds.index("votes"), kinds
    assert late.frames[kinds.index("state")]["version"] >= shown["v"]
    assert (await late.request({"t": "vote", "q": opened["q"], "pick": opened["options"][0]}))["t"] == "ack"
    await close_all(tv, *phones, first, late)


GAMES = [
    ("pizza_theory", 3, {"max_rounds": 3}, "colour"),
    ("new_york_slice", 3, {}, "portion"),
    ("splittissimo", 3, {"level": "standard"}, "seat"),
]


async def _voter(peer: Peer, rng: random.Random, stop: asyncio.Event) -> int:
    """A spectator who votes in every open vote it is shown; returns how many votes were acknowledged."""
    index, acked, voted = 0, 0, set()
    while not stop.is_set():
        while index < len(peer.frames):
            frame = peer.frames[index]
            index += 1
            if frame["t"] == "votes" and frame["status"] == "open" and frame["q"] not in voted:
                voted.add(frame["q"])
                await peer.send({"t": "vote", "q": frame["q"], "pick": rng.choice(frame["options"]), "seq": 1000 + frame["q"]})
            elif frame["t"] == "ack":
                acked += 1
        peer._changed.clear()
        try:
            await asyncio.wait_for(peer._changed.wait(), 0.5)
        except TimeoutError:
            pass
    return acked


@pytest.mark.parametrize("game,players,options,kind", GAMES, ids=[g[0] for g in GAMES])
async def test_every_game_offers_votes_that_pass_the_audit(server, game, players, options, kind):
    # Given a whole game played by phones, with two spectators voting in every vote
    tv = await Peer.open(server.url, {"role": "host"})
    code = tv.welcome["room"]
    watchers = [await Peer.open(server.url, {"role": "spectator", "room": code}) for _ in range(2)]
    phones = [await Peer.open(server.url, {"role": "player", "room": code, "name": f"P{i}"}) for i in range(players)]
    server.hub.rooms[server.hub.codes[code]].votes.result_seconds = 0.0
    assert (await tv.host("select_game", game=game, options=options))["t"] == "ack"
    assert (await tv.host("start"))["t"] == "ack"
    stop = asyncio.Event()
    voters = [asyncio.create_task(_voter(w, random.Random(i), stop)) for i, w in enumerate(watchers)]
    rng = random.Random(11)
    # (phones that think 100 ms a move: answering at once, they closed a vote before any spectator's vote
    # reached the hub, and a whole Splittissimo game could end with no vote counted)
    await asyncio.gather(*(phone_loop(p, random.Random(rng.random()), pause=0.1) for p in phones))
    await tv.until(lambda s: s["outcome"] is not None, timeout=30)
    for w in watchers:
        await w.until(lambda s: s["outcome"] is not None, timeout=30)
        assert (await w.request({"t": "ping"}))["t"] == "ack"
    stop.set()
    acked = sum(await asyncio.gather(*voters))
    # Then votes of the game's kind opened and some were answered, and the spectators' votes counted
    opened = {f["q"] for f in _votes(tv, status="open", kind=kind)}
    answered = _votes(tv, status="result")
    assert opened and answered and acked > 0
    assert max(f["total"] for f in answered) > 0
    # And every vote frame passes the audit: public view only, closed before the answer was shown
    by_version = await rebuild_versions(server.hub.store, server.hub.codes[code], server.hub.games)
    for peer in (tv, *watchers):
        assert audit_votes(peer.frames, by_version, server.hub.games) == []
    await close_all(tv, *watchers, *phones)


def test_the_audit_catches_a_vote_that_is_not_the_public_views_or_reaches_a_phone():
    from server import roomstate
    from server.loadtest.audit import Auditor, RoomLog
    from server.loadtest.stats import Stats

    lobby_only = {0: roomstate.Room()}
    made_up = {"t": "votes", "q": 1, "status": "open", "kind": "portion", "about": 0, "options": ["0", "1"],
               "counts": {}, "total": 0, "v": 0, "answer": None}
    # A vote offered where no game runs, or with a count for an option it does not offer, is caught
    assert audit_votes([{"t": "state", "version": 0}, made_up], lobby_only, {}) != []
    assert audit_votes([dict(made_up, counts={"9": 1}, total=1)], lobby_only, {}) != []
    # And the load test's auditor reports a vote frame sent to a phone as a leak
    stats = Stats()
    auditor = Auditor(store=None, games={}, stats=stats)

    class Sock:
        sequence = [made_up]

    log = RoomLog(None, "r", {})
    log.by_version = lobby_only
    auditor._check_votes("ABCD", "player", Sock(), log)
    assert stats.audit_leaks == ["ABCD: a phone was sent an audience vote"]
