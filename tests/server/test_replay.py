"""Replays (server/replay.py): exported by the host over HTTP from a real game, checked, and tampered with."""

from __future__ import annotations

import copy
import json

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from server import replay
from server.hub import load_games

from botlog import bot_game_log
from phoneplay import close_all, play_room
from wsclient import Peer

GAMES = [
    ("pizza_theory", 2, {"max_rounds": 3}),
    ("new_york_slice", 2, {}),
    ("splittissimo", 2, {"level": "standard"}),
]


async def _export(server, code: str, token: str | None) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token is not None else {}
    async with httpx.AsyncClient() as http:
        return await http.get(f"{server.http}/api/rooms/{code}/replay", headers=headers)


@pytest.mark.parametrize("game,players,options", GAMES, ids=[g[0] for g in GAMES])
async def test_the_host_exports_a_finished_game_that_checks_clean_and_ends_on_the_final_tv_view(server, game, players, options):
    # Given a game played to its end by phones and a hub bot, with a TV watching
    tv, watcher, phones, code, moves = await play_room(server.url, game, players, options, seed=3, bots=1)
    # When the TV exports the replay with its host token
    reply = await _export(server, code, tv.welcome["token"])
    # Then it is one JSON file, offered as a download, that replays clean
    assert reply.status_code == 200, reply.text
    assert "attachment" in reply.headers["content-disposition"]
    doc = reply.json()
    checked = replay.check(doc, load_games())
    assert checked.games == (game,) and checked.phase == "finished"
    # every record of the log is in it, numbered from 1, and the last one is the log's version
    live = server.hub.rooms[server.hub.codes[code]].room
    assert [r["v"] for r in doc["records"]] == list(range(1, live.version + 1))
    assert doc["setup"][0]["game"] == game and doc["games"][0]["id"] == game
    # the last TV view is what the TV saw at the end (read through the test client)
    last = doc["records"][-1]["tv"]
    assert last["game"] == tv.state["game"] and last["outcome"] == tv.state["outcome"]
    assert doc["final"]["outcome"] == tv.state["outcome"]
    # no token hash leaves the server: not the host's, not a seat's
    text = reply.text
    assert live.host_hash not in text
    assert all(p.token_hash not in text for p in live.players if p.token_hash)
    await close_all(tv, watcher, *phones)


async def test_a_spectator_a_player_or_nobody_cannot_export(server):
    # Given a running room with two players (Ana joined first: her phone hosts) and a spectator
    tv = await Peer.open(server.url, {"role": "host"})
    code = tv.welcome["room"]
    ana = await Peer.open(server.url, {"role": "player", "room": code, "name": "Ana"})
    bo = await Peer.open(server.url, {"role": "player", "room": code, "name": "Bo"})
    watcher = await Peer.open(server.url, {"role": "spectator", "room": code})
    # When Bo, nobody, or a made-up token asks for the replay
    asked = [await _export(server, code, token) for token in (bo.welcome["token"], None, "x" * 32)]
    # Then each is refused, and the hosts (the TV, Ana's phone) still get it
    assert [r.status_code for r in asked] == [403, 403, 403]
    assert all(r.json()["error"] == "forbidden" for r in asked)
    assert (await _export(server, code, tv.welcome["token"])).status_code == 200
    assert (await _export(server, code, ana.welcome["token"])).status_code == 200
    assert (await _export(server, "BCDF" if code != "BCDF" else "BCDG", tv.welcome["token"])).status_code == 404
    # When the TV names Bo's phone to host, then Bo's token exports and Ana's no longer does
    assert (await tv.host("name_host_phone", player=bo.welcome["player"]))["t"] == "ack"
    assert (await _export(server, code, bo.welcome["token"])).status_code == 200
    assert (await _export(server, code, ana.welcome["token"])).status_code == 403
    # and the same answers from the log alone, as a hub that does not run the room (cluster mode) finds them
    games = load_games()
    assert (await replay.export_for_host(server.hub.store, code, bo.welcome["token"], games))["room"]["code"] == code
    with pytest.raises(replay.NotAllowed):
        await replay.export_for_host(server.hub.store, code, ana.welcome["token"], games)
    await close_all(tv, ana, bo, watcher)


async def test_the_host_cannot_export_while_a_game_is_being_played(server):
    # Given a TV and two phones in a game of Pizza Theory that has just started (the phones have not moved)
    tv = await Peer.open(server.url, {"role": "host"})
    code = tv.welcome["room"]
    ana = await Peer.open(server.url, {"role": "player", "room": code, "name": "Ana"})
    bo = await Peer.open(server.url, {"role": "player", "room": code, "name": "Bo"})
    assert (await tv.host("select_game", game="pizza_theory", options={"max_rounds": 3}))["t"] == "ack"
    assert (await _export(server, code, tv.welcome["token"])).status_code == 200  # the lobby: given
    assert (await tv.host("start"))["t"] == "ack"
    # When the TV asks for the replay
    reply = await _export(server, code, tv.welcome["token"])
    # Then it is refused, saying why, and the operator still gets it from the store
    assert reply.status_code == 409, reply.text
    assert reply.json()["error"] == "replay/game_running"
    assert "once the game is over" in reply.json()["message"]
    # and so is the host phone, which plays in it (Ana joined first)
    phone = await _export(server, code, ana.welcome["token"])
    assert (phone.status_code, phone.json()["error"]) == (409, "replay/game_running")
    room_id = server.hub.codes[code]
    operator = await replay.export(server.hub.store, room_id, load_games())
    assert operator["final"]["phase"] == "playing"
    await close_all(tv, ana, bo)


