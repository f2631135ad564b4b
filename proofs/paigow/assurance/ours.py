"""Our implementation run through the Pai Gow proofs, whole or with ``evaluate`` or
``compare`` replaced: the entry point of the must-fail cases and the mutants (a wrong one
handed in must be caught; a check that cannot fail is a defect)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from casino_proofs.adapters.ours import OurImplementation
from casino_proofs.paigow.obligations import PaiGowOutcome, prove_paigow
from casino_proofs.paigow.obligations.scope_spec import FULL_DECK
from casino_proofs.protocol.engine import Engine
from casino_proofs.solving.budget import Budget


def check_paigow(readings: Mapping[str, str] | None = None, engine: Engine | None = None,
                 workers: int = 2, deck: tuple[int, ...] = FULL_DECK,
                 budget: Budget | None = None, spec_checks: bool = True,
                 record: bool = False,
                 progress: Callable[[int, int], None] | None = None,
                 evaluate: Callable[..., Any] | None = None,
                 compare: Callable[..., Any] | None = None,
                 phases: dict[str, float] | None = None) -> PaiGowOutcome:
    """Every Pai Gow obligation of ``engine`` (our implementation by default, with
    ``evaluate``/``compare`` replaced when given) over every hand of ``deck``."""
    if engine is None:
        engine = OurImplementation(evaluate=evaluate, compare=compare)
    return prove_paigow(engine, readings, workers, deck, budget, spec_checks, record, progress,
                        phases)
