"""Audience votes: spectators guess what happens next; the TV shows what the audience thought.

A vote is a question the room's *public* view offers at a moment of a game
(:data:`MOMENTS`): New York Slice, "which portion will Ana pick?" while she
chooses; Pizza Theory, "whose toppings will the cuts hit hardest?" while the
cuts are being chosen face down; Splittissimo, "who delivers the most pizza
this round?" until the round's first pizza is delivered.  Every question,
its options and its answer are worked out from ``view(state, SPECTATOR)``
only, so a vote can tell nobody anything a spectator could not see.

Life of a question (one at a time per room, numbered ``q``):

1. **open**: offered after a change was shown (its state frame is queued
   first); spectators vote, one pick per socket, changeable;
2. **closed**: as soon as a stored change makes the moment pass, *before*
   that change's state is sent, so no vote is taken once the answer is
   public (the frame's ``v`` is the version whose state follows it);
3. **result**: once a view shown to everyone holds the answer, the answer
   (after that view's state frame on every socket);
4. **clear**: :data:`RESULT_SECONDS` later, the TV and the watch page drop it.

Votes are not game moves: they never enter the actor's inbox or the log
(the result is ephemeral, like reactions).  The machinery is the one of
:mod:`server.reactions`, reused: each person's :class:`ReactionGate`
(taken from and given back to a :class:`ReactionCounter`, so reconnecting
refills nothing) limits how often they vote, and a counter's bounded flush
sends the running tally to the TV at most once per :data:`FLUSH_EVERY`
however many spectators vote.  A ballot belongs to its socket: when the
socket closes its vote is withdrawn (the watch page casts it again after a
reconnect), so reconnecting cannot vote twice.

Cluster mode: the owner tells each edge node with spectators in the room
which question is open (relay kind ``ballot``); the edge keeps its own
sockets' ballots and posts its tally (a snapshot, not a delta: kind
``votes``) to the owner at most once per :data:`FLUSH_EVERY`; the owner adds
the latest snapshot of each node to its own.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from games.contract import SPECTATOR
from protocol import codec
from protocol.errors import ErrorCode, ProtocolError
from protocol.frames import Vote, Votes
from server.client import Client
from server.outbox import Overflow
from server.reactions import ReactionCounter, ReactionGate

#: The running tally goes to the TV at most this often (seconds); an edge posts its tally as often.
FLUSH_EVERY = 0.5
#: How long a result stays on the TV and the watch page.
RESULT_SECONDS = 6.0
#: The most a single edge node may claim for one option (a bound on what a peer can claim).
MAX_FORWARDED = 1_000_000

#: What ``answer`` returns when a question's answer can no longer be known (the game moved on).
GIVE_UP = ()


@attrs.frozen
class Question:
    """One vote: ``kind`` says how to read ``options`` (docs/protocol.md "Audience votes")."""

    q: int
    game: str
    kind: str
    about: int | None
    options: tuple[str, ...]
    #: The game's round (or turn) the question is about, and what the answer is measured from.
    round: int
    baseline: tuple[Any, ...] = ()
    #: The room version whose public view offered the question (the ``v`` of its ``open`` frames).
    since: int = 0


@attrs.frozen
class Draft:
    kind: str
    about: int | None
    options: tuple[str, ...]
    round: int
    baseline: tuple[Any, ...] = ()


# --- the moments: questions from the public view only -------------------------------------


class NysPortion:
    """New York Slice: while a player chooses a portion, which one will they take?"""

    @staticmethod
    def offer(view: Any) -> Draft | None:
        seat = view.decision.seat
        if view.decision.kind != "choose" or seat is None or seat < 0:
            return None
        options = tuple(str(p.index) for p in view.portions if p.taken_by is None)
        return Draft("portion", seat, options, view.round) if len(options) > 1 else None

    @staticmethod
    def still_open(question: Question, view: Any) -> bool:
        return view.decision.kind == "choose" and view.decision.seat == question.about and view.round == question.round

    @staticmethod
    def answer(question: Question, view: Any) -> tuple[str, ...] | None:
        if view.round != question.round:
            return GIVE_UP
        taken = [str(p.index) for p in view.portions if p.taken_by == question.about and str(p.index) in question.options]
        return tuple(taken[:1]) if taken else None


class TheoryHit:
    """Pizza Theory: while the cuts are chosen face down, whose toppings will they hit hardest?"""

    NONE = "none"

    @staticmethod
    def offer(view: Any) -> Draft | None:
        if view.phase != "cut":
            return None
        colours = [s.colour for s in view.seats]
        if view.neutral is not None:
            colours.append(view.neutral.colour)
        return Draft("colour", None, (*dict.fromkeys(colours), TheoryHit.NONE), view.round)

    @staticmethod
    def still_open(question: Question, view: Any) -> bool:
        return view.phase == "cut" and view.round == question.round

    @staticmethod
    def answer(question: Question, view: Any) -> tuple[str, ...] | None:
        report = view.last_round
        if report is None or report.round != question.round:
            return GIVE_UP if view.round > question.round + 1 or view.phase == "over" else None
        removed: dict[str, int] = {}
        for topping in report.removed:
            removed[topping.colour] = removed.get(topping.colour, 0) + 1
        most = max(removed.values(), default=0)
        if most == 0:
            return (TheoryHit.NONE,)
        return tuple(c for c in question.options if removed.get(c) == most)


class SplitMost:
    """Splittissimo: before a round's first pizza is delivered, who will deliver the most this round?"""

    @staticmethod
    def _round(view: Any) -> int:
        return view.turn // max(1, view.players)

    @staticmethod
    def offer(view: Any) -> Draft | None:
        if view.phase not in ("turn", "window") or view.final is not None or view.players < 2:
            return None
        if view.turn % view.players != 0 or view.tricks_this_turn:
            return None
        options = tuple(str(s.seat) for s in view.seats)
        return Draft("seat", None, options, SplitMost._round(view), tuple(s.delivered for s in view.seats))

    @staticmethod
    def still_open(question: Question, view: Any) -> bool:
        return (
            view.final is None
            and SplitMost._round(view) == question.round
            and tuple(s.delivered for s in view.seats) == question.baseline
        )

    @staticmethod
    def answer(question: Question, view: Any) -> tuple[str, ...] | None:
        if view.final is None and SplitMost._round(view) <= question.round:
            return None
        gains = [s.delivered - before for s, before in zip(view.seats, question.baseline, strict=False)]
        most = max(gains, default=0)
        if most <= 0:
            return GIVE_UP
        return tuple(str(seat) for seat, gain in enumerate(gains) if gain == most)


