"""What testing a compare-only evaluator's comparisons against the order derived from them
found (:mod:`casino_proofs.adapters.comparator_checks` asks; the ``comparator`` obligation of
:mod:`casino_proofs.paigow.obligations` judges)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class ComparatorEvidence:
    """For one hand size: the comparisons asked by each check, how many the derived order
    contradicts, and the first of those (its pair as written, the answer, the answer due)."""

    size: int
    asked: dict[str, int] = field(default_factory=dict)
    failing: int = 0
    first: dict[str, Any] | None = None

    @property
    def total(self) -> int:
        return sum(self.asked.values())
