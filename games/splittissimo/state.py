"""The game state, the host's options, and small readings of the state.

The state is what ``evolve`` folds events into; it is snapshotted, never sent
(views are sent).  Card piles are tuples of card ids with the top card first.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

import attrs

from games.contract import OptionSpec
from games.splittissimo.cards import CANCELLED_ORDER, CARDS, DOT_LEVELS, ORDER, PIZZA, SPECIAL_KINDS, total
from games.splittissimo.tricks import ADVANCED, EASY, LEVELS, STANDARD

DEALING = "dealing"
WINDOW = "window"
TURN = "turn"
OVER = "over"

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

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        name="level",
        kind="choice",
        default=STANDARD,
        label="Level",
        help="easy (6+): round Pizza cards only; standard (8+): Orders against Pizza piles, with toppings; "
        "advanced (10+): combined orders, Special Orders at any moment, penalties for cards left in hand.",
        choices=LEVELS,
    ),
    OptionSpec(
        name="dots",
        kind="multi",
        default=DOT_LEVELS,
        label="Dot levels in play",
        help="1 dot: quarters and halves; 2 dots: the same amounts written in eighths and quarters; "
        "3 dots: odd eighths.  Easy with 1-dot cards only deals 3 cards, not 4.",
        choices=DOT_LEVELS,
    ),
    OptionSpec(
        name="reaction_ms",
        kind="int",
        default=3000,
        label="Reaction window (ms)",
        help="How long other players may play a Cancelled Order before each turn (standard and advanced). "
        "0 turns the window off, and with it Cancelled Orders.",
        minimum=0,
        maximum=30_000,
    ),
    OptionSpec(
        name="special_cards",
        kind="bool",
        default=True,
        label="Special cards",
        help="Shuffle the purple Special Order and Cancelled Order cards into the Order deck "
        "(standard and advanced).",
    ),
)


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
    phase: str = DEALING
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

    @property
    def round(self) -> int:
        """Laps of turns so far (reported by ``pizzanight selfplay``)."""
        return self.turn // self.players


def settings_state(players: int, seed: int, options: Mapping[str, Any]) -> State:
    return State(
        players=players,
        seed=seed,
        level=options["level"],
        dots=tuple(options["dots"]),
        reaction_ms=options["reaction_ms"],
        specials=options["special_cards"],
    )


def hand_size(state: State) -> int:
    """RULES-NOTES 3.2: Easy with 1-dot cards only deals (and refills to) 3, else 4."""
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


def score_cards(level: str, won, hand) -> Fraction:
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
