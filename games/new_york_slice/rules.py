"""New York Slice's rules: ``decide``, ``legal_commands``, the timer and the end (RULES-NOTES 2.2).

After each accepted command, ``_advance`` adds the steps nobody has to choose:
the Slicer's offer of Dibs!, the offers of Cut in Line, Sneak-a-Slice and
Seconds, the Slicer's forced last portion, slices with a single possible fate,
the end of a round and of the game.  So the game only ever waits on a real
decision, and always on exactly one seat (or the room, for the deal).
"""

from __future__ import annotations

import functools
from typing import Any

from games.contract import ROOM, Choose, Code, OneOf, Outcome, Pattern, Rejected, Timer
from games.decisions import Decisions
from games.memo import LastState
from games.new_york_slice import messages as m
from games.new_york_slice.codes import NysCode
from games.new_york_slice.components import (
    ANCHOVY,
    COMBO,
    PLAIN,
    SLICES,
    SPECIAL_BY_ID,
    SPECIAL_IDS,
    STACK_SIZE,
    SUPREME,
    playing_slice_ids,
    removed_slice_ids,
)
from games.new_york_slice.division import all_divisions, cuts_problem, division_problem, neighbours, runs_from_cuts
from games.new_york_slice.scoring import guest_check
from games.new_york_slice.state import (
    Phase,
    State,
    actor_of,
    collected_types,
    evolve,
    holdings,
    phase_of,
    supreme_pending,
)
from games.rng import Rng

#: The phase each command belongs to.
PHASE_OF_COMMAND: dict[type, Phase] = {
    m.DealPizza: Phase.DEAL,
    m.ChooseStack: Phase.STACK,
    m.CallDibs: Phase.DIBS,
    m.DeclineDibs: Phase.DIBS,
    m.SliceRing: Phase.SLICE,
    m.CutInLine: Phase.CUT_IN_LINE,
    m.DeclineCutInLine: Phase.CUT_IN_LINE,
    m.SneakSlice: Phase.SNEAK,
    m.DeclineSneak: Phase.SNEAK,
    m.ChoosePortion: Phase.CHOOSE,
    m.CollectSlice: Phase.PLATE,
    m.EatSlice: Phase.PLATE,
    m.EatSeconds: Phase.SECONDS,
    m.FinishSeconds: Phase.SECONDS,
}


#: One decision in progress (the shared accumulator, typed for this game).
_Log = Decisions[State, m.Event]


def _rng(log: _Log, purpose: str) -> Rng:
    """The random draw for ``purpose`` at this point of the game (recorded in the event it decides)."""
    return Rng(log.state.seed, "new_york_slice", purpose, log.state.events)


# --- what a seat may do --------------------------------------------------------


def edible(state: State, seat: int, slice_id: int) -> bool:
    """Whether a slice arriving on a plate may be eaten (RULES-NOTES 2.2).

    Slices with pepperoni may; the Anchovy never; a combo only for the owner
    of Combo Craving; a Veggie only for the owner of You Love Veggies (from
    its own receipt on, or, with ``veggies_eaten_later`` off, only then).
    """
    piece = SLICES[slice_id]
    me = state.seats[seat]
    if piece.kind == ANCHOVY:
        return False
    if piece.pepperoni > 0:
        return True
    if piece.kind == COMBO:
        return me.owns("combo_craving")
    if piece.kind == PLAIN and piece.types == (3,):
        return me.owns("you_love_veggies") and (state.veggies_later or "you_love_veggies" in state.gained)
    return False


def attach_options(state: State, seat: int, slice_id: int) -> tuple[int | None, ...]:
    """The Supreme attachments collecting this slice may choose (RULES-NOTES 2.3).

    The Supreme itself joins one of its owner's collected types, or waits when
    there are none; a plain or combo slice collected while it waits gives it
    its type (a combo: one of its two, chosen now).
    """
    piece = SLICES[slice_id]
    me = state.seats[seat]
    if piece.kind == SUPREME:
        return collected_types(me) or (None,)
    if supreme_pending(me) and piece.kind in (PLAIN, COMBO):
        return piece.types
    return (None,)


def seconds_choices(state: State, seat: int) -> tuple[int, ...]:
    """Collected slices Seconds may eat: with pepperoni, all of one type."""
    me = state.seats[seat]
    out = []
    for i in me.collected:
        piece = SLICES[i]
        kind = piece.types[0] if piece.kind == PLAIN else me.supreme_type if piece.kind == SUPREME else None
        if kind is None or piece.pepperoni <= 0:
            continue
        if me.seconds_type is None or me.seconds_type == kind:
            out.append(i)
    return tuple(out)


