"""Every screen fits its window (issue 27): measured in Chromium, not guessed.

A TV has no scroll bar anyone can reach, and a phone's inner scroll box hides
what a child is looking for.  Each screen below is opened at each size and in
English and Spanish with the largest player count its game takes, and
``fit.js`` (run in the page) lists what a person would see go wrong: a page
that scrolls, a box that scrolls inside it, clipped text, text outside the
window, text hidden under another element (the reaction bar, the tally) and
labels drawn over each other.  A screen with any of them fails, naming it.

Covered: the TV lobby with six players and each game chosen (its options
shown, the TV hosting, so every control is there), with a spectator's
reaction tally on it; the watch page's lobby with its reaction bar; each game
in play on the TV with its largest table; the host phone's menu (both tabs)
at 390x844 and 360x740 during a game (the menu alone: the game screen under it is not
judged); the TV's host menu (both tabs) during a six-player game and after it;
each game's Game over screen with its most players, the final table beside
the panel, and the winner's big moment showing and clearing (still, for a TV
that asks for reduced motion).  axe's target-size runs on each screen at its
smallest size.  Screenshots go to test-artifacts/browser/<test name>/.

Also covered: each game on the phones (390x844 and 360x740, en and es) with
its most players: every kind of screen the seated phone is given (Pizza
Theory's topping and cut, New York Slice's slicing, portion choice and
plate, Splittissimo's hand), the TV at a reveal, the phone of a player who
joined late (the table until the next game), the watch page in play and at
the end at all four sizes, and each phone's result.  (A screen that did not
fit yet could be listed in KNOWN_MISFITS, measured and printed, not failed;
none is.)  Pizza Theory's topping screen scrolls down on a short phone on
purpose (READ_DOWN: its board keeps spaces a finger can tap) and is measured
as tall as it is.  New York Slice's rarer phone decisions are measured by
test_fit_rare.py, which shows the phone a state made by the game's rules.

Not covered here: the class pages (their own tests), the replay viewer, the
phones' lobby and join screens.
"""

from __future__ import annotations

import json
from fnmatch import fnmatch
from pathlib import Path

import pytest

from tests.browser import driver as d
from tests.browser import play

pytestmark = pytest.mark.browser

FIT = (Path(__file__).parent / "fit.js").read_text()
TV_SIZES = ({"width": 1920, "height": 1080}, {"width": 1280, "height": 720})
PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 740}
LANGS = ("en", "es")
GAMES = {"New York Slice": 6, "Pizza Theory": 3, "Splittissimo": 5}

#: Every animation that ends run to its end (pulses go on; again on each frame), then frames until the layout holds still for
#: three in a row (a resize refits the TV, and a board that measures itself lays out once more): the
#: screen once it has settled.
SETTLE = """() => {
    // (each frame: a resize may draw a card afresh, in a new place, starting its entrance again)
    const finish = () => document.getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity).forEach((a) => a.finish());
    finish();
    const shape = () => [document.documentElement.scrollHeight, document.documentElement.scrollWidth,
        ...[...document.querySelectorAll('main, main > *')].map((e) => e.getBoundingClientRect().height)].join(',');
    return new Promise((done) => {
        let last = '', still = 0, frames = 0;
        const look = () => {
            finish();
            const now = shape();
            still = now === last ? still + 1 : 0;
            last = now;
            if (still >= 3 || ++frames > 120) done(); else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
    });
}"""

#: What comes and goes on its own is measured where it matters, not under every other screen:
#: the big announcements (they clear after a few seconds) and floating reactions.
PASSING = [".moment", ".reaction-float", ".toast:empty"]


def _speak(page, lang: str) -> None:
    """Press the page's language switch until it speaks ``lang``."""
    if page.evaluate("() => document.documentElement.lang") != lang:
        page.locator(f".lang-switch[data-lang={lang}]").first.click()
        page.wait_for_function("l => document.documentElement.lang === l", arg=lang)


def _measure(page, size: dict, lang: str, ignore: list[str] | None = None, within: str | None = None) -> list[str]:
    _speak(page, lang)
    page.set_viewport_size(size)
    page.evaluate(SETTLE)
    return page.evaluate(FIT, {"ignore": PASSING + (ignore or []), "within": within})


