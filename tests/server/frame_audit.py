"""The secret audit's checks over recorded frames, shared by every audit test.

Given a room's stored log and the frames each viewer recorded, ``audit_room``
checks that (1) every frame's game part is exactly the game's ``view`` for
that viewer (and its seat's legal commands) at the frame's version, (2) no
view changes when the secrets hidden from its viewer change (the oracles of
``secrets_oracle``), and (3) nobody receives another player's seat token or
any token hash; and (4) audience vote frames come from the public view only, at the right
moments (``server.loadtest.audit.audit_votes``).  What counts as secret is what the view for the shared
screen (``SCREEN``) does not show: ``public_card_ids`` gives that.
"""

from __future__ import annotations

from games.contract import SCREEN, SPECTATOR, SeatViewer
from games.registry import get_game
from protocol.codec import decode_server, encode_server
from protocol.gamecodec import to_wire
from server import records, roomstate, views
from server.loadtest.audit import audit_votes

from secrets_oracle import ORACLES


async def rebuild_versions(store, room_id: str, games) -> dict[int, roomstate.Room]:
    """The room at every version of its stored log."""
    room = roomstate.Room()
    by_version = {0: room}
    for record in await store.read(room_id):
        room = roomstate.evolve(room, records.decode(record.data, room, games), games)
        by_version[room.version] = room
    return by_version


def card_ids(value) -> set[int]:
    """The ids of every face-up card (``CardView``) in a wire view."""
    found: set[int] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if item.get("type") == "CardView":
                found.add(item["id"])
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def public_card_ids(by_version: dict[int, roomstate.Room], games, up_to: int) -> set[int]:
    """Every card face up in the shared screen's view at some version up to ``up_to`` (the current game's)."""
    seen: set[int] = set()
    for version in sorted(by_version):
        room = by_version[version]
        if version > up_to:
            break
        if room.run is not None:
            seen |= card_ids(to_wire(games[room.run.game].view(room.run.state, SCREEN)))
    return seen


async def audit_room(hub, code: str, peers: list[tuple[tuple, object]]) -> dict[int, roomstate.Room]:
    """Run the three checks on ``peers`` (viewer key, recording ``Peer``) of room ``code``; return its versions."""
    games = hub.games
    by_version = await rebuild_versions(hub.store, hub.codes[code], games)
    # (1) every frame's game part is exactly the view for that viewer at that version
    checked = 0
    for key, peer in peers:
        for frame in peer.frames:
            if frame["t"] != "state" or frame["game"] is None:
                continue
            room = by_version[frame["version"]]
            expected = decode_server(encode_server(views.state_frame(room, games, key, frame["lobby"], None)))
            assert frame["game"] == expected["game"], (key, frame["version"])
            assert frame["legal"] == expected["legal"], (key, frame["version"])
            assert frame["outcome"] == expected["outcome"]
            if key[0] != "player":
                assert frame["legal"] is None
            checked += 1
    assert checked > 10
    # (2) no view changes when the secrets hidden from its viewer change
    variants = 0
    for version, room in by_version.items():
        if room.run is None:
            continue
        spec = get_game(room.run.game)
        state = room.run.state
        if spec.is_terminal(state):
            continue
        oracle = ORACLES[room.run.game]
        for seat in [None, *range(len(room.run.seats))]:
            viewer = SCREEN if seat is None else SeatViewer(seat)
            seen = to_wire(spec.view(state, viewer))
            for variant in oracle(state, seat):
                assert to_wire(spec.view(variant, viewer)) == seen, (room.run.game, version, seat)
                variants += 1
            if seat is None:
                assert to_wire(spec.view(state, SPECTATOR)) == seen
    assert variants > 0
    # (4) audience votes (server.votes): made from the public view only, closed before the answer is
    # public, answered only from a view already shown; players get none
    for key, peer in peers:
        if key[0] == "player":
            assert not [f for f in peer.frames if f["t"] == "votes"], key
        else:
            assert audit_votes(peer.frames, by_version, games) == [], key
    # (3) nobody receives another player's token or any token hash
    final = by_version[max(by_version)]
    # (a seat that moved to a new device had two tokens: the old one's hash is kept to refuse it)
    hashes = [pl.token_hash for pl in final.players if pl.token_hash] + [h for pl in final.players for h in pl.moved_hashes]
    tokens = [
        (peer.welcome["player"], peer.welcome["token"])
        for key, peer in peers
        if key[0] == "player" and peer.welcome.get("token")
    ]
    for key, peer in peers:
        blob = b"".join(r if isinstance(r, bytes) else r.encode() for r in peer.raw)
        for pid, token in tokens:
            if key != views.player_key(pid):
                assert token.encode() not in blob, (key, pid)
        for digest in hashes:
            assert digest.encode() not in blob, key
    return by_version