def open_portions(state: State) -> list[int]:
    """Untaken portions holding slices, in ring order (Sneak-a-Slice's ring)."""
    return [i for i, p in enumerate(state.portions) if p.taken_by is None and p.slices]


def sneak_moves(state: State) -> list[m.SneakSlice]:
    """Sneak-a-Slice moves that leave no portion empty (RULES-NOTES 2.2)."""
    ring = open_portions(state)
    moves = []
    for i in ring:
        portion = state.portions[i]
        if len(portion.slices) == 1 and portion.special is None:
            continue  # [house] a portion must keep a slice or the Special
        for clockwise in (True, False):
            if neighbours(ring, i, clockwise) is not None:
                moves.append(m.SneakSlice(i, clockwise))
    return moves


def _unused_owner(state: State, special: str) -> int | None:
    """The seat holding ``special`` unused and from an earlier round, if any."""
    for seat, me in enumerate(state.seats):
        held = me.held(special)
        if held is not None and not held.used and held.round < state.round:
            return seat
    return None


@functools.lru_cache(maxsize=64)
def _slicings(n: int, players: int) -> tuple[m.SliceRing, ...]:
    """Every division of an ``n``-slice ring, built once per size (they are values)."""
    return tuple(m.SliceRing(cuts, special) for cuts, special in all_divisions(n, players))


def legal_commands(state: State, seat: int) -> list[Any]:
    if actor_of(state) != seat or seat == ROOM:
        return []
    phase = phase_of(state)
    if phase == Phase.STACK:
        return [m.ChooseStack(i) for i, stack in enumerate(state.stacks) if stack]
    if phase == Phase.DIBS:
        return [m.CallDibs(i) for i in state.ring] + [m.DeclineDibs()]
    if phase == Phase.SLICE:
        return list(_slicings(len(state.ring), state.players))
    if phase == Phase.CUT_IN_LINE:
        return [m.CutInLine(), m.DeclineCutInLine()]
    if phase == Phase.SNEAK:
        return [*sneak_moves(state), m.DeclineSneak()]
    if phase == Phase.CHOOSE:
        return [m.ChoosePortion(i) for i, p in enumerate(state.portions) if p.taken_by is None]
    if phase == Phase.PLATE:
        return _plate_commands(state, seat)
    if phase == Phase.SECONDS:
        return [m.EatSeconds(i) for i in seconds_choices(state, seat)] + [m.FinishSeconds()]
    return []


def legal_patterns(state: State, seat: int) -> list[Any] | None:
    """The Slicer's legal divisions as two patterns (a phone's list); None in every other phase.

    Every division is thousands of commands (4,455 for a 12-slice ring and 5
    players, 160 KB for the phone): the patterns say the same in two entries,
    as ``all_divisions`` lists them, so expanding them gives ``legal_commands``.
    """
    if actor_of(state) != seat or seat == ROOM or phase_of(state) != Phase.SLICE:
        return None
    return list(_slicing_patterns(len(state.ring), state.players))


@functools.lru_cache(maxsize=64)
def _slicing_patterns(n: int, players: int) -> tuple[Pattern, ...]:
    out = []
    for count, places in ((players, tuple(range(players))), (players - 1, (None,))):
        if count < 1 or count > n:
            continue
        cuts: Any = Choose(count, n) if count > 1 else (0,)  # one portion is listed once, cut at 0
        special: Any = OneOf(places) if len(places) > 1 else places[0]
        out.append(Pattern(m.SliceRing, (("cuts", cuts), ("special", special))))
    return tuple(out)


def _plate_commands(state: State, seat: int) -> list[Any]:
    out: list[Any] = []
    for i in state.plate:
        out.extend(m.CollectSlice(i, attach) for attach in attach_options(state, seat, i))
        if edible(state, seat, i):
            out.append(m.EatSlice(i))
    for i in state.offers:
        out.extend((m.CollectSlice(i), m.EatSlice(i)))
    return out


# --- decide ------------------------------------------------------------------


