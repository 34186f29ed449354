"""Pure game rules for Pizza Night.

Nothing in this package performs I/O, reads the clock, or draws from the
``random`` module: every game is a deterministic function of its setup (which
carries a seed) and the commands it is given.  See ``games.contract`` for the
shape every game follows and ``games.registry`` for how games are found.
"""
