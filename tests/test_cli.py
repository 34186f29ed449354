"""The ``pizzanight`` command line: conformance and selfplay exit codes and output."""

from __future__ import annotations

import io
import json
import subprocess
import sys

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

    out = io.StringIO()
    assert selfplay.run("pizza_theory", 3, 1, 1, ["random", "random"], out=out) == 2
    assert "names 2 bots for 3 players" in out.getvalue()