def decide(state: State, actor: int, command: Any) -> list[Any]:
    if state.finished:
        raise Rejected(Code.GAME_OVER, "the Guest Check is already settled")
    wanted = PHASE_OF_COMMAND.get(type(command))
    if wanted is None:
        raise Rejected(Code.UNKNOWN_COMMAND, type(command).__name__)
    if actor != ROOM and not 0 <= actor < state.players:
        raise Rejected(Code.NOT_A_PLAYER, f"seat {actor} is not at this table")
    phase = phase_of(state)
    if wanted != phase:
        raise Rejected(Code.WRONG_PHASE, f"now is {phase.replace('_', ' ')}, not {wanted.replace('_', ' ')}")
    if actor != actor_of(state):
        raise Rejected(Code.NOT_YOUR_TURN, f"waiting for seat {actor_of(state)}")
    log: _Log = Decisions(state, evolve)
    HANDLERS[type(command)](log, actor, command)
    _advance(log)
    return log.events


def _deal(log: _Log, actor: int, command: m.DealPizza) -> None:
    state = log.state
    rng = _rng(log, "deal")
    slices = rng.shuffled(playing_slice_ids(state.players))
    stacks = tuple(tuple(slices[i * STACK_SIZE:(i + 1) * STACK_SIZE]) for i in range(state.rounds))
    specials = rng.shuffled(SPECIAL_IDS)
    log.emit(m.PizzaDealt(
        stacks=stacks, stack_specials=tuple(specials[:state.rounds]),
        leftovers=tuple(slices[state.rounds * STACK_SIZE:]), reserve=tuple(specials[state.rounds:]),
        removed=removed_slice_ids(state.players),
    ))
    chosen = state.first_slicer
    if isinstance(chosen, int) and not isinstance(chosen, bool) and 0 <= chosen < state.players:
        log.emit(m.FirstSlicerChosen(chosen, at_random=False))
    else:
        log.emit(m.FirstSlicerChosen(_rng(log, "first_slicer").below(state.players), at_random=True))


def _needs_redraw(state: State, special: str) -> bool:
    """Rulebook, per Special: replaced when it could not be used this game."""
    spec = SPECIAL_BY_ID[special]
    last_round = not any(state.stacks)
    return (spec.redraw_last_round and last_round) or (spec.redraw_two_players and state.players == 2)


def _choose_stack(log: _Log, actor: int, command: m.ChooseStack) -> None:
    state = log.state
    if not 0 <= command.stack < len(state.stacks) or not state.stacks[command.stack]:
        raise Rejected(NysCode.NO_SUCH_STACK, f"stack {command.stack} is not on the table")
    special = state.stack_specials[command.stack]
    assert special is not None
    log.emit(m.StackChosen(actor, command.stack, special, state.stacks[command.stack]))
    while _needs_redraw(log.state, special) and log.state.reserve:
        reserve = log.state.reserve
        replacement = reserve[_rng(log, "redraw").below(len(reserve))]
        log.emit(m.SpecialReplaced(special, replacement))
        special = replacement


def _call_dibs(log: _Log, actor: int, command: m.CallDibs) -> None:
    if command.slice not in log.state.ring:
        raise Rejected(NysCode.NO_SUCH_SLICE, f"slice {command.slice} is not in the ring")
    log.emit(m.DibsCalled(actor, command.slice))


def _slice_ring(log: _Log, actor: int, command: m.SliceRing) -> None:
    state = log.state
    n = len(state.ring)
    problem = cuts_problem(n, command.cuts)
    if problem is None:
        runs = runs_from_cuts(n, command.cuts)
        problem = division_problem(n, state.players, runs, "alone" if command.special is None else command.special)
    if problem is not None:
        raise Rejected(
            problem, f"{len(command.cuts)} cuts, special {command.special} for {state.players} players",
            params={"portions": state.players},
        )
    order = tuple((state.slicer + i) % state.players for i in range(1, state.players)) + (state.slicer,)
    portions = tuple(tuple(state.ring[i] for i in run) for run in runs)
    log.emit(m.RingSliced(actor, portions, command.special, order))


def _sneak(log: _Log, actor: int, command: m.SneakSlice) -> None:
    state = log.state
    if not 0 <= command.portion < len(state.portions) or command.portion not in open_portions(state):
        raise Rejected(NysCode.NO_SUCH_PORTION, f"portion {command.portion} has no slices on the table")
    if command not in sneak_moves(state):
        target = neighbours(open_portions(state), command.portion, command.clockwise)
        code = NysCode.NO_ADJACENT_PORTION if target is None else NysCode.WOULD_EMPTY_PORTION
        raise Rejected(code, f"portion {command.portion}")
    source = state.portions[command.portion]
    target = neighbours(open_portions(state), command.portion, command.clockwise)
    assert target is not None
    moved = source.slices[-1] if command.clockwise else source.slices[0]
    log.emit(m.SliceSneaked(actor, moved, command.portion, target, command.clockwise))


