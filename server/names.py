"""Room codes and player names: short, unambiguous, and not rude.

Codes use consonants only, without the letters that look like others
(``I``/``L``/``1``, ``O``/``Q``/``0``, ``U``/``V``) and without vowels, so no
word (rude or otherwise) can be spelled; a short list catches the few
consonant-only abbreviations that still read badly.  Names are what people
type on a phone: trimmed, spaces collapsed, limited in length, printable,
unique in the room regardless of case, and not on the blocklist.
"""

from __future__ import annotations

import re
import secrets
import unicodedata

#: 17 letters, no vowels, no look-alikes: 17**4 = 83521 codes.
CODE_ALPHABET = "BCDFGHJKMNPRSTWXZ"
CODE_LENGTH = 4
_CODE_BLOCKLIST = ("FCK", "FK", "SHT", "CNT", "KKK", "NZ", "DCK", "PNS", "WTF", "STFU", "FKN", "XXX", "SX", "JZZ", "TWT", "BTCH", "DMN", "FGT", "NGR", "CNTS", "PRN", "KMS", "KYS")

NAME_MAX = 16
_BLOCKED_WORDS = (
    # Whole-word stems only where a shorter stem would block real names (Scunthorpe).
    "fuck", "shit", "cunt", "bitch", "pussy", "nigg", "faggot", "whore", "slut", "rapist",
    "penis", "vagina", "porn", "nazi", "hitler", "bastard", "asshole", "wank", "twat", "retard",
)


def code_is_clean(code: str) -> bool:
    return all(bad not in code for bad in _CODE_BLOCKLIST)


def new_code() -> str:
    """A random clean join code (uniqueness is the store's ``claim_code``)."""
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code_is_clean(code):
            return code


def normal_code(text: str) -> str | None:
    """A typed code as the canonical code, or ``None`` if it cannot be one."""
    code = text.strip().upper()
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        return None
    return code


class BadName(ValueError):
    """The name cannot be used (the message says why, for the phone)."""


def clean_name(text: str) -> str:
    """A typed name as it will be shown, or :class:`BadName`."""
    name = unicodedata.normalize("NFC", text)
    name = " ".join(name.split())
    if not name:
        raise BadName("type a name")
    if len(name) > NAME_MAX:
        raise BadName(f"at most {NAME_MAX} characters")
    if any(unicodedata.category(ch)[0] in ("C",) for ch in name):
        raise BadName("only printable characters")
    letters = re.sub(r"[^a-z]", "", unicodedata.normalize("NFKD", name.casefold()).replace("0", "o").replace("1", "i").replace("3", "e").replace("4", "a").replace("5", "s").replace("$", "s").replace("@", "a"))
    if any(word in letters for word in _BLOCKED_WORDS):
        raise BadName("please choose another name")
    return name


def same_name(a: str, b: str) -> bool:
    return a.casefold() == b.casefold()
