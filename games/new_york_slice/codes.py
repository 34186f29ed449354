"""New York Slice's own rejection codes (the shared ones are in games.contract.Code).

A closed set, ``"area/reason"`` strings, so a phone can say precisely why a
move was refused.
"""

from __future__ import annotations

import enum


class NysCode(str, enum.Enum):
    NO_SUCH_STACK = "stack/no_such_stack"
    NO_SUCH_SLICE = "slice/no_such_slice"
    WRONG_PORTION_COUNT = "slicing/wrong_portion_count"
    BAD_CUTS = "slicing/bad_cuts"
    EMPTY_PORTION = "slicing/empty_portion"
    NOT_A_RUN = "slicing/not_a_run"
    SLICES_LEFT_OUT = "slicing/slices_left_out"
    BAD_SPECIAL_PLACE = "slicing/bad_special_place"
    NO_SUCH_PORTION = "choose/no_such_portion"
    PORTION_TAKEN = "choose/portion_taken"
    NO_ADJACENT_PORTION = "sneak/no_adjacent_portion"
    WOULD_EMPTY_PORTION = "sneak/would_empty_portion"
    NOT_ON_PLATE = "plate/not_awaiting_decision"
    NOT_EDIBLE = "plate/not_edible"
    BAD_ATTACHMENT = "plate/bad_supreme_attachment"
    NOT_COLLECTED = "seconds/not_collected"
    WRONG_TYPE = "seconds/one_type_only"