def _take_portion(log: _Log, seat: int, index: int) -> None:
    """Take a portion: gain its Special (with its on-receipt effects), then the plate."""
    log.emit(m.PortionChosen(seat, index))
    special = log.state.portions[index].special
    if special is None:
        return
    me = log.state.seats[seat]
    offers: tuple[int, ...] = ()
    if special == "combo_craving":
        offers = tuple(i for i in me.collected if SLICES[i].kind == COMBO)
    elif special == "you_love_veggies":
        offers = tuple(i for i in me.collected if SLICES[i].kind == PLAIN and SLICES[i].types == (3,))
    log.emit(m.SpecialGained(seat, special, offers))
    if special == "mystery_slice" and log.state.leftovers:
        leftovers = log.state.leftovers
        log.emit(m.MysterySliceDrawn(seat, leftovers[_rng(log, "mystery").below(len(leftovers))]))


def _choose_portion(log: _Log, actor: int, command: m.ChoosePortion) -> None:
    portions = log.state.portions
    if not 0 <= command.portion < len(portions):
        raise Rejected(NysCode.NO_SUCH_PORTION, f"there is no portion {command.portion}")
    if portions[command.portion].taken_by is not None:
        raise Rejected(NysCode.PORTION_TAKEN, f"seat {portions[command.portion].taken_by} took it")
    _take_portion(log, actor, command.portion)


def _collect(log: _Log, actor: int, command: m.CollectSlice) -> None:
    state = log.state
    if command.slice in state.offers:
        if command.attach is not None:
            raise Rejected(NysCode.BAD_ATTACHMENT, "a slice kept from before attaches nothing")
        log.emit(m.SliceKept(actor, command.slice))
        return
    if command.slice not in state.plate:
        raise Rejected(NysCode.NOT_ON_PLATE, f"slice {command.slice} is not waiting on your plate")
    options = attach_options(state, actor, command.slice)
    attach = command.attach
    if attach is None and len(options) == 1:
        attach = options[0]
    if attach not in options:
        raise Rejected(NysCode.BAD_ATTACHMENT, f"the Supreme may join {options}, not {command.attach}")
    log.emit(m.SliceCollected(actor, command.slice, attach))


def _eat(log: _Log, actor: int, command: m.EatSlice) -> None:
    state = log.state
    if command.slice in state.offers:
        log.emit(m.CollectedSliceEaten(actor, command.slice))
        return
    if command.slice not in state.plate:
        raise Rejected(NysCode.NOT_ON_PLATE, f"slice {command.slice} is not waiting on your plate")
    if not edible(state, actor, command.slice):
        raise Rejected(NysCode.NOT_EDIBLE, f"{SLICES[command.slice].name} has no pepperoni")
    log.emit(m.SliceEaten(actor, command.slice))


def _eat_seconds(log: _Log, actor: int, command: m.EatSeconds) -> None:
    me = log.state.seats[actor]
    if command.slice not in me.collected:
        raise Rejected(NysCode.NOT_COLLECTED, f"slice {command.slice} is not in your collection")
    if command.slice not in seconds_choices(log.state, actor):
        piece = SLICES[command.slice]
        code = NysCode.WRONG_TYPE if me.seconds_type is not None and piece.pepperoni > 0 else NysCode.NOT_EDIBLE
        raise Rejected(code, f"Seconds eats one type with pepperoni; {piece.name} does not fit")
    piece = SLICES[command.slice]
    kind = piece.types[0] if piece.kind == PLAIN else me.supreme_type
    assert kind is not None
    log.emit(m.SecondsEaten(actor, command.slice, kind))


