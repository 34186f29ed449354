"""A message handled in the room's turn by the compiled lane (server/fastlane/_turn.pyx) and by ``RoomActor.handle`` alike.

One actor, one room: each drawn message is handled twice from the same
room, once by the compiled ``Handle`` and once by its twin,
``RoomActor.handle``, each into a turn of its own.  The rooms are the real
games part-played by their bots, and sometimes unusual: closed, a class
table, the game over, no game running, a player whose bot stands in, a
seat a bot took over, a player without a seat.  The messages are game
commands from every kind of socket (a seated phone, a phone without a
seat, the TV, a spectator) carrying a legal command (made before by the
codec, or not), another of the game's commands, a command of no game, a map
of nonsense, something that is not a map; and other messages.  Both must
raise the same refusal, or leave their turns with the same room, events and
replies.
"""

from __future__ import annotations

import gc
import random
import sys
import weakref
from types import SimpleNamespace

import attrs
import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import values
from games.contract import ROOM, SeatViewer
from protocol.frames import Ack
from protocol.gamecodec import to_wire
from server import lobby, roomstate, views
from server.client import Client
from server.codecs import codec_for
from server.config import HubConfig
from server.hub import load_games
from server.inbox import AskHint, Command, Detach
from server.loadtest import counter
from server.metrics import Metrics
from server.room import RoomActor, RoomShared, Turn

try:
    from server.fastlane._turn import Handle
except ImportError:  # no compiler at install time: only the pure twin exists
    Handle = None

pytestmark = pytest.mark.skipif(Handle is None, reason="the compiled fast lane was not built")

#: The three games, and the load test's counter (whose command is a flat map: the codec's cache answers it).
GAMES = {**load_games(), "counter": counter.GAME}
PLAYERS = {"pizza_theory": 3, "new_york_slice": 4, "splittissimo": 3, "counter": 5}


def handler() -> object:
    assert Handle is not None
    return Handle(Command, Ack, roomstate, codec_for, lobby.decide_game, values.replace, values.copyable, Turn)


def actor_for(game_id: str, seed: int, moves: int) -> tuple[RoomActor, dict]:
    """A room of ``game_id`` with its bots' first ``moves`` moves played, a phone per player, a TV and a spectator."""
    shared = RoomShared(
        games=GAMES, store=None, config=HubConfig(bot_delay=1e6, timer_scale=1e6), metrics=Metrics(), catalog=views.catalog(GAMES),
    )
    actor = RoomActor(roomstate.Room(id="room-t"), shared)
    players = PLAYERS[game_id]
    events = [roomstate.RoomOpened(room="room-t", code="BCDF", host_hash="x")]
    events += [roomstate.PlayerJoined(player=i, name=f"P{i}", token_hash=f"h{i}") for i in range(players)]
    events += [roomstate.GameSelected(game=game_id, options={})]
    seats = tuple(random.Random(seed).sample(range(players), players))  # seat numbers and player ids differ
    events += [roomstate.GameStarted(game=game_id, options={}, seed=seed, seats=seats)]
    events += [roomstate.PlayerJoined(player=players, name="Late", token_hash="late")]  # joined after the start: no seat
    room = actor.room
    for event in events:
        room = roomstate.evolve(room, event, GAMES)
    spec, rng = GAMES[game_id], random.Random(seed)
    bots = {seat: spec.bots[next(iter(spec.bots))](seat, seed + seat) for seat in range(players)}
    for move in range(moves + 10):
        state = room.run.state
        if spec.is_terminal(state):
            break
        seats = [seat for seat in range(players) if spec.legal_commands(state, seat)]
        if seats and move >= moves:
            break  # played enough, and someone has a move to make
        if seats:
            seat = rng.choice(seats)
            legal = spec.legal_commands(state, seat)
            command = bots[seat].act(spec.view(state, SeatViewer(seat)), legal) or legal[0]
        else:  # the game waits for its timer (a deal, a reveal): the room's command
            timer = spec.next_timer(state)
            if timer is None:
                break
            seat, command = ROOM, timer.command
        for event in spec.decide(state, seat, command):
            room = roomstate.evolve(room, event, GAMES)
    actor.room = room
    clients: dict = {"tv": Client(text=False, role="host", address="tv", queue=100)}
    for pid in range(players + 1):
        clients[pid] = Client(text=False, role="player", address=f"p{pid}", queue=100)
        clients[pid].player = pid
    clients["watch"] = Client(text=True, role="spectator", address="watch", queue=100)
    clients["unseated"] = Client(text=False, role="player", address="new", queue=100)  # admitted, no player yet
    return actor, clients


