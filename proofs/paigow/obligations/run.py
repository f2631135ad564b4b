"""A Pai Gow run: the pass over every hand and the Z3 queries, in worker processes, then
every obligation, each checked by its own module (see the package's docstring)."""

from __future__ import annotations

import functools
import gc
import hashlib
import itertools
import random
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from math import comb
from typing import Any

from casino_proofs import scale, spec
from casino_proofs.obligations.capabilities import (
    derived_ranking,
    hand_comparer,
    library_defaults,
)
from casino_proofs.obligations.channel import channel_result, tag_given_up
from casino_proofs.obligations.verdict import Result, Verdict
from casino_proofs.paigow.obligations import (
    asked_again,
    catalogue,
    combination,
    comparator,
    convention,
    figures,
    order,
    spec_side,
)
from casino_proofs.paigow.obligations import every_hand as pp
from casino_proofs.paigow.obligations import queries as pq
from casino_proofs.paigow.obligations.every_hand import PassResult
from casino_proofs.paigow.obligations.evidence import ScopeEvidence
from casino_proofs.paigow.obligations.scope_spec import FULL_DECK, SCOPES, ScopeSpec
from casino_proofs.protocol.channel_log import ChannelLog
from casino_proofs.protocol.engine import Capability, Engine
from casino_proofs.scale import NotAnswered
from casino_proofs.solving.budget import Budget

DETERMINISM_SAMPLE = 20_000  # five-card hands asked again (every two-card hand is)
DETERMINISM_SEED = 53

# ---------------------------------------------------------------------------------------------
# Work done in worker processes: the pass over every hand, and the Z3 queries
# ---------------------------------------------------------------------------------------------


class _Worker:
    """What one worker holds for a run (:mod:`casino_proofs.scale`): the job (the engine, the
    readings, the deck, the budget, the sample), and an engine of its own for each thread that
    runs its pass tasks, opened on the first, all ended by ``close`` (a Dask worker may run
    shards on several threads; each engine is asked by one thread only)."""

    def __init__(self, job: dict[str, Any]) -> None:
        self.job = job
        self.engines: dict[int, Engine] = {}
        self.closed = False
        self.lock = threading.Lock()

    def engine(self) -> Engine:
        with self.lock:
            if self.closed:
                raise RuntimeError("the run has ended: no engine is started for it")
            mine = self.engines.get(threading.get_ident())
            if mine is None:
                mine = self.engines[threading.get_ident()] = self.job["engine"].fresh()
            return mine

    def close(self) -> None:
        with self.lock:
            self.closed = True
            engines, self.engines = list(self.engines.values()), {}
        for engine in engines:
            engine.close()


def _setup(job: dict[str, Any]) -> _Worker:
    return _Worker(job)


def _teardown(worker: _Worker) -> None:
    worker.close()


def _stays_here(task: tuple[str, ...]) -> bool:
    """The queries run on a process forked from the checker even when the pass goes to a
    cluster: Z3's resource counts and models depend on what the process made before."""
    return task[0] == "queries"


def _task(worker: _Worker, task: tuple[str, ...]) -> Any:
    job = worker.job
    kind = task[0]
    if kind == "queries":
        # Every query in one process, in one order, after the garbage the fork inherited is
        # gone: Z3's resource counts (and the models it picks) depend on the terms its context
        # has made and freed before, so which worker ran which query must not matter.
        gc.collect()
        return [q for t in _query_tasks() for q in _task(worker, t)]
    if kind == "abstraction":
        return pq.abstraction_queries(task[1], task[2], job["spec_readings"], job["budget"],
                                      job["record"])
    if kind == "spec":
        return pq.spec_queries(task[1], job["spec_readings"], job["deck"], job["budget"],
                               job["record"])
    return pp.run(worker.engine(), _pass_hands(task, job["deck"]), job["readings"],
                  _pass_index(task), job["sample"])


