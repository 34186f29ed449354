"""``pizzanight selfplay``: bots play whole games through the pure engine.

This is the engine's smoke test and benchmark: it drives ``decide`` and
``evolve`` exactly as a room does (bots see only their seat's view and legal
commands; room timers fire when nobody else can act), and counts events per
second.  Any exception, any rejected bot command and any game that does not
end within ``max_steps`` is an error and makes the command exit non-zero.
"""

from __future__ import annotations

import collections
import sys
import time
from collections.abc import Sequence
from typing import Any, TextIO

import attrs

from games.contract import ROOM, GameSpec, OptionError, Rejected, SeatViewer
from games.registry import GAME_IDS, UnknownGame, get_game
from server.usage_errors import fail


@attrs.define
class GameRecord:
    """What happened in one self-played game."""

    events: list = attrs.field(factory=list)
    commands: int = 0
    rejected: list = attrs.field(factory=list)
    finished: bool = False
    winners: tuple[int, ...] = ()
    state: Any = None
    error: str | None = None


def play_game(
    game: GameSpec,
    players: int,
    seed: int,
    bots: Sequence[str],
    options: dict | None = None,
    max_steps: int = 20_000,
) -> GameRecord:
    """Play one game with one bot per seat (``bots[i]`` names seat i's bot)."""
    setup = game.setup(players, seed, options)
    state = game.initial_state(setup)
    seat_bots = [game.bots[name](seat, seed * 1000 + seat) for seat, name in enumerate(bots)]
    record = GameRecord()

    def apply(actor: int, command: Any) -> None:
        nonlocal state
        events = game.decide(state, actor, command)
        for event in events:
            state = game.evolve(state, event)
        record.events.extend(events)
        record.commands += 1

    try:
        for step in range(max_steps):
            if game.is_terminal(state):
                break
            acted = False
            # Rotate who is asked first so simultaneous choices arrive in varied orders.
            for offset in range(players):
                seat = (step + offset) % players
                legal = game.legal_commands(state, seat)
                if not legal:
                    continue
                command = seat_bots[seat].act(game.view(state, SeatViewer(seat)), legal)
                if command is None:
                    continue
                try:
                    apply(seat, command)
                except Rejected as exc:
                    record.rejected.append((seat, command, exc.code.value, exc.detail))
                    return record
                acted = True
                break
            if acted:
                continue
            timer = game.next_timer(state)
            if timer is None:
                record.error = "stalled: nobody can act and no timer is pending"
                break
            apply(ROOM, timer.command)
        record.finished = game.is_terminal(state)
        if record.finished:
            outcome = game.outcome(state)
            record.winners = outcome.winners if outcome else ()
        elif record.error is None:
            record.error = f"not finished after {max_steps} steps"
    except Exception as exc:  # a bug in the engine or a bot: reported, counted
        record.error = f"{type(exc).__name__}: {exc}"
    record.state = state
    return record


def run(
    game_id: str,
    players: int,
    games: int,
    seed: int,
    bots: Sequence[str] | None,
    options: dict | None = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Play ``games`` games and print the summary on ``out``; 2 (a line on ``err``) when asked for the impossible."""

    out = out or sys.stdout
    try:
        game = get_game(game_id)
    except UnknownGame:
        return fail("selfplay", f"unknown game {game_id!r}; the games are {', '.join(GAME_IDS)}", err)
    bot_names = list(bots) if bots else ["random"] * players
    if len(bot_names) == 1:
        bot_names *= players
    if len(bot_names) != players:
        return fail("selfplay", f"--bots names {len(bot_names)} bots for {players} players", err)
    unknown = sorted(set(bot_names) - set(game.bots))
    if unknown:
        return fail("selfplay", f"unknown bot {unknown[0]!r}; this game has {', '.join(sorted(game.bots))}", err)
    try:
        game.setup(players, seed, options)  # the player count and options are the game's to judge, before any game
    except OptionError as exc:
        return fail("selfplay", f"{game_id}: {exc}", err)
    wins: collections.Counter[str] = collections.Counter()
    seat_wins: collections.Counter[int] = collections.Counter()
    rounds: list[int] = []
    finished = errors = rejected = events = 0
    started = time.perf_counter()
    for index in range(games):
        record = play_game(game, players, seed + index, bot_names, options)
        events += len(record.events)
        if record.rejected:
            rejected += len(record.rejected)
            seat, command, code, detail = record.rejected[0]
            print(f"game {seed + index}: seat {seat} bot {bot_names[seat]} rejected {command!r}: {code} {detail}", file=out)
        if record.error:
            errors += 1
            print(f"game {seed + index}: {record.error}", file=out)
        if record.finished:
            finished += 1
            rounds.append(getattr(record.state, "round", 0))
            for seat in record.winners:
                wins[bot_names[seat]] += 1
                seat_wins[seat] += 1
    elapsed = time.perf_counter() - started
    print(f"game: {game_id}  players: {players}  bots: {','.join(bot_names)}  options: {options or {}}", file=out)
    print(f"games: {games}  finished: {finished}  errors: {errors}  rejected commands: {rejected}", file=out)
    if rounds:
        print(f"rounds: mean {sum(rounds) / len(rounds):.1f}  max {max(rounds)}", file=out)
    print("wins per bot: " + (", ".join(f"{name} {count}" for name, count in sorted(wins.items())) or "none"), file=out)
    print("wins per seat: " + (", ".join(f"{seat} {seat_wins[seat]}" for seat in range(players))), file=out)
    print(f"events: {events}  seconds: {elapsed:.2f}  events/s: {events / elapsed if elapsed else 0:.0f}", file=out)
    ok = finished == games and not errors and not rejected
    return 0 if ok else 1
