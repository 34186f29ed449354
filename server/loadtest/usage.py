"""CPU and memory of a process on this machine, read from Linux's /proc (no extra package)."""

from __future__ import annotations

import os
from pathlib import Path


class ProcessUsage:
    """Samples one process: CPU seconds used since the start, resident and peak memory."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self._tick = os.sysconf("SC_CLK_TCK")
        self.start_cpu = self.cpu_seconds()

    def cpu_seconds(self) -> float:
        """User + system CPU seconds of the process so far (0 when it is gone)."""
        try:
            fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return 0.0
        return (int(fields[11]) + int(fields[12])) / self._tick

    def memory_mib(self) -> tuple[float, float]:
        """(resident now, peak resident) in MiB; zeros when unknown."""
        values = {"VmRSS": 0.0, "VmHWM": 0.0}
        try:
            for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
                key, _, rest = line.partition(":")
                if key in values:
                    values[key] = int(rest.split()[0]) / 1024
        except OSError:
            pass
        return values["VmRSS"], values["VmHWM"]

    def used_since_start(self) -> float:
        return self.cpu_seconds() - self.start_cpu


def readable(pid: int) -> bool:
    return Path(f"/proc/{pid}/stat").exists()
