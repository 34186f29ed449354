"""One decision in progress: the events decided so far and the state they lead to.

``decide`` often sets off a chain of facts (a trick empties a pile, so the
piles are redealt; the last cut is chosen, so the cuts are revealed, so the
round ends).  Each next fact must be decided from the state the previous one
left, so every game's ``decide`` writes its events through one
:class:`Decisions`, which folds each event into a scratch state as it is
emitted, with the game's own ``evolve``.  Nothing is stored or sent from
here: ``decide`` returns ``decisions.events`` and the room does the rest.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

StateT = TypeVar("StateT")
EventT = TypeVar("EventT")


class Decisions(Generic[StateT, EventT]):
    """The events of one ``decide`` call, each folded into ``state`` as it is emitted."""

    __slots__ = ("state", "events", "_evolve")

    def __init__(self, state: StateT, evolve: Callable[[StateT, EventT], StateT]) -> None:
        self.state = state
        self.events: list[EventT] = []
        self._evolve = evolve

    def emit(self, event: EventT) -> None:
        """Record ``event`` and move the scratch state past it."""
        self.events.append(event)
        self.state = self._evolve(self.state, event)
