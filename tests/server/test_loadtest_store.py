"""``pizzanight loadtest --store``: the hub's data folder is accepted as ``--data`` takes it, and a wrong one is one line."""

from __future__ import annotations

import io

from server.cli import build_parser
from server.loadtest import runner
from server.store import open_store


def loadtest_args(*argv: str):
    return build_parser().parse_args(["loadtest", *argv])


async def test_the_audit_store_may_be_the_hubs_data_folder(tmp_path):
    # Given a hub's data folder (its store file inside, as serve --data leaves it)
    writer = open_store("embedded", data=tmp_path)
    await writer.append("room-1", [b"one"], 0)
    # When the audit opens the folder itself
    reader = open_store(str(tmp_path), readonly=True)
    try:
        # Then it reads the store file in it
        assert [r.data for r in await reader.read("room-1")] == [b"one"]
    finally:
        await reader.close()
        await writer.close()


def test_an_audit_store_that_is_not_there_is_one_line_and_creates_nothing(tmp_path):
    err = io.StringIO()
    folder = tmp_path / "nope"
    code = runner.main(loadtest_args("--audit", "--store", str(folder), "--seconds", "1", "--progress", "0"),
                       out=io.StringIO(), err=err)
    assert code == 2
    assert err.getvalue() == f"pizzanight loadtest: no Pizza Night store at {folder}\n"
    assert list(tmp_path.iterdir()) == []


def test_a_pid_that_is_not_a_process_here_is_refused_and_no_pid_says_how_to_give_one(tmp_path):
    err = io.StringIO()
    assert runner.main(loadtest_args("--pid", "999999999", "--seconds", "1"), out=io.StringIO(), err=err) == 2
    assert err.getvalue() == "pizzanight loadtest: --pid 999999999: no such process on this machine\n"
    from server.loadtest import stats as stats_module
    from server.loadtest.usage import ProcessUsage

    out = io.StringIO()
    stats_module.summary(stats_module.Stats(), None, ProcessUsage(1), audit=False, out=out)
    assert "not on this machine" not in out.getvalue() and "--pid" in out.getvalue()
