"""Pizza Theory (2-3 players): secret cuts divide the pizza, majorities take over.

Rules: the rulebooks as settled by RULES-NOTES section 1.  The package holds
the board geometry (``board``), the Replace Toppings resolution
(``resolution``), commands and events (``messages``), state and ``evolve``
(``state``), ``decide`` and friends (``rules``), ``view`` (``views``), the bots
(``bot``) and the conformance answers (``conformance``).

Options (a host may set them; see ``OPTIONS``):

``max_rounds`` (int, 0-200, default 0)
    0 plays by the rulebook: until a colour has all 16 toppings on the pizza.
    Any other value is a [house] safety bound for short sessions: after that
    round, if nobody has won, the players with the most toppings on the pizza
    share the win (the neutral colour never wins).
"""

from __future__ import annotations

from games.contract import GameSpec, OptionSpec
from games.pizza_theory import messages
from games.pizza_theory.bot import BOTS
from games.pizza_theory.rules import (
    PizzaTheoryCode,
    decide,
    initial_state,
    is_terminal,
    legal_commands,
    next_timer,
    outcome,
)
from games.pizza_theory.state import evolve
from games.pizza_theory.views import view

OPTIONS = (
    OptionSpec(
        name="max_rounds",
        kind="int",
        default=0,
        label="Round limit",
        help="0 plays until someone fills the pizza (the rulebook). Otherwise the game stops after "
        "that round and the most toppings on the pizza wins (a house rule for short sessions).",
        minimum=0,
        maximum=200,
    ),
)

GAME = GameSpec(
    id="pizza_theory",
    title="Pizza Theory",
    min_players=2,
    max_players=3,
    options=OPTIONS,
    commands=messages.COMMANDS,
    events=messages.EVENTS,
    codes=PizzaTheoryCode,
    initial_state=initial_state,
    decide=decide,
    evolve=evolve,
    view=view,
    legal_commands=legal_commands,
    next_timer=next_timer,
    is_terminal=is_terminal,
    outcome=outcome,
    bots=BOTS,
)
