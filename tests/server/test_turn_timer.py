"""Turn timers for everyone: when the timer runs out on a player, connected or
not, their bot moves for them and the log records that the move was the
timer's; a player given extra time gets twice as long."""

from __future__ import annotations

import time

from roomlog import stored_events

from server import roomstate

from wsclient import Peer


async def _toy(server):
    tv = await Peer.open(server.url, {"role": "host"})
    code = tv.welcome["room"]
    ana = await Peer.open(server.url, {"role": "player", "room": code, "name": "Ana"})
    bo = await Peer.open(server.url, {"role": "player", "room": code, "name": "Bo"})
    assert (await tv.host("select_game", game="toy"))["t"] == "ack"
    return tv, code, ana, bo




async def test_the_timer_plays_a_connected_players_move_and_the_log_says_so(server):
    tv, code, ana, bo = await _toy(server)
    # long enough that Ana, answering at once, beats it even on a loaded machine
    assert (await tv.host("turn_timer", seconds=3))["t"] == "ack"
    assert (await tv.host("start"))["t"] == "ack"
    await ana.until(lambda s: bool(s["legal"]))
    # Ana picks; Bo stays connected but does nothing
    assert (await ana.cmd({"type": "Pick", "number": 1}))["t"] == "ack"
    # Then after the timer Bo's bot picks for him and the round is revealed
    state = await bo.until(lambda s: s["game"] is not None and s["game"]["round"] == 2, timeout=12)
    assert state["game"]["last"][0] == 1
    assert bo.close_code is None  # Bo was connected all along
    log = await stored_events(server, code)
    defaults = [e for e in log if isinstance(e, roomstate.DefaultMovePlayed)]
    assert defaults and defaults[0].player == bo.welcome["player"]
    # the marker is followed by Bo's (bot's) pick, and Ana's own pick has no marker
    after = log[log.index(defaults[0]) + 1]
    assert type(after).__name__ == "Picked" and after.seat == 1
    ana_pick = next(e for e in log if type(e).__name__ == "Picked" and e.seat == 0)
    assert not isinstance(log[log.index(ana_pick) - 1], roomstate.DefaultMovePlayed)
    for peer in (tv, ana, bo):
        await peer.close()


async def test_extra_time_doubles_the_timer_for_that_player(server):
    tv, code, ana, bo = await _toy(server)
    assert (await tv.host("turn_timer", seconds=1))["t"] == "ack"
    assert (await tv.host("extra_time", player=bo.welcome["player"]))["t"] == "ack"
    lobby = (await tv.until(lambda s: any(p["extra_time"] for p in s["lobby"]["players"])))["lobby"]
    assert [p["name"] for p in lobby["players"] if p["extra_time"]] == ["Bo"]
    assert (await tv.host("start"))["t"] == "ack"
    ana_start = await ana.until(lambda s: bool(s["legal"]))
    # (taken before Ana's move starts the clock: the wait below can only look longer on a busy machine)
    began = time.monotonic()
    assert (await ana.cmd({"type": "Pick", "number": 1}))["t"] == "ack"
    # Bo's phone is told the clock now running is his doubled one (waiting for the state after Ana's pick,
    # never reading whatever state Bo happens to hold) ...
    picked = await bo.until(lambda s: s["version"] > ana_start["version"] and s["lobby"]["turn_clock"] is not None)
    assert picked["lobby"]["turn_clock"]["seconds"] == 2
    # ... and his bot moves for him only after those 2 s, not the plain 1 s
    await bo.until(lambda s: s["game"] is not None and s["game"]["round"] == 2, timeout=6)
    assert time.monotonic() - began >= 1.8
    # normal time again: the host takes it back
    assert (await tv.host("normal_time", player=bo.welcome["player"]))["t"] == "ack"
    await tv.until(lambda s: not any(p["extra_time"] for p in s["lobby"]["players"]))
    for peer in (tv, ana, bo):
        await peer.close()


async def test_a_screen_opened_mid_turn_is_told_when_the_turn_clock_started(server):
    # Given a game with a 30 s turn timer whose clock is running
    tv, code, ana, bo = await _toy(server)
    assert (await tv.host("turn_timer", seconds=30))["t"] == "ack"
    assert (await tv.host("start"))["t"] == "ack"
    playing = await ana.until(lambda s: s["game"] is not None and s["lobby"]["turn_clock"] is not None)
    clock = playing["lobby"]["turn_clock"]
    # When a screen opens the room mid-turn, and then the host gives Bo extra time
    late = await Peer.open(server.url, {"role": "spectator", "room": code})
    seen = (await late.until(lambda s: s["lobby"]["turn_clock"] is not None))["lobby"]["turn_clock"]
    assert (await tv.host("extra_time", player=bo.welcome["player"]))["t"] == "ack"
    # Then the newcomer is told the running clock's start, not a fresh one: by the hub's clock, after the
    # first phone's welcome and before the newcomer's (welcome.now lets each screen correct its own clock)
    assert seen == clock
    assert ana.welcome["now"] <= clock["started"] <= late.welcome["now"]
    # and every screen's view after the extra time carries the very same start, with the doubled length
    for peer in (tv, ana, bo, late):
        longer = await peer.until(lambda s: (s["lobby"]["turn_clock"] or {}).get("seconds") == 60)
        assert longer["lobby"]["turn_clock"] == dict(clock, seconds=60)
    for peer in (tv, ana, bo, late):
        await peer.close()
