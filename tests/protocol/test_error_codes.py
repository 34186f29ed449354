"""Every error code the server can send is a member of a closed enum, and docs/protocol.md lists it."""

from __future__ import annotations

from pathlib import Path

import pytest

from protocol.errors import FAULTS, ErrorCode, ProtocolError, ServerCode
from server.classroom.codes import ClassCode
from server.lobby import RoomCode

DOCS = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("code", [*ErrorCode, *RoomCode, *ServerCode, *ClassCode], ids=lambda c: c.value)
def test_every_server_error_code_is_in_the_protocol_reference(code):
    # Given a code the server may put in an error frame, then the reference's table names it
    assert f"`{code.value}`" in DOCS


def test_a_peer_error_needs_a_code_from_a_closed_enum():
    # A free string is refused: codes are the enums' members, so the set stays closed
    with pytest.raises(TypeError):
        ProtocolError("nope", code="room/whatever")  # type: ignore[arg-type]
    assert ProtocolError("ok", code=ErrorCode.FORBIDDEN).code is ErrorCode.FORBIDDEN


def test_every_server_code_has_its_fault_and_none_is_a_protocol_error():
    # The server's own refusals (busy, moved, store, bug) are not the peer's fault
    assert set(FAULTS) == set(ServerCode)
    for code, fault in FAULTS.items():
        assert fault.code is code and not issubclass(fault, ProtocolError)
