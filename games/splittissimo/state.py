"""The game state, ``initial_state``, ``evolve`` and small readings of the state.

The state is what ``evolve`` folds events into; it is snapshotted, never sent
(views are sent).  Card piles are tuples of card ids with the top card first.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import attrs

from games import values
from games.contract import Setup, UnknownEvent
from games.splittissimo import messages as ev
from games.splittissimo.cards import CANCELLED_ORDER, CARDS, ORDER, PIZZA, SPECIAL_KINDS, Card, total
from games.splittissimo.tricks import ADVANCED, EASY


class Phase(enum.StrEnum):
    """Where a game is (the value is what views send)."""

    #: Set up, nothing dealt: the room's ``Deal`` comes at once.
    DEALING = "dealing"
    #: A turn is about to begin: others may play a Cancelled Order (RULES-NOTES 3.3).
    WINDOW = "window"
    #: The active player takes tricks, then ends the turn or passes.
    TURN = "turn"
    OVER = "over"


DEALING, WINDOW, TURN, OVER = Phase.DEALING, Phase.WINDOW, Phase.TURN, Phase.OVER

#: Why a game ended (``State.end_reason``, shown in every view's ``final.reason``).
#: A card had to be drawn from an empty deck (Easy) or Order deck (RULES-NOTES 3.2, 3.3).
DECK_EMPTY = "deck_empty"
#: Standard and Advanced: the last Pizza card was taken (RULES-NOTES 3.3).
ALL_DELIVERED = "all_delivered"
#: Games stored before the RULES-NOTES 3.2/3.3 change could end on a round of passes;
#: their logs still replay and still say so.
NO_TRICKS = "no_tricks"

PILES = 3
FULL_HAND = 4

@attrs.frozen
class LastTrick:
    """The most recent trick, for the screen: who, which cards, and the sum as text."""

    seat: int
    hand: tuple[int, ...]
    table: tuple[int, ...]
    text: str
    special: bool


@attrs.frozen
class State:
    players: int
    seed: int
    level: str
    dots: tuple[int, ...]
    reaction_ms: int
    specials: bool
    phase: Phase = DEALING
    deck: tuple[int, ...] = ()
    table: tuple[int, ...] = ()
    piles: tuple[tuple[int, ...], ...] = ((),) * PILES
    hands: tuple[tuple[int, ...], ...] = ()
    won: tuple[tuple[int, ...], ...] = ()
    discard: tuple[int, ...] = ()
    active: int = 0
    turn: int = 0
    #: Tricks (Special Orders included) taken in the current turn.
    tricks: int = 0
    #: Seats that passed, unable to take a trick, since the last trick anyone took.
    passed: frozenset[int] = frozenset()
    last_trick: LastTrick | None = None
    #: (skipped seat, seat that played the Cancelled Order), most recent.
    last_cancel: tuple[int, int] | None = None
    end_reason: str = ""
    #: Events applied so far: the salt for the one random draw (the deal).
    events: int = 0
    #: RULES-NOTES 3.3 "Passing when a trick exists": a pass is allowed with a trick on offer (option ``pass_anytime``).
    pass_anytime: bool = False

    @property
    def round(self) -> int:
        """Laps of turns so far (reported by ``pizzanight selfplay``)."""
        return self.turn // self.players


def initial_state(setup: Setup) -> State:
    """Nothing dealt yet: the room's ``Deal`` (an immediate timer) shuffles and deals."""
    return settings_state(setup.players, setup.seed, setup.options)


def settings_state(players: int, seed: int, options: Mapping[str, Any]) -> State:
    return State(
        players=players,
        seed=seed,
        level=options["level"],
        dots=tuple(options["dots"]),
        reaction_ms=options["reaction_ms"],
        specials=options["special_cards"],
        pass_anytime=bool(options.get("pass_anytime", False)),
    )


def deal_size(state: State) -> int:
    """RULES-NOTES 3.2: Easy with 1-dot cards only deals 3 to each hand and the table, else 4.

    Only the deal: after a turn with tricks the table and the hand are refilled
    to 4 (``FULL_HAND``) whatever the cards, as 3.2 and the rulebook both say.
    """
    return 3 if state.level == EASY and tuple(state.dots) == (1,) else FULL_HAND


def uses_window(state: State) -> bool:
    """Whether every turn opens a reaction window (RULES-NOTES 3.3).

    Only Cancelled Orders need it, so there is none in Easy, without special
    cards, or when the room set its length to 0.  Within a game it opens
    before every turn alike, whatever anyone holds.
    """
    return state.level != EASY and state.specials and state.reaction_ms > 0


def open_cards(state: State) -> tuple[int, ...]:
    """The cards a trick may take: the Easy table, or the pile tops."""
    if state.level == EASY:
        return state.table
    return tuple(pile[0] for pile in state.piles if pile)


def next_seat(state: State, seat: int) -> int:
    return (seat + 1) % state.players


