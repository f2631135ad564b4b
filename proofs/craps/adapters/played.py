"""The ``play:`` door as a check uses it: the table engine's program opened
(:mod:`.play_engine`, which plays the scripts it is handed and nothing else) and handed to
the check played (:class:`~casino_proofs.craps.table.obligations.played.PlayedTable`, which
plans the scripts and judges them)."""

from __future__ import annotations

from casino_proofs.adapters.program.narrowing import MAX_RESTARTS
from casino_proofs.craps.adapters.play_engine import PlayEngine
from casino_proofs.craps.table.obligations.played import PlayedTable
from casino_proofs.protocol.engine import Engine
from casino_proofs.protocol.play_budget import PlayBudget


def open_table(command: str, timeout_ms: int, budget: PlayBudget | None = None,
               restarts: int = MAX_RESTARTS) -> Engine:
    """The table engine ``command`` starts, not yet asked its hello, as a check is handed
    it."""
    return PlayedTable(PlayEngine(command, timeout_ms, budget=budget, restarts=restarts))
