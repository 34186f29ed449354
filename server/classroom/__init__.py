"""Class sessions: a teacher runs several tables of one game from one projector (issue 12).

- ``state``: the class's events and their fold (pure); ``store``: its log in the hub's store;
- ``actor``: the one writer of a class, host of its tables (``tablehost``), seating them (``seating``);
- ``classes``: the hub's classes by code, created, resumed after a restart, ended, deleted;
- ``analytics`` (pure) and ``reports``: per-student reports read from the tables' room logs;
- ``dashboard``: the projector's view (public views only); ``http``: the JSON API.
"""
