"""Patches between two wire values, and a client's copy of its view kept by them.

After its first full ``state``, a socket is sent each change of its view as
a list of *ops* (docs/protocol.md, "Changes"):

* ``[path, value]`` sets the value at ``path``;
* ``[path]`` removes the map key at ``path``.

A path is a list of map keys (strings) and list indexes (integers) from the
root of the view; the empty path is the whole view.  Maps are compared key
by key; lists of the same length index by index; a list whose length
changed is replaced whole (simple, exact, and views' lists are short).
Values are compared strictly: ``True`` is not ``1``, so the patched view is
exactly the new one, not merely equal to it.

The server diffs each viewer class's new view against its previous one;
:func:`common` finds the ops every class shares (the public part, encoded
once per room change); each class keeps the rest as its private part.  So
every op a socket receives comes from a diff of its own class's view.

Pure functions over plain maps and lists: no I/O (the import test checks).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

#: One op: ``[path, value]`` (set) or ``[path]`` (remove a map key).  Its items are
#: a path (a list of str and int) and any wire value, so the list is of ``Any``.
Op = list[Any]


class PatchError(ValueError):
    """An op does not fit the value it is applied to (a client's copy went astray)."""


class Gap(Exception):
    """A change whose base is not the view version this copy holds: ask for a full state."""


def _same(a: Any, b: Any) -> bool:
    """Strict equality of wire values: ``1`` is not ``True`` nor ``1.0``, at any depth.

    ``==`` (in C) first; containers it finds equal are confirmed by a walk
    of their types (:func:`_strictly_same`).  Maps equal but for their key
    order count as different: :func:`common` then leaves an op in the private
    parts, which costs bytes, never exactness.
    """
    if a is b:
        return True
    kind = type(a)
    if kind is not type(b) or a != b:
        return False
    return kind not in _CONTAINERS or _strictly_same(a, b)


#: Public name: fan-out keeps a part of the last view when the new one is strictly the same.
same = _same


def diff(old: Any, new: Any) -> list[Op]:
    """The ops that turn ``old`` into ``new`` (empty when they are the same)."""
    return Differ().diff(old, new)


class Differ:
    """Diffs successive views, walking only the parts that are not the same objects.

    Fan-out converts each game view object to wire data once and keeps the
    wire forms of the last change (protocol/wirecache.py), so a part of a view
    that did not change is usually the *identical* wire object on both sides,
    and a part shared by several viewer classes is one object in each of their
    views.  The differ leans on that: ``old is new`` ends a comparison at once,
    and a pair of containers diffed for one class is not diffed again for the
    next class in the same round (``_pairs``, by identity).

    Parts rebuilt equal but not identical (the lobby map, a fresh list of the
    same items) are compared by Python's ``==`` in C first, which stops at the
    first difference; but ``==`` holds ``1 == True == 1.0``, so parts it finds
    equal are confirmed by a walk that checks the types and the maps' key
    order, skipping identical sub-parts.

    Call :meth:`diff` for each viewer class's old and new view, then
    :meth:`next` once all are done (the old and new views must be kept alive
    until then: the pairs are keyed by identity).

    server/fastlane/_diff.pyx is its compiled twin (what fan-out runs when
    built): a change here is made there too, and tests/server/test_fastlane_diff.py
    holds the two equal.
    """

    def __init__(self) -> None:
        #: This round's diffs of container pairs, by identity: the viewer classes share
        #: parts (the lobby map is one object in every class's view), so each is diffed once.
        self._pairs: dict[tuple[int, int], list[Op]] = {}

    def next(self) -> None:
        self._pairs = {}

    def diff(self, old: Any, new: Any) -> list[Op]:
        """The ops from ``old`` to ``new``; read-only: they may be shared with other diffs."""
        return self._changes(old, new)

    def split(self, olds: dict[Any, dict[Any, Any]], news: dict[Any, dict[Any, Any]]) -> tuple[list[Op], dict[Any, list[Op]]]:
        """Diff every class's view at once: the public ops, and each class's private ops.

        ``olds`` and ``news`` map each viewer class to its previous and new
        view (maps; a class missing from ``olds`` is left out).  The result
        is what :func:`common` and :func:`without` make of the classes'
        :meth:`diff` (the same ops, in the order of the views' keys), worked
        out field by field: the classes share most of their views' fields as
        the very same objects (the lobby, the public game view, the
        version), so each field is diffed once per distinct pair of old and
        new objects, not once per class, and a field every class shares goes
        to the public part without comparing any ops.
        """
        keys = [key for key in news if key in olds]
        public: list[Op] = []
        private: dict[Any, list[Op]] = {key: [] for key in keys}
        if keys:
            self._split_maps((), keys, [olds[key] for key in keys], [news[key] for key in keys], public, private)
        return public, private

    def split_rows(
        self, olds: dict[Any, tuple[Any, ...]], news: dict[Any, tuple[Any, ...]], fields: tuple[Any, ...],
    ) -> tuple[list[Op], dict[Any, list[Op]]]:
        """:meth:`split` of views kept as rows: each class's view a tuple of the values of ``fields``, in order.

        The result is :meth:`split`'s of the maps the rows stand for
        (``dict(zip(fields, row))``); fan-out keeps its views as rows
        (``server.views.view_rows``), which cost less to make than maps.
        Every row holds one value per field.
        """
        if any(len(row) != len(fields) for row in (*olds.values(), *news.values())):
            raise ValueError(f"every row holds one value for each of the {len(fields)} fields")
        keys = [key for key in news if key in olds]
        public: list[Op] = []
        private: dict[Any, list[Op]] = {key: [] for key in keys}
        if keys:  # the rows are the columns' transposes: each field's value in every class
            old_columns = zip(*[olds[key] for key in keys])
            new_columns = zip(*[news[key] for key in keys])
            self._split_fields((), keys, fields, old_columns, new_columns, public, private)
        return public, private

    def _split_maps(
        self, prefix: tuple[Any, ...], keys: list[Any], olds_in: Sequence[dict[Any, Any]], news_in: Sequence[dict[Any, Any]],
        public: list[Op], private: dict[Any, list[Op]],
    ) -> None:
        """:meth:`split` of the maps at ``prefix`` in every class's view, field by field.

        A field where the classes' maps differ but all are maps (a game view
        that is the public one with a few fields changed for each seat) is
        split again, a level down: its shared fields are diffed once and go
        to the public part without comparing any ops.
        """
        shape = tuple(news_in[0])
        if all(tuple(view) == shape for view in news_in) and all(tuple(view) == shape for view in olds_in):
            # every class has the same fields in the same order (the usual case): each
            # field's values in every class, as columns, without a look-up per class
            fields: Iterable[Any] = shape
            old_columns: Iterable[tuple[Any, ...]] = zip(*[view.values() for view in olds_in])
            new_columns: Iterable[tuple[Any, ...]] = zip(*[view.values() for view in news_in])
        else:
            union: dict[Any, None] = {}
            for view in (*news_in, *olds_in):
                union.update(dict.fromkeys(view))
            fields = list(union)
            old_columns = [tuple(view.get(field, _MISSING) for view in olds_in) for field in fields]
            new_columns = [tuple(view.get(field, _MISSING) for view in news_in) for field in fields]
        self._split_fields(prefix, keys, fields, old_columns, new_columns, public, private)

    def _split_fields(
        self, prefix: tuple[Any, ...], keys: list[Any], fields: Iterable[Any], old_columns: Iterable[tuple[Any, ...]],
        new_columns: Iterable[tuple[Any, ...]], public: list[Op], private: dict[Any, list[Op]],
    ) -> None:
        """Each field's old and new values in every class (its columns), split into public and private ops."""
        classes = len(keys)
        for field, olds_of, news_of in zip(fields, old_columns, new_columns):
            old_ids, new_ids = tuple(map(id, olds_of)), tuple(map(id, news_of))
            old, new = olds_of[0], news_of[0]
            path = (*prefix, field)
            # The usual case, cheaply: every class holds the very same old and new object
            # here (the room, the version, the lobby, a public game view).
            if old_ids.count(old_ids[0]) == classes and new_ids.count(new_ids[0]) == classes:
                if old is not new:
                    public.extend(self._field_changes(path, old, new))
                continue
            if old_ids == new_ids:
                continue  # each class's own part (``you``, ``legal``) kept as it was
            if all(type(value) is dict for value in (*olds_of, *news_of)):
                self._split_maps(path, keys, olds_of, news_of, public, private)
                continue
            # the classes grouped by the identities of their old and new values of this field
            groups: dict[tuple[int, int], list[int]] = {}
            for index, pair in enumerate(zip(old_ids, new_ids)):
                members = groups.get(pair)
                if members is None:
                    groups[pair] = [index]
                else:
                    members.append(index)
            subs = []
            for members in groups.values():
                index = members[0]
                subs.append(([keys[i] for i in members], self._field_changes(path, olds_of[index], news_of[index])))
            shared = common([ops for _, ops in subs])
            public.extend(shared)
            for member_keys, ops in subs:
                own = without(ops, shared) if shared else ops
                if own:
                    for key in member_keys:
                        private[key].extend(own)

    def _field_changes(self, path: tuple[Any, ...], old: Any, new: Any) -> list[Op]:
        """The ops, with paths from the view's root, that turn the value at ``path`` from ``old`` into ``new``."""
        if old is new:
            return []
        if new is _MISSING:
            return [[list(path)]]
        if old is _MISSING:
            return [[list(path), new]]
        return [[[*path, *op[0]], *op[1:]] for op in self._changes(old, new)]

    def _changes(self, old: Any, new: Any) -> list[Op]:
        if old is new:
            return []
        kind = type(new)
        if kind not in _CONTAINERS:
            return [] if type(old) is kind and old == new else [[[], new]]
        pair = (id(old), id(new))
        ops = self._pairs.get(pair)
        if ops is None:
            ops = self._pairs[pair] = self._container_changes(old, new, kind)
        return ops

    def _container_changes(self, old: Any, new: Any, kind: type[Any]) -> list[Op]:
        if type(old) is not kind:
            return [[[], new]]
        if old == new and _strictly_same(old, new):
            return []
        ops: list[Op] = []
        containers = _CONTAINERS
        if kind is dict:
            for key, value in new.items():
                if key not in old:
                    ops.append([[key], value])
                    continue
                was = old[key]
                if was is value:
                    continue
                value_kind = type(value)
                if value_kind not in containers:
                    if type(was) is not value_kind or was != value:
                        ops.append([[key], value])
                    continue
                for op in self._changes(was, value):
                    ops.append([[key, *op[0]], *op[1:]])
            for key in old:
                if key not in new:
                    ops.append([[key]])
        elif len(old) == len(new):
            for index, (was, value) in enumerate(zip(old, new)):
                if was is value:
                    continue
                for op in self._changes(was, value):
                    ops.append([[index, *op[0]], *op[1:]])
        else:
            ops.append([[], new])
        return ops


def _strictly_same(old: Any, new: Any) -> bool:
    """Whether two values already found ``==`` are the same wire value: same types, same map key order.

    Every pair of corresponding parts of ``==`` containers is ``==`` too, so
    only the types (and the maps' key order, which the encoded bytes keep)
    are left to check; identical parts need no look.
    """
    if old is new:
        return True
    kind = type(new)
    if type(old) is not kind:
        return False
    if kind is dict:
        for was, key in zip(old, new):  # the same keys, in the same order, of the same types
            if was is not key and (was != key or type(was) is not type(key)):
                return False
        for key, value in new.items():
            was = old[key]
            if was is not value and (type(was) is not type(value) or (type(value) in _CONTAINERS and not _strictly_same(was, value))):
                return False
        return True
    if kind is list or kind is tuple:
        for was, value in zip(old, new):
            if was is not value and (type(was) is not type(value) or (type(value) in _CONTAINERS and not _strictly_same(was, value))):
                return False
        return True
    return True


_CONTAINERS = (dict, list, tuple)
#: A field absent from a view (never a wire value).
_MISSING = object()


def apply(value: Any, ops: Iterable[Sequence[Any]]) -> Any:
    """``value`` with ``ops`` applied, in order; ``value`` itself is left as it was."""
    for op in ops:
        if len(op) not in (1, 2) or not isinstance(op[0], (list, tuple)):
            raise PatchError(f"not an op: {op!r}")
        path = op[0]
        if not path:
            if len(op) == 1:
                raise PatchError("the whole view cannot be removed")
            value = op[1]
        else:
            value = _apply_at(value, path, 0, op)
    return value


def _apply_at(node: Any, path: Sequence[Any], depth: int, op: Sequence[Any]) -> Any:
    key = path[depth]
    if type(node) is dict and type(key) is str:
        copy: Any = dict(node)
    elif type(node) in (list, tuple) and type(key) is int and 0 <= key < len(node):
        copy = list(node)
    else:
        raise PatchError(f"no {key!r} at depth {depth} of {list(path)!r}")
    if depth == len(path) - 1:
        if len(op) == 2:
            copy[key] = op[1]
        elif type(copy) is dict and key in copy:
            del copy[key]
        else:
            raise PatchError(f"nothing to remove at {list(path)!r}")
    else:
        if type(copy) is dict and key not in copy:
            raise PatchError(f"no {key!r} at depth {depth} of {list(path)!r}")
        copy[key] = _apply_at(copy[key], path, depth + 1, op)
    return copy


def common(patches: Sequence[Sequence[Op]]) -> list[Op]:
    """The ops found, identical, in every one of ``patches`` (in the first one's order).

    A diff never holds two ops on the same path, nor one on a path and one
    inside it, so the ops left to each patch (:func:`without`) touch other
    paths than the common ones, and the two parts apply in either order.
    """
    if not patches:
        return []
    first, others = patches[0], [{tuple(op[0]): op for op in patch} for patch in patches[1:]]
    out = []
    for op in first:
        path = tuple(op[0])
        for other in others:
            theirs = other.get(path)
            if theirs is not op and (theirs is None or not _same_op(op, theirs)):
                break
        else:
            out.append(op)
    return out


def without(patch: Sequence[Op], shared: Sequence[Op]) -> list[Op]:
    """The ops of ``patch`` that are not in ``shared`` (its private part)."""
    if not shared:
        return list(patch)
    paths = {tuple(op[0]) for op in shared}
    return [op for op in patch if tuple(op[0]) not in paths]


def _same_op(a: Sequence[Any], b: Sequence[Any]) -> bool:
    return len(a) == len(b) and (len(a) == 1 or _same(a[1], b[1]))


class Mirror:
    """A client's copy of its view, kept from ``state`` and ``change`` frames.

    ``view`` is the latest complete view (the state frame's fields without
    ``t`` and ``v``), ``v`` its view version.  Python clients (tests, bench,
    the load test) use it; the web client has the same rules in TypeScript
    (web-client/src/net/patch.ts).
    """

    def __init__(self) -> None:
        self.view: dict[str, Any] | None = None
        self.v: int | None = None

    def receive(self, frame: dict[str, Any]) -> bool:
        """Take one server frame; True when it was a state or change (the view moved on).

        Raises :class:`Gap` for a change that does not start at this copy's
        version, and :class:`PatchError` for ops that do not fit.
        """
        kind = frame.get("t")
        if kind == "state":
            self.view = {k: v for k, v in frame.items() if k not in ("t", "v")}
            self.v = frame.get("v")
            return True
        if kind == "change":
            if self.view is None or frame["base"] != self.v:
                raise Gap(f"change {frame['base']}->{frame['v']} on top of {self.v}")
            self.view = apply(self.view, frame["ops"])
            self.v = frame["v"]
            return True
        return False

    def fold(self, frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """One message's frames with its state and change frames folded into one ``state``.

        The ``state`` map (the whole view after the message, with ``v``) takes
        the place of the message's first view frame; other frames keep their
        order.  Python test clients record these, so they can wait for a
        state as they would with full states only.
        """
        out: list[dict[str, Any]] = []
        at = None
        for frame in frames:
            if self.receive(frame):
                if at is None:
                    at = len(out)
                    out.append(frame)
            else:
                out.append(frame)
        if at is not None:
            out[at] = self.state()
        return out

    def state(self) -> dict[str, Any]:
        """The view as a ``state`` frame map (what a full state at this version would hold)."""
        assert self.view is not None, "no state received yet"
        return {"t": "state", "v": self.v, **self.view}
