"""The last step of a fan-out: each socket of a room is queued the messages its class was made.

server/fanout.py works out, once per change, every viewer class's view and
its diff (the public part, the same for every class, and each class's
private part).  What is left runs once per **socket**, for every socket of
the room on every move: queue a whole ``state`` for a socket new to the
room (or one that fell too far behind), else the public change and then the
class's private change.  Each message is encoded once, the first time a
socket needs it, and the very same bytes go to every socket it is for.

This is the pure twin of ``server/fastlane/_delivery.pyx``, which does the
same with the socket's fields in a C structure (:class:`Receiver`, the base
of ``server.client.Client``) and the compiled send queue's methods called
directly; the hub runs that one when it was built (``server.fastlane``).
tests/server/test_fastlane_delivery.py holds the two equal on random rooms.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Receiver:
    """What fan-out reads and writes of one socket; ``server.client.Client`` builds on it.

    ``key`` is the viewer class (sockets with the same key are sent the same
    bytes), ``text`` whether the socket speaks JSON, ``outbox`` its send
    queue, and ``shown`` the view memory (``server.fanout.ViewMemory``) whose
    view of its class the socket holds, once it has been sent a whole state.
    ``role`` and ``_player`` are ``Client``'s, here so that the compiled twin
    holds them in its C structure too: the turn reads them on every move
    (server/fastlane/_turn.pyx).
    """

    def __init__(self) -> None:
        self.key: tuple = ()
        self.text = False
        self.outbox: Any = None
        self.shown: Any = None
        self.role: Any = None
        self._player: int | None = None


def viewer_classes(clients: list[Any]) -> dict[tuple, None]:
    """The viewer classes of ``clients``, each once, in the order of their first socket."""
    return {client.key: None for client in clients}


def deliver(
    clients: list[Any],
    memory: object,
    current: dict[tuple, Any],
    public: list,
    private: dict[tuple, list],
    changed: bool,
    v: int,
    encode_state: Callable[..., bytes | str],
    encode_change: Callable[..., bytes | str],
) -> int:
    """Queue every socket its messages for view version ``v``; returns how many messages were encoded.

    ``current`` holds each class's whole view (as ``encode_state`` takes
    it: fan-out passes its view rows), ``public`` the ops every
    class's diff shares and ``private`` each class's own ops (a class absent
    from it has no diff: its sockets get a whole state); ``changed`` is False
    when nothing changed at all.  A socket not yet shown ``memory``, or one
    whose queue refuses a change (too many waiting), gets its class's whole
    state instead, and is marked as shown ``memory``.
    """
    encodes = 0
    # whole states by (class, text), the public change by text, private parts by (class, text)
    states: dict[tuple[tuple, bool], bytes | str] = {}
    publics: dict[bool, bytes | str] = {}
    privates: dict[tuple[tuple, bool], bytes | str] = {}

    def full(key: tuple, text: bool) -> bytes | str:
        nonlocal encodes
        data = states.get((key, text))
        if data is None:
            data = states[(key, text)] = encode_state(current[key], v, text=text)
            encodes += 1
        return data

    for client in clients:
        key, text, outbox = client.key, client.text, client.outbox
        if client.shown is not memory or key not in private:
            outbox.state(full(key, text))
            client.shown = memory
            continue
        if not changed:
            continue
        data = publics.get(text)
        if data is None:
            data = publics[text] = encode_change(public, v, v - 1, text=text)
            encodes += 1
        if not outbox.change(data):
            outbox.state(full(key, text))
            continue
        mine = private[key]
        if mine:  # what changed in this class's view but not in every class's
            data = privates.get((key, text))
            if data is None:
                data = privates[(key, text)] = encode_change(mine, v, v, text=text)
                encodes += 1
            if not outbox.change(data):
                outbox.state(full(key, text))
    return encodes
