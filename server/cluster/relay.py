"""Messages between hub nodes, over Redis pub/sub: one channel per node.

Why pub/sub and one channel per node (docs/deploy.md says more):

* What travels here is either a client frame on its way to the room's owner
  or a frame on its way back to a socket.  Neither needs to outlive the
  nodes: the room's log (the Redis Stream) is the only durable truth.  A
  frame lost in flight was never acknowledged, so the phone sends it again;
  a lost state is healed by the next full one (states are complete, not
  diffs), but only if one comes: the game may be waiting for that very
  phone, so a lost subscription sends relayed sockets to reconnect (below).
  Pub/sub costs one hop and no storage, where a stream per socket would need
  trimming and consumer bookkeeping for nothing.
* A node subscribes to its own channel only, so subscriptions do not churn
  as rooms move: the sender looks the owner up in the room's lease.
* A subscription that drops (Redis restarted, the link broke) is restored
  by redis-py inside ``get_message`` without a word, and whatever was
  published in between is gone: a state, a reply, a forwarded command.
  So the relay counts the subscribe confirmations it sees, and every one
  after the first calls ``on_resubscribed``; the hub then sends the relayed
  sockets off to reconnect (4503), which gives each a full, current state
  and answers every command in flight.  Publishes that fail for good are
  reported to ``on_dropped`` for the same reason.
* Messages to one node are batched per event-loop turn into a single
  PUBLISH, and identical payloads in a batch (the same state bytes for
  several sockets of one viewer class) are sent once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Callable
from typing import Any

import msgpack

LOG = logging.getLogger("pizzanight.cluster")

#: Messages waiting to be published, over all target nodes, before new ones are dropped.
MAX_PENDING = 20_000


def node_channel(prefix: str, node: str) -> str:
    return f"{prefix}:node:{{{node}}}"


def pack_batch(messages: list[dict]) -> bytes:
    """One batch: payloads (bytes or str) listed once, messages refer to them by index."""
    payloads: list[Any] = []
    index: dict[int, int] = {}
    out = []
    for message in messages:
        data = message.get("data")
        if data is not None:
            at = index.get(id(data))
            if at is None:
                at = index[id(data)] = len(payloads)
                payloads.append(data)
            message = {**message, "data": at}
        out.append(message)
    return msgpack.packb({"p": payloads, "m": out}, use_bin_type=True)


def unpack_batch(raw: bytes) -> list[dict]:
    batch = msgpack.unpackb(raw, raw=False, strict_map_key=False)
    payloads = batch["p"]
    messages = batch["m"]
    for message in messages:
        if message.get("data") is not None:
            message["data"] = payloads[message["data"]]
    return messages


class Relay:
    """Publishes batches to other nodes and hands this node's messages to ``on_message``."""

    def __init__(
        self,
        client: Any,
        prefix: str,
        node: str,
        on_message: Callable[[dict], None],
        *,
        on_resubscribed: Callable[[], None] | None = None,
        on_dropped: Callable[[str, list[dict]], None] | None = None,
    ) -> None:
        self.client = client
        self.prefix = prefix
        self.node = node
        self.on_message = on_message
        self.on_resubscribed = on_resubscribed
        self.on_dropped = on_dropped
        #: Subscribe confirmations seen so far: more than one means messages may have been lost.
        self.subscriptions = 0
        self._pending: deque[tuple[str, dict]] = deque()
        self._wake = asyncio.Event()
        self.dropped = 0
        self.subscribed = asyncio.Event()

    def post(self, node: str, message: dict) -> None:
        """Queue ``message`` for ``node`` (never blocks; drops when Redis is unreachable for long)."""
        if len(self._pending) >= MAX_PENDING:
            self.dropped += 1
            return
        self._pending.append((node, message))
        self._wake.set()

    async def flush(self, timeout: float = 2.0) -> None:
        """Wait until everything queued so far has been published (drain uses it)."""
        deadline = asyncio.get_running_loop().time() + timeout
        while self._pending and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.01)

    async def publish_forever(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            await asyncio.sleep(0)  # let this loop turn's messages gather
            batches: dict[str, list[dict]] = {}
            while self._pending:
                node, message = self._pending.popleft()
                batches.setdefault(node, []).append(message)
            for node, messages in batches.items():
                try:
                    await self.client.publish(node_channel(self.prefix, node), pack_batch(messages))
                except asyncio.CancelledError:
                    raise
                except Exception as exc:  # Redis away longer than the client retries: drop, peers recover
                    self.dropped += len(messages)
                    LOG.warning("publish to %s failed: %s", node, exc)
                    if self.on_dropped is not None:
                        try:
                            self.on_dropped(node, messages)
                        except Exception:
                            LOG.exception("handling dropped relay messages failed")

    async def listen_forever(self) -> None:
        channel = node_channel(self.prefix, self.node)
        while True:
            # Subscribe confirmations are wanted: redis-py resubscribes silently after a
            # reconnect, and its confirmation is the only sign that messages were lost.
            pubsub = self.client.pubsub(ignore_subscribe_messages=False)
            try:
                await pubsub.subscribe(channel)
                while True:
                    message = await pubsub.get_message(timeout=1.0)
                    if message is None:
                        continue
                    if message.get("type") == "subscribe":
                        self._confirmed()
                        continue
                    if message.get("type") != "message":
                        continue
                    try:
                        batch = unpack_batch(message["data"])
                    except Exception:
                        LOG.exception("bad relay batch")
                        continue
                    for item in batch:
                        try:
                            self.on_message(item)
                        except Exception:
                            LOG.exception("relay message failed: %s", item.get("k"))
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # Redis restarted or the link broke: subscribe again
                self.subscribed.clear()
                LOG.warning("relay subscription lost (%s); resubscribing", exc)
                await asyncio.sleep(0.2)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()

    def _confirmed(self) -> None:
        """Redis confirmed the subscription: the first time, the relay is up; later, it came back."""
        self.subscriptions += 1
        self.subscribed.set()
        if self.subscriptions == 1:
            return
        LOG.warning("relay subscription of %s restored (#%d); messages sent meanwhile are lost", self.node, self.subscriptions)
        if self.on_resubscribed is not None:
            try:
                self.on_resubscribed()
            except Exception:
                LOG.exception("handling a restored relay subscription failed")
