"""Why a class refused a request (the ``error`` of its JSON answers), and the class codes themselves.

A closed enum, like the rooms' codes (``server.lobby.RoomCode``): the
teacher's projector and the students' class page render the refusal from
this code (and the answer's ``params``) in their own language; the English
``message`` beside it is a debugging aid.  The wire strings never change.
"""

from __future__ import annotations

import enum
import secrets

from server.names import CODE_ALPHABET, code_is_clean


class ClassCode(str, enum.Enum):
    """The classroom API's refusals (``class/*``)."""

    NOT_FOUND = "class/not_found"
    NOT_TEACHER = "class/not_teacher"
    BAD_TOKEN = "class/bad_token"
    CLOSED = "class/closed"
    BAD_REQUEST = "class/bad_request"
    BAD_NAME = "class/bad_name"
    NAME_TAKEN = "class/name_taken"
    FULL = "class/full"
    BAD_OPTIONS = "class/bad_options"
    UNKNOWN_TABLE = "class/unknown_table"
    UNKNOWN_STUDENT = "class/unknown_student"
    NO_STUDENTS = "class/no_students"
    TABLE = "class/table"
    MOVED = "class/moved"
    #: This device's seat moved to another device (the student came back on a new one).
    SEAT_MOVED = "class/seat_moved"
    #: The personal code typed with a name already in the class is wrong, used or expired.
    BAD_HANDOVER_CODE = "class/bad_handover_code"
    #: Start was asked while tables are mid-game, without saying what to do with them.
    TABLES_PLAYING = "class/tables_playing"
    #: At a class table: a try at a trick inside the cool-down after a refused one (``params.seconds``); not judged.
    SLOW_DOWN = "class/slow_down"
    #: At a class table: this turn's refused tries are used up (``params.max``); not judged.
    NO_MORE_TRIES = "class/no_more_tries"
    #: The teacher asked a bot to play a student's turn, but it is not that student's turn now.
    NOT_THEIR_TURN = "class/not_their_turn"


# --- class codes ------------------------------------------------------------------
#
# A class code is what a student types to join.  A class lives longer than a
# party room (a lesson, often a week of lessons) and lets whoever finds it sit
# among children, so it is longer than a room's 4 letters: 6 letters of the
# same 17-letter alphabet, 17**6 = 24,137,569 codes (docs/protocol.md,
# "Class codes", has the arithmetic against the join throttle).  Classes
# opened before (4-letter codes) are still found by their code.

#: Letters in a new class code.
CLASS_CODE_LENGTH = 6
#: The lengths a typed class code may have (6; 4 for classes opened before codes grew).
CLASS_CODE_LENGTHS = (CLASS_CODE_LENGTH, 4)


def new_class_code() -> str:
    """A random clean class code (uniqueness is the store's ``claim_code``, shared with room codes)."""
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CLASS_CODE_LENGTH))
        if code_is_clean(code):
            return code


def normal_class_code(text: str) -> str | None:
    """A typed class code as the canonical code, or None if it cannot be one."""
    code = text.strip().upper()
    if len(code) not in CLASS_CODE_LENGTHS or any(ch not in CODE_ALPHABET for ch in code):
        return None
    return code
