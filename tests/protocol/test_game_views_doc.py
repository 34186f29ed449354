"""docs/protocol.md "The games: views, commands and secrets" is exact.

Its tables are read from the page, and real games are played (seeded, every
phase, every level, both Pizza Theory table sizes, several New York Slice
options) through the server's own fan-out: each viewer class (the TV, every
seat, a spectator, a player who joined mid-game) has a socket whose frames,
encoded as msgpack or JSON and decoded again, are folded into its view as a
client folds them (``protocol.patch.Mirror``).  Only the games' moves are
applied directly to the room (as tests/server/test_fanout_games.py does): the
views are built, converted, diffed and encoded by the code that serves them.
Then, for each game:

(a) every key of every real view is in the field table, and every row of the
    table occurs in some real view; each map's ``type`` is named in its row;
(b) a field documented ``everyone`` is the same in every view at the same
    moment, the TV's and the public view are the same value, a ``this seat
    only`` field holds its documented value in the TV's and the public views
    and the seat's own in a seat's view, a partly hidden field is ``null`` in
    the public view where its row says and shown by the one seat its row
    names, and no card or slice a seat holds privately appears in any other
    view (another seat's included) at that moment;
(c) the command table names exactly the game's commands, each with exactly its
    fields, and every ``legal`` entry a phone was sent is one of them;

and every phase the page lists is met in play, and only those.
"""

from __future__ import annotations

import asyncio
import functools
import json
import random
import re
from pathlib import Path

import attrs
import pytest

from games.contract import ROOM
from protocol.codec import decode_server_all
from protocol.gamecodec import to_wire
from protocol.patch import Mirror
from server import roomstate, views
from server.client import Client
from server.config import HubConfig
from server.fanout import fanout
from server.hub import load_games
from server.metrics import Metrics
from server.room import RoomActor, RoomShared

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "docs" / "protocol.md"
TITLE = "The games: views, commands and secrets"
GAMES = load_games()

#: The seeded games played: (game, seats, seed, options).  Together they meet every phase (asserted below).
PLAYS = [
    ("pizza_theory", 2, 1, {}),
    ("pizza_theory", 2, 3, {}),
    ("pizza_theory", 3, 1, {"max_rounds": 4}),
    ("new_york_slice", 2, 1, {}),
    ("new_york_slice", 3, 5, {"veggies_eaten_later": False, "first_slicer": 2}),
    ("new_york_slice", 3, 3, {}),
    ("new_york_slice", 4, 4, {"first_slicer": 0}),
    ("new_york_slice", 5, 2, {}),
    ("new_york_slice", 6, 3, {"first_slicer": 5}),
    ("splittissimo", 3, 1, {"level": "easy"}),
    ("splittissimo", 2, 1, {"level": "easy", "dots": [1]}),
    ("splittissimo", 3, 1, {"level": "standard"}),
    ("splittissimo", 4, 1, {"level": "standard", "reaction_ms": 0}),
    ("splittissimo", 2, 1, {"level": "standard", "special_cards": False}),
    ("splittissimo", 2, 1, {"level": "advanced"}),
    ("splittissimo", 5, 1, {"level": "advanced", "dots": [1, 2], "pass_anytime": True}),
]
GAME_IDS = sorted(GAMES)

#: The row whose meaning lists, in backticks, every phase of the game.
PHASE_ROW = {"pizza_theory": "phase", "new_york_slice": "decision.kind", "splittissimo": "phase"}


# --- the page ----------------------------------------------------------------------------


def section(title: str) -> str:
    text = REFERENCE.read_text()
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else None]


def game_part(game: str) -> str:
    """The ``### ...`` part of the section whose heading names ``game`` in backticks."""
    parts = section(TITLE).split("\n### ")[1:]
    found = [part for part in parts if f"(`{game}`)" in part.splitlines()[0]]
    assert len(found) == 1, f"docs/protocol.md: one '### ... (`{game}`)' heading in '{TITLE}'"
    return found[0]


def tables(text: str) -> dict[tuple[str, ...], list[list[str]]]:
    """Each markdown table of ``text``, by its header cells: its rows as lists of cells."""
    out: dict[tuple[str, ...], list[list[str]]] = {}
    block: list[list[str]] = []
    for line in [*text.splitlines(), ""]:
        if line.startswith("|"):
            block.append([cell.strip() for cell in line.strip().strip("|").split("|")])
        elif block:
            header, rows = tuple(block[0]), block[2:]
            assert header not in out, f"two tables headed {header}"
            out[header] = rows
            block = []
    return out


