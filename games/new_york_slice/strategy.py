"""The stronger bot: values slices by majorities, pepperoni and Specials.

It reads only its seat's view (public tableaus, eaten counts, Specials, its own
eaten slices) and its legal commands.  Three ideas carry it:

- a slice is worth, to a given player, the better of collecting it (the change
  in that player's standing in the slice's types) and eating it (pepperoni,
  Combo Craving, You Love Veggies, minus a Diet penalty);
- as Slicer it tries every legal division, lets the others choose greedily in
  turn by their own values, and keeps the division whose last portion is worth
  most to itself: portions balanced by value to the others;
- at Seconds it computes its own Guest Check exactly and eats while that helps.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import attrs

from games.new_york_slice import messages as m
from games.new_york_slice.components import ANCHOVY, COMBO, PLAIN, SUPREME, Slice
from games.new_york_slice.scoring import Holdings, guest_check
from games.new_york_slice.views import NysView, PlayerView
from games.rng import Rng

#: How many divisions the Slicer weighs at most.
MAX_DIVISIONS = 1000

#: Rough worth of owning each Special, before its situational part.
SPECIAL_WORTH = {
    "buffet": 4.0, "combo_craving": 1.5, "cut_in_line": 1.5, "day_old_pizza": -2.0, "dibs": 2.0,
    "everyone_else_diet": 3.0, "mystery_slice": 1.5, "seconds": 2.0, "sneak_a_slice": 1.0,
    "stuffed_crust": 5.0, "supersize_combos": 1.0, "tiebreaker": 2.0, "you_like_anchovies": 1.0,
    "you_love_veggies": 1.0,
}


def _owns(player: PlayerView, special: str) -> bool:
    return any(h.special == special for h in player.specials)


class Table:
    """Per-seat type counts and Specials, read once from a view."""

    def __init__(self, view: NysView) -> None:
        self.view = view
        self.counts: list[dict[int, Fraction]] = []
        for player in view.table:
            combo = Fraction(2) if _owns(player, "supersize_combos") else Fraction(1, 2)
            counts: dict[int, Fraction] = {}
            for piece in player.collected:
                types = (player.supreme_type,) if piece.kind == SUPREME and player.supreme_type else piece.types
                for t in types:
                    counts[t] = counts.get(t, Fraction(0)) + (combo if piece.kind == COMBO else 1)
            self.counts.append(counts)
        self.late = view.round / max(1, view.rounds)

    def standing(self, seat: int, t: int, mine: Fraction) -> float:
        """How much type ``t`` is worth to ``seat`` holding ``mine`` of it (a guess)."""
        if mine <= 0:
            return 0.0
        best = max((c.get(t, Fraction(0)) for s, c in enumerate(self.counts) if s != seat), default=Fraction(0))
        if mine > best or (mine == best and _owns(self.view.table[seat], "tiebreaker")):
            return t * (0.6 + 0.4 * self.late)
        if mine == best:
            return t * 0.3
        return t * 0.25 * float(mine / (best + 1)) * (1.0 - self.late)

    def gain(self, seat: int, t: int, weight: Fraction) -> float:
        have = self.counts[seat].get(t, Fraction(0))
        return self.standing(seat, t, have + weight) - self.standing(seat, t, have)

    def collect_value(self, seat: int, piece: Slice) -> float:
        player = self.view.table[seat]
        fish = piece.anchovies if _owns(player, "you_like_anchovies") else -piece.anchovies
        if piece.kind == SUPREME:
            types = sorted(self.counts[seat]) or [7]
            return max(self.gain(seat, t, Fraction(1)) for t in types) + fish
        weight = Fraction(1)
        if piece.kind == COMBO:
            weight = Fraction(2) if _owns(player, "supersize_combos") else Fraction(1, 2)
        value = sum(self.gain(seat, t, weight) for t in piece.types) + fish
        if _owns(player, "buffet"):
            value += sum(1 for t in piece.types if t not in self.counts[seat])
        return value

    def eat_value(self, seat: int, piece: Slice) -> float | None:
        """Points for eating, or None when this player may not eat it."""
        player = self.view.table[seat]
        value: float
        if piece.kind == ANCHOVY:
            return None
        if piece.pepperoni > 0:
            value = piece.pepperoni
        elif piece.kind == COMBO and _owns(player, "combo_craving"):
            value = 3
        elif piece.kind == PLAIN and piece.types == (3,) and _owns(player, "you_love_veggies"):
            value = 3
        else:
            return None
        if piece.kind == PLAIN and piece.types == (3,) and _owns(player, "you_love_veggies"):
            value = piece.pepperoni + 3
        if any(_owns(p, "everyone_else_diet") for s, p in enumerate(self.view.table) if s != seat):
            value -= 0.5
        return value

    def slice_value(self, seat: int, piece: Slice) -> float:
        eat = self.eat_value(seat, piece)
        collect = self.collect_value(seat, piece)
        return collect if eat is None else max(collect, eat)

    def special_value(self, seat: int, special: str | None) -> float:
        if special is None:
            return 0.0
        player = self.view.table[seat]
        value = SPECIAL_WORTH.get(special, 0.0)
        if special == "supersize_combos":
            value += 1.5 * sum(1 for p in player.collected if p.kind == COMBO)
        elif special == "you_like_anchovies":
            value += 2 * sum(p.anchovies for p in player.collected)
        elif special == "you_love_veggies":
            value += 3 * sum(1 for p in player.collected if p.kind == PLAIN and p.types == (3,))
        elif special == "combo_craving":
            value += 3 * sum(1 for p in player.collected if p.kind == COMBO)
        elif special in ("cut_in_line", "sneak_a_slice", "dibs"):
            value *= 1.0 - self.late
        return value


class StrongBot:
    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.seed = seed

    def act(self, view: NysView, legal: Sequence[Any]) -> Any | None:
        if not legal:
            return None
        table = Table(view)
        first = legal[0]
        if isinstance(first, m.SliceRing):
            return self._slice(table, legal)
        if isinstance(first, m.ChoosePortion):
            return max(legal, key=lambda c: self._portion_value(table, self.seat, view.portions[c.portion]))
        if isinstance(first, (m.CollectSlice, m.EatSlice)):
            return self._plate(table, legal)
        if isinstance(first, m.CallDibs) or isinstance(first, m.DeclineDibs):
            return self._dibs(table, legal)
        if isinstance(first, (m.CutInLine, m.DeclineCutInLine)):
            values = sorted((self._portion_value(table, self.seat, p) for p in view.portions), reverse=True)
            jump = len(values) > 1 and values[0] - values[1] >= 1.5
            return m.CutInLine() if jump or view.round == view.rounds else m.DeclineCutInLine()
        if isinstance(first, (m.SneakSlice, m.DeclineSneak)):
            return self._sneak(table, legal)
        if isinstance(first, (m.EatSeconds, m.FinishSeconds)):
            return self._seconds(view, legal)
        return first  # ChooseStack: the stacks are face down and alike

    # --- choosing and eating -----------------------------------------------

    def _portion_value(self, table: Table, seat: int, portion: Any) -> float:
        return sum(table.slice_value(seat, s) for s in portion.slices) + table.special_value(seat, portion.special)

    def _plate(self, table: Table, legal: Sequence[Any]) -> Any:
        view = table.view
        offered = {item.slice.id for item in view.plate if item.offered and item.slice is not None}
        pieces = {item.slice.id: item.slice for item in view.plate if item.slice is not None}
        best, best_score = legal[0], float("-inf")
        for command in legal:
            piece = pieces.get(command.slice)
            if piece is None:
                continue
            if isinstance(command, m.EatSlice):
                score = table.eat_value(self.seat, piece) or 0.0
                if command.slice in offered:
                    score -= table.gain(self.seat, piece.types[0], Fraction(1, 2)) if piece.types else 0.0
            elif command.attach is not None and piece.kind == SUPREME:
                score = table.gain(self.seat, command.attach, Fraction(1))
            else:
                score = table.collect_value(self.seat, piece) if command.slice not in offered else 0.0
                if command.attach is not None:
                    score += table.gain(self.seat, command.attach, Fraction(1))
            if score > best_score:
                best, best_score = command, score
        return best

    def _dibs(self, table: Table, legal: Sequence[Any]) -> Any:
        ring = {s.id: s for s in table.view.ring}
        calls = [c for c in legal if isinstance(c, m.CallDibs)]
        if not calls:
            return m.DeclineDibs()
        best = max(calls, key=lambda c: table.slice_value(self.seat, ring[c.slice]))
        value = table.slice_value(self.seat, ring[best.slice])
        return best if value >= 2.5 or table.view.round >= table.view.rounds - 1 else m.DeclineDibs()

    def _sneak(self, table: Table, legal: Sequence[Any]) -> Any:
        portions = table.view.portions
        open_ = [p for p in portions if p.taken_by is None]
        base = max(self._portion_value(table, self.seat, p) for p in open_)
        best: m.SneakSlice | m.DeclineSneak = m.DeclineSneak()
        best_value = base + 0.5
        open_slices = [p.index for p in portions if p.taken_by is None and p.slices]
        for command in legal:
            if not isinstance(command, m.SneakSlice):
                continue
            at = open_slices.index(command.portion)
            target = open_slices[(at + (1 if command.clockwise else -1)) % len(open_slices)]
            source = portions[command.portion]
            moved = source.slices[-1] if command.clockwise else source.slices[0]
            value = float("-inf")
            for p in open_:
                slices = p.slices
                if p.index == command.portion:
                    slices = tuple(s for s in slices if s.id != moved.id)
                elif p.index == target:
                    slices = slices + (moved,)
                value = max(value, self._portion_value(table, self.seat, attrs.evolve(p, slices=slices)))
            if value > best_value:
                best, best_value = command, value
        return best

    def _seconds(self, view: NysView, legal: Sequence[Any]) -> Any:
        def total(eat: int | None) -> int:
            players = []
            for seat, player in enumerate(view.table):
                collected = tuple(
                    attrs.evolve(p, types=(player.supreme_type,) if player.supreme_type else ())
                    if p.kind == SUPREME else p
                    for p in player.collected
                    if not (seat == self.seat and p.id == eat)
                )
                if seat == self.seat:
                    eaten = view.my_eaten + tuple(p for p in player.collected if p.id == eat)
                else:
                    eaten = (Slice(-1, PLAIN, (), 0, 0, "?"),) * player.eaten_count
                players.append(Holdings(collected, eaten, tuple(h.special for h in player.specials)))
            return guest_check(players).rows[self.seat].total

        now = total(None)
        best = max(legal, key=lambda c: total(c.slice) if isinstance(c, m.EatSeconds) else now)
        return best if isinstance(best, m.EatSeconds) and total(best.slice) > now else m.FinishSeconds()

    # --- slicing ------------------------------------------------------------

    def _slice(self, table: Table, legal: Sequence[Any]) -> Any:
        view = table.view
        ring = view.ring
        n, players = len(ring), view.players
        order = [(view.slicer + i) % players for i in range(1, players)]
        # run[seat][start][length]: a seat's value of the run of slices from ``start``.
        run: dict[int, list[list[float]]] = {}
        for seat in order + [self.seat]:
            values = [table.slice_value(seat, s) for s in ring]
            rows = []
            for start in range(n):
                row, total = [0.0], 0.0
                for k in range(n):
                    total += values[(start + k) % n]
                    row.append(total)
                rows.append(row)
            run[seat] = rows
        special = {seat: table.special_value(seat, view.special) for seat in run}
        candidates = list(legal)
        if len(candidates) > MAX_DIVISIONS:
            # Six players have ~3,200 divisions; a fair sample keeps the bot quick.
            candidates = Rng(self.seed, "slice", view.moves).shuffled(candidates)[:MAX_DIVISIONS]
        best, best_value = candidates[0], float("-inf")
        for command in candidates:
            cuts = command.cuts
            spans = [(c, (cuts[i + 1] if i + 1 < len(cuts) else cuts[0] + n) - c) for i, c in enumerate(cuts)]
            alone = command.special is None
            left = list(range(len(spans) + (1 if alone else 0)))
            for seat in order + [self.seat]:
                rows, bonus = run[seat], special[seat]
                pick, pick_value = left[0], float("-inf")
                for p in left:
                    if p == len(spans):
                        value = bonus
                    else:
                        start, length = spans[p]
                        value = rows[start][length] + (bonus if p == command.special else 0.0)
                    if value > pick_value:
                        pick, pick_value = p, value
                if seat == self.seat:
                    if pick_value > best_value:
                        best, best_value = command, pick_value
                else:
                    left.remove(pick)
        return best