HANDLERS: dict[type, Any] = {
    m.DealPizza: _deal,
    m.ChooseStack: _choose_stack,
    m.CallDibs: _call_dibs,
    m.DeclineDibs: lambda log, actor, command: log.emit(m.DibsDeclined(actor)),
    m.SliceRing: _slice_ring,
    m.CutInLine: lambda log, actor, command: log.emit(m.CutInLineUsed(actor)),
    m.DeclineCutInLine: lambda log, actor, command: log.emit(m.CutInLineDeclined(actor)),
    m.SneakSlice: _sneak,
    m.DeclineSneak: lambda log, actor, command: log.emit(m.SneakDeclined(actor)),
    m.ChoosePortion: _choose_portion,
    m.CollectSlice: _collect,
    m.EatSlice: _eat,
    m.EatSeconds: _eat_seconds,
    m.FinishSeconds: lambda log, actor, command: log.emit(m.SecondsFinished(actor)),
}


# --- the steps nobody has to choose ---------------------------------------------


def _forced_plate_step(state: State) -> Any | None:
    """A plate slice with one possible fate (say, an inedible slice) is collected at once."""
    seat = state.receiver
    assert seat is not None
    for i in state.plate:
        options = attach_options(state, seat, i)
        if len(options) == 1 and not edible(state, seat, i):
            return m.SliceCollected(seat, i, options[0])
    return None


def _advance(log: _Log) -> None:
    while True:
        state = log.state
        phase = phase_of(state)
        if phase == Phase.PLATE:
            forced = _forced_plate_step(state)
            if forced is None:
                return
            log.emit(forced)
        elif phase == Phase.SLICE and "dibs" not in state.offered and (dibs := _owner_of_dibs(state)) is not None:
            # Rulebook, Dibs!: the Slicer must offer it before slicing.
            log.emit(m.DibsOffered(dibs))
        elif phase == Phase.CHOOSE:
            if not _choice_step(log):
                return
        elif phase == Phase.SECONDS and state.offer_seat is not None:
            if seconds_choices(state, state.offer_seat):
                return
            log.emit(m.SecondsFinished(state.offer_seat))
        elif phase == Phase.STACK and state.portions:
            _end_round(log)
        else:
            return


def _owner_of_dibs(state: State) -> int | None:
    for seat, me in enumerate(state.seats):
        held = me.held("dibs")
        if held is not None and not held.used:
            return seat
    return None


def _choice_step(log: _Log) -> bool:
    """Offers before a choice, and the Slicer's forced last portion; False: wait."""
    state = log.state
    chooser = state.order[0]
    if "cut_in_line" not in state.offered:
        owner = _unused_owner(state, "cut_in_line")
        untouched = all(p.taken_by is None for p in state.portions)
        if owner is not None and untouched and owner != state.slicer and owner != chooser:
            log.emit(m.CutInLineOffered(owner))
            return True
    if "sneak" not in state.offered:
        owner = _unused_owner(state, "sneak_a_slice")
        if owner == chooser and owner != state.slicer and sneak_moves(state):
            log.emit(m.SneakOffered(owner))
            return True
    left = [i for i, p in enumerate(state.portions) if p.taken_by is None]
    if len(left) == 1:
        _take_portion(log, chooser, left[0])
        return True
    return False


def _end_round(log: _Log) -> None:
    state = log.state
    if any(state.stacks):
        log.emit(m.RoundEnded(state.round, (state.slicer + 1) % state.players))
        return
    # Rulebook, Seconds: just before scoring.
    owner = next((s for s, me in enumerate(state.seats) if me.owns("seconds")), None)
    if owner is not None and "seconds" not in state.offered and seconds_choices(state, owner):
        log.emit(m.SecondsOffered(owner))
        return
    check = guest_check(holdings(state))
    log.emit(m.GameEnded(tuple(row.total for row in check.rows), check.winners))


# --- the room's timer and the end ------------------------------------------------


def next_timer(state: State) -> Timer[m.Command] | None:
    """Only the deal is the room's to send: at once, when the game starts.

    Shuffling is random, and randomness is drawn in ``decide`` and recorded in
    an event; the first command of the game is therefore the room's.
    """
    if state.round == 0:
        return Timer("deal", 0, m.DealPizza())
    return None


def is_terminal(state: State) -> bool:
    return state.finished


def outcome(state: State) -> Outcome | None:
    """The Guest Check's result; scored once per state (every viewer's frame asks for it)."""
    return _outcome(state) if state.finished else None


def _score(state: State) -> Outcome:
    check = guest_check(holdings(state))
    totals = tuple(row.total for row in check.rows)
    names = " and ".join(f"seat {s}" for s in check.winners)
    return Outcome(winners=check.winners, scores=totals, summary=f"{names} pick up the check with {max(totals)}")


_outcome = LastState(_score)
