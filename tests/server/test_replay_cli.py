"""``pizzanight replay export|check`` on an embedded --data folder and on a real redis-server store."""

from __future__ import annotations

import asyncio
import io
import itertools
import json
from contextlib import redirect_stderr

import pytest

from server import cli
from server.store import EMBEDDED_FILE, open_store

from hubserver import start_server
from wsclient import Peer

_prefixes = itertools.count(1)


async def _bots_play_a_game(server) -> tuple[str, dict]:
    """A TV and two hub bots play Pizza Theory to its end; returns the code and the TV's last state."""
    tv = await Peer.open(server.url, {"role": "host"})
    code = tv.welcome["room"]
    assert (await tv.host("select_game", game="pizza_theory", options={"max_rounds": 2}))["t"] == "ack"
    for _ in range(2):
        assert (await tv.host("add_bot"))["t"] == "ack"
    assert (await tv.host("start"))["t"] == "ack"
    final = await tv.until(lambda s: s["outcome"] is not None, timeout=60)
    await tv.close()
    return code, final


async def _cli(*argv: str) -> tuple[int, str]:
    """Run the command in a thread (it runs its own event loop), capturing what it prints."""
    out, err = io.StringIO(), io.StringIO()

    def run() -> int:
        from contextlib import redirect_stdout

        with redirect_stdout(out), redirect_stderr(err):
            return cli.main(list(argv))

    code = await asyncio.to_thread(run)
    return code, out.getvalue() + err.getvalue()


async def _export_check_and_tamper(tmp_path, code: str, final: dict, *where: str) -> None:
    target = tmp_path / "game.replay.json"
    # When the operator exports the room by its code from the store
    status, printed = await _cli("replay", "export", code, *where, "-o", str(target))
    assert status == 0, printed
    doc = json.loads(target.read_text())
    assert doc["room"]["code"] == code and doc["records"][-1]["tv"]["game"] == final["game"]
    # Then the file checks clean
    status, printed = await _cli("replay", "check", str(target))
    assert status == 0 and printed.startswith("ok "), printed
    assert f"{len(doc['records'])} records" in printed
    # And a tampered copy fails, naming the first bad record, with a non-zero exit
    index = next(i for i, r in enumerate(doc["records"]) if "g" in r["event"] and i > len(doc["records"]) // 2)
    doc["records"][index]["tv"]["game"] = doc["records"][index - 1]["tv"]["game"] if index else None
    doc["records"][index]["digest"] = "f" * 64
    doc["records"][index + 1]["digest"] = "e" * 64
    bad = tmp_path / "tampered.replay.json"
    bad.write_text(json.dumps(doc))
    status, printed = await _cli("replay", "check", str(bad))
    assert status == 1 and printed.startswith("FAIL ")
    assert f"record {doc['records'][index]['v']}:" in printed, printed


async def test_export_from_a_data_folder_then_check(tmp_path):
    # Given a hub on an embedded store in a data folder, where bots finished a game
    data = tmp_path / "data"
    data.mkdir()
    server = await start_server(str(data / EMBEDDED_FILE))
    try:
        code, final = await _bots_play_a_game(server)
        # (exported while the hub still runs: the export only reads)
        await _export_check_and_tamper(tmp_path, code, final, "--data", str(data))
    finally:
        await server.stop()


@pytest.mark.redis
async def test_export_from_a_redis_store_then_check(tmp_path, redis_url):
    store = f"{redis_url}?prefix=cli{next(_prefixes)}"
    server = await start_server(store)
    try:
        code, final = await _bots_play_a_game(server)
        await _export_check_and_tamper(tmp_path, code, final, "--store", store)
    finally:
        await server.stop()


async def _empty_store(data) -> None:
    """A real, empty embedded store in the folder ``data`` (what a hub that never had a room leaves)."""
    await open_store("embedded", data=data).close()


async def test_an_unknown_room_or_an_unreadable_file_is_an_error(tmp_path):
    data = tmp_path / "data"
    await _empty_store(data)
    status, printed = await _cli("replay", "export", "BCDF", "--data", str(data), "-o", str(tmp_path / "x.json"))
    assert status == 1 and "no room" in printed
    (tmp_path / "junk.json").write_text("{}")
    status, printed = await _cli("replay", "check", str(tmp_path / "junk.json"))
    assert status == 1 and "not a Pizza Night replay" in printed


# --- the export only reads, and says what is wrong in one line --------------------------------


@pytest.mark.parametrize("where", ["cwd", "missing_folder", "empty_folder"])
async def test_export_where_there_is_no_store_creates_nothing_and_says_so(tmp_path, monkeypatch, where):
    # Given a folder with no Pizza Night store in it (run in the wrong folder, a typo in --data, an empty folder)
    monkeypatch.chdir(tmp_path)
    folder = {"cwd": tmp_path / "data", "missing_folder": tmp_path / "nope", "empty_folder": tmp_path / "empty"}[where]
    if where == "empty_folder":
        folder.mkdir()
    argv = ["--data", str(folder)] if where != "cwd" else []
    # When the operator exports a room from it
    status, printed = await _cli("replay", "export", "BCDF", *argv, "-o", str(tmp_path / "x.json"))
    # Then it says there is no store there, exits 2, and has created nothing (no folder, no empty store)
    expected = (folder / EMBEDDED_FILE) if where != "cwd" else (folder / EMBEDDED_FILE).relative_to(tmp_path)
    assert status == 2, printed
    assert printed.strip() == f"pizzanight replay export: no Pizza Night store at {expected}"
    assert sorted(p.name for p in tmp_path.iterdir()) == (["empty"] if where == "empty_folder" else [])


async def test_export_errors_are_one_line_and_exit_2(tmp_path):
    # Given a hub's data folder holding one room (a TV in its lobby), a regular file and a damaged store
    data = tmp_path / "data"
    data.mkdir()
    server = await start_server(str(data / EMBEDDED_FILE))
    try:
        tv = await Peer.open(server.url, {"role": "host"})
        code = tv.welcome["room"]
        # When the file is to go into a folder that does not exist
        status, printed = await _cli("replay", "export", code, "--data", str(data), "-o", str(tmp_path / "no" / "x.json"))
        # Then one line names the file and why
        assert status == 2, printed
        assert printed.strip() == f"pizzanight replay export: cannot write {tmp_path / 'no' / 'x.json'}: No such file or directory"
        await tv.close()
    finally:
        await server.stop()
    afile = tmp_path / "afile"
    afile.write_text("not a folder")
    status, printed = await _cli("replay", "export", "BCDF", "--data", str(afile))
    assert status == 2 and printed.strip() == f"pizzanight replay export: the data folder {afile} is a file, not a folder"
    damaged = tmp_path / "damaged"
    damaged.mkdir()
    (damaged / EMBEDDED_FILE).write_bytes(b"garbage" * 100)
    status, printed = await _cli("replay", "export", "BCDF", "--data", str(damaged))
    assert status == 2 and len(printed.strip().splitlines()) == 1, printed
    assert "not a Pizza Night store" in printed and str(damaged / EMBEDDED_FILE) in printed
    assert (damaged / EMBEDDED_FILE).read_bytes() == b"garbage" * 100  # left as it was