#: The question each game offers, by game name.
MOMENTS: dict[str, Any] = {"new_york_slice": NysPortion, "pizza_theory": TheoryHit, "splittissimo": SplitMost}


def public_view(room: Any, games: Mapping[str, Any]) -> tuple[str, Any] | None:
    """(game, the spectators' view) of a room's running game, or None when no game runs."""
    run = room.run
    if run is None or run.game not in MOMENTS:
        return None
    return run.game, games[run.game].view(run.state, SPECTATOR)


# --- ballots: one node's votes for one room -------------------------------------------------


def _person(client: Client) -> tuple[str, object]:
    """Whose vote limit a socket uses: its address's, as for a spectator's reactions (``server.connection``)."""
    return ("address", client.address)


class Ballots:
    """The votes of one node's sockets for one room's open question: one pick per socket, changeable.

    ``flush`` is called at most once per ``every`` seconds after any vote
    changed (a :class:`ReactionCounter` does the batching and keeps the
    per-person :class:`ReactionGate`\\ s).
    """

    def __init__(self, *, every: float = FLUSH_EVERY, schedule: Any = None) -> None:
        kwargs = {"schedule": schedule} if schedule is not None else {}
        self.counter = ReactionCounter(lambda _counts: self.flush(), every=every, **kwargs)
        #: The open question as (q, options), or None when no vote is open.
        self.open: tuple[int, tuple[str, ...]] | None = None
        self.picks: dict[Client, str] = {}
        self.counts: dict[str, int] = {}
        self.gates: dict[Client, ReactionGate] = {}
        self.accepted = 0

    def flush(self) -> None:
        """The tally changed since the last flush (subclasses send it on)."""

    def cast(self, client: Client, vote: Vote) -> bool:
        """Count ``vote`` from ``client``: True when counted, False when dropped (over the limit, quietly).

        Raises the :class:`ProtocolError` a refused vote is answered with.
        """
        if client.role != "spectator":
            raise ProtocolError("only spectators vote", code=ErrorCode.VOTE_AUDIENCE_ONLY)
        if self.open is None or vote.q != self.open[0]:
            raise ProtocolError(
                f"vote {vote.q} is not open", code=ErrorCode.VOTE_CLOSED,
                params={"open": self.open[0]} if self.open is not None else None,
            )
        options = self.open[1]
        if vote.pick not in options:
            raise ProtocolError(f"pick one of {', '.join(options)}", code=ErrorCode.VOTE_BAD_PICK)
        gate = self.gates.get(client)
        if gate is None:
            gate = self.gates[client] = self.counter.take_gate(_person(client))
        if not gate.let_through(lambda: ProtocolError(
            f"at most {gate.bucket.rate:g} vote a second", code=ErrorCode.VOTES_LIMITED,
        )):
            return False
        old = self.picks.get(client)
        if old != vote.pick:
            if old is not None:
                self._count(old, -1)
            self.picks[client] = vote.pick
            self._count(vote.pick, 1)
            self.counter.add(vote.pick)
        self.accepted += 1
        return True

    def _count(self, pick: str, delta: int) -> None:
        count = self.counts.get(pick, 0) + delta
        if count > 0:
            self.counts[pick] = count
        else:
            self.counts.pop(pick, None)

    def withdraw(self, client: Client) -> None:
        """``client``'s socket closed: its vote no longer counts; its gate goes back to its person."""
        pick = self.picks.pop(client, None)
        if pick is not None:
            self._count(pick, -1)
            self.counter.add(pick)
        gate = self.gates.pop(client, None)
        if gate is not None:
            self.counter.give_back(_person(client), gate)

    def start(self, q: int, options: tuple[str, ...]) -> None:
        self.open = (q, options)
        self.picks.clear()
        self.counts = {}

    def stop(self) -> None:
        self.open = None
        self.picks.clear()
        self.counts = {}