class Findings:
    """Problems per screen, gathered so one run names every screen that does not fit."""

    def __init__(self, artifacts: Path) -> None:
        self.artifacts = artifacts
        self.bad: dict[str, list[str]] = {}
        self.screens: list[str] = []

    def check(
        self,
        page,
        where: str,
        size: dict,
        lang: str,
        *,
        shot: bool = True,
        ignore: list[str] | None = None,
        within: str | None = None,
    ) -> None:
        name = f"{where}-{size['width']}x{size['height']}.{lang}"
        self.screens.append(name)
        found = _measure(page, size, lang, ignore, within)
        if shot:
            page.screenshot(path=str(self.artifacts / f"{name}.png"))
        if size["width"] <= 1280:
            # axe's target-size on the smallest size of each screen, where targets are smallest
            try:
                d.assert_targets_big_enough(page, name)
            except AssertionError as small:
                found = [*found, str(small)]
        if found:
            self.bad[name] = found

    def assert_none(self) -> None:
        print(f"{len(self.screens)} screens measured:", ", ".join(self.screens))
        known = {name: found for name, found in self.bad.items() if _known_misfit(name)}
        for name, found in known.items():
            print(f"KNOWN MISFIT {name} ({_known_misfit(name)}):", json.dumps(found[:5], ensure_ascii=False))
        bad = {name: found for name, found in self.bad.items() if name not in known}
        assert not bad, "screens that do not fit:\n" + json.dumps(bad, indent=1, ensure_ascii=False)


#: Screens measured that do not fit yet, by the start of their name, with what is left to do (issue 27).
#: They are measured and printed ("KNOWN MISFIT"), not failed; take a line out once its screens fit.
#: None is left: New York Slice's rarer phone decisions (Dibs!, Sneak-a-Slice), which a game played here
#: seldom reaches, are measured on purpose by test_fit_rare.py.
KNOWN_MISFITS: dict[str, str] = {}


def _known_misfit(name: str) -> str | None:
    return next((why for start, why in KNOWN_MISFITS.items() if fnmatch(name, start + "*")), None)


def _bots_to(tv, count: int) -> None:
    for n in range(tv.locator(".player-list li").count() + 1, count + 1):
        d.add_bot(tv, n)


#: Names as long as a name may be (16 characters, server/lobby.py), in the letters people use: the
#: widest Latin letter, Cyrillic, emoji, a hyphenated name.
LONG_NAMES = ("WWWWWWWWWWWWWWWW", "Анастасия Петров", "🍕Pizza Queen👑", "Bartholomew-Jane", "Dragon🐉🐉🐉 Fly!")


def _long_names_then_bots(browser, url: str, tv, count: int) -> None:
    """People with long names join from phones and put them away, then bots fill the room to ``count``.

    Their phones gone (on a hub with short grace periods), the TV hosts again and, once the game
    runs, a bot plays each of them: every screen shows long names with their "bot playing" tags.
    """
    code = d.room_code(tv)
    phones = [d.open_phone(browser, url, code, name) for name in LONG_NAMES[: max(1, count - 1)]]
    for phone in phones:
        phone.context.close()
    tv.get_by_text("The TV hosts this room").wait_for()
    _bots_to(tv, count)


def test_the_tv_lobby_fits_with_six_players_and_every_game(browser, server, artifacts):
    # Given a TV that hosts a room of six (bots, so the TV keeps every control: remove, lock, end)
    found = Findings(artifacts)
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    d.choose_game(tv, "New York Slice")
    _bots_to(tv, 6)
    # and a spectator who has sent a reaction, so the TV shows its tally
    watch = d.open_watch(browser, server.url, code)
    watch.locator(".reaction-btn").first.click()
    tv.locator(".reaction-tally").wait_for()
    # When each game is chosen, at each TV size, in each language
    for game in GAMES:
        d.choose_game(tv, game)
        slug = game.lower().replace(" ", "-")
        for lang in LANGS:
            for size in TV_SIZES:
                found.check(tv, f"tv-lobby-{slug}", size, lang)
    # and once a person with a long name joins from a phone (seven: someone sits out; the phone hosts now)
    d.open_phone(browser, server.url, code, "Maximiliano Ruiz")
    tv.wait_for_function("() => document.querySelectorAll('.player-list li').length === 7")
    for game in ("Pizza Theory", "New York Slice"):
        d.choose_game(tv, game)
        for lang in LANGS:
            found.check(tv, f"tv-lobby-seven-{game.lower().replace(' ', '-')}", TV_SIZES[1], lang)
    # the spectator's lobby with its reaction bar, at the small TV size
    for lang in LANGS:
        found.check(watch, "watch-lobby", TV_SIZES[1], lang)
    # Then nothing scrolls, clips, leaves the window or hides under the tally or the bar
    found.assert_none()


