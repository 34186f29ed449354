"""The teacher's options for a class, checked once, and what each table's room is given.

Pure.  A class's options are a plain map (stored in its log); ``check``
refuses anything out of range with a message for the teacher, and
``room_options`` turns them into the chosen game's own options, so the
classroom stays open to games other than Splittissimo: a game gets the
options it declares and nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.contract import GameSpec

#: Table sizes a teacher may choose (Splittissimo takes 2-5 players).
TABLE_SIZES = range(2, 6)
#: How long a class and its reports are kept, in days.
RETENTION_DAYS = range(1, 366)
#: A turn timer's shortest and longest seconds (0 turns it off): long enough to read a hand and think,
#: as long as a party room's (``server.lobby.MAX_TURN_TIMER``).
TURN_TIMER_S = (10, 600)
#: The game options a class passes on to its tables' rooms (when the game has them).
GAME_KEYS = ("level", "dots", "reaction_ms", "pass_anytime")


class BadOptions(ValueError):
    """The options cannot be used (the message says why, for the teacher)."""


def check(options: Mapping[str, Any], games: Mapping[str, GameSpec]) -> dict[str, Any]:
    """``options`` cleaned (the keys given: a whole set, or a change); refuses what makes no sense."""
    out: dict[str, Any] = {}
    for key, value in options.items():
        if key == "game":
            if not isinstance(value, str) or value not in games:
                raise BadOptions(f"no game called {value!r}")
        elif key == "table_size":
            if not isinstance(value, int) or isinstance(value, bool) or value not in TABLE_SIZES:
                raise BadOptions("table size: 2 to 5")
        elif key == "bots":
            if not isinstance(value, bool):
                raise BadOptions("bots: true or false")
        elif key == "hints":
            if value not in ("off", "unlimited") and not (
                isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 20
            ):
                raise BadOptions('hints: "off", "unlimited" or 1 to 20 per game')
        elif key == "adapt_levels":
            if not isinstance(value, bool):
                raise BadOptions("adapt levels: true or false")
        elif key == "help_idle_s":
            if not isinstance(value, int) or isinstance(value, bool) or not 10 <= value <= 600:
                raise BadOptions("needs help after: 10 to 600 seconds without a move")
        elif key == "turn_timer_s":
            if not isinstance(value, int) or isinstance(value, bool) or not (value == 0 or TURN_TIMER_S[0] <= value <= TURN_TIMER_S[1]):
                raise BadOptions(f"turn timer: 0 (off) or {TURN_TIMER_S[0]} to {TURN_TIMER_S[1]} seconds")
        elif key == "retention_days":
            if not isinstance(value, int) or isinstance(value, bool) or value not in RETENTION_DAYS:
                raise BadOptions("retention: 1 to 365 days")
        elif key not in GAME_KEYS:
            raise BadOptions(f"unknown option {key!r}")
        out[key] = list(value) if isinstance(value, (list, tuple)) else value
    game = games.get(out.get("game", "splittissimo"))
    if game is not None:
        try:
            game.setup(game.min_players, 0, room_options(out, game))
        except Exception as exc:  # the game's own check (OptionError) names the option
            raise BadOptions(str(exc)) from None
    return out


def most_dealt(options: Mapping[str, Any], game: GameSpec) -> int:
    """The most players a table of ``game`` can be dealt to in full with these class options.

    Splittissimo's Order deck of one dot level without its special cards
    (which a class without a reaction window plays) holds hands for 3; a
    table of 4 would start short and end at its first draw.
    """
    most = game.max_players
    if game.deal_shortfall is None:
        return most
    chosen = room_options(options, game)
    while most > game.min_players and game.deal_shortfall(game.setup(most, 0, chosen)) is not None:
        most -= 1
    return most


def check_tables(options: Mapping[str, Any], games: Mapping[str, GameSpec]) -> None:
    """Refuse a table size the class's cards cannot deal (``options``: the whole set, as it would be)."""
    game = games.get(options.get("game", "splittissimo"))
    if game is None:
        return
    most = most_dealt(options, game)
    if int(options.get("table_size", 0)) > most:
        raise BadOptions(f"these cards can be dealt to tables of at most {most}: make the tables smaller or add a dot level")


def room_options(options: Mapping[str, Any], game: GameSpec) -> dict[str, Any]:
    """The options of ``game`` found in the class's options, and what no-speed play implies.

    A reaction window of 0 is the teacher's "no-speed play: nobody is
    rewarded for being fast".  Splittissimo's purple cards are the only ones
    that reward speed: a Cancelled Order exists only inside the window (with
    none it could never be played, yet in Advanced it still costs a whole
    pizza at the end), and an Advanced Special Order interrupts another
    player's turn, first come first served.  So with no window the class's
    tables play without them (``special_cards`` off, Standard and Advanced
    alike): every trick is then made on one's own turn, at one's own pace.
    """
    declared = {option.name for option in game.options}
    out = {key: options[key] for key in GAME_KEYS if key in options and key in declared}
    if "special_cards" in declared and out.get("reaction_ms", 1) == 0:
        out["special_cards"] = False
    return out
