"""Per-game secret oracles for secret audits: states that differ only in what a viewer may not know.

Used by ``pizzanight loadtest --audit`` and by tests/server/test_secret_audit.py.

``variants(game, state, seat)`` yields copies of ``state`` in which the
secrets hidden from ``seat`` (None: the screen or a spectator) are changed:
another seat's pending cut (Pizza Theory), the face-down stacks, leftovers,
reserve and other seats' eaten slices (New York Slice), other hands and the
deck order (Splittissimo).  A view that leaks nothing is the same for every
variant.  The variants keep every public fact (counts, sizes) unchanged.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs


def _rotate(items: tuple, by: int = 1) -> tuple:
    return items[by:] + items[:by] if items else items


def pizza_theory(state: Any, seat: int | None) -> Iterator[Any]:
    cuts = list(state.cuts)
    others = [s for s, cut in enumerate(cuts) if cut is not None and s != seat]
    if not others:
        return
    for shift in (1, 3):
        changed = list(cuts)
        for s in others:
            changed[s] = (cuts[s] - 1 + shift) % 6 + 1
        yield attrs.evolve(state, cuts=tuple(changed))


def new_york_slice(state: Any, seat: int | None) -> Iterator[Any]:
    # Face-down stacks: the same sizes, other slices.
    flat = [slice_ for stack in state.stacks for slice_ in stack]
    if len(flat) > 1:
        moved = _rotate(tuple(flat))
        stacks, at = [], 0
        for stack in state.stacks:
            stacks.append(tuple(moved[at : at + len(stack)]))
            at += len(stack)
        yield attrs.evolve(state, stacks=tuple(stacks))
    if len(state.stack_specials) > 1:
        yield attrs.evolve(state, stack_specials=_rotate(tuple(state.stack_specials)))
    if len(state.leftovers) > 1:
        yield attrs.evolve(state, leftovers=tuple(reversed(state.leftovers)))
    if len(state.reserve) > 1:
        yield attrs.evolve(state, reserve=_rotate(tuple(state.reserve)))
    # Another seat's eaten slices swapped with leftovers (same count).
    for s, info in enumerate(state.seats):
        if s == seat or not info.eaten or len(state.leftovers) < len(info.eaten):
            continue
        swapped = tuple(state.leftovers[: len(info.eaten)])
        seats = list(state.seats)
        seats[s] = attrs.evolve(info, eaten=swapped)
        yield attrs.evolve(state, seats=tuple(seats), leftovers=tuple(info.eaten) + tuple(state.leftovers[len(info.eaten):]))


def splittissimo(state: Any, seat: int | None) -> Iterator[Any]:
    if len(state.deck) > 1:
        yield attrs.evolve(state, deck=tuple(reversed(state.deck)))
    for s, hand in enumerate(state.hands):
        if s == seat or not hand or len(state.deck) < len(hand):
            continue
        hands = list(state.hands)
        hands[s] = tuple(state.deck[: len(hand)])
        yield attrs.evolve(state, hands=tuple(hands), deck=tuple(hand) + tuple(state.deck[len(hand):]))
    # Only a pile's top card (index 0) is face up.
    if any(len(pile) > 2 for pile in state.piles):
        piles = tuple(pile[:1] + tuple(reversed(pile[1:])) if len(pile) > 2 else pile for pile in state.piles)
        yield attrs.evolve(state, piles=piles)


ORACLES = {"pizza_theory": pizza_theory, "new_york_slice": new_york_slice, "splittissimo": splittissimo}
