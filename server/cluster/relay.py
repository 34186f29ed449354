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
* A subscription can also go *deaf* without a word: after a network
  partition the TCP connection still looks open, and the messages sent
  meanwhile come back only when TCP's retransmission backoff lets them
  (10 to 15 s after a 15 s cut, issue 28).  So the relay publishes a probe
  to its own channel every :data:`PROBE_EVERY`; when none has come back for
  :data:`DEAF_AFTER`, it drops the connection and subscribes again on a
  fresh one (a restored subscription, as above), and :attr:`Relay.healthy`
  is false meanwhile (``/healthz`` says not ready).
* A PUBLISH that timed out is sent again on a fresh connection, so a batch
  may arrive twice: each batch carries its sender, a per-process epoch and
  a sequence number, and a receiver drops one it has already had.
* Messages to one node are batched per event-loop turn into a single
  PUBLISH, and identical payloads in a batch (the same state bytes for
  several sockets of one viewer class) are sent once.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import os
import time
from collections import deque
from collections.abc import Callable
from typing import Any

import msgpack

LOG = logging.getLogger("pizzanight.cluster")

#: Messages waiting to be published, over all target nodes, before new ones are dropped.
MAX_PENDING = 20_000
#: Seconds between the probes a relay sends itself.
PROBE_EVERY = 0.4
#: A relay that has heard nothing on its channel (probes included) for this long is deaf: it resubscribes.
DEAF_AFTER = 1.5
#: Seconds a subscribe, or closing a dead subscription, may take before the relay tries again.
SUBSCRIBE_TIMEOUT = 2.0


def node_channel(prefix: str, node: str) -> str:
    return f"{prefix}:node:{{{node}}}"


def pack_batch(messages: list[dict], origin: tuple[str, bytes, int] | None = None) -> bytes:
    """One batch: payloads (bytes or str) listed once, messages refer to them by index.

    ``origin`` (sender node, epoch, sequence number) lets a receiver drop a batch it already had.
    """
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
    batch: dict[str, Any] = {"p": payloads, "m": out}
    if origin is not None:
        batch["o"] = list(origin)
    return msgpack.packb(batch, use_bin_type=True)


def unpack_batch(raw: bytes) -> list[dict]:
    return _unpack(raw)[0]


def _unpack(raw: bytes) -> tuple[list[dict], list | None]:
    batch = msgpack.unpackb(raw, raw=False, strict_map_key=False)
    payloads = batch["p"]
    messages = batch["m"]
    for message in messages:
        if message.get("data") is not None:
            message["data"] = payloads[message["data"]]
    return messages, batch.get("o")


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
        #: ``time.monotonic()`` when this relay last heard anything on its channel (probes included).
        self.heard = time.monotonic()
        #: Times the relay found itself deaf and subscribed again.
        self.deaf_count = 0
        self._epoch = os.urandom(4)
        self._batches = itertools.count(1)
        #: The last batch had from each sender: (epoch, sequence number).
        self._last_batch: dict[str, tuple[bytes, int]] = {}

    @property
    def healthy(self) -> bool:
        """Subscribed, and heard on its own channel lately (its probes come back)."""
        return self.subscribed.is_set() and time.monotonic() - self.heard < DEAF_AFTER

    async def probe_forever(self) -> None:
        """Post a probe to this node's own channel every ``PROBE_EVERY`` (what ``healthy`` listens for)."""
        while True:
            self.post(self.node, {"k": "probe"})
            await asyncio.sleep(PROBE_EVERY)

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
                    raw = pack_batch(messages, (self.node, self._epoch, next(self._batches)))
                    await self.client.publish(node_channel(self.prefix, node), raw)
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
                await asyncio.wait_for(pubsub.subscribe(channel), SUBSCRIBE_TIMEOUT)
                polled = time.monotonic()
                while True:
                    message = await pubsub.get_message(timeout=PROBE_EVERY / 2)
                    now = time.monotonic()
                    if now - polled > 2 * PROBE_EVERY:
                        # This process was stalled (paused, or its loop blocked), not the link deaf:
                        # what arrived meanwhile is still to be read, so the silence counts from now.
                        self.heard = max(self.heard, now)
                    polled = now
                    if message is None:
                        if self.subscribed.is_set() and time.monotonic() - self.heard > DEAF_AFTER:
                            self.deaf_count += 1
                            raise ConnectionError(f"nothing heard for {DEAF_AFTER} s")
                        continue
                    if message.get("type") == "subscribe":
                        self.heard = time.monotonic()
                        self._confirmed()
                        continue
                    if message.get("type") != "message":
                        continue
                    self.heard = time.monotonic()
                    self._receive(message["data"])
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # Redis restarted, the link broke, or the subscription went deaf
                self.subscribed.clear()
                LOG.warning("relay subscription lost (%s); resubscribing", exc)
                await asyncio.sleep(0.2)
            finally:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(pubsub.aclose(), SUBSCRIBE_TIMEOUT)

    def _receive(self, raw: bytes) -> None:
        try:
            batch, origin = _unpack(raw)
        except Exception:
            LOG.exception("bad relay batch")
            return
        if origin is not None:
            sender, epoch, number = origin
            last = self._last_batch.get(sender)
            if last is not None and last[0] == epoch and number <= last[1]:
                return  # a re-sent PUBLISH whose first try got through
            self._last_batch[sender] = (epoch, number)
        for item in batch:
            if item.get("k") == "probe":
                continue
            try:
                self.on_message(item)
            except Exception:
                LOG.exception("relay message failed: %s", item.get("k"))

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
