"""Fraction analytics, given / when / then: given this table log, the analysis says exactly this.

The logs are built by hand up to the deal (so the cards are known), and then
by the real Splittissimo ``decide``: the events are the ones a room stores.
"""

from __future__ import annotations

from fractions import Fraction

from games.splittissimo.cards import CARDS
from games.splittissimo.messages import Dealt, EndTurn, Pass, TakeTrick, TurnBegan
from server import roomstate
from server.classroom.analytics import (
    COMBINED_ORDERS,
    EQUIVALENT_FRACTIONS,
    SAME_DENOMINATORS,
    SUMS_TO_WHOLE,
    MissRecord,
    TableAnalysis,
    is_mixed,
    relations,
)
from server.classroom.reports import mixed_text
from server.hub import load_games

GAMES = load_games(("splittissimo",))
#: What is left to draw (6/8 and 8/8 cards): none of them is in the hands or on the table below.
DECK = (37, 38, 39, 40, 41, 42, 43, 44)


def card(text: str, *, kind: str = "pizza", skip: int = 0) -> int:
    """The id of the (skip+1)-th card printed ``text``."""
    return [c.id for c in CARDS if c.text == text and c.kind == kind][skip]


def table_log(
    hands: tuple[tuple[int, ...], ...], table: tuple[int, ...], deck: tuple[int, ...], **more: object
) -> TableAnalysis:
    """Given: an easy two-player game dealt these cards, seat 0 first (``more``: other game options)."""
    analysis = TableAnalysis(GAMES)
    options = {"level": "easy", "reaction_ms": 0, **more}
    for event in (
        roomstate.RoomOpened(room="r", code="BCDF", host_hash="h"),
        roomstate.PlayerJoined(player=0, name="Ada", token_hash="a"),
        roomstate.PlayerJoined(player=1, name="Ben", token_hash="b"),
        roomstate.GameSelected(game="splittissimo", options=options),
        roomstate.GameStarted(game="splittissimo", options=options, seed=1, seats=(0, 1)),
        Dealt(deck=deck, hands=hands, table=table, piles=((), (), ()), first=0),
        TurnBegan(seat=0, turn=1, window=False),
    ):
        analysis.feed(event)
    return analysis


def play(analysis: TableAnalysis, seat: int, command: object) -> None:
    """When: ``seat`` sends ``command`` (decided by the game itself)."""
    run = analysis.room.run
    assert run is not None
    for event in GAMES["splittissimo"].decide(run.state, seat, command):
        analysis.feed(event)


def test_a_whole_for_two_halves_uses_equivalence_and_a_sum_to_a_whole():
    assert relations((card("1"),), (card("1/2"), card("1/2", skip=1))) == (EQUIVALENT_FRACTIONS, SUMS_TO_WHOLE)


def test_quarters_for_a_half_written_in_quarters_use_same_denominators():
    assert relations((card("2/4"),), (card("1/4"), card("1/4", skip=1))) == (SAME_DENOMINATORS,)


def test_several_orders_together_are_combined_orders():
    orders = (card("1/4", kind="order"), card("1/4", kind="order", skip=1))
    assert COMBINED_ORDERS in relations(orders, (card("1/2"),))


def test_ending_a_turn_with_a_trick_left_is_a_miss_and_the_trick_taken_is_recorded():
    whole, half, quarters = card("1"), card("1/2"), (card("1/4"), card("1/4", skip=1))
    halves = (card("1/2", skip=1), card("1/2", skip=2))
    analysis = table_log(
        hands=((whole, half, card("3/4")), (card("1/8"), card("3/8"), card("5/8"))),
        table=(*halves, *quarters),
        deck=DECK,
    )
    play(analysis, 0, TakeTrick(hand=(whole,), table=halves))
    play(analysis, 0, EndTurn())
    [trick] = analysis.tricks
    assert (trick.player, trick.hand, trick.table, trick.relations) == (
        0,
        ("1",),
        ("1/2", "1/2"),
        (EQUIVALENT_FRACTIONS, SUMS_TO_WHOLE),
    )
    # Then: 1/2 against 1/4 + 1/4 was still there when Ada ended her turn.
    assert analysis.misses == [MissRecord(game=1, player=0, turn=1, hand=("1/2",), table=("1/4", "1/4"))]


def test_a_turn_ended_with_no_trick_left_is_not_a_miss():
    whole = card("1")
    halves = (card("1/2"), card("1/2", skip=1))
    analysis = table_log(
        hands=((whole, card("1/8"), card("3/8", skip=1)), (card("7/8"), card("5/8", skip=1), card("3/4"))),
        table=(*halves, card("1/4")),
        deck=DECK,
    )
    play(analysis, 0, TakeTrick(hand=(whole,), table=halves))
    play(analysis, 0, EndTurn())
    assert len(analysis.tricks) == 1
    assert analysis.misses == []


def test_scores_read_as_mixed_numbers():
    assert [mixed_text(Fraction(n, d)) for n, d in ((27, 2), (3, 4), (4, 1), (-5, 4))] == [
        "13 1/2",
        "3/4",
        "4",
        "-1 1/4",
    ]
    assert [is_mixed(Fraction(n, d)) for n, d in ((27, 2), (3, 4), (4, 1))] == [True, False, False]


def test_a_pass_with_a_trick_on_offer_is_a_miss_when_the_class_allows_passing_anytime():
    """Issue 24 section 4: with ``pass_anytime`` (on in classes) a stuck child may pass; the report counts a miss."""
    half, quarters = card("1/2"), (card("1/4"), card("1/4", skip=1))
    analysis = table_log(
        hands=((half, card("3/4")), (card("1/8"), card("3/8"))),
        table=(*quarters, card("7/8")),
        deck=DECK,
        pass_anytime=True,
    )
    play(analysis, 0, Pass())
    assert analysis.misses == [MissRecord(game=1, player=0, turn=1, hand=("1/2",), table=("1/4", "1/4"))]
    assert analysis.tricks == []


def test_a_pass_with_no_trick_on_offer_is_not_a_miss():
    analysis = table_log(
        hands=((card("3/4"), card("3/8")), (card("1/8"), card("5/8"))),
        table=(card("1/2"), card("7/8")),
        deck=DECK,
        pass_anytime=True,
    )
    play(analysis, 0, Pass())
    assert analysis.misses == []
