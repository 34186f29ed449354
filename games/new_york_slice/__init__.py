"""New York Slice: "I cut, you choose" for 2-6 players (issue 3, RULES-NOTES section 2).

Modules, the same roles in every game: ``messages`` (commands and events),
``codes`` (rejection codes), ``options`` (the host's options), ``state``
(the state, ``initial_state``, ``evolve``), ``rules`` (``decide``,
``legal_commands``, the timer, the end), ``views``, ``bot``, ``conformance``;
and this game's own: ``components`` (the box as data), ``division`` (ring
geometry), ``scoring`` (the Guest Check), ``strategy`` (the strong bot's
search), ``usage`` (how often each Special was used, for self-play reports).
"""

from __future__ import annotations

from games.contract import GameSpec
from games.new_york_slice.bot import BOTS
from games.new_york_slice.messages import COMMANDS, EVENTS
from games.new_york_slice.options import OPTIONS
from games.new_york_slice.rules import decide, is_terminal, legal_commands, legal_patterns, next_timer, outcome
from games.new_york_slice.state import evolve, initial_state
from games.new_york_slice.views import view

GAME = GameSpec(
    id="new_york_slice",
    title="New York Slice",
    min_players=2,
    max_players=6,
    options=OPTIONS,
    commands=COMMANDS,
    events=EVENTS,
    initial_state=initial_state,
    decide=decide,
    evolve=evolve,
    view=view,
    legal_commands=legal_commands,
    legal_patterns=legal_patterns,
    next_timer=next_timer,
    is_terminal=is_terminal,
    outcome=outcome,
    bots=BOTS,
)
