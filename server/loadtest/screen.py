"""What one socket currently shows: the only code in the load test that reads view frames.

The hub sends a socket its whole view once (``state``), then only what
changed (``change``, docs/protocol.md); a :class:`~protocol.patch.Mirror`
keeps the socket's copy.  Everything else (the bots, the latency figures,
the audit) asks a :class:`Screen` for the version, the game view, the legal
commands, the outcome or the lobby, never the frames themselves.
"""

from __future__ import annotations

from typing import Any

from protocol.patch import Mirror


class Screen:
    """The latest full state one viewer was sent, rebuilt from its frames."""

    def __init__(self) -> None:
        self.version = -1
        self.lobby: dict | None = None
        self.you: dict | None = None
        self.game: Any = None
        self.legal: list | None = None
        self.outcome: Any = None
        self.mirror = Mirror()

    def feed(self, frame: dict) -> bool:
        """Take in one frame; True when it was a state or change frame (the screen changed).

        Raises :class:`protocol.patch.Gap` for a change that does not follow the copy held.
        """
        if not self.mirror.receive(frame):
            return False
        view = self.mirror.view
        assert view is not None
        self.version = view["version"]
        self.lobby = view["lobby"]
        self.you = view["you"]
        self.game = view["game"]
        self.legal = view["legal"]
        self.outcome = view["outcome"]
        return True

    @property
    def phase(self) -> str | None:
        return self.lobby["phase"] if self.lobby else None

    def snapshot(self) -> dict:
        """The full state as a plain map (what the audit compares with the engine's view)."""
        return {"version": self.version, "game": self.game, "legal": self.legal, "outcome": self.outcome, "you": self.you}