def code(cell: str) -> str:
    match = re.fullmatch(r"`([^`]+)`", cell)
    assert match, f"not one `name`: {cell!r}"
    return match.group(1)


@attrs.frozen
class Row:
    who: str
    meaning: str


@functools.cache
def field_rows(game: str) -> dict[str, Row]:
    rows = tables(game_part(game))[("field", "who sees it", "meaning")]
    out: dict[str, Row] = {}
    for row in rows:
        assert len(row) == 3, row
        path = code(row[0])
        assert path not in out, f"{game}: two rows for {path}"
        out[path] = Row(row[1], row[2])
    return out


@functools.cache
def command_rows(game: str) -> dict[str, set[str]]:
    rows = tables(game_part(game))[("command", "fields", "when")]
    out: dict[str, set[str]] = {}
    for row in rows:
        assert len(row) == 3, row
        name = code(row[0])
        assert name not in out, f"{game}: two rows for {name}"
        out[name] = set(re.findall(r"`([a-z_]+)`:", row[1]))
        assert out[name] or row[1] == "none", f"{game} {name}: its fields are `name`: ..., or none"
    return out


def shared_types(game: str) -> set[str]:
    """Kinds of maps described once under their type (rows ``Type.key``)."""
    return {path.split(".")[0] for path in field_rows(game) if path[0].isupper()}


PUBLIC, SEAT, PARTIAL = "everyone", "this seat only", "partly hidden"


def who(game: str, path: str, inherited: str = PUBLIC) -> str:
    """How a documented field is shown (an undocumented one is left to the key check)."""
    row = field_rows(game).get(path)
    if row is None:
        return inherited
    text = row.who
    if text == "everyone" or text.startswith("everyone;"):
        return PUBLIC
    if text.startswith("this seat only"):
        return SEAT
    if text == "as where it is":
        return inherited
    return PARTIAL


def placeholder(game: str, path: str):
    """What a ``this seat only`` field holds in the views of the TV and the public: the first `value` after it."""
    found = re.search(r"`([^`]+)`", field_rows(game)[path].who)
    assert found, f"{game} {path}: say what the other views hold, e.g. `null`"
    return json.loads(found.group(1))


# --- playing, as the hub serves it ------------------------------------------------------


@attrs.frozen(repr=False)
class Play:
    game: str
    players: int
    #: One entry per moment: each viewer's ``game`` view (keys: "host", "watch", "late", seat numbers).
    moments: tuple[dict, ...]
    #: Each seat's ``legal`` at each moment (same order as ``moments``).
    legal: tuple[dict, ...]
    #: What each seat sent, in order: (the moment it answered, its view then, the command as a map).
    sent: dict


def _fold(actor: RoomActor, events: list) -> None:
    room = actor.room
    for event in events:
        room = roomstate.evolve(room, event, actor.games)
    actor.room = room


async def _play(game: str, players: int, seed: int, options: dict) -> Play:
    spec = GAMES[game]
    shared = RoomShared(
        games=GAMES, store=None, config=HubConfig(bot_delay=1e6, timer_scale=1e6), metrics=Metrics(),
        catalog=views.catalog(GAMES),
    )
    actor = RoomActor(roomstate.Room(id="room-doc"), shared)
    late = players  # a player who joins once the game runs: no seat, the public view
    _fold(actor, [
        roomstate.RoomOpened(room="room-doc", code="BCDF", host_hash="x"),
        *(roomstate.PlayerJoined(player=i, name=f"P{i}", token_hash=f"h{i}") for i in range(players)),
        roomstate.GameSelected(game=game, options=options),
        roomstate.GameStarted(game=game, options=options, seed=seed, seats=tuple(range(players))),
        roomstate.PlayerJoined(player=late, name="Late", token_hash="late"),
    ])
    clients: dict = {"host": Client(text=False, role="host", address="t", queue=100_000)}
    actor.host = clients["host"]
    for pid in range(players + 1):
        client = Client(text=pid % 2 == 1, role="player", address="t", queue=100_000)  # JSON and msgpack sockets
        client.player = pid
        actor.players[pid] = client
        clients["late" if pid == late else pid] = client
    clients["watch"] = Client(text=True, role="spectator", address="t", queue=100_000)
    actor.spectators.add(clients["watch"])
    mirrors = {name: Mirror() for name in clients}
    rng = random.Random(seed)
    moments, legal, sent = [], [], {seat: [] for seat in range(players)}
    fanout(actor)
    for _ in range(5000):
        for name, client in clients.items():
            if client.outbox.waiting:
                for message in await client.outbox.take():
                    mirrors[name].fold(decode_server_all(message))
        moments.append({name: mirror.view["game"] for name, mirror in mirrors.items()})
        legal.append({seat: mirrors[seat].view["legal"] for seat in range(players)})
        state = actor.room.run.state
        if spec.is_terminal(state):
            return Play(game, players, tuple(moments), tuple(legal), sent)
        seats = [seat for seat in range(players) if spec.legal_commands(state, seat)]
        timer = spec.next_timer(state)
        if timer is not None and (not seats or rng.random() < 0.5):
            events = spec.decide(state, ROOM, timer.command)
        else:
            seat = rng.choice(seats)
            command = rng.choice(list(spec.legal_commands(state, seat)))
            sent[seat].append((len(moments) - 1, moments[-1][seat], to_wire(command)))
            events = spec.decide(state, seat, command)
        _fold(actor, list(events))
        fanout(actor)
    raise AssertionError(f"{game} seed {seed}: no end in 5000 moves")


