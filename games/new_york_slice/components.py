"""Every New York Slice component as plain Python data (RULES-NOTES 2.1).

The rulebook's figures and component list are missing, so the pepperoni and
anchovy counts are the project's house data; they live here, and only here,
so that a physical count can replace them by editing one table.  Games may not
read files (DESIGN.md section 2), which is why this is a module of literals
rather than a JSON file.
"""

from __future__ import annotations

import attrs

#: Slice kinds.  A "plain" slice has one type; a combo has two halves.
PLAIN = "plain"
COMBO = "combo"
ANCHOVY = "anchovy"
SUPREME = "supreme"

#: Pizza types 3..11: the number is both how many exist and what a majority scores.
TYPES: tuple[int, ...] = tuple(range(3, 12))

#: RULES-NOTES 2.1 (names for 4, 5, 6, 7 and 9 are house names).
TYPE_NAMES: dict[int, str] = {
    3: "Veggie",
    4: "Margherita",
    5: "Hawaiian",
    6: "BBQ Chicken",
    7: "Sausage",
    8: "Mushroom",
    9: "Pepperoni",
    10: "Meat Lovers",
    11: "Cheese",
}

#: RULES-NOTES 2.1 [house]: (pepperoni, anchovies) of every slice, type by type.
#: Each type has exactly as many entries as its number.
TOPPINGS: dict[int, tuple[tuple[int, int], ...]] = {
    3: ((0, 0),) * 3,
    4: ((1, 0),) * 3 + ((2, 1),),
    5: ((1, 0),) * 4 + ((2, 1),),
    6: ((1, 0),) * 3 + ((2, 0),) * 2 + ((2, 1),),
    7: ((2, 0),) * 4 + ((1, 0),) * 2 + ((3, 1),),
    8: ((2, 0),) * 5 + ((1, 0),) * 2 + ((3, 1),),
    9: ((2, 0),) * 6 + ((1, 0),) * 2 + ((3, 1),),
    10: ((2, 0),) * 6 + ((3, 0),) * 2 + ((3, 1),) * 2,
    11: ((3, 0),) * 4 + ((2, 0),) * 5 + ((3, 1),) * 2,
}

#: The four combo slices (8/10 is sourced, the others house), no toppings.
COMBOS: tuple[tuple[int, int], ...] = ((8, 10), (4, 5), (6, 7), (9, 11))

#: The Anchovy slice: no type, three anchovies, never edible.
ANCHOVY_FISH = 3
#: The Supreme slice: two pepperoni, takes a type when collected (RULES-NOTES 2.3).
SUPREME_PEPPERONI = 2


@attrs.frozen
class Slice:
    """One slice as every viewer draws it once it is face up.

    ``types`` holds one type for a plain slice, two for a combo and none for
    the Anchovy and Supreme slices (the Supreme's type is its owner's
    attachment, kept beside the owner's tableau, not on the slice).
    """

    id: int
    kind: str
    types: tuple[int, ...]
    pepperoni: int
    anchovies: int
    name: str


def _build_slices() -> tuple[Slice, ...]:
    out: list[Slice] = []
    for t in TYPES:
        for pep, fish in TOPPINGS[t]:
            out.append(Slice(len(out), PLAIN, (t,), pep, fish, TYPE_NAMES[t]))
    for a, b in COMBOS:
        out.append(Slice(len(out), COMBO, (a, b), 0, 0, f"{TYPE_NAMES[a]} / {TYPE_NAMES[b]}"))
    out.append(Slice(len(out), ANCHOVY, (), 0, ANCHOVY_FISH, "Anchovy"))
    out.append(Slice(len(out), SUPREME, (), SUPREME_PEPPERONI, 0, "Supreme"))
    return tuple(out)


#: All 69 slices, indexed by id.
SLICES: tuple[Slice, ...] = _build_slices()
SUPREME_ID: int = next(s.id for s in SLICES if s.kind == SUPREME)
ANCHOVY_ID: int = next(s.id for s in SLICES if s.kind == ANCHOVY)


# --- Today's Specials --------------------------------------------------------

