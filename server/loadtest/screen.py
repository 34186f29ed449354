"""What one socket currently shows: the only code in the load test that reads ``state`` frames.

Everything else (the bots, the latency figures, the audit) asks a
:class:`Screen` for the version, the game view, the legal commands, the
outcome or the lobby, never the frames themselves.  So when the hub's
state frames change shape (a full state on join, then compact changes),
this class is the one place to adapt.
"""

from __future__ import annotations

from typing import Any


class Screen:
    """The latest full state one viewer was sent, rebuilt from its frames."""

    def __init__(self) -> None:
        self.version = -1
        self.lobby: dict | None = None
        self.you: dict | None = None
        self.game: Any = None
        self.legal: list | None = None
        self.outcome: Any = None

    def feed(self, frame: dict) -> bool:
        """Take in one frame; True when it was a state frame (the screen changed)."""
        if frame.get("t") != "state":
            return False
        self.version = frame["version"]
        self.lobby = frame["lobby"]
        self.you = frame["you"]
        self.game = frame["game"]
        self.legal = frame["legal"]
        self.outcome = frame["outcome"]
        return True

    @property
    def phase(self) -> str | None:
        return self.lobby["phase"] if self.lobby else None

    def snapshot(self) -> dict:
        """The full state as a plain map (what the audit compares with the engine's view)."""
        return {"version": self.version, "game": self.game, "legal": self.legal, "outcome": self.outcome, "you": self.you}
