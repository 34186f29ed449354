"""The fast lane: the compiled modules when they were built, their pure-Python twins otherwise.

Twelve pieces, each with a twin that does the same work byte for byte:

* ``_lane.pyx``: the websocket frames a socket reads and writes
  (server/direct_ws.py), a message's write to a socket (``SocketWriter.offer``,
  the base of direct_ws's protocol), and the client frame's contents read and
  shape-checked (``load_frame``, server/connection.py); its twin is ``pure.py``;
* ``_diff.pyx``: fan-out's per-class diff (server/fanout.py); its twin is
  ``protocol.patch.Differ``;
* ``_wire.pyx``: fan-out's conversion of game views to wire data, cached by
  identity, and the stored events' conversion, not cached; their twins are
  ``protocol.wirecache.WireCache`` and ``Converter``; and a turn's events
  made into their records in one call (``Records``), whose twin is
  ``pure.records_encoder``;
* ``_appender.pyx``: the embedded store's appends, written by a thread
  that never takes the GIL (server/store/embedded.py); its twin is the
  store's Python writer thread;
* ``_outbox.pyx``: each socket's send queue and the end-of-turn flush of
  every socket with something waiting; its twin is ``server.outbox.Outbox``;
* ``_inbound.pyx``: a socket's usual game command routed to its room's
  inbox (the rate limit's bucket, the decode, the command's shape), every
  other frame left to ``Inbound.take`` (server/connection.py); its twin is
  ``pure.taker``, which hands every frame to that ``take``; and the room
  actor's inbox itself (``Mailbox``), into which that route puts the
  command; its twin is server/mailbox.py;
* ``_turn.pyx``: a seated player's usual game command handled in the room's
  turn (the codec's cache, the lobby's checks, the game's ``decide``, the
  events folded into the room, the ``Ack``), every other message left to
  ``RoomActor.handle`` (server/room.py); its twin is ``pure.command_handler``,
  which hands every message to that ``handle``;
* ``_views.pyx``: fan-out's view rows, every viewer class's view of one
  change, the room's and players' fields read at their slots; its twin is
  ``server.views.view_rows``;
* ``_inputs.pyx``: what fan-out's lobby is made from, gathered after every
  change (the room's and players' fields read at their slots, who is away,
  absent and in charge worked out in one pass, the last inputs given back
  when equal); its twin is server/inputs.py;
* ``_delivery.pyx``: fan-out's last step, every socket of a room queued the
  messages of its class, with the socket's fields in a C structure
  (``Receiver``, the base of ``server.client.Client``); its twin is
  ``server/delivery.py``;
* ``games/_values.pyx``: the copy of a frozen value with some fields changed
  (the room, a game state after each event, each seat's view), slot by slot
  instead of through ``__init__``; its twin is ``games.values.pure_replace``.
  It lives with the games, which never import the hub and read no
  environment: ``games.values`` uses it when it was built, and this module
  puts the pure copy back when the lane runs pure;
* ``games/_memo.pyx``: the games' and the views' caches by the identities of
  their inputs (``SameInputs``), a hit one look-up in C; its twin is
  ``games.memo.PureSameInputs``, and this module makes every cache run the
  pure look-up when the lane runs pure, the caches made already included.

``pip install`` compiles them (Cython, setup.py) when a C compiler is
there; without one the install still succeeds and the hub runs the twins.
``PIZZANIGHT_PURE=1`` in the environment picks the twins even when the
compiled modules are installed (to compare them, or to rule them out).

:data:`LANE` says which one runs: ``"compiled"`` or ``"pure"``
(``pizzanight serve`` logs it, ``/metrics`` reports it), and :data:`WHY`
why the pure one, when it is.
"""

from __future__ import annotations

import os

from games import memo as games_memo
from games import values as games_values
from server.fastlane import pure

#: The environment variable that picks the pure twin.
PURE_ENV = "PIZZANIGHT_PURE"

WHY = ""
if os.environ.get(PURE_ENV, "") not in ("", "0"):
    _impl = pure
    WHY = f"{PURE_ENV}={os.environ[PURE_ENV]}"
else:
    try:
        from games import _memo, _values  # noqa: F401  (all or none: setup.py builds them together)
        from server.fastlane import _delivery, _diff, _inbound, _inputs, _outbox, _turn, _views, _wire  # noqa: F401
        from server.fastlane import _lane as _impl  # type: ignore[no-redef]
    except ImportError:
        _impl = pure
        WHY = "the compiled modules were not built (no C compiler at install time?)"
    except Exception as exc:  # built, but broken (a stale build?): the twins do the same work
        _impl = pure
        WHY = f"the compiled modules did not load: {exc!r}"

