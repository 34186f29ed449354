"""Replays: a room's whole log as one self-checking JSON file.

A replay lets an operator reproduce a reported game and lets anyone with the
file watch it again in a browser (``/replay``).  It is built from the store
alone (never through the room's actor), so it works for a running room, a
finished one, and on any node of a cluster.

The file (docs/operating.md describes every field)::

    {"format": "pizzanight-replay", "version": 1, "pizzanight": "0.1.0",
     "exported_at": "...", "room": {"id": ..., "code": ...},
     "games": [{"id": ..., "title": ..., "version": ...}],
     "setup": [{"at": 7, "game": ..., "options": ..., "seed": ..., "seats": [...], "names": [...]}],
     "records": [{"v": 1, "event": {"r": {...}}, "digest": "...", "tv": {...}}, ...],
     "final": {"version": ..., "phase": ..., "digest": ..., "outcome": ...}}

Each record carries the event exactly as stored (its msgpack map, which is
plain JSON data), a SHA-256 digest chained over the previous record's
digest, this event and the room's whole state after it, and what
the TV showed after it (lobby, game view, outcome), so the browser viewer
needs no engine.  Token hashes (host and seats) are replaced by
``REDACTED`` before anything is folded or digested: they are useless to a
viewer, and a replay is meant to be shared.  Everything else is there,
including every hidden card and cut: that is what makes a replay checkable.

``check`` folds the records again through the engines and compares every
digest, every TV view and the final outcome; the first difference names its
record.
"""

from __future__ import annotations

import asyncio
import datetime
import enum
import hashlib
import hmac
import json
from collections.abc import Iterable, Mapping
from fractions import Fraction
from importlib import metadata
from pathlib import Path
from typing import Any

import attrs
import msgpack

from games.contract import SCREEN, GameSpec
from protocol.gamecodec import to_wire
from server import records, roomstate, views
from server.roomstate import Room
from server.store.base import Store

FORMAT = "pizzanight-replay"
#: Raised when the file's layout changes; ``check`` refuses other versions.
FORMAT_VERSION = 1
#: What a token hash becomes in a replay.
REDACTED = "REDACTED"
_SECRET_FIELDS = ("host_hash", "token_hash")


class ReplayError(Exception):
    """A replay that cannot be built or does not check; ``record`` is the first bad one, if any."""

    def __init__(self, message: str, record: int | None = None) -> None:
        super().__init__(f"record {record}: {message}" if record is not None else message)
        self.record = record


class RoomNotFound(ReplayError):
    """No room by that code or id in the store."""


def package_version() -> str:
    try:
        return metadata.version("pizzanight")
    except metadata.PackageNotFoundError:  # pragma: no cover - running from a bare checkout
        return "unknown"


def game_version(spec: GameSpec) -> str:
    """A game's rules version: its own when the spec has one, else the package's."""
    return str(getattr(spec, "version", None) or package_version())


# --- one step: shared by export and check ---------------------------------------


def redact(event_map: dict) -> dict:
    """The stored map of a record with token hashes replaced (a lifecycle event's only secrets)."""
    if "r" not in event_map:  # a game event: its secrets are the game's, and the replay keeps them
        return event_map
    inner = dict(event_map["r"])
    for field in _SECRET_FIELDS:
        if inner.get(field) is not None:
            inner[field] = REDACTED
    return {"r": inner}


def _canonical(value: Any) -> Any:
    """Wire data with maps in a fixed key order, so equal states encode to equal bytes."""
    if isinstance(value, dict):
        return {k: _canonical(value[k]) for k in sorted(value, key=repr)}
    if isinstance(value, (list, tuple)):
        return [_canonical(v) for v in value]
    if isinstance(value, (set, frozenset)):  # no order of its own: sorted by encoding
        return sorted((_canonical(v) for v in value), key=lambda v: msgpack.packb(v, use_bin_type=True))
    if isinstance(value, enum.Enum):
        return _canonical(value.value)
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    return value


