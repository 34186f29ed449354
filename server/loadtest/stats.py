"""Counting while the load runs, the progress line, and the summary at the end."""

from __future__ import annotations

import time
from collections import Counter
from typing import TextIO

import attrs

from server.loadtest.usage import ProcessUsage

#: Error code areas that fail a run (docs/protocol.md lists them).
SERIOUS = ("protocol/", "server/", "auth/", "room/", "host/")


def percentile(sorted_values: list[float], share: float) -> float:
    if not sorted_values:
        return 0.0
    return sorted_values[min(len(sorted_values) - 1, int(share * len(sorted_values)))]


@attrs.define
class Stats:
    """What every room adds to while it plays (one event loop: no locks)."""

    started: float = attrs.field(factory=time.monotonic)
    rooms: int = 0
    sockets: int = 0
    games_started: int = 0
    games_finished: int = 0
    moves: int = 0  # commands acknowledged
    to_ack: list[float] = attrs.field(factory=list)  # send -> ack, seconds
    to_state: list[float] = attrs.field(factory=list)  # send -> the first state showing the move
    errors: Counter = attrs.field(factory=Counter)  # error codes answered to commands and host requests
    #: Moves the hub refused as over its per-socket rate (``rate/limited``) and the bot sent again
    #: after a pause: bots answer every state at once, faster than a person, so on a loaded machine
    #: a burst meets the limit.  Not an error (nothing is lost or changed); counted to show the pacing.
    too_fast: int = 0
    failures: list[str] = attrs.field(factory=list)  # sockets that failed, rooms that broke
    lost: int = 0  # acknowledged moves no later state showed
    audit_frames: int = 0
    audit_variants: int = 0
    audit_leaks: list[str] = attrs.field(factory=list)

    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def serious_errors(self) -> int:
        """Errors that point at the hub or the load test.

        A game's own refusals (``move/*``, ``splittissimo/*``, ...) are races a
        real phone also meets: a timer or another seat moved first.  Refusals
        from the protocol, the server, authentication or the room are not.
        """
        return sum(n for code, n in self.errors.items() if code.startswith(SERIOUS))


def progress_line(stats: Stats, hub: ProcessUsage | None) -> str:
    seconds = stats.elapsed()
    line = (
        f"{seconds:6.1f} s  rooms {stats.rooms}  sockets {stats.sockets}  games {stats.games_finished}"
        f"  moves {stats.moves} ({stats.moves / seconds if seconds else 0:.0f}/s)  errors {sum(stats.errors.values())}"
        f"  lost {stats.lost}"
    )
    if hub is not None:
        rss, _ = hub.memory_mib()
        line += f"  hub CPU {hub.used_since_start():.1f} s, {rss:.0f} MiB"
    return line


def summary(stats: Stats, hub: ProcessUsage | None, own: ProcessUsage, *, audit: bool, out: TextIO) -> None:
    seconds = stats.elapsed()
    acks = sorted(stats.to_ack)
    states = sorted(stats.to_state)

    def ms(values: list[float]) -> str:
        return " / ".join(f"{1000 * percentile(values, p):.1f}" for p in (0.5, 0.95, 0.99))

    print("--- pizzanight loadtest summary ---", file=out)
    print(f"seconds          {seconds:.1f}", file=out)
    print(f"rooms            {stats.rooms}", file=out)
    print(f"sockets          {stats.sockets}", file=out)
    print(f"games            {stats.games_finished} finished ({stats.games_started} started)", file=out)
    print(f"moves            {stats.moves} ({stats.moves / seconds if seconds else 0:.1f} moves/s)", file=out)
    print(f"send->ack ms     p50 / p95 / p99 = {ms(acks)}", file=out)
    print(f"send->state ms   p50 / p95 / p99 = {ms(states)}", file=out)
    codes = ", ".join(f"{code} {n}" for code, n in sorted(stats.errors.items())) or "none"
    print(f"errors           {sum(stats.errors.values())} ({codes}); failures {len(stats.failures)}", file=out)
    print(f"sent again       {stats.too_fast} (refused as faster than the hub's per-socket limit)", file=out)
    for failure in stats.failures[:5]:
        print(f"  failure: {failure}", file=out)
    print(f"lost moves       {stats.lost}", file=out)
    if hub is not None:
        cpu = hub.used_since_start()
        rss, peak = hub.memory_mib()
        per_move = f", {1000 * cpu / stats.moves:.2f} ms per move" if stats.moves else ""
        print(
            f"hub (pid {hub.pid})    CPU {cpu:.1f} s = {100 * cpu / seconds if seconds else 0:.0f}% of one core{per_move};"
            f" memory {rss:.0f} MiB (peak {peak:.0f} MiB)",
            file=out,
        )
    else:
        print("hub              CPU and memory unknown (give the hub's process id: --pid, or let --spawn start one)", file=out)
    own_cpu = own.used_since_start()
    print(f"load generator   CPU {own_cpu:.1f} s = {100 * own_cpu / seconds if seconds else 0:.0f}% of one core", file=out)
    if audit:
        print(
            f"secret audit     {stats.audit_frames} frames checked, {stats.audit_variants} secret variants,"
            f" {len(stats.audit_leaks)} leaks",
            file=out,
        )
        for leak in stats.audit_leaks[:5]:
            print(f"  leak: {leak}", file=out)
    out.flush()
