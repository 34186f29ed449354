"""Splittissimo: match pizza cards to orders by amount and topping (RULES-NOTES 3).

Three levels (option ``level``): ``easy`` (round Pizza cards only, one card
against several of equal amount), ``standard`` (Order cards in hand against
three face-up Pizza piles, toppings count, special cards, a reaction window
before every turn) and ``advanced`` (combined orders, Special Orders at any
moment, penalties for cards left in hand).  Other options: ``dots`` (which
difficulty levels of cards are in play), ``reaction_ms`` (the reaction
window's length; 0 skips it) and ``special_cards``.

Modules, the same roles in every game: ``messages`` (commands and events),
``codes`` (rejection codes), ``options`` (the host's options), ``state``
(the state, ``initial_state``, ``evolve``), ``rules`` (``decide``,
``legal_commands``, timers, the end), ``views``, ``bot``, ``conformance``;
and this game's own: ``cards`` (the deck as data), ``tricks`` (what a trick
is), ``hints`` (advice for a seat).
"""

from __future__ import annotations

from games.contract import GameSpec
from games.splittissimo.bot import BOTS
from games.splittissimo.hints import hint
from games.splittissimo.messages import COMMANDS, EVENTS
from games.splittissimo.options import OPTIONS
from games.splittissimo.rules import (
    deal_shortfall,
    decide,
    is_terminal,
    legal_commands,
    next_timer,
    outcome,
    waiting_for,
)
from games.splittissimo.state import evolve, initial_state
from games.splittissimo.views import view

GAME = GameSpec(
    id="splittissimo",
    title="Splittissimo",
    min_players=2,
    max_players=5,
    options=OPTIONS,
    commands=COMMANDS,
    events=EVENTS,
    initial_state=initial_state,
    decide=decide,
    evolve=evolve,
    view=view,
    legal_commands=legal_commands,
    next_timer=next_timer,
    is_terminal=is_terminal,
    outcome=outcome,
    bots=BOTS,
    hint=hint,
    deal_shortfall=deal_shortfall,
    waiting_for=waiting_for,
)

__all__ = ["GAME", "hint"]
