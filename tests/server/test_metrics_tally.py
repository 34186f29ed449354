"""The hot-path tallies show on /metrics as ordinary counters."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest

from server.metrics import COMMAND_KINDS, Metrics


def test_tallies_are_scraped_as_counters():
    metrics = Metrics()
    metrics.frames_sent.inc()
    metrics.frames_sent.inc(2)
    metrics.state_encodes.inc()
    text = metrics.render()[0].decode()
    assert "pizzanight_frames_sent_total 3.0" in text
    assert "pizzanight_state_encodes_total 1.0" in text
    assert "# TYPE pizzanight_frames_sent_total counter" in text or "# TYPE pizzanight_frames_sent counter" in text


def _family_lines(text: str, name: str) -> list[str]:
    return sorted(line for line in text.splitlines() if name in line and "_created" not in line)


@given(
    st.lists(st.tuples(st.sampled_from(COMMAND_KINDS), st.floats(min_value=0, max_value=10, allow_nan=False)), max_size=40),
    st.lists(st.tuples(st.sampled_from(COMMAND_KINDS), st.integers(min_value=1, max_value=5)), max_size=20),
)
def test_command_counts_and_timings_scrape_exactly_as_prometheus_client_would(timings, counts):
    # The plain counters and histograms the actor uses every turn must read on /metrics as the
    # library's own labelled Counter and Histogram with the same observations.
    ours = Metrics()
    registry = CollectorRegistry()
    counter = Counter("pizzanight_commands_total", ours.commands.documentation, ["kind"], registry=registry)
    histogram = Histogram("pizzanight_command_seconds", ours.latency.documentation, ["kind"], buckets=ours.latency.bounds,
                          registry=registry)
    for kind in COMMAND_KINDS:
        counter.labels(kind=kind)
        histogram.labels(kind=kind)
    for kind, seconds in timings:
        ours.command_latency[kind].observe(seconds)
        histogram.labels(kind=kind).observe(seconds)
    for kind, n in counts:
        ours.command_counts[kind].inc(n)
        counter.labels(kind=kind).inc(n)
    mine, theirs = ours.render()[0].decode(), generate_latest(registry).decode()
    for name in ("pizzanight_commands", "pizzanight_command_seconds"):
        assert _family_lines(mine, name) == _family_lines(theirs, name)


@given(st.lists(st.lists(st.sampled_from(["cmd", "host", "hint", "other"]), min_size=1, max_size=6), max_size=20))
def test_a_room_counts_each_command_of_its_turns_and_times_each_kind_once_per_turn(turns):
    # given a room's turns, each a batch of messages of some kinds (timers and sockets are not commands)
    from server.inbox import AskHint, Command, Detach, HostOp
    from server.room import RoomActor

    made = {"cmd": lambda: Command(None, 1, {}), "host": lambda: HostOp(None, 1, None), "hint": lambda: AskHint(None, 1),
            "other": lambda: Detach(None)}
    metrics = Metrics()
    actor = RoomActor.__new__(RoomActor)  # count() reads only the metrics' children
    actor._commands, actor._latency = metrics.command_counts, metrics.command_latency
    # when each turn is counted
    for kinds in turns:
        RoomActor.count(actor, [made[kind]() for kind in kinds], 0.002)
    # then every command is counted by its kind, and each kind's time is observed once per turn it was in
    for kind in ("cmd", "host", "hint"):
        assert metrics.command_counts[kind].value == sum(kinds.count(kind) for kinds in turns)
        assert sum(metrics.command_latency[kind].counts) == sum(kind in kinds for kinds in turns)
