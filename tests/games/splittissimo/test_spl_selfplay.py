"""Bots are never rejected and every game ends (server.selfplay drives them like a room)."""

from __future__ import annotations

import pytest

from games.splittissimo import GAME
from server.selfplay import play_game


@pytest.mark.parametrize("level", ["easy", "standard", "advanced"])
def test_bots_finish_games_without_a_rejected_command(level):
    for index in range(24):
        players = 2 + index % 4
        bots = [("random", "strong")[(index + seat) % 2] for seat in range(players)] if index % 3 else ["random"] * players
        record = play_game(GAME, players, seed=index, bots=bots, options={"level": level})
        assert record.rejected == [] and record.error is None and record.finished, (index, record.error, record.rejected)
        assert record.winners


def test_strong_bots_beat_random_bots_more_often_than_not():
    wins = {"random": 0, "strong": 0}
    for index in range(40):
        bots = ["strong", "random"] if index % 2 else ["random", "strong"]
        record = play_game(GAME, 2, seed=1000 + index, bots=bots, options={"level": "standard"})
        for seat in record.winners:
            wins[bots[seat]] += 1
    assert wins["strong"] > wins["random"]
