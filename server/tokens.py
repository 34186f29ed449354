"""Secret tokens (the host's, each seat's) and the hashes the room's log keeps instead of them."""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """What the log stores: a token itself is never written anywhere."""
    return hashlib.sha256(token.encode()).hexdigest()


def matches(token: str | None, stored_hash: str | None) -> bool:
    """Does ``token`` hash to ``stored_hash`` (compared in constant time)."""
    if token is None or not stored_hash:
        return False
    return hmac.compare_digest(token_hash(token), stored_hash)
