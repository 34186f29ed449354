"""The host's options for Splittissimo (drawn as a form by the host screen)."""

from __future__ import annotations

from games.contract import OptionSpec
from games.splittissimo.cards import DOT_LEVELS
from games.splittissimo.tricks import LEVELS, STANDARD

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        name="level",
        kind="choice",
        default=STANDARD,
        label="Level",
        help="easy (6+): round Pizza cards only; standard (8+): Orders against Pizza piles, with toppings; "
        "advanced (10+): combined orders, Special Orders at any moment, penalties for cards left in hand.",
        choices=LEVELS,
    ),
    OptionSpec(
        name="dots",
        kind="multi",
        default=DOT_LEVELS,
        label="Dot levels in play",
        help="1 dot: quarters and halves; 2 dots: the same amounts written in eighths and quarters; "
        "3 dots: odd eighths.  Easy with 1-dot cards only deals 3 cards, not 4.",
        choices=DOT_LEVELS,
    ),
    OptionSpec(
        name="reaction_ms",
        kind="int",
        default=3000,
        label="Reaction window (ms)",
        help="How long other players may play a Cancelled Order before each turn (standard and advanced). "
        "0 turns the window off, and with it Cancelled Orders.",
        minimum=0,
        maximum=30_000,
    ),
    OptionSpec(
        name="special_cards",
        kind="bool",
        default=True,
        label="Special cards",
        help="Shuffle the purple Special Order and Cancelled Order cards into the Order deck "
        "(standard and advanced).",
    ),
    OptionSpec(
        name="pass_anytime",
        kind="bool",
        default=False,
        label="Pass even when a trick exists",
        help="A player may always pass (and draw) on their turn, even when a trick is possible; "
        "the pass counts as a missed trick in a class's report.  Off: a pass with a trick on offer is refused.",
    ),
)
