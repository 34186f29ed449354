"""Computer players: a random one and a stronger one (DESIGN.md section 3).

Bots decide from their seat's view and legal commands only (card ids are
looked up in the public card list).  Randomness comes from
:class:`games.rng.Rng`, keyed by the bot's seed and how many choices it has
made.  Interrupts are optional: a bot may answer ``None`` to let the
reaction window run out.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import attrs

from games.contract import BotFactory
from games.rng import Rng
from games.splittissimo.cards import CARDS, Card, total
from games.splittissimo.hints import trick_value
from games.splittissimo.messages import EndTurn, Pass, PlayCancelledOrder, PlaySpecialOrder, TakeTrick
from games.splittissimo.tricks import ADVANCED, special_order_takes
from games.splittissimo.views import SplittissimoView


def _open_cards(view: SplittissimoView) -> list[Card]:
    if view.table:
        return [CARDS[card.id] for card in view.table]
    return [CARDS[pile.top.id] for pile in view.piles if pile.top is not None]


def special_order_value(view: SplittissimoView, command: PlaySpecialOrder) -> Fraction:
    """The pizza a Special Order would take from the open cards in ``view``."""
    tops = _open_cards(view)
    return total(tops[i] for i in special_order_takes(CARDS[command.card].toppings, tops))


@attrs.define
class RandomBot:
    """Any legal command, uniformly; interrupts only now and then, so windows also run out."""

    seat: int
    seed: int
    choices: int = 0

    def act(self, view: SplittissimoView, legal: Sequence[Any]) -> Any | None:
        if not legal:
            return None
        rng = Rng(self.seed, "bot", self.choices)
        self.choices += 1
        if view.active != self.seat and rng.below(3):
            return None  # two times in three, let someone else's turn go ahead
        return rng.choice(list(legal))


@attrs.define
class StrongBot:
    """Largest trick first; Special Orders when they take more than any trick; cancels the leader.

    A Cancelled Order is played against a player who is not behind, and
    always in Advanced, where one left in hand costs a whole pizza.  An
    Advanced Special Order is played as an interrupt whenever it can be: it
    wins pizza and takes the turn.
    """

    seat: int
    seed: int

    def act(self, view: SplittissimoView, legal: Sequence[Any]) -> Any | None:
        if not legal:
            return None
        specials = [c for c in legal if isinstance(c, PlaySpecialOrder)]
        if view.active != self.seat:
            if specials:
                return max(specials, key=lambda c: special_order_value(view, c))
            cancel = next((c for c in legal if isinstance(c, PlayCancelledOrder)), None)
            mine, theirs = view.seats[self.seat].delivered, view.seats[view.active].delivered
            if cancel is not None and (view.level == ADVANCED or theirs >= mine):
                return cancel
            return None
        tricks = [c for c in legal if isinstance(c, TakeTrick)]
        best = max(tricks, key=trick_value, default=None)
        best_value = trick_value(best)[0] if best else Fraction(-1)
        if specials:
            special = max(specials, key=lambda c: special_order_value(view, c))
            if special_order_value(view, special) >= best_value:
                return special
        if best is not None:
            return best
        for command in legal:
            if isinstance(command, (EndTurn, Pass)):
                return command
        return None


BOTS: dict[str, BotFactory] = {"random": RandomBot, "strong": StrongBot}
