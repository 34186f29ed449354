"""A tiny game for hub tests: secret hands, simultaneous secret picks, a ROOM timer.

Each seat is dealt a secret hand number.  Every round each seat secretly
picks 1, 2 or 3; when all have picked, the room's timer reveals the picks
and everyone whose pick nobody else made scores a point.  It exercises
everything the hub must handle without waiting for the real games.
"""

from __future__ import annotations

import enum

import attrs

from games.contract import ROOM, SCREEN, Code, GameSpec, OptionSpec, Outcome, Rejected, SeatViewer, Timer
from games.rng import Rng


class ToyCode(str, enum.Enum):
    BAD_NUMBER = "toy/bad_number"
    ALREADY_PICKED = "toy/already_picked"


@attrs.frozen
class Pick:
    number: int


@attrs.frozen
class Reveal:
    pass


@attrs.frozen
class Picked:
    seat: int
    number: int


@attrs.frozen
class Revealed:
    picks: tuple[int, ...]
    scorers: tuple[int, ...]


@attrs.frozen
class ToyState:
    players: int
    rounds: int
    hands: tuple[int, ...]
    round: int = 1
    picks: tuple[int | None, ...] = ()
    scores: tuple[int, ...] = ()
    last: tuple[int, ...] = ()


@attrs.frozen
class SeatInfo:
    picked: bool
    score: int


@attrs.frozen
class ToyView:
    round: int
    rounds: int
    seats: tuple[SeatInfo, ...]
    last: tuple[int, ...]
    hand: int | None = None
    pick: int | None = None


def initial_state(setup):
    rng = Rng(setup.seed, "deal")
    hands = tuple(1000 + rng.below(9000) for _ in range(setup.players))
    return ToyState(
        players=setup.players,
        rounds=setup.options["rounds"],
        hands=hands,
        picks=(None,) * setup.players,
        scores=(0,) * setup.players,
    )


def is_terminal(state):
    return state.round > state.rounds


def decide(state, actor, command):
    if is_terminal(state):
        raise Rejected(Code.GAME_OVER)
    if isinstance(command, Reveal):
        if actor != ROOM:
            raise Rejected(Code.NOT_A_PLAYER, "only the room reveals")
        if None in state.picks:
            raise Rejected(Code.WRONG_PHASE, "not everyone has picked")
        picks = tuple(state.picks)
        scorers = tuple(s for s, p in enumerate(picks) if picks.count(p) == 1)
        return [Revealed(picks=picks, scorers=scorers)]
    if isinstance(command, Pick):
        if not 0 <= actor < state.players:
            raise Rejected(Code.NOT_A_PLAYER)
        if state.picks[actor] is not None:
            raise Rejected(ToyCode.ALREADY_PICKED, "you already picked")
        if not 1 <= command.number <= 3:
            raise Rejected(ToyCode.BAD_NUMBER, "pick 1, 2 or 3")
        return [Picked(seat=actor, number=command.number)]
    raise Rejected(Code.UNKNOWN_COMMAND)


def evolve(state, event):
    if isinstance(event, Picked):
        picks = list(state.picks)
        picks[event.seat] = event.number
        return attrs.evolve(state, picks=tuple(picks))
    if isinstance(event, Revealed):
        scores = tuple(s + (1 if i in event.scorers else 0) for i, s in enumerate(state.scores))
        return attrs.evolve(
            state, scores=scores, last=event.picks, round=state.round + 1, picks=(None,) * state.players
        )
    return state


def view(state, viewer):
    seats = tuple(SeatInfo(picked=p is not None, score=s) for p, s in zip(state.picks, state.scores))
    base = ToyView(round=state.round, rounds=state.rounds, seats=seats, last=state.last)
    if isinstance(viewer, SeatViewer):
        return attrs.evolve(base, hand=state.hands[viewer.seat], pick=state.picks[viewer.seat])
    return base


def legal_commands(state, seat):
    if is_terminal(state) or not 0 <= seat < state.players or state.picks[seat] is not None:
        return []
    return [Pick(1), Pick(2), Pick(3)]


def next_timer(state):
    if not is_terminal(state) and None not in state.picks:
        return Timer(key=f"reveal-{state.round}", delay_ms=200, command=Reveal())
    return None


def outcome(state):
    if not is_terminal(state):
        return None
    best = max(state.scores)
    return Outcome(winners=tuple(s for s, v in enumerate(state.scores) if v == best), scores=state.scores)


class RandomBot:
    def __init__(self, seat, seed):
        self.rng = Rng(seed, "bot", seat)

    def act(self, view, legal):
        return self.rng.choice(list(legal)) if legal else None


class FirstBot:
    def __init__(self, seat, seed):
        pass

    def act(self, view, legal):
        return legal[0] if legal else None


GAME = GameSpec(
    id="toy",
    title="Toy",
    min_players=2,
    max_players=6,
    options=(OptionSpec(name="rounds", kind="int", default=3, label="Rounds", minimum=1, maximum=20),),
    commands=(Pick, Reveal),
    events=(Picked, Revealed),
    initial_state=initial_state,
    decide=decide,
    evolve=evolve,
    view=view,
    legal_commands=legal_commands,
    next_timer=next_timer,
    is_terminal=is_terminal,
    outcome=outcome,
    bots={"random": RandomBot, "first": FirstBot},
)

assert SCREEN is not None
