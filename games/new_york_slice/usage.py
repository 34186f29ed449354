"""Which Specials actually did something in a game (for self-play reports).

"Used" means the Special changed play or score, not merely that someone held
it: a power exercised (Dibs! called, Cut in Line jumped, a slice sneaked,
Seconds eaten, a Mystery slice drawn, a combo or Veggie eaten thanks to Combo
Craving or You Love Veggies), or a scoring rule that made a difference at the
end (Supersize with a combo, anchovies collected under You Like Anchovies!, a
tie won with Tiebreaker, a Diet that cost someone a point) or a flat score
(Buffet, Day-Old Pizza, Stuffed Crust) on a finished Guest Check.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from games.new_york_slice import messages as m
from games.new_york_slice.components import COMBO, PLAIN, SLICES
from games.new_york_slice.scoring import majority_winners, special_items
from games.new_york_slice.state import State, holdings

_EXERCISED = {
    m.DibsCalled: "dibs",
    m.CutInLineUsed: "cut_in_line",
    m.SliceSneaked: "sneak_a_slice",
    m.SecondsEaten: "seconds",
    m.MysterySliceDrawn: "mystery_slice",
}


def specials_used(events: Iterable[Any], final: State) -> set[str]:
    used: set[str] = set()
    for event in events:
        name = _EXERCISED.get(type(event))
        if name:
            used.add(name)
        if isinstance(event, (m.SliceEaten, m.CollectedSliceEaten)):
            piece = SLICES[event.slice]
            if piece.kind == COMBO:
                used.add("combo_craving")
            elif piece.kind == PLAIN and piece.types == (3,):
                used.add("you_love_veggies")
    if not final.finished:
        return used
    players = holdings(final)
    for me in players:
        owned = set(me.specials)
        used.update(owned & {"buffet", "day_old_pizza", "stuffed_crust"})
        if "supersize_combos" in owned and any(s.kind == COMBO for s in me.collected):
            used.add("supersize_combos")
        if "you_like_anchovies" in owned and any(s.anchovies for s in me.collected):
            used.add("you_like_anchovies")
        if "tiebreaker" in owned:
            plain = [attrs.evolve(p, specials=tuple(x for x in p.specials if x != "tiebreaker")) for p in players]
            if majority_winners(players) != majority_winners(plain):
                used.add("tiebreaker")
    for seat in range(len(players)):
        if any(item.source == "everyone_else_diet" and item.points < 0 for item in special_items(players, seat)):
            used.add("everyone_else_diet")
    return used
