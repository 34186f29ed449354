"""Room codes and player names: short, unambiguous, and not rude.

Codes use consonants only, without the letters that look like others
(``I``/``L``/``1``, ``O``/``Q``/``0``, ``U``/``V``) and without vowels, so no
word (rude or otherwise) can be spelled; a short list catches the few
consonant-only abbreviations that still read badly.

Names are what people type on a phone: trimmed, spaces collapsed, limited in
length, printable, not rude, and not a look-alike of a name already in the
room.  Two libraries do the hard parts, so the lists stay maintained by
people who maintain lists:

- ``glin_profanity`` (MIT) holds the word list and matches whole words with
  its leetspeak handling.  Whole words, because a substring test refuses
  real names (Scunthorpe, Matsushita).  Before it sees a name we undo the
  usual disguises: look-alike letters from other scripts, fullwidth forms,
  digits for letters, and letters spaced out ("F U C K").
- ``confusable_homoglyphs`` (MIT) holds Unicode's confusables table, from
  which :func:`skeleton` maps each non-ASCII letter to the ASCII letter it
  looks like (after NFKC), so "Marta" with a Cyrillic "а" or in fullwidth
  letters is the same name as "Marta".
"""

from __future__ import annotations

import functools
import re
import secrets
import unicodedata

from confusable_homoglyphs import confusables
from glin_profanity import Filter

#: 17 letters, no vowels, no look-alikes: 17**4 = 83521 codes.
CODE_ALPHABET = "BCDFGHJKMNPRSTWXZ"
CODE_LENGTH = 4
_CODE_BLOCKLIST = (
    "FCK", "FK", "SHT", "CNT", "KKK", "NZ", "DCK", "PNS", "WTF", "STFU", "FKN", "XXX",
    "SX", "JZZ", "TWT", "BTCH", "DMN", "FGT", "NGR", "CNTS", "PRN", "KMS", "KYS",
)

NAME_MAX = 16

#: The languages the web client offers: a name is checked against the library's list of each.
LANGUAGES = ("english", "spanish")
#: Words the library's lists lack that a children's party still should not show (English, Spanish).
_EXTRA_WORDS = [
    "whore", "wanker", "nazi", "hitler", "fuckers", "bitchy", "dickhead", "fag", "crap", "douche",
    "pendejo", "pendeja", "joder", "jodete", "polla", "chocho", "mamon", "mamona", "cabrona", "zorra",
    "hijoputa", "malparido", "gonorrea", "mierdas", "putas", "culero", "chingada", "chingar",
]
#: Words on the libraries' lists that are also common first names (Concha: Concepción).
_FIRST_NAMES = ["concha"]
#: Stems no real name contains, matched inside words ("xxfuckxx"); kept tiny on purpose
#: (a longer list of substrings is how Scunthorpe gets refused).
_STEMS = ("fuck", "bitch", "nigger", "nigga", "whore", "faggot", "cunt", "gilipoll", "hijoputa", "hijodeputa")
#: Stems that a real place or family name does contain, refused only as a whole word.
_STEM_EXCEPTIONS = re.compile(r"scunthorp")

