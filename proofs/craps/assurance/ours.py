"""Our implementation run through the craps proofs, whole or with its ``settle`` replaced:
the entry point of the must-fail cases, the mutants and the coverage table (a wrong
``settle`` handed in must be caught; a check that cannot fail is a defect)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from casino_proofs import spec
from casino_proofs.adapters.ours import OurImplementation
from casino_proofs.craps.obligations import prove_craps
from casino_proofs.obligations.verdict import Result
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
