"""Structured logs: one JSON object per line on stderr.

Every record carries the time, level, logger and message, plus any fields
passed as ``extra={"fields": {...}}`` (room, code, player, ...), so a log
pipeline can filter by room without parsing sentences.
"""

from __future__ import annotations

import json
import logging
import sys
import time

LOG = logging.getLogger("pizzanight")


class JsonLines(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        out = {
            "ts": round(record.created, 3),
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            out.update(fields)
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return json.dumps(out, default=str)


def setup(level: str = "info") -> None:
    """Send the project's (and uvicorn's) logs to stderr as JSON lines."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonLines())
    for name in ("pizzanight", "uvicorn", "uvicorn.error"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.setLevel(level.upper())
        logger.propagate = False
    logging.getLogger("uvicorn.access").disabled = True


def event(level: int, msg: str, **fields: object) -> None:
    LOG.log(level, msg, extra={"fields": fields})
