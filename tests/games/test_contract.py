"""The shared game contract: options validation, setup, rejection."""

from __future__ import annotations

import pytest

from games.contract import Code, OptionError, OptionSpec, Rejected, resolve_options

SPECS = (
    OptionSpec("rounds", "int", 5, "Rounds", minimum=1, maximum=9),
    OptionSpec("bots_fast", "bool", False, "Fast bots"),
    OptionSpec("level", "choice", "easy", "Level", choices=("easy", "standard", "advanced")),
    OptionSpec("dots", "multi", (1,), "Dots", choices=(1, 2, 3)),
)


def test_defaults_fill_in_what_the_host_left_out():
    assert resolve_options(SPECS, {}) == {"rounds": 5, "bots_fast": False, "level": "easy", "dots": (1,)}


def test_given_values_are_kept_and_multi_is_normalised():
    got = resolve_options(SPECS, {"rounds": 9, "level": "advanced", "dots": [3, 1, 3]})
    assert got["rounds"] == 9 and got["level"] == "advanced" and got["dots"] == (1, 3)


@pytest.mark.parametrize(
    "given, message",
    [
        ({"rounds": 0}, "rounds: at least 1"),
        ({"rounds": 10}, "rounds: at most 9"),
        ({"rounds": True}, "rounds: expected a whole number"),
        ({"bots_fast": "yes"}, "bots_fast: expected true or false"),
        ({"level": "hard"}, "level: one of easy, standard, advanced"),
        ({"dots": []}, "dots: a non-empty subset"),
        ({"dots": [4]}, "dots: a non-empty subset"),
        ({"dots": "1"}, "dots: expected a list"),
        ({"colour": "red"}, "unknown option 'colour'"),
    ],
)
def test_bad_options_are_refused_with_a_precise_message(given, message):
    with pytest.raises(OptionError) as caught:
        resolve_options(SPECS, given)
    assert str(caught.value).startswith(message)


def test_rejected_carries_its_code_and_detail():
    exc = Rejected(Code.NOT_YOUR_TURN, "it is seat 2's turn")
    assert exc.code is Code.NOT_YOUR_TURN
    assert str(exc) == "move/not_your_turn: it is seat 2's turn"
