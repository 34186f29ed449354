"""The ``pizzanight`` command: serve, class, conformance, selfplay, replay, loadtest."""

from __future__ import annotations

import argparse
import json
import sys


def _count(text: str) -> int:
    """A count of at least one (``--games``, ``--players``): zero or fewer would print an empty summary."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not a count: give 1 or more")
    return value


def _options(text: str) -> dict:
    try:
        value = json.loads(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"--options must be a JSON object: {exc}") from exc
    if not isinstance(value, dict):
        raise argparse.ArgumentTypeError("--options must be a JSON object")
    return value


def _metrics_at(text: str) -> str | int:
    if text in ("public", "token"):
        return text
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("--metrics is public, token or a port number") from None
    if not 0 < port < 65536:
        raise argparse.ArgumentTypeError("--metrics port out of range")
    return port


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pizzanight", description="Pizza Night party games")
    commands = parser.add_subparsers(dest="command", required=True)

    conf = commands.add_parser("conformance", help="run rule vectors against the engines")
    conf.add_argument("paths", nargs="+", metavar="FILE_OR_FOLDER")

    play = commands.add_parser("selfplay", help="bots play games through the engine")
    play.add_argument("--game", default="pizza_theory")
    play.add_argument("--players", type=_count, default=3)
    play.add_argument("--games", type=_count, default=100)
    play.add_argument("--seed", type=int, default=1)
    play.add_argument("--bots", default=None, help="comma-separated bot names, one per seat (or one for all)")
    play.add_argument("--level", default=None, help="Splittissimo level: easy, standard or advanced")
    play.add_argument("--options", type=_options, default=None, help="game options as a JSON object")

    serve = commands.add_parser("serve", help="run the hub: TV, phones and spectators over websockets")
    serve.add_argument("--host", default="0.0.0.0", help="address to listen on (default: every interface)")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--data", default="data", help="data folder for the embedded store (default: ./data)")
    serve.add_argument("--store", default="embedded", help="'embedded' (SQLite in --data), a SQLite path, or redis://host:port")
    serve.add_argument("--web", default=None, help="folder of the built web client (default: web-client/dist)")
    serve.add_argument("--public-url", default=None, help="URL phones use to reach this server (default: LAN address)")
    serve.add_argument("--no-mdns", action="store_true",
                       help="do not announce pizzanight.local on the local network (also: PIZZANIGHT_MDNS=0)")
    serve.add_argument("--short-address", default=None,
                       help="the address the TV shows to type (default: pizzanight.local:PORT when announced, else the IP)")
    serve.add_argument("--bot-delay", type=float, default=0.6, help="seconds a bot waits before moving")
    serve.add_argument("--room-idle", type=float, default=3600.0, help="seconds without activity before a room ends")
    serve.add_argument("--timer-scale", type=float, default=1.0, help="multiplies game timer delays")
    serve.add_argument("--grace", type=float, nargs=3, default=None, metavar=("HOST", "PARTY", "CLASS"),
                       help="seconds before a gone host phone hands hosting on, and before a bot plays for a gone"
                       " party / class seat (default 12 20 15)")
    serve.add_argument(
        "--forwarded-allow-ips",
        default=None,
        help="proxies whose X-Forwarded-For names the real client (addresses or networks, comma-separated;"
        " default $FORWARDED_ALLOW_IPS, else 127.0.0.1,::1)",
    )
    serve.add_argument("--log-level", default="info")
    serve.add_argument("--admin-token-file", default=None,
                       help="file holding the admin token (default: $PIZZANIGHT_ADMIN_TOKEN; no token: no admin console)")
    serve.add_argument("--metrics", type=_metrics_at, default="public", metavar="public|token|PORT",
                       help="/metrics for anyone (public), for the admin token (token), or only on a separate PORT")

    replays = commands.add_parser("replay", help="export a room's log as a replay file, or check one")
    replay_commands = replays.add_subparsers(dest="replay_command", required=True)
    export = replay_commands.add_parser("export", help="write ONE replay file of a room (docs/operating.md)")
    export.add_argument("room", metavar="ROOM", help="the room's code (or, for a closed room, its id)")
    export.add_argument("--data", default="data", help="data folder of the embedded store (default: ./data)")
    export.add_argument("--store", default="embedded", help="'embedded' (SQLite in --data), a SQLite path, or redis://host:port")
    export.add_argument("-o", "--output", default=None, help="file to write ('-' for stdout; default: pizzanight-CODE-vN.replay.json)")
    check = replay_commands.add_parser("check", help="replay a file through the engines and verify every state")
    check.add_argument("file", metavar="FILE")

    load = commands.add_parser("loadtest", help="bots play real games over websockets against a hub, then a summary")
    from server.loadtest.runner import add_arguments

    add_arguments(load)

    from server.classroom import command as class_command

    class_command.add_parser(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "conformance":
        from server import conformance

        return conformance.main(args.paths)
    if args.command == "serve":
        from server import serve

        return serve.run(args)
    if args.command == "replay":
        from server import replay_command

        return replay_command.export(args) if args.replay_command == "export" else replay_command.check(args)
    if args.command == "class":
        from server.classroom import command as class_command

        return class_command.run(args)
    if args.command == "selfplay":
        from server import selfplay

        options = dict(args.options or {})
        if args.level:
            options["level"] = args.level
        bots = args.bots.split(",") if args.bots else None
        return selfplay.run(args.game, args.players, args.games, args.seed, bots, options or None)
    if args.command == "loadtest":
        from server.loadtest import runner

        return runner.main(args)
    return 2  # pragma: no cover - argparse rejects unknown commands


if __name__ == "__main__":
    sys.exit(main())
