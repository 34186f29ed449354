"""The game state, how events change it (``evolve``), and what it implies.

``evolve`` only applies facts that ``decide`` already checked: it never
rejects and never draws.  Whose decision it is now (the phase) is derived from
the state rather than stored, so there is one truth about it.

Every slice is in exactly one place at all times: a face-down stack, the
ring, a portion, a player's plate (taken, not yet eaten or collected), a
collected tableau, an eaten pile, the leftovers, or back in the box by setup.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any

import attrs

from games import values
from games.contract import ROOM, Setup, UnknownEvent
from games.new_york_slice import messages as m
from games.new_york_slice.components import COMBO, PLAIN, SETUPS, SLICES, SUPREME, SUPREME_ID, Slice
from games.new_york_slice.scoring import Holdings


@attrs.frozen
class Held:
    """A Special a player owns: which round it came in, whether its power is spent."""

    special: str
    round: int
    used: bool = False


@attrs.frozen
class Seat:
    collected: tuple[int, ...] = ()
    eaten: tuple[int, ...] = ()
    specials: tuple[Held, ...] = ()
    #: The Supreme's attached type once it has one (RULES-NOTES 2.3).
    supreme_type: int | None = None
    #: The type chosen for Seconds, once the first slice is eaten.
    seconds_type: int | None = None

    def owns(self, special: str) -> bool:
        return any(h.special == special for h in self.specials)

    def held(self, special: str) -> Held | None:
        return next((h for h in self.specials if h.special == special), None)


@attrs.frozen
class Portion:
    slices: tuple[int, ...]
    special: str | None
    taken_by: int | None = None


@attrs.frozen
class State:
    players: int
    seed: int
    first_slicer: Any
    veggies_later: bool
    rounds: int
    seats: tuple[Seat, ...]
    events: int = 0
    round: int = 0
    slicer: int = 0
    stacks: tuple[tuple[int, ...], ...] = ()
    stack_specials: tuple[str | None, ...] = ()
    leftovers: tuple[int, ...] = ()
    reserve: tuple[str, ...] = ()
    removed: tuple[int, ...] = ()
    set_aside: tuple[str, ...] = ()
    special: str | None = None
    ring: tuple[int, ...] = ()
    portions: tuple[Portion, ...] = ()
    order: tuple[int, ...] = ()
    offer: str | None = None
    offer_seat: int | None = None
    offered: tuple[str, ...] = ()
    receiver: int | None = None
    plate: tuple[int, ...] = ()
    offers: tuple[int, ...] = ()
    gained: tuple[str, ...] = ()
    mystery: int | None = None
    finished: bool = False
    #: The latest event as (class name, seat or -1, slice or -1), for the screen to animate.
    last: tuple[str, int, int] | None = None


def initial_state(setup: Setup) -> State:
    """Nothing shuffled yet: the room's DealPizza draws and records it."""
    return State(
        players=setup.players,
        seed=setup.seed,
        first_slicer=setup.options.get("first_slicer", "random"),
        veggies_later=bool(setup.options.get("veggies_eaten_later", True)),
        rounds=SETUPS[setup.players].stacks,
        seats=tuple(Seat() for _ in range(setup.players)),
    )


# --- derived facts -----------------------------------------------------------


class Phase(enum.StrEnum):
    """Which decision the game waits for (derived from the state; the value is what views send)."""

    DEAL = "deal"
    STACK = "stack"
    SLICE = "slice"
    CHOOSE = "choose"
    PLATE = "plate"
    #: An offer to the owner of a Special (``State.offer`` holds one of these values).
    DIBS = "dibs"
    CUT_IN_LINE = "cut_in_line"
    SNEAK = "sneak"
    SECONDS = "seconds"
    OVER = "over"


def phase_of(state: State) -> Phase:
    """Which decision the game waits for."""
    if state.round == 0:
        return Phase.DEAL
    if state.finished:
        return Phase.OVER
    if state.plate or state.offers:
        return Phase.PLATE
    if state.offer:
        return Phase(state.offer)
    if state.ring:
        return Phase.SLICE
    if any(p.taken_by is None for p in state.portions):
        return Phase.CHOOSE
    return Phase.STACK


def actor_of(state: State) -> int | None:
    """Whose decision it is (``ROOM`` for the deal, ``None`` when over)."""
    phase = phase_of(state)
    if phase == Phase.DEAL:
        return ROOM
    if phase == Phase.OVER:
        return None
    if phase == Phase.PLATE:
        return state.receiver
    if state.offer:
        return state.offer_seat
    if phase == Phase.CHOOSE:
        return state.order[0]
    return state.slicer


def collected_types(seat: Seat) -> tuple[int, ...]:
    """The types a Supreme could attach to: those of collected plain and combo slices."""
    types = {t for i in seat.collected if SLICES[i].kind in (PLAIN, COMBO) for t in SLICES[i].types}
    return tuple(sorted(types))


