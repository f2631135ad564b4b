"""Shared fixtures: the full Pai Gow proof run is made once per test session."""

from __future__ import annotations

import pytest

from proofs.paigow import PaiGowOutcome, check_paigow


@pytest.fixture(scope="session")
def paigow_outcome() -> PaiGowOutcome:
    """Every Pai Gow obligation over the whole 53-card deck (about 16 s on two cores)."""
    return check_paigow()
