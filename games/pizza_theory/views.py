"""What each viewer may see of a Pizza Theory game (DESIGN.md section 3).

The view is the only way game data leaves the server.  The one secret in
Pizza Theory is a cut chosen but not yet revealed (RULES-NOTES 1.4 step 2):
the screen and spectators learn only *who* has chosen, and a seat's view adds
its own pending cut and nothing of anyone else's.  Everything else is public
and is laid out so a screen can draw and animate it without knowing the rules:
the whole board, each colour's supply and cut family, the latest reveal with
its slices and what moved.
"""

from __future__ import annotations

import attrs

from games import values
from games.contract import SeatViewer, Viewer
from games.memo import LastState, SameInputs
from games.pizza_theory import board
from games.pizza_theory import messages as m
from games.pizza_theory.placement import placeable, touching_empty
from games.pizza_theory.state import (
    ADD,
    COLOURS,
    CUT,
    NEUTRAL,
    NEUTRAL_PLACE,
    NEUTRAL_ROLL,
    TOPPINGS,
    LastRound,
    State,
    neutral_line,
)


@attrs.frozen
class Cell:
    """One of the 37 spaces, with the colour of its topping (None: empty)."""

    space: m.SpaceXYZ
    colour: str | None


@attrs.frozen
class PlayerInfo:
    """A seat's public side: colour, the sector facing it and its toppings."""

    seat: int
    colour: str
    sector: int | None  # 0, 1, 2 for "1st", "2nd", "3rd"; None before the first round
    sector_name: str | None
    family: str | None  # the cut family it uses this round
    supply: int
    on_pizza: int
    first: bool  # acts first this round
    chosen: bool  # has chosen this round's cut (never which)


@attrs.frozen
class NeutralInfo:
    """Two players: the neutral colour at the empty seat, and its cutter once rolled."""

    colour: str
    sector: int | None
    sector_name: str | None
    family: str | None
    supply: int
    on_pizza: int
    line: int | None


@attrs.frozen
class RoundReport:
    """The latest reveal: every cut laid, the slices and what moved (RULES-NOTES 1.4)."""

    round: int
    cuts: tuple[m.CutLaid, ...]
    slices: tuple[m.SliceReport, ...]
    safe: tuple[str, ...]
    removed: tuple[m.Topping, ...]
    placed: tuple[m.Topping, ...]
    short: tuple[m.ColourCount, ...]
    would_have: tuple[m.ColourCount, ...]


@attrs.frozen
class PizzaTheoryView:
    players: int
    phase: str
    round: int
    max_rounds: int
    board: tuple[Cell, ...]  # all 37 spaces, ascending (x, y, z)
    seats: tuple[PlayerInfo, ...]
    neutral: NeutralInfo | None
    order: tuple[int, ...]  # this round's turn order
    turn: int | None  # the seat whose turn it is to add, roll or place
    waiting: tuple[int, ...]  # every seat that may act now
    chosen: tuple[int, ...]  # seats whose cut is in (cut phase)
    spaces: tuple[m.SpaceXYZ, ...]  # where the topping being placed may go
    last_round: RoundReport | None
    you: int | None  # the viewer's seat, None for the screen and spectators
    your_cut: int | None  # the viewer's own pending cut
    winners: tuple[int, ...]
    end_reason: str


_CELLS = {(space, colour): Cell(space, colour) for space in board.SPACES for colour in (None,) + COLOURS}


def _sector(sectors: tuple[int, ...], families: tuple[str, ...], position: int) -> tuple[int | None, str | None, str | None]:
    if not sectors:
        return None, None, None
    sector = sectors[position]
    return sector, board.SECTOR_NAMES[sector], families[position]


def _turn(state: State) -> int | None:
    if state.phase == ADD:
        return state.order[state.placer]
    if state.phase in (NEUTRAL_ROLL, NEUTRAL_PLACE):
        return state.first
    return None


def _spaces(state: State) -> tuple[m.SpaceXYZ, ...]:
    if state.phase == ADD:
        return _placeable(state.cells, state.order[state.placer])
    if state.phase == NEUTRAL_PLACE:
        return _neutral_spaces(state.cells, state.families[NEUTRAL], neutral_line(state))
    return ()


