"""The secret audit: every state a viewer was sent, checked against the room's stored log.

For each finished game the audit reads the room's log from the store the
hub writes (the spawned hub's SQLite file, or ``--store``), folds it to
every version, and checks for every state frame each socket received:

1. its game part is exactly ``view(state, viewer)`` for that viewer at that
   version, and its legal commands exactly the seat's (so the hub adds
   nothing about the game beyond the view);
2. that view does not change when the secrets hidden from the viewer change
   (:mod:`server.loadtest.oracles`: other hands, pending cuts, the deck...);
3. no socket received another player's seat token, or any token hash.

It needs the store because the secrets are in the log, not in the frames.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgpack

from games.contract import SCREEN, SPECTATOR, GameSpec, SeatViewer
from protocol.gamecodec import to_wire
from protocol.legal import expand
from server import records, roomstate
from server.loadtest.oracles import ORACLES
from server.loadtest.stats import Stats
from server.store.base import Store


def as_sent(value: Any) -> Any:
    """A game value as a client decodes it off the wire (tuples arrive as lists, and so on)."""
    return msgpack.unpackb(msgpack.packb(to_wire(value), use_bin_type=True), raw=False, strict_map_key=False)


class RoomLog:
    """One room's log, folded version by version as it grows (read from the store)."""

    def __init__(self, store: Store, room_id: str, games: Mapping[str, GameSpec]) -> None:
        self.store = store
        self.room_id = room_id
        self.games = games
        self.room = roomstate.Room()
        self.by_version: dict[int, roomstate.Room] = {0: self.room}

    async def catch_up(self) -> None:
        for record in await self.store.read(self.room_id, self.room.version):
            self.room = roomstate.evolve(self.room, records.decode(record.data, self.room, self.games), self.games)
            self.by_version[self.room.version] = self.room

    def forget_before(self, version: int) -> None:
        """Drop folded versions no frame will ask about again (memory stays flat over long runs)."""
        for old in [v for v in self.by_version if v < version]:
            del self.by_version[old]


def owner(role: str, player: int | None) -> str:
    """Whose token a socket holds: ``"host"``, ``"player 3"``, or ``"spectator"`` (none)."""
    return f"player {player}" if role == "player" else role


def _viewer(role: str, player: int | None, room: roomstate.Room) -> tuple[Any, int | None]:
    """The engine viewer for a socket at one version, and the seat whose legal commands it gets."""
    if role == "host":
        return SCREEN, None
    if role == "player" and player is not None:
        found = room.player(player)
        if found is not None and found.seat is not None:
            return SeatViewer(found.seat), (found.seat if found.bot is None else None)
    return SPECTATOR, None


class Auditor:
    def __init__(self, store: Store, games: Mapping[str, GameSpec], stats: Stats) -> None:
        self.store = store
        self.games = games
        self.stats = stats

    def leak(self, text: str) -> None:
        self.stats.audit_leaks.append(text)

    async def check(self, log: RoomLog, sockets: list, tokens: dict[str, str]) -> None:
        """Check what ``sockets`` were shown since the last check, then forget it.

        ``sockets`` are :class:`~server.loadtest.client.Socket` objects kept
        with ``keep=True``; ``tokens`` maps an owner (``"host"``,
        ``"player 3"``) to the token the hub gave it.
        """
        await log.catch_up()
        code = log.room.code
        seen_versions: set[int] = set()
        self._sent: dict[tuple[int, Any], Any] = {}  # (version, viewer) -> the view as a client decodes it
        for sock in sockets:
            role = sock.welcome["role"]
            player = sock.welcome.get("player")
            for shown in sock.kept:
                room = log.by_version.get(shown["version"])
                if room is None:
                    self.leak(f"{code}: a {role} was shown version {shown['version']}, which the log does not have")
                    continue
                self._check_frame(code, role, player, room, shown)
                seen_versions.add(shown["version"])
            sock.kept.clear()
            self._check_votes(code, role, sock, log)
            self._check_tokens(code, sock, role, player, tokens, log.room)
        for version in sorted(seen_versions):
            self._check_secrets(code, log.by_version[version])
        if seen_versions:
            log.forget_before(max(seen_versions))

    def _check_frame(self, code: str, role: str, player: int | None, room: roomstate.Room, shown: dict) -> None:
        self.stats.audit_frames += 1
        if room.run is None:
            if shown["game"] is not None or shown["legal"] is not None:
                self.leak(f"{code} v{room.version}: a {role} was sent game data in the lobby")
            return
        spec = self.games[room.run.game]
        viewer, seat = _viewer(role, player, room)
        expected_view = self._sent.get((room.version, viewer))
        if expected_view is None:
            expected_view = self._sent[(room.version, viewer)] = as_sent(spec.view(room.run.state, viewer))
        if shown["game"] != expected_view:
            self.leak(f"{code} v{room.version}: the {role} frame's game is not view(state, {viewer})")
        expected = None
        if seat is not None:
            expected = as_sent(list(spec.legal_commands(room.run.state, seat))) or None
        if (expand(shown["legal"]) or None) != expected:  # a pattern stands for the commands it allows
            self.leak(f"{code} v{room.version}: the {role} frame's legal commands are not the seat's own")

    def _check_votes(self, code: str, role: str, sock: Any, log: RoomLog) -> None:
        """Audience vote frames (server.votes): the audience's come from the public view at the right moments."""
        sequence = getattr(sock, "sequence", None)
        if not sequence:
            return
        if role == "player":
            if any(frame["t"] == "votes" for frame in sequence):
                self.leak(f"{code}: a phone was sent an audience vote")
        else:
            for problem in audit_votes(sequence, log.by_version, self.games):
                self.leak(f"{code}: a {role}'s {problem}")
        sequence.clear()

    def _check_secrets(self, code: str, room: roomstate.Room) -> None:
        if room.run is None:
            return
        spec = self.games[room.run.game]
        oracle = ORACLES.get(room.run.game)
        if oracle is None or spec.is_terminal(room.run.state):
            return
        state = room.run.state
        # Views are frozen attrs values: equal views are equal field by field, no conversion needed.
        for seat in [None, *range(len(room.run.seats))]:
            viewer = SCREEN if seat is None else SeatViewer(seat)
            seen = spec.view(state, viewer)
            for variant in oracle(state, seat):
                self.stats.audit_variants += 1
                if spec.view(variant, viewer) != seen:
                    self.leak(f"{code} v{room.version}: {viewer} sees a secret it may not know")
            if seat is None and spec.view(state, SPECTATOR) != seen:
                self.leak(f"{code} v{room.version}: spectators see more than the screen")

    def _check_tokens(self, code: str, sock: Any, role: str, player: int | None, tokens: dict[str, str], room: roomstate.Room) -> None:
        blob = bytes(sock.raw)
        sock.raw.clear()
        me = owner(role, player)
        for whose, token in tokens.items():
            if whose != me and token.encode() in blob:
                self.leak(f"{code}: a {role} received the token of {whose}")
        hashes = [p.token_hash for p in room.players if p.token_hash] + [room.host_hash]
        for digest in hashes:
            if digest and digest.encode() in blob:
                self.leak(f"{code}: a {role} received a token hash")


