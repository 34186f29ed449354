"""The linter and the type checker run with the tests (issue 11 item 5).

ruff checks the whole tree with the rules in pyproject.toml; mypy checks
``games/`` and ``protocol/`` strictly.  A failure prints the tools' own
output, which names each file, line and rule.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600)


def _require(module: str) -> None:
    if _run(module, "--version").returncode != 0:
        pytest.fail(f"{module} is not installed: install the test extras (pip install -e '.[test]')")


def test_games_pass_strict_type_checking():
    _require("mypy")
    result = _run("mypy", "games")
    assert result.returncode == 0, result.stdout + result.stderr


def test_games_and_their_tests_pass_ruff():
    _require("ruff")
    result = _run("ruff", "check", "--no-fix", "--output-format", "concise", "games", "tests/games", "tests/test_lint.py")
    assert result.returncode == 0, result.stdout + result.stderr


def test_protocol_passes_strict_type_checking():
    _require("mypy")
    result = _run("mypy", "protocol")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_whole_tree_passes_ruff():
    _require("ruff")
    result = _run("ruff", "check", "--no-fix", "--output-format", "concise", ".")
    assert result.returncode == 0, result.stdout + result.stderr
