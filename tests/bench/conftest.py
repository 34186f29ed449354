"""What the benchmarks' smoke tests share: running a script of bench/ as a person would."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def run_bench() -> Callable[..., subprocess.CompletedProcess[str]]:
    """Run ``bench/<script>`` with these arguments in a fresh interpreter, from the project's root: its outcome."""

    def run(script: str, *args: str, timeout: int = 300) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, str(ROOT / "bench" / script), *args], capture_output=True, text=True, timeout=timeout, cwd=ROOT
        )

    return run
