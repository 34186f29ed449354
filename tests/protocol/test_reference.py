"""docs/protocol.md is exact: every error code the hub can send is in its table, and every code there exists.

The codes are collected from the code itself, so a new code cannot slip out
undocumented:

- every ``str`` enum whose values look like codes (``area/reason``) in the
  ``games``, ``protocol`` and ``server`` packages: the games' closed sets,
  the shared rule codes, the room and host codes;
- every ``ProtocolError`` subclass's own ``code``;
- every string literal ``"area/reason"`` in ``server/`` whose area is a
  protocol code area (codes passed as arguments, e.g. ``code="room/not_found"``).
"""

from __future__ import annotations

import enum
import importlib
import pkgutil
import re
from pathlib import Path

import games
import protocol
import server
from protocol.errors import Close, ProtocolError

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "docs" / "protocol.md"
CODE = re.compile(r"^[a-z_]+/[a-z_]+$")
#: The areas of protocol error codes (the games' areas come from their enums).
SERVER_AREAS = ("protocol", "auth", "room", "host", "move", "hint", "rate", "server")
#: Optional backends whose modules need a client library the test run may lack.
SKIP_MODULES = ()


def _modules(package):
    yield package
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        if info.name.endswith(SKIP_MODULES):
            continue
        yield importlib.import_module(info.name)


def _subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def codes_in_the_code() -> dict[str, str]:
    """Every error code the hub can send, with where it was found."""
    found: dict[str, str] = {}
    for package in (games, protocol, server):
        for module in _modules(package):
            for value in vars(module).values():
                if isinstance(value, type) and issubclass(value, enum.Enum) and issubclass(value, str):
                    for member in value:
                        if CODE.match(member.value):
                            found.setdefault(member.value, f"{value.__module__}.{value.__name__}")
    for cls in _subclasses(ProtocolError):
        if "code" in vars(cls) and CODE.match(cls.code):  # an inherited default is never sent as such
            found.setdefault(cls.code, f"{cls.__module__}.{cls.__name__}")
    literal = re.compile(r"""["']((?:""" + "|".join(SERVER_AREAS) + r""")/[a-z_]+)["']""")
    for path in sorted((ROOT / "server").rglob("*.py")):
        for code in literal.findall(path.read_text()):
            found.setdefault(code, str(path.relative_to(ROOT)))
    return found


def section(title: str) -> str:
    text = REFERENCE.read_text()
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else None]


def documented_codes() -> set[str]:
    return {c for c in re.findall(r"`([^`\s]+)`", section("Error codes")) if CODE.match(c)}


def test_every_code_the_hub_can_send_is_in_the_reference():
    missing = {code: where for code, where in codes_in_the_code().items() if code not in documented_codes()}
    assert not missing, f"add these to docs/protocol.md's error table: {missing}"


def test_every_documented_code_exists():
    extra = documented_codes() - set(codes_in_the_code())
    assert not extra, f"docs/protocol.md lists codes nothing sends: {sorted(extra)}"


def test_every_close_code_is_in_the_close_table():
    table = section("Close codes")
    documented = {int(n) for n in re.findall(r"\b(1\d{3}|4\d{3})\b", table)}
    ours = {value for name, value in vars(Close).items() if name.isupper()}
    # 1006 (dropped without a close) and 1007 (a text frame that is not UTF-8) come from the
    # websocket layer, not from Close; they are documented because clients see them.
    assert ours | {1006, 1007} <= documented
