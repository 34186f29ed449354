"""Every game has the same layout: the same file names with the same roles (issue 11)."""

from __future__ import annotations

import importlib

import attrs
import pytest

from games.contract import SCREEN, GameSpec, UnknownEvent
from games.registry import GAME_IDS, get_game

#: module -> the names it must define, the same in every game.
LAYOUT: dict[str, tuple[str, ...]] = {
    "messages": ("COMMANDS", "EVENTS", "Command", "Event"),
    "codes": (),
    "options": ("OPTIONS",),
    "state": ("State", "Phase", "initial_state", "evolve"),
    "rules": ("decide", "legal_commands", "next_timer", "is_terminal", "outcome"),
    "views": ("view",),
    "bot": ("BOTS",),
    "conformance": ("answer", "agree"),
}


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("module", LAYOUT)
def test_each_game_has_each_module_with_its_role(game_id, module):
    loaded = importlib.import_module(f"games.{game_id}.{module}")
    missing = [name for name in LAYOUT[module] if not hasattr(loaded, name)]
    assert not missing, f"games.{game_id}.{module} lacks {missing}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_spec_names_the_functions_of_the_layout(game_id):
    spec = get_game(game_id)
    state = importlib.import_module(f"games.{game_id}.state")
    rules = importlib.import_module(f"games.{game_id}.rules")
    assert isinstance(spec, GameSpec)
    assert (spec.initial_state, spec.evolve) == (state.initial_state, state.evolve)
    assert (spec.decide, spec.legal_commands, spec.next_timer) == (rules.decide, rules.legal_commands, rules.next_timer)
    assert (spec.is_terminal, spec.outcome) == (rules.is_terminal, rules.outcome)


@attrs.frozen
class NotAnEvent:
    seat: int = 0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_unknown_event_is_a_bug_in_every_evolve(game_id):
    spec = get_game(game_id)
    state = spec.initial_state(spec.setup(spec.min_players, seed=1))
    with pytest.raises(UnknownEvent) as exc:
        spec.evolve(state, NotAnEvent())
    assert "NotAnEvent" in str(exc.value)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_phases_are_enums_and_views_send_their_plain_value(game_id):
    spec = get_game(game_id)
    phase = importlib.import_module(f"games.{game_id}.state").Phase
    state = spec.initial_state(spec.setup(spec.min_players, seed=1))
    timer = spec.next_timer(state)
    assert timer is not None
    for event in spec.decide(state, -1, timer.command):
        state = spec.evolve(state, event)
    strings = list(_strings(spec.view(state, SCREEN)))
    assert all(type(value) is str for value in strings)  # no enum member leaks onto the wire
    assert {member.value for member in phase} & set(strings)


def _strings(value):
    if attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            yield from _strings(getattr(value, field.name))
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, str):
        yield value
