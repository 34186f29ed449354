"""Pizza Theory's commands and events: what players ask and what happened.

Both travel through cattrs + msgpack, so every field is an int, str, bool,
None, a tuple or another frozen attrs class.  A space on the wire is its cube
coordinates ``(x, y, z)`` (RULES-NOTES 1.1); colours are names.
"""

from __future__ import annotations

import attrs

SpaceXYZ = tuple[int, int, int]


# --- shared pieces -----------------------------------------------------------


@attrs.frozen
class Topping:
    """A topping of ``colour`` on ``space``."""

    space: SpaceXYZ
    colour: str


@attrs.frozen
class ColourCount:
    colour: str
    count: int


@attrs.frozen
class CutLaid:
    """A cutter on the board: ``seat`` is None for the 2-player neutral cutter."""

    seat: int | None
    colour: str
    family: str
    line: int


@attrs.frozen
class SliceReport:
    """One slice of a resolution: who led it and which toppings moved."""

    spaces: tuple[SpaceXYZ, ...]
    counts: tuple[ColourCount, ...]
    leaders: tuple[str, ...]
    removed: tuple[Topping, ...]
    placed: tuple[Topping, ...]


# --- commands ----------------------------------------------------------------


@attrs.frozen
class StartGame:
    """Sent by the room (``ROOM``) once: draws the starting player, sets out the X toppings."""


@attrs.frozen
class AddTopping:
    space: SpaceXYZ


@attrs.frozen
class RollNeutralDie:
    """2 players: the first player rolls the neutral colour's die."""


@attrs.frozen
class PlaceNeutralTopping:
    space: SpaceXYZ


@attrs.frozen
class ChooseCut:
    line: int


COMMANDS = (StartGame, AddTopping, RollNeutralDie, PlaceNeutralTopping, ChooseCut)


# --- events ------------------------------------------------------------------


@attrs.frozen
class GameStarted:
    """The random starting seat, every position's colour and the X toppings (RULES-NOTES 1.3, 1.6)."""

    players: int
    starting_seat: int
    colours: tuple[str, ...]  # by table position; position 2 is neutral with 2 players
    toppings: tuple[Topping, ...]


@attrs.frozen
class RoundStarted:
    """A round begins with the pizza in its new orientation (RULES-NOTES 1.3, 1.6)."""

    round: int
    order: tuple[int, ...]  # seats, in the order they add toppings
    families: tuple[str, ...]  # cut family facing each table position
    sectors: tuple[int, ...]  # sector index (0 = "1st") facing each table position


@attrs.frozen
class ToppingAdded:
    seat: int
    topping: Topping


@attrs.frozen
class ToppingSkipped:
    """A player could not add a topping: ``reason`` is ``"no_space"`` or ``"no_supply"``."""

    seat: int
    reason: str


@attrs.frozen
class NeutralDieRolled:
    seat: int
    line: int
    family: str


@attrs.frozen
class NeutralToppingPlaced:
    seat: int
    topping: Topping


@attrs.frozen
class NeutralToppingSkipped:
    seat: int
    reason: str


@attrs.frozen
class CutChosen:
    """A secret choice: ``view`` shows only that ``seat`` has chosen until the reveal."""

    seat: int
    line: int


@attrs.frozen
class CutsRevealed:
    round: int
    cuts: tuple[CutLaid, ...]


@attrs.frozen
class ToppingsReplaced:
    """The whole Replace Toppings step (RULES-NOTES 1.4), as decided by ``resolution.resolve``."""

    round: int
    slices: tuple[SliceReport, ...]
    safe: tuple[str, ...]
    removed: tuple[Topping, ...]
    placed: tuple[Topping, ...]
    short: tuple[ColourCount, ...]
    would_have: tuple[ColourCount, ...]


@attrs.frozen
class GameEnded:
    """``winners`` are seats (empty when both lose); ``reason`` says why it ended."""

    round: int
    winners: tuple[int, ...]
    colours: tuple[str, ...]
    reason: str


EVENTS = (
    GameStarted,
    RoundStarted,
    ToppingAdded,
    ToppingSkipped,
    NeutralDieRolled,
    NeutralToppingPlaced,
    NeutralToppingSkipped,
    CutChosen,
    CutsRevealed,
    ToppingsReplaced,
    GameEnded,
)

#: Any Pizza Theory command or event, for type checking.
Command = StartGame | AddTopping | RollNeutralDie | PlaceNeutralTopping | ChooseCut
Event = (
    GameStarted
    | RoundStarted
    | ToppingAdded
    | ToppingSkipped
    | NeutralDieRolled
    | NeutralToppingPlaced
    | NeutralToppingSkipped
    | CutChosen
    | CutsRevealed
    | ToppingsReplaced
    | GameEnded
)
