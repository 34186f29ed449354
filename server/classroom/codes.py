"""Why a class refused a request: the ``error`` of its JSON answers.

A closed enum, like the rooms' codes (``server.lobby.RoomCode``): the
teacher's projector and the students' class page render the refusal from
this code (and the answer's ``params``) in their own language; the English
``message`` beside it is a debugging aid.  The wire strings never change.
"""

from __future__ import annotations

import enum


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