# --- the owner of a room ----------------------------------------------------------------------


class RoomVotes(Ballots):
    """A room actor's votes: questions from its public view, its sockets' ballots and the edges' tallies.

    The actor calls :meth:`changed` after a stored change and before it is
    fanned out, :meth:`greet` when a socket joins, :meth:`withdraw` when a
    socket leaves (through the connection) and :meth:`take_remote` with an
    edge node's tally.
    """

    def __init__(self, actor: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.actor = actor
        self.result_seconds = RESULT_SECONDS
        self.next_q = 1
        self.question: Question | None = None
        #: ``open`` while voting, ``closed`` once the moment passed (waiting for the answer).
        self.status = "open"
        #: The result on show (until its clear), as its frame.
        self.result: Votes | None = None
        #: The latest tally of each edge node for the open question.
        self.remote: dict[str, dict[str, int]] = {}
        self.settle_due = False
        self.frames = 0
        #: The room's event loop, looked up once (``asyncio.get_running_loop`` makes a system call,
        #: ``getpid``, each time on Python 3.11, and a room with spectators settles after every change).
        self._loop: asyncio.AbstractEventLoop | None = None
        #: How a callback is run soon or later (tests put their own in).
        self._call_soon: Callable[[Callable[[], None]], Any] = self._soon
        self._call_later: Callable[[float, Callable[[], None]], Any] = self._later

    def _running_loop(self) -> asyncio.AbstractEventLoop:
        loop = self._loop
        if loop is None:
            loop = self._loop = asyncio.get_running_loop()
        return loop

    def _soon(self, callback: Callable[[], None]) -> Any:
        return self._running_loop().call_soon(callback)

    def _later(self, delay: float, callback: Callable[[], None]) -> Any:
        return self._running_loop().call_later(delay, callback)

    # --- what the room actor calls -----------------------------------------------------

    def changed(self) -> None:
        """A stored change is about to be shown: close the open vote if its moment passed, settle after."""
        question = self.question
        if question is not None and self.status == "open":
            found = public_view(self.actor.room, self.actor.games)
            if found is None or found[0] != question.game or not MOMENTS[question.game].still_open(question, found[1]):
                self._close()
        if not self.settle_due and (self.question is not None or self.actor.spectators):
            self.settle_due = True
            self._call_soon(self.settle)

    def settle(self) -> None:
        """After a change was shown: answer a closed vote when the shown view holds its answer; open the next."""
        self.settle_due = False
        actor = self.actor
        if actor.room.closed is not None:
            return
        found = public_view(actor.room, actor.games)
        question = self.question
        if question is not None and self.status == "closed":
            if found is None or found[0] != question.game:
                self._forget()
            else:
                answer = MOMENTS[question.game].answer(question, found[1])
                if answer == GIVE_UP:
                    self._forget()
                elif answer is not None:
                    self._answer(answer)
        if self.question is None and found is not None and actor.spectators:
            draft = MOMENTS[found[0]].offer(found[1])
            if draft is not None:
                self._start(found[0], draft)

    def greet(self, client: Client) -> None:
        """A socket joined: a TV or spectator is shown the vote on, and an edge node learns of it."""
        if client.role not in ("host", "spectator"):
            return
        if self.question is not None:
            self._send(client, self._frame(self.status, self._tally()))
            if self.status == "open":
                self._notice(client, True)
        if self.result is not None:
            self._send(client, self.result)

    def take_remote(self, node: str, q: object, counts: object) -> None:
        """An edge node's tally for ``q`` (ignored unless ``q`` is open; bad entries dropped)."""
        if self.open is None or q != self.open[0] or not isinstance(counts, dict):
            return
        options = self.open[1]
        self.remote[node] = {
            pick: count for pick, count in counts.items()
            if pick in options and type(count) is int and 0 < count <= MAX_FORWARDED
        }
        self.counter.add("remote")

    # --- the steps -------------------------------------------------------------------------

    def _tally(self) -> dict[str, int]:
        tally = dict(self.counts)
        for counts in self.remote.values():
            for pick, count in counts.items():
                tally[pick] = tally.get(pick, 0) + count
        return tally

    def _frame(self, status: str, tally: dict[str, int], answer: tuple[str, ...] | None = None) -> Votes:
        """A ``votes`` frame: ``v`` is the version the question was offered at while open, else the room's now."""
        question = self.question
        assert question is not None
        return Votes(
            q=question.q, status=status, kind=question.kind, about=question.about, options=list(question.options),
            counts=tally, total=sum(tally.values()), v=question.since if status == "open" else self.actor.room.version,
            answer=list(answer) if answer is not None else None,
        )

    def _start(self, game: str, draft: Draft) -> None:
        self.question = Question(
            self.next_q, game, draft.kind, draft.about, draft.options, draft.round, draft.baseline, self.actor.room.version,
        )
        self.next_q += 1
        self.status = "open"
        self.remote = {}
        self.start(self.question.q, draft.options)
        self._to_audience(self._frame("open", {}))
        self._notify_edges(True)

    def _close(self) -> None:
        self.status = "closed"
        tally = self._tally()
        self.stop()
        self.remote = {}
        self.counts = tally  # kept for the result (frozen: no more votes)
        self._to_audience(self._frame("closed", tally))
        self._notify_edges(False)

    def _answer(self, answer: tuple[str, ...]) -> None:
        self.result = self._frame("result", dict(self.counts), answer)
        self._to_audience(self.result)
        q = self.result.q
        self._call_later(self.result_seconds, lambda: self._clear(q))
        self.question = None
        self.counts = {}

    def _clear(self, q: int) -> None:
        result = self.result
        if result is None or result.q != q or self.actor.room.closed is not None:
            return
        self.result = None
        self._to_audience(attrs.evolve(result, status="clear"))

    def _forget(self) -> None:
        """The game moved on with no answer to show: clear the closed vote."""
        question = self.question
        if question is not None:
            self._to_audience(self._frame("clear", dict(self.counts)))
        self.question = None
        self.counts = {}

    def flush(self) -> None:
        """The bounded tally: to the TV only (the watch page sees the final counts when the vote closes)."""
        if self.question is None or self.status != "open":
            return
        host = self.actor.host
        if host is not None:
            self._send(host, self._frame("open", self._tally()))

    def withdraw(self, client: Client) -> None:
        if client in self.picks or client in self.gates:
            super().withdraw(client)

    # --- sending --------------------------------------------------------------------------

    def _audience(self) -> list[Client]:
        host = self.actor.host
        return ([host] if host is not None else []) + list(self.actor.spectators)

    def _to_audience(self, frame: Votes) -> None:
        """One frame to the TV and every spectator, encoded once per wire format."""
        encoded: dict[bool, bytes | str] = {}
        for client in self._audience():
            data = encoded.get(client.text)
            if data is None:
                data = encoded[client.text] = codec.encode_server(frame, text=client.text)
            self._write(client, data)

    def _send(self, client: Client, frame: Votes) -> None:
        self._write(client, codec.encode_server(frame, text=client.text))

    def _write(self, client: Client, data: bytes | str) -> None:
        self.frames += 1
        try:
            client.outbox.reply(data)
        except Overflow:
            client.not_reading()

    def _notice(self, client: Client, opening: bool) -> None:
        """Tell an edge node (through one of its relayed sockets) which vote is open, if any."""
        notice = getattr(client.outbox, "notice", None)
        if notice is None:
            return
        question = self.question
        if opening and question is not None:
            notice({"k": "ballot", "q": question.q, "options": list(question.options)})
        else:
            notice({"k": "ballot", "q": None, "options": []})

    def _notify_edges(self, opening: bool) -> None:
        told: set[str] = set()
        for client in self.actor.spectators:
            node = getattr(client, "node", None)
            if node is None or node in told:
                continue
            told.add(node)
            self._notice(client, opening)


# --- an edge node -----------------------------------------------------------------------------


class EdgeVotes(Ballots):
    """An edge node's ballots in a room owned elsewhere: posted to the owner as tallies, bounded."""

    def __init__(self, post: Callable[[dict], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._post = post

    def heard(self, message: Mapping[str, Any]) -> None:
        """The owner's ``ballot`` notice: which vote is open now (``q`` None: none)."""
        q, options = message.get("q"), message.get("options")
        if type(q) is int and isinstance(options, list) and all(type(o) is str for o in options):
            if self.open is None or self.open[0] != q:
                self.start(q, tuple(options))
        else:
            self.stop()

    def flush(self) -> None:
        if self.open is not None:
            self._post({"k": "votes", "q": self.open[0], "counts": dict(self.counts)})


__all__ = [
    "FLUSH_EVERY", "RESULT_SECONDS", "MOMENTS", "Question", "Ballots", "RoomVotes", "EdgeVotes", "public_view",
]
