"""A suggested dot level per table for its next game (issue 25 section 2), from its analytics.  Pure.

A table's **chances** are the tricks its students took plus the tricks they
missed (each a decision where a trick was on offer and not taken).  With
``dots`` the levels in play and ``top`` the highest of them:

- **fewer dots** when ``top`` > 1, at least :data:`LEAST_MISSES` misses and
  at least a third of the chances were missed: the top level comes out
  (1, 2, 3 -> 1, 2); the reason names the relation missed most;
- **more dots** when ``top`` < 3, at least :data:`LEAST_TRICKS` tricks were
  taken and none was missed: the next level comes in (1 -> 1, 2);
- otherwise the same dots, saying why (too little play yet, some misses, or
  already at the top or bottom).

Only the students' own decisions count (a bot's or a stand-in's do not).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from games.splittissimo.cards import DOT_LEVELS

#: Fewer dots needs at least this many misses ...
LEAST_MISSES = 2
#: ... making at least this share of the chances (misses / (tricks + misses)).
MISSED_SHARE = (1, 3)
#: More dots needs at least this many tricks taken with no miss.
LEAST_TRICKS = 5

UP, DOWN, SAME = "up", "down", "same"


@attrs.frozen
class Suggestion:
    dots: tuple[int, ...]
    suggested: tuple[int, ...]
    change: str
    reasons: tuple[dict[str, Any], ...]


def suggest(dots: Sequence[int], tricks: int, missed_relations: Sequence[str]) -> Suggestion:
    """The dots for a table's next game from its students' ``tricks`` taken and the main relation of each miss."""
    now = tuple(sorted(set(dots))) or DOT_LEVELS
    top = max(now)
    misses = len(missed_relations)
    chances = tricks + misses
    most = Counter(missed_relations).most_common(1)
    relation = most[0][0] if most else None
    share_hit = misses * MISSED_SHARE[1] >= chances * MISSED_SHARE[0]
    if misses >= LEAST_MISSES and share_hit:
        reason = {"reason": "misses", "count": misses, "of": chances, "relation": relation}
        if top > 1:
            fewer = tuple(d for d in now if d != top) or (top - 1,)
            return Suggestion(now, fewer, DOWN, (reason,))
        return Suggestion(now, now, SAME, ({"reason": "bottom"}, reason))
    if misses == 0 and tricks >= LEAST_TRICKS:
        reason = {"reason": "no_misses", "count": tricks, "of": chances}
        if top < max(DOT_LEVELS):
            return Suggestion(now, (*now, top + 1), UP, (reason,))
        return Suggestion(now, now, SAME, ({"reason": "top"}, reason))
    if chances < LEAST_TRICKS:
        return Suggestion(now, now, SAME, ({"reason": "too_little_play", "count": chances, "of": chances},))
    return Suggestion(
        now, now, SAME, ({"reason": "some_misses", "count": misses, "of": chances, "relation": relation},)
    )
