"""bench/snapshots.py runs: each game's room, half-way and at the end, is snapshotted and read back, and timed."""

from __future__ import annotations


def test_every_game_is_snapshotted_twice_and_the_figures_printed(run_bench):
    done = run_bench("snapshots.py", "--rounds", "1", "--calls", "2")
    assert done.returncode == 0, done.stderr[-2000:]
    rows = [line.split() for line in done.stdout.splitlines()[1:]]
    assert [(row[0], row[1]) for row in rows] == [
        (game, at) for game in ("pizza_theory", "new_york_slice", "splittissimo") for at in ("half", "end")
    ]
    assert all(int(row[2]) > 0 and float(row[3]) > 0 and float(row[4]) > 0 for row in rows)
