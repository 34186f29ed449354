"""The wire protocol between the hub and its clients (docs/protocol.md).

Sans-I/O: frames are attrs classes, :mod:`protocol.codec` turns bytes into
frames and back, :mod:`protocol.gamecodec` carries any game's commands,
events and views, and :mod:`protocol.errors` is the one error family.
"""

from protocol.errors import Close, ProtocolError
from protocol.frames import VERSION

__all__ = ["Close", "ProtocolError", "VERSION"]
