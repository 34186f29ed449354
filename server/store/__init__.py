"""Where rooms live: one append-only log per room, snapshots, and the code index.

``server.store.base.Store`` is the interface; ``embedded`` (SQLite on local
disk, the default) and ``redis`` implement it.  ``open_store(url)`` picks one
from a URL.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from server.store.base import Store

#: The file name of the embedded store inside the data folder.
EMBEDDED_FILE = "pizzanight.sqlite3"


def open_store(url: str = "embedded", *, data: str | Path = "data") -> Store:
    """A store from a URL.

    - ``embedded`` (the default): SQLite at ``<data>/pizzanight.sqlite3``;
    - ``embedded:///abs/path.sqlite3`` or ``sqlite:///abs/path.sqlite3``, or a
      plain file path: SQLite at that path; ``?synchronous=normal`` trades
      power-cut durability for speed (see server.store.embedded);
      ``?commit_interval_ms=0`` (the default) commits at once when the writer is idle and
      gathers only what arrives during a commit; ``?commit_interval_ms=10`` spaces commits
      under load instead (see ``server.store.embedded.COMMIT_INTERVAL``);
    - ``redis://host:port/db`` (or ``rediss://``): the Redis backend, imported
      only when asked for, so the embedded mode needs no Redis at all.
    """
    parts = urlsplit(url)
    if parts.scheme in ("redis", "rediss", "unix"):
        from server.store.redis import RedisStore  # lazily: optional backend

        return RedisStore.from_url(url) if hasattr(RedisStore, "from_url") else RedisStore(url)
    from server.store.embedded import EmbeddedStore

    query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
    synchronous = query.get("synchronous", "full")
    if url == "embedded" or (parts.scheme == "embedded" and not parts.path):
        path = Path(data) / EMBEDDED_FILE
    elif parts.scheme in ("embedded", "sqlite", "file"):
        path = Path(parts.path)
    elif parts.scheme == "":
        path = Path(parts.path)
    else:
        raise ValueError(f"unknown store URL {url!r}: use 'embedded', a file path or redis://")
    interval = query.get("commit_interval_ms")
    if interval is None:
        return EmbeddedStore(path, synchronous=synchronous)
    return EmbeddedStore(path, synchronous=synchronous, commit_interval=float(interval) / 1000)


__all__ = ["Store", "open_store", "EMBEDDED_FILE"]
