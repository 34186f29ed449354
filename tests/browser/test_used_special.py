"""A New York Slice special card already played stays readable: greyed and struck through, never see-through.

A bots-only table on the TV once failed the accessibility check when a bot
had played its special: the used card was drawn at 45 % opacity, and its
name fell below 4.5:1 contrast.  Which special a bot plays, and when, depends
on timing, so this test does not wait for one: it puts the markup that
``SpecialCard`` renders (web-client/src/games/new_york_slice/Slice.tsx, small
on the TV's table, full size in a phone's hand) inside ``.used`` as the table
and the hand wrap it, on the TV page as the hub serves it (its stylesheet),
and checks it with axe and by its computed style.
"""

from __future__ import annotations

import pytest

from tests.browser import driver as d

pytestmark = pytest.mark.browser

#: What Table.tsx and Hand.tsx render for held specials, one used and one not, small and full size.
HELD = """() => {
  const card = (small, name) => `<span class="special-card ${small ? 'special-small' : ''}" role="img" aria-label="Special: ${name}">`
    + `<span class="special-star" aria-hidden="true">★</span><span class="special-name">${name}</span>`
    + (small ? '' : '<span class="special-text">Take two slices this turn.</span>') + '</span>';
  const held = document.createElement('div');
  held.className = 'nys-held';
  held.id = 'probe';
  held.innerHTML = `<span class="used">${card(true, 'Double')}</span><span class="used">${card(false, 'Swap')}</span>`
    + `<span>${card(true, 'Fresh')}</span>`;
  document.querySelector('main, #app, body').prepend(held);
}"""


def test_a_used_special_card_is_readable_and_marked_by_more_than_colour(browser, server, artifacts):
    tv = d.open_tv(browser, server.url)
    tv.evaluate(HELD)
    d.assert_accessible(tv, "the TV with a used special card")
    used = tv.locator("#probe .used .special-name").first
    assert "line-through" in used.evaluate("e => getComputedStyle(e).textDecorationLine")
    assert used.evaluate("e => getComputedStyle(e.closest('.special-card')).opacity") == "1"
    fresh = tv.locator("#probe > span:not(.used) .special-name")
    assert "line-through" not in fresh.evaluate("e => getComputedStyle(e).textDecorationLine")
    d.shot(tv, artifacts, "tv-used-special")
