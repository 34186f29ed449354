"""Fan-out's last step, compiled (server/fastlane/_delivery.pyx) and pure (server/delivery.py), queue the same.

Given a random room (sockets of a few viewer classes, binary or text, new
to the room or not, each with a send queue of one of the kinds the hub
uses: the compiled queue, its pure twin, or a cluster relay's; some nearly
full, some closed) and a random diff (the public ops, each class's private
ops or none), both twins are run on twin sockets set up alike.  Every
encoding asked for, the count returned, every queued frame and dropped
state, and which sockets end up shown the memory are the same.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server import delivery as pure
from server.outbox import Outbox as PureOutbox

try:
    from server.fastlane import _delivery as compiled
    from server.fastlane._outbox import Outbox as CompiledOutbox
except ImportError:  # no compiler at install time: only the pure twin exists
    compiled = None

pytestmark = pytest.mark.skipif(compiled is None, reason="the compiled fast lane was not built")

HOST, SPECTATORS = ("host",), ("spectators",)
CLASSES = [HOST, ("player", 1), ("player", 2), ("player", 3), SPECTATORS]


class Relay:
    """A queue that is not the compiled one (a cluster node's relay): fan-out calls its Python methods."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._items: list[tuple[str, Any]] = []
        self.dropped_states = 0

    def change(self, data: Any) -> bool:
        if sum(kind == "change" for kind, _ in self._items) >= self.limit:
            return False
        self._items.append(("change", data))
        return True

    def state(self, data: Any) -> None:
        self.dropped_states += len(self._items)
        self._items = [("state", data)]


class Memory:
    """Stands for fan-out's view memory: only its identity matters here."""


sockets = st.lists(
    st.fixed_dictionaries({
        "key": st.sampled_from(CLASSES),
        "text": st.booleans(),
        "shown": st.sampled_from(["memory", "none", "other"]),
        "queue": st.sampled_from(["compiled", "pure", "relay"]),
        "limit": st.integers(1, 3),
        "waiting": st.integers(0, 3),  # changes already queued: a queue at its limit refuses the next
        "closed": st.booleans(),
    }),
    max_size=12,
)
op_lists = st.lists(st.tuples(st.lists(st.sampled_from(["game", "lobby", 0, 1]), max_size=3), st.integers(0, 9)), max_size=3)
diffs = st.fixed_dictionaries({
    "public": op_lists,
    "private": st.dictionaries(st.sampled_from(CLASSES), op_lists),
    "changed": st.booleans(),
    "v": st.integers(1, 1000),
})


def _queue(kind: str, limit: int) -> Any:
    if kind == "relay":
        return Relay(limit)
    return (CompiledOutbox if kind == "compiled" else PureOutbox)(limit)


def _room(receiver: type, specs: list[dict], memory: Memory) -> list[Any]:
    """Sockets of class ``receiver`` set up as ``specs`` say."""
    out = []
    for spec in specs:
        socket = receiver()
        socket.key, socket.text = spec["key"], spec["text"]
        socket.shown = {"memory": memory, "none": None, "other": Memory()}[spec["shown"]]
        socket.outbox = _queue(spec["queue"], spec["limit"])
        for n in range(spec["waiting"]):
            socket.outbox.change(b"old-%d" % n)
        if spec["closed"] and spec["queue"] != "relay":
            socket.outbox.close(1000, "bye")
        out.append(socket)
    return out


def _run(twin: Any, receiver: type, specs: list[dict], diff: dict) -> list[Any]:
    """Everything observable after ``twin.deliver`` on a room set up from ``specs``."""
    memory = Memory()
    clients = _room(receiver, specs, memory)
    current = {key: {"view of": key} for key in CLASSES}
    asked: list[tuple] = []

    def encode_state(view: dict, v: int, *, text: bool = False) -> bytes | str:
        asked.append(("state", view["view of"], v, text))
        data = f"state {view['view of']} {v}"
        return data if text else data.encode()

    def encode_change(ops: list, v: int, base: int, *, text: bool = False) -> bytes | str:
        asked.append(("change", repr(ops), v, base, text))
        data = f"change {ops!r} {v} {base}"
        return data if text else data.encode()

    encodes = twin.deliver(clients, memory, current, diff["public"], diff["private"], diff["changed"], diff["v"],
                           encode_state, encode_change)
    classes = list(twin.viewer_classes(clients))
    queued = [(list(c.outbox._items), c.outbox.dropped_states, c.shown is memory) for c in clients]
    return [encodes, asked, classes, queued]


@settings(max_examples=400, deadline=None)
@given(specs=sockets, diff=diffs)
def test_both_twins_queue_the_same(specs: list[dict], diff: dict) -> None:
    assert _run(compiled, compiled.Receiver, specs, diff) == _run(pure, pure.Receiver, specs, diff)


def test_each_message_is_encoded_once_and_shared():
    """Two phones of one class and a TV: one public change, one private part, the same objects queued."""
    specs = [dict(key=("player", 1), text=False, shown="memory", queue="compiled", limit=3, waiting=0, closed=False)] * 2
    specs += [dict(key=HOST, text=False, shown="memory", queue="compiled", limit=3, waiting=0, closed=False)]
    diff = {"public": [(["game"], 1)], "private": {("player", 1): [(["you"], 2)], HOST: []}, "changed": True, "v": 7}
    for twin, receiver in ((compiled, compiled.Receiver), (pure, pure.Receiver)):
        memory = Memory()
        clients = _room(receiver, specs, memory)
        encodes = twin.deliver(clients, memory, {}, diff["public"], diff["private"], True, 7,
                               lambda view, v, text=False: b"state", lambda ops, v, base, text=False: repr((ops, v, base)).encode())
        phone, other, tv = (c.outbox._items for c in clients)
        assert encodes == 2
        assert [data for _, data in phone] == [b"([(['game'], 1)], 7, 6)", b"([(['you'], 2)], 7, 7)"]
        assert all(a[1] is b[1] for a, b in zip(phone, other))  # the very same bytes to both phones
        assert tv[0][1] is phone[0][1] and len(tv) == 1  # the public change only: the TV has no private part


def test_a_socket_new_to_the_room_or_behind_gets_a_whole_state():
    """Not shown this memory: a state (and it is marked shown); a queue at its limit: a state instead of the change."""
    for twin, receiver in ((compiled, compiled.Receiver), (pure, pure.Receiver)):
        memory = Memory()
        specs = [dict(key=HOST, text=True, shown="none", queue="pure", limit=3, waiting=0, closed=False),
                 dict(key=HOST, text=True, shown="memory", queue="compiled", limit=1, waiting=1, closed=False)]
        clients = _room(receiver, specs, memory)
        twin.deliver(clients, memory, {HOST: {}}, [("x", 1)], {HOST: []}, True, 3,
                     lambda view, v, text=False: "whole", lambda ops, v, base, text=False: "change")
        assert [c.shown is memory for c in clients] == [True, True]
        assert [item[1] for item in clients[0].outbox._items] == ["whole"]
        assert [item[1] for item in clients[1].outbox._items] == ["whole"]
        assert clients[1].outbox.dropped_states == 1


def test_the_hubs_sockets_are_the_lanes_receivers():
    """Every kind of socket the hub makes is the running lane's Receiver: the compiled step takes no other."""
    from server import fastlane
    from server.client import Client

    client = Client(text=False, role="player", address="1.2.3.4", queue=4)
    assert isinstance(client, fastlane.Receiver)
    client.player = 2
    assert client.key == ("player", 2) and client.outbox is not None and client.shown is None
    memory = Memory()
    assert fastlane.deliver([client], memory, {("player", 2): {}}, [], {}, False, 1,
                            lambda view, v, text=False: b"whole", lambda *a, **k: b"change") == 1
    assert client.shown is memory and [data for _, data in client.outbox._items] == [b"whole"]
