"""``--engine TARGET``: from what the user wrote to the engine under test.

``impl`` (the default), ``exec:COMMAND``, ``python:MODULE`` or ``python:path/to/file.py``, and
``table:FILE``. A target that cannot be used (no such program, module or file) is a one-line
error naming what is valid.
"""

from __future__ import annotations

import sys
from pathlib import Path

from casino_proofs.adapters.engine import Engine, EngineUnavailable
from casino_proofs.adapters.exec_engine import DEFAULT_TIMEOUT_MS, ExecEngine

VALID = ("impl, exec:COMMAND (a program speaking docs/engine-protocol.md), play:COMMAND (a "
         "table engine speaking its protocol 2), python:MODULE or "
         "python:path/to/file.py, table:FILE (a recorded craps settlement table, .csv or JSON "
         "lines)")


def open_target(target: str, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> Engine:
    """The engine TARGET names (EngineUnavailable, naming what is valid, if none)."""
    kind, sep, rest = target.partition(":")
    if target == "impl":
        from casino_proofs.adapters.ours import OurImplementation

        return OurImplementation()
    if not sep or not rest.strip():
        raise EngineUnavailable(f"--engine {target!r}: a target is one of {VALID}")
    if kind == "exec":
        return ExecEngine(rest, timeout_ms)
    if kind == "python":
        if rest.endswith(".py") and not Path(rest).is_file():
            raise EngineUnavailable(f"--engine {target}: no such file {rest}")
        host = [sys.executable, "-m", "casino_proofs.adapters.python_host", rest]
        return ExecEngine(rest, timeout_ms, target=target, argv=host)
    if kind == "table":
        from casino_proofs.adapters.table import TableEngine

        return TableEngine(rest, target=target)
    raise EngineUnavailable(f"--engine {target!r}: a target is one of {VALID}")