def supreme_pending(seat: Seat) -> bool:
    return SUPREME_ID in seat.collected and seat.supreme_type is None


def scored_slice(seat: Seat, slice_id: int) -> Slice:
    """A collected slice as scoring counts it: the Supreme carries its attached type."""
    piece = SLICES[slice_id]
    if piece.kind == SUPREME:
        return values.replace(piece, types=() if seat.supreme_type is None else (seat.supreme_type,))
    return piece


def holdings(state: State) -> list[Holdings]:
    return [
        Holdings(
            collected=tuple(scored_slice(seat, i) for i in seat.collected),
            eaten=tuple(SLICES[i] for i in seat.eaten),
            specials=tuple(h.special for h in seat.specials),
        )
        for seat in state.seats
    ]


# --- evolve ------------------------------------------------------------------


def _seat(state: State, index: int, **changes: Any) -> tuple[Seat, ...]:
    seats = list(state.seats)
    seats[index] = values.replace(seats[index], **changes)
    return tuple(seats)


def _use(seat: Seat, special: str) -> tuple[Held, ...]:
    return tuple(values.replace(h, used=True) if h.special == special else h for h in seat.specials)


def _without(items: tuple[int, ...], item: int) -> tuple[int, ...]:
    at = items.index(item)
    return items[:at] + items[at + 1:]


def _after_plate(state: State, plate: tuple[int, ...], offers: tuple[int, ...], **changes: Any) -> Changes:
    """Update the plate; once nothing awaits a decision, the receipt is over."""
    if not plate and not offers:
        changes.update(receiver=None, gained=())
    return dict(changes, plate=plate, offers=offers)


def evolve(state: State, event: m.Event) -> State:
    """Apply one decided fact: no checks, no randomness (DESIGN.md section 3)."""
    apply = _APPLY.get(type(event))
    if apply is None:
        raise UnknownEvent(event)
    last = (type(event).__name__, getattr(event, "seat", -1), getattr(event, "slice", -1))
    return values.replace(state, **apply(state, event), events=state.events + 1, last=last)


#: What one event changes, field by field (``evolve`` applies it with one copy of the state).
Changes = dict[str, Any]

# One function per event, in the order a round meets them.


def _pizza_dealt(state: State, event: m.PizzaDealt) -> Changes:
    return dict(
        stacks=event.stacks, stack_specials=event.stack_specials, leftovers=event.leftovers,
        reserve=event.reserve, removed=event.removed,
    )


def _first_slicer_chosen(state: State, event: m.FirstSlicerChosen) -> Changes:
    return dict(slicer=event.seat, round=1)


def _stack_chosen(state: State, event: m.StackChosen) -> Changes:
    stacks = list(state.stacks)
    stacks[event.stack] = ()
    specials = list(state.stack_specials)
    specials[event.stack] = None
    return dict(stacks=tuple(stacks), stack_specials=tuple(specials), special=event.special, ring=event.ring)


def _special_replaced(state: State, event: m.SpecialReplaced) -> Changes:
    return dict(
        special=event.new, reserve=tuple(s for s in state.reserve if s != event.new),
        set_aside=state.set_aside + (event.old,),
    )


#: Each offer event and the phase (the decision) it opens.
_OFFERS: dict[type, Phase] = {
    m.DibsOffered: Phase.DIBS,
    m.CutInLineOffered: Phase.CUT_IN_LINE,
    m.SneakOffered: Phase.SNEAK,
    m.SecondsOffered: Phase.SECONDS,
}


def _offered(state: State, event: m.DibsOffered | m.CutInLineOffered | m.SneakOffered | m.SecondsOffered) -> Changes:
    name = _OFFERS[type(event)].value
    return dict(offer=name, offer_seat=event.seat, offered=state.offered + (name,))


def _offer_closed(state: State, event: object) -> Changes:
    """An offer declined (or Seconds finished): the decision returns to the game."""
    return dict(offer=None, offer_seat=None)


def _dibs_called(state: State, event: m.DibsCalled) -> Changes:
    return dict(
        offer=None, offer_seat=None, ring=_without(state.ring, event.slice),
        receiver=event.seat, plate=(event.slice,),
        seats=_seat(state, event.seat, specials=_use(state.seats[event.seat], "dibs")),
    )


def _ring_sliced(state: State, event: m.RingSliced) -> Changes:
    portions = [
        Portion(slices, state.special if i == event.special_portion else None)
        for i, slices in enumerate(event.portions)
    ]
    if event.special_portion is None:
        portions.append(Portion((), state.special))
    return dict(ring=(), special=None, portions=tuple(portions), order=event.order)


def _cut_in_line_used(state: State, event: m.CutInLineUsed) -> Changes:
    order = (event.seat,) + tuple(s for s in state.order if s != event.seat)
    return dict(
        offer=None, offer_seat=None, order=order,
        seats=_seat(state, event.seat, specials=_use(state.seats[event.seat], "cut_in_line")),
    )


