"""Fan-out's view rows, compiled (server/fastlane/_views.pyx) and pure (server.views.view_rows), are the same.

Given a random room (each real game played a random number of moves from a
random seed, or no game yet; players seated, unseated, played by a bot,
gone; a host phone or none) and random viewer classes (the TV, the
spectators, phones of players in the room and of one who is not), both
twins build every class's row.  The rows are equal field by field, and
they share objects alike: where the pure rows hold one object in several
places (the spectators' game view a seatless phone also gets, the lobby
with the catalogue, a cached ``you``), so do the compiled rows.  Fan-out's
differ skips a shared or kept part by its identity, so that is part of
the answer too.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from botmoves import bot_step
from hypothesis import given, settings
from hypothesis import strategies as st

from games.contract import SeatViewer
from protocol.gamecodec import to_wire
from server import views
from server.hub import load_games
from server.roomstate import Player, Room, Run

try:
    from server.fastlane import _views as compiled
except ImportError:  # no compiler at install time: only the pure twin exists
    compiled = None

pytestmark = pytest.mark.skipif(compiled is None, reason="the compiled fast lane was not built")

GAMES = load_games()


def played(game_id: str, players: int, seed: int, moves: int) -> Any:
    """The game's state after ``moves`` moves of its bots and timers (or when it ended first)."""
    spec = GAMES[game_id]
    state = spec.initial_state(spec.setup(players, seed))
    bots = [spec.bots[next(iter(spec.bots))](seat, seed + seat) for seat in range(players)]
    rng = random.Random(seed)
    for _ in range(moves):
        if spec.is_terminal(state):
            break
        for event in bot_step(spec, state, bots, rng):
            state = spec.evolve(state, event)
    return state


@st.composite
def rooms(draw: st.DrawFn) -> tuple[Room, list[tuple]]:
    """A room and the viewer classes a fan-out would ask for."""
    game_id = draw(st.sampled_from(sorted(GAMES)))
    spec = GAMES[game_id]
    seated = draw(st.integers(spec.min_players, spec.max_players))
    extra = draw(st.integers(0, 3))
    ids = draw(st.permutations(range(seated + extra + 2)))[: seated + extra]
    in_game = draw(st.sampled_from([True, True, False]))
    people = []
    for index, player_id in enumerate(ids):
        seat = index if in_game and index < seated else None
        people.append(Player(
            id=player_id, name=f"P{player_id}",
            bot=draw(st.sampled_from([None, None, None, "easy"])),
            token_hash=draw(st.sampled_from([f"h{player_id}", None])),
            seat=seat, gone=draw(st.booleans()) and draw(st.booleans()),
        ))
    run = None
    if in_game:
        seed, moves = draw(st.integers(0, 10**6)), draw(st.sampled_from([0, 1, 5, 30, 2000]))  # 2000: to its end
        state = played(game_id, seated, seed, moves)
        run = Run(game=game_id, options={}, seed=seed, seats=tuple(ids[:seated]), state=state)
    room = Room(
        id="r", code="ABCD", version=draw(st.integers(0, 500)), game=game_id if draw(st.booleans()) or in_game else None,
        players=tuple(people), run=run, host_phone=draw(st.sampled_from([None, *ids[:2]])),
        closed=draw(st.sampled_from([None, None, "idle"])),
    )
    classes = [views.HOST, views.SPECTATORS] + [views.player_key(player_id) for player_id in ids]
    classes.append(views.player_key(max(ids, default=0) + 7))  # a phone whose player has left the room
    keys = draw(st.lists(st.sampled_from(classes), unique=True, min_size=1, max_size=len(classes)))
    return room, keys


def hints_of(room: Room, player_id: int) -> tuple[int | None, bool]:
    """Stands for the room observer's hints left: depends on the player, as the real one does."""
    return ((player_id * 7) % 4 or None, player_id % 3 == 0)


def sharing(rows: dict[tuple, tuple]) -> list[list[int]]:
    """Which rows hold the very same object, field by field: for each field, each row's first row holding it."""
    keys = list(rows)
    out = []
    for field in range(len(views.VIEW_FIELDS)):
        first: dict[int, int] = {}
        out.append([first.setdefault(id(rows[key][field]), index) for index, key in enumerate(keys)])
    return out


