"""The Guest Check: end-of-game scoring as one pure function (RULES-NOTES 2.3).

Scoring takes each player's holdings (collected and eaten slices and owned
Specials) and nothing else, so the engine, the bots (to weigh a choice) and the
conformance vectors all use the very same arithmetic.  A collected Supreme is
passed with its attached type in ``types`` (empty when it never attached), so
nothing here needs to know how attachment happened.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import attrs

from games.new_york_slice.components import ANCHOVY, COMBO, PLAIN, Slice


@attrs.frozen
class Holdings:
    """What one player ends the game with (after Seconds)."""

    collected: tuple[Slice, ...]
    eaten: tuple[Slice, ...]
    specials: tuple[str, ...]


@attrs.frozen
class ScoreItem:
    """One entry on a Special* line: which Special, how many points."""

    source: str
    points: int


@attrs.frozen
class GuestRow:
    """One player's column of the Guest Check."""

    seat: int
    majority_types: tuple[int, ...]
    majorities: int
    special_items: tuple[ScoreItem, ...]
    specials: int
    pepperoni: int
    total: int
    eaten: int


@attrs.frozen
class GuestCheck:
    rows: tuple[GuestRow, ...]
    winners: tuple[int, ...]


def type_counts(holdings: Holdings) -> dict[int, Fraction]:
    """How many slices of each type a player collected (RULES-NOTES 2.3).

    A combo is half a slice of each of its types, or two of each for the owner
    of Supersize Combos; a plain slice, or an attached Supreme, is one.
    """
    combo_weight = Fraction(2) if "supersize_combos" in holdings.specials else Fraction(1, 2)
    counts: dict[int, Fraction] = {}
    for piece in holdings.collected:
        weight = combo_weight if piece.kind == COMBO else Fraction(1)
        for t in piece.types:
            counts[t] = counts.get(t, Fraction(0)) + weight
    return counts


def majority_winners(players: Sequence[Holdings]) -> dict[int, int]:
    """Type -> the seat that scores it; types nobody scores are absent.

    Strictly more than everyone else wins; a tie for the most scores nobody
    unless exactly one tied player owns Tiebreaker.  A type everyone has zero
    of is not a tie and scores for nobody.
    """
    counts = [type_counts(p) for p in players]
    types = sorted({t for c in counts for t in c})
    out: dict[int, int] = {}
    for t in types:
        best = max(c.get(t, Fraction(0)) for c in counts)
        if best <= 0:
            continue
        leaders = [seat for seat, c in enumerate(counts) if c.get(t, Fraction(0)) == best]
        if len(leaders) == 1:
            out[t] = leaders[0]
            continue
        breakers = [seat for seat in leaders if "tiebreaker" in players[seat].specials]
        if len(breakers) == 1:
            out[t] = breakers[0]
    return out


def distinct_types(holdings: Holdings) -> int:
    """Buffet's count: types collected, combo halves included, Anchovy its own type."""
    kinds: set[object] = set()
    for piece in holdings.collected:
        kinds.update(piece.types)
        if piece.kind == ANCHOVY:
            kinds.add(ANCHOVY)
    return len(kinds)


def special_items(players: Sequence[Holdings], seat: int) -> tuple[ScoreItem, ...]:
    """The Special* line of one player, item by item (RULES-NOTES 2.3)."""
    me = players[seat]
    owned = set(me.specials)
    items: list[ScoreItem] = []
    if "buffet" in owned:
        items.append(ScoreItem("buffet", distinct_types(me)))
    if "combo_craving" in owned:
        items.append(ScoreItem("combo_craving", 3 * sum(1 for s in me.eaten if s.kind == COMBO)))
    if "day_old_pizza" in owned:
        items.append(ScoreItem("day_old_pizza", -2))
    if "stuffed_crust" in owned:
        items.append(ScoreItem("stuffed_crust", 5))
    if "you_love_veggies" in owned:
        veggies = sum(1 for s in me.eaten if s.kind == PLAIN and s.types == (3,))
        items.append(ScoreItem("you_love_veggies", 3 * veggies))
    # The Everyone-Else Diet's losses go on each losing player's own line.
    dieters = sum(1 for other, p in enumerate(players) if other != seat and "everyone_else_diet" in p.specials)
    if dieters:
        items.append(ScoreItem("everyone_else_diet", -(len(me.eaten) // 2) * dieters))
    return tuple(items)


def pepperoni_line(holdings: Holdings) -> int:
    """Pepperoni eaten minus anchovies collected (plus them with You Like Anchovies!)."""
    eaten = sum(s.pepperoni for s in holdings.eaten)
    fish = sum(s.anchovies for s in holdings.collected)
    return eaten + fish if "you_like_anchovies" in holdings.specials else eaten - fish


def guest_check(players: Sequence[Holdings]) -> GuestCheck:
    """Score every player; the winners are the best totals, then most eaten slices."""
    majors = majority_winners(players)
    rows = []
    for seat, me in enumerate(players):
        mine = tuple(t for t, owner in sorted(majors.items()) if owner == seat)
        items = special_items(players, seat)
        specials = sum(item.points for item in items)
        pep = pepperoni_line(me)
        majority = sum(mine)
        rows.append(GuestRow(seat, mine, majority, items, specials, pep, majority + specials + pep, len(me.eaten)))
    if not rows:
        return GuestCheck((), ())
    best = max((row.total, row.eaten) for row in rows)
    winners = tuple(row.seat for row in rows if (row.total, row.eaten) == best)
    return GuestCheck(tuple(rows), winners)
