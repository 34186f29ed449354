"""Commands (what a seat or the room asks) and events (what was decided).

Commands are imperative, events past tense (DESIGN.md section 6).  Every
field is a wire type: int, str, bool, None and tuples of them.  Slices are
named by their component id (``components.SLICES``); portions by their index
in the round's portion list, which keeps ring order.
"""

from __future__ import annotations

import attrs

# --- commands ----------------------------------------------------------------


@attrs.frozen
class DealPizza:
    """Sent by the room (a 0 ms timer) to shuffle and pick the first Slicer."""


@attrs.frozen
class ChooseStack:
    stack: int


@attrs.frozen
class CallDibs:
    slice: int


@attrs.frozen
class DeclineDibs:
    pass


@attrs.frozen
class SliceRing:
    """Cut the ring just before each ring position in ``cuts`` (increasing).

    Portion ``i`` starts at ``cuts[i]``; ``special`` is the portion the Special
    joins, or ``None`` for a Special-only portion of its own.
    """

    cuts: tuple[int, ...]
    special: int | None


@attrs.frozen
class CutInLine:
    pass


@attrs.frozen
class DeclineCutInLine:
    pass


@attrs.frozen
class SneakSlice:
    """Move the end slice of ``portion`` into its neighbour on that side.

    ``clockwise`` moves the portion's last slice to the front of the next
    portion clockwise; otherwise its first slice joins the end of the previous one.
    """

    portion: int
    clockwise: bool


@attrs.frozen
class DeclineSneak:
    pass


@attrs.frozen
class ChoosePortion:
    portion: int


@attrs.frozen
class CollectSlice:
    """Collect a slice face up (or keep one already collected when offered).

    ``attach`` names the type the Supreme joins, when this collection decides
    it (collecting the Supreme itself, or the first slice after it).
    """

    slice: int
    attach: int | None = None


@attrs.frozen
class EatSlice:
    slice: int


@attrs.frozen
class EatSeconds:
    slice: int


@attrs.frozen
class FinishSeconds:
    pass


COMMANDS: tuple[type, ...] = (
    DealPizza, ChooseStack, CallDibs, DeclineDibs, SliceRing, CutInLine, DeclineCutInLine,
    SneakSlice, DeclineSneak, ChoosePortion, CollectSlice, EatSlice, EatSeconds, FinishSeconds,
)


# --- events ------------------------------------------------------------------


@attrs.frozen
class PizzaDealt:
    """The shuffle, recorded once: stacks, their Specials, leftovers, reserve."""

    stacks: tuple[tuple[int, ...], ...]
    stack_specials: tuple[str, ...]
    leftovers: tuple[int, ...]
    reserve: tuple[str, ...]
    removed: tuple[int, ...]


@attrs.frozen
class FirstSlicerChosen:
    seat: int
    at_random: bool


@attrs.frozen
class StackChosen:
    seat: int
    stack: int
    special: str
    ring: tuple[int, ...]


@attrs.frozen
class SpecialReplaced:
    """A Special that could not be used was swapped for one from the reserve."""

    old: str
    new: str


@attrs.frozen
class DibsOffered:
    seat: int


@attrs.frozen
class DibsCalled:
    seat: int
    slice: int


@attrs.frozen
class DibsDeclined:
    seat: int


@attrs.frozen
class RingSliced:
    """Portions as slice ids in ring order; ``special_portion`` None: alone (appended)."""

    seat: int
    portions: tuple[tuple[int, ...], ...]
    special_portion: int | None
    order: tuple[int, ...]


@attrs.frozen
class CutInLineOffered:
    seat: int


@attrs.frozen
class CutInLineUsed:
    seat: int


@attrs.frozen
class CutInLineDeclined:
    seat: int


@attrs.frozen
class SneakOffered:
    seat: int


@attrs.frozen
class SliceSneaked:
    seat: int
    slice: int
    source: int
    target: int
    clockwise: bool


@attrs.frozen
class SneakDeclined:
    seat: int


@attrs.frozen
class PortionChosen:
    seat: int
    portion: int


@attrs.frozen
class SpecialGained:
    """``offers``: collected slices the Special now lets its owner eat."""

    seat: int
    special: str
    offers: tuple[int, ...]


@attrs.frozen
class MysterySliceDrawn:
    seat: int
    slice: int


@attrs.frozen
class SliceCollected:
    """``supreme_type``: the type the Supreme attaches to by this collection, if any."""

    seat: int
    slice: int
    supreme_type: int | None


@attrs.frozen
class SliceEaten:
    seat: int
    slice: int


@attrs.frozen
class SliceKept:
    """An offered collected slice stays collected."""

    seat: int
    slice: int


@attrs.frozen
class CollectedSliceEaten:
    """An offered collected slice (Combo Craving, You Love Veggies) is eaten."""

    seat: int
    slice: int


@attrs.frozen
class RoundEnded:
    round: int
    next_slicer: int


@attrs.frozen
class SecondsOffered:
    seat: int


@attrs.frozen
class SecondsEaten:
    seat: int
    slice: int
    pizza_type: int


@attrs.frozen
class SecondsFinished:
    seat: int


@attrs.frozen
class GameEnded:
    totals: tuple[int, ...]
    winners: tuple[int, ...]


EVENTS: tuple[type, ...] = (
    PizzaDealt, FirstSlicerChosen, StackChosen, SpecialReplaced, DibsOffered, DibsCalled,
    DibsDeclined, RingSliced, CutInLineOffered, CutInLineUsed, CutInLineDeclined, SneakOffered,
    SliceSneaked, SneakDeclined, PortionChosen, SpecialGained, MysterySliceDrawn, SliceCollected,
    SliceEaten, SliceKept, CollectedSliceEaten, RoundEnded, SecondsOffered, SecondsEaten,
    SecondsFinished, GameEnded,
)

#: Any New York Slice command or event, for type checking.
Command = (
    DealPizza | ChooseStack | CallDibs | DeclineDibs | SliceRing | CutInLine | DeclineCutInLine
    | SneakSlice | DeclineSneak | ChoosePortion | CollectSlice | EatSlice | EatSeconds | FinishSeconds
)
Event = (
    PizzaDealt | FirstSlicerChosen | StackChosen | SpecialReplaced | DibsOffered | DibsCalled
    | DibsDeclined | RingSliced | CutInLineOffered | CutInLineUsed | CutInLineDeclined | SneakOffered
    | SliceSneaked | SneakDeclined | PortionChosen | SpecialGained | MysterySliceDrawn | SliceCollected
    | SliceEaten | SliceKept | CollectedSliceEaten | RoundEnded | SecondsOffered | SecondsEaten
    | SecondsFinished | GameEnded
)
