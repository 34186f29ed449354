"""The generic codec for game commands, events, views and outcomes.

Any game that follows the wire-format rules of games/contract.py (attrs
frozen classes over int, str, bool, None, Fraction, tuples and nested attrs
values) is carried without game-specific code: each attrs value becomes a
map of its fields plus ``"type"`` (its class name), tuples become lists and
fractions ``"n/d"`` strings.  Commands and events are routed back to their
classes by ``"type"``, looked up in the game's ``GameSpec``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import cattrs

from protocol import errors
from protocol.convert import TAG, describe, make_converter

_converter = make_converter(tag=True)

#: At most this many commands are kept per game (:meth:`GameCodec.command`); then the memory starts again.
MADE_LIMIT = 4096


def to_wire(value: Any) -> Any:
    """Any game value (command, event, view, outcome) as plain wire data."""
    return _converter.unstructure(value)


def command_key(value: dict[str, Any]) -> tuple[Any, ...]:
    """What :class:`GameCodec` keeps a command map's command by (unhashable when it is never kept).

    Each entry holds the value's type, so ``1``, ``1.0`` and ``True``
    (equal in Python) stay apart.  A list of plain values (a space's
    coordinates, the cards of a trick) becomes a tuple of its items with
    their types; a map, or a list holding a list or a map, leaves the key
    unhashable, and such a command is structured every time.
    """
    parts = []
    for k, v in value.items():
        if type(v) is list:
            parts.append((k, list, tuple([(type(x), x) for x in v])))
        else:
            parts.append((k, type(v), v))
    return tuple(parts)


class GameCodec:
    """Converts one game's commands and events by class name."""

    def __init__(self, commands: Iterable[type], events: Iterable[type]) -> None:
        self._commands = {cls.__name__: cls for cls in commands}
        self._events = {cls.__name__: cls for cls in events}
        #: Each command class's structuring function, taken from the converter at its first
        #: use: every move decodes one, and asking the converter dispatches by class each time.
        self._hooks: dict[type, Any] = {}
        #: Commands already made from a map (:meth:`command`), by :func:`command_key`.
        self._made: dict[tuple[Any, ...], Any] = {}

    @classmethod
    def for_game(cls, spec: Any) -> GameCodec:
        return cls(spec.commands, spec.events)

    def command(self, value: Any) -> Any:
        """A client's command map as the game's command; :class:`BadCommand` otherwise.

        Players send the same few commands again and again (the same cut, the
        same card), and a command is a frozen value: a map made into a command
        before gives the very same command object again (:meth:`cached`),
        without structuring it anew.  Refusals are never kept, so a bad map is
        refused with its reason every time.
        """
        made = self.cached(value)
        if made is not None:
            return made
        made = self._command(value)
        try:
            key = command_key(value)
            hash(key)
        except TypeError:  # a map in it: structured every time
            return made
        if len(self._made) >= MADE_LIMIT:
            self._made.clear()
        self._made[key] = made
        return made

    def cached(self, value: Any) -> Any:
        """The command this codec made from a map equal to ``value`` before, or None.

        The room's compiled turn (server/fastlane/_turn.pyx) asks this too: a
        command found here needs no structuring and cannot be refused by the
        codec.
        """
        if type(value) is not dict:
            return None
        try:
            return self._made.get(command_key(value))
        except TypeError:  # a map in it: never kept
            return None

    def _command(self, value: Any) -> Any:
        if not isinstance(value, dict) or type(value.get(TAG)) is not str:
            raise errors.BadCommand("a command is a map with a string 'type'")
        cls = self._commands.get(value[TAG])
        if cls is None:
            raise errors.BadCommand(f"this game has no command {value[TAG][:40]!r}")
        hook = self._hooks.get(cls)
        if hook is None:
            hook = self._hooks[cls] = _converter.get_structure_hook(cls)
        try:
            return hook(value, cls)
        except (cattrs.BaseValidationError, TypeError, ValueError) as exc:
            raise errors.BadCommand(f"{cls.__name__}: {describe(exc)}") from None

    def event(self, value: Any) -> Any:
        """A stored event map back as the game's event (a failure here is our bug)."""
        cls = self._events[value[TAG]]
        return _converter.structure(value, cls)