def balanced_piles(cards: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """RULES-NOTES 3.3: the cards, in order, cut into three piles as even as possible.

    [house] "Keeping their order" is read as: the piles laid end to end
    (first pile top to bottom, then the second, then the third) and cut into
    three runs, the first piles taking the odd cards.
    """
    size, extra = divmod(len(cards), PILES)
    piles, start = [], 0
    for index in range(PILES):
        end = start + size + (1 if index < extra else 0)
        piles.append(tuple(cards[start:end]))
        start = end
    return tuple(piles)


def score(level: str, won: tuple[int, ...], hand: tuple[int, ...]) -> Fraction:
    return score_cards(level, [CARDS[i] for i in won], [CARDS[i] for i in hand])


def score_cards(level: str, won: Sequence[Card], hand: Sequence[Card]) -> Fraction:
    """RULES-NOTES 3.2-3.4: pizza delivered, less the Advanced penalties.

    Only Pizza cards in the won pile count (Order cards count nothing).  In
    Advanced each Order left in hand costs its amount and each special card
    one whole pizza.
    """
    result = total(card for card in won if card.kind == PIZZA)
    if level == ADVANCED:
        result -= total(card for card in hand if card.kind == ORDER)
        result -= sum(1 for card in hand if card.kind in SPECIAL_KINDS)
    return result


def holds_cancelled_order(state: State, seat: int) -> int | None:
    return next((card for card in state.hands[seat] if CARDS[card].kind == CANCELLED_ORDER), None)


# --- evolve --------------------------------------------------------------------


def evolve(state: State, event: ev.Event) -> State:
    """Apply one decided fact: no checks, no randomness (DESIGN.md section 3)."""
    apply = _APPLY.get(type(event))
    if apply is None:
        raise UnknownEvent(event)
    return apply(state, event)


def _without(cards: tuple[int, ...], gone: Sequence[int]) -> tuple[int, ...]:
    drop = set(gone)
    return tuple(card for card in cards if card not in drop)


def _with_seat(rows: tuple[tuple[int, ...], ...], seat: int, row: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return rows[:seat] + (row,) + rows[seat + 1 :]


def _taken(state: State, seat: int, from_hand: Sequence[int], from_table: Sequence[int]) -> dict[str, Any]:
    """The changes for ``seat`` winning cards from its hand and the open cards."""
    return {
        "hands": _with_seat(state.hands, seat, _without(state.hands[seat], from_hand)),
        "table": _without(state.table, from_table) if state.table else state.table,
        "piles": tuple(_without(pile, from_table) for pile in state.piles),
        "won": _with_seat(state.won, seat, state.won[seat] + tuple(from_hand) + tuple(from_table)),
        "passed": frozenset(),
    }


def _dealt(state: State, event: ev.Dealt) -> State:
    return values.replace(
        state,
        deck=event.deck,
        hands=event.hands,
        table=event.table,
        piles=event.piles,
        won=((),) * state.players,
        active=event.first,
        events=state.events + 1,
    )


def _turn_began(state: State, event: ev.TurnBegan) -> State:
    phase = WINDOW if event.window else TURN
    return values.replace(state, active=event.seat, turn=event.turn, phase=phase, tricks=0, events=state.events + 1)


def _window_closed(state: State, event: ev.ReactionWindowClosed) -> State:
    return values.replace(state, phase=TURN, events=state.events + 1)


def _trick_taken(state: State, event: ev.TrickTaken) -> State:
    last = LastTrick(event.seat, event.hand, event.table, event.text, False)
    changes = _taken(state, event.seat, event.hand, event.table)
    return values.replace(state, **changes, tricks=state.tricks + 1, last_trick=last, events=state.events + 1)


def _special_order_played(state: State, event: ev.SpecialOrderPlayed) -> State:
    changes = _taken(state, event.seat, (event.card,), event.taken)
    if event.took_over:
        changes.update(active=event.seat, turn=event.turn, phase=TURN, tricks=1)
    else:
        changes.update(tricks=state.tricks + 1)
    toppings = " and ".join(t.replace("_", " ") for t in CARDS[event.card].toppings)
    text = f"Special Order: every open pizza with {toppings}"
    last = LastTrick(event.seat, (event.card,), event.taken, text, True)
    return values.replace(state, **changes, last_trick=last, events=state.events + 1)


def _turn_cancelled(state: State, event: ev.TurnCancelled) -> State:
    return values.replace(
        state,
        hands=_with_seat(state.hands, event.by, _without(state.hands[event.by], (event.card,))),
        discard=state.discard + (event.card,),
        last_cancel=(event.seat, event.by),
        events=state.events + 1,
    )


def _cards_drawn(state: State, event: ev.CardsDrawn) -> State:
    return values.replace(
        state,
        hands=_with_seat(state.hands, event.seat, state.hands[event.seat] + event.cards),
        deck=state.deck[len(event.cards) :],
        events=state.events + 1,
    )


def _table_refilled(state: State, event: ev.TableRefilled) -> State:
    return values.replace(state, table=state.table + event.cards, deck=state.deck[len(event.cards) :], events=state.events + 1)


def _piles_rebalanced(state: State, event: ev.PilesRebalanced) -> State:
    return values.replace(state, piles=event.piles, events=state.events + 1)


def _turn_passed(state: State, event: ev.TurnPassed) -> State:
    return values.replace(state, passed=state.passed | {event.seat}, events=state.events + 1)


def _turn_ended(state: State, event: ev.TurnEnded) -> State:
    return values.replace(state, events=state.events + 1)


def _game_ended(state: State, event: ev.GameEnded) -> State:
    return values.replace(state, phase=OVER, end_reason=event.reason, events=state.events + 1)


_APPLY: dict[type, Callable[[State, Any], State]] = {
    ev.Dealt: _dealt,
    ev.TurnBegan: _turn_began,
    ev.ReactionWindowClosed: _window_closed,
    ev.TrickTaken: _trick_taken,
    ev.SpecialOrderPlayed: _special_order_played,
    ev.TurnCancelled: _turn_cancelled,
    ev.CardsDrawn: _cards_drawn,
    ev.TableRefilled: _table_refilled,
    ev.PilesRebalanced: _piles_rebalanced,
    ev.TurnPassed: _turn_passed,
    ev.TurnEnded: _turn_ended,
    ev.GameEnded: _game_ended,
}
