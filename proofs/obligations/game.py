"""What a check asks of one game, and what the game's run gives back: the shapes every game's
``prove`` entry point (``games.py``) takes and returns, so that ``check`` runs each game the
same way, whichever it is."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from casino_proofs.obligations.verdict import Result
from casino_proofs.solving.budget import Budget


@dataclass(frozen=True)
class Asked:
    """What the check asks of a game's run besides the engine and the readings: the solver's
    budget, the wagers chosen (``--wagers``, for a game that has wagers; None: every one),
    whether the bundle is written (every query kept), the processes and the cluster of a pass
    that is spread (``--workers``, ``--scheduler``), and what is told the run's progress."""

    budget: Budget
    wagers: list[str] | None = None
    record: bool = False
    workers: int = 2
    scheduler: str | None = None
    progress: Callable[[int, int], None] | None = None


@dataclass
class GameRun:
    """One game's run: its results; what the run records of the engine's answers (the
    manifest's ``runs[i].<game>``: their hash and counts, the channel's log); what it left
    out; what the report states of the game beside its verdicts (None: nothing); and the
    answers a bundle keeps (None: none, only their hash)."""

    results: list[Result]
    record: dict[str, Any]
    left_out: list[dict[str, str]] = field(default_factory=list)
    figures: dict[str, Any] | None = None
    answers: Any = None
