"""Bots play whole games through ``server.selfplay.play_game`` and are never rejected."""

from __future__ import annotations

import collections

import pytest

from games.new_york_slice import GAME
from games.new_york_slice.components import SPECIAL_IDS
from games.new_york_slice.usage import specials_used
from server.selfplay import play_game

#: Specials the rulebook replaces in two-player games, so never seen there.
NOT_IN_TWO = {"cut_in_line", "dibs", "you_love_veggies"}


@pytest.mark.parametrize("players", range(2, 7))
def test_random_bots_finish_every_game_without_a_rejection(players):
    for seed in range(30):
        record = play_game(GAME, players, seed, ["random"] * players)
        assert record.error is None and not record.rejected, (seed, record.error, record.rejected[:1])
        assert record.finished and record.state.round == record.state.rounds
        assert record.winners


@pytest.mark.parametrize("players", range(2, 7))
def test_strong_bots_finish_every_game_without_a_rejection(players):
    for seed in range(3):
        bots = ["strong", "random"] * 3
        record = play_game(GAME, players, seed, bots[:players])
        assert record.error is None and not record.rejected, (seed, record.error, record.rejected[:1])
        assert record.finished


def test_the_strong_bot_beats_random_ones_most_of_the_time():
    wins = sum(0 in play_game(GAME, 3, seed, ["strong", "random", "random"]).winners for seed in range(20))
    assert wins >= 12


def test_every_special_gets_used_in_self_play():
    used: collections.Counter[str] = collections.Counter()
    for players in range(2, 7):
        for seed in range(25):
            record = play_game(GAME, players, seed, ["random"] * players)
            got = specials_used(record.events, record.state)
            if players == 2:
                assert not got & NOT_IN_TWO
            used.update(got)
    assert set(used) == set(SPECIAL_IDS), sorted(set(SPECIAL_IDS) - set(used))
