"""What each viewer may see (DESIGN.md section 3: the only way data leaves).

Public: the revealed ring and Special, the portions, who took what, every
collected tableau, every player's Specials, how many slices each has eaten,
how many stacks, leftovers and reserve Specials remain.  Hidden from everyone:
the face-down stacks and their Specials, the leftovers, the reserve.  Hidden
from all but the eater: which slices were eaten, and the Mystery slice until
it is collected face up.
"""

from __future__ import annotations

import attrs

from games import values
from games.contract import SeatViewer, Viewer
from games.memo import LastState, SameInputs
from games.new_york_slice.components import SLICES, SPECIAL_BY_ID, Slice
from games.new_york_slice.scoring import GuestCheck, guest_check
from games.new_york_slice.state import Held, Portion, Seat, State, actor_of, holdings, phase_of

#: Events whose slice only the acting seat may see named.
_PRIVATE_SLICE_EVENTS = frozenset({"SliceEaten", "CollectedSliceEaten", "SecondsEaten", "MysterySliceDrawn"})


@attrs.frozen
class HeldView:
    special: str
    name: str
    blue: bool
    round: int
    used: bool


@attrs.frozen
class PlayerView:
    seat: int
    collected: tuple[Slice, ...]
    #: The Supreme's attached type, when the player collected it and it attached.
    supreme_type: int | None
    eaten_count: int
    specials: tuple[HeldView, ...]


@attrs.frozen
class PortionView:
    index: int
    slices: tuple[Slice, ...]
    special: str | None
    taken_by: int | None


@attrs.frozen
class PlateItem:
    """A slice awaiting its taker's decision; ``slice`` is None when hidden from this viewer."""

    slice: Slice | None
    mystery: bool
    #: A collected slice its owner may now eat (Combo Craving, You Love Veggies on receipt).
    offered: bool


@attrs.frozen
class Decision:
    """What the game waits for and from whom (``seat`` -1: the room; None: nobody)."""

    kind: str
    seat: int | None


@attrs.frozen
class Happening:
    """The latest event, for animation; ``slice`` None when private to another seat."""

    kind: str
    seat: int
    slice: Slice | None


@attrs.frozen
class NysView:
    viewer: int | None
    players: int
    round: int
    rounds: int
    slicer: int
    decision: Decision
    stacks: tuple[int, ...]
    leftovers: int
    reserve: int
    removed: int
    set_aside: tuple[str, ...]
    special: str | None
    ring: tuple[Slice, ...]
    portions: tuple[PortionView, ...]
    order: tuple[int, ...]
    plate_seat: int | None
    plate: tuple[PlateItem, ...]
    table: tuple[PlayerView, ...]
    my_eaten: tuple[Slice, ...]
    my_unused: tuple[str, ...]
    last: Happening | None
    moves: int
    guest_check: GuestCheck | None


def _build_held(specials: tuple[Held, ...]) -> tuple[HeldView, ...]:
    return tuple(
        HeldView(h.special, SPECIAL_BY_ID[h.special].name, SPECIAL_BY_ID[h.special].blue, h.round, h.used)
        for h in specials
    )


def _plate(state: State, me: int | None) -> tuple[PlateItem, ...]:
    """The plate being decided; a Mystery Slice shows its face only to the seat receiving it."""
    return tuple(
        PlateItem(None if i == state.mystery and me != state.receiver else SLICES[i], i == state.mystery, False)
        for i in state.plate
    ) + tuple(PlateItem(SLICES[i], False, True) for i in state.offers)


def _last(state: State, me: int | None) -> Happening | None:
    """The latest event; a privately taken slice shows only to the seat that took it."""
    if state.last is None:
        return None
    kind, seat, slice_id = state.last
    visible = slice_id >= 0 and (kind not in _PRIVATE_SLICE_EVENTS or seat == me)
    return Happening(kind, seat, SLICES[slice_id] if visible else None)


def view(state: State, viewer: Viewer) -> NysView:
    """The public view, plus a phone's own secrets (built once per state, then shared).

    A seat sees the public view with its eaten pile and unused Specials added,
    and the Mystery Slice or privately taken slice when they are its own.
    """
    public = _public_view(state)
    me = viewer.seat if isinstance(viewer, SeatViewer) and 0 <= viewer.seat < state.players else None
    if me is None:
        return public
    mine = state.seats[me]
    own_mystery = state.mystery is not None and me == state.receiver
    own_last = state.last is not None and state.last[0] in _PRIVATE_SLICE_EVENTS and state.last[1] == me
    return values.replace(
        public,
        viewer=me,
        my_eaten=_slices(mine.eaten),
        my_unused=_unused(mine.specials),
        plate=_plate(state, me) if own_mystery else public.plate,
        last=_last(state, me) if own_last else public.last,
    )


def _build_public_view(state: State) -> NysView:
    return NysView(
        viewer=None,
        players=state.players,
        round=state.round,
        rounds=state.rounds,
        slicer=state.slicer,
        decision=Decision(str(phase_of(state)), actor_of(state)),
        stacks=tuple(i for i, stack in enumerate(state.stacks) if stack),
        leftovers=len(state.leftovers),
        reserve=len(state.reserve),
        removed=len(state.removed),
        set_aside=state.set_aside,
        special=state.special,
        ring=_slices(state.ring),
        portions=_portions(state.portions),
        order=state.order,
        plate_seat=state.receiver,
        plate=_public_plate(state.plate, state.offers, state.mystery, state.receiver),
        table=_table(state.seats),
        my_eaten=(),
        my_unused=(),
        last=_last(state, None),
        moves=state.events,
        guest_check=guest_check(holdings(state)) if state.finished else None,
    )


def _build_slices(ids: tuple[int, ...]) -> tuple[Slice, ...]:
    return tuple(SLICES[i] for i in ids)


def _build_unused(specials: tuple[Held, ...]) -> tuple[str, ...]:
    return tuple(h.special for h in specials if not h.used)


def _build_portions(portions: tuple[Portion, ...]) -> tuple[PortionView, ...]:
    return tuple(PortionView(i, _slices(p.slices), p.special, p.taken_by) for i, p in enumerate(portions))


def _build_public_plate(
    plate: tuple[int, ...], offers: tuple[int, ...], mystery: int | None, receiver: int | None
) -> tuple[PlateItem, ...]:
    """The plate as the screen and spectators see it (as ``_plate`` for no seat: a Mystery Slice face down)."""
    hidden = receiver is not None
    return tuple(PlateItem(None if i == mystery and hidden else SLICES[i], i == mystery, False) for i in plate) + tuple(
        PlateItem(SLICES[i], False, True) for i in offers
    )


def _build_player(seat: int, s: Seat) -> PlayerView:
    supreme = s.supreme_type if any(SLICES[i].kind == "supreme" for i in s.collected) else None
    return PlayerView(seat, _slices(s.collected), supreme, len(s.eaten), _held(s.specials))


def _build_table(seats: tuple[Seat, ...]) -> tuple[PlayerView, ...]:
    return tuple(_player(seat, s) for seat, s in enumerate(seats))


# Parts rebuilt only when the state fields they derive from are other objects: an
# unchanged part is the same object as in the last view, which fan-out skips at once.
_slices = SameInputs(_build_slices)
_unused = SameInputs(_build_unused)
_held = SameInputs(_build_held)
_portions = SameInputs(_build_portions)
_public_plate = SameInputs(_build_public_plate)
_player = SameInputs(_build_player)
_table = SameInputs(_build_table)
_public_view = LastState(_build_public_view)
