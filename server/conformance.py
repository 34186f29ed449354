"""``pizzanight conformance``: run rule vectors against the engines.

The format is described in ``tests/conformance/README.md``.  Each vector is
answered by ``games.<game>.conformance``; a game or check we cannot answer is
reported as a failure, never skipped, so an unseen vector can only pass by
being right.
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
    files: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            files.extend(sorted(path.rglob("*.json")))
        else:
            files.append(path)
    return files


def load_vectors(path: Path) -> list[dict]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise VectorFileError(f"{path}: {exc}") from exc
    if not isinstance(data, list) or not all(isinstance(v, dict) for v in data):
        raise VectorFileError(f"{path}: expected a JSON list of vectors")
    return data


def main(paths: list[str], out: TextIO = sys.stdout) -> int:
    """Print one line per failing vector and a closing count; return the exit code."""
    passed = failed = 0
    try:
        files = vector_files(paths)
        batches = [load_vectors(path) for path in files]
    except VectorFileError as exc:
        print(f"cannot read vectors: {exc}", file=out)
        return 2
    if not files:
        print("no vector files found", file=out)
        return 2
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
    return 1 if failed else 0