def unusual(room: roomstate.Room, what: str, pid: int) -> roomstate.Room:
    """``room`` made unusual in one way, for player ``pid``."""
    if what == "closed":
        return roomstate.evolve(room, roomstate.RoomClosed(reason="test"), GAMES)
    if what == "class":
        return values.replace(room, class_table=True)
    if what == "no_game":
        return values.replace(room, run=None)
    if what == "stand_in":
        return roomstate.evolve(room, roomstate.StandInSet(player=pid, on=True), GAMES)
    if what == "bot":
        return roomstate.evolve(room, roomstate.SeatHandedToBot(player=pid, bot="easy"), GAMES)
    return room


def payloads(actor: RoomActor, pid: int, rng: random.Random) -> list:
    """Command maps this player might send now: the legal ones first, then the wrong ones."""
    room = actor.room
    out: list = []
    if room.run is not None:
        spec = GAMES[room.run.game]
        seat = room.run.seats.index(pid) if pid in room.run.seats else 0
        out += [wire(c) for c in spec.legal_commands(room.run.state, seat)][:4]
        out += [wire(c) for other in range(len(room.run.seats)) for c in spec.legal_commands(room.run.state, other)][:4]
    out += [{"type": "NoSuchCommand"}, {"type": 3}, {"nonsense": [1, 2]}, {"type": "X", "list": [1]}, [1, 2], "cut", 7]
    return out


def wire(command: object) -> object:
    """A command's map as a phone sends it (through msgpack: a tuple arrives as a list)."""
    return msgpack.unpackb(msgpack.packb(to_wire(command)))


def outcome(handle, actor: RoomActor, message, room: roomstate.Room):
    turn = Turn(room)
    try:
        handle(actor, message, turn)
    except Exception as exc:  # a refusal (or a bug of the game's): both must raise the same
        return ("raised", type(exc), str(exc), getattr(getattr(exc, "code", None), "value", None), turn.room is room, turn.events)
    return ("done", turn.room, turn.events, [(client.address, frame, stored) for client, frame, stored in turn.replies])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(sorted(PLAYERS)),
    seed=st.integers(0, 2**16),
    moves=st.integers(0, 40),
    what=st.sampled_from(["usual", "usual", "usual", "closed", "class", "no_game", "stand_in", "bot", "over"]),
    sender=st.sampled_from(["seated"] * 6 + ["late", "tv", "watch", "unseated"]),
    pick=st.integers(0, 99),  # below 50: the first legal command (of the sender, when it has one)
    primed=st.booleans(),
    kind=st.sampled_from(["cmd", "cmd", "cmd", "cmd", "hint", "detach"]),
    seq=st.integers(0, 2**40),
)
def test_compiled_handle_is_its_twin(game, seed, moves, what, sender, pick, primed, kind, seq):
    compare(game, seed, moves, what, sender, pick, primed, kind, seq)


def compare(game: str, seed: int, moves: int, what: str, sender: str, pick: int, primed: bool, kind: str, seq: int) -> str:
    """Handle the drawn message both ways and hold the outcomes equal; ``done`` or ``raised`` (to count the cases)."""
    actor, clients = actor_for(game, seed, moves)
    rng = random.Random(pick)
    run = actor.room.run
    acting = [pid for seat, pid in enumerate(run.seats) if GAMES[game].legal_commands(run.state, seat)]
    seated = rng.choice(acting) if acting else rng.randrange(PLAYERS[game])  # mostly a player the game waits for
    actor.room = unusual(actor.room, what, seated)
    client = clients[{"seated": seated, "late": PLAYERS[game]}.get(sender, sender)]
    choices = payloads(actor, client.player if client.player is not None else seated, rng)
    payload = choices[0 if pick < 50 else pick % len(choices)]
    if primed and isinstance(payload, dict) and actor.room.run is not None:
        try:  # the codec made this map before (a command sent again): the compiled path finds it in the codec's cache
            codec_for(GAMES[actor.room.run.game]).command(payload)
        except Exception:
            pass
    message = {"cmd": Command(client, seq, payload), "hint": AskHint(client, seq), "detach": Detach(client)}[kind]
    if what == "over":  # the game says it is over, and its decide would take anything: the lobby must refuse
        games = dict(GAMES)
        games[game] = attrs.evolve(GAMES[game], is_terminal=lambda state: True, decide=lambda state, seat, command: [])
        actor.games = actor.shared.games = games
    room = actor.room
    compiled = outcome(handler(), actor, message, room)
    twin = outcome(RoomActor.handle, actor, message, room)
    assert compiled == twin
    return compiled[0]