def _build_placeable(cells: tuple[str | None, ...], seat: int) -> tuple[m.SpaceXYZ, ...]:
    return tuple(map(board.SPACES.__getitem__, placeable(cells, COLOURS[seat])))  # (xyz of each, without a call each)


def _build_neutral_spaces(cells: tuple[str | None, ...], family: str, line: int) -> tuple[m.SpaceXYZ, ...]:
    return tuple(map(board.SPACES.__getitem__, touching_empty(cells, family, line)))


def _build_board(cells: tuple[str | None, ...]) -> tuple[Cell, ...]:
    return tuple(map(_CELLS.__getitem__, zip(board.SPACES, cells)))  # shared immutable cells


# Parts rebuilt only when the state fields they derive from are other objects: an
# unchanged part is the same object as in the last view, which fan-out skips at once.
_placeable = SameInputs(_build_placeable)
_neutral_spaces = SameInputs(_build_neutral_spaces)
_board = SameInputs(_build_board)


def _report(state: State) -> RoundReport | None:
    return _round_report(state.last)


def _build_round_report(last: LastRound | None) -> RoundReport | None:
    if last is None or last.replaced is None:
        return None
    done = last.replaced
    return RoundReport(
        round=last.round,
        cuts=last.cuts,
        slices=done.slices,
        safe=done.safe,
        removed=done.removed,
        placed=done.placed,
        short=done.short,
        would_have=done.would_have,
    )


_round_report = SameInputs(_build_round_report)


def view(state: State, viewer: Viewer) -> PizzaTheoryView:
    """The public view, plus for a phone its seat and its own pending cut.

    The public part is built once per state and shared by every viewer of a change.
    """
    public = _public_view(state)
    you = viewer.seat if isinstance(viewer, SeatViewer) and 0 <= viewer.seat < state.players else None
    if you is None:
        return public
    # The secret: only the viewer's own pending cut, and only to that seat.
    your_cut = state.cuts[you] if state.phase == CUT else None
    return values.replace(public, you=you, your_cut=your_cut)


def _build_public_view(state: State) -> PizzaTheoryView:
    chosen = _chosen(state.cuts) if state.phase == CUT else ()
    turn = _turn(state)
    seats = _seats(state.players, state.sectors, state.families, state.supply, state.order, chosen)
    neutral = _neutral(state.sectors, state.families, state.supply, state.neutral_line) if state.players == 2 else None
    if state.phase == CUT:
        waiting = tuple(seat for seat in range(state.players) if seat not in chosen)
    else:
        waiting = () if turn is None else (turn,)
    return PizzaTheoryView(
        players=state.players,
        phase=str(state.phase),
        round=state.round,
        max_rounds=state.max_rounds,
        board=_board(state.cells),
        seats=seats,
        neutral=neutral,
        order=state.order,
        turn=turn,
        waiting=waiting,
        chosen=chosen,
        spaces=_spaces(state),
        last_round=_report(state),
        you=None,
        your_cut=None,
        winners=state.winners or (),
        end_reason=state.end_reason,
    )


def _build_chosen(cuts: tuple[int | None, ...]) -> tuple[int, ...]:
    return tuple(seat for seat, cut in enumerate(cuts) if cut is not None)


def _build_seats(
    players: int,
    sectors: tuple[int, ...],
    families: tuple[str, ...],
    supply: tuple[int, ...],
    order: tuple[int, ...],
    chosen: tuple[int, ...],
) -> tuple[PlayerInfo, ...]:
    return tuple(
        PlayerInfo(
            seat,
            COLOURS[seat],
            *_sector(sectors, families, seat),
            supply=supply[seat],
            on_pizza=TOPPINGS - supply[seat],
            first=bool(order) and order[0] == seat,
            chosen=seat in chosen,
        )
        for seat in range(players)
    )


def _build_neutral(sectors: tuple[int, ...], families: tuple[str, ...], supply: tuple[int, ...], line: int | None) -> NeutralInfo:
    return NeutralInfo(
        COLOURS[NEUTRAL],
        *_sector(sectors, families, NEUTRAL),
        supply=supply[NEUTRAL],
        on_pizza=TOPPINGS - supply[NEUTRAL],
        line=line,
    )


_chosen = SameInputs(_build_chosen)
_seats = SameInputs(_build_seats)
_neutral = SameInputs(_build_neutral)
_public_view = LastState(_build_public_view)