@functools.cache
def plays(game: str) -> tuple[Play, ...]:
    return tuple(asyncio.run(_play(g, n, seed, options)) for g, n, seed, options in PLAYS if g == game)


def seat_views(play: Play, moment: dict):
    return [(seat, moment[seat]) for seat in range(play.players)]


# --- walking views ----------------------------------------------------------------------


def map_types(value) -> set[str]:
    if isinstance(value, dict):
        return {value["type"]}
    if isinstance(value, list):
        return {item["type"] for item in value if isinstance(item, dict)}
    return set()


def keys(value, path: str, shared: set[str], out: dict[str, set[str]], seen: set) -> None:
    """Every key under ``value`` as the page writes it, with the map types found at it.

    A client's copy keeps every part a change did not touch (``protocol.patch.apply``), so a part
    already walked at the same path (``seen``: its identity, kept alive by the play) is skipped.
    """
    if isinstance(value, (dict, list)):
        if (id(value), path) in seen:
            return
        seen.add((id(value), path))
    if isinstance(value, dict):
        base = value["type"] if value.get("type") in shared else path
        for key, item in value.items():
            if key == "type":
                continue
            child = f"{base}.{key}" if base else key
            out.setdefault(child, set()).update(map_types(item))
            keys(item, child, shared, out, seen)
    elif isinstance(value, list):
        for item in value:
            keys(item, path + "[]", shared, out, seen)


def ids(value, memo: dict) -> frozenset[tuple[str, int]]:
    """Every (type, id) of a card or slice map in ``value`` (``memo``: by the identity of parts kept alive by the play)."""
    if not isinstance(value, (dict, list)):
        return frozenset()
    found = memo.get(id(value))
    if found is None:
        items = value.values() if isinstance(value, dict) else value
        found = frozenset().union(*(ids(item, memo) for item in items))
        if isinstance(value, dict) and "id" in value and "type" in value:
            found |= {(value["type"], value["id"])}
        memo[id(value)] = found
    return found


@functools.cache
def sensitive(game: str) -> frozenset[str]:
    """The paths that hold a field not everyone's (or are one): elsewhere, equal parts need no walk."""
    out = {""}
    for path in field_rows(game):
        if who(game, path) in (SEAT, PARTIAL):
            out.update(path[: m.start()] for m in re.finditer(r"\.|\[\]|$", path))
    return frozenset(out)


