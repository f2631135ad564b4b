"""Shared fixtures, each made once per test session: the full Pai Gow proof run, the ambiguity
findings, and the audit bundles the forgery corpus starts from."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from casino_proofs.analyses.ambiguities import Finding, find_all
from casino_proofs.command.main import main
from casino_proofs.obligations.paigow import PaiGowOutcome, check_paigow

ROOT = Path(__file__).resolve().parent.parent
BAD_ENGINES = ROOT / "tests" / "engines" / "bad"


#: Session fixtures worth making once: a test that needs one runs in that fixture's process.
_SHARED = ("paigow_outcome", "ambiguity_findings")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        needs = [name for name in _SHARED if name in getattr(item, "fixturenames", ())]
        if needs:
            item.add_marker(pytest.mark.xdist_group(needs[0]))


@pytest.fixture(scope="session")
def paigow_outcome() -> PaiGowOutcome:
    """Every Pai Gow obligation over the whole 53-card deck (about 16 s on two cores), with
    its queries kept, as a bundle keeps them."""
    return check_paigow(record=True)


@pytest.fixture(scope="session")
def ambiguity_findings() -> list[Finding]:
    """Every entry of the ambiguity registry decided (about 8 s)."""
    return find_all()


#: The bases of the forgery corpus (tests/forgeries/): the check options of each.
BUNDLES = {
    "craps": ["--only", "craps", "--wagers", "hard-6,any-7,pass-odds"],
    "any7": ["--only", "craps", "--wagers", "any-7", "--engine",
             f"exec:{sys.executable} {BAD_ENGINES / '_engine.py'}"],
    "any7-overpay": ["--only", "craps", "--wagers", "any-7", "--engine",
                     f"exec:{sys.executable} {BAD_ENGINES / 'overpays.py'}"],
    "paigow": ["--only", "paigow"],
}


@pytest.fixture(scope="session")
def bundles(tmp_path_factory: pytest.TempPathFactory,
            paigow_outcome: PaiGowOutcome) -> dict[str, Path]:
    """One audit bundle of each base (the Pai Gow one from the session's run, not a second
    pass over every hand)."""
    root = tmp_path_factory.mktemp("bundles")
    out = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("casino_proofs.command.check.check_paigow",
                      lambda *a, **k: paigow_outcome)
        for name, options in BUNDLES.items():
            out[name] = root / name
            code = main(["check", "--quiet", "--bundle", str(out[name]), *options])
            assert code == (1 if name == "any7-overpay" else 0), name
    return out