#: Digits and signs people use for letters.
_LEET = str.maketrans(
    {"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "@": "a", "$": "s", "!": "i", "|": "l", "+": "t", "€": "e"}
)


@functools.cache
def _filter() -> Filter:
    return Filter(
        {
            "languages": list(LANGUAGES),
            "word_boundaries": True,
            "allow_obfuscated_match": True,
            "custom_words": _EXTRA_WORDS,
            "ignore_words": _FIRST_NAMES,
        }
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
    """The name cannot be used.

    ``reason`` says why, so the phone can say it in its own language:
    ``empty``, ``too_long`` (``params["max"]`` is the limit), ``unprintable``
    or ``unkind``; the message says it in English.
    """

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason
        #: The error frame's ``params``: the reason and the longest name allowed.
        self.params: dict[str, str | int] = {"reason": reason, "max": NAME_MAX}


@functools.lru_cache(maxsize=4096)
def _ascii_lookalike(ch: str) -> str:
    """The ASCII character ``ch`` is confusable with, or ``ch`` itself."""
    if ch.isascii():
        return ch
    for glyph in confusables.confusables_data.get(ch, ()):
        if len(glyph["c"]) == 1 and glyph["c"].isascii() and glyph["c"].isalnum():
            return glyph["c"]
    return ch


def skeleton(name: str) -> str:
    """What ``name`` looks like: NFKC, look-alike letters mapped to ASCII, then case-folded.

    Only non-ASCII characters are mapped (ASCII "I" and "l" stay apart, so
    "Ian" and "lan" are different names), and before case-folding, so that a
    Greek capital Mu maps to "M" rather than its lower case to "u".
    """
    text = unicodedata.normalize("NFKC", name)
    return "".join(_ascii_lookalike(ch) for ch in text).casefold()


def _unleet(text: str) -> str:
    """Digits and signs read as letters, but only inside a word that has letters too.

    "sh1t" and "a55hole" are words in disguise; "455" alone is a number, so
    "P0 455" stays a harmless name and is not read as "po ass".
    """
    return re.sub(r"\S+", lambda m: m.group().translate(_LEET) if _WORDISH.search(m.group()) else m.group(), text)


#: What makes a token a word rather than a number: a letter, or a sign people only use for one ("@55").
_WORDISH = re.compile(r"[^\W\d_]|[@$!|€]")


def _unstretched(text: str) -> list[str]:
    """A stretched word written plainly ("fuuuck", "diiick", "fuuck"): a run of 3+ letters as one, then every run as one.

    Both readings, since collapsing every double also changes real spellings
    ("ball" to "bal"): "baaall" is "ball" in the first reading.
    """
    return [re.sub(r"(.)\1{2,}", r"\1", text), re.sub(r"(.)\1+", r"\1", text)]


def _spellings(name: str) -> list[str]:
    """The readings of a name a rude-word check must look at."""
    plain = skeleton(name)
    unleet = _unleet(plain)
    # Letters spaced out ("f u c k", "f.u.c.k", "$ h ! t"): join runs of one-letter tokens.
    tokens = re.split(r"[^\w]+|_", " ".join(_unleet(t) for t in re.split(r"[\s.,·•\-_/]+", plain)))
    joined, run = [], ""
    for token in tokens:
        if len(token) == 1:
            run += token
            continue
        if run:
            joined.append(run)
            run = ""
        if token:
            joined.append(token)
    if run:
        joined.append(run)
    spaced = " ".join(joined)
    readings = [plain, unleet, spaced]
    readings += [text for text in _unstretched(spaced) if text not in readings]
    return readings


@functools.lru_cache(maxsize=4096)
def is_rude(name: str) -> bool:
    """True when any reading of ``name`` holds a word from the list."""
    check = _filter()
    for text in _spellings(name):
        if check.is_profane(text):
            return True
        letters = re.sub(r"[^a-z]", "", text)
        if any(stem in letters for stem in _STEMS) and not _STEM_EXCEPTIONS.search(letters):
            return True
    return False


def clean_name(text: str) -> str:
    """A typed name as it will be shown, or :class:`BadName` saying why not (never cut to fit)."""
    name = unicodedata.normalize("NFC", text)
    name = " ".join(name.split())
    if not name:
        raise BadName("empty", "type a name")
    if len(name) > NAME_MAX:
        raise BadName("too_long", f"at most {NAME_MAX} characters")
    if any(unicodedata.category(ch)[0] in ("C",) for ch in name):
        raise BadName("unprintable", "only printable characters")
    if is_rude(name):
        raise BadName("unkind", "please choose a kind name")
    return name


def same_name(a: str, b: str) -> bool:
    """Whether two names would look the same on the TV (case, width and look-alike letters aside)."""
    return skeleton(a) == skeleton(b)