def digest(room: Room) -> str:
    """SHA-256 of the room's whole state (lifecycle and game) in a canonical msgpack form."""
    data = msgpack.packb(_canonical(to_wire(room)), use_bin_type=True)
    return hashlib.sha256(data).hexdigest()


def step_digest(previous: str, event_map: dict, room: Room) -> str:
    """A record's digest: chained over the previous one, this event and the state after it.

    The chain makes a change to any event show at that record, even a change
    the rules ignore (a field ``evolve`` does not read), and a removed or
    reordered record show where the order breaks.
    """
    event = msgpack.packb(_canonical(event_map), use_bin_type=True)
    return hashlib.sha256(previous.encode() + event + digest(room).encode()).hexdigest()


def tv_view(room: Room, games: Mapping[str, GameSpec]) -> dict:
    """What the shared screen showed: the lobby, the game's SCREEN view and the outcome.

    Every player counts as connected: a replay does not record sockets.
    """
    connected = {p.id for p in room.players}
    shown = views.lobby(room, games, connected, True, 0)
    game = None
    if room.run is not None:
        game = to_wire(games[room.run.game].view(room.run.state, SCREEN))
    result = roomstate.outcome(room, games)
    return {"lobby": shown, "game": game, "outcome": to_wire(result) if result is not None else None}


def _jsonable(value: Any) -> Any:
    """Wire data as JSON would give it back (tuples become lists), for comparing."""
    return json.loads(json.dumps(value))


def fold(room: Room, event_map: dict, games: Mapping[str, GameSpec]) -> tuple[Room, Any]:
    """Apply one stored record (its map) to the room; returns the new room and the event."""
    data = msgpack.packb(event_map, use_bin_type=True)
    event = records.decode(data, room, games)
    return roomstate.evolve(room, event, games), event


# --- export ---------------------------------------------------------------------------


async def find_room_id(store: Store, room: str) -> str:
    """The room id for a join code (through the store's code index) or a room id itself.

    A closed room's code is released, so such a room is found by its id only
    (the admin API and the hub's logs show both).
    """
    from server.names import normal_code

    code = normal_code(room)
    if code is not None:
        room_id = await store.room_for_code(code)
        if room_id is not None:
            return room_id
    if await store.version(room):
        return room
    raise RoomNotFound(f"no room {room!r} in this store (a closed room is found by its id, not its code)")


async def export(store: Store, room_id: str, games: Mapping[str, GameSpec]) -> dict:
    """Build the replay of ``room_id`` from its log as it is now.

    Building folds and digests every record (about a millisecond each), so it
    runs in a worker thread: a long game's export must not stall the rooms
    running on this event loop.  The engines are pure, so this is safe.
    """
    stored = await store.read(room_id, 0)
    if not stored:
        raise RoomNotFound(f"room {room_id!r} has no log")
    maps = [msgpack.unpackb(r.data, raw=False, strict_map_key=False) for r in stored]
    return await asyncio.to_thread(build, room_id, maps, games)


class NotAllowed(ReplayError):
    """The token given is not the room's host token."""


class GameRunning(ReplayError):
    """The host asked while a game is being played: its file would show every hand still in play."""


