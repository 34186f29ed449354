"""New York Slice: "I cut, you choose" for 2-6 players (issue 3, RULES-NOTES section 2).

Modules: ``components`` (the box as data), ``messages`` (commands, events),
``state`` (state and ``evolve``), ``rules`` (``decide``, ``legal_commands``),
``division`` (ring geometry), ``scoring`` (the Guest Check), ``views``,
``bot``/``strategy`` (computer players), ``conformance``, ``usage``
(how often each Special was used, for self-play reports).
"""

from __future__ import annotations

from games.contract import GameSpec, OptionSpec, Outcome, Timer
from games.new_york_slice.bot import BOTS
from games.new_york_slice.codes import NysCode
from games.new_york_slice.messages import COMMANDS, EVENTS, DealPizza
from games.new_york_slice.rules import decide, legal_commands
from games.new_york_slice.scoring import guest_check
from games.new_york_slice.state import State, evolve, holdings, initial_state
from games.new_york_slice.views import view

OPTIONS = (
    OptionSpec(
        "first_slicer", "choice", "random", "First Slicer",
        help="the seat that slices first (0 is the first seat); random draws one; a seat beyond the table also draws",
        choices=("random", 0, 1, 2, 3, 4, 5),
    ),
    OptionSpec(
        "veggies_eaten_later", "bool", True, "You Love Veggies lasts",
        help="[house] the owner of You Love Veggies may eat Veggies gained in later rounds too "
        "(off: only those held or taken with it)",
    ),
)


def next_timer(state: State) -> Timer | None:
    """Only the deal is the room's to send: at once, when the game starts.

    Shuffling is random, and randomness is drawn in ``decide`` and recorded in
    an event; the first command of the game is therefore the room's.
    """
    if state.round == 0:
        return Timer("deal", 0, DealPizza())
    return None


def is_terminal(state: State) -> bool:
    return state.finished


def outcome(state: State) -> Outcome | None:
    if not state.finished:
        return None
    check = guest_check(holdings(state))
    totals = tuple(row.total for row in check.rows)
    names = " and ".join(f"seat {s}" for s in check.winners)
    return Outcome(winners=check.winners, scores=totals, summary=f"{names} pick up the check with {max(totals)}")


GAME = GameSpec(
    id="new_york_slice",
    title="New York Slice",
    min_players=2,
    max_players=6,
    options=OPTIONS,
    commands=COMMANDS,
    events=EVENTS,
    codes=NysCode,
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
