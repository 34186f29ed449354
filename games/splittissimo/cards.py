"""The Splittissimo deck as data (RULES-NOTES 3.1).

The publisher lists only how many cards of each amount exist, so the toppings
here are our own even spread [house]: two thirds of the Pizza cards carry one
topping and one third carry two, rotating through the toppings and pairs so
every amount gets a mix; Order cards carry one topping each, except one of
each of the 3/8, 5/8 and 7/8 orders, which carry two.  Amounts are written
as printed ("2/4" and "1/2" are different cards holding the same amount) and
are only ever turned into exact :class:`fractions.Fraction` values, never
floats.

Card ids are positions in :data:`CARDS` and never change: events, hands and
views name cards by id.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction

import attrs

MUSHROOM = "mushroom"
BELL_PEPPER = "bell_pepper"
TOMATO = "tomato"
TOPPINGS: tuple[str, ...] = (MUSHROOM, BELL_PEPPER, TOMATO)

PIZZA = "pizza"
ORDER = "order"
SPECIAL_ORDER = "special_order"
CANCELLED_ORDER = "cancelled_order"
SPECIAL_KINDS = frozenset({SPECIAL_ORDER, CANCELLED_ORDER})

#: Dot levels a session may choose from (special cards have no dots).
DOT_LEVELS: tuple[int, ...] = (1, 2, 3)


@attrs.frozen
class Card:
    """One printed card.

    ``slices`` over ``of`` is the amount exactly as printed, so a screen can
    draw ``slices`` pieces of a pizza cut into ``of`` (a whole pizza is 1 of
    1).  Special cards have no amount (0 of 1) and no dots (0).
    """

    id: int
    kind: str
    slices: int
    of: int
    toppings: tuple[str, ...]
    dots: int
    #: ``slices / of`` as an exact fraction, worked out once.
    amount: Fraction = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "amount", Fraction(self.slices, self.of))

    @property
    def text(self) -> str:
        """The amount as printed: ``"3/8"``, ``"2/4"``, ``"1"``."""
        return str(self.slices) if self.of == 1 else f"{self.slices}/{self.of}"

    @property
    def is_special(self) -> bool:
        return self.kind in SPECIAL_KINDS


# (dots, printed amount, toppings) for each round Pizza card.
PIZZA_ROWS = (
    # 1 dot
    (1, "1/4", (MUSHROOM,)),
    (1, "1/4", (BELL_PEPPER,)),
    (1, "1/4", (MUSHROOM, BELL_PEPPER)),
    (1, "1/4", (TOMATO,)),
    (1, "1/4", (MUSHROOM,)),
    (1, "1/4", (BELL_PEPPER, TOMATO)),
    (1, "1/2", (BELL_PEPPER,)),
    (1, "1/2", (TOMATO,)),
    (1, "1/2", (MUSHROOM, TOMATO)),
    (1, "1/2", (MUSHROOM,)),
    (1, "1/2", (BELL_PEPPER,)),
    (1, "1/2", (MUSHROOM, BELL_PEPPER)),
    (1, "1/2", (TOMATO,)),
    (1, "3/4", (MUSHROOM,)),
    (1, "3/4", (BELL_PEPPER, TOMATO)),
    (1, "3/4", (BELL_PEPPER,)),
    (1, "3/4", (TOMATO,)),
    (1, "3/4", (MUSHROOM, TOMATO)),
    (1, "1", (MUSHROOM,)),
    (1, "1", (BELL_PEPPER,)),
    (1, "1", (MUSHROOM, BELL_PEPPER)),
    (1, "1", (TOMATO,)),
    (1, "1", (MUSHROOM,)),
    # 2 dots
    (2, "2/4", (BELL_PEPPER, TOMATO)),
    (2, "2/4", (BELL_PEPPER,)),
    (2, "2/4", (TOMATO,)),
    (2, "2/4", (MUSHROOM, TOMATO)),
    (2, "2/8", (MUSHROOM,)),
    (2, "2/8", (BELL_PEPPER,)),
    (2, "2/8", (MUSHROOM, BELL_PEPPER)),
    (2, "2/8", (TOMATO,)),
    (2, "2/8", (MUSHROOM,)),
    (2, "4/8", (BELL_PEPPER, TOMATO)),
    (2, "4/8", (BELL_PEPPER,)),
    (2, "4/8", (TOMATO,)),
    (2, "4/8", (MUSHROOM, TOMATO)),
    (2, "4/8", (MUSHROOM,)),
    (2, "6/8", (BELL_PEPPER,)),
    (2, "6/8", (MUSHROOM, BELL_PEPPER)),
    (2, "6/8", (TOMATO,)),
    (2, "6/8", (MUSHROOM,)),
    (2, "6/8", (BELL_PEPPER, TOMATO)),
    (2, "8/8", (BELL_PEPPER,)),
    (2, "8/8", (TOMATO,)),
    (2, "8/8", (MUSHROOM, TOMATO)),
    (2, "8/8", (MUSHROOM,)),
    # 3 dots
    (3, "1/8", (BELL_PEPPER,)),
    (3, "1/8", (MUSHROOM, BELL_PEPPER)),
    (3, "1/8", (TOMATO,)),
    (3, "1/8", (MUSHROOM,)),
    (3, "1/8", (BELL_PEPPER, TOMATO)),
    (3, "1/8", (BELL_PEPPER,)),
    (3, "3/8", (TOMATO,)),
    (3, "3/8", (MUSHROOM, TOMATO)),
    (3, "3/8", (MUSHROOM,)),
    (3, "3/8", (BELL_PEPPER,)),
    (3, "3/8", (MUSHROOM, BELL_PEPPER)),
    (3, "3/8", (TOMATO,)),
    (3, "5/8", (MUSHROOM,)),
    (3, "5/8", (BELL_PEPPER, TOMATO)),
    (3, "5/8", (BELL_PEPPER,)),
    (3, "5/8", (TOMATO,)),
    (3, "5/8", (MUSHROOM, TOMATO)),
    (3, "5/8", (MUSHROOM,)),
    (3, "7/8", (BELL_PEPPER,)),
    (3, "7/8", (MUSHROOM, BELL_PEPPER)),
    (3, "7/8", (TOMATO,)),
    (3, "7/8", (MUSHROOM,)),
    (3, "7/8", (BELL_PEPPER, TOMATO)),
)

# (dots, printed amount, toppings) for each rectangular Order card.
ORDER_ROWS = (
    # 1 dot
    (1, "1/4", (MUSHROOM,)),
    (1, "1/4", (BELL_PEPPER,)),
    (1, "1/4", (TOMATO,)),
    (1, "1/4", (MUSHROOM,)),
    (1, "1/2", (BELL_PEPPER,)),
    (1, "1/2", (TOMATO,)),
    (1, "1/2", (MUSHROOM,)),
    (1, "1/2", (BELL_PEPPER,)),
    (1, "1/2", (TOMATO,)),
    (1, "3/4", (MUSHROOM,)),
    (1, "3/4", (BELL_PEPPER,)),
    (1, "3/4", (TOMATO,)),
    (1, "3/4", (MUSHROOM,)),
    # 2 dots
    (2, "2/4", (BELL_PEPPER,)),
    (2, "2/4", (TOMATO,)),
    (2, "2/4", (MUSHROOM,)),
    (2, "2/8", (BELL_PEPPER,)),
    (2, "2/8", (TOMATO,)),
    (2, "2/8", (MUSHROOM,)),
    (2, "4/8", (BELL_PEPPER,)),
    (2, "4/8", (TOMATO,)),
    (2, "4/8", (MUSHROOM,)),
    (2, "6/8", (BELL_PEPPER,)),
    (2, "6/8", (TOMATO,)),
    (2, "6/8", (MUSHROOM,)),
    (2, "6/8", (BELL_PEPPER,)),
    # 3 dots
    (3, "1/8", (TOMATO,)),
    (3, "1/8", (MUSHROOM,)),
    (3, "1/8", (BELL_PEPPER,)),
    (3, "1/8", (TOMATO,)),
    (3, "3/8", (MUSHROOM,)),
    (3, "3/8", (BELL_PEPPER,)),
    (3, "3/8", (MUSHROOM, TOMATO)),
    (3, "5/8", (TOMATO,)),
    (3, "5/8", (MUSHROOM,)),
    (3, "5/8", (MUSHROOM, BELL_PEPPER)),
    (3, "7/8", (BELL_PEPPER,)),
    (3, "7/8", (TOMATO,)),
    (3, "7/8", (BELL_PEPPER, TOMATO)),
)

# The purple special cards, shuffled into the Order deck when specials are used.
SPECIAL_ORDER_ROWS = (
    (MUSHROOM, BELL_PEPPER),
    (BELL_PEPPER, TOMATO),
    (MUSHROOM, TOMATO),
    (MUSHROOM, BELL_PEPPER),
    (BELL_PEPPER, TOMATO),
)
CANCELLED_ORDER_COUNT = 5


def total(cards: Iterable[Card]) -> Fraction:
    """The exact amount of pizza on ``cards`` (summed in a common slice size: fast and exact)."""
    cards = list(cards)
    unit = math.lcm(1, *(card.of for card in cards))
    return Fraction(sum(card.slices * (unit // card.of) for card in cards), unit)


def parse_amount(text: str) -> tuple[int, int]:
    """``"3/8"`` -> ``(3, 8)``; ``"1"`` -> ``(1, 1)`` (kept as printed, not reduced)."""
    top, _, bottom = text.partition("/")
    return int(top), int(bottom or 1)


def _build() -> tuple[Card, ...]:
    cards: list[Card] = []
    for kind, rows in ((PIZZA, PIZZA_ROWS), (ORDER, ORDER_ROWS)):
        for dots, printed, toppings in rows:
            slices, of = parse_amount(printed)
            cards.append(Card(len(cards), kind, slices, of, tuple(toppings), dots))
    for toppings in SPECIAL_ORDER_ROWS:
        cards.append(Card(len(cards), SPECIAL_ORDER, 0, 1, toppings, 0))
    for _ in range(CANCELLED_ORDER_COUNT):
        cards.append(Card(len(cards), CANCELLED_ORDER, 0, 1, (), 0))
    return tuple(cards)


#: Every card, indexed by id.
CARDS: tuple[Card, ...] = _build()


def pizza_ids(dots: tuple[int, ...]) -> tuple[int, ...]:
    """The Pizza cards of the chosen dot levels, in deck order."""
    return tuple(card.id for card in CARDS if card.kind == PIZZA and card.dots in dots)


def order_deck_ids(dots: tuple[int, ...], specials: bool) -> tuple[int, ...]:
    """The Order deck: Order cards of the chosen dot levels, plus the specials if used."""
    return tuple(
        card.id
        for card in CARDS
        if (card.kind == ORDER and card.dots in dots) or (specials and card.is_special)
    )
