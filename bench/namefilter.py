"""How often the name filter is wrong: false positives on real first names, false negatives on rude words.

Run: .venv/bin/pip install gender-guesser && .venv/bin/python bench/namefilter.py

Harmless names: every first name that the gender-guesser package's name
dictionary (Jörg Michael's nam_dict, about 45,000 names from 50 countries)
lists as in use in Great Britain, the U.S.A. or Spain, the countries of the
languages the client offers.  Rude names: every word of the filter
library's English and Spanish lists, each as typed and in five disguises
(capitals, spaced letters, digits for letters, a stretched letter, a
Cyrillic look-alike).  Prints the rates and the first mistakes of each kind.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from server.names import BadName, clean_name  # noqa: E402

COUNTRIES = ("Great Britain", "U.S.A.", "Spain")


def _refused(name: str) -> bool:
    try:
        clean_name(name)
    except BadName as exc:
        return exc.reason == "unkind"
    return False


def real_first_names() -> list[str]:
    """First names in use in the client's languages' countries, from gender-guesser's dictionary."""
    import gender_guesser

    path = Path(os.path.dirname(gender_guesser.__file__)) / "data" / "nam_dict.txt"
    lines = path.read_text(encoding="iso-8859-1").splitlines()
    columns = []
    for i, line in enumerate(lines):
        if line.startswith("#") and line[1:].strip().rstrip("$").strip() in COUNTRIES:
            columns.append(lines[i + 1].index("|"))
    names = set()
    for line in lines:
        if line.startswith("#") or len(line) < max(columns) + 1:
            continue
        name = line[3:29].strip()
        if "+" in name:  # the dictionary's way of writing a name with a space or hyphen
            name = name.replace("+", "-")
        if name and any(line[c] not in " " for c in columns):
            names.add(name)
    return sorted(names)


def library_words() -> list[str]:
    """The words of the filter library's English and Spanish lists."""
    import glin_profanity

    folder = Path(os.path.dirname(glin_profanity.__file__)) / "data" / "dictionaries"
    words: set[str] = set()
    for language in ("english", "spanish"):
        data = json.loads((folder / f"{language}.json").read_text(encoding="utf-8"))
        listed = data.get("words", data) if isinstance(data, dict) else data
        words.update(w for w in listed if isinstance(w, str) and 2 < len(w) <= 16)
    return sorted(words)


def disguises(word: str) -> list[str]:
    leet = word.translate(str.maketrans({"o": "0", "i": "1", "e": "3", "a": "4", "s": "5"}))
    stretched = next((word[: i + 1] + word[i] * 2 + word[i + 1 :] for i, ch in enumerate(word) if ch in "aeiou"), word)
    cyrillic = word.replace("a", "а").replace("o", "о").replace("e", "е")
    spaced = " ".join(word) if len(word) <= 8 and " " not in word else word
    return [word, word.upper(), spaced, leet, stretched, cyrillic]


def main() -> None:
    try:
        names = real_first_names()
    except ImportError:
        sys.exit("bench/namefilter.py reads its names from the gender-guesser package: "
                 ".venv/bin/pip install gender-guesser, then run it again")
    false_positives = [n for n in names if _refused(n)]
    print(f"real first names ({', '.join(COUNTRIES)}): {len(names)}; refused: {len(false_positives)} "
          f"({100 * len(false_positives) / len(names):.2f} %)")
    print("  refused:", ", ".join(false_positives[:40]))
    words = library_words()
    tried = [d for w in words for d in disguises(w) if len(d) <= 16]
    false_negatives = [d for d in tried if not _refused(d)]
    print(f"rude words from the library's lists, with disguises: {len(tried)}; accepted: {len(false_negatives)} "
          f"({100 * len(false_negatives) / len(tried):.2f} %)")
    print("  accepted:", ", ".join(false_negatives[:40]))


if __name__ == "__main__":
    main()
