"""``pizzanight class``: open a class on a running hub and print the teacher's address.

It asks the hub's own API (``POST /api/classes``), so it works against any
hub, local or not, and prints a ``/teacher#...`` link that hands the
teacher's token to the projector's browser once (the page keeps it and
clears the address bar), plus the students' join address and the code.
"""

from __future__ import annotations

import argparse
import json
import sys
import urllib.error
import urllib.request


def add_parser(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    klass = commands.add_parser("class", help="open a class on a running hub and print the teacher's address")
    klass.add_argument("--url", default="http://127.0.0.1:8000", help="the hub (default: http://127.0.0.1:8000)")
    klass.add_argument("--level", default="standard", choices=("easy", "standard", "advanced"))
    klass.add_argument("--table-size", type=int, default=3, help="players per table, 2-5 (default 3)")
    klass.add_argument(
        "--reaction", type=float, default=0.0, help="reaction window in seconds (default 0: no speed play)"
    )
    klass.add_argument("--no-bots", action="store_true", help="never fill a short table with bots")
    klass.add_argument(
        "--retention-days", type=int, default=30, help="keep names and reports this long after the class ends"
    )


def run(args: argparse.Namespace) -> int:
    options = {
        "level": args.level,
        "table_size": args.table_size,
        "reaction_ms": round(args.reaction * 1000),
        "bots": not args.no_bots,
        "retention_days": args.retention_days,
    }
    request = urllib.request.Request(
        f"{args.url.rstrip('/')}/api/classes",
        data=json.dumps({"options": options}).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            body = json.loads(reply.read())
    except urllib.error.HTTPError as exc:
        print(f"the hub refused: {exc.read().decode(errors='replace')}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"no hub at {args.url}: {exc} (start one with scripts/serve)", file=sys.stderr)
        return 1
    print(f"Class code:  {body['code']}")
    print(f"Students:    {body['join']}")
    print(f"Teacher:     {body['teacher']}#class={body['code']}&token={body['token']}")
    print(f"Projector:   {body['join'].rstrip('/')}/screen")
    print("Open the teacher address on your own device (it keeps the class from then on: it holds the")
    print("class's secret), and the projector address on the projector's browser (no secret, no figures).")
    return 0
