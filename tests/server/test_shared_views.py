"""A seat's game view that holds the very same objects as one made before in the change shares its wire form.

``server.views.shared_view`` (and its compiled twin in server/fastlane/_views.pyx):
a game with nothing secret gives every seat a view equal to the screen's,
made anew each time; the rows then hold one wire object, which fan-out's
differ compares by identity.  A seat whose view holds anything of its own (a
hand) keeps its own.  Both twins share alike; neither ever gives a seat a
view its own ``view`` call did not return the equal of.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from protocol.gamecodec import to_wire
from server import fastlane, views
from server.hub import load_games
from server.roomstate import Player, Room, Run

TWINS = [pytest.param(views.view_rows, id="pure")]
if fastlane.LANE == "compiled":  # (installed into server.views' caches by server.fastlane only then)
    from server.fastlane import _views as compiled

    TWINS.append(pytest.param(compiled.view_rows, id="compiled"))

GAMES = load_games()


@attrs.frozen
class Table:
    """A game view: a public board and the seat's own hand (None for the screen and spectators)."""

    board: tuple
    hand: tuple | None


@attrs.frozen(slots=False)
class Unslotted:
    board: tuple


def game_of(view: Any) -> Any:
    """A real spec (its lobby and codec) whose ``view`` is the test's."""
    return attrs.evolve(GAMES["pizza_theory"], view=view, legal_commands=lambda state, seat: (), legal_patterns=None,
                        is_terminal=lambda state: False)


def rows_of(twin: Any, view: Any, seats: int, *, spectators: bool = True) -> tuple[dict, list]:
    """Every class's row (the TV first, then each seated phone, then the spectators) and each class's game part."""
    people = tuple(Player(id=i, name=f"P{i}", token_hash=f"h{i}", seat=i) for i in range(seats))
    room = Room(code="ABCD", players=people, run=Run(game="pizza_theory", options={}, seed=1, seats=tuple(range(seats)),
                                                     state="the state"))
    keys = (views.HOST, *(views.player_key(i) for i in range(seats)), *((views.SPECTATORS,) if spectators else ()))
    rows = twin(room, {"pizza_theory": game_of(view)}, keys, {}, None, wire=to_wire)
    game = views.VIEW_FIELDS.index("game")
    return rows, [rows[key][game] for key in keys]


BOARD = (1, 2, 3)


@pytest.mark.parametrize("twin", TWINS)
def test_a_game_with_nothing_secret_gives_every_class_one_wire_object(twin):
    asked = []

    def view(state: Any, viewer: Any) -> Table:
        asked.append(viewer)
        return Table(board=BOARD, hand=None)  # a new object each time, equal for everyone

    _, games = rows_of(twin, view, seats=5)
    assert len({id(g) for g in games}) == 1 and games[0] == {"type": "Table", "board": [1, 2, 3], "hand": None}
    assert len(asked) == 5 + 2  # the game is still asked for every seat's view (and the TV's, the spectators')


@pytest.mark.parametrize("twin", TWINS)
def test_a_seat_with_a_hand_keeps_its_own_view_and_only_its_own(twin):
    def view(state: Any, viewer: Any) -> Table:
        seat = getattr(viewer, "seat", None)
        return Table(board=BOARD, hand=None if seat is None else (seat, seat * 10))

    rows, games = rows_of(twin, view, seats=4)
    tv, *seats, spectators = games
    assert spectators is tv  # the screen and the spectators see the same: shared
    for seat, game in enumerate(seats):
        assert game is not tv and game["hand"] == [seat, seat * 10]
    assert len({id(g) for g in seats}) == 4


@pytest.mark.parametrize("twin", TWINS)
def test_only_the_first_distinct_views_of_a_change_are_compared_with(twin):
    """Seats 0-3 each see their own; seat 4 sees what seat 3 saw (the fourth distinct view: not kept to compare
    with), seat 5 what seat 0 saw (the second: kept)."""
    same_as = {4: 3, 5: 0}
    made: dict[int, Table] = {}

    def view(state: Any, viewer: Any) -> Table:
        seat = getattr(viewer, "seat", None)
        if seat is None:
            return Table(board=BOARD, hand=None)
        shown = made.get(same_as.get(seat, seat))
        if shown is not None:
            return Table(board=shown.board, hand=shown.hand)  # equal, field by field the same objects
        made[seat] = Table(board=BOARD, hand=(seat,))
        return made[seat]

    _, games = rows_of(twin, view, seats=6, spectators=False)
    _tv, *seats = games
    assert views.SHARED_VIEWS == 3
    assert seats[5] is seats[0]
    assert seats[4] is not seats[3] and seats[4] == seats[3]


@pytest.mark.parametrize("twin", TWINS)
def test_equal_views_of_other_objects_or_classes_are_not_shared(twin):
    def equal_but_new(state: Any, viewer: Any) -> Table:
        return Table(board=tuple(list(BOARD)), hand=None)  # equal to every other view, but a new board each time

    _, games = rows_of(twin, equal_but_new, seats=2)
    tv, *seats, spectators = games
    assert spectators is not tv and spectators == tv  # (the screen's and the spectators' boards: new tuples too)
    assert all(game is not tv and game == tv for game in seats) and seats[0] is not seats[1]
    _, games = rows_of(twin, lambda state, viewer: Unslotted(board=BOARD), seats=3)  # no slots: never compared
    tv, *seats, _ = games
    assert all(game is not tv for game in seats) and len({id(g) for g in seats}) == 3


def test_view_slots_names_a_slotted_views_fields_and_nothing_else():
    assert views.view_slots(Table) == ("board", "hand")
    assert views.view_slots(Unslotted) is None
    assert views.view_slots(dict) is None
