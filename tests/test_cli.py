"""The ``pizzanight`` command line: conformance and selfplay exit codes and output."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import pytest

from server import conformance

#: A vector that passes (New York Slice's division of an 11-slice ring into three runs, the Special alone).
PORTIONS = {
    "id": "nys-ok", "game": "new_york_slice", "check": "portions",
    "input": {"ring": 11, "players": 4, "portions": [[0, 1, 2], [3, 4, 5, 6], [7, 8, 9, 10]], "special": "alone"},
    "expect": {"legal": True},
}


def write(tmp_path, name, vectors):
    path = tmp_path / name
    path.write_text(json.dumps(vectors))
    return path


def test_a_vector_for_an_unknown_game_fails_and_is_reported(tmp_path):
    path = write(tmp_path, "v.json", [{"id": "x-1", "game": "chess", "check": "mate", "input": {}, "expect": {}}])
    out = io.StringIO()
    assert conformance.main([str(path)], out) == 1
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("FAIL x-1:") and "unknown game" in lines[0]
    assert lines[-1] == "0 passed, 1 failed"


def test_an_unknown_check_fails_rather_than_crashing(tmp_path):
    path = write(tmp_path, "v.json", [{"id": "pt-?", "game": "pizza_theory", "check": "nope", "input": {}, "expect": {}}])
    out = io.StringIO()
    assert conformance.main([str(path)], out) == 1
    assert out.getvalue().splitlines()[-1] == "0 passed, 1 failed"


def test_an_unreadable_file_exits_2(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    out = io.StringIO()
    assert conformance.main([str(bad)], out) == 2
    assert out.getvalue().startswith("cannot read vectors")
    assert conformance.main([str(tmp_path / "missing.json")], io.StringIO()) == 2


def test_folders_are_searched_for_vector_files(tmp_path):
    write(tmp_path, "a.json", [])
    (tmp_path / "sub").mkdir()
    write(tmp_path / "sub", "b.json", [])
    assert [p.name for p in conformance.vector_files([str(tmp_path)])] == ["a.json", "b.json"]


def test_a_file_that_cannot_be_read_is_named_and_the_others_still_run(tmp_path):
    # Given a folder with a good vector file, a file that is no list, a JSON nested past the
    # parser's depth, and a folder whose name ends in .json
    write(tmp_path, "a.json", [PORTIONS])
    (tmp_path / "b.json").write_text('{"not": "a list"}')
    (tmp_path / "c.json").write_text("[" * 100_000 + "]" * 100_000)
    (tmp_path / "d.json").mkdir()
    out = io.StringIO()
    # Then the good vector runs, each unreadable file is named, the folder is searched not read, and the exit is 2
    assert conformance.main([str(tmp_path)], out) == 2
    lines = out.getvalue().splitlines()
    assert [line.split(": ")[1].rsplit("/", 1)[-1] for line in lines if line.startswith("cannot read")] == ["b.json", "c.json"]
    assert "RecursionError" in lines[1]
    assert lines[-1] == "1 passed, 0 failed"


def test_a_file_saved_with_a_byte_order_mark_reads(tmp_path):
    path = tmp_path / "bom.json"
    path.write_text(json.dumps([PORTIONS]), encoding="utf-8-sig")
    out = io.StringIO()
    assert conformance.main([str(path)], out) == 0
    assert out.getvalue().splitlines()[-1] == "1 passed, 0 failed"


def test_the_console_script_runs_the_shipped_vectors():
    # Through the real entry point, as a user would run it.
    proc = subprocess.run(
        [sys.executable, "-m", "server.cli", "conformance", "tests/conformance"],
        capture_output=True, text=True, check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    passed, failed = proc.stdout.strip().splitlines()[-1].split(", ")
    assert failed == "0 failed" and int(passed.split()[0]) >= 26


def test_selfplay_refuses_a_wrong_bot_list():
    from server import selfplay

    err = io.StringIO()
    assert selfplay.run("pizza_theory", 3, 1, 1, ["random", "random"], err=err) == 2
    assert err.getvalue() == "pizzanight selfplay: --bots names 2 bots for 3 players\n"


# --- one clear line and exit 2, never a traceback ----------------------------------------------


def _pizzanight(*argv: str, cwd=None) -> subprocess.CompletedProcess:
    """The real entry point, as a user runs it (a fix that failed would start a hub: hence the timeout)."""
    env = {**os.environ, "PIZZANIGHT_MDNS": "0"}
    return subprocess.run([sys.executable, "-m", "server.cli", *argv], capture_output=True, text=True, check=False,
                          timeout=60, cwd=cwd, env=env)


def _one_line(proc: subprocess.CompletedProcess, expected: str) -> None:
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr
    assert proc.stderr.strip().splitlines()[-1] == expected, proc.stderr  # (serve logs its start-up line first)


def test_serve_and_export_refuse_a_data_folder_that_is_a_file(tmp_path):
    afile = tmp_path / "afile"
    afile.write_text("notes")
    for command in (["serve", "--port", "0", "--host", "127.0.0.1"], ["replay", "export", "BCDF"]):
        name = " ".join(command[:2]) if command[0] == "replay" else "serve"
        _one_line(_pizzanight(*command, "--data", str(afile)), f"pizzanight {name}: the data folder {afile} is a file, not a folder")
    assert afile.read_text() == "notes"


def test_serve_and_export_refuse_a_damaged_store_in_one_line(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "pizzanight.sqlite3").write_bytes(b"this is not SQLite " * 100)
    for command in (["serve", "--port", "0", "--host", "127.0.0.1"], ["replay", "export", "BCDF"]):
        proc = _pizzanight(*command, "--data", str(data))
        assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
        last = proc.stderr.strip().splitlines()[-1]
        assert last.startswith(f"pizzanight {command[0]}") and "is not a database" in last, proc.stderr
        assert str(data / "pizzanight.sqlite3") in last


@pytest.mark.parametrize(
    "argv,message",
    [
        (["--game", "nope"], "unknown game 'nope'; the games are pizza_theory, new_york_slice, splittissimo"),
        (["--players", "9"], "pizza_theory: Pizza Theory takes 2-3 players"),
        (["--game", "splittissimo", "--level", "hard"], "splittissimo: level: one of easy, standard, advanced"),
        (["--level", "easy"], "pizza_theory: unknown option 'level'"),
    ],
)
def test_selfplay_refuses_what_the_game_cannot_do_in_one_line(capsys, argv, message):
    from server import cli

    assert cli.main(["selfplay", "--games", "1", *argv]) == 2
    assert capsys.readouterr().err.strip() == f"pizzanight selfplay: {message}"


@pytest.mark.parametrize("argv", [["--games", "-1"], ["--games", "0"], ["--players", "-2"], ["--games", "x"]])
def test_selfplay_refuses_a_count_below_one_before_playing(capsys, argv):
    from server import cli

    with pytest.raises(SystemExit) as stop:
        cli.main(["selfplay", *argv])
    assert stop.value.code == 2 and argv[0] in capsys.readouterr().err
