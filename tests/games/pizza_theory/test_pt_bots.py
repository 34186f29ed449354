"""Bots play through ``server.selfplay.play_game`` exactly as a room would:
they never issue a rejected command, and the strong bot beats random ones."""

from __future__ import annotations

import pytest

from games.contract import SeatViewer
from games.pizza_theory import GAME
from games.pizza_theory import messages as m
from server.selfplay import play_game

from pt_helpers import at_cut, started

LINEUPS = [
    ["random", "random", "random"],
    ["strong", "random", "strong"],
    ["strong", "strong", "strong"],
    ["random", "random"],
    ["strong", "random"],
    ["strong", "strong"],
]


@pytest.mark.parametrize("bots", LINEUPS, ids=",".join)
def test_bots_finish_games_without_a_rejected_command(bots):
    for seed in range(8):
        record = play_game(GAME, len(bots), seed, bots)
        assert record.rejected == [] and record.error is None
        assert record.finished


def test_the_strong_bot_beats_random_bots_with_three_players():
    wins = sum(0 in play_game(GAME, 3, seed, ["strong", "random", "random"]).winners for seed in range(30))
    assert wins >= 18  # random play would win about 10 of 30


def test_the_strong_bot_beats_a_random_bot_with_two_players():
    wins = sum(0 in play_game(GAME, 2, seed, ["strong", "random"]).winners for seed in range(30))
    assert wins >= 22  # random play would win about 15 of 30 (fewer: both can lose)


def test_the_strong_bot_acts_only_on_its_view():
    # Given a cut phase where seat 1 has chosen, the strong bot of seat 0 decides the
    # same whatever seat 1 chose: its input is the view, which hides that choice.
    base = at_cut(started(3, 3))
    picks = set()
    for line in range(1, 7):
        state = GAME.evolve(base, GAME.decide(base, 1, m.ChooseCut(line))[0])
        bot = GAME.bots["strong"](0, 99)
        picks.add(bot.act(GAME.view(state, SeatViewer(0)), GAME.legal_commands(state, 0)))
    assert len(picks) == 1 and isinstance(picks.pop(), m.ChooseCut)


def test_bots_pass_when_they_have_nothing_to_do():
    for name in ("random", "strong"):
        assert GAME.bots[name](0, 1).act(GAME.view(started(3, 3), SeatViewer(0)), []) is None