async def export_for_host(
    store: Store, code: str, host_token: str, games: Mapping[str, GameSpec], *, live: Mapping[str, Any] | None = None
) -> dict:
    """The replay of the room joined by ``code``, for whoever hosts it: the TV, or the host phone.

    A replay shows every hidden card, so any other seat's token or no token
    is refused the same way as a wrong one.  The TV's token is checked
    against the room's first record (``RoomOpened``), which holds the host
    token's hash; a phone's against the seat of the player who hosts now
    (``host_phone`` as the log has it, never at a class table, where the
    teacher runs the room).  In most rooms a phone hosts and the TV shows no
    host menu, so without the phone nobody in the room could download it.

    While a game is being played the host is refused too (``GameRunning``):
    the file would show every hand still in play, to the TV anyone can reach
    with the remote or to a phone that plays in it.  In the lobby and once
    the game is over it is given.  The operator's export (the admin API and
    ``pizzanight replay export``) is never refused this way.

    ``live``: the actors this hub runs, by room id.  Who hosts a room running
    here is read from its actor; only a room another hub runs (cluster mode)
    is folded from its log to find out, so a wrong token costs no fold here.
    """
    from server.names import normal_code
    from server.room import token_hash

    room_id = await store.room_for_code(normal_code(code) or "")
    stored = await store.read(room_id, 0) if room_id else []
    if not stored:
        raise RoomNotFound(f"no open room {code!r}")
    maps = [msgpack.unpackb(r.data, raw=False, strict_map_key=False) for r in stored]
    expected = maps[0].get("r", {}).get("host_hash") or ""
    given = token_hash(host_token) if host_token else ""
    tv = bool(given) and hmac.compare_digest(given, expected)
    actor = (live or {}).get(room_id)
    if actor is not None:
        expected_phone = _host_phone_hash(actor.room)
        phone = bool(given) and expected_phone is not None and hmac.compare_digest(given, expected_phone)
    else:
        phone = bool(given) and await asyncio.to_thread(_hosts_from_phone, given, maps, games)
    if not tv and not phone:
        raise NotAllowed("only the room's host (its TV or the host phone) may export a replay")
    doc = await asyncio.to_thread(build, room_id, maps, games)
    if doc["final"]["phase"] == "playing":
        raise GameRunning("a replay shows every player's hidden cards: the host can download it once the game is over")
    return doc


def _host_phone_hash(room: Room) -> str | None:
    """The seat token hash of the player whose phone hosts ``room`` now (None: no phone hosts, a class table)."""
    if room.class_table or room.host_phone is None:
        return None
    host = room.player(room.host_phone)
    return host.token_hash if host is not None and not host.gone and host.token_hash else None


def _hosts_from_phone(given_hash: str, event_maps: Iterable[dict], games: Mapping[str, GameSpec]) -> bool:
    """Whether ``given_hash`` is the host phone's seat token hash, the room folded from its whole log."""
    room = Room()
    for event_map in event_maps:
        room, _ = fold(room, event_map, games)
    expected = _host_phone_hash(room)
    return expected is not None and hmac.compare_digest(given_hash, expected)


def build(room_id: str, event_maps: Iterable[dict], games: Mapping[str, GameSpec]) -> dict:
    """The replay document of a log given as its stored maps (oldest first)."""
    room = Room()
    steps: list[dict] = []
    setups: list[dict] = []
    chained = ""
    for event_map in event_maps:
        shown = redact(event_map)
        room, event = fold(room, shown, games)
        if isinstance(event, roomstate.GameStarted):
            setups.append(setup_entry(room))
        chained = step_digest(chained, shown, room)
        steps.append({"v": room.version, "event": shown, "digest": chained, "tv": tv_view(room, games)})
    played = sorted({s["game"] for s in setups}, key=[*games].index)
    doc = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "pizzanight": package_version(),
        "exported_at": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "room": {"id": room_id or room.id, "code": room.code},
        "games": [{"id": g, "title": games[g].title, "version": game_version(games[g])} for g in played],
        "setup": setups,
        "records": steps,
        "final": _final(room, games),
    }
    return _jsonable(doc)


def setup_entry(room: Room) -> dict:
    """How the game just started in ``room`` was set up: game, options, seed, seats and names."""
    assert room.run is not None
    named = [room.player(pid) for pid in room.run.seats]
    return {
        "at": room.version,
        "game": room.run.game,
        "options": to_wire(dict(room.run.options)),
        "seed": room.run.seed,
        "seats": list(room.run.seats),
        "names": [p.name if p is not None else None for p in named],
    }


def _final(room: Room, games: Mapping[str, GameSpec]) -> dict:
    result = roomstate.outcome(room, games)
    return {
        "version": room.version,
        "phase": room.phase(games),
        "digest": digest(room),
        "outcome": to_wire(result) if result is not None else None,
    }


