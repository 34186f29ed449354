"""The secret oracles live with the load test's audit (server/loadtest/oracles.py); tests import them from here."""

from server.loadtest.oracles import ORACLES, new_york_slice, pizza_theory, splittissimo

__all__ = ["ORACLES", "new_york_slice", "pizza_theory", "splittissimo"]
