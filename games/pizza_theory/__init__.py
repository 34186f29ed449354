"""Pizza Theory (2-3 players): secret cuts divide the pizza, majorities take over.

Rules: the rulebooks as settled by RULES-NOTES section 1.  Modules, the same
roles in every game: ``messages`` (commands and events), ``codes``
(rejection codes), ``options`` (the host's options), ``state`` (the state,
``initial_state``, ``evolve``), ``rules`` (``decide``, ``legal_commands``,
timers, the end), ``views``, ``bot``, ``conformance``; and this game's own:
``board`` (the geometry), ``placement`` (where a topping may go),
``resolution`` (Replace Toppings).

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

from games.contract import GameSpec
from games.pizza_theory import messages
from games.pizza_theory.bot import BOTS
from games.pizza_theory.options import OPTIONS
from games.pizza_theory.rules import decide, is_terminal, legal_commands, next_timer, outcome
from games.pizza_theory.state import evolve, initial_state
from games.pizza_theory.views import view

GAME = GameSpec(
    id="pizza_theory",
    title="Pizza Theory",
    min_players=2,
    max_players=3,
    options=OPTIONS,
    commands=messages.COMMANDS,
    events=messages.EVENTS,
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