def _slice_sneaked(state: State, event: m.SliceSneaked) -> Changes:
    portions = list(state.portions)
    source, target = portions[event.source], portions[event.target]
    portions[event.source] = values.replace(source, slices=_without(source.slices, event.slice))
    moved = (event.slice,) + target.slices if event.clockwise else target.slices + (event.slice,)
    portions[event.target] = values.replace(target, slices=moved)
    return dict(
        offer=None, offer_seat=None, portions=tuple(portions),
        seats=_seat(state, event.seat, specials=_use(state.seats[event.seat], "sneak_a_slice")),
    )


def _portion_chosen(state: State, event: m.PortionChosen) -> Changes:
    portions = list(state.portions)
    portion = portions[event.portion]
    # The slices leave the portion for the taker's plate: one place at a time.
    portions[event.portion] = values.replace(portion, slices=(), taken_by=event.seat)
    return dict(
        portions=tuple(portions), order=tuple(s for s in state.order if s != event.seat),
        receiver=event.seat, plate=portion.slices, mystery=None,
    )


def _special_gained(state: State, event: m.SpecialGained) -> Changes:
    seat = state.seats[event.seat]
    return dict(
        receiver=event.seat, offers=event.offers, gained=state.gained + (event.special,),
        seats=_seat(state, event.seat, specials=seat.specials + (Held(event.special, state.round),)),
    )


def _mystery_slice_drawn(state: State, event: m.MysterySliceDrawn) -> Changes:
    return dict(
        leftovers=_without(state.leftovers, event.slice), plate=state.plate + (event.slice,),
        mystery=event.slice,
    )


def _slice_collected(state: State, event: m.SliceCollected) -> Changes:
    seat = state.seats[event.seat]
    changes: dict[str, Any] = {"collected": seat.collected + (event.slice,)}
    if event.supreme_type is not None:
        changes["supreme_type"] = event.supreme_type
    return _after_plate(state, _without(state.plate, event.slice), state.offers, seats=_seat(state, event.seat, **changes))


def _slice_eaten(state: State, event: m.SliceEaten) -> Changes:
    seat = state.seats[event.seat]
    return _after_plate(
        state, _without(state.plate, event.slice), state.offers,
        seats=_seat(state, event.seat, eaten=seat.eaten + (event.slice,)),
    )


def _slice_kept(state: State, event: m.SliceKept) -> Changes:
    return _after_plate(state, state.plate, _without(state.offers, event.slice))


def _collected_slice_eaten(state: State, event: m.CollectedSliceEaten) -> Changes:
    seat = state.seats[event.seat]
    return _after_plate(
        state, state.plate, _without(state.offers, event.slice),
        seats=_seat(state, event.seat, collected=_without(seat.collected, event.slice), eaten=seat.eaten + (event.slice,)),
    )


def _round_ended(state: State, event: m.RoundEnded) -> Changes:
    return dict(
        round=event.round + 1, slicer=event.next_slicer, portions=(), order=(), offered=(), special=None,
    )


def _seconds_eaten(state: State, event: m.SecondsEaten) -> Changes:
    seat = state.seats[event.seat]
    return dict(
        seats=_seat(state, event.seat, collected=_without(seat.collected, event.slice),
                    eaten=seat.eaten + (event.slice,), seconds_type=event.pizza_type,
                    specials=_use(seat, "seconds")),
    )


def _game_ended(state: State, event: m.GameEnded) -> Changes:
    return dict(finished=True)


_APPLY: dict[type, Callable[[State, Any], Changes]] = {
    m.PizzaDealt: _pizza_dealt,
    m.FirstSlicerChosen: _first_slicer_chosen,
    m.StackChosen: _stack_chosen,
    m.SpecialReplaced: _special_replaced,
    **{offer: _offered for offer in _OFFERS},
    m.DibsDeclined: _offer_closed,
    m.CutInLineDeclined: _offer_closed,
    m.SneakDeclined: _offer_closed,
    m.SecondsFinished: _offer_closed,
    m.DibsCalled: _dibs_called,
    m.RingSliced: _ring_sliced,
    m.CutInLineUsed: _cut_in_line_used,
    m.SliceSneaked: _slice_sneaked,
    m.PortionChosen: _portion_chosen,
    m.SpecialGained: _special_gained,
    m.MysterySliceDrawn: _mystery_slice_drawn,
    m.SliceCollected: _slice_collected,
    m.SliceEaten: _slice_eaten,
    m.SliceKept: _slice_kept,
    m.CollectedSliceEaten: _collected_slice_eaten,
    m.RoundEnded: _round_ended,
    m.SecondsEaten: _seconds_eaten,
    m.GameEnded: _game_ended,
}
