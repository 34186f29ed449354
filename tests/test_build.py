"""The package builds as a user's ``pip`` builds it: with the compiled fast lane, and without a compiler.

Each test builds a wheel (``pip wheel``, the build backend in its own
isolated environment, as ``pip install`` does) from a scratch copy of the
sources, unpacks it, and asks the unpacked package which lane it runs.
So the claims in setup.py and README are checked end to end:

* a wheel carries the five compiled modules, and the hub runs them;
* with no working C compiler the install still succeeds, says so in one
  line, and the hub runs the pure-Python twins;
* a module that cannot be built (here a Cython error in one ``.pyx``)
  skips that module only, with one line naming it.

On a machine whose install built no compiled lane (no compiler), the two
tests that need one are skipped, as the compiled half of the twin tests is.

About a minute: each build runs Cython and, where it can, gcc.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("games", "protocol", "server")

#: The compiled modules a wheel built with a compiler carries (setup.py's ``extensions``).
COMPILED = {"games._values", "games._memo", "server.fastlane._lane", "server.fastlane._diff", "server.fastlane._wire",
            "server.fastlane._outbox", "server.fastlane._delivery", "server.fastlane._views", "server.fastlane._inbound",
            "server.fastlane._turn", "server.fastlane._inputs", "server.fastlane._appender"}

pytestmark = pytest.mark.timeout(900)

try:
    from server.fastlane import _lane as installed_compiled
except ImportError:  # this checkout was installed with no working compiler: nothing here can build the lane
    installed_compiled = None
needs_compiler = pytest.mark.skipif(installed_compiled is None, reason="no C compiler built the lane at install time")


def source_copy(into: Path) -> Path:
    """What a clone holds of the package: no build output (``.so``, Cython's ``.c``), no caches."""
    into.mkdir()
    for name in ("pyproject.toml", "README.md", "setup.py"):
        shutil.copy(ROOT / name, into / name)
    for package in PACKAGES:
        shutil.copytree(ROOT / package, into / package, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.c"))
    return into


def build_wheel(source: Path, out: Path, **env: str) -> tuple[Path, str]:
    """``pip wheel`` of ``source``: the wheel, and what the build printed (``-v``: the backend's own lines)."""
    run = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "--wheel-dir", str(out), str(source)],
        capture_output=True, text=True, timeout=600, env={**os.environ, **env},
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    wheels = list(out.glob("pizzanight-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0], run.stdout + run.stderr


def compiled_in(wheel: Path) -> set[str]:
    """The compiled modules in ``wheel``, as dotted names."""
    names = zipfile.ZipFile(wheel).namelist()
    return {name.split(".")[0].replace("/", ".") for name in names if name.endswith(".so")}


def lane_of(wheel: Path, into: Path) -> dict:
    """Unpack ``wheel`` and ask its package which lane runs (a fresh interpreter, the unpacked copy first)."""
    zipfile.ZipFile(wheel).extractall(into)
    probe = (
        "import json, server; from server import fastlane; "
        "print(json.dumps({'file': server.__file__, 'lane': fastlane.LANE, 'why': fastlane.WHY, "
        "'appender': fastlane.Appender is not None, 'describe': fastlane.describe()}))"
    )
    env = {key: value for key, value in os.environ.items() if key != fastlane_env()}
    run = subprocess.run([sys.executable, "-c", probe], cwd=into.parent, capture_output=True, text=True, timeout=60,
                         env={**env, "PYTHONPATH": str(into)})
    assert run.returncode == 0, run.stderr[-3000:]
    answer = json.loads(run.stdout)
    assert Path(answer["file"]).is_relative_to(into), answer  # the unpacked wheel, not the checkout
    return answer


def fastlane_env() -> str:
    from server.fastlane import PURE_ENV

    return PURE_ENV


def notes(output: str) -> list[str]:
    """The lines setup.py printed about modules it did not build."""
    return [line for line in output.splitlines() if "pizzanight:" in line and "not built" in line]


@needs_compiler
def test_a_wheel_carries_the_compiled_lane_and_the_hub_runs_it(tmp_path):
    wheel, output = build_wheel(source_copy(tmp_path / "src"), tmp_path / "out")
    assert compiled_in(wheel) == COMPILED
    assert not notes(output), notes(output)
    assert not [name for name in zipfile.ZipFile(wheel).namelist() if name.endswith((".c", ".pyx"))]
    answer = lane_of(wheel, tmp_path / "unpacked")
    assert answer["lane"] == "compiled" and answer["appender"], answer
    assert answer["describe"].startswith("fast lane: compiled")


def test_without_a_compiler_the_install_succeeds_and_the_hub_runs_the_twins(tmp_path):
    # `false` stands in for a C compiler that is missing or broken: every compile fails
    wheel, output = build_wheel(source_copy(tmp_path / "src"), tmp_path / "out", CC="false", LDSHARED="false")
    assert compiled_in(wheel) == set()
    said = notes(output)
    assert len(said) == 1 and "the hub runs its pure-Python twin" in said[0], said
    answer = lane_of(wheel, tmp_path / "unpacked")
    assert answer["lane"] == "pure" and not answer["appender"], answer
    assert "not built" in answer["why"] and answer["describe"].startswith("fast lane: pure Python")


@needs_compiler
def test_a_module_that_cannot_be_built_is_skipped_alone(tmp_path):
    source = source_copy(tmp_path / "src")
    broken = source / "server" / "fastlane" / "_appender.pyx"
    broken.write_text(broken.read_text() + "\ncdef int this is not Cython\n")
    wheel, output = build_wheel(source, tmp_path / "out")
    assert compiled_in(wheel) == COMPILED - {"server.fastlane._appender"}
    said = notes(output)
    assert len(said) == 1 and "server.fastlane._appender" in said[0], said
    answer = lane_of(wheel, tmp_path / "unpacked")
    # the rest of the lane is compiled; the store's Python writer does the appends
    assert answer["lane"] == "compiled" and not answer["appender"], answer
    assert "not SQLite appends" in answer["describe"]
