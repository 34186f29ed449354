"""The game contract every Pizza Night game follows (DESIGN.md section 3).

A game is a module exposing plain functions over frozen attrs values, in the
style of the *decider* pattern:

``initial_state(setup) -> State``
    The state before any event.  Setup carries the seat count, the options
    and the seed.  Everything random is derived from the seed *inside*
    ``decide`` and recorded in events.
``decide(state, actor, command) -> list[Event]``
    All rule checks.  ``actor`` is a seat index, or ``ROOM`` for commands the
    room itself sends (timers).  Illegal commands raise :class:`Rejected`.
    Any other exception is a bug.
``evolve(state, event) -> State``
    Applies a decided fact: no checks, no randomness, never rejects.
``view(state, viewer) -> View``
    Everything a viewer may know.  It is the only way game data leaves the
    server, which is why it is mandatory.
``legal_commands(state, seat) -> Sequence[Command]``
    Every command ``seat`` may send now (empty when it has nothing to do).
    Used by bots, by the hub to tell whose turn it is, and by phones.
``legal_patterns(state, seat) -> Sequence[Command | Pattern] | None`` (optional)
    The same commands for a phone, with a family too large to list
    (New York Slice's 4,455 ways to cut a 12-slice ring for 5 players) given
    as one :class:`Pattern`; None when there is nothing to shorten.  Expanding
    the patterns (:func:`expand`) gives ``legal_commands`` exactly, in order.
``next_timer(state) -> Timer | None``
    A command the room must send itself after a delay (a reaction window
    closing, say).  The room actor owns the clock; the game only asks.
``is_terminal(state)``, ``outcome(state) -> Outcome``.

Each game module also exposes ``GAME``: a :class:`GameSpec` naming all of the
above plus its command and event classes, its options schema, its bots and
its hints.  The registry (``games.registry``) finds games by id.

Every game has the same layout (``messages``, ``codes``, ``options``,
``state``, ``rules``, ``views``, ``bot``, ``conformance``, plus modules of its
own named for what they hold); ``tests/games/test_layout.py`` keeps it so.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

import attrs

#: The type variables a game fills in: its state, commands, events and views.
StateT = TypeVar("StateT")
CommandT = TypeVar("CommandT")
EventT = TypeVar("EventT")
ViewT = TypeVar("ViewT")
ViewT_contra = TypeVar("ViewT_contra", contravariant=True)
CommandT_co = TypeVar("CommandT_co", covariant=True)

#: The actor for commands the room sends itself (timers, housekeeping).
ROOM = -1


# --- viewers -----------------------------------------------------------------


@attrs.frozen
class SeatViewer:
    """A player's phone: sees the public table plus its own hidden things."""

    seat: int


@attrs.frozen
class ScreenViewer:
    """The shared screen (TV, projector): public information only."""


@attrs.frozen
class SpectatorViewer:
    """Someone watching: public information only, and can never act."""


Viewer = SeatViewer | ScreenViewer | SpectatorViewer
SCREEN = ScreenViewer()
SPECTATOR = SpectatorViewer()


# --- setup and options -------------------------------------------------------


@attrs.frozen
class Setup:
    """How a game starts: seat count, host-chosen options and the seed.

    ``options`` holds only values that passed :func:`resolve_options`, so a game
    can read ``setup.options["name"]`` without defaults of its own.
    """

    players: int
    seed: int
    #: Values by option name; their type depends on the option's kind (int,
    #: bool, a choice, a tuple for "multi"), so each game reads its own.
    options: Mapping[str, Any] = attrs.field(factory=dict, hash=False)


@attrs.frozen
class OptionSpec:
    """One host-settable option, described well enough to draw a form.

    ``kind`` is ``"int"`` (with ``minimum``/``maximum``), ``"bool"``,
    ``"choice"`` (one of ``choices``) or ``"multi"`` (a subset of
    ``choices``, given as a tuple).
    """

    name: str
    kind: str
    default: Any
    label: str
    help: str = ""
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None


class OptionError(ValueError):
    """An option value a host sent is unknown or out of range."""


