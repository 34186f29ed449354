"""Fraction analytics of one table, read from its room's event log.

Pure: :class:`TableAnalysis` is fed the room's records one by one (lifecycle
and game events, as stored) and folds them exactly as the room did, so at
every event it knows the state *before* it.  From that it records:

- each trick a seat took, with the fraction relations it used
  (:func:`relations`): same denominators, equivalent fractions (amounts
  matched across different denominators, 2/4 = 1/2 = 4/8), sums to a whole,
  combined orders (several Orders played together);
- each miss: a seat ended its turn, or passed, while the game's own trick
  search (``legal_commands`` at that moment) still offered a trick.  A
  Splittissimo ``Pass`` with a trick on offer is only legal with the
  ``pass_anytime`` option (RULES-NOTES 3.3, on in classes): such a pass is a miss;
- each finished game: every seat's pizza delivered and score, and at
  Advanced a score that is a mixed number (the "mixed numbers" relation).

Only Splittissimo tables are analysed for fractions; other games count
games played.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import attrs

from games.contract import GameSpec
from games.splittissimo.cards import CARDS, ORDER, PIZZA, total
from games.splittissimo.messages import GameEnded, TakeTrick, TrickTaken, TurnEnded, TurnPassed
from games.splittissimo.rules import final_scores
from games.splittissimo.tricks import ADVANCED
from server import roomstate

SPLITTISSIMO = "splittissimo"
SAME_DENOMINATORS = "same_denominators"
EQUIVALENT_FRACTIONS = "equivalent_fractions"
SUMS_TO_WHOLE = "sums_to_whole"
COMBINED_ORDERS = "combined_orders"
MIXED_NUMBERS = "mixed_numbers"
RELATIONS: tuple[str, ...] = (SAME_DENOMINATORS, EQUIVALENT_FRACTIONS, SUMS_TO_WHOLE, COMBINED_ORDERS, MIXED_NUMBERS)


@attrs.frozen
class TrickRecord:
    game: int
    turn: int
    player: int
    hand: tuple[str, ...]
    table: tuple[str, ...]
    text: str
    relations: tuple[str, ...]


@attrs.frozen
class MissRecord:
    game: int
    player: int
    turn: int
    #: One trick the search offered at that moment, as card texts.
    hand: tuple[str, ...]
    table: tuple[str, ...]


@attrs.frozen
class GameRecord:
    game: int
    level: str
    #: Room player id -> (pizza delivered, final score).
    results: Mapping[int, tuple[Fraction, Fraction]]
    #: Players whose final score is a mixed number at Advanced.
    mixed: tuple[int, ...]
    reason: str


def relations(hand_ids: tuple[int, ...], table_ids: tuple[int, ...]) -> tuple[str, ...]:
    """The fraction relations a trick used (see the module docstring)."""
    hand = [CARDS[i] for i in hand_ids]
    table = [CARDS[i] for i in table_ids]
    cards = hand + table
    out: list[str] = []
    denominators = {card.of for card in cards if card.of > 0 and card.amount > 0}
    if len(denominators) == 1:
        out.append(SAME_DENOMINATORS)
    elif len(denominators) > 1:
        out.append(EQUIVALENT_FRACTIONS)
    if any(len(side) > 1 and total(side).denominator == 1 and total(side) >= 1 for side in (hand, table)):
        out.append(SUMS_TO_WHOLE)
    if sum(1 for card in hand if card.kind == ORDER) > 1:
        out.append(COMBINED_ORDERS)
    return tuple(out)


def is_mixed(value: Fraction) -> bool:
    """A value a child writes as a mixed number: more than one whole, not whole (13 1/2)."""
    return abs(value) > 1 and value.denominator != 1


class TableAnalysis:
    """Feed a table's room records in order; read ``tricks``, ``misses`` and ``games``."""

    def __init__(self, games: Mapping[str, GameSpec]) -> None:
        self.games = games
        self.room = roomstate.Room()
        self.tricks: list[TrickRecord] = []
        self.misses: list[MissRecord] = []
        self.games_played: list[GameRecord] = []
        self.games_started = 0
        #: The log version at which each game started (a rejected attempt's version finds its game).
        self.started_at: list[int] = []

    def turns_without_trick(self) -> int:
        """Turns since the last trick of the running game (or since it began)."""
        run = self.room.run
        if run is None or run.game != SPLITTISSIMO:
            return 0
        last = next((t.turn for t in reversed(self.tricks) if t.game == self.games_started), 0)
        return max(0, int(run.state.turn) - last)

    def feed(self, event: Any) -> None:
        before = self.room
        self.room = roomstate.evolve(before, event, self.games)
        if isinstance(event, roomstate.GameStarted):
            self.games_started += 1
            self.started_at.append(self.room.version)
            return
        run = before.run
        if run is None or run.game != SPLITTISSIMO:
            if run is not None and type(event) not in roomstate.ROOM_EVENT_TYPES and self.room.run is not None:
                if self.games[run.game].is_terminal(self.room.run.state) and not self.games[run.game].is_terminal(
                    run.state
                ):
                    self.games_played.append(
                        GameRecord(
                            self.games_started, "", {pid: (Fraction(0), Fraction(0)) for pid in run.seats}, (), ""
                        )
                    )
            return
        state = run.state
        match event:
            case TrickTaken(seat=seat, hand=hand, table=table, text=text):
                self.tricks.append(
                    TrickRecord(
                        self.games_started,
                        state.turn,
                        run.seats[seat],
                        _texts(hand),
                        _texts(table),
                        text,
                        relations(hand, table),
                    )
                )
            case TurnEnded(seat=seat) | TurnPassed(seat=seat):
                spec = self.games[run.game]
                offered = [c for c in spec.legal_commands(state, seat) if isinstance(c, TakeTrick)]
                if offered:
                    first = offered[0]
                    self.misses.append(
                        MissRecord(
                            self.games_started, run.seats[seat], state.turn, _texts(first.hand), _texts(first.table)
                        )
                    )
            case GameEnded(reason=reason):
                after = self.room.run
                assert after is not None
                end = after.state
                scores = final_scores(end)
                results = {
                    pid: (total(CARDS[i] for i in end.won[seat] if CARDS[i].kind == PIZZA), scores[seat])
                    for seat, pid in enumerate(run.seats)
                }
                mixed = tuple(pid for pid, (_, score) in results.items() if end.level == ADVANCED and is_mixed(score))
                self.games_played.append(GameRecord(self.games_started, end.level, results, mixed, reason))


def _texts(ids: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(CARDS[i].text for i in ids)
