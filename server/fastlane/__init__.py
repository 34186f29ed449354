"""The websocket fast lane: the compiled module when it was built, its pure-Python twin otherwise.

``pip install`` compiles ``_lane.pyx`` (Cython, setup.py) when a C compiler
is there; without one the install still succeeds and the hub runs
``pure.py``, which does the same work byte for byte.  ``PIZZANIGHT_PURE=1``
in the environment picks the pure twin even when the compiled one is
installed (to compare them, or to rule the compiled one out).

:data:`LANE` says which one runs: ``"compiled"`` or ``"pure"``
(``pizzanight serve`` logs it, ``/metrics`` reports it), and :data:`WHY`
why the pure one, when it is.
"""

from __future__ import annotations

import os

from server.fastlane import pure

#: The environment variable that picks the pure twin.
PURE_ENV = "PIZZANIGHT_PURE"

WHY = ""
if os.environ.get(PURE_ENV, "") not in ("", "0"):
    _impl = pure
    WHY = f"{PURE_ENV}={os.environ[PURE_ENV]}"
else:
    try:
        from server.fastlane import _lane as _impl  # type: ignore[no-redef]
    except ImportError:
        _impl = pure
        WHY = "the compiled module was not built (no C compiler at install time?)"

#: ``"compiled"`` or ``"pure"``: which of the twins runs.
LANE = "pure" if _impl is pure else "compiled"

unmask = _impl.unmask
read_frames = _impl.read_frames
frame = _impl.frame
frame_message = _impl.frame_message
FIN_BINARY, FIN_TEXT = pure.FIN_BINARY, pure.FIN_TEXT


def describe() -> str:
    """One line for the log: which lane runs, and why the pure one if it is."""
    if LANE == "compiled":
        return "websocket fast lane: compiled (server/fastlane/_lane)"
    return f"websocket fast lane: pure Python ({WHY})"


__all__ = ["FIN_BINARY", "FIN_TEXT", "LANE", "PURE_ENV", "WHY", "describe", "frame", "frame_message", "read_frames",
           "unmask"]
