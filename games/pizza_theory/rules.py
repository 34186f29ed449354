"""Pizza Theory's rules: ``decide``, ``legal_commands`` and the end of the game.

Every rule check lives in :func:`decide`.  One command may set off a chain of
facts (the last cut is chosen, so the cuts are revealed, so toppings are
replaced, so the round ends, the pizza turns and the next player who cannot
add a topping is skipped): ``decide`` folds each fact into a scratch state as
it goes, so each next fact is decided from the state the previous one left.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.contract import ROOM, Code, Outcome, Rejected, Timer
from games.decisions import Decisions
from games.pizza_theory import board
from games.pizza_theory import messages as m
from games.pizza_theory.codes import PizzaTheoryCode
from games.pizza_theory.placement import placeable, touching_empty
from games.pizza_theory.resolution import resolve
from games.pizza_theory.state import (
    ADD,
    COLOURS,
    CUT,
    NEUTRAL,
    NEUTRAL_PLACE,
    NEUTRAL_ROLL,
    OVER,
    SETUP,
    State,
    evolve,
    neutral_line,
    space_index,
    xyz,
)
from games.rng import Rng

# --- seating (RULES-NOTES 1.3, 1.6) -------------------------------------------


def sector_facing(position: int, round_: int, start: int) -> int:
    """Which sector faces a table position in a round.

    Round 1 turns "1st" to the starting player; each round the pizza turns one
    step clockwise, so the player who faced "2nd" faces "1st" (RULES-NOTES 1.3).
    """
    return (position - start - (round_ - 1)) % 3


def round_started(state: State, round_: int) -> m.RoundStarted:
    sectors = tuple(sector_facing(position, round_, state.start) for position in range(3))
    families = tuple(board.SECTOR_FAMILY[sector] for sector in sectors)
    if state.players == 3:
        # RULES-NOTES 1.3: turn order follows the sectors, "1st" first.
        order = tuple(sorted(range(3), key=lambda position: sectors[position]))
    else:
        # RULES-NOTES 1.6: the first player alternates, starting with the starting player.
        first = (state.start + round_ - 1) % 2
        order = (first, 1 - first)
    return m.RoundStarted(round=round_, order=order, families=families, sectors=sectors)


# --- decide ------------------------------------------------------------------


#: One decision in progress (the shared accumulator, typed for this game).
_Chain = Decisions[State, m.Event]


def decide(state: State, actor: int, command: Any) -> list[Any]:
    if not isinstance(command, m.COMMANDS):
        raise Rejected(Code.UNKNOWN_COMMAND, f"{type(command).__name__} is not a Pizza Theory command")
    if state.phase == OVER:
        raise Rejected(Code.GAME_OVER, "the game is over")
    chain: _Chain = Decisions(state, evolve)
    if isinstance(command, m.StartGame):
        if actor != ROOM:
            raise Rejected(Code.NOT_A_PLAYER, "only the room starts the game")
        if state.phase != SETUP:
            raise Rejected(Code.WRONG_PHASE, "the game has already started")
        _start(chain)
    else:
        if not (isinstance(actor, int) and 0 <= actor < state.players):
            raise Rejected(Code.NOT_A_PLAYER, f"{actor!r} is not a seat of this game")
        if isinstance(command, m.AddTopping):
            _add_topping(chain, actor, command)
        elif isinstance(command, m.RollNeutralDie):
            _roll_neutral_die(chain, actor)
        elif isinstance(command, m.PlaceNeutralTopping):
            _place_neutral_topping(chain, actor, command)
        else:
            _choose_cut(chain, actor, command)
    return chain.events


def _start(chain: _Chain) -> None:
    state = chain.state
    # RULES-NOTES 1.3 / 1.6: a random starting player, recorded in the event.
    start = Rng(state.seed, "starting seat").below(state.players)
    toppings = tuple(
        m.Topping(xyz(space), COLOURS[position])
        for position in range(3)
        for space in board.X_SPACES[sector_facing(position, 1, start)]
    )
    chain.emit(m.GameStarted(players=state.players, starting_seat=start, colours=COLOURS, toppings=toppings))
    _begin_round(chain, 1)


def _begin_round(chain: _Chain, round_: int) -> None:
    chain.emit(round_started(chain.state, round_))
    _skip_blocked_placers(chain)


def _skip_blocked_placers(chain: _Chain) -> None:
    # RULES-NOTES 1.4 step 1: a player with an empty supply or no legal space skips.
    while chain.state.phase == ADD:
        state = chain.state
        seat = state.order[state.placer]
        if state.supply[seat] == 0:
            chain.emit(m.ToppingSkipped(seat=seat, reason="no_supply"))
        elif not placeable(state.cells, COLOURS[seat]):
            chain.emit(m.ToppingSkipped(seat=seat, reason="no_space"))
        else:
            return


def _expect_turn(state: State, actor: int, phase: str) -> None:
    if state.phase != phase:
        raise Rejected(Code.WRONG_PHASE, f"it is the {state.phase} phase")
    turn = state.order[state.placer] if phase == ADD else state.first
    if actor != turn:
        raise Rejected(Code.NOT_YOUR_TURN, f"it is seat {turn}'s turn")


def _target(state: State, xyz_: Any) -> int:
    space = space_index(xyz_)
    if space is None:
        raise Rejected(PizzaTheoryCode.NOT_A_SPACE, f"{xyz_!r} is not a space of the pizza")
    if state.cells[space] is not None:
        raise Rejected(PizzaTheoryCode.SPACE_TAKEN, f"{xyz_!r} already holds a topping")
    return space


def _add_topping(chain: _Chain, actor: int, command: m.AddTopping) -> None:
    state = chain.state
    _expect_turn(state, actor, ADD)
    space = _target(state, command.space)
    colour = COLOURS[actor]
    # RULES-NOTES 1.4 step 1: not next to any of your own toppings.
    if any(state.cells[n] == colour for n in board.NEIGHBOURS[space]):
        raise Rejected(PizzaTheoryCode.NEXT_TO_OWN, f"{command.space!r} is next to one of your toppings")
    chain.emit(m.ToppingAdded(seat=actor, topping=m.Topping(xyz(space), colour)))
    _skip_blocked_placers(chain)


def _roll_neutral_die(chain: _Chain, actor: int) -> None:
    state = chain.state
    _expect_turn(state, actor, NEUTRAL_ROLL)
    # RULES-NOTES 1.6 step 2: a server-side roll, salted by the event count so
    # every round's roll is fresh and replay never draws.
    line = Rng(state.seed, "neutral die", state.events).randint(1, 6)
    family = state.families[NEUTRAL]
    chain.emit(m.NeutralDieRolled(seat=actor, line=line, family=family))
    if state.supply[NEUTRAL] == 0:
        chain.emit(m.NeutralToppingSkipped(seat=actor, reason="no_supply"))
    elif not touching_empty(state.cells, family, line):
        chain.emit(m.NeutralToppingSkipped(seat=actor, reason="no_space"))


def _place_neutral_topping(chain: _Chain, actor: int, command: m.PlaceNeutralTopping) -> None:
    state = chain.state
    _expect_turn(state, actor, NEUTRAL_PLACE)
    space = _target(state, command.space)
    # RULES-NOTES 1.6 step 2: on an empty space touching the neutral cutter.
    if space not in board.TOUCHING[(state.families[NEUTRAL], neutral_line(state))]:
        raise Rejected(PizzaTheoryCode.NOT_TOUCHING_CUTTER, f"{command.space!r} does not touch the neutral cutter")
    chain.emit(m.NeutralToppingPlaced(seat=actor, topping=m.Topping(xyz(space), COLOURS[NEUTRAL])))


def _choose_cut(chain: _Chain, actor: int, command: m.ChooseCut) -> None:
    state = chain.state
    if state.phase != CUT:
        raise Rejected(Code.WRONG_PHASE, f"it is the {state.phase} phase")
    if state.cuts[actor] is not None:
        raise Rejected(PizzaTheoryCode.ALREADY_CHOSEN, "your cut is already chosen")
    line = command.line
    if isinstance(line, bool) or not isinstance(line, int) or line not in board.LINES:
        raise Rejected(PizzaTheoryCode.NO_SUCH_LINE, "choose a line from 1 to 6")
    # RULES-NOTES 1.4 step 2: the choice is secret (see views) until all are in.
    chain.emit(m.CutChosen(seat=actor, line=line))
    if all(cut is not None for cut in chain.state.cuts):
        _reveal_and_resolve(chain)


def _reveal_and_resolve(chain: _Chain) -> None:
    state = chain.state
    cuts = [
        m.CutLaid(seat=seat, colour=COLOURS[seat], family=state.families[seat], line=line)
        for seat, line in enumerate(state.cuts)
        if line is not None  # every cut is in: this runs once the last one was chosen
    ]
    if state.players == 2:
        cuts.append(m.CutLaid(None, COLOURS[NEUTRAL], state.families[NEUTRAL], neutral_line(state)))
    chain.emit(m.CutsRevealed(round=state.round, cuts=tuple(cuts)))

    # RULES-NOTES 1.4 step 3 (and 1.6 step 4: all three cuts, all three colours).
    slices = board.slices((cut.family, cut.line) for cut in cuts)
    result = resolve(state.cells, dict(zip(COLOURS, state.supply)), slices)
    chain.emit(
        m.ToppingsReplaced(
            round=state.round,
            slices=tuple(
                m.SliceReport(
                    spaces=tuple(xyz(space) for space in part.spaces),
                    counts=tuple(m.ColourCount(colour, count) for colour, count in part.counts),
                    leaders=part.leaders,
                    removed=tuple(m.Topping(xyz(space), colour) for space, colour in part.removed),
                    placed=tuple(m.Topping(xyz(space), colour) for space, colour in part.placed),
                )
                for part in result.slices
            ),
            safe=tuple(colour for colour in COLOURS if colour in result.safe),
            removed=tuple(m.Topping(xyz(space), colour) for space, colour in result.removed),
            placed=tuple(m.Topping(xyz(space), colour) for space, colour in result.placed),
            short=tuple(m.ColourCount(colour, result.short[colour]) for colour in COLOURS),
            would_have=tuple(m.ColourCount(colour, result.would_have[colour]) for colour in COLOURS),
        )
    )
    ended = _game_end(chain.state, result.would_have)
    if ended is not None:
        chain.emit(ended)
    else:
        # RULES-NOTES 1.4 step 4: rotate, and the next round begins.
        _begin_round(chain, state.round + 1)


def _game_end(state: State, would_have: Mapping[str, int]) -> m.GameEnded | None:
    """RULES-NOTES 1.5: checked at the end of every round."""
    full = [position for position in range(3) if state.supply[position] == 0]
    if state.players == 2 and NEUTRAL in full:
        # RULES-NOTES 1.5: the neutral colour filling the pizza outranks everything.
        return m.GameEnded(round=state.round, winners=(), colours=(), reason="neutral_full")
    full_seats = [seat for seat in full if seat < state.players]
    if full_seats:
        best = max(would_have[COLOURS[seat]] for seat in full_seats)
        winners = tuple(seat for seat in full_seats if would_have[COLOURS[seat]] == best)
        # Still tied on would-have counts: a shared win [house].
        reason = "full" if len(full_seats) == 1 else "full_tiebreak"
        return m.GameEnded(state.round, winners, tuple(COLOURS[seat] for seat in winners), reason)
    if state.max_rounds and state.round >= state.max_rounds:
        # Option max_rounds [house]: the most toppings on the pizza wins, ties share.
        most = max(state.on_pizza(seat) for seat in range(state.players))
        winners = tuple(seat for seat in range(state.players) if state.on_pizza(seat) == most)
        return m.GameEnded(state.round, winners, tuple(COLOURS[seat] for seat in winners), "round_limit")
    return None


# --- questions the room and the bots ask ----------------------------------------


#: Every command that names only a space or a line, made once: the lists of legal commands hold these very
#: objects, so from one change to the next the hub finds their wire forms by identity (server/views.py).
_ADD_TOPPING = tuple(m.AddTopping(space) for space in board.SPACES)
_PLACE_NEUTRAL = tuple(m.PlaceNeutralTopping(space) for space in board.SPACES)
_CHOOSE_CUT = tuple(m.ChooseCut(line) for line in board.LINES)


def legal_commands(state: State, seat: int) -> list[Any]:
    phase = state.phase
    if phase == ADD and state.order[state.placer] == seat:
        return list(map(_ADD_TOPPING.__getitem__, placeable(state.cells, COLOURS[seat])))
    if phase == CUT and 0 <= seat < state.players and state.cuts[seat] is None:
        return list(_CHOOSE_CUT)
    if phase == NEUTRAL_ROLL and state.first == seat:
        return [m.RollNeutralDie()]
    if phase == NEUTRAL_PLACE and state.first == seat:
        spaces = touching_empty(state.cells, state.families[NEUTRAL], neutral_line(state))
        return list(map(_PLACE_NEUTRAL.__getitem__, spaces))
    return []


def next_timer(state: State) -> Timer[m.Command] | None:
    """Only the start: the room sends ``StartGame`` at once, so the starting
    player is drawn in ``decide`` and recorded in an event like any random fact."""
    if state.phase == SETUP:
        return Timer(key="start", delay_ms=0, command=m.StartGame())
    return None


def is_terminal(state: State) -> bool:
    return state.phase == OVER


def outcome(state: State) -> Outcome | None:
    if state.phase != OVER:
        return None
    winners = state.winners or ()
    if state.end_reason == "neutral_full":
        summary = "The neutral colour filled the pizza: both players lose."
    elif not winners:
        summary = "Nobody won."
    else:
        names = " and ".join(COLOURS[seat] for seat in winners)
        summary = f"{names} {'wins' if len(winners) == 1 else 'share the win'} in round {state.round}."
    scores = tuple(state.on_pizza(seat) for seat in range(state.players))
    return Outcome(winners=winners, scores=scores, summary=summary)
