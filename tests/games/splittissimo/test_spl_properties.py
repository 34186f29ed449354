"""Invariants over whole bot-played games (hypothesis picks seeds, seats, levels, options)."""

from __future__ import annotations

import functools
from fractions import Fraction

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from games.contract import SCREEN, SPECTATOR, SeatViewer
from games.splittissimo import GAME
from games.splittissimo.cards import CARDS, PIZZA, order_deck_ids, pizza_ids
from games.splittissimo.hints import hint
from games.splittissimo.messages import Pass, PlaySpecialOrder, TakeTrick
from games.splittissimo.state import EASY, TURN, open_cards

from spl_helpers import play

game_setups = st.builds(
    lambda players, seed, level, dots, reaction, specials, bots, anytime: (
        players,
        seed,
        {"level": level, "dots": dots, "reaction_ms": reaction, "special_cards": specials, "pass_anytime": anytime},
        bots,
    ),
    players=st.integers(2, 5),
    seed=st.integers(0, 10_000),
    level=st.sampled_from(["easy", "standard", "advanced"]),
    dots=st.sampled_from([(1,), (2,), (3,), (1, 2), (1, 2, 3)]),
    reaction=st.sampled_from([0, 3000]),
    specials=st.booleans(),
    bots=st.sampled_from(["random", "strong", "mixed"]),
    anytime=st.booleans(),
)


@functools.lru_cache(maxsize=64)
def _played(players, seed, options_items, bots):
    names = [bots] * players if bots != "mixed" else ["random", "strong"] * 3
    return play(players, seed, dict(options_items), names[:players])


def played(game):
    players, seed, options, bots = game
    return _played(players, seed, tuple(sorted(options.items())), bots)


def cards_in_play(state):
    if state.level == EASY:
        return sorted(pizza_ids(state.dots))
    return sorted(pizza_ids(state.dots) + order_deck_ids(state.dots, state.specials))


def places(state):
    return (
        list(state.deck)
        + list(state.table)
        + [c for pile in state.piles for c in pile]
        + [c for hand in state.hands for c in hand]
        + [c for won in state.won for c in won]
        + list(state.discard)
    )


@settings(max_examples=25, deadline=None)
@given(game_setups)
def test_cards_are_conserved_across_deck_piles_table_hands_won_piles(game):
    _, steps = played(game)
    for _, _, _, _, after in steps:
        assert sorted(places(after)) == cards_in_play(after)


@settings(max_examples=25, deadline=None)
@given(game_setups)
def test_replaying_the_events_rebuilds_the_live_state_and_games_are_deterministic(game):
    setup, steps = played(game)
    events = [event for step in steps for event in step[3]]
    assert GAME.replay(setup, events) == steps[-1][4]
    players, seed, options, bots = game
    _played.cache_clear()
    _, again = played(game)
    assert [step[3] for step in again] == [step[3] for step in steps]


def _walk(value):
    """Every leaf of a view, to check its types and the card ids it shows."""
    if attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            yield from _walk(getattr(value, field.name))
    elif isinstance(value, tuple):
        for item in value:
            yield from _walk(item)
    else:
        yield value


def _shown_ids(value):
    if attrs.has(type(value)) and type(value).__name__ == "CardView":
        yield value.id
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            yield from _shown_ids(getattr(value, field.name))
    elif isinstance(value, tuple):
        for item in value:
            yield from _shown_ids(item)


@settings(max_examples=20, deadline=None)
@given(game_setups)
def test_no_view_shows_another_hand_the_deck_or_a_card_under_a_pile_top(game):
    _, steps = played(game)
    for _, _, _, _, state in steps[::3] + [steps[-1]]:
        hidden = set(state.deck) | {c for pile in state.piles for c in pile[1:]}
        for viewer in [SCREEN, SPECTATOR] + [SeatViewer(s) for s in range(state.players)]:
            view = GAME.view(state, viewer)
            own = set(state.hands[viewer.seat]) if isinstance(viewer, SeatViewer) else set()
            others = {c for s, hand in enumerate(state.hands) for c in hand} - own
            shown = set(_shown_ids(view))
            assert not shown & (hidden | others)
            assert {card.id for card in view.hand} == own
            assert [seat.hand_count for seat in view.seats] == [len(h) for h in state.hands]
            for leaf in _walk(view):
                assert leaf is None or type(leaf) in (int, str, bool, Fraction)


