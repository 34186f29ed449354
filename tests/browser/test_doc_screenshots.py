"""The screenshots of docs/screenshots/tv/ (issue 27 done means): every party screen, both TV sizes, both languages.

Not collected unless ``PIZZANIGHT_DOC_SHOTS=1`` (tests/browser/conftest.py deselects them: a skip
would fail a CI run, which allows none): the files are committed, so they are written only when asked
(``PIZZANIGHT_DOC_SHOTS=1 .venv/bin/python -m pytest tests/browser/test_doc_screenshots.py``), as
compressed JPEGs under a size budget.

Each screen is taken with its game's largest player count: the TV lobby with
six players and New York Slice's options (the TV hosting, so every control
shows); each game in play on the TV at its reveal (Pizza Theory's skewers, New
York Slice's ring cut into portions while a spectator's vote is open,
Splittissimo's trick); each game's Game over panel beside the final table;
the host phone's menu and each game's hand on a seated phone, at 390x844; the
watch page in play with the audience vote open; the replay viewer at a Pizza
Theory game's end.  TV screens at 1280x720 and 1920x1080, in English and
Spanish (the page's own language switch; the replay viewer follows the
browser's language).  A TV screen is kept at 960x540 pixels (the layout of
its size, drawn smaller): 30 of them at full size would be several times the
2.2 MB the whole set may weigh.

What fit.js finds wrong on each shot is printed and written to
test-artifacts/browser/<test>/findings.json (for a person to look at with the
picture): this test takes pictures, test_fit.py is the one that judges.
"""

from __future__ import annotations

import base64
import json
import os

import pytest

from tests.browser import driver as d
from tests.browser import play
from tests.browser.conftest import ROOT
from tests.browser.test_fit import FIT, GAMES, PASSING, PHONE, SETTLE, TV_REVEAL, TV_SIZES, _bots_to, _kind, _speak
from tests.browser.test_replay_admin import _finished

pytestmark = [
    pytest.mark.browser,
]

DOCS = ROOT / "docs" / "screenshots" / "tv"
LANGS = ("en", "es")
#: Small enough to commit dozens (issue budget: each under 80 KB), still sharp enough to read every label.
QUALITY = int(os.environ.get("PIZZANIGHT_DOC_QUALITY", "50"))
MAX_BYTES = 80_000
BUDGET = 2_200_000
SIZES = tuple(sorted(TV_SIZES, key=lambda s: s["width"]))
#: The kind of phone screen kept per game (test_fit's PHONE_KINDS names them).
PHONE_SHOTS = {"Pizza Theory": {"cut"}, "New York Slice": {"choose"}, "Splittissimo": {"hand"}}
#: The games whose Game over is kept: every game's (each is also measured by test_fit).
GAME_OVER_SHOTS = {"Pizza Theory", "New York Slice", "Splittissimo"}
#: Each TV size's picture is drawn at 960x540 (its layout as it is; the budget allows dozens of pictures).
SCALE = {1280: 0.75, 1920: 0.5}
#: A PNG drawn at ``scale`` on a canvas (smoothed), handed back as a JPEG (base64).
SHRINK = """async ({png, scale, quality}) => {
    const image = new Image();
    image.src = 'data:image/png;base64,' + png;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(image.width * scale);
    canvas.height = Math.round(image.height * scale);
    const pen = canvas.getContext('2d');
    pen.imageSmoothingQuality = 'high';
    pen.drawImage(image, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/jpeg', quality).split(',')[1];
}"""
TV_OPEN = ".vote-panel-tv .vote-card[data-status='open']"
WATCH_OPEN = ".vote-panel-watch .vote-card[data-status='open']"


def _slug(game: str) -> str:
    return game.lower().replace(" ", "-")


