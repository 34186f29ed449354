"""Building Splittissimo situations for given/when/then tests.

A situation is given as events (a ``Dealt`` with chosen cards, then the turn
beginning), folded by the engine's own ``evolve``, as a room would replay it.
Cards are picked by what they show, e.g. ``pick("order", "3/4", "tomato")``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.contract import ROOM
from games.splittissimo import GAME
from games.splittissimo import messages as ev
from games.splittissimo.cards import CARDS


class Picker:
    """Hands out distinct card ids matching a description."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def __call__(self, kind: str, text: str = "", *toppings: str) -> int:
        for card in CARDS:
            if card.id in self.used or card.kind != kind:
                continue
            if text and card.text != text:
                continue
            if toppings and tuple(sorted(card.toppings)) != tuple(sorted(toppings)):
                continue
            self.used.add(card.id)
            return card.id
        raise LookupError(f"no unused {kind} {text} {toppings}")

    def filler(self, kind: str, count: int, *avoid_toppings: str) -> tuple[int, ...]:
        """``count`` unused cards of ``kind`` (for decks), skipping cards with ``avoid_toppings``."""
        out = []
        for card in CARDS:
            if len(out) == count:
                break
            if card.id in self.used or card.kind != kind or set(avoid_toppings) & set(card.toppings):
                continue
            self.used.add(card.id)
            out.append(card.id)
        assert len(out) == count
        return tuple(out)


def given(
    level: str,
    hands: Sequence[Sequence[int]],
    *,
    table: Sequence[int] = (),
    piles: Sequence[Sequence[int]] = ((), (), ()),
    deck: Sequence[int] = (),
    first: int = 0,
    window: bool = False,
    **options: Any,
):
    """The state after a deal of exactly these cards and the first turn beginning."""
    setup = GAME.setup(len(hands), seed=7, options={"level": level, **options})
    events = [
        ev.Dealt(
            deck=tuple(deck),
            hands=tuple(tuple(h) for h in hands),
            table=tuple(table),
            piles=tuple(tuple(p) for p in piles),
            first=first,
        ),
        ev.TurnBegan(seat=first, turn=1, window=window),
    ]
    return GAME.replay(setup, events)


def run(state, actor: int, command: Any):
    """When ``actor`` sends ``command``: (events, state after)."""
    events = GAME.decide(state, actor, command)
    for event in events:
        state = GAME.evolve(state, event)
    return events, state


def close_window(state):
    return run(state, ROOM, GAME.next_timer(state).command)[1]


def kinds(events) -> list[str]:
    return [type(event).__name__ for event in events]


def play(players: int, seed: int, options: dict, bots: Sequence[str], max_steps: int = 5000):
    """Bots play one game the way ``server.selfplay`` drives it, keeping every step.

    Returns (setup, steps) where each step is (state before, actor, command,
    events, state after).
    """
    from games.contract import SeatViewer

    setup = GAME.setup(players, seed, options)
    state = GAME.initial_state(setup)
    seat_bots = [GAME.bots[name](seat, seed * 10 + seat) for seat, name in enumerate(bots)]
    steps = []
    for step in range(max_steps):
        if GAME.is_terminal(state):
            break
        actor = command = None
        for offset in range(players):
            seat = (step + offset) % players
            legal = GAME.legal_commands(state, seat)
            if legal:
                choice = seat_bots[seat].act(GAME.view(state, SeatViewer(seat)), legal)
                if choice is not None:
                    actor, command = seat, choice
                    break
        if command is None:
            actor, command = ROOM, GAME.next_timer(state).command
        events, after = run(state, actor, command)
        steps.append((state, actor, command, events, after))
        state = after
    assert GAME.is_terminal(state), "game did not finish"
    return setup, steps
