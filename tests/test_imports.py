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


# --- no import circles inside server/ (issue 11) ----------------------------------------


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_graph(package: str, root: Path = ROOT) -> dict[str, set[str]]:
    """Module -> project modules of ``package`` it imports, counting every import statement.

    Imports under ``if TYPE_CHECKING:`` and inside functions count too: a
    circle hidden that way is still two modules that cannot be read (or
    changed) one without the other.  ``from server import lobby`` is an edge
    to ``server.lobby``.
    """
    modules = {module_name(p, root): p for p in sorted((root / package).rglob("*.py"))}
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                targets = [f"{node.module}.{alias.name}" for alias in node.names] + [node.module]
            for target in targets:
                if target in modules and target != name:
                    graph[name].add(target)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_server_modules_import_each_other_without_circles():
    # Given every module of server/, when we follow every import between them,
    # then no two modules import each other, directly or around a loop.
    assert circles(import_graph("server")) == []


def test_the_circle_finder_sees_a_circle_behind_type_checking(tmp_path):
    # Given a package where a imports b, and b imports a only for type checking
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from pkg import b\n")
    (package / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.a import thing\n")
    (package / "c.py").write_text("import pkg.a\n")
    # Then the finder reports exactly that circle
    assert circles(import_graph("pkg", tmp_path)) == [["pkg.a", "pkg.b"]]
