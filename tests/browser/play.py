"""How a person plays each game on a phone, as Playwright steps.

Each ``*_turn`` function does one thing the phone asks for (using only what
the page shows: highlighted spaces, dice, buttons) and returns whether it
did anything; ``play_until_over`` repeats it until the game-over card shows.
"""

from __future__ import annotations

import itertools
import random
import re
import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.conftest import ARTIFACTS  # where a failed tap's screenshot goes

_WHAT_IS_THERE = """(el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const top = document.elementFromPoint(x, y);
    const name = (e) => e ? `<${e.tagName.toLowerCase()} class="${e.getAttribute('class') || ''}">` : 'nothing';
    const v = window.visualViewport;
    const fit = [...document.querySelectorAll('[data-fit]')].map((e) => e.dataset.fit).join(',');
    return `target ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}; ` +
        `on top at its centre: ${name(top)} in ${name(top && top.closest('li'))}; ` +
        `window ${innerWidth}x${innerHeight} scrolled to ${scrollX},${scrollY}, page ${document.documentElement.scrollHeight} tall; ` +
        `visual viewport ${v.width}x${v.height} at ${v.offsetTop} scale ${v.scale}; fit ${fit || 'none'}`;
}"""


def click(page: Any, target: Any, timeout: float = 30_000) -> None:
    """Tap ``target``; when Playwright cannot (something covers it), fail saying what covers it, with a screenshot.

    A tap that never lands is a layout fault a person meets too; the text of
    Playwright's error names the covering element but not where things were.
    """
    try:
        target.click(timeout=timeout)
    except PlaywrightTimeout as exc:
        shot = ARTIFACTS / "failed-clicks" / f"{time.strftime('%Y%m%d-%H%M%S')}-{id(target):x}.png"
        shot.parent.mkdir(parents=True, exist_ok=True)
        try:
            where = target.evaluate(_WHAT_IS_THERE, timeout=5000)
            page.screenshot(path=str(shot), full_page=True)
        except Exception as again:  # the page is gone: say so with the first failure
            where = f"(could not look: {again!r})"
        raise AssertionError(f"could not tap {target}: {where}; screenshot {shot}\n{exc}") from exc


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
        # (disabled while the phone's last move is on its way, or gone when a stand-in moved first:
        # not this phone's move now; the caller looks again)
        if not roll.is_enabled():
            return False
        roll.click(timeout=5000)
        return True
    dice = page.locator(".die-btn")
    if dice.count():
        # (the dice go when the cut is revealed: a phone whose choice is already in can look while the
        # last one is made, and its die may vanish under the click; the caller then looks again)
        try:
            dice.nth(rng.randrange(dice.count())).click(timeout=5000)
            page.locator(".action-bar .btn-start").click(timeout=5000)
        except PlaywrightTimeout:
            return False
        return True
    return False


def version(page: Any) -> int:
    """The room version the page shows (``data-version`` on the phone's and the TV's screen), -1 before any."""
    return page.evaluate("() => Number(document.querySelector('[data-version]')?.dataset.version ?? -1)")


#: The page shows a newer room version than ``arg``, or the game is over.
NEWER = """v => document.querySelector('.phone-result') !== null
    || Number(document.querySelector('[data-version]')?.dataset.version ?? -1) > v"""

#: This phone's turn, or the game's end.
MY_TURN_OR_OVER = "() => document.querySelector('.prompt-mine, .phone-result') !== null"


#: Every button on the page (its name, and whether it can be pressed), then the page's text: what a
#: person would see when a game stops moving (a failure's message, so a stuck game can be read from CI).
_SHOWN = """() => JSON.stringify({
  buttons: [...document.querySelectorAll('button')].filter((b) => b.offsetParent !== null)
    .map((b) => (b.getAttribute('aria-label') || b.textContent.trim()).slice(0, 40) + (b.disabled ? ' (off)' : '')),
  text: document.body.innerText.replace(/\\s+/g, ' ').slice(0, 1200),
})"""


