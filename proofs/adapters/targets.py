"""``--engine TARGET``: from what the user wrote to the engine under test, the one place a
target is opened.

``impl`` (the default), ``exec:COMMAND``, ``play:COMMAND`` (a table engine, protocol 2),
``python:MODULE`` or ``python:path/to/file.py``, and ``table:FILE`` (a recorded settlement
table, or a table's session log). A target that cannot be used (no such program, module or
file) is a one-line error naming what is valid.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

from casino_proofs.adapters.comparing import ComparingEngine
from casino_proofs.adapters.exec_engine import DEFAULT_TIMEOUT_MS, ExecEngine
from casino_proofs.adapters.play_engine import PlayEngine
from casino_proofs.adapters.session_log import SessionLog, is_session_log
from casino_proofs.protocol.engine import Engine
from casino_proofs.protocol.hello import EngineUnavailable
from casino_proofs.tables.session_budget import Budget

VALID = ("impl, exec:COMMAND (a program speaking docs/engine-protocol.md), play:COMMAND (a "
         "table engine speaking its protocol 2), python:MODULE or "
         "python:path/to/file.py, table:FILE (a recorded craps settlement table, .csv or JSON "
         "lines)")


def open_target(target: str, timeout_ms: int = DEFAULT_TIMEOUT_MS,
                sessions: Budget | None = None, require_coverage: bool = False) -> Engine:
    """The engine TARGET names (EngineUnavailable, naming what is valid, if none);
    ``sessions``: the random play a ``play:`` table gets after its scripts;
    ``require_coverage``: a session log's gaps are ERROR, not listed."""
    kind, sep, rest = target.partition(":")
    if kind == "play" and sep and rest.strip():
        return PlayEngine(rest, timeout_ms, budget=sessions)
    if kind == "table" and sep:
        _regular_file(rest)
    if kind == "table" and sep and is_session_log(rest):
        return SessionLog(rest, target=target, require_coverage=require_coverage)
    engine = _protocol_one(target, timeout_ms)
    if isinstance(engine, ExecEngine) and engine.hello.raw.get("ranking") == "compare":
        return ComparingEngine(engine)  # a Pai Gow evaluator with only compare(a, b)
    return engine


def _regular_file(path: str) -> None:
    """A recorded table or log is a regular file: a FIFO, a device or a directory is refused
    before anything opens it (opening a FIFO waits for a writer that may never come)."""
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        raise EngineUnavailable(f"table:{path}: {exc.strerror or 'cannot be read'}; a table is "
                                "a regular file (.csv, or JSON lines)") from None
    if not stat.S_ISREG(mode):
        what = ("a FIFO" if stat.S_ISFIFO(mode) else "a directory" if stat.S_ISDIR(mode)
                else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a socket"
                if stat.S_ISSOCK(mode) else "not a regular file")
        raise EngineUnavailable(f"table:{path}: {what}; a table is a regular file (.csv, or "
                                "JSON lines)")


def _protocol_one(target: str, timeout_ms: int) -> Engine:
    """The targets of protocol 1: ours, a program, a Python module, a settlement table."""
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
        from casino_proofs.adapters.settlement_table import SettlementTable

        return SettlementTable(rest, target=target)
    raise EngineUnavailable(f"--engine {target!r}: a target is one of {VALID}")