class Camera:
    """Takes each screenshot (settled, at a size, in a language) and keeps what fit.js says about it."""

    def __init__(self, browser, artifacts) -> None:
        self.browser = browser
        self.artifacts = artifacts
        self.studio = None
        self.findings: dict[str, list[str]] = {}
        self.heavy: list[str] = []
        DOCS.mkdir(parents=True, exist_ok=True)

    def take(self, page, name: str, size: dict, lang: str, *, speak: bool = True) -> None:
        if speak:
            _speak(page, lang)
        page.set_viewport_size(size)
        page.evaluate(SETTLE)
        found = page.evaluate(FIT, {"ignore": PASSING, "within": None})
        path = DOCS / f"{name}-{size['width']}x{size['height']}-{lang}.jpg"
        picture = page.screenshot(type="png", scale="css")
        path.write_bytes(self._jpeg(picture, SCALE.get(size["width"], 1.0)))
        if found:
            self.findings[path.name] = found
            print(f"FIT {path.name}:", json.dumps(found[:6], ensure_ascii=False))
        if path.stat().st_size >= MAX_BYTES:
            self.heavy.append(f"{path.name}: {path.stat().st_size} bytes")

    def _jpeg(self, png: bytes, scale: float) -> bytes:
        """The screenshot drawn smaller (a TV's whole screen at 960x540 reads well and weighs a third), as JPEG."""
        if self.studio is None:
            self.studio = self.browser.new_context().new_page()
        data = self.studio.evaluate(SHRINK, {"png": base64.b64encode(png).decode(), "scale": scale, "quality": QUALITY / 100})
        return base64.b64decode(data)

    def each(self, page, name: str, sizes=SIZES, back: dict | None = None) -> None:
        """Both languages at each size; then English again (the play helpers read English), at ``back``'s size."""
        for lang in LANGS:
            for size in sizes:
                self.take(page, name, size, lang)
        _speak(page, "en")
        if back:
            page.set_viewport_size(back)

    def save(self) -> None:
        (self.artifacts / "findings.json").write_text(json.dumps(self.findings, indent=1, ensure_ascii=False))
        assert not self.heavy, f"over {MAX_BYTES} bytes: {self.heavy}"
        total = sum(path.stat().st_size for path in DOCS.glob("*.jpg"))
        assert total < BUDGET, f"docs/screenshots/tv/ weighs {total} bytes (a picture no test writes any more?)"


def test_doc_shots_of_the_tv_lobby_with_six_players(browser, server, artifacts):
    camera = Camera(browser, artifacts)
    tv = d.open_tv(browser, server.url)
    d.choose_game(tv, "New York Slice")
    _bots_to(tv, 6)
    camera.each(tv, "lobby-new-york-slice")
    camera.save()


def _short_options(tv, game: str) -> None:
    """Options that keep the game short: two rounds of Pizza Theory, Splittissimo's easy level."""
    if game == "Pizza Theory":
        field = tv.get_by_label("Round limit")
        field.fill("2")
        d.answered(tv, lambda: field.dispatch_event("change"))
    if game == "Splittissimo":
        easy = tv.get_by_role("radio", name="easy")
        if not easy.is_checked():
            d.answered(tv, easy.check)


def _vote_once(watch, tv) -> bool:
    """A spectator guesses the first option of the open vote, if one opens; the TV shows the count."""
    try:
        watch.locator(WATCH_OPEN).wait_for(timeout=8000)
    except play.PlaywrightTimeout:
        return False
    watch.locator(f"{WATCH_OPEN} .vote-option").first.click()
    tv.wait_for_function("s => document.querySelector(s + ' .vote-total')?.textContent?.startsWith('1')", arg=TV_OPEN)
    return True


