"""bench/hotpath.py runs every game's moves, with the caches emptied between moves when asked (--evict)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_game_is_timed_with_the_caches_emptied_between_moves():
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "hotpath.py"), "--moves", "20", "--evict", "1"],
        capture_output=True, text=True, timeout=300, cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    header, *rows = done.stdout.splitlines()
    assert "caches emptied after each move (1 MiB copied)" in header
    games = {row.split()[0]: row.split() for row in rows}
    assert set(games) == {"toy", "counter", "pizza_theory", "new_york_slice", "splittissimo"}
    assert all(int(row[1]) == 20 and int(row[2]) > 0 for row in games.values())