def _what_shows(page: Any) -> str:
    try:
        return str(page.evaluate(_SHOWN))
    except Exception as exc:  # the page itself is gone: say so rather than hide the first failure
        return f"(could not read the page: {exc!r})"


def play_until_over(
    page: Any,
    turn: Callable[[Any, random.Random], bool],
    *,
    seed: int = 1,
    timeout: float = 90.0,
    on_turn: Callable[[int], None] | None = None,
    before_turn: Callable[[], None] | None = None,
) -> int:
    """Play every turn this phone is given until the game ends; returns the turn count.

    Waits on the page's state, never on a clock: for this phone's turn (or the
    end), and after each move for the room version the hub answers with, so the
    next look never reads a screen halfway through an update.  ``timeout``
    bounds the whole game.
    """
    rng = random.Random(seed)
    deadline = time.monotonic() + timeout
    turns = 0
    while not game_over(page):
        left = deadline - time.monotonic()
        assert left > 0, f"the game did not end in time; {turns} turns played; the phone shows: {_what_shows(page)}"
        if not my_turn(page):
            page.wait_for_function(MY_TURN_OR_OVER, timeout=left * 1000)
            continue
        if before_turn:
            before_turn()
        shown = version(page)
        if turn(page, rng):
            turns += 1
            if on_turn:
                on_turn(turns)
            # the hub's answer: a newer version (a refused move leaves the version as it was: look again)
            try:
                page.wait_for_function(NEWER, arg=shown, timeout=min(left, 30.0) * 1000)
            except PlaywrightTimeout:
                pass
        else:
            # the turn shows nothing to do yet: its buttons come with the next version, or with the render
            # still under way (a busy machine: a pick being undone, a refusal being shown), so look again
            # after a while even when no newer version came; the deadline above still bounds the game
            try:
                page.wait_for_function(NEWER, arg=shown, timeout=min(left, 5.0) * 1000)
            except PlaywrightTimeout:
                pass
    return turns


def new_york_slice_turn(page: Any, rng: random.Random) -> bool:
    hand = page.locator(".nys-hand")
    serve = hand.get_by_role("button", name="Serve these portions")
    if serve.count():
        # nothing is cut yet: the Slicer must decide (the button starts disabled)
        assert not serve.is_enabled(), "the Slicer's cuts were pre-filled"
        # cut the ring into portions by tapping scissors until the division is legal
        for _ in range(200):
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
            click(page, rng.choice(enabled))
            return True
    return False


_AMOUNT = re.compile(r"(?:Pizza card|Order for) (\d+(?:/\d+)?)")


def _amount(label: str) -> Fraction | None:
    match = _AMOUNT.match(label)
    return Fraction(match.group(1)) if match else None


def find_easy_trick(
    hand: list[Fraction | None],
    table: list[Fraction | None],
    ok: Callable[[list[int], list[int]], bool] = lambda hs, ts: True,
) -> tuple[list[int], list[int]] | None:
    """What a player does in their head at the easy level: one card on one
    side, two or more on the other, equal amounts (RULES-NOTES 3.2); ``ok``:
    what else the pick must meet (the toppings, at standard)."""
    def subsets(values: list[Fraction | None], size: int):
        return itertools.chain.from_iterable(
            itertools.combinations([i for i, v in enumerate(values) if v is not None], k) for k in range(size, len(values) + 1)
        )

    for i, one in enumerate(hand):
        if one is None:
            continue
        for group in subsets(table, 2):
            if sum((table[j] for j in group), Fraction(0)) == one and ok([i], list(group)):
                return [i], list(group)
    for j, one in enumerate(table):
        if one is None:
            continue
        for group in subsets(hand, 2):
            if sum((hand[i] for i in group), Fraction(0)) == one and ok(list(group), [j]):
                return list(group), [j]
    return None


