"""The hub's tunables, shared by the hub, its room actors and its connections."""

from __future__ import annotations

import attrs


@attrs.define
class HubConfig:
    """Tunables; the defaults suit a party, tests shrink the delays."""

    idle_seconds: float = 3600.0  # a room with no client frame for this long ends
    bot_delay: float = 0.6  # seconds before a bot moves, so it feels human
    timer_scale: float = 1.0  # multiplies game timer delays (tests: 0)
    snapshot_every: int = 50  # records between snapshots
    mailbox: int = 256  # messages waiting per room
    send_queue: int = 64  # unread replies per socket before it is dropped
    rate: float = 20.0  # client frames per second per socket ...
    burst: float = 40.0  # ... with this much burst
    join_rate: float = 0.2  # failed joins forgiven per second per address ...
    join_burst: float = 10.0  # ... after this many
    hello_timeout: float = 10.0  # seconds to send hello
    keep_seconds: int = 86_400  # how long an ended room's log is kept
    # Grace periods (issue 24), seconds a phone may be gone before the room acts for it:
    grace_host: float = 12.0  # the host phone: then the connected human who joined earliest hosts
    grace_party: float = 20.0  # a seated phone in a party room: then a bot plays for it; also the wait before a reclaim code
    grace_class: float = 15.0  # a seated phone at a class table: then a bot plays for it
