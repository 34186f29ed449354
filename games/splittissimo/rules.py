"""Splittissimo's rules: ``decide``, ``legal_commands``, timers and the end of the game.

Turn shape (RULES-NOTES 3.2-3.4): a turn begins (Standard and Advanced: with
a reaction window the room closes by timer), then the active player sends
any number of ``TakeTrick`` (and own-turn ``PlaySpecialOrder``) commands and
finishes with ``EndTurn`` after at least one trick, or ``Pass`` when no trick
is possible.  Interrupts from other seats (``PlayCancelledOrder`` in the
window; Advanced ``PlaySpecialOrder`` before the active player has placed a
card) are ordinary commands: the first valid one changes the turn number, so
any later one aimed at the same turn is refused as too late.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from games.contract import ROOM, Code, Outcome, Rejected, Setup, Timer
from games.decisions import Decisions
from games.memo import LastStateBySeat
from games.rng import Rng
from games.splittissimo import messages as ev
from games.splittissimo.cards import CANCELLED_ORDER, CARDS, SPECIAL_ORDER, order_deck_ids, pizza_ids
from games.splittissimo.codes import SplittissimoCode as C
from games.splittissimo.messages import (
    CloseReactionWindow,
    Command,
    Deal,
    EndTurn,
    Event,
    Pass,
    PlayCancelledOrder,
    PlaySpecialOrder,
    TakeTrick,
)
from games.splittissimo.relations import refusal_params
from games.splittissimo.state import (
    ALL_DELIVERED,
    DEALING,
    DECK_EMPTY,
    FULL_HAND,
    NO_TRICKS,
    OVER,
    PILES,
    TURN,
    WINDOW,
    State,
    balanced_piles,
    deal_size,
    evolve,
    holds_cancelled_order,
    initial_state,
    next_seat,
    open_cards,
    score,
    uses_window,
)
from games.splittissimo.tricks import ADVANCED, EASY, STANDARD, find_tricks, special_order_takes, sum_text, trick_fault

#: One decision in progress (the shared accumulator, typed for this game).
_Log = Decisions[State, Event]

# --- decide --------------------------------------------------------------------


def decide(state: State, actor: int, command: Command) -> list[Event]:
    if not isinstance(command, _HANDLERS_TYPES):
        raise Rejected(Code.UNKNOWN_COMMAND, type(command).__name__)
    if actor == ROOM:
        if not isinstance(command, (Deal, CloseReactionWindow)):
            raise Rejected(Code.NOT_A_PLAYER, "the room only sends timer commands")
    elif not 0 <= actor < state.players:
        raise Rejected(Code.NOT_A_PLAYER, f"no seat {actor}")
    elif isinstance(command, (Deal, CloseReactionWindow)):
        raise Rejected(C.ROOM_ONLY, "only the room sends this")
    if state.phase == OVER:
        raise Rejected(Code.GAME_OVER)
    if state.phase == DEALING and not isinstance(command, Deal):
        raise Rejected(Code.WRONG_PHASE, "the cards are not dealt yet")
    log: _Log = Decisions(state, evolve)
    _HANDLERS[type(command)](log, actor, command)
    return log.events


def _deal(log: _Log, actor: int, command: Deal) -> None:
    state = log.state
    if state.phase != DEALING:
        raise Rejected(C.STALE_TIMER, "already dealt")
    rng = Rng(state.seed, "deal", state.events)
    n = state.players
    pizzas = rng.shuffled(pizza_ids(state.dots))
    table: tuple[int, ...] = ()
    piles: tuple[tuple[int, ...], ...] = ((),) * PILES
    if state.level == EASY:
        # RULES-NOTES 3.2: hands and table from the round cards only.
        size = deal_size(state)
        hands, rest = _deal_round_robin(pizzas, n, size)
        table, deck = tuple(rest[:size]), rest[size:]
    else:
        # RULES-NOTES 3.3: Order-deck hands; the Pizza cards in three open piles.
        orders = rng.shuffled(order_deck_ids(state.dots, state.specials))
        hands, deck = _deal_round_robin(orders, n, FULL_HAND)
        piles = balanced_piles(tuple(pizzas))
    first = rng.below(n)
    log.emit(ev.Dealt(deck=tuple(deck), hands=hands, table=table, piles=piles, first=first))
    _begin_turn(log, first)


def deal_shortfall(setup: Setup) -> tuple[int, int] | None:
    """(cards there are, cards needed) when these options cannot deal every hand (and Easy's table) in full.

    The rules deal 4 (3 with Easy's 1-dot cards only) to each hand from the
    round cards in Easy, from the Order deck otherwise; one dot level of round
    cards (23) cannot deal Easy to 5 players, and the Order deck of one dot level
    without its special cards (13) holds hands for 3.  Such a game would start
    short and end at its first draw, so the host is told before it starts.
    """
    state = initial_state(setup)
    players = setup.players
    if state.level == EASY:
        cards, needed = len(pizza_ids(state.dots)), (players + 1) * deal_size(state)
    else:
        cards, needed = len(order_deck_ids(state.dots, state.specials)), players * FULL_HAND
    return (cards, needed) if cards < needed else None


def _deal_round_robin(cards: Sequence[int], players: int, size: int) -> tuple[tuple[tuple[int, ...], ...], list[int]]:
    """One card at a time around the table, as far as the cards go."""
    hands: list[list[int]] = [[] for _ in range(players)]
    rest = list(cards)
    for _ in range(size):
        for hand in hands:
            if rest:
                hand.append(rest.pop(0))
    return tuple(tuple(hand) for hand in hands), rest


def _begin_turn(log: _Log, seat: int) -> None:
    log.emit(ev.TurnBegan(seat=seat, turn=log.state.turn + 1, window=uses_window(log.state)))


def _close_window(log: _Log, actor: int, command: CloseReactionWindow) -> None:
    state = log.state
    if state.phase != WINDOW or command.turn != state.turn:
        raise Rejected(C.STALE_TIMER, f"no open window for turn {command.turn}")
    log.emit(ev.ReactionWindowClosed(turn=command.turn))


def _require_active(state: State, actor: int) -> None:
    if actor != state.active:
        raise Rejected(Code.NOT_YOUR_TURN, f"it is seat {state.active}'s turn")
    if state.phase == WINDOW:
        raise Rejected(C.WINDOW_OPEN, "wait for the reaction window to close")


def _take_trick(log: _Log, actor: int, command: TakeTrick) -> None:
    state = log.state
    _require_active(state, actor)
    named = command.hand + command.table
    if len(set(named)) != len(named):
        raise Rejected(C.CARD_REPEATED, "a card is named twice")
    if not set(command.hand) <= set(state.hands[actor]):
        raise Rejected(C.CARD_NOT_IN_HAND)
    if not set(command.table) <= set(open_cards(state)):
        raise Rejected(C.CARD_NOT_OPEN, "only open cards (pile tops) can be taken")
    hand = [CARDS[i] for i in command.hand]
    table = [CARDS[i] for i in command.table]
    fault = trick_fault(state.level, hand, table)
    if fault is not None:
        # Issue 25: the refusal says why in numbers the phone puts in a child's words (relations.refusal_params).
        detail = sum_text(hand, table) if hand and table else ""
        raise Rejected(fault, detail, params=refusal_params(state.level, fault, hand, table))
    log.emit(ev.TrickTaken(seat=actor, hand=command.hand, table=command.table, text=sum_text(hand, table)))
    _after_taking(log)


def _after_taking(log: _Log) -> None:
    """After cards left the piles: the game ends with the last pizza, else the piles are evened out.

    [house] The game ends at once when the last Pizza card is taken: the
    player does not draw back up first (there is nothing left to deliver),
    so in Advanced the hand as it is then is what the penalties count.
    """
    if _all_delivered(log.state):
        log.emit(ev.GameEnded(reason=ALL_DELIVERED))
    else:
        _rebalance(log)


def _all_delivered(state: State) -> bool:
    """RULES-NOTES 3.3: Standard and Advanced end when no Pizza card is left in the piles."""
    return state.level != EASY and not any(state.piles)


def _rebalance(log: _Log) -> None:
    """RULES-NOTES 3.3: when a Pizza pile empties, redeal the rest into three piles."""
    piles = log.state.piles
    if log.state.level == EASY or all(piles):
        return
    balanced = balanced_piles(tuple(card for pile in piles for card in pile))
    if balanced != piles:
        log.emit(ev.PilesRebalanced(piles=balanced))


def _draw(log: _Log, seat: int, count: int) -> bool:
    """Draw up to ``count`` cards; False when the deck could not supply them all."""
    cards = log.state.deck[:count]
    if cards:
        log.emit(ev.CardsDrawn(seat=seat, cards=cards))
    return len(cards) == count


def _end_turn(log: _Log, actor: int, command: EndTurn) -> None:
    state = log.state
    _require_active(state, actor)
    if state.tricks == 0:
        raise Rejected(C.NO_TRICK_YET, "take a trick first, or pass")
    size = FULL_HAND  # RULES-NOTES 3.2 and 3.3: back to 4, even where the deal gave 3
    complete = True
    if state.level == EASY:
        # RULES-NOTES 3.2: the table back to 4 first, then the hand.
        missing = size - len(state.table)
        refill = state.deck[: max(0, missing)]
        if refill:
            log.emit(ev.TableRefilled(cards=refill))
        complete = len(refill) == max(0, missing)
    if complete:
        complete = _draw(log, actor, max(0, size - len(log.state.hands[actor])))
    log.emit(ev.TurnEnded(seat=actor))
    if not complete:
        # A card had to be drawn from an empty deck (RULES-NOTES 3.2, 3.3).
        log.emit(ev.GameEnded(reason=DECK_EMPTY))
    else:
        _begin_turn(log, next_seat(log.state, actor))


def _pass(log: _Log, actor: int, command: Pass) -> None:
    state = log.state
    _require_active(state, actor)
    if state.tricks:
        raise Rejected(C.ALREADY_TOOK_TRICK, "you took a trick: end your turn instead")
    # RULES-NOTES 3.3 "Passing when a trick exists" [house]: refused unless the room allows it
    # (``pass_anytime``, on in classes); such a pass is then a missed trick in the class report.
    if not state.pass_anytime and _tricks(state, actor):
        raise Rejected(C.TRICK_AVAILABLE, "a trick is possible: ask for a hint")
    log.emit(ev.TurnPassed(seat=actor))
    # RULES-NOTES 3.2, 3.3 [changed]: a round of passes does not end the game;
    # each pass draws, so hands grow until a trick appears or the deck runs out.
    if not _draw(log, actor, 1):
        log.emit(ev.GameEnded(reason=DECK_EMPTY))
    else:
        _begin_turn(log, next_seat(log.state, actor))


def _check_special(state: State, actor: int, card: int, kind: str) -> None:
    if state.level == EASY:
        raise Rejected(C.NOT_IN_THIS_LEVEL, "Easy uses no special cards")
    if card not in state.hands[actor]:
        raise Rejected(C.CARD_NOT_IN_HAND)
    if CARDS[card].kind != kind:
        raise Rejected(C.WRONG_CARD_KIND, f"card {card} is not a {kind}")


def _special_order(log: _Log, actor: int, command: PlaySpecialOrder) -> None:
    state = log.state
    _check_special(state, actor, command.card, SPECIAL_ORDER)
    if command.turn != state.turn:
        raise Rejected(C.TOO_LATE, f"turn {command.turn} is over")
    took_over = actor != state.active
    if not took_over:
        if state.phase == WINDOW:
            raise Rejected(C.WINDOW_OPEN, "wait for the reaction window to close")
    elif state.level == STANDARD:
        raise Rejected(C.OWN_TURN_ONLY, "in Standard a Special Order is played on your own turn")
    elif state.tricks:
        # RULES-NOTES 3.4 with the rulebook: before the active player places a card.
        raise Rejected(C.TOO_LATE, "the active player has already placed a card")
    tops = open_cards(state)
    taken = special_order_takes(CARDS[command.card].toppings, [CARDS[i] for i in tops])
    if not taken:
        raise Rejected(C.NO_MATCHING_PIZZA, "no open Pizza card carries both toppings")
    log.emit(
        ev.SpecialOrderPlayed(
            seat=actor,
            card=command.card,
            taken=tuple(tops[i] for i in taken),
            took_over=took_over,
            turn=state.turn + 1 if took_over else state.turn,
        )
    )
    _after_taking(log)


def _cancelled_order(log: _Log, actor: int, command: PlayCancelledOrder) -> None:
    state = log.state
    _check_special(state, actor, command.card, CANCELLED_ORDER)
    if command.turn != state.turn:
        raise Rejected(C.TOO_LATE, f"turn {command.turn} is over")
    if actor == state.active:
        raise Rejected(C.OWN_TURN, "a Cancelled Order skips someone else's turn")
    if state.phase != WINDOW:
        raise Rejected(C.WINDOW_CLOSED, "a Cancelled Order is played before the turn begins")
    # RULES-NOTES 3.3: the turn is skipped; the player draws one if holding fewer than 4.
    log.emit(ev.TurnCancelled(seat=state.active, by=actor, card=command.card))
    if len(log.state.hands[actor]) < FULL_HAND:
        # [house] A bonus draw: an empty deck here just means no card, not the end.
        _draw(log, actor, 1)
    _begin_turn(log, next_seat(log.state, state.active))


_HANDLERS: dict[type, Callable[[_Log, int, Any], None]] = {
    Deal: _deal,
    CloseReactionWindow: _close_window,
    TakeTrick: _take_trick,
    EndTurn: _end_turn,
    Pass: _pass,
    PlaySpecialOrder: _special_order,
    PlayCancelledOrder: _cancelled_order,
}
_HANDLERS_TYPES = tuple(_HANDLERS)


# --- questions about a state ------------------------------------------------------


def _find_tricks(state: State, seat: int) -> list[TakeTrick]:
    hand = state.hands[seat]
    tops = open_cards(state)
    plays = find_tricks(state.level, [CARDS[i] for i in hand], [CARDS[i] for i in tops])
    return [TakeTrick(hand=tuple(hand[i] for i in h), table=tuple(tops[i] for i in t)) for h, t in plays]


#: The trick search, once per seat per state: legal commands, hints and decide all ask it.
_tricks = LastStateBySeat(_find_tricks)


def _special_orders(state: State, seat: int) -> list[PlaySpecialOrder]:
    """One Special Order per distinct pair of toppings that would take something now."""
    tops = [CARDS[i] for i in open_cards(state)]
    out: dict[tuple[str, ...], PlaySpecialOrder] = {}
    for card in state.hands[seat]:
        toppings = CARDS[card].toppings
        if CARDS[card].kind == SPECIAL_ORDER and toppings not in out and special_order_takes(toppings, tops):
            out[toppings] = PlaySpecialOrder(card=card, turn=state.turn)
    return list(out.values())


def legal_commands(state: State, seat: int) -> list[Command]:
    """Every command ``seat`` may send now (tricks listed once per set of interchangeable cards)."""
    if state.phase in (DEALING, OVER) or not 0 <= seat < state.players:
        return []
    if seat == state.active:
        if state.phase == WINDOW:
            return []
        tricks = _tricks(state, seat)
        commands: list[Command] = [*tricks, *_special_orders(state, seat)]
        if state.tricks:
            commands.append(EndTurn())
        elif not tricks or state.pass_anytime:
            commands.append(Pass())
        return commands
    interrupts: list[Command] = []
    if state.phase == WINDOW:
        card = holds_cancelled_order(state, seat)
        if card is not None:
            interrupts.append(PlayCancelledOrder(card=card, turn=state.turn))
    if state.level == ADVANCED and state.tricks == 0:
        interrupts.extend(_special_orders(state, seat))
    return interrupts


def waiting_for(state: State) -> tuple[int, ...]:
    """The seat the game waits for: the active player in their turn, nobody during the reaction window.

    Another seat may hold a Cancelled or Special Order it could play now, but
    the game never waits for that (and nobody else may learn it holds one).
    """
    return (state.active,) if state.phase == TURN else ()


def next_timer(state: State) -> Timer[Command] | None:
    """The deal at once; then, each turn, the reaction window's end (RULES-NOTES 3.3)."""
    if state.phase == DEALING:
        return Timer(key="deal", delay_ms=0, command=Deal())
    if state.phase == WINDOW:
        return Timer(key=f"window-{state.turn}", delay_ms=state.reaction_ms, command=CloseReactionWindow(turn=state.turn))
    return None


def is_terminal(state: State) -> bool:
    return state.phase == OVER


def final_scores(state: State) -> tuple[Fraction, ...]:
    return tuple(score(state.level, state.won[seat], state.hands[seat]) for seat in range(state.players))


def outcome(state: State) -> Outcome | None:
    """Most pizza delivered wins; equal scores share the win (the rulebook names no tiebreak)."""
    if state.phase != OVER:
        return None
    scores = final_scores(state)
    best = max(scores)
    winners = tuple(seat for seat, value in enumerate(scores) if value == best)
    names = ", ".join(f"seat {seat}" for seat in winners)
    why = END_REASONS.get(state.end_reason, state.end_reason)
    if state.end_reason == DECK_EMPTY and state.level != EASY:
        why = why.replace("deck", "Order deck")
    return Outcome(winners=winners, scores=scores, summary=f"{why}. {names} delivered the most pizza: {best}")


#: Each ``end_reason`` in words, for the outcome's summary (the screens have their own strings).
END_REASONS = {
    DECK_EMPTY: "A card had to be drawn from an empty deck",
    ALL_DELIVERED: "Every pizza was delivered",
    NO_TRICKS: "Every player passed in a row",
}
