"""bench/hotpath.py runs every game's moves, with the caches emptied between moves when asked (--evict)."""

from __future__ import annotations


def test_every_game_is_timed_with_the_caches_emptied_between_moves(run_bench):
    done = run_bench("hotpath.py", "--moves", "20", "--evict", "1")
    assert done.returncode == 0, done.stderr[-2000:]
    header, *rows = done.stdout.splitlines()
    assert "caches emptied after each move (1 MiB copied)" in header
    games = {row.split()[0]: row.split() for row in rows}
    assert set(games) == {"toy", "counter", "pizza_theory", "new_york_slice", "splittissimo"}
    assert all(int(row[1]) == 20 and int(row[2]) > 0 for row in games.values())