@pytest.mark.parametrize("game", list(GAMES))
def test_doc_shots_of_each_game_in_play_and_at_its_end(browser, server, artifacts, game):
    # A phone with a long name hosts; bots fill the game's largest table; a spectator watches
    camera = Camera(browser, artifacts)
    slug = _slug(game)
    tv = d.open_tv(browser, server.url)
    code = d.room_code(tv)
    phone = d.open_phone(browser, server.url, code, "Maximiliano Ruiz")
    phone.set_viewport_size(PHONE)
    d.choose_game(tv, game)
    _short_options(tv, game)
    _bots_to(tv, GAMES[game])
    watch = d.open_watch(browser, server.url, code)
    d.start(tv)
    taken: set[str] = set()

    def menu() -> None:
        # the host phone's menu, its players' tab (once: the same menu for every game)
        for lang in LANGS:
            _speak(phone, lang)
            phone.locator(".host-menu-btn").first.click()
            phone.locator(".host-menu").wait_for()
            phone.locator("#host-tab-people").click()
            phone.locator("#host-panel-people").wait_for()
            camera.take(phone, "phone-host-menu", PHONE, lang, speak=False)
            phone.keyboard.press("Escape")
            phone.locator(".host-menu").wait_for(state="detached")
        _speak(phone, "en")

    def each_turn() -> None:
        kind = _kind(phone, game)
        if game == "New York Slice" and "menu" not in taken:
            taken.add("menu")
            menu()
        # New York Slice: the phone chooses a portion, the audience is asked which; the TV shows the ring cut
        if game == "New York Slice" and kind == "choose" and "watch" not in taken:
            taken.add("watch")
            if _vote_once(watch, tv):
                taken.add("vote")
            camera.each(watch, "watch-play-new-york-slice")
            camera.each(tv, "tv-play-new-york-slice")
            taken.add("tv")
        if kind in PHONE_SHOTS[game] and kind not in taken:
            taken.add(kind)
            camera.each(phone, f"phone-{slug}-{kind}", sizes=(PHONE,), back=PHONE)
        if "tv" not in taken and game == "Splittissimo":
            # the phone's own trick (the hint shows one) is on the TV until its turn ends
            try:
                tv.locator(TV_REVEAL[game]).wait_for(timeout=1500)
            except play.PlaywrightTimeout:
                pass
        if "tv" not in taken and game != "New York Slice" and tv.locator(TV_REVEAL[game]).count():
            taken.add("tv")
            camera.each(tv, f"tv-play-{slug}")

    turn = {"Pizza Theory": play.pizza_theory_turn, "New York Slice": play.new_york_slice_turn}.get(
        game, play.splittissimo_turn
    )
    play.play_until_over(phone, turn, before_turn=each_turn, timeout=600)
    # The Game over panel beside the final table, once the winner's big moment has cleared
    if game in GAME_OVER_SHOTS:
        tv.locator(".end-panel").wait_for(timeout=120_000)
        if tv.locator(".moment-winner").count():
            tv.locator(".moment-winner").wait_for(state="detached", timeout=30_000)
        camera.each(tv, f"tv-game-over-{slug}")
    camera.save()
    assert PHONE_SHOTS[game] <= taken, f"the phone never showed {PHONE_SHOTS[game] - taken}"
    assert "tv" in taken, f"the TV never showed {TV_REVEAL[game]} on the phone's turn"
    if game == "New York Slice":
        assert "vote" in taken, "no audience vote opened while the phone chose a portion"


def test_doc_shots_of_the_replay_viewer(browser, server, artifacts, tmp_path):
    camera = Camera(browser, artifacts)
    finished = _finished(server.url, tmp_path, "pizza_theory", {"max_rounds": 2})
    total = len(finished["doc"]["records"])
    for lang in LANGS:
        # the viewer follows the browser's language (it has no switch of its own)
        page = browser.new_context(viewport=SIZES[0], locale="es-ES" if lang == "es" else "en-US").new_page()
        page.goto(f"{server.url}/replay")
        page.locator("input[type=file]").set_input_files(str(finished["file"]))
        page.locator(".replay-controls").wait_for()
        page.locator("input[type=range]").first.fill(str(total - 1))
        page.wait_for_function(f"() => document.querySelector('.replay-stage')?.dataset.step === '{total}'")
        page.locator(".end-panel").wait_for()
        for size in SIZES:
            camera.take(page, "replay-pizza-theory-end", size, lang, speak=False)
        page.context.close()
    camera.save()
