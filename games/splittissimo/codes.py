"""Why Splittissimo refuses a command: a closed set of codes (DESIGN.md section 3).

Shared situations (not your turn, game over, ...) use :class:`games.contract.Code`;
these are the ones only this game has.  The value is what goes on the wire.
"""

from __future__ import annotations

import enum


class SplittissimoCode(str, enum.Enum):
    # The cards named by a command.
    CARD_NOT_IN_HAND = "card/not_in_hand"
    CARD_NOT_OPEN = "card/not_open"
    CARD_REPEATED = "card/repeated"
    WRONG_CARD_KIND = "card/wrong_kind"
    # Tricks (RULES-NOTES 3.2-3.4).
    TRICK_SHAPE = "trick/shape"
    AMOUNTS_DIFFER = "trick/amounts_differ"
    TOPPING_MISSING = "trick/topping_missing"
    # Ending a turn.
    NO_TRICK_YET = "turn/no_trick_yet"
    TRICK_AVAILABLE = "turn/trick_available"
    ALREADY_TOOK_TRICK = "turn/already_took_trick"
    # The reaction window and interrupts (RULES-NOTES 3.3, 3.4).
    WINDOW_OPEN = "window/open"
    WINDOW_CLOSED = "interrupt/window_closed"
    TOO_LATE = "interrupt/too_late"
    OWN_TURN = "interrupt/own_turn"
    OWN_TURN_ONLY = "special/own_turn_only"
    NO_MATCHING_PIZZA = "special/no_matching_pizza"
    NOT_IN_THIS_LEVEL = "move/not_in_this_level"
    # Commands only the room may send.
    ROOM_ONLY = "timer/room_only"
    STALE_TIMER = "timer/stale"
