"""A seat's ``legal`` list on the wire: commands, and patterns that stand for many.

The hub sends each phone the commands its seat may send now
(docs/protocol.md, "Legal commands").  Most entries are commands exactly as
they must be sent back.  A family too long to list (New York Slice's
Slicer may cut a 12-slice ring 4,455 ways for 5 players: 160 KB a turn) is
one **pattern** entry instead: a command map in which some fields hold a
map of ``$``-keys standing for many values:

* ``{"$choose": k, "$below": n}``: any increasing list of ``k`` distinct
  integers from ``0`` to ``n - 1``;
* ``{"$one_of": [a, b, ...]}``: any one of the values listed.

No command has a field holding a map with ``$``-keys, so an entry is a
pattern exactly when one of its fields does.  The hub makes them from the
game's ``legal_patterns`` (games/contract.py); clients (tests, the load
tester) use :func:`is_legal`, :func:`matches` and :func:`expand`.

Pure functions over plain wire maps: no I/O.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Any

from games.contract import Choose, OneOf, Pattern
from protocol.gamecodec import to_wire
from protocol.patch import same

CHOOSE, BELOW, ONE_OF = "$choose", "$below", "$one_of"


def listed_wire(listed: Iterable[Any]) -> list[Any]:
    """A game's legal list (commands and :class:`~games.contract.Pattern` values) as wire maps."""
    return [pattern_wire(item) if isinstance(item, Pattern) else to_wire(item) for item in listed]


def pattern_wire(pattern: Pattern) -> dict[str, Any]:
    """One pattern as its wire map: the command's ``type`` and its fields, in the command's order."""
    out: dict[str, Any] = {"type": pattern.command.__name__}
    for name, value in pattern.fields:
        if isinstance(value, Choose):
            out[name] = {CHOOSE: value.count, BELOW: value.below}
        elif isinstance(value, OneOf):
            out[name] = {ONE_OF: [to_wire(item) for item in value.values]}
        else:
            out[name] = to_wire(value)
    return out


def _is_rule(value: Any) -> bool:
    return type(value) is dict and any(type(key) is str and key.startswith("$") for key in value)


def is_pattern(entry: dict[str, Any]) -> bool:
    """Whether a ``legal`` entry stands for many commands rather than being one."""
    return any(_is_rule(value) for value in entry.values())


def _field_matches(rule: Any, value: Any) -> bool:
    if not _is_rule(rule):
        return same(rule, value)
    if CHOOSE in rule:
        k, n = rule[CHOOSE], rule[BELOW]
        return (
            type(value) is list
            and len(value) == k
            and all(type(item) is int and 0 <= item < n for item in value)
            and all(a < b for a, b in zip(value, value[1:]))
        )
    if ONE_OF in rule:
        return any(same(option, value) for option in rule[ONE_OF])
    raise ValueError(f"unknown pattern rule {sorted(rule)}")


def matches(entry: dict[str, Any], command: dict[str, Any]) -> bool:
    """Whether ``command`` (a command map) is the legal entry ``entry`` or one that pattern stands for."""
    if set(entry) != set(command):
        return False
    return all(_field_matches(rule, command[key]) for key, rule in entry.items())


def is_legal(legal: Sequence[dict[str, Any]] | None, command: dict[str, Any]) -> bool:
    """Whether ``command`` is among what ``legal`` (a state's list) allows."""
    return any(matches(entry, command) for entry in legal or ())


def _values(rule: Any) -> list[Any]:
    if not _is_rule(rule):
        return [rule]
    if CHOOSE in rule:
        return [list(combo) for combo in itertools.combinations(range(rule[BELOW]), rule[CHOOSE])]
    if ONE_OF in rule:
        return list(rule[ONE_OF])
    raise ValueError(f"unknown pattern rule {sorted(rule)}")


def expand(legal: Sequence[dict[str, Any]] | None) -> list[dict[str, Any]]:
    """Every command ``legal`` allows, in order: a pattern's commands vary its last field fastest."""
    out: list[dict[str, Any]] = []
    for entry in legal or ():
        if not is_pattern(entry):
            out.append(entry)
            continue
        keys = list(entry)
        for values in itertools.product(*(_values(entry[key]) for key in keys)):
            out.append(dict(zip(keys, values)))
    return out
