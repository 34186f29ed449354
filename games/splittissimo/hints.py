""""Show me a hint": what a seat can do now, explained for a child.

Used by the phone's hint button, by the bots (``trick_value``) and by the
classroom.  A hint is always one of the seat's legal commands at that moment
(issue 15: never a trick the seat cannot take), chosen in this order:

- on the seat's own turn: the largest trick (the search in
  :func:`tricks.find_tricks` is exhaustive, so a hint exists whenever a trick
  does), or a Special Order when it wins more pizza, else ``EndTurn`` after a
  trick or ``Pass`` when no trick is possible;
- during someone else's turn: the interrupt the seat may play (an Advanced
  Special Order, or a Cancelled Order while the reaction window is open);
- otherwise ``None``: nothing to do until the seat's turn (the phone says so).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import attrs

from games.splittissimo.cards import CARDS, Card, total
from games.splittissimo.messages import EndTurn, Pass, PlayCancelledOrder, PlaySpecialOrder, TakeTrick
from games.splittissimo.rules import legal_commands
from games.splittissimo.state import FULL_HAND, State, open_cards
from games.splittissimo.tricks import EASY, special_order_takes, sum_text

HintCommand = TakeTrick | PlaySpecialOrder | PlayCancelledOrder | EndTurn | Pass


@attrs.frozen
class CardFace:
    """A card as printed, for a hint's words: ``amount`` exactly as on the card ("8/8", never "1") and its toppings."""

    amount: str
    toppings: tuple[str, ...] = ()


def faces(cards: Sequence[Card]) -> tuple[CardFace, ...]:
    return tuple(CardFace(card.text, tuple(card.toppings)) for card in cards)


@attrs.frozen
class Hint:
    """A command the seat may send now, and the words that explain it.

    ``text`` is the English sentence (for logs, bots' traces and debugging);
    the phone writes its own sentence, in its own language, from the
    structured fields: ``kind`` says which sentence (``trick_easy``,
    ``trick``, ``special``, ``cancel``, ``end_turn``, ``pass``), ``hand`` and
    ``table`` are the amounts named on each side, ``toppings`` the topping ids
    that matter, ``sum`` the trick's sum in figures (no words), ``draws``
    whether a Cancelled Order also draws a card, ``cards`` the hand size to
    draw back up to.  ``hand_cards`` and ``table_cards`` name the same cards
    as printed with their toppings ("3/4 mushroom"), so no sentence ever
    names a card by an amount it does not show (issue 25: "the pizza 1" for an 8/8).
    """

    command: HintCommand
    text: str
    kind: str = ""
    hand: tuple[str, ...] = ()
    table: tuple[str, ...] = ()
    toppings: tuple[str, ...] = ()
    sum: str = ""
    draws: bool = False
    cards: int = 0
    hand_cards: tuple[CardFace, ...] = ()
    table_cards: tuple[CardFace, ...] = ()


def trick_value(command: TakeTrick) -> tuple[Fraction, int]:
    """How good a trick is: the pizza it wins, then how many hand cards it uses up."""
    return total(CARDS[i] for i in command.table), len(command.hand)


def special_order_takes_now(state: State, command: PlaySpecialOrder) -> list[Card]:
    """The open Pizza cards ``command`` would take in ``state``."""
    tops = [CARDS[i] for i in open_cards(state)]
    return [tops[i] for i in special_order_takes(CARDS[command.card].toppings, tops)]


def hint(state: State, seat: int) -> Hint | None:
    """The best legal command for ``seat`` now with its explanation, or None when it has none."""
    legal = legal_commands(state, seat)
    tricks = [c for c in legal if isinstance(c, TakeTrick)]
    specials = [c for c in legal if isinstance(c, PlaySpecialOrder)]
    best = max(tricks, key=trick_value, default=None)
    special = max(specials, key=lambda c: total(special_order_takes_now(state, c)), default=None)
    if special is not None and (best is None or total(special_order_takes_now(state, special)) > trick_value(best)[0]):
        taken = special_order_takes_now(state, special)
        return Hint(
            special,
            _explain_special(state, special),
            kind="special",
            table=tuple(card.text for card in taken),
            toppings=tuple(CARDS[special.card].toppings),
            sum=_special_sum(taken),
            hand_cards=faces([CARDS[special.card]]),
            table_cards=faces(taken),
        )
    if best is not None:
        hand = [CARDS[i] for i in best.hand]
        table = [CARDS[i] for i in best.table]
        wanted = () if state.level == EASY else tuple(sorted({t for card in hand for t in card.toppings}))
        return Hint(
            best,
            explain(state.level, hand, table),
            kind="trick_easy" if state.level == EASY else "trick",
            hand=tuple(card.text for card in hand),
            table=tuple(card.text for card in table),
            toppings=wanted,
            sum=sum_text(hand, table),
            hand_cards=faces(hand),
            table_cards=faces(table),
        )
    for command in legal:
        if isinstance(command, PlayCancelledOrder):
            draws = len(state.hands[seat]) < FULL_HAND
            return Hint(
                command,
                "You may play your Cancelled Order now: the turn about to begin is skipped"
                f"{', and you draw a card' if draws else ''}.",
                kind="cancel",
                draws=draws,
            )
        if isinstance(command, EndTurn):
            return Hint(
                command,
                f"No more tricks: end your turn and draw back up to {FULL_HAND} cards.",
                kind="end_turn",
                cards=FULL_HAND,
            )
        if isinstance(command, Pass):
            return Hint(command, "No trick is possible with your cards: draw one card and pass.", kind="pass")
    return None


def _special_sum(taken: Sequence[Card]) -> str:
    """``"1/4 + 1/2 = 3/4"``: the pizzas a Special Order takes, added (empty for one pizza)."""
    if len(taken) < 2:
        return ""
    return " + ".join(card.text for card in taken) + f" = {_fraction(total(taken))}"


def _explain_special(state: State, command: PlaySpecialOrder) -> str:
    taken = special_order_takes_now(state, command)
    toppings = _toppings(CARDS[command.card].toppings)
    words = f"Your Special Order takes every open pizza with {toppings}: {_listing(taken)}"
    return f"{words}, {_special_sum(taken)}." if len(taken) > 1 else f"{words}."


def _fraction(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


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
