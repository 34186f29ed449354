"""``pizzanight replay export|check``: the operator's side of replays (server.replay).

``export`` reads a room's log straight from a store (the embedded SQLite file
in ``--data``, or ``--store URL``), which is safe while a hub is running on
it: logs are append-only and the export only reads.  ``check`` needs no store
at all, only the file and this hub's games.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any, TextIO

from server import replay


async def _export(store_url: str, data: str, room: str) -> dict:
    from server.hub import load_games
    from server.store import open_store

    store = open_store(store_url, data=data)
    try:
        room_id = await replay.find_room_id(store, room)
        return await replay.export(store, room_id, load_games())
    finally:
        await store.close()


def export(args: Any, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    try:
        doc = asyncio.run(_export(args.store, args.data, args.room))
    except replay.ReplayError as exc:
        print(f"replay export: {exc}", file=sys.stderr)
        return 1
    text = replay.dumps(doc)
    target = args.output or f"pizzanight-{doc['room']['code'] or doc['room']['id']}-v{doc['final']['version']}.replay.json"
    if target == "-":
        out.write(text + "\n")
    else:
        Path(target).write_text(text, encoding="utf-8")
        print(f"wrote {target}: {len(doc['records'])} records, phase {doc['final']['phase']}", file=out)
    return 0


def check(args: Any, out: TextIO | None = None) -> int:
    from server.hub import load_games

    out = out or sys.stdout
    try:
        result = replay.check(replay.load(args.file), load_games())
    except replay.ReplayError as exc:
        print(f"FAIL {args.file}: {exc}", file=out)
        return 1
    for warning in result.warnings:
        print(f"warning: {warning}", file=out)
    summary = (result.outcome or {}).get("summary") if isinstance(result.outcome, dict) else None
    games = ", ".join(result.games) or "no game"
    print(f"ok {args.file}: {result.records} records replayed, every state matches ({games}; {result.phase}"
          + (f": {summary}" if summary else "") + ")", file=out)
    return 0
