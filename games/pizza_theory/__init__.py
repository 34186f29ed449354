"""Pizza Theory (2-3 players): secret cuts divide the pizza, majorities take over.

Rules: the rulebooks as settled by RULES-NOTES section 1.  The package holds
the board geometry (``board``), the Replace Toppings resolution
(``resolution``), commands and events (``messages``), state and ``evolve``
(``state``), ``decide`` and friends (``rules``), ``view`` (``views``), the bots
(``bot``) and the conformance answers (``conformance``).

Options (a host may set them; see ``OPTIONS``):

``max_rounds`` (int, 0-200, default 30)
    [house] A bound on the game's length.  The rulebook ends the game only when
    a colour has all 16 toppings on the pizza; once the pizza is full, careful
    players can dodge every takeover forever (strong bots do), so by default
    the game stops after round 30: if nobody has won by then, the players with
    the most toppings on the pizza share the win (the neutral colour never
    wins).  Natural games end long before (5-12 rounds).  0 means no limit,
    exactly the rulebook.
"""

from __future__ import annotations

from games.contract import GameSpec, OptionSpec
from games.pizza_theory import messages
from games.pizza_theory.bot import BOTS
from games.pizza_theory.rules import (
    DEFAULT_MAX_ROUNDS,
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
        default=DEFAULT_MAX_ROUNDS,
        label="Round limit",
        help="After this round the most toppings on the pizza wins, if nobody has filled it yet "
        "(a house rule: a full pizza can otherwise stall forever). 0: no limit, as in the rulebook.",
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
