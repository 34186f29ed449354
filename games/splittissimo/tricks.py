"""What makes a trick, on plain cards (RULES-NOTES 3.2-3.4).

These functions know nothing of turns or seats, so the engine, the hints and
the conformance answers all share one definition.  Amounts are compared as
whole numbers of a common slice size (the least common denominator of the
cards involved), which is exact, and much faster than summing Fractions in
the searches.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from fractions import Fraction

from games.splittissimo.cards import ORDER, PIZZA, Card, total
from games.splittissimo.codes import SplittissimoCode

EASY = "easy"
STANDARD = "standard"
ADVANCED = "advanced"
LEVELS: tuple[str, ...] = (EASY, STANDARD, ADVANCED)

#: A trick as positions: (indices into the hand, indices into the open cards).
Play = tuple[tuple[int, ...], tuple[int, ...]]


def shape_ok(level: str, hand_count: int, table_count: int) -> bool:
    """How many cards each side may hold.

    Easy (3.2): exactly one side is a single card, the other two or more.
    Standard (3.3): one Order with one or more Pizzas, or several Orders with one Pizza.
    Advanced (3.4): also several Orders with two or three Pizzas.
    """
    if hand_count < 1 or table_count < 1:
        return False
    if level == EASY:
        return (hand_count == 1) != (table_count == 1)
    if hand_count == 1 or table_count == 1:
        return True
    return level == ADVANCED and table_count <= 3


def trick_fault(level: str, hand: Sequence[Card], table: Sequence[Card]) -> SplittissimoCode | None:
    """``None`` when ``hand`` against ``table`` is a trick, else the reason it is not."""
    hand_kind = PIZZA if level == EASY else ORDER
    if any(card.kind != hand_kind for card in hand) or any(card.kind != PIZZA for card in table):
        return SplittissimoCode.WRONG_CARD_KIND
    if not shape_ok(level, len(hand), len(table)):
        return SplittissimoCode.TRICK_SHAPE
    if total(hand) != total(table):
        return SplittissimoCode.AMOUNTS_DIFFER
    if level != EASY:
        # RULES-NOTES 3.3/3.4: every Pizza used carries every topping of every Order it serves.
        wanted = {topping for card in hand for topping in card.toppings}
        if any(not wanted <= set(card.toppings) for card in table):
            return SplittissimoCode.TOPPING_MISSING
    return None


def special_order_takes(toppings: Sequence[str], table: Sequence[Card]) -> tuple[int, ...]:
    """Positions of the open Pizza cards a Special Order takes (RULES-NOTES 3.3).

    Empty means the Special Order cannot be played now.
    """
    wanted = set(toppings)
    return tuple(i for i, card in enumerate(table) if card.kind == PIZZA and wanted <= set(card.toppings))


# --- searching for tricks -----------------------------------------------------


def _unit(cards: Sequence[Card]) -> int:
    """The least common denominator: every amount becomes a whole number of these slices."""
    return math.lcm(1, *(card.of for card in cards))


def _groups(cards: Sequence[tuple[int, Card]], unit: int, with_toppings: bool) -> list[tuple[int, list[int]]]:
    """Interchangeable cards together, largest amount first: [(slices, [positions])].

    Two cards are interchangeable for a trick when they are printed alike (and,
    where toppings count, carry the same toppings); the search then tries how
    many of a group to use rather than every choice of which ones.
    """
    by_sig: dict[tuple[object, ...], list[int]] = {}
    slices_of: dict[tuple[object, ...], int] = {}
    for position, card in cards:
        sig = (card.slices, card.of, tuple(sorted(card.toppings)) if with_toppings else ())
        by_sig.setdefault(sig, []).append(position)
        slices_of[sig] = card.slices * (unit // card.of)
    return sorted(((slices_of[sig], members) for sig, members in by_sig.items()), key=lambda g: -g[0])


def _multisets(groups: list[tuple[int, list[int]]], target: int, least: int) -> Iterator[tuple[int, ...]]:
    """Every choice (up to interchangeable cards) of at least ``least`` cards summing to ``target``."""
    suffix = [0] * (len(groups) + 1)
    for i in range(len(groups) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + groups[i][0] * len(groups[i][1])
    chosen: list[int] = []

    def walk(i: int, remaining: int) -> Iterator[tuple[int, ...]]:
        if remaining == 0 and len(chosen) >= least:
            yield tuple(sorted(chosen))
            return
        if i == len(groups) or suffix[i] < remaining or remaining <= 0:
            return
        size, members = groups[i]
        most = len(members) if size == 0 else min(len(members), remaining // size)
        for count in range(most, -1, -1):
            chosen.extend(members[:count])
            yield from walk(i + 1, remaining - size * count)
            del chosen[len(chosen) - count :]

    yield from walk(0, target)


def _subsets(n: int) -> Iterator[tuple[int, ...]]:
    for mask in range(1, 1 << n):
        yield tuple(i for i in range(n) if mask >> i & 1)


def find_tricks(level: str, hand: Sequence[Card], table: Sequence[Card]) -> list[Play]:
    """Every trick available, up to swapping interchangeable hand cards.

    Exhaustive: if any trick exists, one with the same cards up to
    interchangeable hand cards is listed.  The open side is small (at most
    four table cards in Easy, three pile tops otherwise), so it is searched
    subset by subset; the hand side, which can grow, is searched by amount.
    """
    hand_kind = PIZZA if level == EASY else ORDER
    hand_cards = [(i, card) for i, card in enumerate(hand) if card.kind == hand_kind]
    open_cards = [(i, card) for i, card in enumerate(table) if card.kind == PIZZA]
    if not hand_cards or not open_cards:
        return []
    unit = _unit([card for _, card in hand_cards] + [card for _, card in open_cards])
    found: list[Play] = []
    groups_by_toppings: dict[frozenset[str], list[tuple[int, list[int]]]] = {}
    for subset in _subsets(len(open_cards)):
        picked = [open_cards[k] for k in subset]
        if not shape_ok(level, 1, len(picked)) and not shape_ok(level, 2, len(picked)):
            continue
        positions = tuple(position for position, _ in picked)
        target = sum(card.slices * (unit // card.of) for _, card in picked)
        common = frozenset.intersection(*(frozenset(card.toppings) for _, card in picked))
        if level == EASY:
            common = frozenset()  # toppings do not count: one grouping serves every subset
        groups = groups_by_toppings.get(common)
        if groups is None:
            usable = hand_cards if level == EASY else [(i, c) for i, c in hand_cards if set(c.toppings) <= common]
            groups = groups_by_toppings[common] = _groups(usable, unit, with_toppings=level != EASY)
        if shape_ok(level, 1, len(picked)):
            found.extend(((members[0],), positions) for size, members in groups if size == target)
        if shape_ok(level, 2, len(picked)):
            found.extend((chosen, positions) for chosen in _multisets(groups, target, 2))
    return found


# --- the sum a child can read --------------------------------------------------


def _fraction_text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def _chain(cards: Sequence[Card]) -> list[str]:
    """``1/4 + 2/8`` -> ["1/4 + 2/8", "2/8 + 2/8", "4/8"]: the sum worked out step by step."""
    steps = [" + ".join(card.text for card in cards)]
    if len(cards) > 1:
        unit = _unit(cards)
        scaled = [card.slices * (unit // card.of) for card in cards]
        if unit == 1:
            steps.append(str(sum(scaled)))
        else:
            steps.append(" + ".join(f"{n}/{unit}" for n in scaled))
            steps.append(f"{sum(scaled)}/{unit}")
    return steps


def _joined(steps: list[str]) -> str:
    """The steps joined by " = ", each amount written once (issue 25: "1/2 = 2/4", never "1/2 = 2/4 = 1/2")."""
    out: list[str] = []
    for step in steps:
        if step not in out:
            out.append(step)
    return " = ".join(out)


def sum_text(hand: Sequence[Card], table: Sequence[Card]) -> str:
    """The trick's sum as a child would write it: ``"3/8 + 1/8 = 4/8"`` against a 4/8 pizza.

    The several cards are added, in a common slice size where they differ,
    and the chain ends on the single card of the other side; a whole pizza
    written as a fraction ends on ``1`` ("4/8 + 4/8 = 8/8 = 1").  No amount is
    written twice, except the two cards of a trick printed alike: ``"6/8 = 6/8"``
    (one card on each side, hand first: ``"3/4 = 6/8"``).
    """
    if len(hand) == 1 and len(table) == 1:
        one, other = hand[0], table[0]
        steps = [one.text, other.text]
        if one.text == other.text:
            return f"{one.text} = {other.text}"
    elif len(hand) == 1 or len(table) == 1:
        many, single = (table, hand[0]) if len(hand) == 1 else (hand, table[0])
        steps = _chain(many) + [single.text]
    else:
        steps = _chain(hand) + _chain(table)[::-1]
    amount = total(hand)
    if amount.denominator == 1 and amount == total(table):
        steps.append(_fraction_text(amount))
    return _joined(steps)
