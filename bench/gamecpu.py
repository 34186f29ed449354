"""The game side of a move, alone: CPU microseconds per move for each real game.

    .venv/bin/python bench/gamecpu.py [--moves 1000] [--root PATH]

Bots play whole games; for every move this times, with ``time.process_time``:

- ``decide+evolve``: the command decided and its events folded into the state;
- ``views``: the views of that change for the TV, a spectator and every seat;
- ``legal``: every seat's legal commands.

No server, no wire codec: ``bench/hotpath.py`` measures the whole path.
``--root`` runs another checkout's ``games/`` (to compare before and after a
change).  Figures only; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

GAMES: tuple[tuple[str, int, dict[str, Any] | None], ...] = (
    ("pizza_theory", 3, None),
    ("new_york_slice", 5, None),
    ("splittissimo", 5, {"level": "standard"}),
)


def measure(game_id: str, players: int, options: dict[str, Any] | None, moves: int) -> str:
    from games.contract import ROOM, SCREEN, SPECTATOR, SeatViewer
    from games.registry import get_game

    spec = get_game(game_id)
    decide = views = legal = 0.0
    done = games = 0
    while done < moves:
        state = spec.initial_state(spec.setup(players, 1 + games, options))
        games += 1
        bots = [spec.bots["strong"](seat, 1 + seat) for seat in range(players)]
        while not spec.is_terminal(state) and done < moves:
            actor = command = None
            for seat in range(players):
                choices = spec.legal_commands(state, seat)
                if choices:
                    choice = bots[seat].act(spec.view(state, SeatViewer(seat)), choices)
                    if choice is not None:
                        actor, command = seat, choice
                        break
            if command is None:
                timer = spec.next_timer(state)
                if timer is None:
                    break
                actor, command = ROOM, timer.command
            t0 = time.process_time()
            for event in spec.decide(state, actor, command):
                state = spec.evolve(state, event)
            t1 = time.process_time()
            spec.view(state, SCREEN)
            spec.view(state, SPECTATOR)
            for seat in range(players):
                spec.view(state, SeatViewer(seat))
            t2 = time.process_time()
            for seat in range(players):
                spec.legal_commands(state, seat)
            t3 = time.process_time()
            decide, views, legal = decide + t1 - t0, views + t2 - t1, legal + t3 - t2
            done += 1

    def us(seconds: float, width: int = 7) -> str:
        return f"{seconds / done * 1e6:{width}.0f}"

    total = decide + views + legal
    return f"{game_id:15} {done:6} {us(total)} {us(decide, 13)} {us(views)} {us(legal)} {players:8}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=1000)
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    args = parser.parse_args()
    sys.path.insert(0, str(args.root))
    print(f"{'game':15} {'moves':>6} {'µs/move':>7} {'decide+evolve':>7} {'views':>7} {'legal':>7} {'players':>8}")
    for game_id, players, options in GAMES:
        print(measure(game_id, players, options, args.moves))


if __name__ == "__main__":
    main()