class Departures:
    """How a seat's view departs from the public view, field by field (see :meth:`compare`)."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.shared = shared_types(game)
        self.wrong: list[str] = []  # an `everyone` field that differs
        self.partly: list[tuple[str, str, object]] = []  # (documented path, place, the seat's value) shown to this seat only
        self.own: list[tuple[str, object]] = []  # (documented path, value) of every `this seat only` field
        self.sensitive = sensitive(game)

    def compare(self, mine, public, path: str = "", place: str = "", how: str = PUBLIC) -> None:
        if how == PUBLIC and path not in self.sensitive and mine == public:
            return
        if how == SEAT:
            self.own.append((path, mine))
            return
        if how == PARTIAL and mine != public and public is None:
            self.partly.append((path, place, mine))
            return
        if isinstance(mine, dict) and isinstance(public, dict) and mine.keys() == public.keys():
            base = mine["type"] if mine.get("type") in self.shared else path
            for key in mine:
                if key != "type":
                    child = f"{base}.{key}" if base else key
                    self.compare(mine[key], public[key], child, f"{place}.{key}", who(self.game, child, how))
            if mine.get("type") != public.get("type"):
                self.wrong.append(f"{path} (type)")
        elif isinstance(mine, list) and isinstance(public, list) and len(mine) == len(public):
            for index, (a, b) in enumerate(zip(mine, public)):
                self.compare(a, b, path + "[]", f"{place}.{index}", how)
        elif mine != public:
            self.wrong.append(path)


def _cut_this_round(view, seat, sent):
    """Pizza Theory's `your_cut`: the line this seat chose in this round's cut phase, else null."""
    if view["phase"] != "cut":
        return view["your_cut"] is None
    lines = [c["line"] for _, seen, c in sent if c["type"] == "ChooseCut" and seen["round"] == view["round"]]
    return view["your_cut"] == (lines[-1] if lines else None)


def _told_privately(last, view):
    """New York Slice's `last.slice`: the events its row names are told to the seat that made them only."""
    return last["seat"] if f"`{last['kind']}`" in field_rows("new_york_slice")["last.slice"].who else None


#: How each `this seat only` field must read in a seat's own view: check(view, seat, what the seat sent before).
OWN = {
    "pizza_theory": {
        "you": lambda view, seat, sent: view["you"] == seat,
        "your_cut": _cut_this_round,
    },
    "new_york_slice": {
        "viewer": lambda view, seat, sent: view["viewer"] == seat,
        "my_eaten": lambda view, seat, sent: [s["id"] for s in view["my_eaten"]]
        == [c["slice"] for _, _, c in sent if c["type"] in ("EatSlice", "EatSeconds")],
        "my_unused": lambda view, seat, sent: view["my_unused"]
        == [h["special"] for h in view["table"][seat]["specials"] if not h["used"]],
    },
    "splittissimo": {
        "me": lambda view, seat, sent: view["me"] == (None if view["phase"] == "dealing" else seat),
        "hand": lambda view, seat, sent: len(view["hand"]) == view["seats"][seat]["hand_count"],
    },
}


#: Each partly hidden field: given the map holding it in the public view (and that view), the one seat
#: whose view shows it while the public view holds `null`, or None when it is hidden from nobody there.
PARTLY = {
    "pizza_theory": {},
    "new_york_slice": {
        # a face-down Mystery slice: only its taker sees its face
        "plate[].slice": lambda item, view: view["plate_seat"] if item["mystery"] else None,
        # a privately taken slice: only the seat that took it is told which
        "last.slice": _told_privately,
    },
    "splittissimo": {},
}


def occurrences(view, path: str):
    """(place, holding map) of every occurrence of a documented (not shared) path in ``view``."""
    *steps, key = path.split(".")
    found = [("", view)]
    for step in steps:
        name, many = (step[:-2], True) if step.endswith("[]") else (step, False)
        found = [(f"{place}.{name}", node[name]) for place, node in found if node[name] is not None]
        if many:
            found = [(f"{place}.{index}", item) for place, items in found for index, item in enumerate(items)]
    return [(f"{place}.{key}", node) for place, node in found]


# --- the tests --------------------------------------------------------------------------


def test_the_section_comes_just_before_the_error_codes():
    text = REFERENCE.read_text()
    start = text.index(f"\n## {TITLE}\n")
    assert text.find("\n## ", start + 1) == text.index("\n## Error codes\n")


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_key_of_every_real_view_is_documented_and_every_documented_key_occurs(game):
    documented = field_rows(game)
    shared = shared_types(game)
    found: dict[str, set[str]] = {}
    names, seen = set(), set()
    for play in plays(game):
        for moment in play.moments:
            for view in moment.values():
                if view is not None:
                    names.add(view["type"])
                    keys(view, "", shared, found, seen)
    missing = sorted(set(found) - set(documented))
    assert not missing, f"docs/protocol.md, {game}: add rows for {missing}"
    never = sorted(set(documented) - set(found))
    assert not never, f"docs/protocol.md, {game}: rows for keys no real view has: {never}"
    unnamed = {path: sorted(t for t in types if f"`{t}`" not in documented[path].meaning) for path, types in found.items()}
    unnamed = {path: types for path, types in unnamed.items() if types}
    assert not unnamed, f"docs/protocol.md, {game}: name each map's type in its row: {unnamed}"
    part = game_part(game)
    assert all(f"`{name}`" in part for name in names), (game, names)


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_documented_phase_is_met_in_play_and_only_those(game):
    path = PHASE_ROW[game]
    documented = set(re.findall(r"`([a-z_]+)`", field_rows(game)[path].meaning))
    seen = set()
    for play in plays(game):
        for moment in play.moments:
            value = moment["watch"]
            for key in path.split("."):
                value = value[key]
            seen.add(value)
    assert seen == documented, (game, sorted(seen), sorted(documented))


