"""DESIGN.md section 2: imports flow server -> protocol -> games, and the pure
packages stay pure (no asyncio, clock, random, uuid or I/O modules)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: What each top-level package may import from the project.
ALLOWED_PROJECT = {
    "games": {"games"},
    "protocol": {"games", "protocol"},
    "server": {"games", "protocol", "server"},
}
#: Third-party packages allowed in the pure packages (the rest of stdlib is checked below).
ALLOWED_THIRD_PARTY = {
    "games": {"attrs"},
    "protocol": {"attrs", "cattrs", "msgpack"},
}
FORBIDDEN_IN_PURE = {
    "asyncio", "time", "random", "uuid", "socket", "os", "io", "pathlib", "subprocess", "threading",
    "sqlite3", "shutil", "tempfile", "urllib", "http", "select", "selectors", "signal", "datetime",
    "secrets", "logging", "multiprocessing", "concurrent", "glob", "open",
}


def python_files(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def imported_modules(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in {"open", "__import__"}:
            names.append(node.func.id)
    return names


PROJECT = set(ALLOWED_PROJECT)


@pytest.mark.parametrize("package", sorted(ALLOWED_PROJECT))
def test_project_imports_flow_one_way(package):
    # Given every module of the package, when we read its imports,
    # then it imports only the project packages below it.
    bad = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in python_files(package)
        for name in imported_modules(path)
        if name.split(".")[0] in PROJECT and name.split(".")[0] not in ALLOWED_PROJECT[package]
    ]
    assert bad == []


@pytest.mark.parametrize("package", ["games", "protocol"])
def test_pure_packages_do_no_io_and_draw_no_randomness(package):
    import sys

    stdlib = set(sys.stdlib_module_names)
    bad = []
    for path in python_files(package):
        for name in imported_modules(path):
            top = name.split(".")[0]
            if top in FORBIDDEN_IN_PURE:
                bad.append(f"{path.relative_to(ROOT)} uses {name}")
            elif top not in stdlib and top not in PROJECT and top not in ALLOWED_THIRD_PARTY[package] and top != "__future__":
                bad.append(f"{path.relative_to(ROOT)} imports third-party {name}")
    assert bad == []


def test_the_checker_catches_a_forbidden_import(tmp_path):
    # The walker must see through `from x import y` and plain `import x` alike.
    sample = tmp_path / "sample.py"
    sample.write_text("import random\nfrom time import monotonic\nfrom games import contract\nopen('x')\n")
    assert imported_modules(sample) == ["random", "time", "games", "open"]
