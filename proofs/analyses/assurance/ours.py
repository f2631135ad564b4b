"""Our implementation run through the proofs, whole or with a part replaced: the entry points
of the must-fail cases, the mutants and the coverage table (a wrong ``settle``, ``evaluate``
or ``compare`` handed in must be caught; a check that cannot fail is a defect)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from casino_proofs import spec
from casino_proofs.adapters.ours import OurImplementation
from casino_proofs.craps.obligations import prove_craps
from casino_proofs.obligations.verdict import Result
from casino_proofs.paigow.obligations import PaiGowOutcome, prove_paigow
from casino_proofs.paigow.obligations.scope_spec import FULL_DECK
from casino_proofs.protocol.engine import Engine
from casino_proofs.solving.budget import Budget


def check_craps(readings: Mapping[str, str] | None = None, settle: Callable[..., Any] | None = None,
                wagers: list[str] | None = None, budget: Budget | None = None,
                specs: list[spec.WagerSpec] | None = None, record: bool = False,
                engine: Engine | None = None) -> list[Result]:
    """Every craps obligation of ``engine`` (our implementation by default, its ``settle``
    replaced when one is given)."""
    if engine is None or settle is not None:
        engine = OurImplementation(settle=settle)
    return prove_craps(engine, readings, wagers, budget, specs, record).results


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