def test_the_plays_cover_the_levels_the_table_sizes_and_the_options():
    spec_levels = next(o.choices for o in GAMES["splittissimo"].options if o.name == "level")
    assert {p.moments[-1]["watch"]["level"] for p in plays("splittissimo")} == set(spec_levels)
    assert {p.players for p in plays("pizza_theory")} == {2, 3}
    assert {p.players for p in plays("new_york_slice")} == {2, 3, 4, 5, 6}
    for game in GAME_IDS:  # each played to its end
        for play in plays(game):
            value = play.moments[-1]["watch"]
            for key in PHASE_ROW[game].split("."):
                value = value[key]
            assert value == "over", (game, value)


@pytest.mark.parametrize("game", GAME_IDS)
def test_what_each_viewer_sees_is_as_documented(game):
    rows = field_rows(game)
    seat_only = {path for path in rows if who(game, path) == SEAT}
    assert set(OWN[game]) == seat_only, f"{game}: every `this seat only` field needs its own check here"
    partly = {path for path in rows if who(game, path) == PARTIAL}
    assert set(PARTLY[game]) == partly, f"{game}: every partly hidden field needs its rule here"
    checked = {"everyone": 0, "seat": 0, "partly": 0}
    memo: dict = {}
    for play in plays(game):
        for at, moment in enumerate(play.moments):
            public = moment["watch"]
            if public is None:
                continue
            # the TV's view, the spectators' and an unseated player's are the same value
            assert moment["host"] == public and moment["late"] == public, game
            # a `this seat only` field holds its documented value outside the seat's own view
            for path in seat_only:
                assert public[path] == placeholder(game, path), (game, path, public[path])
            shown_to: dict[str, list[int]] = {}
            holders: dict[tuple[str, int], set] = {}  # each card or slice, and the views it is in
            for name, view in moment.items():
                for item in ids(view, memo):
                    holders.setdefault(item, set()).add(name)
            for seat, mine in seat_views(play, moment):
                departures = Departures(game)
                departures.compare(mine, public)
                assert not departures.wrong, f"{game}: fields documented `everyone` differ for seat {seat}: {departures.wrong}"
                checked["everyone"] += 1
                for path, _ in departures.own:
                    before = [entry for entry in play.sent[seat] if entry[0] < at]
                    assert OWN[game][path](mine, seat, before), (game, seat, path, mine[path])
                    checked["seat"] += 1
                for _, place, _ in departures.partly:
                    shown_to.setdefault(place, []).append(seat)
                # no card or slice this seat holds privately is anywhere in another view now
                private = ids([value for _, value in departures.own] + [value for _, _, value in departures.partly], {})
                leaked = {item for item in private if holders[item] != {seat}}
                assert not leaked, f"{game}: seat {seat}'s private {sorted(leaked)} in another view"
            # a partly hidden field is `null` in the public view exactly where its row says, and shown to that seat alone
            allowed = {}
            for path in partly:
                for place, holder in occurrences(public, path):
                    seat = PARTLY[game][path](holder, public)
                    if seat is not None:
                        assert holder[path.rsplit(".", 1)[1]] is None, f"{game}: {place} is public, documented hidden"
                        allowed[place] = seat
            for place, seats in shown_to.items():
                assert seats == [allowed.get(place)], f"{game}: {place} is hidden from the public but shown to seats {seats}"
                checked["partly"] += 1
    assert checked["everyone"] > 100 and checked["seat"] > 100, checked
    if any(who(game, path) == PARTIAL for path in rows):
        assert checked["partly"] > 0, f"{game}: no play showed a partly hidden field"


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_commands_are_the_games_commands_with_their_fields(game):
    documented = command_rows(game)
    actual = {cls.__name__: {field.name for field in attrs.fields(cls)} for cls in GAMES[game].commands}
    assert documented == actual, f"docs/protocol.md, {game}: the commands and their fields are {actual}"
    for play in plays(game):
        for legal in play.legal:
            for entries in legal.values():
                for entry in entries or ():
                    assert set(entry) - {"type"} == documented[entry["type"]], (game, entry)
