"""Where rooms live: one append-only log per room, snapshots, and the code index.

``server.store.base.Store`` is the interface; ``embedded`` (SQLite on local
disk, the default) and ``redis`` implement it.  ``open_store(url)`` picks one
from a URL.
"""
