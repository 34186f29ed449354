""""Show me a hint": one trick a seat can take, explained for a child.

Used by the bots, by the phone's hint button and by the classroom teacher.
The search is :func:`tricks.find_tricks`, which is exhaustive (up to
interchangeable cards), so a hint exists whenever a trick does.  The hint is
built from the seat's hand and the open cards: on the seat's own turn, once
the reaction window has closed, it is a legal ``TakeTrick``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

import attrs

from games.splittissimo.cards import CARDS, Card, total
from games.splittissimo.commands import TakeTrick
from games.splittissimo.engine import _tricks
from games.splittissimo.state import State
from games.splittissimo.tricks import EASY, sum_text


@attrs.frozen
class Hint:
    """A trick to take and the words that explain it."""

    command: TakeTrick
    text: str


def trick_value(command: TakeTrick) -> tuple[Fraction, int]:
    """How good a trick is: the pizza it wins, then how many hand cards it uses up."""
    return total(CARDS[i] for i in command.table), len(command.hand)


def best_trick(state: State, seat: int) -> TakeTrick | None:
    """The largest trick ``seat`` can take with its hand and the open cards, if any."""
    found = _tricks(state, seat) if state.hands else []
    return max(found, key=trick_value, default=None)


def hint(state: State, seat: int) -> Hint | None:
    """One trick for ``seat`` (the largest) and its explanation, or None when there is none."""
    command = best_trick(state, seat)
    if command is None:
        return None
    return Hint(command, explain(state.level, [CARDS[i] for i in command.hand], [CARDS[i] for i in command.table]))


def _listing(cards: Sequence[Card]) -> str:
    texts = [card.text for card in cards]
    return texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + " and " + texts[-1]


def _toppings(names: Sequence[str]) -> str:
    words = [name.replace("_", " ") for name in names]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def explain(level: str, hand: Sequence[Card], table: Sequence[Card]) -> str:
    """Words and a sum a child can follow, e.g.
    ``"Your 3/8 and 1/8 together make the 1/2 on the table: 3/8 + 1/8 = 4/8 = 1/2."``"""
    total = sum_text(hand, table)
    if level == EASY:
        verb = "together make" if len(hand) > 1 else "matches"
        return f"Your {_listing(hand)} {verb} the {_listing(table)} on the table: {total}."
    wanted = sorted({topping for card in hand for topping in card.toppings})
    orders = f"Your order{'s' if len(hand) > 1 else ''} for {_listing(hand)}"
    pizzas = f"the pizza{'s' if len(table) > 1 else ''} {_listing(table)}"
    topping_words = ""
    if wanted:
        who = "it has" if len(table) == 1 else ("both have" if len(table) == 2 else "they all have")
        topping_words = f", and {who} {_toppings(wanted)}"
    return f"{orders} match{'es' if len(hand) == 1 else ''} {pizzas}{topping_words}: {total}."
