"""What makes a trick, on plain cards (RULES-NOTES 3.2-3.4).

These functions know nothing of turns or seats, so the engine, the hints and
the conformance answers all share one definition.  Amounts are compared as
whole numbers of a common slice size (the least common denominator of the
cards involved), which is exact, and much faster than summing Fractions in
the searches.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
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


def _groups(cards: Sequence[tuple[int, tuple[object, ...], int]]) -> list[tuple[int, list[int]]]:
    """Interchangeable cards together, largest amount first: [(slices, [positions])].

    ``cards`` are (position, signature, slices in the common size).  Two cards
    are interchangeable for a trick when they are printed alike (and, where
    toppings count, carry the same toppings): their signatures are equal.  The
    search then tries how many of a group to use rather than every choice of
    which ones.
    """
    by_sig: dict[tuple[object, ...], list[int]] = {}
    slices_of: dict[tuple[object, ...], int] = {}
    for position, sig, slices in cards:
        members = by_sig.get(sig)
        if members is None:
            by_sig[sig] = [position]
            slices_of[sig] = slices
        else:
            members.append(position)
    return sorted(((slices_of[sig], members) for sig, members in by_sig.items()), key=lambda g: -g[0])


def _reachable(groups: list[tuple[int, list[int]]]) -> list[frozenset[int]]:
    """For each ``i``: every amount some choice of the groups from ``i`` on adds up to (0 included).

    The walk of :func:`_multisets` goes down a branch only when what is left
    to make is among these; most searches find no trick at all, and then the
    walk ends at once instead of trying every count of every group.
    """
    reach = [frozenset((0,))]
    for size, members in reversed(groups):
        after = reach[-1]
        reach.append(frozenset(amount + size * count for amount in after for count in range(len(members) + 1)))
    reach.reverse()
    return reach


def _multisets(
    groups: list[tuple[int, list[int]]], reach: list[frozenset[int]], target: int, least: int, out: list[tuple[int, ...]]
) -> None:
    """Every choice (up to interchangeable cards) of at least ``least`` cards summing to ``target``, added to ``out``.

    A depth-first walk over the groups, each group's count tried from the
    most down to none, into the branches where the rest can still be made
    (``reach``, :func:`_reachable`).  It appends as it goes rather than
    yielding: the search runs for every seat on every change (legal commands,
    hints), where a chain of nested generators cost more than the search.
    """
    count_groups = len(groups)
    chosen: list[int] = []

    def walk(i: int, remaining: int) -> None:
        if remaining == 0 and len(chosen) >= least:
            out.append(tuple(sorted(chosen)))
            return
        if i == count_groups or remaining <= 0 or remaining not in reach[i]:
            return
        size, members = groups[i]
        most = len(members) if size == 0 else min(len(members), remaining // size)
        for count in range(most, -1, -1):
            chosen.extend(members[:count])
            walk(i + 1, remaining - size * count)
            del chosen[len(chosen) - count :]

    walk(0, target)


@functools.cache
def _subsets(n: int) -> tuple[tuple[int, ...], ...]:
    """Every non-empty subset of ``range(n)``, as ascending positions, in the order of their bit masks."""
    return tuple(tuple(i for i in range(n) if mask >> i & 1) for mask in range(1, 1 << n))


@functools.cache
def _shapes(level: str, count: int) -> tuple[bool, bool]:
    """Whether ``count`` open cards may go with one hand card, and with several (:func:`shape_ok`)."""
    return shape_ok(level, 1, count), shape_ok(level, 2, count)


def find_tricks(level: str, hand: Sequence[Card], table: Sequence[Card]) -> list[Play]:
    """Every trick available, up to swapping interchangeable hand cards.

    Exhaustive: if any trick exists, one with the same cards up to
    interchangeable hand cards is listed.  The open side is small (at most
    four table cards in Easy, three pile tops otherwise), so it is searched
    subset by subset; the hand side, which can grow, is searched by amount.
    """
    easy = level == EASY
    hand_kind = PIZZA if easy else ORDER
    hand_cards = [(i, card) for i, card in enumerate(hand) if card.kind == hand_kind]
    open_cards = [(i, card) for i, card in enumerate(table) if card.kind == PIZZA]
    if not hand_cards or not open_cards:
        return []
    unit = _unit([card for _, card in hand_cards] + [card for _, card in open_cards])
    # each card once: its position, its amount in slices of the common size, its toppings
    opened = [(i, card.slices * (unit // card.of), frozenset(card.toppings)) for i, card in open_cards]
    held = [
        (i, card.slices * (unit // card.of), card.toppings, (card.slices, card.of, () if easy else tuple(sorted(card.toppings))))
        for i, card in hand_cards
    ]
    found: list[Play] = []
    several: list[tuple[int, ...]] = []
    # per set of toppings every picked pizza carries: the hand's groups, and the amounts they can make
    groups_by_toppings: dict[frozenset[str], tuple[list[tuple[int, list[int]]], list[frozenset[int]]]] = {}
    no_toppings: frozenset[str] = frozenset()
    for subset in _subsets(len(opened)):
        with_one, with_several = _shapes(level, len(subset))
        if not with_one and not with_several:
            continue
        picked = [opened[k] for k in subset]
        positions = tuple(position for position, _, _ in picked)
        target = sum(slices for _, slices, _ in picked)
        if easy:
            common = no_toppings  # toppings do not count: one grouping serves every subset
        elif len(picked) == 1:
            common = picked[0][2]
        else:
            common = picked[0][2].intersection(*(toppings for _, _, toppings in picked[1:]))
        entry = groups_by_toppings.get(common)
        if entry is None:
            usable = [(i, sig, slices) for i, slices, toppings, sig in held if easy or common.issuperset(toppings)]
            groups = _groups(usable)
            entry = groups_by_toppings[common] = (groups, _reachable(groups))
        groups, reach = entry
        if with_one:
            found.extend(((members[0],), positions) for size, members in groups if size == target)
        if with_several:
            _multisets(groups, reach, target, 2, several)
            if several:
                found.extend((chosen, positions) for chosen in several)
                several.clear()
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
