"""``counter``: the peer benchmark's game, the same room as the harness's Colyseus one.

The harness in ``../shared/bench-peers`` loads every server with the same
room: one screen and five phones, each phone sending ``Intent(n)`` twice a
second.  To compare platforms, not games, the game is as small as a game can
be while still going through the whole contract (games/contract.py): a
command decided by pure rules (``1 <= n <= 16`` or a refusal), an event that
is stored durably, folded, and shown through ``view``.

- Any seat may send ``Intent(n)`` at any time; there are no turns or timers,
  and the game never ends.
- ``Incremented(seat, n)`` adds one to that seat's counter, so a seat's
  counter is the number of its accepted intents: a driver can pair the k-th
  intent it sent with the k-th increment it sees.
- Every viewer sees every counter (nothing is secret).
"""

from __future__ import annotations

import enum

import attrs

from games.contract import Code, GameSpec, Rejected

#: The largest ``n`` an intent may carry (the Colyseus room checks the same).
MAX_N = 16


class CounterCode(str, enum.Enum):
    BAD_N = "counter/bad_n"


@attrs.frozen
class Intent:
    n: int


@attrs.frozen
class Incremented:
    seat: int
    n: int


@attrs.frozen
class Counters:
    """The state and, since nothing is hidden, every viewer's view."""

    counters: tuple[int, ...]


#: The legal commands of any seat: always the same sixteen, built once.
ALL_INTENTS = tuple(Intent(n) for n in range(1, MAX_N + 1))


def initial_state(setup):
    return Counters(counters=(0,) * setup.players)


def decide(state, seat, command):
    if not isinstance(command, Intent):
        raise Rejected(Code.UNKNOWN_COMMAND)
    if not 0 <= seat < len(state.counters):
        raise Rejected(Code.NOT_A_PLAYER)
    if not 1 <= command.n <= MAX_N:
        raise Rejected(CounterCode.BAD_N, f"n is 1 to {MAX_N}")
    return [Incremented(seat=seat, n=command.n)]


def evolve(state, event):
    if not isinstance(event, Incremented):
        raise TypeError(f"counter cannot fold {type(event).__name__}")
    counters = list(state.counters)
    counters[event.seat] += 1
    return Counters(counters=tuple(counters))


def view(state, viewer):
    return state  # frozen and fully public: the state is its own view


def legal_commands(state, seat):
    return ALL_INTENTS if 0 <= seat < len(state.counters) else ()


class OneBot:
    """The contract wants a bot (a host may hand a seat over): it always sends ``Intent(1)``."""

    def __init__(self, seat, seed):
        self.seat = seat

    def act(self, view, legal):
        return legal[0] if legal else None


GAME = GameSpec(
    id="counter",
    title="Counter (benchmark)",
    min_players=1,
    max_players=12,
    options=(),
    commands=(Intent,),
    events=(Incremented,),
    initial_state=initial_state,
    decide=decide,
    evolve=evolve,
    view=view,
    legal_commands=legal_commands,
    next_timer=lambda state: None,
    is_terminal=lambda state: False,
    outcome=lambda state: None,
    bots={"one": OneBot},
)
