"""Secret tokens (the host's, each seat's) and the hashes the room's log keeps instead of them."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

from server.names import CODE_ALPHABET, code_is_clean

#: A reclaim code: 6 letters of the room code alphabet (17**6, about 24 million), typed on a phone.
RECLAIM_LENGTH = 6


def new_token() -> str:
    return secrets.token_urlsafe(24)


#: A seat token a phone makes for itself (docs/protocol.md, "The first frame"): at least 22
#: URL-safe base64 characters, so at least 128 random bits when made as the protocol says.
#: What a refusal says of one.
OWN_TOKEN_RULE = "a token of the device's own making is 22 to 64 characters of A-Z a-z 0-9 - _"
_OWN_TOKEN = re.compile(r"[A-Za-z0-9_-]{22,64}")


def own_token(token: str) -> bool:
    """Could ``token`` be a phone's own secret for a new seat (long enough not to be guessed)?

    A phone that makes its seat token before it joins can send the same hello
    again when the welcome was lost, and come back to the seat that hello
    made instead of being refused as a second player with its name.
    """
    return _OWN_TOKEN.fullmatch(token) is not None


def token_hash(token: str) -> str:
    """What the log stores: a token itself is never written anywhere."""
    return hashlib.sha256(token.encode()).hexdigest()


def matches(token: str | None, stored_hash: str | None) -> bool:
    """Does ``token`` hash to ``stored_hash`` (compared in constant time)."""
    if token is None or not stored_hash:
        return False
    return hmac.compare_digest(token_hash(token), stored_hash)


def new_reclaim_code() -> str:
    """A one-time code that hands a disconnected seat to a new device (short enough to type)."""
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(RECLAIM_LENGTH))
        if code_is_clean(code):
            return code


def normal_reclaim_code(text: str) -> str:
    """A typed reclaim code as issued: upper case, without spaces or dashes."""
    return "".join(ch for ch in text.upper() if not ch.isspace() and ch != "-")