def resolve_options(specs: Sequence[OptionSpec], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Validate ``given`` against ``specs`` and fill in defaults.

    Raises :class:`OptionError` naming the offending option, so a host screen
    can show a precise message.
    """
    given = dict(given or {})
    out: dict[str, Any] = {}
    for spec in specs:
        value = given.pop(spec.name, spec.default)
        if spec.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionError(f"{spec.name}: expected a whole number")
            if spec.minimum is not None and value < spec.minimum:
                raise OptionError(f"{spec.name}: at least {spec.minimum}")
            if spec.maximum is not None and value > spec.maximum:
                raise OptionError(f"{spec.name}: at most {spec.maximum}")
        elif spec.kind == "bool":
            if not isinstance(value, bool):
                raise OptionError(f"{spec.name}: expected true or false")
        elif spec.kind == "choice":
            if value not in spec.choices:
                raise OptionError(f"{spec.name}: one of {', '.join(map(str, spec.choices))}")
        elif spec.kind == "multi":
            if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)):
                raise OptionError(f"{spec.name}: expected a list")
            value = tuple(sorted(set(value), key=spec.choices.index)) if all(
                v in spec.choices for v in value
            ) else None
            if not value:
                raise OptionError(f"{spec.name}: a non-empty subset of {', '.join(map(str, spec.choices))}")
        else:  # pragma: no cover - a bad spec is our bug, not the host's
            raise AssertionError(f"unknown option kind {spec.kind!r}")
        out[spec.name] = value
    if given:
        raise OptionError(f"unknown option {sorted(given)[0]!r}")
    return out


# --- rejection ---------------------------------------------------------------


class Code(str, enum.Enum):
    """Rejection codes every game shares.  Games add their own closed enums.

    A code is ``"area/reason"`` so a client can group them; the value is what
    goes on the wire.
    """

    NOT_YOUR_TURN = "move/not_your_turn"
    WRONG_PHASE = "move/wrong_phase"
    UNKNOWN_COMMAND = "move/unknown_command"
    GAME_OVER = "move/game_over"
    NOT_A_PLAYER = "move/not_a_player"


class Rejected(Exception):
    """An illegal command: the peer's fault, stores nothing, changes nothing."""

    def __init__(self, code: enum.Enum, detail: str = "", *, params: Mapping[str, str | int] | None = None) -> None:
        super().__init__(f"{code.value}: {detail}" if detail else code.value)
        self.code = code
        self.detail = detail
        #: Values the client's sentence for ``code`` needs (sent as the error frame's ``params``).
        self.params = dict(params) if params else None


class UnknownEvent(TypeError):
    """``evolve`` was handed an event it does not know: our bug, never the peer's.

    Every game's ``evolve`` raises it (events come only from ``decide`` and the
    store, so an unknown one means a bad log or a missing case in ``evolve``).
    """

    def __init__(self, event: object) -> None:
        super().__init__(f"unknown event {type(event).__name__}: {event!r}")
        self.event = event


# --- results and timers ------------------------------------------------------


@attrs.frozen
class Outcome:
    """How a finished game ended.

    ``winners`` may hold several seats (a shared win) or none (2-player Pizza
    Theory when the neutral colour fills the pizza).  ``scores`` is per seat
    where the game has scores; ``summary`` is a short human sentence.
    """

    winners: tuple[int, ...]
    #: Per seat: a number (int or Fraction) in every game so far.
    scores: tuple[Any, ...] = ()
    summary: str = ""


@attrs.frozen
class Timer(Generic[CommandT]):
    """Ask the room to send ``command`` as ``ROOM`` after ``delay_ms``.

    ``key`` identifies the request: the room keeps one timer per distinct
    key and forgets it when ``next_timer`` stops returning it, so a game can
    cancel a timer simply by moving on.
    """

    key: str
    delay_ms: int
    command: CommandT


# --- bots --------------------------------------------------------------------


class Bot(Protocol[ViewT_contra, CommandT_co]):
    """A computer player for one seat.

    It sees only what its seat sees: the seat's view and its legal commands.
    Returning ``None`` means "nothing now" (declining an optional interrupt).
    """

    def act(self, view: ViewT_contra, legal: Sequence[Any]) -> CommandT_co | None: ...


BotFactory = Callable[[int, int], Bot[Any, Any]]
"""``factory(seat, seed) -> Bot``."""


# --- patterns of legal commands ---------------------------------------------------


@attrs.frozen
class Choose:
    """In a :class:`Pattern`: any increasing tuple of ``count`` numbers from ``0`` to ``below - 1``."""

    count: int
    below: int


@attrs.frozen
class OneOf:
    """In a :class:`Pattern`: any one of ``values``."""

    values: tuple[Any, ...]


@attrs.frozen
class Pattern:
    """Every ``command`` (a command class) whose fields are as ``fields`` says, in the order :func:`expand` lists them.

    ``fields`` names every field of the command, in the class's order; each
    is a plain value, a :class:`Choose` or a :class:`OneOf`.
    """

    command: type
    fields: tuple[tuple[str, Any], ...]


def expand(listed: Sequence[Any]) -> list[Any]:
    """The commands ``listed`` stands for: commands as they are, each pattern's in place, in order.

    A pattern's commands vary the last field fastest: a :class:`Choose` runs
    through ``itertools.combinations`` order, a :class:`OneOf` through its values.
    """
    out: list[Any] = []
    for item in listed:
        if not isinstance(item, Pattern):
            out.append(item)
            continue
        names = [name for name, _ in item.fields]
        choices = [_choices(value) for _, value in item.fields]
        for values in itertools.product(*choices):
            out.append(item.command(**dict(zip(names, values))))
    return out


def _choices(value: Any) -> Sequence[Any]:
    if isinstance(value, Choose):
        return list(itertools.combinations(range(value.below), value.count))
    if isinstance(value, OneOf):
        return value.values
    return (value,)


# --- the game descriptor -----------------------------------------------------


@attrs.frozen
class GameSpec(Generic[StateT, CommandT, EventT, ViewT]):
    """Everything the rest of the system needs to know about one game.

    Generic over the game's state, command, event and view types, so a type
    checker sees that ``decide`` takes the game's own state and returns its
    own events; the server holds specs of several games as ``GameSpec[Any, ...]``.
    """

    id: str
    title: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]
    #: The classes the wire codec routes by name (``protocol.gamecodec``).
    commands: tuple[type, ...]
    events: tuple[type, ...]
    initial_state: Callable[[Setup], StateT]
    decide: Callable[[StateT, int, CommandT], list[EventT]]
    evolve: Callable[[StateT, EventT], StateT]
    view: Callable[[StateT, Viewer], ViewT]
    legal_commands: Callable[[StateT, int], Sequence[CommandT]]
    next_timer: Callable[[StateT], Timer[CommandT] | None]
    is_terminal: Callable[[StateT], bool]
    outcome: Callable[[StateT], Outcome | None]
    bots: Mapping[str, BotFactory] = attrs.field(hash=False)
    #: ``hint(state, seat)``: advice for one seat (an attrs value) or None; None here
    #: means the game offers no hints (the hub answers ``hint/unavailable``).
    hint: Callable[[StateT, int], object | None] | None = attrs.field(default=None, hash=False)
    #: ``legal_patterns(state, seat)``: the seat's legal commands with patterns for long
    #: families (what a phone is sent), or None; None here: phones get ``legal_commands``.
    legal_patterns: Callable[[StateT, int], Sequence[Any] | None] | None = attrs.field(default=None, hash=False)
    #: ``waiting_for(state)``: the seats whose move the game waits for now, which every viewer may know (whose
    #: turn it is). A seat whose only legal commands are optional (Splittissimo's Cancelled and Special Orders
    #: played on another's turn, from a hand nobody else sees) is not among them: the turn timer plays for these
    #: seats and its length reads who they are, so it must never depend on a hidden hand. None here: every seat
    #: with a legal command (games whose every legal command answers a move the game waits for).
    waiting_for: Callable[[StateT], Sequence[int]] | None = attrs.field(default=None, hash=False)
    #: ``deal_shortfall(setup)``: ``(cards there are, cards the deal needs)`` when the options leave too few
    #: cards to deal to ``setup.players`` (the host is refused before the game starts), else None.
    deal_shortfall: Callable[[Setup], tuple[int, int] | None] | None = attrs.field(default=None, hash=False)

    def setup(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> Setup:
        """A validated :class:`Setup` (raises :class:`OptionError`)."""
        if not self.min_players <= players <= self.max_players:
            raise OptionError(f"{self.title} takes {self.min_players}-{self.max_players} players")
        return Setup(players=players, seed=seed, options=resolve_options(self.options, options))

    def replay(self, setup: Setup, events: Sequence[EventT]) -> StateT:
        """Fold stored events onto the initial state."""
        state = self.initial_state(setup)
        for event in events:
            state = self.evolve(state, event)
        return state
