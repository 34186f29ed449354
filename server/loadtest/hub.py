"""The hub ``pizzanight loadtest --spawn`` starts: the real app, the real games, plus the counter.

Run as ``python -m server.loadtest.hub --port P --store URL``.  It listens on
127.0.0.1 only.  Bots move at once (the load test plays the seats, the hub's
own bots are not used), and the per-socket frame rate allows a bot that
moves as fast as it is answered.
"""

from __future__ import annotations

import argparse
import sys

import uvicorn


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--store", required=True)
    parser.add_argument("--timer-scale", type=float, default=1.0)
    args = parser.parse_args(argv)

    from server import logs
    from server.app import create_app
    from server.hub import HubConfig, load_games
    from server.loadtest import counter
    from server.serve import tune_process, uvicorn_config
    from server.store import open_store

    logs.setup("warning")
    tune_process()
    games = {**load_games(), counter.GAME.id: counter.GAME}
    config = HubConfig(bot_delay=0.0, timer_scale=args.timer_scale, rate=200.0, burst=400.0, join_burst=10_000.0)
    app = create_app(open_store(args.store), config=config, games=games, web=None)
    uvicorn.Server(uvicorn_config(app, "127.0.0.1", args.port, log_level="warning")).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
