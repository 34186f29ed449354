"""How a ``pizzanight`` command refuses what it was given: one line on stderr and exit status 2.

Its own module, below every command: ``server.cli`` imports the commands,
and the commands use this, so neither imports the other.
"""

from __future__ import annotations

import sys
from typing import TextIO


def fail(command: str, message: str, file: TextIO | None = None) -> int:
    """Print ``pizzanight COMMAND: MESSAGE`` on stderr and return 2, the exit status of a refused command.

    For what the person typing got wrong (a path, a game name, a count): one
    line that says what to fix reads better than a traceback, and the exit
    status still tells a script that nothing was done.
    """
    print(f"pizzanight {command}: {message}", file=file or sys.stderr)
    return 2