def both(room: Room, keys: list[tuple], **kwargs: Any) -> tuple[dict, dict]:
    lobby = {"code": room.code, "players": []}
    catalog_lobby = views.with_catalog(lobby, [{"id": "g"}]) if kwargs.pop("catalog", True) else None
    args = (room, GAMES, tuple(keys), lobby, catalog_lobby)
    return views.view_rows(*args, **kwargs), compiled.view_rows(*args, **kwargs)


@settings(max_examples=150, deadline=None)
@given(rooms(), st.booleans(), st.booleans())
def test_the_twins_build_the_same_rows_sharing_the_same_parts(made, catalog, hints):
    room, keys = made
    pure_rows, compiled_rows = both(room, keys, catalog=catalog, wire=to_wire, hints_left=hints_of if hints else None)
    assert list(compiled_rows) == list(pure_rows) == keys
    assert compiled_rows == pure_rows
    assert sharing(compiled_rows) == sharing(pure_rows)
    for key in keys:  # the cached parts are the very same objects in both
        assert compiled_rows[key][views.VIEW_FIELDS.index("you")] is pure_rows[key][views.VIEW_FIELDS.index("you")]
        assert compiled_rows[key][views.VIEW_FIELDS.index("lobby")] is pure_rows[key][views.VIEW_FIELDS.index("lobby")]


def test_a_seat_past_the_made_viewers_and_a_game_with_hints_are_asked_alike():
    """Seats beyond the viewers made once (16) get a viewer made for them; hints are asked of seated phones only."""
    asked: list[tuple[str, Any]] = []

    def view(state: Any, viewer: Any) -> Any:
        asked.append(("view", viewer))
        return {"seat": getattr(viewer, "seat", None)}

    def legal(state: Any, seat: int) -> tuple:
        asked.append(("legal", seat))
        return ()

    def hint(room: Room, player_id: int) -> tuple[int | None, bool]:
        asked.append(("hint", player_id))
        return (2, False)

    # a real spec that gives hints, with its functions watched
    watched = attrs.evolve(GAMES["splittissimo"], view=view, legal_commands=legal, legal_patterns=None,
                           is_terminal=lambda state: False)
    people = (Player(id=1, name="A", token_hash="a", seat=20), Player(id=2, name="B", token_hash="b"))
    room = Room(code="ABCD", players=people, run=Run(game="splittissimo", options={}, seed=1, seats=(), state=None))
    keys = (("player", 1), ("player", 2), views.SPECTATORS)
    games = {"splittissimo": watched}
    results = []
    for twin in (views.view_rows, compiled.view_rows):
        asked.clear()
        rows = twin(room, games, keys, {}, None, wire=to_wire, hints_left=hint)
        results.append((rows, list(asked)))
    (pure_rows, pure_asked), (compiled_rows, compiled_asked) = results
    assert compiled_rows == pure_rows
    assert compiled_asked == pure_asked
    assert ("view", SeatViewer(20)) in compiled_asked and ("hint", 1) in compiled_asked and ("hint", 2) not in compiled_asked


def test_inputs_of_other_classes_go_to_the_pure_twin():
    """A room, run or player that is not the hub's own class (a test's stand-in) is built by the pure loop."""

    class OtherPlayer(Player):
        pass

    room = Room(code="ABCD", players=(OtherPlayer(id=1, name="A", token_hash="a"),))
    keys = (("player", 1), views.HOST)
    pure_rows, compiled_rows = both(room, list(keys), wire=to_wire)
    assert compiled_rows == pure_rows
    pure_rows, compiled_rows = both(Room(code="ABCD"), [views.HOST])  # no wire given: the generic conversion
    assert compiled_rows == pure_rows
    listed = Room(code="ABCD", players=[Player(id=1, name="A", token_hash="a")])  # a list where a Room holds a tuple
    pure_rows, compiled_rows = both(listed, [("player", 1)], wire=to_wire)
    assert compiled_rows == pure_rows
