"""Prometheus metrics for /metrics, one registry per app (tests run several).

With ``serve --metrics PORT`` they are served by :func:`start_http_server`
on a port of their own, which a proxy in front of the hub never exposes.
"""

from __future__ import annotations

import bisect
import json
import socket
import threading
from collections.abc import Callable, Iterable, Iterator
from socketserver import ThreadingMixIn
from typing import Any
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from prometheus_client import CollectorRegistry, Counter, Gauge, generate_latest
from prometheus_client.core import CounterMetricFamily, HistogramMetricFamily
from prometheus_client.exposition import CONTENT_TYPE_LATEST

from server import fastlane
from server.headers import HEADERS

#: Where the metrics are, on the main port and on a port of their own alike (docs/operating.md).
PATH = "/metrics"

#: The kinds of client frames counted in ``pizzanight_commands_total``.
COMMAND_KINDS = ("cmd", "host", "hint", "ping")


class Count:
    """A plain integer counter, for the hottest paths (read when /metrics is scraped).

    ``prometheus_client``'s ``Counter.inc`` takes a lock on every call; the
    counts here change several times per move, on the event loop thread
    only, so a plain ``+=`` does, and a custom collector reads them.
    """

    __slots__ = ("value",)

    def __init__(self) -> None:
        self.value = 0

    def inc(self, by: int = 1) -> None:
        self.value += by


class Tally(Count):
    """A :class:`Count` that is a whole counter of its own on /metrics (no labels)."""

    __slots__ = ("name", "documentation")

    def __init__(self, name: str, documentation: str, registry: CollectorRegistry) -> None:
        super().__init__()
        self.name = name.removesuffix("_total")
        self.documentation = documentation
        registry.register(self)

    def collect(self) -> Iterator[CounterMetricFamily]:
        yield CounterMetricFamily(self.name, self.documentation, value=self.value)


class KindTally:
    """A counter by ``kind`` made of :class:`Count` children, read at scrape.

    ``pizzanight_commands_total{kind}`` is counted once per actor turn and
    once per ping; ``prometheus_client``'s labelled counter took a lock and
    two checks each time.  Event loop thread only.
    """

    def __init__(self, name: str, documentation: str, kinds: tuple[str, ...], registry: CollectorRegistry) -> None:
        self.name = name.removesuffix("_total")
        self.documentation = documentation
        self.children = {kind: Count() for kind in kinds}
        registry.register(self)

    def collect(self) -> Iterator[CounterMetricFamily]:
        family = CounterMetricFamily(self.name, self.documentation, labels=["kind"])
        for kind, child in self.children.items():
            family.add_metric([kind], child.value)
        yield family


class Timing:
    """One histogram of a :class:`KindTimings`: a count per bucket and the sum, plain numbers."""

    __slots__ = ("bounds", "counts", "sum")

    def __init__(self, bounds: tuple[float, ...]) -> None:
        self.bounds = bounds
        self.counts = [0] * (len(bounds) + 1)  # the last one is +Inf
        self.sum = 0.0

    def observe(self, seconds: float) -> None:
        self.counts[bisect.bisect_left(self.bounds, seconds)] += 1  # a bucket counts values <= its bound
        self.sum += seconds