def _tabs(page, found: Findings, where: str, sizes, langs) -> None:
    """The host menu's two tabs, each measured, in each language (the language is chosen with the menu closed)."""
    for lang in langs:
        _speak(page, lang)
        page.locator(".host-menu-btn").first.click()
        menu = page.locator(".host-menu")
        menu.wait_for()
        for tab in ("people", "room"):
            page.locator(f"#host-tab-{tab}").click()
            page.locator(f"#host-panel-{tab}").wait_for()
            for size in sizes:
                # the menu itself (the screen under it is another screen's business)
                found.check(page, f"{where}-{tab}", size, lang, within=".dialog-backdrop")
        page.keyboard.press("Escape")
        menu.wait_for(state="detached")


@pytest.mark.parametrize("game", list(GAMES))
def test_the_game_over_screen_and_the_tv_menu_fit_with_the_most_players(browser, quick, artifacts, game, tmp_path):
    # Given a TV that hosts a game (its most players) played to its end by bots: a bot plays for each of
    # the people with long names who joined and put their phones away, and a bot fills the last seat
    # (the hub's grace periods are short, so "gone for a while" is seconds)
    server = quick
    found = Findings(artifacts)
    # (one TV asks for reduced motion: its big moments appear without moving)
    calm = game == "Pizza Theory"
    tv = d.open_tv(browser, server.url, reduced_motion=calm)
    _long_names_then_bots(browser, server.url, tv, GAMES[game])
    d.choose_game(tv, game)
    d.start(tv)
    slug = game.lower().replace(" ", "-")
    # When the TV's host menu opens during the game (once: the same menu for every game), and once the game is over
    if game == "New York Slice":
        _tabs(tv, found, "tv-menu-in-game", TV_SIZES, LANGS)
    tv.locator(".end-panel").wait_for(timeout=180_000)
    # the winner is said large for a moment, then the moment clears by itself and the table shows
    moment = tv.locator(".moment-winner")
    moment.wait_for()
    assert moment.inner_text() == tv.locator(".end-headline").inner_text()
    animation = moment.evaluate("e => getComputedStyle(e).animationName")
    assert (animation == "none") if calm else (animation != "none"), animation
    tv.screenshot(path=str(artifacts / f"tv-moment-winner-{slug}.png"))
    moment.wait_for(state="detached")
    # (the end panel names the people with their tags: long names, "bot playing")
    assert tv.locator(".end-panel .chip-standin").count() == GAMES[game] - 1
    for lang in LANGS:
        for size in TV_SIZES:
            found.check(tv, f"tv-game-over-{slug}", size, lang)
            # every name and every score is in the panel, every column of the final table in the window
            assert not tv.evaluate(INSIDE), (game, size, lang, tv.evaluate(INSIDE))
            # the final table stays in sight beside the panel: the panel covers none of the table's text
            assert tv.evaluate(BESIDE), (game, size, lang, "the Game over panel covers the table")
    if game == "New York Slice":
        _tabs(tv, found, "tv-menu-game-over", TV_SIZES, LANGS)
        # and the replay viewer with this game's replay (six players), downloaded from the host menu: at a step in
        # the middle of the game and at its end
        _replay(browser, server.url, tv, found, tmp_path)
    # Then each fits its window
    found.assert_none()


