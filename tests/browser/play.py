"""How a person plays each game on a phone, as Playwright steps.

Each ``*_turn`` function does one thing the phone asks for (using only what
the page shows: highlighted spaces, dice, buttons) and returns whether it
did anything; ``play_until_over`` repeats it until the game-over card shows.
"""

from __future__ import annotations

import random
import re
import time
from typing import Any, Callable


def game_over(page: Any) -> bool:
    return page.locator(".phone-result").count() > 0


def my_turn(page: Any) -> bool:
    return page.locator(".prompt-mine").count() > 0


def pizza_theory_turn(page: Any, rng: random.Random) -> bool:
    spaces = page.locator(".pizza .tap")
    if spaces.count():
        spaces.nth(rng.randrange(spaces.count())).click()
        page.locator(".action-bar .btn-start").click()
        return True
    roll = page.get_by_role("button", name="Roll the neutral die")
    if roll.count():
        roll.click()
        return True
    dice = page.locator(".die-btn")
    if dice.count():
        dice.nth(rng.randrange(dice.count())).click()
        page.locator(".action-bar .btn-start").click()
        return True
    return False


def play_until_over(
    page: Any,
    turn: Callable[[Any, random.Random], bool],
    *,
    seed: int = 1,
    timeout: float = 90.0,
    on_turn: Callable[[int], None] | None = None,
) -> int:
    """Play every turn this phone is given until the game ends; returns the turn count."""
    rng = random.Random(seed)
    deadline = time.monotonic() + timeout
    turns = 0
    while not game_over(page):
        assert time.monotonic() < deadline, "the game did not end in time"
        if my_turn(page):
            before = page.evaluate("() => document.querySelector('.prompt')?.textContent")
            if turn(page, rng):
                turns += 1
                if on_turn:
                    on_turn(turns)
                # wait for the hub to answer before looking again
                page.wait_for_timeout(150)
                continue
            del before
        page.wait_for_timeout(100)
    return turns


def new_york_slice_turn(page: Any, rng: random.Random) -> bool:
    hand = page.locator(".nys-hand")
    serve = hand.get_by_role("button", name="Serve these portions")
    if serve.count():
        # cut the ring into portions by tapping scissors until the division is legal
        for _ in range(40):
            if serve.is_enabled():
                break
            scissors = hand.locator(".nys-scissors")
            scissors.nth(rng.randrange(scissors.count())).click()
            choices = hand.locator(".nys-special-place input")
            if choices.count() and rng.random() < 0.5:
                choices.nth(rng.randrange(choices.count())).check()
        serve.click()
        return True
    for name in ("Take ", "Stack ", "Collect", "Keep", "Eat", "No, thanks", "Done"):
        buttons = hand.get_by_role("button", name=re.compile("^" + re.escape(name)))
        enabled = [buttons.nth(i) for i in range(buttons.count()) if buttons.nth(i).is_enabled()]
        if enabled:
            rng.choice(enabled).click()
            return True
    return False
