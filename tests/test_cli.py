"""The ``pizzanight`` command line: conformance and selfplay exit codes and output."""

from __future__ import annotations

import io
import json
import subprocess
import sys

from server import conformance


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

    out = io.StringIO()
    assert selfplay.run("pizza_theory", 3, 1, 1, ["random", "random"], out=out) == 2
    assert "names 2 bots for 3 players" in out.getvalue()