@settings(max_examples=25, deadline=None)
@given(game_setups)
def test_amounts_stay_exact_fractions(game):
    _, steps = played(game)
    final = steps[-1][4]
    result = GAME.outcome(final)
    assert all(type(score) is Fraction for score in result.scores)
    view = GAME.view(final, SCREEN)
    assert tuple(part.total for part in view.final.breakdown) == result.scores
    assert all(part.total == part.delivered - part.orders - part.specials for part in view.final.breakdown)
    for seat in view.seats:
        won = [CARDS[i] for i in final.won[seat.seat]]
        assert seat.won_count == len(won)
        assert type(seat.delivered) is Fraction
        assert seat.delivered == sum((card.amount for card in won if card.kind == PIZZA), Fraction(0))


@settings(max_examples=25, deadline=None)
@given(game_setups)
def test_a_hint_is_always_a_legal_command_of_that_seat_or_none(game):
    """Issue 15: for any reachable state and seat, the hint is None or one of the seat's legal commands."""
    _, steps = played(game)
    for state, _, _, _, _ in steps:
        for seat in range(state.players):
            legal = GAME.legal_commands(state, seat)
            found = GAME.hint(state, seat)
            if found is None:
                assert legal == []
                continue
            assert found.command in legal and found.text
            GAME.decide(state, seat, found.command)  # raises if the hint were not legal
            if isinstance(found.command, TakeTrick):
                assert "=" in found.text and set(found.command.table) <= set(open_cards(state))


@settings(max_examples=25, deadline=None)
@given(game_setups)
def test_on_your_turn_the_hint_is_a_trick_whenever_one_exists(game):
    _, steps = played(game)
    for state, _, _, _, _ in steps:
        if state.phase != TURN:
            continue
        seat = state.active
        tricks = [c for c in GAME.legal_commands(state, seat) if isinstance(c, TakeTrick)]
        found = hint(state, seat)
        assert found is not None  # the active player always has something to do
        if tricks:
            assert isinstance(found.command, (TakeTrick, PlaySpecialOrder))
        else:
            assert not isinstance(found.command, TakeTrick)


@settings(max_examples=25, deadline=None)
@given(game_setups)
def test_every_legal_command_listed_is_accepted(game):
    _, steps = played(game)
    for state, _, _, _, _ in steps[::2]:
        for seat in range(state.players):
            for command in GAME.legal_commands(state, seat):
                assert GAME.decide(state, seat, command)


@settings(max_examples=25, deadline=None)
@given(game_setups)
def test_with_pass_anytime_the_active_player_is_never_stuck_before_a_trick(game):
    """Issue 24 section 4 (RULES-NOTES 3.3 "Passing when a trick exists"): with the option on, the active
    player who has taken no trick yet may always pass, trick on offer or not; with it off, only when none is."""
    _, steps = played(game)
    for state, _, _, _, _ in steps:
        if state.phase != TURN or state.tricks:
            continue
        legal = GAME.legal_commands(state, state.active)
        tricks = any(isinstance(c, TakeTrick) for c in legal)
        assert (Pass() in legal) == (state.pass_anytime or not tricks)


@settings(max_examples=25, deadline=None)
@given(game_setups)
def test_the_game_waits_for_the_active_seat_only_and_it_always_has_a_move(game):
    """``waiting_for`` names the seat the turn timer plays for and whose extra time the clock shows: in a turn
    the active seat, which always has a legal command; never a seat that could only play an optional card
    (a Cancelled or Special Order) on another's turn, and nobody while the reaction window is open."""
    _, steps = played(game)
    for _, _, _, _, state in steps:
        waited = GAME.waiting_for(state)
        if state.phase == TURN:
            assert waited == (state.active,)
            assert GAME.legal_commands(state, state.active)
        else:
            assert waited == ()