def _toppings_fit(hand: list[str], table: list[str]) -> bool:
    """Standard and Advanced: every pizza carries every topping the orders ask for (the card labels say them)."""
    def tops(label: str) -> set[str]:
        said = label.partition(" with ")[2]
        return set(re.split(r", | and ", said)) if said else set()

    wanted = set().union(*(tops(x) for x in hand if x.startswith("Order for")))
    return all(wanted <= tops(x) for x in table)


#: The table's and the hand's card labels (the picture's aria-label), read at once.
CARD_LABELS = """() => [...document.querySelectorAll('.sp-hand .sp-row')].slice(0, 2).map((row) =>
    [...row.querySelectorAll('.sp-pick')].map((card) => card.querySelector('svg')?.getAttribute('aria-label') ?? ''))"""


def splittissimo_turn(
    page: Any, rng: random.Random, *, ask_hint: bool = True, on_hint: Callable[[], None] | None = None
) -> bool:
    """Ask for a hint and take the trick it shows; without a hint, add the
    fractions up like a player would; else end the turn or pass.

    ``on_hint`` is called when the hub's advice has appeared on the phone.
    """
    hand = page.locator(".sp-hand")
    cancel = hand.get_by_role("button", name="Play Cancelled Order!")
    if cancel.count() and cancel.is_enabled():
        cancel.click()
        return True
    take = hand.get_by_role("button", name="Take this trick")
    if take.count():
        if ask_hint and _take_the_hinted_trick(page, hand, take, on_hint):
            return True
        rows = hand.locator(".sp-row")
        table_cards = rows.nth(0).locator(".sp-pick")
        hand_cards = rows.nth(1).locator(".sp-pick")
        # every card's label in one look (never a wait for one card's picture that a re-render took away)
        table_labels, hand_labels = [*page.evaluate(CARD_LABELS), [], []][:2]
        found = find_easy_trick(
            [_amount(x) for x in hand_labels],
            [_amount(x) for x in table_labels],
            lambda hs, ts: _toppings_fit([hand_labels[i] for i in hs], [table_labels[j] for j in ts]),
        )
        if found:
            for i in found[0]:
                hand_cards.nth(i).click()
            for j in found[1]:
                table_cards.nth(j).click()
            # Any pick may be sent (issue 25): the hub judges it, and the phone says why when it is no trick.
            shown = version(page)
            page.evaluate("() => document.querySelectorAll('.sp-refused').forEach((e) => (e.dataset.old = '1'))")
            take.click()
            page.wait_for_function(f"v => document.querySelector('.sp-refused:not([data-old])') !== null || ({NEWER})(v)", arg=shown)
            if not page.locator(".sp-refused:not([data-old])").count():
                return True
            while hand.locator(".sp-pick.on").count():
                hand.locator(".sp-pick.on").first.click()
    for name in ("End my turn", "No trick: draw and pass", "Stuck? Draw and pass", "Play Special Order"):
        button = hand.get_by_role("button", name=name)
        if button.count() and button.first.is_enabled():
            button.first.click()
            return True
    # Nothing to end or pass with: a party room refuses a pass beside a trick, and this helper's own search only
    # finds the easy kinds. The hub's hint names the trick it sees (CI once waited out a whole game here).
    if take.count() and not ask_hint:
        return _take_the_hinted_trick(page, hand, take, on_hint)
    return False


def _take_the_hinted_trick(page: Any, hand: Any, take: Any, on_hint: Callable[[], None] | None) -> bool:
    """Ask for a hint and take the trick it lights up; False (the picks undone) when there is none to take."""
    hint = hand.get_by_role("button", name="Show me a hint")
    if not (hint.count() and hint.is_enabled()):
        return False
    hint.click()
    page.wait_for_function("() => document.querySelector('.sp-advice') !== null", timeout=10000)
    if on_hint is not None:
        on_hint()
    for card in hand.locator(".sp-pick.glow").all():
        card.click()
    if take.is_enabled():
        take.click()
        return True
    while hand.locator(".sp-pick.on").count():
        hand.locator(".sp-pick.on").first.click()
    return False
