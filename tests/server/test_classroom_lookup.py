"""Which class, table and student a table room's player is: found once, found again when the class changes.

Every move of a class table asks the hub's ``Classes`` (is the class paused, which student is this, how
many hints are left); the answers are kept between moves (``Classes._class_table``, ``_student``) and
must follow every change of the class: a new deal, a student on a new device, the class ending, the class
moving to another hub.
"""

from __future__ import annotations

from types import SimpleNamespace

import attrs

from server.classroom.actor import ClassActor
from server.classroom.classes import Classes
from server.classroom.state import Class, Student, Table
from server.classroom.tablehost import seat_token
from server.roomstate import Player, Room
from server.tokens import token_hash

SECRET = "s3cret"


class FakeActor:
    """A class actor as ``Classes`` sees it: its class value, and the real ``student_at``, counted."""

    def __init__(self, klass: Class) -> None:
        self.klass = klass
        self.asked = 0

    def student_at(self, table: Table, room: Room, player: int) -> int | None:
        self.asked += 1
        return ClassActor.student_at(self, table, room, player)  # type: ignore[arg-type]


def seat(student: int, room: str = "r1", device: int = 0) -> str:
    return token_hash(seat_token(SECRET, room, student, device))


def make() -> tuple[Classes, FakeActor, Room]:
    hub = SimpleNamespace(shared=SimpleNamespace(observer=None))
    classes = Classes(hub)  # type: ignore[arg-type]
    klass = Class(
        id="class-1", code="ABCDEF", secret=SECRET,
        students=(Student(id=1, name="Ada", token_hash="a"), Student(id=2, name="Ben", token_hash="b")),
        tables=(Table(number=1, room="r1", code="ROOM1", students=(1, 2), options={}),),
    )
    actor = FakeActor(klass)
    classes.owned(actor)  # type: ignore[arg-type]
    room = Room(id="r1", class_table=True, players=(
        Player(id=10, name="Ada", token_hash=seat(1), seat=0), Player(id=11, name="Ben", token_hash=seat(2), seat=1),
    ))
    return classes, actor, room


def student_of(classes: Classes, room: Room, player: int) -> int | None:
    found = classes._student(room, player)
    return None if found is None else found[2]


def test_a_player_is_matched_to_their_student_once_while_the_class_does_not_change():
    classes, actor, room = make()
    # when both players are asked for on three moves
    answers = [(student_of(classes, room, 10), student_of(classes, room, 11)) for _ in range(3)]
    # then each is the right student every time, and the seat tokens were hashed for each player once
    assert answers == [(1, 2)] * 3
    assert actor.asked == 2


def test_a_class_event_that_leaves_the_table_and_students_alone_keeps_the_answer():
    classes, actor, room = make()
    student_of(classes, room, 10)
    # when the class records something else (a hint given: a new class value, the same table and students)
    actor.klass = attrs.evolve(actor.klass, hints={(1, 1): 1})
    # then the answer stands without hashing again
    assert student_of(classes, room, 10) == 1 and actor.asked == 1


def test_a_student_on_a_new_device_is_found_again():
    classes, actor, room = make()
    assert student_of(classes, room, 10) == 1
    # when Ada moves to a new device: the class counts it, the seat takes the new token and keeps the old hash
    actor.klass = attrs.evolve(actor.klass, students=(
        Student(id=1, name="Ada", token_hash="a2", device=1), Student(id=2, name="Ben", token_hash="b"),
    ))
    moved = attrs.evolve(room.players[0], token_hash=seat(1, device=1), moved_hashes=(seat(1),))
    room = attrs.evolve(room, players=(moved, room.players[1]))
    # then the player is looked for again, and is still Ada
    assert student_of(classes, room, 10) == 1 and actor.asked == 2


def test_a_new_deal_at_the_room_is_read_from_the_new_table():
    classes, actor, room = make()
    assert student_of(classes, room, 11) == 2
    # when the table is dealt again without Ben (a new table value for the same room)
    table = attrs.evolve(actor.klass.tables[0], students=(1,))
    actor.klass = attrs.evolve(actor.klass, tables=(table,))
    # then Ben's seat is no student of this table any more
    assert student_of(classes, room, 11) is None


def test_a_paused_class_pauses_its_open_table_only():
    classes, actor, room = make()
    assert classes.paused(room) is None
    actor.klass = attrs.evolve(actor.klass, paused=True)
    assert classes.paused(room) == "your teacher has paused the game"
    # when the table closes, a pause no longer applies to its room
    actor.klass = attrs.evolve(actor.klass, tables=(attrs.evolve(actor.klass.tables[0], open=False),))
    assert classes.paused(room) is None
    # and a party room is never paused by a class
    assert classes.paused(Room(id="r1", class_table=False)) is None


def test_an_ended_or_departed_class_has_no_students_here():
    classes, actor, room = make()
    assert student_of(classes, room, 10) == 1
    # when the class ends, its tables' players are nobody's students
    actor.klass = attrs.evolve(actor.klass, closed="ended")
    assert classes._student(room, 10) is None
    # when another hub takes the class over (it leaves this registry), this hub knows nothing of the room
    actor.klass = attrs.evolve(actor.klass, closed=None)
    assert student_of(classes, room, 10) == 1
    del classes.by_code["ABCDEF"]
    assert classes._student(room, 10) is None and classes.paused(room) is None
