"""Suite-wide rules.

Under ``CI=true`` nothing may be skipped for a missing part: a test that
needs redis-server or Chromium must install it or fail.  This hook turns any
skip into a failed run, so a skip can never hide a missing install step.
"""

from __future__ import annotations

import os

import pytest

_skipped: list[str] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.skipped and not hasattr(report, "wasxfail"):
        _skipped.append(report.nodeid)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if os.environ.get("CI") == "true" and _skipped and exitstatus == 0:
        session.exitstatus = 1


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    if os.environ.get("CI") == "true" and _skipped:
        terminalreporter.write_line(
            f"CI=true: {len(_skipped)} test(s) were skipped, which CI does not allow: " + ", ".join(_skipped[:10]),
            red=True,
        )

# No hub started by a test announces itself on the network (server/announce.py);
# the tests of the announcement itself use their own loopback zeroconf.
os.environ.setdefault("PIZZANIGHT_MDNS", "0")