def dumps(doc: dict) -> str:
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=False)


# --- check ------------------------------------------------------------------------------


@attrs.frozen
class Checked:
    """A replay that checked clean."""

    records: int
    games: tuple[str, ...]
    phase: str
    outcome: Any
    warnings: tuple[str, ...] = ()


def load(path: str | Path) -> dict:
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError) as exc:
        raise ReplayError(f"cannot read {path}: {type(exc).__name__}: {exc}") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ReplayError(f"{path} is not a Pizza Night replay")
    return doc


def check(doc: dict, games: Mapping[str, GameSpec]) -> Checked:
    """Fold every record through the engines and compare each state; raises :class:`ReplayError`.

    A file is data from anywhere: any shape this does not expect is a
    :class:`ReplayError` too, never a crash.
    """
    try:
        return _check(doc, games)
    except ReplayError:
        raise
    except (AttributeError, TypeError, KeyError, IndexError) as exc:
        raise ReplayError(f"the replay is malformed ({type(exc).__name__}: {exc})") from None


def _check(doc: dict, games: Mapping[str, GameSpec]) -> Checked:
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ReplayError("this is not a Pizza Night replay")
    if doc.get("version") != FORMAT_VERSION:
        raise ReplayError(f"replay format version {doc.get('version')!r}; this hub reads version {FORMAT_VERSION}")
    warnings = []
    for game in doc.get("games", []):
        spec = games.get(game.get("id"))
        if spec is None:
            raise ReplayError(f"this hub has no game {game.get('id')!r}")
        if game.get("version") != game_version(spec):
            warnings.append(f"{game['id']} was recorded with version {game.get('version')}, this is {game_version(spec)}")
    room = Room()
    setups: list[dict] = []
    chained = ""
    steps = doc.get("records")
    if not isinstance(steps, list) or not steps:
        raise ReplayError("the replay has no records")
    for index, step in enumerate(steps, start=1):
        number = step.get("v", index) if isinstance(step, dict) else index
        if not isinstance(step, dict) or step.get("v") != index:
            raise ReplayError(f"expected record {index} here", number)
        event_map = step.get("event")
        if not isinstance(event_map, dict) or len(event_map) != 1 or not ({"r", "g"} & set(event_map)):
            raise ReplayError("the event is not a stored record map", number)
        try:
            room, event = fold(room, event_map, games)
        except Exception as exc:  # a tampered event that no engine can apply
            raise ReplayError(f"the event cannot be replayed ({type(exc).__name__}: {exc})", number) from None
        if isinstance(event, roomstate.GameStarted):
            setups.append(setup_entry(room))
        kind = "r" if "r" in event_map else "g"
        if _jsonable(_canonical({kind: to_wire(event)})) != _jsonable(_canonical(event_map)):
            raise ReplayError("the event has fields its class does not (or differs once read back)", number)
        chained = step_digest(chained, event_map, room)
        if step.get("digest") != chained:
            raise ReplayError("the event or the state after it differs from the recorded digest", number)
        if _jsonable(tv_view(room, games)) != step.get("tv"):
            raise ReplayError("the TV view after this record differs from the recorded one", number)
    final = doc.get("final") or {}
    expected_final = _jsonable(_final(room, games))
    if final != expected_final:
        raise ReplayError(f"the final state differs: recorded {final!r}, replayed {expected_final!r}")
    if _jsonable(setups) != doc.get("setup"):
        raise ReplayError("the recorded setup differs from the games the records start")
    played = tuple(dict.fromkeys(s["game"] for s in setups))
    if sorted(g.get("id") for g in doc.get("games", [])) != sorted(played):
        raise ReplayError("the recorded list of games differs from the games the records start")
    if doc.get("room", {}).get("code") != room.code:
        raise ReplayError(f"the file names room {doc.get('room', {}).get('code')!r}, its records open {room.code!r}")
    return Checked(records=len(steps), games=played, phase=room.phase(games), outcome=expected_final["outcome"], warnings=tuple(warnings))
