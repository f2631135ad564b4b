"""Shared fixtures, each made once per test session: the full Pai Gow proof run, the ambiguity
findings, and the audit bundles the forgery corpus starts from."""

from __future__ import annotations

import contextlib
import fcntl
import io
import os
import pickle
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

from casino_proofs.analyses.assurance.ours import check_paigow
from casino_proofs.analyses.readings.ambiguities import Finding, find_all
from casino_proofs.command.main import main
from casino_proofs.obligations.paigow import PaiGowOutcome

ROOT = Path(__file__).resolve().parent.parent
BAD_ENGINES = ROOT / "tests" / "engines" / "bad"


T = TypeVar("T")


def _made_once(name: str, tmp_path_factory: pytest.TempPathFactory, make: Callable[[], T]) -> T:
    """A session fixture's value, made by one test process and read by the others
    (pytest-xdist runs one session per process: each would otherwise make it again). The
    pickle is this run's own, in its temporary directory."""
    root = tmp_path_factory.getbasetemp().parent
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        return make()
    path = root / f"{name}.pickle"
    with (root / f"{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if path.is_file():
            value: T = pickle.loads(path.read_bytes())
            return value
        value = make()
        path.write_bytes(pickle.dumps(value))
        return value


@pytest.fixture(scope="session")
def paigow_outcome(tmp_path_factory: pytest.TempPathFactory) -> PaiGowOutcome:
    """Every Pai Gow obligation over the whole 53-card deck (about 18 s on two cores), with
    its queries kept, as a bundle keeps them; made once for every test process."""
    return _made_once("paigow_outcome", tmp_path_factory, lambda: check_paigow(record=True))


@pytest.fixture(scope="session")
def ambiguity_findings(tmp_path_factory: pytest.TempPathFactory) -> list[Finding]:
    """Every entry of the ambiguity registry decided (about 6 s); made once."""
    return _made_once("ambiguity_findings", tmp_path_factory, find_all)


#: The bases of the forgery corpus (tests/forgeries/): the check options of each.
BUNDLES = {
    "craps": ["--only", "craps", "--wagers", "hard-6,any-7,pass-odds"],
    "any7": ["--only", "craps", "--wagers", "any-7", "--engine",
             f"exec:{sys.executable} {BAD_ENGINES / '_engine.py'}"],
    "any7-overpay": ["--only", "craps", "--wagers", "any-7", "--engine",
                     f"exec:{sys.executable} {BAD_ENGINES / 'overpays.py'}"],
    "paigow": ["--only", "paigow"],
}


class Bundles:
    """The bases of the forgery corpus, each written on first use, once for every test
    process (under a lock, in this run's temporary directory): a run whose tests never
    replay a Pai Gow bundle never makes one."""

    def __init__(self, root: Path, request: pytest.FixtureRequest) -> None:
        self.root, self.request = root, request

    def __getitem__(self, name: str) -> Path:
        target = self.root / name
        with (self.root / f"{name}.lock").open("w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not (target / "manifest.json").is_file():
                self._write(name, target)
        return target

    def _write(self, name: str, target: Path) -> None:
        options = BUNDLES[name]
        with pytest.MonkeyPatch.context() as patch:
            if name == "paigow":  # the session's run, not a second pass over every hand
                outcome = self.request.getfixturevalue("paigow_outcome")
                patch.setattr("casino_proofs.command.check.prove_paigow",
                              lambda *a, **k: outcome)
            staging = self.root / f"{name}.writing"
            if staging.exists():
                shutil.rmtree(staging)
            with contextlib.redirect_stdout(io.StringIO()):  # not the asking test's output
                code = main(["check", "--quiet", "--bundle", str(staging), *options])
            assert code == (1 if name == "any7-overpay" else 0), name
            staging.rename(target)


@pytest.fixture(scope="session")
def bundles(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Bundles:
    """One audit bundle of each base, made when a test first needs it."""
    root = tmp_path_factory.getbasetemp().parent / "bundles"
    root.mkdir(exist_ok=True)
    return Bundles(root, request)
