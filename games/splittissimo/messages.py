"""Commands (what players and the room ask for) and events (decided facts).

Commands have imperative names, events past-tense ones (DESIGN.md section 6).
Cards are named by id (see :mod:`games.splittissimo.cards`).  Interrupts
carry the number of the turn they aim at, so that when two players race,
the one whose command arrives second is told it came too late instead of
hitting the next turn by accident.

Events hold card ids, including hidden ones (the shuffled deck, drawn
cards): events are stored, never sent; only views leave the server.
``evolve`` applies them without checks.
"""

from __future__ import annotations

import attrs


@attrs.frozen
class Deal:
    """Room only: shuffle and deal (sent at once when the game starts)."""


@attrs.frozen
class CloseReactionWindow:
    """Room only: the reaction window of ``turn`` has run its length."""

    turn: int


@attrs.frozen
class TakeTrick:
    """Play ``hand`` cards against ``table`` cards (open table cards, or pile tops)."""

    hand: tuple[int, ...]
    table: tuple[int, ...]


@attrs.frozen
class EndTurn:
    """Stop taking tricks (after at least one) and draw back up."""


@attrs.frozen
class Pass:
    """No trick is possible: draw one card and pass the turn."""


@attrs.frozen
class PlaySpecialOrder:
    """Take every open Pizza card carrying the Special Order's toppings."""

    card: int
    turn: int


@attrs.frozen
class PlayCancelledOrder:
    """Skip the turn whose reaction window is open."""

    card: int
    turn: int


COMMANDS: tuple[type, ...] = (Deal, CloseReactionWindow, TakeTrick, EndTurn, Pass, PlaySpecialOrder, PlayCancelledOrder)


# --- events ------------------------------------------------------------------


@attrs.frozen
class Dealt:
    """The shuffle and the deal: the whole random part of a game, recorded once."""

    deck: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    table: tuple[int, ...]
    piles: tuple[tuple[int, ...], ...]
    first: int


@attrs.frozen
class TurnBegan:
    """``seat``'s turn number ``turn`` begins; ``window`` says whether a reaction window opened."""

    seat: int
    turn: int
    window: bool


@attrs.frozen
class ReactionWindowClosed:
    turn: int


@attrs.frozen
class TrickTaken:
    """``seat`` won ``hand`` (from its hand) and ``table`` (open cards); ``text`` is the sum."""

    seat: int
    hand: tuple[int, ...]
    table: tuple[int, ...]
    text: str


@attrs.frozen
class SpecialOrderPlayed:
    """``seat`` played Special Order ``card`` and took ``taken``.

    ``took_over`` when it was another player's turn: ``seat`` now holds turn
    number ``turn``.
    """

    seat: int
    card: int
    taken: tuple[int, ...]
    took_over: bool
    turn: int


@attrs.frozen
class TurnCancelled:
    """``by`` played Cancelled Order ``card``: ``seat``'s turn is skipped."""

    seat: int
    by: int
    card: int


@attrs.frozen
class CardsDrawn:
    seat: int
    cards: tuple[int, ...]


@attrs.frozen
class TableRefilled:
    """Easy: cards from the deck laid face up on the table."""

    cards: tuple[int, ...]


@attrs.frozen
class PilesRebalanced:
    """A Pizza pile emptied: the rest redealt into three piles, order kept (top first)."""

    piles: tuple[tuple[int, ...], ...]


@attrs.frozen
class TurnPassed:
    """``seat`` could take no trick."""

    seat: int


@attrs.frozen
class TurnEnded:
    seat: int


@attrs.frozen
class GameEnded:
    """``reason``: ``"deck_empty"`` or ``"all_delivered"`` (``"no_tricks"`` in logs from before
    RULES-NOTES 3.2/3.3 changed); see :mod:`games.splittissimo.state`."""

    reason: str


EVENTS: tuple[type, ...] = (
    Dealt,
    TurnBegan,
    ReactionWindowClosed,
    TrickTaken,
    SpecialOrderPlayed,
    TurnCancelled,
    CardsDrawn,
    TableRefilled,
    PilesRebalanced,
    TurnPassed,
    TurnEnded,
    GameEnded,
)

#: Any Splittissimo command or event, for type checking.
Command = Deal | CloseReactionWindow | TakeTrick | EndTurn | Pass | PlaySpecialOrder | PlayCancelledOrder
Event = (
    Dealt
    | TurnBegan
    | ReactionWindowClosed
    | TrickTaken
    | SpecialOrderPlayed
    | TurnCancelled
    | CardsDrawn
    | TableRefilled
    | PilesRebalanced
    | TurnPassed
    | TurnEnded
    | GameEnded
)