def _replay(browser, url: str, tv, found: Findings, folder: Path) -> None:
    _speak(tv, "en")
    tv.get_by_role("button", name="Host").click()
    tv.get_by_role("tab", name="Room").click()
    with tv.expect_download() as download:
        tv.get_by_role("button", name="Download replay").click()
    target = folder / download.value.suggested_filename
    download.value.save_as(target)
    tv.keyboard.press("Escape")
    page = browser.new_context(viewport=TV_SIZES[0]).new_page()
    page.goto(f"{url}/replay")
    page.locator("input[type=file]").set_input_files(str(target))
    page.locator(".replay-controls").wait_for()
    total = int(page.locator(".replay-stage").get_attribute("data-step") or 0)
    position = page.locator(".replay-scrubber")
    last = int(position.get_attribute("max") or 0)
    for where, step in (("middle", last // 2), ("end", last)):
        position.fill(str(step))
        page.wait_for_function("s => document.querySelector('.replay-stage').dataset.step === String(s + 1)", arg=step)
        for lang in LANGS:
            for size in TV_SIZES:
                found.check(page, f"replay-{where}", size, lang)
    assert total >= 1


#: What of the Game over panel's rows and the final table's cells lies outside the panel or the window.
INSIDE = """() => {
    const panel = document.querySelector('.end-panel').getBoundingClientRect();
    const out = [];
    for (const e of document.querySelectorAll('.end-panel .scores td, .end-panel .scores th, .end-panel .chip-tag')) {
        const r = e.getBoundingClientRect();
        if (r.left < panel.left - 1 || r.right > panel.right + 1) out.push(`${e.textContent.trim()} leaves the panel`);
    }
    for (const e of document.querySelectorAll('.tv-final-table td, .tv-final-table th')) {
        const r = e.getBoundingClientRect();
        if (r.width > 0 && (r.left < -1 || r.right > window.innerWidth + 1 || r.right > panel.left + 1))
            out.push(`${e.textContent.trim()} of the final table is out of sight`);
    }
    return out;
}"""


#: Whether the Game over panel leaves the table's text visible: no table text under the panel.
BESIDE = """() => {
    const panel = document.querySelector('.end-panel').getBoundingClientRect();
    const table = [...document.querySelectorAll('.tv-game *')].filter((e) => !e.closest('.end-panel') && !e.closest('.tv-header')
        && [...e.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim()));
    return table.every((e) => {
        const r = e.getBoundingClientRect();
        return r.width === 0 || r.right <= panel.left || r.left >= panel.right || r.bottom <= panel.top || r.top >= panel.bottom;
    });
}"""


@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_in_play_fits_the_tv_and_the_host_phone_menu(browser, server, artifacts, game):
    # Given a game with its most players: a phone (who hosts) and bots
    found = Findings(artifacts)
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    phone = d.open_phone(browser, server.url, code, "Maximiliano Ruiz")
    phone.set_viewport_size(PHONE)
    d.choose_game(tv, game)
    _bots_to(tv, GAMES[game])
    d.start(tv)
    # When the game waits on the phone's player
    phone.locator(".prompt-mine").wait_for(timeout=60_000)
    for lang in LANGS:
        for size in TV_SIZES:
            found.check(tv, f"tv-play-{game.lower().replace(' ', '-')}", size, lang)
    # and the host phone opens its menu (once: the same menu for every game)
    if game == "New York Slice":
        _tabs(phone, found, "phone-menu", [PHONE, SMALL_PHONE], LANGS)
    # Then each fits its window
    found.assert_none()


#: The kinds of screen a seated phone shows in each game, told apart by what is on it (first match wins).
PHONE_KINDS = {
    "Pizza Theory": [(".pt-hand .die-row", "cut"), (".pt-hand .pizza .tap", "add"), (".pt-hand", "other")],
    "New York Slice": [
        (".nys-slicer", "slice"),
        (".nys-choose", "choose"),
        (".nys-plate", "plate"),
        (".nys-hand", "other"),
    ],
    "Splittissimo": [(".sp-hand", "hand")],
}
#: The kinds each game must have shown the phone before the test lets the phone's seat go to a bot.
PHONE_NEEDS = {"Pizza Theory": {"add", "cut"}, "New York Slice": {"slice", "choose", "plate"}, "Splittissimo": {"hand"}}
#: Phone screens that scroll down on purpose: Pizza Theory's board, while a topping is placed, keeps spaces a
#: finger can tap (the phone's whole width, whatever its height: the a11y audit found 11 px spaces on a short
#: phone), so on a short phone the page scrolls; the hint and the confirm stay in sight at the screen's bottom.
READ_DOWN = {("Pizza Theory", "add")}
#: What the TV shows at a game's reveal: the skewers, the Slicer's portions, a trick.
TV_REVEAL = {"Pizza Theory": ".pizza .skewer", "New York Slice": ".nys-portion", "Splittissimo": ".sp-trick"}
PHONES = (PHONE, SMALL_PHONE)
ALL_SIZES = (*TV_SIZES, *PHONES)


def _kind(page, game: str) -> str | None:
    for selector, kind in PHONE_KINDS[game]:
        if page.locator(selector).count():
            return kind
    return None


def _back_to_english(page, size: dict) -> None:
    """The play helpers read English buttons at the phone's own size."""
    _speak(page, "en")
    page.set_viewport_size(size)


@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_fits_the_phones_the_watch_page_and_a_late_phone(browser, server, artifacts, game):
    # Given a game with its most players: a phone with a long name (it hosts) and bots, a spectator, and
    # (once the game runs) a phone that joined late and watches the table until the next game
    found = Findings(artifacts)
    slug = game.lower().replace(" ", "-")
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    phone = d.open_phone(browser, server.url, code, "Maximiliano Ruiz")
    d.choose_game(tv, game)
    # (options that keep the game short: one round of Pizza Theory, Splittissimo's easy level with its full
    # deck, so the phone's turn comes before the end)
    if game == "Pizza Theory":
        field = tv.get_by_label("Round limit")
        field.fill("1")
        d.answered(tv, lambda: field.dispatch_event("change"))
    if game == "Splittissimo":
        easy = tv.get_by_role("radio", name="easy")
        if not easy.is_checked():
            d.answered(tv, easy.check)
    _bots_to(tv, GAMES[game])
    watch = d.open_watch(browser, server.url, code)
    d.start(tv)
    late = d.open_phone(browser, server.url, code, "Guadalupe Ortiz")
    seen: set[str] = set()
    shown = {"late": False, "watch": False, "reveal": False}

    def each_screen() -> None:
        # When the phone shows each kind of screen for the first time: the phone at both sizes, in both languages
        kind = _kind(phone, game)
        if kind and kind not in seen:
            seen.add(kind)
            for lang in LANGS:
                for size in PHONES:
                    if (game, kind) in READ_DOWN:
                        # (a page that scrolls on purpose: measured as tall as it is, so nothing on it is off
                        # screen; what scrolling does not cure, text cut, past the sides, overlapping, still fails)
                        _speak(phone, lang)
                        phone.set_viewport_size(size)
                        phone.evaluate(SETTLE)
                        tall = phone.evaluate("() => document.documentElement.scrollHeight")
                        found.check(phone, f"phone-play-{slug}-{kind}", {"width": size["width"], "height": max(tall, size["height"])}, lang)
                        continue
                    found.check(phone, f"phone-play-{slug}-{kind}", size, lang)
            _back_to_english(phone, PHONE)
        # the late phone's table and the watch page in play (once each; the late phone is sent the table
        # with the room's next change, so it is measured from the phone's second turn on)
        if not shown["late"] and late.locator(".phone-late").count():
            shown["late"] = True
            for lang in LANGS:
                for size in PHONES:
                    found.check(late, f"phone-late-{slug}", size, lang)
        if not shown["watch"]:
            shown["watch"] = True
            for lang in LANGS:
                for size in ALL_SIZES:
                    found.check(watch, f"watch-play-{slug}", size, lang)
            _speak(watch, "en")
        # the TV at a reveal (once)
        if not shown["reveal"] and tv.locator(TV_REVEAL[game]).count():
            shown["reveal"] = True
            for lang in LANGS:
                for size in TV_SIZES:
                    found.check(tv, f"tv-reveal-{slug}", size, lang)
            _speak(tv, "en")

    turn = {"Pizza Theory": play.pizza_theory_turn, "New York Slice": play.new_york_slice_turn}.get(
        game, lambda page, rng: play.splittissimo_turn(page, rng, ask_hint=False)
    )
    play.play_until_over(phone, turn, before_turn=each_screen, timeout=420)
    # Then at the end: the seated phone's result, the late phone's, the watch page's (each size, each language)
    for lang in LANGS:
        for size in PHONES:
            found.check(phone, f"phone-end-{slug}", size, lang)
            found.check(late, f"phone-late-end-{slug}", size, lang)
        for size in ALL_SIZES:
            found.check(watch, f"watch-end-{slug}", size, lang)
    found.assert_none()
    assert PHONE_NEEDS[game] <= seen, f"the phone never showed {PHONE_NEEDS[game] - seen}"
    assert shown["late"], "the late phone never showed the table"


def test_the_host_phones_lobby_fits_a_phone_with_long_names(browser, server, artifacts):
    # Given a host phone whose player has a long name, and six more people with long names or short ones:
    # seven for New York Slice's six seats, so each chip has "Sit out" (and the host's ✕) beside the name
    found = Findings(artifacts)
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    host = d.open_phone(browser, server.url, code, LONG_NAMES[0])
    for name in (*LONG_NAMES[1:], "Zoë", "Sam"):
        d.open_phone(browser, server.url, code, name)
    host.wait_for_function("() => document.querySelectorAll('.player-list li').length === 7")
    # When the host picks New York Slice and sits one person out
    d.choose_game(host, "New York Slice")
    # (the host phone says "You are the host" once, as its panel's heading, not twice)
    assert host.get_by_text("You are the host", exact=True).count() == 1
    # (and the picker's two sentences each end with a full stop)
    assert host.locator(".picker").get_by_text("At most 6 players (7 now). Choose who sits this one out.").is_visible()
    d.answered(host, lambda: host.get_by_role("button", name="Sit out: Sam watches the next game").click())
    # (and a long name too: the host must still tell who sits out, no-TV audit item 4)
    d.answered(host, lambda: host.get_by_role("button", name="Sit out: Bartholomew-Jane watches the next game").click())
    for lang in LANGS:
        for width in (PHONE["width"], SMALL_PHONE["width"]):
            # (a phone's lobby is a page to read down: measured as tall as it is, so nothing on it is off screen)
            _speak(host, lang)
            host.set_viewport_size({"width": width, "height": 844})
            tall = host.evaluate("() => document.documentElement.scrollHeight")
            found.check(host, "host-phone-lobby", {"width": width, "height": tall}, lang)
            # Then each name is whole (party audit: never "Maximiliano …"), the buttons beside it while they fit,
            # else under it, never over it, all inside the chip and the phone; a player who sits out takes two
            # lines, the whole name on the first, "sits out" and "Let play" under it
            rows = host.evaluate(
                """() => [...document.querySelectorAll('.players-panel .player-list .chip')].map((chip) => {
                    const nameEl = chip.querySelector('.chip-name');
                    const name = nameEl.getBoundingClientRect();
                    const parts = [...chip.querySelectorAll('.btn, .btn-icon, .chip-tag')].map((e) => e.getBoundingClientRect());
                    const chipBox = chip.getBoundingClientRect();
                    return {name: nameEl.textContent, out: chip.textContent.includes('sits out') || chip.textContent.includes('descansa'),
                            whole: nameEl.scrollWidth <= nameEl.clientWidth + 1 && nameEl.scrollHeight <= nameEl.clientHeight + 1,
                            clear: parts.every((r) => r.left >= name.right - 1 || r.top >= name.bottom - 2),
                            under: parts.every((r) => r.top >= name.bottom - 2),
                            inside: chipBox.right <= window.innerWidth
                                && parts.every((r) => r.left >= chipBox.left && r.right <= chipBox.right && r.bottom <= chipBox.bottom)};
                })"""
            )
            assert rows and all(r["inside"] for r in rows), (width, lang, rows)
            assert all(r["whole"] and r["clear"] for r in rows), (width, lang, rows)
            outs = [r for r in rows if r["out"]]
            assert len(outs) == 2 and all(r["whole"] and r["under"] for r in outs), (width, lang, outs)
            assert host.locator(".players-panel .btn", has_text=("Let play" if lang == "en" else "Que juegue")).count() == 2
    _speak(host, "en")
    host.set_viewport_size(PHONE)
    host.locator(".players-panel").scroll_into_view_if_needed()
    host.screenshot(path=str(artifacts / "host-phone-lobby-players-390x844.png"))
    found.assert_none()
