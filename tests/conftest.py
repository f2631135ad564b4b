"""Shared fixtures, each made once per test session: the full Pai Gow proof run, the ambiguity
findings, and the audit bundles the forgery corpus starts from."""

from __future__ import annotations

import contextlib
import fcntl
import functools
import gc
import io
import os
import pickle
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, TypeVar

import pytest

from casino_proofs.analyses.assurance import coverage
from casino_proofs.analyses.readings.ambiguities import Finding, find_all
from casino_proofs.command.main import FULL_EVERY, main
from casino_proofs.craps.obligations.run import CrapsRun, prove_craps
from casino_proofs.paigow.assurance.ours import check_paigow
from casino_proofs.paigow.obligations import PaiGowOutcome
from casino_proofs.protocol.engine import Engine
from casino_proofs.solving.budget import Budget
from tests.decks import FACES_ALL_SUITS

ROOT = Path(__file__).resolve().parent.parent
BAD_ENGINES = ROOT / "tests" / "engines" / "bad"

# A test process keeps what its tests made (session runs, bundles, Z3 terms) for its whole
# life, as a command keeps what it judged until it reports, only more of it: its full
# collections come ten times rarer still than a command's (FULL_EVERY), for every test, those
# that call the library itself too. Measured on 2026-12-06 (docs/performance.md): the default
# run's garbage collection from 13 s to 4 s of CPU, for about 150 MB more at a worker's peak.
gc.set_threshold(*gc.get_threshold()[:2], 10 * FULL_EVERY)


T = TypeVar("T")


def pytest_configure(config: pytest.Config) -> None:
    """The specification's bulk tables (issue 45) kept in a cache directory of this run's own,
    never the user's (``$XDG_CACHE_HOME``): made by the first test that needs one, read by the
    others, the test processes and the commands they start alike (they inherit it)."""
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        made = tempfile.mkdtemp(prefix="casino-proofs-test-cache-")
        os.environ["XDG_CACHE_HOME"] = made
        config.stash[_CACHE_HOME] = made


def pytest_unconfigure(config: pytest.Config) -> None:
    made = config.stash.get(_CACHE_HOME, None)
    if made is not None:
        shutil.rmtree(made, ignore_errors=True)


_CACHE_HOME = pytest.StashKey[str]()


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
    """Every Pai Gow obligation over the whole 53-card deck (about 50 s of CPU), with its
    queries kept, as a bundle keeps them; made once for every test process. Only tests
    marked exhaustive use it: the default run renders :func:`paigow_small_outcome`."""
    return _made_once("paigow_outcome", tmp_path_factory, lambda: check_paigow(record=True))


@pytest.fixture(scope="session")
def paigow_small_outcome() -> PaiGowOutcome:
    """The Pai Gow obligations about the implementation over the 21 cards of
    :data:`tests.decks.FACES_ALL_SUITS` (about 1 s): what a report renders, without the whole
    deck's pass. Combinations the deck cannot make (a flush that is not a royal flush, a
    straight flush) are VACUOUS, so it fails closed."""
    return check_paigow(deck=FACES_ALL_SUITS, workers=1, record=True, spec_checks=False)


@pytest.fixture(scope="session")
def ambiguity_findings(tmp_path_factory: pytest.TempPathFactory) -> list[Finding]:
    """Every entry of the ambiguity registry decided (about 6 s); made once."""
    return _made_once("ambiguity_findings", tmp_path_factory, find_all)


class SameCrapsRun:
    """``prove_craps`` for tests that render the default run: our implementation, every
    wager, every reading at its default, no bundle. That run is made once for the session;
    any other (another engine, reading, wager list or a bundle) is made as asked."""

    def __init__(self) -> None:
        self.run: CrapsRun | None = None

    def __call__(self, engine: Engine, readings: Mapping[str, str] | None = None,
                 wagers: list[str] | None = None, budget: Budget | None = None,
                 **options: Any) -> CrapsRun:
        default = (engine.kind == "impl" and not readings and wagers is None
                   and not options.get("record") and not options.get("left_out")
                   and (budget or Budget()) == Budget())
        if not default:
            return prove_craps(engine, readings, wagers, budget, **options)
        if self.run is None:
            self.run = prove_craps(engine, readings, wagers, budget, **options)
        return self.run


SAME_CRAPS_RUN = SameCrapsRun()


@pytest.fixture
def same_craps_run(monkeypatch: pytest.MonkeyPatch) -> SameCrapsRun:
    """The check command's default craps run, made once for this test process (for tests of
    what is rendered from it; tests of the run itself run it)."""
    monkeypatch.setattr("casino_proofs.craps.obligations.game.prove_craps", SAME_CRAPS_RUN)
    return SAME_CRAPS_RUN


_OBLIGATIONS = functools.cache(coverage._obligations)


@pytest.fixture
def obligations_listed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Coverage's obligations by sentence (a craps check and both Pai Gow scopes, about 2 s),
    listed once for this test process."""
    monkeypatch.setattr(coverage, "_obligations", _OBLIGATIONS)


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
                patch.setattr("casino_proofs.paigow.obligations.game.prove_paigow",
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
    """One audit bundle of each base, made when a test first needs it (shared by the run's
    test processes: in the run's own temporary directory, never one a run before it left)."""
    base = tmp_path_factory.getbasetemp()
    root = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") is not None else base) \
        / "bundles"
    root.mkdir(exist_ok=True)
    return Bundles(root, request)


# -- the headless browser the page tests share (issue 44) -------------------------------------

#: the environment variable naming where the page tests keep their screenshots (default: the
#: run's temporary directory, ``screenshots/``); the run's summary names the directory
SCREENSHOTS = "CASINO_PROOFS_SCREENSHOTS"


def _screenshots_dir(basetemp: Path) -> Path:
    chosen = os.environ.get(SCREENSHOTS)
    return Path(chosen) if chosen else basetemp / "screenshots"


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless Chromium for every page test of this test process (tests/browser.py),
    started when a test first needs it; skipped where none is installed (never on CI)."""
    from tests.browser import CHROMIUM, Browser

    if CHROMIUM is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed on CI (.ci/run installs it)")
        pytest.skip("no chromium on this machine (apt-get install chromium)")
    started = Browser(CHROMIUM)
    yield started
    started.close()


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the page tests keep the screenshots they take, for a reader to look at: the
    run's own temporary directory (every test process's alike), or $CASINO_PROOFS_SCREENSHOTS."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER") is not None:
        base = base.parent
    folder = _screenshots_dir(base)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    """The screenshots the page tests took, named at the end of the run's output."""
    factory = getattr(config, "_tmp_path_factory", None)
    if factory is None or getattr(config, "workerinput", None) is not None:
        return
    folder = _screenshots_dir(factory.getbasetemp())
    shots = sorted(folder.glob("*.png")) if folder.is_dir() else []
    if shots:
        terminalreporter.write_line(f"screenshots of the pages ({len(shots)}): {folder}")