class KindTimings:
    """A histogram by ``kind`` for the per-move path, exposed as Prometheus exposes its own.

    Observed once per actor turn; ``prometheus_client``'s histogram walked
    its buckets in Python under a lock.  Event loop thread only.
    """

    def __init__(self, name: str, documentation: str, kinds: tuple[str, ...], buckets: tuple[float, ...],
                 registry: CollectorRegistry) -> None:
        self.name = name
        self.documentation = documentation
        self.bounds = tuple(sorted(buckets))
        self.children = {kind: Timing(self.bounds) for kind in kinds}
        registry.register(self)

    def collect(self) -> Iterator[HistogramMetricFamily]:
        family = HistogramMetricFamily(self.name, self.documentation, labels=["kind"])
        for kind, child in self.children.items():
            cumulative, buckets = 0, []
            for bound, count in zip((*self.bounds, float("inf")), child.counts):
                cumulative += count
                buckets.append(("+Inf" if bound == float("inf") else repr(float(bound)), cumulative))
            family.add_metric([kind], buckets, child.sum)
        yield family


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.rooms = Gauge("pizzanight_rooms", "Open rooms on this node", registry=r)
        self.connections = Gauge("pizzanight_connections", "Open websockets", ["role"], registry=r)
        self.commands = KindTally("pizzanight_commands_total", "Client frames handled", COMMAND_KINDS, r)
        self.rejections = Counter("pizzanight_rejections_total", "Error frames sent", ["code"], registry=r)
        self.events = Tally("pizzanight_events_total", "Records appended to room logs", r)
        self.state_encodes = Tally("pizzanight_state_encodes_total", "State frames encoded (once per viewer class)", r)
        self.frames_sent = Tally("pizzanight_frames_sent_total", "Messages written to sockets", r)
        self.room_errors = Counter("pizzanight_room_errors_total", "Bugs caught in room handlers", registry=r)
        # Which twin of the websocket fast lane runs (server/fastlane): 1 on the lane's label, 0 on the other.
        self.fastlane = Gauge("pizzanight_fastlane", "The websocket fast lane in use (1): compiled or pure Python", ["lane"],
                              registry=r)
        for lane in ("compiled", "pure"):
            self.fastlane.labels(lane=lane).set(1 if lane == fastlane.LANE else 0)
        # Whether the embedded store's compiled append lane is there (server/fastlane/_appender.pyx).
        self.append_lane = Gauge("pizzanight_append_lane",
                                 "The embedded store writes the usual appends on its compiled lane (1) or its Python writer (0)",
                                 registry=r)
        self.append_lane.set(1 if fastlane.Appender is not None else 0)
        self.latency = KindTimings(
            "pizzanight_command_seconds",
            "From the start of the actor turn that handled a command to queueing its reply (includes the turn's store append)",
            COMMAND_KINDS,
            (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
            r,
        )

        # One child per kind, made once: the actor counts by kind after every turn.
        self.command_counts = self.commands.children
        self.command_latency = self.latency.children
        self._rejections: dict[str, Any] = {}

    def rejected(self, code: str, count: int = 1) -> None:
        """Count ``count`` error frames with ``code`` (children bound on first use)."""
        child = self._rejections.get(code)
        if child is None:
            child = self._rejections[code] = self.rejections.labels(code=code)
        child.inc(count)

    def render(self) -> tuple[bytes, str]:
        return generate_latest(self.registry), CONTENT_TYPE_LATEST


# --- the port of their own (serve --metrics PORT) ------------------------------------------


def metrics_app(registry: CollectorRegistry) -> Callable[[dict, Callable], Iterable[bytes]]:
    """A WSGI app answering :data:`PATH` with the metrics and anything else with a JSON 404.

    ``prometheus_client``'s own server answered the metrics on every path and
    without the hub's security headers; this one keeps the port's only
    answer where the docs say it is, and each answer as guarded as the hub's.
    """
    security = [(name.decode(), value.decode()) for name, value in HEADERS]

    def app(environ: dict, start_response: Callable) -> Iterable[bytes]:
        method = environ.get("REQUEST_METHOD", "GET")
        if environ.get("PATH_INFO") != PATH:
            status, body, kind = "404 Not Found", _error("not_found", f"the metrics are at {PATH}"), "application/json"
            extra = []
        elif method not in ("GET", "HEAD"):
            status, body, kind = "405 Method Not Allowed", _error("method_not_allowed", "GET only"), "application/json"
            extra = [("Allow", "GET, HEAD")]
        else:
            status, body, kind, extra = "200 OK", generate_latest(registry), CONTENT_TYPE_LATEST, []
        start_response(status, [("Content-Type", kind), ("Content-Length", str(len(body))), *extra, *security])
        return [b""] if method == "HEAD" else [body]

    return app


def _error(code: str, message: str) -> bytes:
    return json.dumps({"error": code, "message": message}).encode()


class _Quiet(WSGIRequestHandler):
    def log_message(self, *args: Any) -> None:
        """No access log: Prometheus scrapes every few seconds."""


def start_http_server(port: int, addr: str = "0.0.0.0", registry: CollectorRegistry | None = None) -> tuple[WSGIServer, threading.Thread]:
    """Serve ``registry`` at ``addr:port`` (:func:`metrics_app`) on a daemon thread; ``(server, thread)``.

    The same call and answer as ``prometheus_client.start_http_server``, so
    the app stops it the same way (``server.shutdown()``, ``server_close()``).
    """
    family = socket.getaddrinfo(addr, port, type=socket.SOCK_STREAM)[0][0]

    class Server(ThreadingMixIn, WSGIServer):
        address_family = family
        daemon_threads = True

    app = metrics_app(registry if registry is not None else CollectorRegistry())
    server = make_server(addr, port, app, server_class=Server, handler_class=_Quiet)
    thread = threading.Thread(target=server.serve_forever, name="pizzanight-metrics", daemon=True)
    thread.start()
    return server, thread
