"""What each viewer may see (DESIGN.md section 3: the only way game data leaves).

Public: the open table or the piles' tops and sizes, the deck size, every
seat's hand count and won pile, the last trick with its sum, the reaction
window, scores.  Private: a seat sees its own hand, and nobody sees another
hand, the deck order or the cards under the pile tops.  Amounts come both as
exact fractions and as slice counts so a screen can draw each pizza.
"""

from __future__ import annotations

import functools
from fractions import Fraction

import attrs

from games import values
from games.contract import SeatViewer, Viewer
from games.memo import LastState, SameInputs
from games.splittissimo.cards import CARDS, ORDER, PIZZA, SPECIAL_KINDS, Card, total
from games.splittissimo.rules import final_scores, outcome
from games.splittissimo.state import OVER, WINDOW, LastTrick, State
from games.splittissimo.tricks import ADVANCED


@attrs.frozen
class CardView:
    """A face-up card: ``slices`` pieces of a pizza cut in ``of`` (amount ``amount``)."""

    id: int
    kind: str
    text: str
    amount: Fraction
    slices: int
    of: int
    toppings: tuple[str, ...]
    dots: int


@attrs.frozen
class PileView:
    size: int
    top: CardView | None


@attrs.frozen
class SeatSummary:
    """What everyone knows about a seat: hand size, the size of its won pile, the pizza delivered.

    The won cards themselves are public but no screen draws them, and sending
    every seat's whole pile with every change was most of a frame (issue 10).
    """

    seat: int
    hand_count: int
    won_count: int
    delivered: Fraction
    passed: bool


@attrs.frozen
class WindowView:
    """An open reaction window: other seats may play a Cancelled Order on ``turn``."""

    turn: int
    ms: int


@attrs.frozen
class TrickView:
    seat: int
    hand: tuple[CardView, ...]
    table: tuple[CardView, ...]
    text: str
    special: bool


@attrs.frozen
class CancelView:
    seat: int
    by: int


@attrs.frozen
class ScoreParts:
    """One seat's final score, part by part (RULES-NOTES 3.4), so a screen can show the sum.

    ``total = delivered - orders - specials``; ``orders`` is the amount of the
    unfulfilled Order cards left in hand and ``specials`` one whole pizza per
    special card left in hand, both zero below Advanced.
    """

    delivered: Fraction
    orders: Fraction
    specials: int
    total: Fraction


@attrs.frozen
class FinalView:
    """The end: scores after Advanced penalties, the penalties, winners, and why it ended.

    ``reason`` is the state's ``end_reason`` (``"deck_empty"``, ``"all_delivered"``).
    """

    scores: tuple[Fraction, ...]
    penalties: tuple[Fraction, ...]
    winners: tuple[int, ...]
    reason: str
    breakdown: tuple[ScoreParts, ...]


@attrs.frozen
class SplittissimoView:
    level: str
    players: int
    phase: str
    active: int
    turn: int
    tricks_this_turn: int
    deck_size: int
    table: tuple[CardView, ...]
    piles: tuple[PileView, ...]
    seats: tuple[SeatSummary, ...]
    window: WindowView | None
    last_trick: TrickView | None
    last_cancel: CancelView | None
    final: FinalView | None
    #: The viewing seat, or None for the screen and spectators.
    me: int | None
    #: The viewing seat's own hand (empty for the screen and spectators).
    hand: tuple[CardView, ...]


def _card_view(card: Card) -> CardView:
    return CardView(card.id, card.kind, card.text, card.amount, card.slices, card.of, card.toppings, card.dots)


CARD_VIEWS: tuple[CardView, ...] = tuple(_card_view(card) for card in CARDS)


def _build_cards(ids: tuple[int, ...]) -> tuple[CardView, ...]:
    return tuple(CARD_VIEWS[i] for i in ids)


# A hand, the table or a pile rebuilt only when its state field is another object: an
# unchanged part is the same object as in the last view, which fan-out skips at once.
_cards = SameInputs(_build_cards)


@functools.lru_cache(maxsize=1024)
def _delivered(won: tuple[int, ...]) -> Fraction:
    """The pizza in a won pile (cached: a pile changes only when its owner takes a trick)."""
    return total(CARDS[i] for i in won if CARDS[i].kind == PIZZA)


def _score_parts(state: State, seat: int) -> ScoreParts:
    delivered = _delivered(state.won[seat])
    hand = [CARDS[i] for i in state.hands[seat]]
    advanced = state.level == ADVANCED
    orders = total(card for card in hand if card.kind == ORDER) if advanced else Fraction(0)
    specials = sum(1 for card in hand if card.kind in SPECIAL_KINDS) if advanced else 0
    return ScoreParts(delivered=delivered, orders=orders, specials=specials, total=delivered - orders - specials)


def view(state: State, viewer: Viewer) -> SplittissimoView:
    """The public view, plus the viewing seat's own hand for a phone.

    The public part is built once per state (every viewer of a change shares
    it); a seat's view is that same value with ``me`` and ``hand`` filled in.
    """
    public = _public_view(state)
    me = viewer.seat if isinstance(viewer, SeatViewer) and 0 <= viewer.seat < state.players else None
    if me is None or not state.hands:
        return public
    return values.replace(public, me=me, hand=_cards(state.hands[me]))


def _build_public_view(state: State) -> SplittissimoView:
    seats = _seats(state.players, state.hands, state.won, state.passed)
    final = None
    if state.phase == OVER:
        result = outcome(state)
        scores = final_scores(state)
        final = FinalView(
            scores=scores,
            penalties=tuple(seats[seat].delivered - scores[seat] for seat in range(state.players)),
            winners=result.winners if result else (),
            reason=state.end_reason,
            breakdown=tuple(_score_parts(state, seat) for seat in range(state.players)),
        )
    last = state.last_trick
    return SplittissimoView(
        level=state.level,
        players=state.players,
        phase=str(state.phase),
        active=state.active,
        turn=state.turn,
        tricks_this_turn=state.tricks,
        deck_size=len(state.deck),
        table=_cards(state.table),
        piles=_piles(state.piles),
        seats=seats,
        window=WindowView(state.turn, state.reaction_ms) if state.phase == WINDOW else None,
        last_trick=_trick(last) if last else None,
        last_cancel=CancelView(*state.last_cancel) if state.last_cancel else None,
        final=final,
        me=None,
        hand=(),
    )


def _build_seats(
    players: int, hands: tuple[tuple[int, ...], ...], won: tuple[tuple[int, ...], ...], passed: frozenset[int]
) -> tuple[SeatSummary, ...]:
    dealt = bool(hands)
    return tuple(
        SeatSummary(
            seat=seat,
            hand_count=len(hands[seat]) if dealt else 0,
            won_count=len(won[seat]) if dealt else 0,
            delivered=_delivered(won[seat]) if dealt else Fraction(0),
            passed=seat in passed,
        )
        for seat in range(players)
    )


def _build_piles(piles: tuple[tuple[int, ...], ...]) -> tuple[PileView, ...]:
    return tuple(PileView(len(pile), CARD_VIEWS[pile[0]] if pile else None) for pile in piles)


def _build_trick(last: LastTrick) -> TrickView:
    return TrickView(last.seat, _cards(last.hand), _cards(last.table), last.text, last.special)


_seats = SameInputs(_build_seats)
_piles = SameInputs(_build_piles)
_trick = SameInputs(_build_trick)
_public_view = LastState(_build_public_view)
