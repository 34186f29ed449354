"""The hot-path tallies show on /metrics as ordinary counters."""

from __future__ import annotations

from server.metrics import Metrics


def test_tallies_are_scraped_as_counters():
    metrics = Metrics()
    metrics.frames_sent.inc()
    metrics.frames_sent.inc(2)
    metrics.state_encodes.inc()
    text = metrics.render()[0].decode()
    assert "pizzanight_frames_sent_total 3.0" in text
    assert "pizzanight_state_encodes_total 1.0" in text
    assert "# TYPE pizzanight_frames_sent_total counter" in text or "# TYPE pizzanight_frames_sent counter" in text
