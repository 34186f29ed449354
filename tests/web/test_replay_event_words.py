"""Every event a replay can hold has words on the replay viewer's step line, in both languages.

The viewer names each step by its event (``web-client/src/replay/strings.ts``,
``events``).  An event missing there would show as its Python class name split
into English words, even in Spanish, so the lists are checked against the
events themselves: the room's (``server/roomstate.py``) and each game's.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.new_york_slice import messages as nys
from games.pizza_theory import messages as pt
from games.splittissimo import messages as sp
from server.roomstate import ROOM_EVENTS

REPLAY = Path(__file__).resolve().parents[2] / "web-client" / "src" / "replay"
EVENTS = {event.__name__ for group in (ROOM_EVENTS, nys.EVENTS, pt.EVENTS, sp.EVENTS) for event in group}


def _event_words(path: Path) -> dict[str, str]:
    text = path.read_text(encoding="utf-8")
    block = text[text.index("events: {") :]
    block = block[: block.index("\n  }")]
    return dict(re.findall(r'^\s+([A-Za-z]+): "([^"]+)",$', block, flags=re.M))


@pytest.mark.parametrize("catalogue", ["strings.ts", "strings.es.ts"])
def test_every_event_has_words_in_the_replay_viewer(catalogue: str) -> None:
    words = _event_words(REPLAY / catalogue)
    assert sorted(EVENTS - set(words)) == []
    assert sorted(set(words) - EVENTS) == []  # no words for an event that no longer exists
    assert all(text.strip() for text in words.values())


def test_the_spanish_words_are_not_the_english_ones() -> None:
    en, es = _event_words(REPLAY / "strings.ts"), _event_words(REPLAY / "strings.es.ts")
    assert [name for name in EVENTS if en[name] == es[name]] == []
