"""The host's options for New York Slice (drawn as a form by the host screen)."""

from __future__ import annotations

from games.contract import OptionSpec

OPTIONS = (
    OptionSpec(
        "first_slicer", "choice", "random", "First Slicer",
        help="the seat that slices first (0 is the first seat); random draws one; a seat beyond the table also draws",
        choices=("random", 0, 1, 2, 3, 4, 5),
    ),
    OptionSpec(
        "veggies_eaten_later", "bool", True, "You Love Veggies lasts",
        help="[house] the owner of You Love Veggies may eat Veggies gained in later rounds too "
        "(off: only those held or taken with it)",
    ),
)
