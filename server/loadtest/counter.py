"""The counter: the smallest game the hub can run, for raw platform throughput.

Every seat may ``Bump`` at any time; each bump is one stored event and one
new state for every viewer.  There is no rule work and no secret, so a load
test of the counter measures the platform alone: sockets, decoding, the
room actor, the store's commit and the fan-out.  The game ends after
``bumps`` bumps (an option), so rooms cycle through whole games.

It is offered by hubs that ``pizzanight loadtest --spawn`` starts; a hub
started with ``pizzanight serve`` does not offer it.
"""

from __future__ import annotations

import attrs

from games.contract import Code, GameSpec, OptionSpec, Outcome, Rejected


@attrs.frozen
class Bump:
    """Add one to the counter."""


@attrs.frozen
class Bumped:
    seat: int


@attrs.frozen
class CounterState:
    target: int
    counts: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.counts)


@attrs.frozen
class CounterView:
    total: int
    target: int
    counts: tuple[int, ...]


def initial_state(setup):
    return CounterState(target=setup.options["bumps"], counts=(0,) * setup.players)


def is_terminal(state: CounterState) -> bool:
    return state.total >= state.target


def decide(state: CounterState, actor: int, command) -> list:
    if is_terminal(state):
        raise Rejected(Code.GAME_OVER)
    if not isinstance(command, Bump):
        raise Rejected(Code.UNKNOWN_COMMAND)
    if not 0 <= actor < len(state.counts):
        raise Rejected(Code.NOT_A_PLAYER)
    return [Bumped(seat=actor)]


def evolve(state: CounterState, event) -> CounterState:
    counts = list(state.counts)
    counts[event.seat] += 1
    return attrs.evolve(state, counts=tuple(counts))


def view(state: CounterState, viewer) -> CounterView:
    return CounterView(total=state.total, target=state.target, counts=state.counts)


def legal_commands(state: CounterState, seat: int) -> list:
    return [] if is_terminal(state) or not 0 <= seat < len(state.counts) else [Bump()]


def outcome(state: CounterState) -> Outcome | None:
    if not is_terminal(state):
        return None
    best = max(state.counts)
    return Outcome(winners=tuple(s for s, n in enumerate(state.counts) if n == best), scores=state.counts, summary="counted")


class BumpBot:
    """Bumps whenever it may."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat

    def act(self, view: CounterView, legal) -> Bump | None:
        return legal[0] if legal else None


GAME = GameSpec(
    id="counter",
    title="Counter (load test)",
    min_players=1,
    max_players=12,
    options=(OptionSpec(name="bumps", kind="int", default=200, label="Bumps per game", minimum=1, maximum=100_000),),
    commands=(Bump,),
    events=(Bumped,),
    initial_state=initial_state,
    decide=decide,
    evolve=evolve,
    view=view,
    legal_commands=legal_commands,
    next_timer=lambda state: None,
    is_terminal=is_terminal,
    outcome=outcome,
    bots={"bump": BumpBot},
)
