"""``pizzanight conformance``: run rule vectors against the engines.

The format is described in ``tests/conformance/README.md``.  Each vector is
answered by ``games.<game>.conformance``; a game or check we cannot answer is
reported as a failure, never skipped, so an unseen vector can only pass by
being right.  For the same reason a vector's ``expect`` may hold part of an
answer but never nothing, and never a key its check does not define (a
misspelt ``total`` fails rather than checking nothing: ``games.vectors.expected_keys``).
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TextIO

import attrs

from games.registry import GAME_IDS


@attrs.frozen
class VectorResult:
    id: str
    ok: bool
    expected: Any
    got: Any


class VectorFileError(Exception):
    """A vector file that cannot be read or is not a list of vectors."""


def run_vector(vector: dict) -> VectorResult:
    vid = str(vector.get("id", "?"))
    expected = vector.get("expect")
    game = vector.get("game")
    if game not in GAME_IDS:
        return VectorResult(vid, False, expected, f"unknown game {game!r}")
    try:
        module = importlib.import_module(f"games.{game}.conformance")
        got = module.answer(vector["check"], vector["input"])
        ok = bool(module.agree(vector["check"], expected, got))
    except Exception as exc:  # a failing vector, reported, never a crash of the run
        return VectorResult(vid, False, expected, f"error: {type(exc).__name__}: {exc}")
    return VectorResult(vid, ok, expected, got)


def vector_files(paths: Iterable[str]) -> list[Path]:
    """The files named, and the ``*.json`` files under the folders named (a folder called ``x.json`` is searched, not read)."""
    files: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            files.extend(sorted(found for found in path.rglob("*.json") if not found.is_dir()))
        else:
            files.append(path)
    return files


def load_vectors(path: Path) -> list[dict]:
    """The vectors of one file; a file that cannot be read as a JSON list of maps raises :class:`VectorFileError`.

    ``utf-8-sig``: a file saved with a byte-order mark (some Windows editors) reads as
    without.  A JSON nested deeper than the parser goes (``RecursionError``) is a file
    that cannot be read, like any other malformed one.
    """
    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"))
    except (OSError, ValueError, RecursionError) as exc:
        raise VectorFileError(f"{path}: {type(exc).__name__}: {exc}") from exc
    if not isinstance(data, list) or not all(isinstance(v, dict) for v in data):
        raise VectorFileError(f"{path}: expected a JSON list of vectors")
    return data


def main(paths: list[str], out: TextIO = sys.stdout) -> int:
    """Print one line per failing vector and a closing count; return the exit code.

    A file that cannot be read is named (``cannot read vectors: ...``) and the
    others are still run, so one bad file in a folder hides no result; the exit
    code is then 2, else 1 when a vector failed, else 0.
    """
    passed = failed = 0
    files = vector_files(paths)
    if not files:
        print("no vector files found", file=out)
        return 2
    batches: list[list[dict]] = []
    unreadable = 0
    for path in files:
        try:
            batches.append(load_vectors(path))
        except VectorFileError as exc:
            print(f"cannot read vectors: {exc}", file=out)
            unreadable += 1
    for vectors in batches:
        for vector in vectors:
            result = run_vector(vector)
            if result.ok:
                passed += 1
            else:
                failed += 1
                print(
                    f"FAIL {result.id}: expected {json.dumps(result.expected, sort_keys=True)}"
                    f" got {json.dumps(result.got, sort_keys=True, default=str)}",
                    file=out,
                )
    print(f"{passed} passed, {failed} failed", file=out)
    return 2 if unreadable else 1 if failed else 0
