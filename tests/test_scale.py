"""Issue 31, item 3: the exhaustive Pai Gow pass of an engine that is a program, on a Dask
cluster (``check --scheduler``, casino_proofs.scale, docs/scale.md). Its report is the local
pool's byte for byte but for the timings (``seconds``: the one field that differs from run to
run of one process); a worker that dies, and an engine that hangs on a worker, are ERROR for
what was not answered, never PROVED; nothing is left running on the workers; progress is told
shard by shard; and ``--scheduler`` is checked, in one line, before any work.

The default run checks on 13 cards (tests/decks.py: a fault shows on A to 6 in two suits as
on the whole deck) against a ``LocalCluster`` of two workers; the whole deck, the command
itself in new processes, and the compare-only engine are under ``-m exhaustive``."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from casino_proofs import scale
from casino_proofs.adapters.targets import open_target
from casino_proofs.command.main import main
from casino_proofs.obligations.verdict import Verdict
from casino_proofs.paigow.obligations import PaiGowOutcome, prove_paigow
from casino_proofs.reports.check import to_json
from casino_proofs.reports.documents import CheckDetail
from casino_proofs.untrusted import processes
from tests.decks import TWO_SUITS, WHEEL_TWO_SUITS

ROOT = Path(__file__).resolve().parent.parent
ENGINE_JS = ROOT / "examples" / "engines" / "engine.js"
CLUSTER_ENGINES = ROOT / "tests" / "engines" / "cluster"
#: a hand of the 13-card deck, in a pass task of its own (the hands starting with 4c)
FAULTY_HAND = "4c 4s 5c 5s 6c"
#: the fields of a report that differ from one run to the next of one process
RUN_DEPENDENT = ("seconds",)

needs_node = pytest.mark.skipif(shutil.which("node") is None,
                                reason="node is not installed (.ci/run installs it)")
needs_dask = pytest.mark.skipif(not scale.dask_installed(),
                                reason=f"Dask is not installed ({scale.INSTALL})")


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """A LocalCluster of two workers of one thread, reached at its tcp:// address as a
    cluster of one's own is; like ``--scheduler local``'s, it retries no shard whose worker
    died."""
    if not scale.dask_installed():
        pytest.skip(f"Dask is not installed ({scale.INSTALL})")
    import dask
    import distributed

    with dask.config.set({"distributed.scheduler.allowed-failures": 0,
                          "distributed.scheduler.worker-saturation": 1.0}), \
            distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                     dashboard_address=None, memory_limit=0,
                                     silence_logs=logging.ERROR) as made:
        yield str(made.scheduler_address)


def _report(outcome: PaiGowOutcome) -> str:
    """The outcome as ``check --format json`` reports it (its Pai Gow parts), without the
    fields that differ from run to run."""
    detail = CheckDetail(
        figures={"paigow": {"hands": outcome.hands, "classes": outcome.classes,
                            "digest": outcome.digest, "silence": outcome.silence}},
        runs=({"answers_sha256": outcome.answers_digest,
               "determinism_sample": outcome.determinism_sample,
               "combination_counts": outcome.combination_counts,
               "channel": {s: log.json() for s, log in outcome.channel.items()}},),
        left_out=tuple(outcome.left_out))
    return _without_timings(to_json(outcome.results, {}, 0.0, detail))


def _without_timings(text: str) -> str:
    def drop(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: drop(v) for k, v in value.items() if k not in RUN_DEPENDENT}
        if isinstance(value, list):
            return [drop(v) for v in value]
        return value
    return json.dumps(drop(json.loads(text)), indent=2, ensure_ascii=False)


def _pass(target: str, scheduler: str | None, deck: tuple[int, ...] = WHEEL_TWO_SUITS,
          progress: list[tuple[int, int]] | None = None,
          timeout_ms: int = 60_000) -> PaiGowOutcome:
    engine = open_target(target, timeout_ms)
    try:
        return prove_paigow(engine, workers=2, deck=deck, spec_checks=False,
                            scheduler=scheduler,
                            progress=None if progress is None else
                            lambda done, total: progress.append((done, total)))
    finally:
        engine.close()


def _fault_engine(name: str) -> str:
    return f"exec:{sys.executable} {CLUSTER_ENGINES / name}.py {os.getpid()} {FAULTY_HAND}"


def _running(marker: str) -> list[int]:
    """The processes whose command line holds ``marker``."""
    out = []
    for entry in os.listdir("/proc"):
        with contextlib.suppress(OSError):
            if entry.isdigit() and marker.encode() in Path(f"/proc/{entry}/cmdline").read_bytes():
                out.append(int(entry))
    return [p for p in out if p != os.getpid()]


def _nothing_left(marker: str) -> list[int]:
    """What still runs with ``marker`` in its command line up to 30 seconds on (a killed
    worker's engine ends by its parent-death signal, at once)."""
    deadline = time.monotonic() + 30
    while _running(marker) and time.monotonic() < deadline:
        time.sleep(0.05)
    return _running(marker)


# -- the same report ----------------------------------------------------------------------


@needs_node
@needs_dask
def test_the_pass_on_two_dask_workers_gives_the_local_pool_s_report(cluster: str) -> None:
    """Every verdict, counterexample, count and digest, and each worker's channel, as the two
    local processes give them; progress is told as each shard finishes, up to every hand."""
    target = f"exec:node {ENGINE_JS}"
    told: list[tuple[int, int]] = []
    on_cluster = _pass(target, cluster, progress=told)
    assert _report(on_cluster) == _report(_pass(target, None))
    assert {r.verdict for r in on_cluster.results} <= {Verdict.PROVED, Verdict.VACUOUS}
    total = sum(on_cluster.hands.values())
    # the work ahead first (issue 44), then one report a shard: its first card fixed
    assert told[0] == (0, total) and len(told) == 1 + 13 - 5 + 1 + 13 - 2 + 1
    assert [d for d, _ in told] == sorted(d for d, _ in told) and told[-1] == (total, total)


@needs_node
@needs_dask
def test_a_wrong_engine_is_refuted_on_a_dask_cluster_as_in_the_local_pool(cluster: str) -> None:
    """The first counterexample (the least pair of hands) is the pool's, whichever worker
    found it first."""
    target = f"exec:node {ENGINE_JS} --fault wheel-lowest"
    on_cluster = _pass(target, cluster)
    assert _report(on_cluster) == _report(_pass(target, None))
    assert "paigow/high/order/r3-40-7:second" in {
        r.obligation.id for r in on_cluster.results if r.verdict is Verdict.REFUTED}


# -- a worker that dies, an engine that hangs -----------------------------------------------


def _a_worker_dies(scheduler: str | None) -> None:
    """The engine kills the worker running it, mid-shard (a LocalCluster's, started for the
    run, retries none on another worker; in the local pool, every shard not yet finished is not
    answered). Nothing that worker or the others started is left running.

    Only what is certain is asserted: the verdicts (ERROR, never PROVED) and that the hands
    were not asked. Which words say why depends on a race: Dask reports the same death as a
    worker lost or as a shard cancelled, by which of its messages arrives first (issue 45)."""
    outcome = _pass(_fault_engine("kills_its_worker"), scheduler)
    by_id = {r.obligation.id: r for r in outcome.results}
    exhaustive = by_id["paigow/high/exhaustive"]
    assert exhaustive.verdict is Verdict.ERROR
    assert "unasked: " in exhaustive.detail
    assert by_id["paigow/high/deterministic"].verdict is not Verdict.PROVED
    assert _nothing_left(str(CLUSTER_ENGINES / "kills_its_worker.py")) == []


@needs_dask
@pytest.mark.parametrize("scheduler", [None, scale.LOCAL])
def test_a_worker_that_dies_leaves_its_hands_error_never_proved(scheduler: str | None) -> None:
    _a_worker_dies(scheduler)


@needs_dask
@pytest.mark.exhaustive  # a test that rests on a race, shown not to: 20 runs in a row
@pytest.mark.parametrize("scheduler", [None, scale.LOCAL])
def test_a_worker_that_dies_is_error_never_proved_twenty_times_in_a_row(
        scheduler: str | None) -> None:
    for _ in range(20):
        _a_worker_dies(scheduler)


@needs_dask
def test_an_engine_that_hangs_on_a_dask_worker_is_error_never_proved(cluster: str) -> None:
    """Its hand gets no answer within --engine-timeout-ms (the engine's own time limit, on the
    worker as here): ERROR. Once the run is over, no worker has an engine running."""
    import distributed

    outcome = _pass(_fault_engine("hangs_on_a_worker"), cluster, timeout_ms=1_000)
    exhaustive = next(r for r in outcome.results if r.obligation.id == "paigow/high/exhaustive")
    assert exhaustive.verdict is Verdict.ERROR
    assert "timeout" in exhaustive.detail or "no answer within" in exhaustive.detail
    with distributed.Client(cluster) as client:
        workers = client.run(os.getpid)
    assert {w: processes.descendants(pid) for w, pid in workers.items()} == \
        {w: set() for w in workers}
    assert _nothing_left(str(CLUSTER_ENGINES / "hangs_on_a_worker.py")) == []


# -- the shards themselves --------------------------------------------------------------------


def _setup(state: int) -> int:
    return state


def _teardown(_context: int) -> None:
    return None


def _later_for_the_first(context: int, shard: int) -> int:
    time.sleep(0.05 * (3 - shard))  # the first shard finishes last
    return context * shard


def test_shards_come_back_in_shard_order_whatever_order_they_finish_in() -> None:
    finished: list[int] = []
    work = scale.Work(_later_for_the_first, 10, _setup, _teardown)
    got = list(scale.map_shards(work, [0, 1, 2, 3], scale.Scheduler(2), finished.append))
    assert got == [0, 10, 20, 30]
    assert sorted(finished) == [0, 1, 2, 3]


# -- --scheduler, checked before any work -------------------------------------------------


def _usage(capsys: pytest.CaptureFixture[str], *options: str) -> str:
    code = main(["check", "--only", "paigow", "--quiet", "--engine", f"exec:node {ENGINE_JS}",
                 *options])
    err = capsys.readouterr().err
    assert code == 2, err
    assert len(err.splitlines()) == 1, err
    return err


def test_scheduler_without_dask_says_how_to_install_it(capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if it were not installed
    assert "pip install 'casino-proofs[distributed]'" in _usage(capsys, "--scheduler", "local")


@needs_dask
@pytest.mark.parametrize("address", ["tcp://", "tcp://127.0.0.1", "http://127.0.0.1:8786",
                                     "tcp://127.0.0.1:70000", "tcp://a b:8786", "locale"])
def test_a_scheduler_address_of_another_form_is_refused(
        capsys: pytest.CaptureFixture[str], address: str) -> None:
    assert "--scheduler takes local" in _usage(capsys, "--scheduler", address)


@needs_dask
def test_a_scheduler_address_where_none_listens_is_refused(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert "no Dask scheduler answers there" in _usage(capsys, "--scheduler", "tcp://127.0.0.1:9")


@needs_dask
def test_scheduler_is_refused_for_an_engine_that_is_not_a_program(
        capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["check", "--only", "paigow", "--quiet", "--scheduler", "local"])
    err = capsys.readouterr().err
    assert code == 2 and len(err.splitlines()) == 1 and "is neither" in err, err


@needs_dask
def test_scheduler_is_refused_where_no_pai_gow_pass_runs(
        capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["check", "--only", "craps", "--quiet", "--scheduler", "local"])
    err = capsys.readouterr().err
    assert code == 2 and len(err.splitlines()) == 1 and "--only craps" in err, err


# -- the whole deck, and the command itself ---------------------------------------------------


def _check_json(*options: str) -> str:
    done = subprocess.run([sys.executable, "-m", "casino_proofs", "check", "--only", "paigow",
                           "--quiet", "--format", "json", *options], capture_output=True,
                          text=True, check=False, timeout=1200)
    assert done.returncode in (0, 1), done.stderr
    return _without_timings(done.stdout)


@needs_node
@needs_dask
@pytest.mark.exhaustive
def test_check_on_a_local_cluster_gives_the_local_pool_s_report_over_every_hand() -> None:
    """The command, in new processes, over every hand of the 53-card deck with its queries:
    the same JSON report, resource counts included, apart from the timings."""
    engine = f"exec:node {ENGINE_JS}"
    pool = _check_json("--engine", engine)
    assert _check_json("--engine", engine, "--scheduler", scale.LOCAL) == pool
    assert json.loads(pool)["summary"]["verdict"] == "PROVED"


_COMPARE_ONLY = """
import sys
from casino_proofs.adapters.targets import open_target
from casino_proofs.paigow.obligations import prove_paigow
from tests.test_scale import _report
from tests.decks import TWO_SUITS
if __name__ == "__main__":
    engine = open_target(sys.argv[1])
    scheduler = None if sys.argv[2] == "pool" else sys.argv[2]
    print(_report(prove_paigow(engine, workers=2, deck=TWO_SUITS, spec_checks=False,
                               scheduler=scheduler)))
    engine.close()
"""


@needs_node
@needs_dask
@pytest.mark.exhaustive
def test_a_compare_only_engine_on_a_local_cluster_gives_the_local_pool_s_report(
        tmp_path: Path) -> None:
    """The compare-only engine (each worker sorts the classes by its comparisons) over the
    80,730 + 351 hands of two suits, each run a new process. Without the queries: in the
    local pool, the worker that runs them may run no two-card task, and then one engine fewer
    sorts the two-card classes, which the channel's request count shows (docs/scale.md)."""
    script = tmp_path / "compare_only.py"
    script.write_text(_COMPARE_ONLY)
    target = f"exec:node {ENGINE_JS} --compare-only"
    assert len(TWO_SUITS) == 27

    def run(where: str) -> str:
        done = subprocess.run([sys.executable, str(script), target, where], cwd=ROOT,
                              capture_output=True, text=True, check=True, timeout=1200,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
        return done.stdout

    pool = run("pool")
    assert run(scale.LOCAL) == pool
    assert '"verdict": "PROVED"' in pool