def test_the_usual_command_does_not_go_to_the_twin():
    """A seated player's legal command, made before by the codec, is handled without ``actor.handle``."""
    actor, clients = actor_for("counter", 5, 3)
    spec, room = GAMES["counter"], actor.room
    seat = 2
    payload = wire(spec.legal_commands(room.run.state, seat)[0])
    codec_for(spec).command(payload)
    handed: list = []
    actor.handle = lambda message, turn: handed.append(message)  # type: ignore[method-assign]
    turn = Turn(room)
    handler()(actor, Command(clients[room.run.seats[seat]], 41, payload), turn)
    assert handed == []
    assert turn.room.version == room.version + len(turn.events) and turn.events
    assert turn.room.run.state != room.run.state
    assert [(c.address, f, s) for c, f, s in turn.replies] == [(f"p{room.run.seats[seat]}", Ack(seq=41), True)]
    # a map the codec has not made goes to the twin, as does any other message
    handler()(actor, Command(clients[room.run.seats[seat]], 42, {"type": "NeverMade"}), Turn(room))
    handler()(actor, AskHint(clients[0], 43), Turn(room))
    assert [type(m).__name__ for m in handed] == ["Command", "AskHint"]


def test_a_socket_or_a_turn_of_another_class_is_read_by_name_or_left_to_the_twin():
    """A socket that is not a ``Receiver`` (a test's stand-in, read by name) is handled alike; a turn that is not
    ``Turn`` (its fields not at Turn's slots) goes to ``actor.handle``."""
    actor, clients = actor_for("counter", 5, 3)
    spec, room = GAMES["counter"], actor.room
    pid = room.run.seats[2]
    payload = wire(spec.legal_commands(room.run.state, 2)[0])
    codec_for(spec).command(payload)
    stand_in = SimpleNamespace(role="player", _player=pid, address=f"p{pid}")
    compiled = outcome(handler(), actor, Command(stand_in, 7, payload), room)
    assert compiled == outcome(RoomActor.handle, actor, Command(clients[pid], 7, payload), room)
    assert compiled[0] == "done" and compiled[3] == [(f"p{pid}", Ack(seq=7), True)]
    watcher = SimpleNamespace(role="spectator", _player=None, address="w", send=lambda frame: None)
    handed: list = []
    actor.handle = lambda message, turn: handed.append((message.seq, type(turn).__name__))  # type: ignore[method-assign]
    handler()(actor, Command(watcher, 8, payload), Turn(room))  # not a seated player's: the twin's

    @attrs.define
    class OtherTurn:
        room: roomstate.Room
        events: list = attrs.Factory(list)
        replies: list = attrs.Factory(list)

    handler()(actor, Command(clients[pid], 9, payload), OtherTurn(room))
    assert handed == [(8, "Turn"), (9, "OtherTurn")]


def test_the_copies_hold_their_references():
    """The room and run copied slot by slot hold one reference to each field: nothing leaks, nothing is freed early."""
    actor, clients = actor_for("counter", 5, 3)
    spec, room = GAMES["counter"], actor.room
    payload = wire(spec.legal_commands(room.run.state, 1)[0])
    codec_for(spec).command(payload)
    handle = handler()
    fields = (room.players, room.run, room.run.state, room.run.seats, room.options)  # (this room's own objects)
    gc.collect()  # (rooms of earlier tests let go now, not during the count)
    before = [sys.getrefcount(field) for field in fields]
    for seq in range(200):
        turn = Turn(room)
        handle(actor, Command(clients[1], seq, payload), turn)
        made, made_run = weakref.ref(turn.room), weakref.ref(turn.room.run)
        assert turn.room.players is room.players and turn.room.run.seats is room.run.seats
        assert turn.replies[0][1] == Ack(seq=seq)
        del turn
        assert made() is None and made_run() is None  # the copies went with their turn
    assert [sys.getrefcount(field) for field in fields] == before


_PLAIN = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.floats(-2, 2, allow_nan=False), st.text(max_size=3))
_MAP = st.dictionaries(st.text(max_size=2), _PLAIN, max_size=2)
_VALUE = st.one_of(_PLAIN, st.lists(st.one_of(_PLAIN, st.lists(_PLAIN, max_size=2), _MAP), max_size=3), _MAP)


@settings(max_examples=400, deadline=None)
@given(value=st.dictionaries(st.text(max_size=4), _VALUE, max_size=4))
def test_the_compiled_cache_key_is_the_codecs_own(value):
    # the compiled turn looks the codec's cache up by its own key (server/fastlane/_turn.pyx command_key)
    from protocol.gamecodec import command_key as pure_key
    from server.fastlane._turn import command_key as compiled_key

    pure, compiled = pure_key(value), compiled_key(value)
    assert compiled == pure  # (each entry holds its value's type: 1, 1.0 and True stay apart)
    try:
        hash(pure)
    except TypeError:
        with pytest.raises(TypeError):
            hash(compiled)
    else:
        assert hash(compiled) == hash(pure)
