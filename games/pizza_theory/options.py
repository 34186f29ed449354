"""The host's options for Pizza Theory (drawn as a form by the host screen)."""

from __future__ import annotations

from games.contract import OptionSpec

#: [house] The default round limit.  Natural games end in 5-12 rounds, but once
#: the pizza is full and nobody can add a topping, careful players (or bots)
#: can avoid every takeover forever: the limit guarantees an end.
DEFAULT_MAX_ROUNDS = 30

OPTIONS = (
    OptionSpec(
        name="max_rounds",
        kind="int",
        default=DEFAULT_MAX_ROUNDS,
        label="Round limit",
        help="After this round the most toppings on the pizza wins, if nobody has filled it yet "
        "(a house rule: a full pizza can otherwise stall forever). 0: no limit, as in the rulebook.",
        minimum=0,
        maximum=200,
    ),
)
