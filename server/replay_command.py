"""``pizzanight replay export|check``: the operator's side of replays (server.replay).

``export`` reads a room's log straight from a store (the embedded SQLite file
in ``--data``, or ``--store URL``), which is safe while a hub is running on
it: logs are append-only and the export only reads.  It opens the store
read-only, so a wrong folder is an error ("no Pizza Night store at ...")
rather than a new, empty store that then has no such room.  ``check`` needs
no store at all, only the file and this hub's games.

Exit status: 0 written or checked, 1 no such room or a file that does not
check, 2 the command cannot run (no store there, a file it cannot write).
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any, TextIO

from server import replay
from server.usage_errors import fail


async def _export(store_url: str, data: str, room: str) -> dict:
    from server.hub import load_games
    from server.store import StoreError, open_store

    try:
        store = open_store(store_url, data=data, readonly=True)
    except ValueError as exc:  # an unknown store URL
        raise StoreError(str(exc)) from exc
    try:
        room_id = await replay.find_room_id(store, room)
        return await replay.export(store, room_id, load_games())
    finally:
        await store.close()


def export(args: Any, out: TextIO | None = None) -> int:
    from server.store import StoreError

    out = out or sys.stdout
    try:
        doc = asyncio.run(_export(args.store, args.data, args.room))
    except replay.ReplayError as exc:
        print(f"pizzanight replay export: {exc}", file=sys.stderr)
        return 1
    except StoreError as exc:  # no store there, not a store, an unknown store URL
        return fail("replay export", str(exc))
    text = replay.dumps(doc)
    target = args.output or f"pizzanight-{doc['room']['code'] or doc['room']['id']}-v{doc['final']['version']}.replay.json"
    if target == "-":
        out.write(text + "\n")
    else:
        try:
            Path(target).write_text(text, encoding="utf-8")
        except OSError as exc:  # no such folder, no permission, a folder by that name
            return fail("replay export", f"cannot write {target}: {exc.strerror or exc}")
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
