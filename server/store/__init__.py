"""Where rooms live: one append-only log per room, snapshots, and the code index.

``server.store.base.Store`` is the interface; ``embedded`` (SQLite on local
disk, the default) and ``redis`` implement it.  ``open_store(url)`` picks one
from a URL.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from server.store.base import Store, StoreError

#: The file name of the embedded store inside the data folder.
EMBEDDED_FILE = "pizzanight.sqlite3"


def open_store(url: str = "embedded", *, data: str | Path = "data", readonly: bool = False) -> Store:
    """A store from a URL.

    - ``embedded`` (the default): SQLite at ``<data>/pizzanight.sqlite3``;
    - ``embedded:///abs/path.sqlite3`` or ``sqlite:///abs/path.sqlite3``, or a
      plain file path: SQLite at that path (a folder means its
      ``pizzanight.sqlite3``, as ``--data`` does); ``?synchronous=normal`` trades
      power-cut durability for speed (see server.store.embedded);
      ``?commit_interval_ms=0`` (the default) commits at once when the writer is idle and
      gathers only what arrives during a commit; ``?commit_interval_ms=10`` spaces commits
      under load instead (see ``server.store.embedded.COMMIT_INTERVAL``);
    - ``redis://host:port/db`` (or ``rediss://``): the Redis backend, imported
      only when asked for, so the embedded mode needs no Redis at all.

    ``readonly`` is for commands that only read (``replay export``, the load
    test's audit): an embedded store must already exist, and is never
    created or written.  A data folder that is a file, or a file SQLite
    cannot open, raises :class:`StoreError` with one line to show.
    """
    parts = urlsplit(url)
    if parts.scheme in ("redis", "rediss", "unix"):
        from server.store.redis import RedisStore  # lazily: optional backend

        return RedisStore.from_url(url) if hasattr(RedisStore, "from_url") else RedisStore(url)
    from server.store.embedded import EmbeddedStore

    query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
    synchronous = query.get("synchronous", "full")
    if url == "embedded" or (parts.scheme == "embedded" and not parts.path):
        if Path(data).exists() and not Path(data).is_dir():
            raise StoreError(f"the data folder {data} is a file, not a folder")
        path = Path(data) / EMBEDDED_FILE
    elif parts.scheme in ("embedded", "sqlite", "file"):
        path = Path(parts.path)
    elif parts.scheme == "":
        path = Path(parts.path)
    else:
        raise ValueError(f"unknown store URL {url!r}: use 'embedded', a file path or redis://")
    if path.is_dir():
        path = path / EMBEDDED_FILE
    interval = query.get("commit_interval_ms")
    timing = {} if interval is None else {"commit_interval": float(interval) / 1000}
    try:
        return EmbeddedStore(path, synchronous=synchronous, readonly=readonly, **timing)
    except OSError as exc:  # the folder cannot be made (a file in its path, no permission)
        raise StoreError(f"cannot open {path}: {exc.strerror or exc}") from exc


__all__ = ["Store", "StoreError", "open_store", "EMBEDDED_FILE"]
