"""``pizzanight loadtest``: bots over real sockets, a summary, an audit that catches leaks, loopback only."""

from __future__ import annotations

import asyncio
import io
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

from games.contract import SCREEN, SeatViewer
from games.registry import get_game
from server.cli import build_parser
from server.loadtest import counter, runner
from server.loadtest.client import Socket
from server.loadtest.play import join
from server.loadtest.screen import Screen
from server.loadtest.target import TargetRefused, check_target

from hubserver import all_games, fast_config, start_server

ROOT = Path(__file__).resolve().parents[2]


def loadtest_args(*argv: str):
    return build_parser().parse_args(["loadtest", *argv])


def test_the_command_spawns_a_hub_plays_for_a_few_seconds_prints_its_summary_and_exits_0():
    # when the real command runs against a hub it spawns, for 3 seconds
    done = subprocess.run(
        [sys.executable, "-m", "server.cli", "loadtest", "--spawn", "--seconds", "3", "--rooms", "2", "--progress", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    # then it exits 0, showed progress while it ran, and printed every figure of the summary
    assert done.returncode == 0, done.stdout + done.stderr
    assert " s  rooms 2  sockets " in done.stderr
    out = done.stdout
    for line in (
        "rooms            2",
        "sockets          8",
        "moves/s",
        "send->ack ms     p50 / p95 / p99",
        "send->state ms",
        "lost moves       0",
        "sent again       ",
    ):
        assert line in out, out
    assert "errors           0" in out, out
    hub_line = next(line for line in out.splitlines() if line.startswith("hub (pid"))
    assert "% of one core" in hub_line and "MiB" in hub_line
    moves = int(next(line for line in out.splitlines() if line.startswith("moves")).split()[1])
    assert moves > 0


@pytest.mark.parametrize(
    "game,options",
    [("pizza_theory", '{"max_rounds": 3}'), ("new_york_slice", "{}"), ("splittissimo", '{"level": "standard"}')],
)
async def test_an_audited_run_checks_every_frame_of_real_games_and_finds_nothing(tmp_path, game, options):
    # given a hub with the real games, its store readable by the audit
    store_url = str(tmp_path / "rooms.sqlite3")
    hub = await start_server(store_url, config=fast_config(timer_scale=0.05))
    try:
        args = loadtest_args(
            hub.url,
            "--game",
            game,
            "--options",
            options,
            "--players",
            "3",
            "--rooms",
            "2",
            "--games",
            "3",
            "--seconds",
            "60",
            "--audit",
            "--store",
            store_url,
            "--progress",
            "0",
        )
        out = io.StringIO()
        # when three games are played and audited
        stats = await runner.run(args, hub.url, hub_pid=None, store_url=store_url, out=out, err=io.StringIO())
    finally:
        await hub.stop()
    # then every frame was checked, the secret variants were tried, and nothing leaked
    assert stats.games_finished == 3, out.getvalue()
    assert stats.audit_frames > 50 and stats.audit_variants > 10
    assert stats.audit_leaks == [] and stats.failures == [] and stats.lost == 0
    assert runner.passed(stats)
    assert "secret audit" in out.getvalue() and "0 leaks" in out.getvalue()


async def test_the_audit_catches_a_hub_that_shows_the_tv_a_players_secret(tmp_path):
    # given a hub whose Pizza Theory shows the shared screen what seat 0's phone sees (its pending cut)
    real = get_game("pizza_theory")

    def leaky_view(state, viewer):
        return real.view(state, SeatViewer(0) if viewer == SCREEN else viewer)

    games = dict(all_games(), pizza_theory=attrs.evolve(real, view=leaky_view))
    store_url = str(tmp_path / "rooms.sqlite3")
    hub = await start_server(store_url, games=games)
    try:
        args = loadtest_args(
            hub.url,
            "--game",
            "pizza_theory",
            "--rooms",
            "1",
            "--games",
            "1",
            "--seconds",
            "60",
            "--audit",
            "--store",
            store_url,
            "--progress",
            "0",
            "--options",
            '{"max_rounds": 2}',
        )
        stats = await runner.run(args, hub.url, hub_pid=None, store_url=store_url, out=io.StringIO(), err=io.StringIO())
    finally:
        await hub.stop()
    # then the audit reports the TV's frames, and the run does not pass
    assert any("host frame's game is not view" in leak for leak in stats.audit_leaks), stats.audit_leaks[:3]
    assert not runner.passed(stats)


async def test_counter_mode_measures_the_platform_with_the_load_tests_own_game(tmp_path):
    # given a hub offering the counter
    hub = await start_server(str(tmp_path / "rooms.sqlite3"), games={"counter": counter.GAME})
    try:
        args = loadtest_args(
            hub.url,
            "--game",
            "counter",
            "--rooms",
            "2",
            "--players",
            "3",
            "--games",
            "4",
            "--seconds",
            "60",
            "--options",
            '{"bumps": 30}',
            "--progress",
            "0",
        )
        out = io.StringIO()
        stats = await runner.run(args, hub.url, hub_pid=None, store_url=None, out=out, err=io.StringIO())
    finally:
        await hub.stop()
    # then four games of 30 bumps each were counted (a bump racing the last one is refused as game over)
    assert stats.games_finished == 4
    assert stats.moves == 4 * 30
    assert set(stats.errors) <= {"move/game_over"} and stats.lost == 0
    assert "CPU and memory unknown" in out.getvalue()


async def test_a_hub_without_the_game_is_reported_not_hammered(tmp_path):
    hub = await start_server(str(tmp_path / "rooms.sqlite3"), games={"pizza_theory": get_game("pizza_theory")})
    try:
        args = loadtest_args(hub.url, "--game", "counter", "--rooms", "1", "--seconds", "5", "--progress", "0")
        stats = await runner.run(args, hub.url, hub_pid=None, store_url=None, out=io.StringIO(), err=io.StringIO())
    finally:
        await hub.stop()
    assert stats.moves == 0 and any("does not offer 'counter'" in f for f in stats.failures)
    assert not runner.passed(stats)


async def test_a_phone_whose_welcome_comes_too_late_joins_again_into_the_same_seat(tmp_path, monkeypatch):
    # Given a hub and a TV, and a phone whose first welcome never arrives in time (a hub loaded to its limit)
    hub = await start_server(str(tmp_path / "rooms.sqlite3"))
    try:
        tv = await Socket.open(hub.url, {"role": "host"})
        code = tv.welcome["room"]
        real_welcomed, hellos = Socket._welcomed, []

        async def first_never_welcomed(sock):
            hellos.append(sock)
            if len(hellos) == 1:
                await tv.until(lambda s: any(p["name"] == "Seat 1" for p in s.lobby["players"]), timeout=10)
                await asyncio.Event().wait()  # its welcome is lost: the join times out
            await real_welcomed(sock)

        monkeypatch.setattr(Socket, "_welcomed", first_never_welcomed)
        # When the load test's phone joins
        phone, token = await join(hub.url, code, "Seat 1", keep=False, timeout=2.0)
        # Then its second hello (the same name and its own token) is welcomed into the seat the first made
        assert len(hellos) == 2 and phone.welcome["token"] is None and len(token) == 32
        await tv.until(lambda s: [p["connected"] for p in s.lobby["players"]] == [True], timeout=10)
        assert [p["name"] for p in tv.screen.lobby["players"]] == ["Seat 1"]
        await phone.close()
        await tv.close()
    finally:
        await hub.stop()


@pytest.mark.parametrize("url", ["ws://192.0.2.7:8000/ws", "http://198.51.100.1", "wss://10.1.2.3/ws"])
def test_a_target_off_this_machine_is_refused_without_allow_remote(url):
    with pytest.raises(TargetRefused, match="--allow-remote"):
        check_target(url, allow_remote=False)
    assert check_target(url, allow_remote=True).startswith(("ws://", "wss://"))


def test_loopback_targets_are_accepted_and_completed_to_the_websocket_url():
    assert check_target("http://127.0.0.1:8000", allow_remote=False) == "ws://127.0.0.1:8000/ws"
    assert check_target("ws://localhost:9000/ws", allow_remote=False) == "ws://localhost:9000/ws"
    assert check_target("127.0.0.2:8000", allow_remote=False) == "ws://127.0.0.2:8000/ws"


def test_the_command_refuses_a_remote_hub_before_opening_any_socket():
    err = io.StringIO()
    code = runner.main(loadtest_args("ws://192.0.2.7:8000/ws", "--seconds", "1"), out=io.StringIO(), err=err)
    assert code == 2 and "loopback" in err.getvalue()


def test_an_audit_without_the_hubs_store_is_refused():
    err = io.StringIO()
    assert runner.main(loadtest_args("--audit"), out=io.StringIO(), err=err) == 2
    assert "--store" in err.getvalue()


def test_the_screen_keeps_the_latest_state_and_ignores_other_frames():
    screen = Screen()
    assert not screen.feed({"t": "ack", "seq": 1})
    assert screen.feed(
        {
            "t": "state",
            "version": 4,
            "lobby": {"phase": "playing"},
            "you": {"role": "host"},
            "game": {"type": "V"},
            "legal": None,
            "outcome": None,
        }
    )
    assert (screen.version, screen.phase, screen.game) == (4, "playing", {"type": "V"})