# --- tampering -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def clean_doc() -> dict:
    """A finished Pizza Theory replay, built from a log the engine produced (no server needed)."""
    return replay.build("room-id", bot_game_log("pizza_theory", 3, {"max_rounds": 3}, seed=11), load_games())


def _first_game_record(doc: dict, after: int = 0) -> int:
    return next(i for i, r in enumerate(doc["records"]) if "g" in r["event"] and i >= after)


def test_a_clean_replay_checks_and_its_json_round_trip_changes_nothing(clean_doc):
    again = json.loads(replay.dumps(clean_doc))
    result = replay.check(again, load_games())
    assert result.records == len(clean_doc["records"]) and result.phase == "finished"


def _first_int_field(event: dict) -> str:
    return next(k for k, v in event.items() if k != "type" and isinstance(v, int) and not isinstance(v, bool))


@pytest.mark.parametrize("where", ["first", "middle", "last"])
def test_a_changed_event_fails_naming_its_record(clean_doc, where):
    # Given a clean replay, when one game event's number is changed
    doc = copy.deepcopy(clean_doc)
    records = doc["records"]
    candidates = [i for i, r in enumerate(records) if "g" in r["event"] and any(
        k != "type" and isinstance(v, int) and not isinstance(v, bool) for k, v in r["event"]["g"].items())]
    index = {"first": candidates[0], "middle": candidates[len(candidates) // 2], "last": candidates[-1]}[where]
    event = records[index]["event"]["g"]
    event[_first_int_field(event)] += 1
    # Then the check fails at exactly that record
    with pytest.raises(replay.ReplayError) as failed:
        replay.check(doc, load_games())
    assert failed.value.record == records[index]["v"], str(failed.value)
    assert f"record {records[index]['v']}:" in str(failed.value)


def test_a_changed_digest_or_tv_view_fails_naming_its_record(clean_doc):
    index = len(clean_doc["records"]) // 2
    number = clean_doc["records"][index]["v"]
    digest = copy.deepcopy(clean_doc)
    digest["records"][index]["digest"] = "0" * 64
    shown = copy.deepcopy(clean_doc)
    shown["records"][index]["tv"]["lobby"]["players"][0]["name"] = "Mallory"
    for doc, words in ((digest, "digest"), (shown, "TV view")):
        with pytest.raises(replay.ReplayError) as failed:
            replay.check(doc, load_games())
        assert failed.value.record == number and words in str(failed.value)


def test_a_removed_record_or_a_changed_outcome_fails(clean_doc):
    gap = copy.deepcopy(clean_doc)
    del gap["records"][5]
    with pytest.raises(replay.ReplayError) as failed:
        replay.check(gap, load_games())
    assert failed.value.record == 7  # record 6 is gone: 7 stands where 6 should
    result = copy.deepcopy(clean_doc)
    result["final"]["outcome"]["winners"] = [9]
    with pytest.raises(replay.ReplayError, match="final state differs"):
        replay.check(result, load_games())


def test_an_extra_field_smuggled_into_an_event_is_refused(clean_doc):
    doc = copy.deepcopy(clean_doc)
    index = _first_game_record(doc, after=len(doc["records"]) // 3)
    doc["records"][index]["event"]["g"]["note"] = "hidden"
    with pytest.raises(replay.ReplayError) as failed:
        replay.check(doc, load_games())
    assert failed.value.record == doc["records"][index]["v"]


def test_another_format_version_is_refused(clean_doc):
    doc = dict(clean_doc, version=replay.FORMAT_VERSION + 1)
    with pytest.raises(replay.ReplayError, match="format version"):
        replay.check(doc, load_games())


# --- properties ---------------------------------------------------------------------------

_OPTIONS = {"pizza_theory": {"max_rounds": 2}, "new_york_slice": {}, "splittissimo": {"level": "easy"}}
_LOGS: dict = {}


def _log(game: str, seed: int) -> list[dict]:
    """A two-seat game's log, made once per (game, seed)."""
    if (game, seed) not in _LOGS:
        _LOGS[(game, seed)] = bot_game_log(game, 2, _OPTIONS[game], seed=seed)
    return _LOGS[(game, seed)]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(["pizza_theory", "new_york_slice", "splittissimo"]),
    seed=st.integers(min_value=0, max_value=3),
    where=st.floats(min_value=0, max_value=1, exclude_max=True),
)
def test_any_game_replays_clean_and_any_one_broken_digest_is_named(game, seed, where):
    # Given a whole game's log, built into a replay (and read back from JSON)
    doc = json.loads(replay.dumps(replay.build("room-id", _log(game, seed), load_games())))
    # Then it checks clean, ending on the outcome it recorded
    assert replay.check(doc, load_games()).outcome == doc["final"]["outcome"]
    # And when any one record's digest is wrong, that record is the one named
    index = int(where * len(doc["records"]))
    doc["records"][index]["digest"] = doc["records"][index]["digest"][::-1]
    with pytest.raises(replay.ReplayError) as failed:
        replay.check(doc, load_games())
    assert failed.value.record == index + 1


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(games=[1, 2]),
        lambda d: d.update(room="BCDF"),
        lambda d: d["records"].__setitem__(3, ["not", "a", "record"]),
        lambda d: d["records"][3].update(event={"g": "x"}),
        lambda d: d.update(setup=None),
    ],
    ids=["games", "room", "record", "event", "setup"],
)
def test_a_malformed_file_is_a_replay_error_not_a_crash(clean_doc, change):
    doc = copy.deepcopy(clean_doc)
    change(doc)
    with pytest.raises(replay.ReplayError):
        replay.check(doc, load_games())
