"""A hub tunes its process before it serves: GIL switch interval and a rarer garbage collector."""

from __future__ import annotations

import gc
import sys

from server import serve


def test_tune_process_sets_the_switch_interval_and_the_collector_thresholds():
    before_threshold, before_interval = gc.get_threshold(), sys.getswitchinterval()
    try:
        serve.tune_process()
        assert gc.get_threshold() == serve.GC_THRESHOLDS
        assert gc.get_freeze_count() > 0  # what was loaded is out of every collection
        assert sys.getswitchinterval() == serve.GIL_SWITCH_INTERVAL
    finally:
        gc.unfreeze()
        gc.set_threshold(*before_threshold)
        sys.setswitchinterval(before_interval)
