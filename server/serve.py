"""``pizzanight serve``: run the hub with uvicorn and print where to go.

Websockets run without compression (per-message-deflate off): frames are a
few hundred bytes, and deflate would cost CPU and memory per socket for
almost nothing.
"""

from __future__ import annotations

import gc
import logging
import os
import socket
import sys
from pathlib import Path
from typing import Any, TextIO

import uvicorn

from protocol.codec import MAX_FRAME
from server.direct_ws import DirectWebSocketProtocol
from server.usage_errors import fail

#: Frames above this are refused by the websocket layer itself (close 1009);
#: frames between MAX_FRAME and this get a protocol error first.
WS_MAX_SIZE = 4 * MAX_FRAME


#: How long a thread may keep the GIL while another waits for it (Python's
#: default is 5 ms).  The embedded store's writer thread needs the GIL back
#: after every SQLite statement; with the default, a busy event loop made it
#: wait up to 5 ms each time, which went straight into command latency.
GIL_SWITCH_INTERVAL = 0.001


#: The collector's thresholds: a hub allocates and frees many short-lived maps per move (views,
#: frames) and holds many long-lived objects (rooms, sockets); Python's default (700, 10, 10)
#: runs a collection every few moves and spent ~7% of the hub's CPU on the peer benchmark.
#: Our objects are freed by reference counting; cycles are rare, so collecting them less often
#: costs a little memory and saves that time (1.5% with these).
GC_THRESHOLDS = (20_000, 20, 10)


def tune_process() -> None:
    """Process-wide settings for a hub (called before the server starts).

    The GIL switch interval, and the garbage collector: what is loaded so
    far (modules, the games' tables) is frozen out of every collection, and
    the thresholds above make collections rarer.
    """
    sys.setswitchinterval(GIL_SWITCH_INTERVAL)
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


#: Proxies whose ``X-Forwarded-For`` is believed when none are configured: this machine only.
DEFAULT_TRUSTED_PROXIES = "127.0.0.1,::1"


def trusted_proxies(given: str | None = None) -> str:
    """The proxies to trust: ``--forwarded-allow-ips``, else ``$FORWARDED_ALLOW_IPS``, else loopback.

    Addresses or networks, comma-separated (``10.0.0.0/8``); ``*`` trusts
    every peer and is only right when nothing but the proxy can reach the hub.
    """
    return given or os.environ.get("FORWARDED_ALLOW_IPS") or DEFAULT_TRUSTED_PROXIES


def uvicorn_config(app: Any, host: str, port: int, *, forwarded_allow_ips: str | None = None, **extra: Any) -> uvicorn.Config:
    """The hub's uvicorn settings.

    Behind a proxy the join throttle and flood limits must see the real
    client, not the proxy: uvicorn replaces the peer address with the
    ``X-Forwarded-For`` client, but only for connections from a trusted
    proxy, so a client cannot choose its address by sending the header.
    """
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        proxy_headers=True,
        forwarded_allow_ips=trusted_proxies(forwarded_allow_ips),
        ws=DirectWebSocketProtocol,  # uvicorn's websockets-sansio plus the hub's direct lane
        ws_per_message_deflate=False,
        ws_max_size=WS_MAX_SIZE,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        lifespan="on",
        log_config=None,
        access_log=False,
        **extra,
    )


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: only picks the outgoing interface
            address = probe.getsockname()[0]
            if not address.startswith("0."):
                return address
        except OSError:
            pass
    try:
        address = socket.gethostbyname(socket.gethostname())
        if not address.startswith("127."):
            return address
    except OSError:
        pass
    return "127.0.0.1"


def public_url(host: str, port: int) -> str:
    shown = lan_address() if host in ("0.0.0.0", "::", "") else host
    return f"http://{shown}:{port}"


def banner(url: str, store: str, data: Path | str, out: TextIO | None = None, short: str | None = None) -> None:
    out = out or sys.stdout
    print("Pizza Night is running.", file=out)
    print(f"  TV (open on the big screen):  {url}/tv", file=out)
    print(f"  Phones (same Wi-Fi):          {url}/join", file=out)
    print(f"  Teacher (open a class):       {url}/teacher", file=out)
    if short:
        print(f"  Short address to type:        {short}", file=out)
    if store == "embedded" or store.startswith("embedded:?"):  # the embedded store lives in the data folder
        print(f"  Store: {store}   data folder: {data}", file=out)
    else:
        print(f"  Store: {shown_store(store)}", file=out)
    out.flush()


def shown_store(store: str) -> str:
    """``store`` as the banner prints it: a URL's password never reaches a terminal or a log."""
    scheme, sep, rest = store.partition("://")
    userinfo, at, host = rest.partition("@")
    if not sep or not at or ":" not in userinfo:
        return store
    return f"{scheme}://{userinfo.split(':', 1)[0]}:***@{host}"


def run(args: Any) -> int:
    from server import admin, logs
    from server.app import create_app
    from server.hub import HubConfig
    from server.store import StoreError, open_store

    logs.setup(args.log_level)
    from server import fastlane

    logs.event(logging.INFO, fastlane.describe(), lane=fastlane.LANE)  # compiled or pure (server/fastlane)
    tune_process()
    try:
        token = admin.load_token(getattr(args, "admin_token_file", None))
    except admin.TokenError as exc:
        return fail("serve", str(exc))
    metrics_at = getattr(args, "metrics", "public")
    if metrics_at == "token" and token is None:
        return fail("serve", "--metrics token needs an admin token (PIZZANIGHT_ADMIN_TOKEN or --admin-token-file)")
    data = Path(args.data)
    try:
        store = open_store(args.store, data=data)
    except (StoreError, ValueError) as exc:  # --data is a file, the file is no SQLite, an unknown store URL
        return fail("serve", str(exc))
    url = args.public_url or public_url(args.host, args.port)
    from server import announce

    announcer = None
    short = getattr(args, "short_address", None)
    every_interface = args.host in ("0.0.0.0", "::", "")
    if short is None and not args.public_url and every_interface and announce.enabled(not getattr(args, "no_mdns", False)):
        address = lan_address()
        if not address.startswith("127."):  # no network: nothing to announce on
            short, announcer = announce.announce(address, args.port, url)
    short = short or announce.short_address(url)
    grace = getattr(args, "grace", None)
    graces = dict(zip(("grace_host", "grace_party", "grace_class"), grace)) if grace else {}
    config = HubConfig(bot_delay=args.bot_delay, idle_seconds=args.room_idle, timer_scale=args.timer_scale, **graces)
    web = Path(args.web) if args.web else None
    app = create_app(store, config=config, public_url=url, short_address=short, admin_token=token, metrics_at=metrics_at,
                     metrics_host=args.host, **({"web": web} if web else {}))
    server = uvicorn.Server(uvicorn_config(app, args.host, args.port, forwarded_allow_ips=args.forwarded_allow_ips))
    from server.cluster import drain

    drain.install(server, app.state.hub)  # cluster mode: SIGTERM hands rooms over first
    banner(url, args.store, data, short=short)
    try:
        server.run()
    finally:
        if announcer is not None:
            announcer.close()
    return 0