#: ``"compiled"`` or ``"pure"``: which of the twins runs.
LANE = "pure" if _impl is pure else "compiled"

# games.values picks its compiled copy when it was built; the hub's choice holds for it too
if LANE == "pure":
    games_values.use(games_values.pure_replace)
    games_memo.use_pure(True)

unmask = _impl.unmask
read_frames = _impl.read_frames
frame = _impl.frame
frame_message = _impl.frame_message
load_frame = _impl.load_frame
SocketWriter = _impl.SocketWriter
last_framed = _impl.last_framed
FIN_BINARY, FIN_TEXT = pure.FIN_BINARY, pure.FIN_TEXT

if LANE == "compiled":
    from server import inputs as _pure_inputs
    from server import roomstate as _roomstate
    from server import views as _pure_views
    from server.fastlane._delivery import Receiver, deliver, viewer_classes
    from server.fastlane._diff import Differ
    from server.fastlane._inbound import Mailbox
    from server.fastlane._inbound import Take as taker
    from server.fastlane._inputs import Inputs as _Inputs
    from server.fastlane._outbox import Outbox
    from server.fastlane._turn import Handle as command_handler
    from server.fastlane._views import install as _install_views
    from server.fastlane._views import view_rows
    from server.fastlane._wire import Converter, WireCache  # noqa: F401  (server/records.py uses Converter)
    from server.fastlane._wire import Records as records_encoder
    from server.lobby import outcome as _outcome
    from server.presence import NOBODY as _NOBODY
    from server.roomstate import Player as _Player
    from server.roomstate import Room as _Room
    from server.roomstate import Run as _Run

    # the compiled rows share the pure module's caches, and read the fields of these classes at their slots
    _install_views(_pure_views, _Room, _Run, _Player, _outcome)
    _inputs_of = _Inputs(_roomstate, _pure_inputs, _NOBODY)
    lobby_inputs = _inputs_of.lobby_inputs
else:
    from protocol.patch import Differ  # type: ignore[assignment]
    from protocol.wirecache import Converter, WireCache  # type: ignore[assignment]  # noqa: F401
    from server.delivery import Receiver, deliver, viewer_classes  # type: ignore[assignment]
    from server.fastlane.pure import command_handler, records_encoder, taker  # type: ignore[assignment]
    from server.inputs import lobby_inputs
    from server.mailbox import Mailbox  # type: ignore[assignment]
    from server.outbox import Outbox  # type: ignore[assignment]
    from server.views import view_rows  # type: ignore[assignment]


#: The embedded store's append lane (``_appender.pyx``: appends written with SQLite's C API on a thread
#: that never takes the GIL), or None when the store's Python writer does that work too.  Built apart
#: from the others (it needs SQLite's header, Debian's libsqlite3-dev), so it can be missing alone.
Appender = None
#: The event loop's side of that lane (``_appender.pyx``'s ``AppendDesk``), None with it.
AppendDesk = None
APPENDER_WHY = WHY
if LANE == "compiled":
    try:
        from server.fastlane._appender import AppendDesk, Appender  # type: ignore[no-redef]
    except ImportError:
        APPENDER_WHY = "the append lane was not built (no sqlite3.h at install time?)"
    except Exception as exc:  # built, but broken: the store's Python writer does the same work
        APPENDER_WHY = f"the append lane did not load: {exc!r}"


def describe() -> str:
    """One line for the log: which lane runs, and why the pure one if it is."""
    if LANE == "compiled":
        appends = "SQLite appends" if Appender is not None else f"not SQLite appends: {APPENDER_WHY}"
        return ("fast lane: compiled (server/fastlane: websocket frames, per-class diff, wire cache, send queues, "
                f"a command's route to its room and the room's inbox, its handling in the turn, view rows, the lobby's inputs, fan-out's "
                f"per-socket step, game caches, {appends})")
    return f"fast lane: pure Python ({WHY})"


__all__ = ["APPENDER_WHY", "AppendDesk", "Appender", "FIN_BINARY", "FIN_TEXT", "LANE", "PURE_ENV", "WHY", "Differ", "Mailbox",
           "Outbox", "Receiver",
           "SocketWriter", "WireCache", "command_handler", "deliver", "describe", "frame", "frame_message", "last_framed", "load_frame",
           "lobby_inputs",
           "read_frames", "records_encoder", "taker", "unmask", "view_rows", "viewer_classes"]
