"""A room log produced by the real engines and bots, without a server (for replay tests)."""

from __future__ import annotations

import msgpack

from games.contract import ROOM, SeatViewer
from server import records, roomstate
from server.hub import load_games


def bot_game_log(game: str, players: int, options: dict, *, seed: int = 1, max_steps: int = 5000) -> list[dict]:
    """The stored maps of a room where a human and bots play ``game`` to its end (bots play every seat)."""
    games = load_games()
    room = roomstate.Room()
    maps: list[dict] = []

    def commit(events) -> None:
        nonlocal room
        for event in events:
            maps.append(msgpack.unpackb(records.encode(event), raw=False))
            room = roomstate.evolve(room, event, games)

    commit([roomstate.RoomOpened(room="room-id", code="BCDF", host_hash="h" * 64)])
    commit([roomstate.PlayerJoined(player=0, name="Ana", token_hash="t" * 64)])
    for pid in range(1, players):
        commit([roomstate.BotAdded(player=pid, name=f"Bot {pid}", bot="random")])
    commit([roomstate.GameSelected(game=game, options=options)])
    commit([roomstate.GameStarted(game=game, options=options, seed=seed, seats=tuple(range(players)))])
    spec = games[game]
    bots = {seat: spec.bots["random"](seat, seed + seat) for seat in range(players)}
    for _ in range(max_steps):
        state = room.run.state
        if spec.is_terminal(state):
            return maps
        for seat in range(players):
            legal = spec.legal_commands(state, seat)
            if legal:
                command = bots[seat].act(spec.view(state, SeatViewer(seat)), legal) or legal[0]
                commit(spec.decide(state, seat, command))
                break
        else:
            commit(spec.decide(state, ROOM, spec.next_timer(state).command))
    raise AssertionError(f"{game} did not end in {max_steps} steps")
