"""``--engine TARGET`` as the command reads it: the targets of
:mod:`casino_proofs.adapters.targets`, and the two of protocol 2 (:mod:`casino_proofs.tables`):
``play:COMMAND``, a table engine, and ``table:FILE`` when the file is a session log."""

from __future__ import annotations

from casino_proofs.adapters import targets
from casino_proofs.adapters.engine import Engine
from casino_proofs.adapters.exec_engine import DEFAULT_TIMEOUT_MS, ExecEngine
from casino_proofs.obligations.paigow.by_comparison import ComparingEngine
from casino_proofs.tables.log_engine import SessionLogEngine, is_session_log
from casino_proofs.tables.play_engine import PlayEngine


def open_target(target: str, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> Engine:
    """The engine TARGET names (EngineUnavailable, naming what is valid, if none)."""
    kind, sep, rest = target.partition(":")
    if kind == "play" and sep and rest.strip():
        return PlayEngine(rest, timeout_ms)
    if kind == "table" and sep and is_session_log(rest):
        return SessionLogEngine(rest, target=target)
    engine = targets.open_target(target, timeout_ms)
    if isinstance(engine, ExecEngine) and engine.hello.raw.get("ranking") == "compare":
        return ComparingEngine(engine)  # a Pai Gow evaluator with only compare(a, b)
    return engine
