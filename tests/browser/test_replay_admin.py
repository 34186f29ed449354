"""The replay viewer (/replay) and the admin console (/admin) in real Chromium, against ``pizzanight serve``.

A game of each of the three games is played to its end by hub bots over real
websockets (the test client reads states through tests/server/wsclient.py),
its host exports the replay, and the viewer plays it to its last state, which
must be what the TV showed at the end.  Then the operator signs in to /admin,
inspects the room and closes it.  Screenshots go to test-artifacts/browser/.
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.browser import driver as d
from tests.browser.conftest import TV_SIZE, _build_client, start_server, stop_server
from tests.server.wsclient import Peer

pytestmark = pytest.mark.browser

ADMIN_TOKEN = "browser-admin-token-0123456789"


@pytest.fixture(scope="module")
def admin_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """``pizzanight serve`` with the admin console on (the token from the environment)."""
    _build_client()
    before = os.environ.get("PIZZANIGHT_ADMIN_TOKEN")
    os.environ["PIZZANIGHT_ADMIN_TOKEN"] = ADMIN_TOKEN
    try:
        running = start_server(tmp_path_factory.mktemp("pizzanight-admin"))
    finally:
        if before is None:
            os.environ.pop("PIZZANIGHT_ADMIN_TOKEN", None)
        else:
            os.environ["PIZZANIGHT_ADMIN_TOKEN"] = before
    try:
        yield running
    finally:
        stop_server(running)


def _in_thread(coro_fn, *args):
    """Run an asyncio coroutine to completion in its own thread (Playwright's sync API owns this one)."""
    box: dict = {}

    def run() -> None:
        try:
            box["value"] = asyncio.run(coro_fn(*args))
        except BaseException as exc:  # handed back to the test
            box["error"] = exc

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(120)
    if "error" in box:
        raise box["error"]
    return box["value"]


async def _bots_play(url: str, game: str, options: dict) -> dict:
    """A TV and three hub bots play ``game`` to its end; returns the code, token and final TV state."""
    ws = url.replace("http://", "ws://") + "/ws"
    tv = await Peer.open(ws, {"role": "host"})
    assert (await tv.host("select_game", game=game, options=options))["t"] == "ack"
    for _ in range(3):
        assert (await tv.host("add_bot"))["t"] == "ack"
    assert (await tv.host("start"))["t"] == "ack"
    final = await tv.until(lambda s: s["outcome"] is not None, timeout=90)
    await tv.close()
    return {"code": tv.welcome["room"], "token": tv.welcome["token"], "final": final}


def _finished(url: str, folder: Path, game: str, options: dict) -> dict:
    """A game the bots played to its end, with its replay as the host exports it (``file`` and ``doc``)."""
    played = _in_thread(_bots_play, url, game, options)
    request = urllib.request.Request(
        f"{url}/api/rooms/{played['code']}/replay", headers={"Authorization": f"Bearer {played['token']}"}
    )
    with urllib.request.urlopen(request, timeout=10) as reply:
        body = reply.read()
    path = folder / f"{played['code']}.replay.json"
    path.write_bytes(body)
    return dict(played, file=path, doc=json.loads(body))


@pytest.fixture(scope="module")
def finished_game(admin_server, tmp_path_factory) -> dict:
    return _finished(admin_server.url, tmp_path_factory.mktemp("replays"), "pizza_theory", {"max_rounds": 2})


#: The board's settled content: each topping's shape, colour and place, and each skewer's ends
#: (rounded), leaving out what only animates (the class marking a fresh topping, cut previews).
_BOARD = """() => {
  const r = (v) => Math.round(parseFloat(v) * 100);
  const toppings = Array.from(document.querySelectorAll('.pt-board .topping')).map((g) => {
    const shape = g.firstElementChild;
    return [shape.tagName, shape.getAttribute('fill'),
            r(shape.getAttribute('x') ?? shape.getAttribute('cx')), r(shape.getAttribute('y') ?? shape.getAttribute('cy'))].join(':');
  });
  const skewers = Array.from(document.querySelectorAll('.pt-board .skewer-wood')).map((l) =>
    ['x1', 'y1', 'x2', 'y2'].map((a) => r(l.getAttribute(a))).join(','));
  return {toppings: toppings.sort(), skewers: skewers.sort()};
}"""


def _board(page) -> dict:
    board = page.evaluate(_BOARD)
    assert board["toppings"], "a finished game has toppings on the board"
    return board


def _end_panel_in_view(page) -> None:
    """The end panel lies between the viewer's header and its controls, its headline readable."""
    panel = page.locator(".tv-game .end-panel").bounding_box()
    header = page.locator(".replay-bar").bounding_box()
    controls = page.locator(".replay-controls").bounding_box()
    assert panel is not None and header is not None and controls is not None
    assert header["y"] + header["height"] <= panel["y"], (panel, header)
    assert panel["y"] + panel["height"] <= controls["y"], (panel, controls)


def _step(page) -> int:
    return int(page.locator(".replay-stage").get_attribute("data-step"))


def test_a_pizza_theory_replay_plays_to_the_final_tv_view(browser, admin_server, finished_game, artifacts):
    doc, final = finished_game["doc"], finished_game["final"]
    total = len(doc["records"])
    # the file's last TV view is the TV's last state (read through the test client)
    assert doc["records"][-1]["tv"]["game"] == final["game"] and doc["records"][-1]["tv"]["outcome"] == final["outcome"]
    # Given the viewer with the file opened
    page = browser.new_context(viewport=TV_SIZE).new_page()
    page.goto(f"{admin_server.url}/replay")
    d.shot(page, artifacts, "replay-empty")
    page.locator("input[type=file]").set_input_files(str(finished_game["file"]))
    page.locator(".replay-controls").wait_for()
    page.locator(".pt-table").wait_for()
    start = _step(page)
    assert 1 < start < total  # it opens where the game starts, not on the empty lobby
    d.shot(page, artifacts, "replay-start")
    d.assert_accessible(page, "replay viewer")
    # When it plays at 4x to the end
    page.get_by_label("Speed").select_option("4")
    page.get_by_role("button", name="Play", exact=True).click()
    page.wait_for_timeout(1500)
    assert _step(page) > start  # it moves by itself
    page.wait_for_function(f"() => document.querySelector('.replay-stage').dataset.step === '{total}'", timeout=60000)
    page.locator(".end-panel").wait_for()
    page.wait_for_timeout(900)  # let the last animations settle for the screenshot
    d.shot(page, artifacts, "replay-end")
    _end_panel_in_view(page)
    # (a replay's end says nothing about a next game, and names its last step in the viewer's language)
    assert page.locator(".end-next").count() == 0 and page.locator(".authority-line").count() == 0
    assert page.locator(".replay-step").inner_text().endswith("· Game over")
    page.locator(".replay-bar .lang-switch").click()
    page.wait_for_function("() => document.querySelector('.replay-step').textContent.endsWith('· Fin de la partida')")
    page.locator(".replay-bar .lang-switch").click()
    page.locator(".replay-step", has_text="Game over").wait_for()
    # Then it shows the final TV view: the same table the live TV (a spectator page) shows now
    watch = d.open_watch(browser, admin_server.url, finished_game["code"])
    watch.locator(".end-panel").wait_for()
    watch.wait_for_timeout(900)
    assert page.locator(".tv-game .end-headline").inner_text() == watch.locator(".end-headline").inner_text()
    assert page.locator(".tv-game .scores").inner_text() == watch.locator(".scores").inner_text()
    assert _board(page) == _board(watch)
    assert page.get_by_role("button", name="Play", exact=True).is_visible()  # it stopped at the end
    # And the step controls and the scrubber move through the records
    page.get_by_role("button", name="Step back").click()
    assert _step(page) == total - 1
    page.get_by_label("Position in the replay").fill("0")
    assert _step(page) == 1 and page.locator(".replay-lobby").is_visible()
    page.get_by_role("button", name="Step forward").click()
    assert _step(page) == 2


#: The other games' TV tables, and options that keep their games short (no reaction windows to wait out).
OTHER_GAMES = [
    ("new_york_slice", ".nys-table", {}),
    ("splittissimo", ".sp-table", {"level": "easy", "dots": [1]}),
]
#: Records the viewer plays (at 4x) before its last state; the earlier ones are skipped with the scrubber.
LAST_RECORDS = 12


@pytest.mark.parametrize(("game", "table", "options"), OTHER_GAMES, ids=[g for g, _, _ in OTHER_GAMES])
def test_a_replay_of_the_other_games_plays_to_the_final_tv_view(
    browser, admin_server, artifacts, tmp_path, game, table, options
):
    finished = _finished(admin_server.url, tmp_path, game, options)
    doc, final = finished["doc"], finished["final"]
    total = len(doc["records"])
    assert total > LAST_RECORDS
    # the file's last TV view is the TV's last state (read through the test client)
    assert doc["records"][-1]["tv"]["game"] == final["game"] and doc["records"][-1]["tv"]["outcome"] == final["outcome"]
    # Given the viewer with the file opened, moved to a few records before the end
    page = browser.new_context(viewport=TV_SIZE).new_page()
    page.goto(f"{admin_server.url}/replay")
    page.locator("input[type=file]").set_input_files(str(finished["file"]))
    page.locator(table).wait_for()
    page.get_by_label("Position in the replay").fill(str(total - LAST_RECORDS - 1))
    assert _step(page) == total - LAST_RECORDS
    # When it plays at 4x to the end
    page.get_by_label("Speed").select_option("4")
    page.get_by_role("button", name="Play", exact=True).click()
    page.wait_for_function(f"() => document.querySelector('.replay-stage').dataset.step === '{total}'", timeout=30000)
    page.locator(".end-panel").wait_for()
    page.wait_for_timeout(900)  # let the last animations settle for the screenshot
    d.shot(page, artifacts, f"replay-end-{game}")
    _end_panel_in_view(page)
    # Then it shows the final TV view: the same end, scores and table the live TV (a spectator page) shows now
    watch = d.open_watch(browser, admin_server.url, finished["code"])
    watch.locator(".end-panel").wait_for()
    watch.wait_for_timeout(900)
    assert page.locator(".tv-game .end-headline").inner_text() == watch.locator(".end-headline").inner_text()
    assert page.locator(".tv-game .scores").inner_text() == watch.locator(".scores").inner_text()
    assert page.locator(table).count() == 1 and watch.locator(table).count() == 1
    assert page.locator(table).inner_text() == watch.locator(table).inner_text()
    assert page.get_by_role("button", name="Play", exact=True).is_visible()  # it stopped at the end


def test_a_replay_link_opens_the_file_it_points_to(browser, admin_server, finished_game):
    page = browser.new_context(viewport=TV_SIZE).new_page()
    # the file is served at /files/game.replay.json (matched on the path: the page's own query names it too)
    page.route(
        lambda url: urlsplit(url).path == "/files/game.replay.json",
        lambda route: route.fulfill(path=str(finished_game["file"]), content_type="application/json"),
    )
    page.goto(f"{admin_server.url}/replay?src=/files/game.replay.json")
    page.locator(".pt-table").wait_for()
    assert finished_game["code"] in page.locator(".replay-about").inner_text()
    page.goto(f"{admin_server.url}/replay?src=/assets/missing.json")
    assert "Could not load /assets/missing.json (HTTP 404)" in page.get_by_role("alert").inner_text()


def test_the_admin_console_lists_inspects_and_closes_a_room(browser, admin_server, finished_game, artifacts):
    code = finished_game["code"]
    page = browser.new_context(viewport={"width": 1440, "height": 1000}).new_page()
    page.goto(f"{admin_server.url}/admin")
    # a wrong token is refused
    page.get_by_label("Admin token").fill("not-the-token-at-all")
    page.get_by_role("button", name="Sign in").click()
    assert "not this hub's admin token" in page.get_by_role("alert").inner_text()
    d.assert_accessible(page, "admin sign-in")
    page.get_by_label("Admin token").fill(ADMIN_TOKEN)
    page.get_by_role("button", name="Sign in").click()
    row = page.locator("tr", has=page.locator("th", has_text=code))
    row.wait_for()
    assert "pizza_theory" in row.inner_text() and "finished" in row.inner_text()
    assert "healthy" in page.locator(".admin-health").inner_text()
    row.get_by_role("button", name="Inspect").click()
    page.locator(".admin-view .pt-table").wait_for()
    assert "records in its log" in page.locator(".admin-room").inner_text()
    page.wait_for_timeout(600)
    d.shot(page, artifacts, "admin-console")
    d.assert_accessible(page, "admin console")
    page.get_by_role("button", name="Close the room").click()
    page.get_by_role("button", name="Close now").click()
    page.locator("tr", has=page.locator("th", has_text=code)).wait_for(state="detached")
    assert page.locator(".admin-room").count() == 0


def test_the_tv_downloads_its_rooms_replay_from_the_host_menu(browser, admin_server, tmp_path):
    from server import replay
    from server.hub import load_games

    # Given a TV whose bots have played a game to its end
    tv = d.open_tv(browser, admin_server.url)
    code = d.room_code(tv)
    d.choose_game(tv, "Pizza Theory")
    tv.get_by_label("Round limit").fill("2")
    tv.get_by_label("Round limit").dispatch_event("change")
    tv.wait_for_timeout(200)
    d.add_bot(tv, 1)
    d.add_bot(tv, 2)
    d.start(tv)
    tv.locator(".end-panel").wait_for(timeout=90000)
    # When the host opens its menu and downloads the replay
    tv.get_by_role("button", name="Host").click()
    tv.get_by_role("tab", name="Room").click()  # the menu's second tab holds the room's controls
    with tv.expect_download() as download:
        tv.get_by_role("button", name="Download replay").click()
    target = tmp_path / download.value.suggested_filename
    download.value.save_as(target)
    # Then the file is this room's replay, and it checks clean
    assert target.name.startswith(f"pizzanight-{code}-")
    doc = replay.load(target)
    assert doc["room"]["code"] == code
    assert replay.check(doc, load_games()).phase == "finished"


@pytest.fixture
def slow_bots(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """A hub whose bots take 2 s a move, so a game of bots is still being played while a test looks at it."""
    _build_client()
    running = start_server(tmp_path_factory.mktemp("pizzanight-slow-bots"), extra=("--bot-delay", "2"))
    try:
        yield running
    finally:
        stop_server(running)


def test_the_tvs_download_waits_for_the_games_end(browser, slow_bots, artifacts):
    # Given a TV whose game of bots has just started (the TV hosts: no phone is in the room)
    tv = d.open_tv(browser, slow_bots.url)
    code = d.room_code(tv)
    d.choose_game(tv, "Pizza Theory")
    d.add_bot(tv, 1)
    d.add_bot(tv, 2)
    d.start(tv)
    # When the host opens its menu's room controls
    tv.get_by_role("button", name="Host").click()
    tv.get_by_role("tab", name="Room").click()
    # Then the download is off and says why: the file would show every hand still in play
    button = tv.get_by_role("button", name="Download replay")
    assert button.is_disabled()
    note = tv.get_by_text("download it once the game is over")
    note.wait_for()
    d.shot(tv, artifacts, "tv-replay-download-waits")
    # and the hub refuses the TV's token on the route itself as well
    token = tv.evaluate(f"() => JSON.parse(localStorage.getItem('pizzanight:host:{code}')).token")
    request = urllib.request.Request(f"{slow_bots.url}/api/rooms/{code}/replay", headers={"Authorization": f"Bearer {token}"})
    try:
        urllib.request.urlopen(request, timeout=10)
        raise AssertionError("the replay was given while the game is played")
    except urllib.error.HTTPError as refused:
        assert refused.code == 409 and json.loads(refused.read())["error"] == "replay/game_running"


async def _tv_starts_a_bots_game_around(url: str, code: str, token: str, watcher: str) -> None:
    """The room's TV (a script) sits ``watcher`` out and starts a short game of two hub bots."""
    ws = url.replace("http://", "ws://") + "/ws"
    tv = await Peer.open(ws, {"role": "host", "room": code, "token": token})
    lobby = (await tv.until(lambda s: any(p["name"] == watcher for p in s["lobby"]["players"])))["lobby"]
    ana = next(p["id"] for p in lobby["players"] if p["name"] == watcher)
    assert (await tv.host("select_game", game="pizza_theory", options={"max_rounds": 2}))["t"] == "ack"
    for _ in range(2):
        assert (await tv.host("add_bot"))["t"] == "ack"
    assert (await tv.host("sit_out", player=ana))["t"] == "ack"
    assert (await tv.host("start"))["t"] == "ack"
    await tv.close()


async def _open_room(url: str) -> dict:
    tv = await Peer.open(url.replace("http://", "ws://") + "/ws", {"role": "host"})
    await tv.close()
    return {"code": tv.welcome["room"], "token": tv.welcome["token"]}


def test_the_host_phone_downloads_the_replay_once_the_game_is_over(browser, admin_server, tmp_path):
    from server import replay
    from server.hub import load_games

    # Given a room whose host is Ana's phone (she joined first: the TV shows no host menu), and a game of bots
    room = _in_thread(_open_room, admin_server.url)
    phone = d.open_phone(browser, admin_server.url, room["code"], "Ana")
    _in_thread(_tv_starts_a_bots_game_around, admin_server.url, room["code"], room["token"], "Ana")
    phone.locator(".phone-result").wait_for(timeout=90000)
    # When Ana opens her host menu's room controls and downloads the replay
    phone.get_by_role("button", name="Host").click()
    phone.get_by_role("tab", name="Room").click()
    with phone.expect_download() as download:
        phone.get_by_role("button", name="Download replay").click()
    target = tmp_path / download.value.suggested_filename
    download.value.save_as(target)
    # Then the file is this room's finished game, and it checks clean
    doc = replay.load(target)
    assert doc["room"]["code"] == room["code"]
    assert replay.check(doc, load_games()).phase == "finished"