# --- audience votes (server.votes) -------------------------------------------------------------

#: The fields of a ``votes`` frame: nothing else may ride on it.
VOTE_FIELDS = frozenset({"t", "q", "status", "kind", "about", "options", "counts", "total", "v", "answer"})


def _public(room: roomstate.Room, games: Mapping[str, GameSpec]) -> tuple[str, Any] | None:
    from server.votes import public_view

    return public_view(room, games)


def audit_votes(frames: list[dict], rooms: Mapping[int, roomstate.Room], games: Mapping[str, GameSpec]) -> list[str]:
    """What is wrong with the ``votes`` frames one socket received (``frames``: everything, in order).

    ``rooms`` holds the room at each version, folded from the stored log.
    A vote frame passes when it is made from the public view alone and
    comes at the right moment:

    * its fields are the protocol's, its counts name only its options and add up to ``total``;
    * ``open``: the question is exactly the one ``server.votes.MOMENTS`` offers for the
      spectators' view at version ``v``, and that version was already shown to the socket;
    * ``closed``: it comes before any state whose public view holds the answer (no vote is
      taken once the answer is public);
    * ``result``: its answer is exactly what the spectators' view at ``v`` says, and that view
      was shown to the socket before it.
    """
    from server.votes import GIVE_UP, MOMENTS, Question

    problems: list[str] = []
    shown = -1  # the newest state version this socket was shown so far
    questions: dict[int, Question] = {}
    answerable: dict[int, int] = {}  # q -> the first version whose public view holds the answer
    closed: set[int] = set()

    def first_answer(question: Question) -> int | None:
        for version in sorted(v for v in rooms if v >= question.since):
            found = _public(rooms[version], games)
            if found is None or found[0] != question.game:
                return None
            answer = MOMENTS[question.game].answer(question, found[1])
            if answer is not None:
                return None if answer == GIVE_UP else version
        return None

    for frame in frames:
        if frame.get("t") == "state":
            shown = max(shown, frame["version"])
            for q, version in answerable.items():
                if q not in closed and shown >= version:
                    problems.append(f"vote {q}: state v{shown} holds the answer and came before the vote closed")
                    closed.add(q)
            continue
        if frame.get("t") != "votes":
            continue
        q, status, v = frame["q"], frame["status"], frame["v"]
        if set(frame) - VOTE_FIELDS:
            problems.append(f"vote {q}: unexpected fields {sorted(set(frame) - VOTE_FIELDS)}")
        counts = frame["counts"]
        if set(counts) - set(frame["options"]) or sum(counts.values()) != frame["total"]:
            problems.append(f"vote {q}: counts {counts} are not a tally of {frame['options']}")
        if status == "clear":  # repeats what was already shown (its version may be long checked)
            continue
        room = rooms.get(v)
        if room is None:
            problems.append(f"vote {q}: version {v} is not in the log")
            continue
        if status == "open" and q not in questions:
            found = _public(room, games)
            draft = MOMENTS[found[0]].offer(found[1]) if found is not None else None
            if draft is None or (draft.kind, draft.about, tuple(draft.options)) != (
                frame["kind"], frame["about"], tuple(frame["options"])
            ):
                problems.append(f"vote {q}: the public view at v{v} does not offer {frame['kind']} {frame['options']}")
                continue
            if v > shown:
                problems.append(f"vote {q}: opened at v{v} before this socket was shown it")
            assert found is not None
            question = questions[q] = Question(
                q, found[0], draft.kind, draft.about, draft.options, draft.round, draft.baseline, v
            )
            at = first_answer(question)
            if at is not None:
                answerable[q] = at
        elif status == "closed":
            closed.add(q)
        elif status == "result":
            question = questions.get(q)
            if question is None:
                continue  # opened before this socket joined: nothing to compare with
            found = _public(room, games)
            expected = MOMENTS[question.game].answer(question, found[1]) if found is not None else None
            if expected is None or list(expected) != frame["answer"]:
                problems.append(f"vote {q}: answer {frame['answer']} is not what the public view at v{v} says")
            if v > shown:
                problems.append(f"vote {q}: answered from v{v} before this socket was shown it")
    return problems
