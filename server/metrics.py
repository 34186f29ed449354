"""Prometheus metrics for /metrics, one registry per app (tests run several)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily
from prometheus_client.exposition import CONTENT_TYPE_LATEST

#: The kinds of client frames counted in ``pizzanight_commands_total``.
COMMAND_KINDS = ("cmd", "host", "hint", "ping")


class Tally:
    """A counter for the hottest paths: a plain integer, read when /metrics is scraped.

    ``prometheus_client``'s ``Counter.inc`` takes a lock on every call; a
    frame written to a socket happens several times per move, on the event
    loop thread only, so a plain ``+=`` does, and the registry reads it
    through :meth:`collect` (a custom collector).
    """

    def __init__(self, name: str, documentation: str, registry: CollectorRegistry) -> None:
        self.name = name.removesuffix("_total")
        self.documentation = documentation
        self.value = 0
        registry.register(self)

    def inc(self, by: int = 1) -> None:
        self.value += by

    def collect(self) -> Iterator[CounterMetricFamily]:
        yield CounterMetricFamily(self.name, self.documentation, value=self.value)


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.rooms = Gauge("pizzanight_rooms", "Open rooms on this node", registry=r)
        self.connections = Gauge("pizzanight_connections", "Open websockets", ["role"], registry=r)
        self.commands = Counter("pizzanight_commands_total", "Client frames handled", ["kind"], registry=r)
        self.rejections = Counter("pizzanight_rejections_total", "Error frames sent", ["code"], registry=r)
        self.events = Tally("pizzanight_events_total", "Records appended to room logs", r)
        self.state_encodes = Tally("pizzanight_state_encodes_total", "State frames encoded (once per viewer class)", r)
        self.frames_sent = Tally("pizzanight_frames_sent_total", "Messages written to sockets", r)
        self.room_errors = Counter("pizzanight_room_errors_total", "Bugs caught in room handlers", registry=r)
        self.latency = Histogram(
            "pizzanight_command_seconds",
            "From the start of the actor turn that handled a command to queueing its reply (includes the turn's store append)",
            ["kind"],
            buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
            registry=r,
        )

        # Children bound once: looking a label up per command cost more than the count itself.
        self.command_counts = {kind: self.commands.labels(kind=kind) for kind in COMMAND_KINDS}
        self.command_latency = {kind: self.latency.labels(kind=kind) for kind in COMMAND_KINDS}
        self._rejections: dict[str, Any] = {}

    def rejected(self, code: str, count: int = 1) -> None:
        """Count ``count`` error frames with ``code`` (children bound on first use)."""
        child = self._rejections.get(code)
        if child is None:
            child = self._rejections[code] = self.rejections.labels(code=code)
        child.inc(count)

    def render(self) -> tuple[bytes, str]:
        return generate_latest(self.registry), CONTENT_TYPE_LATEST