def _pass_hands(task: tuple[str, ...], deck: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """The hands of a pass task: every hand of its scope whose lowest card is its position's."""
    return pp.hands_starting_with(deck, int(task[2]), SCOPES[task[1]])


def _pass_index(task: tuple[str, ...]) -> int:
    return list(SCOPES).index(task[1]) * 1000 + int(task[2])


def _query_tasks() -> list[tuple[str, ...]]:
    return [t for scope in SCOPES for t in pq.query_tasks(scope)]


def _tasks(deck: tuple[int, ...], spec_checks: bool) -> list[tuple[str, ...]]:
    queries = [("queries",)] if spec_checks else []
    passes = [("hands", scope, str(p)) for scope, size in SCOPES.items()
              for p in range(len(deck) - size + 1)]
    # The longest first: hands starting with the lowest cards are the most numerous.
    passes.sort(key=lambda t: -_hands_of(t, len(deck)))
    return [*passes[:2], *queries, *passes[2:]]


def _hands_of(task: tuple[str, ...], cards: int) -> int:
    """How many hands a pass task goes over (its first card fixed); a query task, none."""
    if task[0] != "hands":
        return 0
    return comb(cards - 1 - int(task[2]), SCOPES[task[1]] - 1)


def _answered(task: tuple[str, ...], got: Any, job: dict[str, Any]) -> Any:
    """A task's result; for a pass task whose worker died, every hand of it not asked (ERROR
    for the exhaustive obligation, never PROVED); the queries' process dying ends the check."""
    if not isinstance(got, NotAnswered):
        return got
    if task[0] != "hands":
        raise RuntimeError(f"the process running the Pai Gow queries ended: {got.why}")
    return pp.not_answered(_pass_hands(task, job["deck"]), _pass_index(task), job["sample"],
                           got.why)


@functools.lru_cache(maxsize=4)
def _sample(deck: tuple[int, ...]) -> frozenset[tuple[int, ...]]:
    """The hands asked again: a seeded sample of five-card hands, and every two-card hand (a
    function of the deck alone, drawn once per deck in a process)."""
    rng = random.Random(DETERMINISM_SEED)
    high: set[tuple[int, ...]] = set()
    total = comb(len(deck), 5)
    while len(high) < min(DETERMINISM_SAMPLE, total):
        high.add(tuple(sorted(rng.sample(deck, 5))))
    return frozenset(high | set(itertools.combinations(deck, 2)))


# ---------------------------------------------------------------------------------------------
# Checking the obligations
# ---------------------------------------------------------------------------------------------


@dataclass
class PaiGowOutcome:
    results: list[Result]
    silence: dict[str, Any]
    digest: dict[str, str]
    hands: dict[str, int]
    classes: dict[str, int]
    seconds: float = 0.0
    answers_digest: str = ""
    determinism_sample: int = 0
    left_out: list[dict[str, str]] = field(default_factory=list)
    #: per scope, the hands the implementation gave each combination (when it names them)
    combination_counts: dict[str, dict[str, int]] = field(default_factory=dict)
    #: per scope, what the engine's channel went through (an engine that is a program)
    channel: dict[str, ChannelLog] = field(default_factory=dict)


def prove_paigow(engine: Engine, readings: Mapping[str, str] | None = None,
                 workers: int = 2, deck: tuple[int, ...] = FULL_DECK,
                 budget: Budget | None = None, spec_checks: bool = True,
                 record: bool = False,
                 progress: Callable[[int, int], None] | None = None,
                 phases: dict[str, float] | None = None,
                 scheduler: str | None = None) -> PaiGowOutcome:
    """Prove every Pai Gow obligation of ``engine`` over every hand of ``deck``.
    ``phases`` (with ``workers=1``, so that every phase runs here) gathers the CPU seconds of
    the pass over every hand, the queries, and the obligations checked after them.
    ``scheduler``: the pass's tasks on a Dask cluster (``local``, a ``LocalCluster`` of
    ``workers`` processes, or ``tcp://HOST:PORT``), each worker with an engine of its own; the
    queries stay on a process forked from this one. The outcome is the local pool's.

    ``spec_checks=False`` leaves out the obligations that do not involve the implementation
    (the abstraction lemma, non-vacuity, the statements' soundness, the conventions' consistency
    with the text): for running many implementations against one specification.
    """
    started = time.perf_counter()
    values = dict(readings or {})
    spec_readings = spec.Readings.from_dict(values)
    engine.hello  # noqa: B018 - asked once here, before the workers copy the engine
    deck = tuple(sorted(deck))
    # a Dask worker is sent the engine unstarted (a started one holds its process)
    job = {"engine": engine.fresh() if scheduler else engine, "readings": values,
           "spec_readings": spec_readings, "deck": deck, "budget": budget or Budget(),
           "record": record, "sample": _sample(deck)}
    where = scale.Scheduler(workers, scheduler)
    passes, queries = _run_tasks(job, _tasks(deck, spec_checks), where, progress, phases)
    clock = time.process_time()
    out = PaiGowOutcome([], {}, {}, {s: passes[s].hands for s in SCOPES},
                        {s: len(passes[s].classes) for s in SCOPES},
                        determinism_sample=sum(len(passes[s].sample) for s in SCOPES))
    for scope in SCOPES:
        out.results += _scope_results(scope, passes[scope], queries, engine, values,
                                      spec_readings, deck, spec_checks, out)
    answers = hashlib.sha256()
    for scope in SCOPES:
        answers.update(f"{scope}:{passes[scope].digest()}\n".encode())
    out.answers_digest = answers.hexdigest()
    out.results.sort(key=lambda r: catalogue.ORDER.index(r.obligation.claim))
    out.combination_counts = {s: figures.named_counts(passes[s]) for s in SCOPES
                              if passes[s].named}
    out.seconds = time.perf_counter() - started
    if phases is not None:
        phases["obligations after the pass"] = time.process_time() - clock
    return out


def _run_tasks(job: dict[str, Any], tasks: list[tuple[str, ...]], where: scale.Scheduler,
               progress: Callable[[int, int], None] | None,
               phases: dict[str, float] | None) -> tuple[dict[str, PassResult],
                                                         list[pq.Query]]:
    """Every task, wherever ``where`` says, merged in task order: each scope's pass, and the
    queries; ``progress`` is told the hands done as each task finishes, wherever it ran."""
    passes = {scope: PassResult({}, 0, {}) for scope in SCOPES}
    queries: list[pq.Query] = []
    clock = time.process_time()
    hands = [_hands_of(t, len(job["deck"])) for t in tasks]
    total, done = sum(hands), 0
    if progress is not None:
        progress(0, total)  # the work ahead, before the first task is done

    def finished(i: int) -> None:
        nonlocal done
        done += hands[i]
        if progress is not None:
            progress(done, total)

    work = scale.Work(_task, job, _setup, _teardown, _stays_here)
    for task, got in zip(tasks, scale.map_shards(work, tasks, where, finished), strict=True):
        outcome = _answered(task, got, job)
        if task[0] == "hands":
            passes[task[1]].merge(outcome)
        else:
            queries += outcome
        if phases is not None:
            phase = "pass over every hand" if task[0] == "hands" else "queries"
            phases[phase] = phases.get(phase, 0.0) + time.process_time() - clock
            clock = time.process_time()
    return passes, queries


def _scope_results(scope: str, passed: PassResult, queries: list[pq.Query], engine: Engine,
                   values: dict[str, str], spec_readings: spec.Readings,
                   deck: tuple[int, ...], spec_checks: bool,
                   out: PaiGowOutcome) -> list[Result]:
    """Every obligation of one scope, each checked by its own module; the silence report,
    the digest and what was left out go into ``out``."""
    ev = ScopeEvidence(scope, passed, ScopeSpec.build(scope, spec_readings), engine, values,
                       bulk_readings=spec_checks)
    every_hand = spec_side.every_hand(len(deck))
    results = [replace(figures.exhaustive(scope, passed, deck),
                       enumeration="enumeration: the pass itself")]
    results += spec_side.enumerated(ev, spec_side.query_results(
        [q for q in queries if q.id.startswith(f"paigow/{scope}/")]))
    checked = combination.check(ev) + order.check(ev) + convention.check(ev)
    if spec_checks:
        checked += [*convention.consistency(ev), spec_side.evaluator(ev), spec_side.bulk(ev)]
    has_compare = engine.can(Capability.COMPARES_HANDS)
    if has_compare:
        checked.append(asked_again.preorder(ev, hand_comparer(engine).compare))
    results += [replace(r, enumeration=every_hand) for r in checked]
    again = [asked_again.deterministic(scope, engine, passed, values)]
    if engine.can(Capability.EXPLICIT_DEFAULTS):
        again.append(asked_again.library_defaults(ev,
                                                  library_defaults(engine).explicit_defaults()))
    results += [replace(r, enumeration=f"enumeration: {r.detail}" if r.verdict is
                        Verdict.PROVED else "enumeration: the hands asked again")
                for r in again]
    derived = engine.can(Capability.RANKS_BY_COMPARISON)
    if derived:
        evidence = derived_ranking(engine).comparator_evidence(SCOPES[scope], deck, values)
        results.append(comparator.check(scope, evidence))
    results += _channel(scope, passed, engine, out)
    results = tag_given_up(results, out.channel.get(scope))
    out.left_out += left_out(scope, ev.named, has_compare, derived)
    out.silence[scope] = figures.silence(ev)
    out.digest[scope] = figures.digest(ev)
    return results


def left_out(scope: str, named: bool, has_compare: bool, compare_only: bool
             ) -> list[dict[str, str]]:
    """The Pai Gow obligations of ``scope`` that cannot apply to the engine, and why: the
    names of combinations, if it names none; the preorder of its compare() beside its
    strengths, if it has no compare(), or only one (``"ranking": "compare"``)."""
    out = []
    if not named:
        out.append({"what": f"paigow/{scope}/combination", "why": (
            "not applicable: a compare-only evaluator names no combinations; the order "
            "obligations (r3-40-intro:*) prove its combinations by their place in the order"
            if compare_only else
            "the engine answers strengths without naming combinations; the order "
            "obligations (r3-40-intro:*) prove its combinations by their place in the order")})
    if not has_compare:
        out.append({"what": f"paigow/{scope}/preorder", "why": (
            "not applicable: the strengths are derived from the engine's own compare() "
            "(\"ranking\": \"compare\"), and the comparator obligation tests the order they "
            "give against comparisons the derivation never asks"
            if compare_only else "the engine has no compare(); its order is its strengths")})
    return out


def _channel(scope: str, result: PassResult, engine: Engine,
             out: PaiGowOutcome) -> list[Result]:
    """The ``channel`` obligation of an engine that is a program: its worker processes' logs
    over the pass, and this process's (hands asked again, counterexamples replayed)."""
    here = engine.take_channel()
    if here is None and result.channel is None:
        return []
    log = ChannelLog()
    for part in (result.channel, here):
        if part is not None:
            log.merge(part)
    out.channel[scope] = log
    return [replace(channel_result(catalogue.channel(scope), log),
                    enumeration="enumeration: every request sent")]
