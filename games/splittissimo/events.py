"""Decided facts (past-tense names).  ``evolve`` applies them without checks.

Events hold card ids, including hidden ones (the shuffled deck, drawn
cards): events are stored, never sent; only views leave the server.
"""

from __future__ import annotations

import attrs


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