#: When a Special does its work, for the screen's help text.
SCORED = "scored"  # blue, marked *: counted on the Guest Check's Special* line
RULE = "rule"  # changes how scoring counts (majorities or the pepperoni line)
ON_RECEIPT = "on_receipt"  # acts at once when its portion is taken
LATER_ROUND = "later_round"  # a once-only power for a future round
BEFORE_SCORING = "before_scoring"


@attrs.frozen
class Special:
    """One Today's Special chalkboard.

    ``redraw_last_round`` / ``redraw_two_players`` say when the rulebook has it
    replaced from the reserve on being revealed, because it could not be used.
    """

    id: str
    name: str
    blue: bool
    timing: str
    summary: str
    redraw_last_round: bool = False
    redraw_two_players: bool = False


#: The 14 Specials (rulebook "Today's Specials"); summaries are our own words.
SPECIALS: tuple[Special, ...] = (
    Special("buffet", "Buffet", True, SCORED, "+1 for every different type you collected"),
    Special("combo_craving", "Combo Craving", True, SCORED,
            "+3 per eaten combo; you may eat combos you hold now or gain later"),
    Special("cut_in_line", "Cut in Line", False, LATER_ROUND,
            "once, in a later round you do not slice: choose your portion first",
            redraw_last_round=True, redraw_two_players=True),
    Special("day_old_pizza", "Day-Old Pizza", True, SCORED, "-2"),
    Special("dibs", "Dibs!", False, LATER_ROUND,
            "once, in a later round before the slicing: take one slice from the pizza",
            redraw_two_players=True),
    Special("everyone_else_diet", "The Everyone-Else Diet", True, SCORED,
            "every other player loses 1 per two slices they ate"),
    Special("mystery_slice", "Mystery Slice", False, ON_RECEIPT,
            "take one unseen leftover slice, then eat or collect it"),
    Special("seconds", "Seconds", False, BEFORE_SCORING,
            "just before scoring, eat any of your collected slices of one type"),
    Special("sneak_a_slice", "Sneak-a-Slice", False, LATER_ROUND,
            "once, in a later round you do not slice: move one slice to the next portion before you choose",
            redraw_last_round=True),
    Special("stuffed_crust", "Stuffed Crust", True, SCORED, "+5"),
    Special("supersize_combos", "Supersize Combos", False, RULE,
            "each collected combo counts two slices of both its types"),
    Special("tiebreaker", "Tiebreaker", False, RULE, "you win every tie for a majority you are part of"),
    Special("you_like_anchovies", "You Like Anchovies!", False, RULE,
            "collected anchovies score +1 each instead of -1"),
    Special("you_love_veggies", "You Love Veggies", True, SCORED,
            "+3 per eaten Veggie; you may eat Veggies you hold now",
            redraw_two_players=True),
)
SPECIAL_BY_ID: dict[str, Special] = {s.id: s for s in SPECIALS}
SPECIAL_IDS: tuple[str, ...] = tuple(s.id for s in SPECIALS)


# --- setup by player count ---------------------------------------------------

STACK_SIZE = 11
LEFTOVERS = 3


@attrs.frozen
class TableSetup:
    """Which slices a player count leaves in the box, and how many stacks remain."""

    removed_types: tuple[int, ...]
    removed_combos: tuple[tuple[int, int], ...]
    stacks: int


#: RULES-NOTES 2.1: 2 players 47 slices / 4 stacks, 5 players 58 / 5, else 69 / 6.
SETUPS: dict[int, TableSetup] = {
    2: TableSetup((3, 8, 10), ((8, 10),), 4),
    3: TableSetup((), (), 6),
    4: TableSetup((), (), 6),
    5: TableSetup((10,), ((8, 10),), 5),
    6: TableSetup((), (), 6),
}


def removed_slice_ids(players: int) -> tuple[int, ...]:
    """The slices a player count puts back in the box before shuffling."""
    table = SETUPS[players]
    return tuple(
        s.id
        for s in SLICES
        if (s.kind == PLAIN and s.types[0] in table.removed_types)
        or (s.kind == COMBO and s.types in table.removed_combos)
    )


def playing_slice_ids(players: int) -> tuple[int, ...]:
    removed = set(removed_slice_ids(players))
    return tuple(s.id for s in SLICES if s.id not in removed)
