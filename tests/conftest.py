"""Shared fixtures: the full Pai Gow proof run is made once per test session."""

from __future__ import annotations

import pytest

from casino_proofs.analyses.ambiguities import Finding, find_all
from casino_proofs.obligations.paigow import PaiGowOutcome, check_paigow


@pytest.fixture(scope="session")
def paigow_outcome() -> PaiGowOutcome:
    """Every Pai Gow obligation over the whole 53-card deck (about 16 s on two cores)."""
    return check_paigow()


@pytest.fixture(scope="session")
def ambiguity_findings() -> list[Finding]:
    """Every entry of the ambiguity registry decided (about 8 s)."""
    return find_all()
