"""Fraction analytics of one table, read from its room's event log (issue 25 section 1).

Pure: :class:`TableAnalysis` is fed the room's records one by one (lifecycle
and game events, as stored) and folds them exactly as the room did, so at
every event it knows the state *before* it.  From that it records:

- each trick a seat took, with the fraction relations it used
  (:func:`games.splittissimo.relations.classify`, the one classifier);
- each **miss**, judged at the **decision**: the seat ended its turn or
  passed while a trick was on offer.  "On offer" is read from the state the
  student saw when they decided: the events of an ``EndTurn`` draw the hand
  back up (and in Easy refill the table) *before* the ``TurnEnded`` they end
  on, so judging the state just before ``TurnEnded`` counted tricks made with
  cards the student did not hold yet (issue 25: 6 of 15 misses were false).
  The state is kept from just before the first event of the decision
  (``CardsDrawn``, ``TableRefilled``, ``TurnEnded`` or ``TurnPassed``).  The
  miss records the best trick that existed then (most pizza, then fewest
  hand cards: the hint's choice), its cards, toppings, amounts and
  relations.  A ``Pass`` with a trick on offer is only legal with the
  ``pass_anytime`` option (RULES-NOTES 3.3, on in classes);
- each turn a seat played: the log versions at which it could first act (the
  turn began, or its reaction window closed) and at which it decided, so the
  report can give the time it took (the class keeps when each version was
  stored);
- each finished game: every seat's pizza delivered and score, and at
  Advanced a score that is a mixed number (``mixed_numbers``).

Moves a bot made for a student (a stand-in while they were away, or the
turn timer's default move: ``roomstate.DefaultMovePlayed``) are recorded
with ``bot`` true and never counted as the student's.  Only Splittissimo
tables are analysed for fractions; other games count games played.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import attrs

from games.contract import GameSpec
from games.splittissimo.cards import CARDS, PIZZA, Card, total
from games.splittissimo.hints import trick_value
from games.splittissimo.messages import (
    CardsDrawn,
    GameEnded,
    ReactionWindowClosed,
    SpecialOrderPlayed,
    TableRefilled,
    TakeTrick,
    TrickTaken,
    TurnBegan,
    TurnCancelled,
    TurnEnded,
    TurnPassed,
)
from games.splittissimo.relations import RELATIONS, classify, main_relation, side_sum
from games.splittissimo.rules import final_scores, legal_commands
from games.splittissimo.state import TURN
from games.splittissimo.tricks import ADVANCED, sum_text
from server import roomstate

SPLITTISSIMO = "splittissimo"
#: Not a trick relation: an Advanced final score a child writes as a mixed number (13 1/2), counted per student.
MIXED_NUMBERS = "mixed_numbers"
__all__ = ["RELATIONS", "MIXED_NUMBERS", "TableAnalysis", "TrickRecord", "MissRecord", "TurnRecord", "GameRecord"]

#: How a turn was decided.
END_TURN = "end_turn"
PASS = "pass"


@attrs.frozen
class TrickRecord:
    game: int
    turn: int
    player: int
    hand: tuple[str, ...]
    table: tuple[str, ...]
    text: str
    relations: tuple[str, ...]
    relation: str = ""
    #: Toppings of each card, hand side then table side.
    hand_toppings: tuple[tuple[str, ...], ...] = ()
    table_toppings: tuple[tuple[str, ...], ...] = ()
    #: The room log's version of the trick (the class knows when it was stored).
    version: int = 0
    #: The highest dot level among its cards (the level suggestion reads it).
    dots: int = 0
    #: A bot played it for the student (stand-in or the turn timer's default move).
    bot: bool = False


@attrs.frozen
class MissRecord:
    game: int
    player: int
    turn: int
    #: The best trick on offer at the decision, as printed card amounts.
    hand: tuple[str, ...]
    table: tuple[str, ...]
    #: ``end_turn`` or ``pass``.
    decision: str = END_TURN
    hand_toppings: tuple[tuple[str, ...], ...] = ()
    table_toppings: tuple[tuple[str, ...], ...] = ()
    #: What each side makes, and the sum as a child writes it.
    hand_amount: str = ""
    table_amount: str = ""
    text: str = ""
    relations: tuple[str, ...] = ()
    relation: str = ""
    version: int = 0
    dots: int = 0
    bot: bool = False


@attrs.frozen
class TurnRecord:
    game: int
    player: int
    turn: int
    #: The log version from which the seat could act, and the one of its decision.
    start_version: int
    end_version: int
    #: ``tricks`` (ended after at least one trick) or ``pass``.
    outcome: str
    bot: bool = False


@attrs.frozen
class GameRecord:
    game: int
    level: str
    #: Room player id -> (pizza delivered, final score).
    results: Mapping[int, tuple[Fraction, Fraction]]
    #: Players whose final score is a mixed number at Advanced.
    mixed: tuple[int, ...]
    reason: str
    #: Room player id -> pizza in the cards that player won by their own decisions (not a bot's for them).
    own: Mapping[int, Fraction] = attrs.field(factory=dict)
    #: Players who made at least one decision of their own in the game (a game a bot played all along is not theirs).
    played: frozenset[int] = frozenset()


def relations(hand_ids: tuple[int, ...], table_ids: tuple[int, ...], level: str = "standard") -> tuple[str, ...]:
    """The fraction relations of a trick named by card ids (see :mod:`games.splittissimo.relations`)."""
    return classify(level, [CARDS[i] for i in hand_ids], [CARDS[i] for i in table_ids])


def is_mixed(value: Fraction) -> bool:
    """A value a child writes as a mixed number: more than one whole, not whole (13 1/2)."""
    return abs(value) > 1 and value.denominator != 1


def best_trick(state: Any, seat: int) -> TakeTrick | None:
    """The trick a hint would show ``seat`` in ``state`` (most pizza, then fewest hand cards), if any."""
    offered = [c for c in legal_commands(state, seat) if isinstance(c, TakeTrick)]
    return max(offered, key=trick_value, default=None)


class TableAnalysis:
    """Feed a table's room records in order; read ``tricks``, ``misses``, ``turns`` and ``games_played``."""

    def __init__(self, games: Mapping[str, GameSpec]) -> None:
        self.games = games
        self.room = roomstate.Room()
        self.tricks: list[TrickRecord] = []
        self.misses: list[MissRecord] = []
        self.turns: list[TurnRecord] = []
        self.games_played: list[GameRecord] = []
        self.games_started = 0
        #: The log version at which each game started (a rejected attempt's version finds its game).
        self.started_at: list[int] = []
        #: The state as the deciding seat saw it (set at the first event of its decision).
        self._decision: Any = None
        #: The version from which the active seat could act this turn.
        self._turn_from = 0
        #: The version of the active seat's last move the rules accepted, or of its turn's start ("needs help": idle).
        self.last_move = 0
        #: The player whose turn the timer's default move is playing (its bot), until the next turn.
        self._default_for: int | None = None
        #: Every seat token hash each room player has held: a player the teacher removed has none left in the
        #: room, and the report still finds whose records those were.
        self.player_hashes: dict[int, set[str]] = {}
        #: In the running game: pizza won by each player's own decisions, and who made one (``GameRecord``).
        self._own: dict[int, Fraction] = {}
        self._played: set[int] = set()

    def turns_without_trick(self) -> int:
        """Turns since the last trick of the running game (or since it began)."""
        run = self.room.run
        if run is None or run.game != SPLITTISSIMO:
            return 0
        last = next((t.turn for t in reversed(self.tricks) if t.game == self.games_started), 0)
        return max(0, int(run.state.turn) - last)

    def _by_bot(self, room: roomstate.Room, player: int) -> bool:
        me = room.player(player)
        return self._default_for == player or me is None or me.bot is not None or bool(me.stand_in)

    def feed(self, event: Any) -> None:
        before = self.room
        self.room = roomstate.evolve(before, event, self.games)
        version = self.room.version
        if type(event) in roomstate.ROOM_EVENT_TYPES:  # (only the room's own events change the players' tokens)
            for p in self.room.players:
                if p.token_hash is not None:
                    self.player_hashes.setdefault(p.id, set()).add(p.token_hash)
        if isinstance(event, roomstate.GameStarted):
            self.games_started += 1
            self.started_at.append(version)
            self._decision, self._default_for = None, None
            self._own, self._played = {}, set()
            return
        if isinstance(event, roomstate.DefaultMovePlayed):
            self._default_for = event.player
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
        if type(event) in roomstate.ROOM_EVENT_TYPES:
            return
        state = run.state
        match event:
            case TurnBegan():
                self._decision, self._default_for = None, None
                self._turn_from = self.last_move = version
            case ReactionWindowClosed():
                self._decision = None
                self._turn_from = self.last_move = version
            case TurnCancelled():
                self._decision = None
            case SpecialOrderPlayed(seat=seat, card=card, taken=taken):
                self._decision = None
                self.last_move = version
                if event.took_over:
                    self._turn_from, self._default_for = version, None
                self._won(before, run.seats[seat], (card, *taken))
            case TrickTaken(seat=seat, hand=hand, table=table, text=text):
                self._decision = None
                self.last_move = version
                player = run.seats[seat]
                self._won(before, player, hand + table)
                found = classify(state.level, _cards(hand), _cards(table))
                self.tricks.append(
                    TrickRecord(
                        self.games_started,
                        state.turn,
                        player,
                        _texts(hand),
                        _texts(table),
                        text,
                        found,
                        main_relation(found),
                        _toppings(hand),
                        _toppings(table),
                        version,
                        _dots(hand + table),
                        self._by_bot(before, player),
                    )
                )
            case CardsDrawn(seat=seat) if state.phase == TURN and seat == state.active and self._decision is None:
                # The first event of an EndTurn (the draw back up): the student decided on the state before it.
                self._decision = state
            case TableRefilled() if state.phase == TURN and self._decision is None:
                self._decision = state  # Easy: the table is refilled first, then the hand
            case TurnEnded(seat=seat) | TurnPassed(seat=seat):
                seen = self._decision if self._decision is not None else state
                self._decision = None
                self._decided(seen, seat, run.seats[seat], PASS if isinstance(event, TurnPassed) else END_TURN, version)
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
                self.games_played.append(
                    GameRecord(
                        self.games_started, end.level, results, mixed, reason, dict(self._own), frozenset(self._played)
                    )
                )

    def _won(self, room: roomstate.Room, player: int, cards: Sequence[int]) -> None:
        """``player`` won ``cards``: their pizza is the player's own when the player decided it (not a bot for them)."""
        if self._by_bot(room, player):
            return
        self._played.add(player)
        self._own[player] = self._own.get(player, Fraction(0)) + total(CARDS[i] for i in cards if CARDS[i].kind == PIZZA)

    def _decided(self, seen: Any, seat: int, player: int, decision: str, version: int) -> None:
        """``player`` (at ``seat``) ended or passed a turn, having seen ``seen``: a turn, and a miss if a trick was on offer."""
        bot = self._by_bot(self.room, player)
        if not bot:
            self._played.add(player)
        outcome = "tricks" if decision == END_TURN else PASS
        self.turns.append(TurnRecord(self.games_started, player, seen.turn, self._turn_from, version, outcome, bot))
        best = best_trick(seen, seat)
        if best is None:
            return
        hand, table = _cards(best.hand), _cards(best.table)
        found = classify(seen.level, hand, table)
        unit = _unit(hand + table)
        self.misses.append(
            MissRecord(
                self.games_started,
                player,
                seen.turn,
                _texts(best.hand),
                _texts(best.table),
                decision,
                _toppings(best.hand),
                _toppings(best.table),
                side_sum(hand, unit),
                side_sum(table, unit),
                sum_text(hand, table),
                found,
                main_relation(found),
                version,
                _dots(best.hand + best.table),
                bot,
            )
        )


def _cards(ids: Sequence[int]) -> list[Card]:
    return [CARDS[i] for i in ids]


def _texts(ids: Sequence[int]) -> tuple[str, ...]:
    return tuple(CARDS[i].text for i in ids)


def _toppings(ids: Sequence[int]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(CARDS[i].toppings) for i in ids)


def _dots(ids: Sequence[int]) -> int:
    return max((CARDS[i].dots for i in ids), default=0)


def _unit(cards: Sequence[Card]) -> int:
    return math.lcm(1, *(card.of for card in cards))
