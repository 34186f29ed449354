"""Every error code the hub can send has a sentence in both web-client catalogues.

The phone and the TV render a refusal from its ``code`` (the ``message`` is a
debugging aid in English), so a code missing from ``errors`` in
``web-client/src/strings.ts`` or ``strings.es.ts`` would reach a player as
the generic "That didn't work".  The codes are the closed enums themselves.
"""

from __future__ import annotations

import enum
import re
from pathlib import Path

import pytest

from games.contract import Code
from games.new_york_slice.codes import NysCode
from games.pizza_theory.codes import PizzaTheoryCode
from games.splittissimo.codes import SplittissimoCode
from protocol.errors import ErrorCode, ServerCode
from server.classroom.codes import ClassCode
from server.lobby import RoomCode

SRC = Path(__file__).resolve().parents[2] / "web-client" / "src"
ENUMS: tuple[type[enum.Enum], ...] = (
    Code, ErrorCode, ServerCode, RoomCode, ClassCode, PizzaTheoryCode, NysCode, SplittissimoCode
)


def _catalogue_codes(path: Path) -> set[str]:
    """The quoted ``"area/reason":`` keys of a catalogue's ``errors`` block."""
    text = path.read_text(encoding="utf-8")
    block = text[text.index("errors: {") :]
    block = block[: block.index("\n  }")]
    return set(re.findall(r'"([a-z_]+/[a-z_]+)":', block))


@pytest.mark.parametrize("catalogue", ["strings.ts", "strings.es.ts"])
def test_every_error_code_has_a_sentence(catalogue: str) -> None:
    wire_codes = {member.value for cls in ENUMS for member in cls}
    assert len(wire_codes) > 60
    missing = sorted(wire_codes - _catalogue_codes(SRC / catalogue))
    assert missing == [], f"{catalogue} has no sentence for {missing}"


@pytest.mark.parametrize("catalogue", ["strings.ts", "strings.es.ts"])
def test_every_classroom_code_has_a_sentence(catalogue: str) -> None:
    # The classroom's HTTP refusals are rendered from the same catalogue by code
    class_codes = {member.value for member in ClassCode}
    assert {"class/name_taken", "class/not_found", "class/no_students"} <= class_codes
    missing = sorted(class_codes - _catalogue_codes(SRC / catalogue))
    assert missing == [], f"{catalogue} has no sentence for {missing}"
