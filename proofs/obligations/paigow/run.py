"""A Pai Gow run: the pass over every hand and the Z3 queries, in worker processes, then
every obligation, each checked by its own module (see the package's docstring)."""

from __future__ import annotations

import gc
import hashlib
import itertools
import multiprocessing
import os
import random
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from math import comb
from typing import Any

from casino_proofs import spec
from casino_proofs.obligations.channel import channel_result, tag_given_up
from casino_proofs.obligations.paigow import (
    asked_again,
    catalogue,
    combination,
    comparator,
    convention,
    figures,
    order,
    spec_side,
)
from casino_proofs.obligations.paigow import every_hand as pp
from casino_proofs.obligations.paigow import queries as pq
from casino_proofs.obligations.paigow.every_hand import PassResult
from casino_proofs.obligations.paigow.evidence import ScopeEvidence
from casino_proofs.obligations.paigow.scope_spec import FULL_DECK, SCOPES, ScopeSpec
from casino_proofs.obligations.verdict import Result, Verdict
from casino_proofs.protocol.channel_log import ChannelLog
from casino_proofs.protocol.engine import Engine
from casino_proofs.solving.budget import Budget
from casino_proofs.untrusted import processes

DETERMINISM_SAMPLE = 20_000  # five-card hands asked again (every two-card hand is)
DETERMINISM_SEED = 53

# ---------------------------------------------------------------------------------------------
# Work done in worker processes: the pass over every hand, and the Z3 queries
# ---------------------------------------------------------------------------------------------

_JOB: dict[str, Any] = {}
_ENGINE: list[Engine] = []  # the worker's own engine, opened on its first task


def _worker_engine() -> Engine:
    if not _ENGINE:
        _ENGINE.append(_JOB["engine"].fresh())
    return _ENGINE[0]


def _close_worker_engine() -> None:
    while _ENGINE:
        _ENGINE.pop().close()


def _task(task: tuple[str, ...]) -> tuple[tuple[str, ...], Any]:
    kind = task[0]
    if kind == "queries":
        # Every query in one process, in one order, after the garbage the fork inherited is
        # gone: Z3's resource counts (and the models it picks) depend on the terms its context
        # has made and freed before, so which worker ran which query must not matter.
        gc.collect()
        return task, [q for t in _query_tasks() for q in _task(t)[1]]
    if kind == "abstraction":
        return task, pq.abstraction_queries(task[1], task[2], _JOB["spec_readings"],
                                            _JOB["budget"], _JOB["record"])
    if kind == "spec":
        return task, pq.spec_queries(task[1], _JOB["spec_readings"], _JOB["deck"],
                                     _JOB["budget"], _JOB["record"])
    scope, position = task[1], int(task[2])
    deck = _JOB["deck"]
    hands: Iterator[tuple[int, ...]] = pp.hands_starting_with(deck, position, SCOPES[scope])
    index = list(SCOPES).index(scope) * 1000 + position
    return task, pp.run(_worker_engine(), hands, _JOB["readings"], index, _JOB["sample"])


def _query_tasks() -> list[tuple[str, ...]]:
    return [t for scope in SCOPES for t in pq.query_tasks(scope)]


def _tasks(deck: tuple[int, ...], spec_checks: bool) -> list[tuple[str, ...]]:
    queries = [("queries",)] if spec_checks else []
    passes = [("pass", scope, str(p)) for scope, size in SCOPES.items()
              for p in range(len(deck) - size + 1)]
    # The longest first: hands starting with the lowest cards are the most numerous.
    passes.sort(key=lambda t: -_hands_of(t, len(deck)))
    return [*passes[:2], *queries, *passes[2:]]


def _hands_of(task: tuple[str, ...], cards: int) -> int:
    """How many hands a pass task goes over (its first card fixed); a query task, none."""
    if task[0] != "pass":
        return 0
    return comb(cards - 1 - int(task[2]), SCOPES[task[1]] - 1)


def _run_tasks(tasks: list[tuple[str, ...]], workers: int) -> Iterator[tuple[tuple[str, ...],
                                                                             Any]]:
    if workers <= 1:
        try:
            yield from map(_task, tasks)
        finally:
            _close_worker_engine()
        return
    context = multiprocessing.get_context("fork")
    # a worker, and the engine it runs, end with the checker, however the checker ends
    with context.Pool(workers, processes.exit_with_parent, (os.getpid(),)) as pool:
        yield from pool.imap_unordered(_task, tasks)
        # each worker's engine ends with its process
        pool.map(_close_in_worker, range(workers * 4))


def _close_in_worker(_: int) -> None:
    _close_worker_engine()


def _sample(deck: tuple[int, ...]) -> frozenset[tuple[int, ...]]:
    """The hands asked again: a seeded sample of five-card hands, and every two-card hand."""
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
                 phases: dict[str, float] | None = None) -> PaiGowOutcome:
    """Prove every Pai Gow obligation of ``engine`` over every hand of ``deck``.
    ``phases`` (with ``workers=1``, so that every phase runs here) gathers the CPU seconds of
    the pass over every hand, the queries, and the obligations checked after them.

    ``spec_checks=False`` leaves out the obligations that do not involve the implementation
    (the abstraction lemma, non-vacuity, the statements' soundness, the conventions' consistency
    with the text): for running many implementations against one specification.
    """
    started = time.perf_counter()
    values = dict(readings or {})
    spec_readings = spec.Readings.from_dict(values)
    engine.hello  # noqa: B018 - asked once here, before the workers copy the engine
    deck = tuple(sorted(deck))
    _JOB.clear()
    _JOB.update(engine=engine, readings=values, spec_readings=spec_readings, deck=deck,
                budget=budget or Budget(), record=record, sample=_sample(deck))
    passes = {scope: PassResult({}, 0, {}) for scope in SCOPES}
    queries: list[pq.Query] = []
    tasks = _tasks(deck, spec_checks)
    clock = time.process_time()
    hands = {t: _hands_of(t, len(deck)) for t in tasks}
    total, done = sum(hands.values()), 0
    for task, outcome in _run_tasks(tasks, workers):
        done += hands[task]
        if progress is not None:
            progress(done, total)
        if task[0] == "pass":
            passes[task[1]].merge(outcome)
        else:
            queries += outcome
        if phases is not None:
            phase = "pass over every hand" if task[0] == "pass" else "queries"
            phases[phase] = phases.get(phase, 0.0) + time.process_time() - clock
            clock = time.process_time()
    _JOB.clear()
    out = PaiGowOutcome([], {}, {}, {s: passes[s].hands for s in SCOPES},
                        {s: len(passes[s].table) for s in SCOPES},
                        determinism_sample=sum(len(passes[s].sample) for s in SCOPES))
    for scope in SCOPES:
        out.results += _scope_results(scope, passes[scope], queries, engine, values,
                                      spec_readings, deck, spec_checks, out)
    answers = hashlib.sha256()
    for scope in SCOPES:
        answers.update(f"{scope}:{passes[scope].digest()}\n".encode())
    out.answers_digest = answers.hexdigest()
    out.results.sort(key=lambda r: catalogue.ORDER.index(r.obligation.kind))
    out.combination_counts = {s: figures.named_counts(passes[s]) for s in SCOPES
                              if passes[s].named}
    out.seconds = time.perf_counter() - started
    if phases is not None:
        phases["obligations after the pass"] = time.process_time() - clock
    return out


def _scope_results(scope: str, passed: PassResult, queries: list[pq.Query], engine: Engine,
                   values: dict[str, str], spec_readings: spec.Readings,
                   deck: tuple[int, ...], spec_checks: bool,
                   out: PaiGowOutcome) -> list[Result]:
    """Every obligation of one scope, each checked by its own module; the silence report,
    the digest and what was left out go into ``out``."""
    ev = ScopeEvidence(scope, passed, ScopeSpec.build(scope, spec_readings), engine, values)
    every_hand = f"enumeration: every hand of the {len(deck)}-card deck"
    results = [replace(figures.exhaustive(scope, passed, deck),
                       enumeration="enumeration: the pass itself")]
    results += spec_side.enumerated(ev, spec_side.query_results(
        [q for q in queries if q.id.startswith(f"paigow/{scope}/")]))
    checked = combination.check(ev) + order.check(ev) + convention.check(ev)
    if spec_checks:
        checked += [*convention.consistency(ev), spec_side.evaluator(ev)]
    compare_of = getattr(engine, "compare", None)
    if compare_of is not None:
        checked.append(asked_again.preorder(ev, compare_of))
    results += [replace(r, enumeration=every_hand) for r in checked]
    again = [asked_again.deterministic(scope, engine, passed, values)]
    explicit = engine.explicit_defaults()
    if explicit is not None:
        again.append(asked_again.library_defaults(ev, explicit))
    results += [replace(r, enumeration=f"enumeration: {r.detail}" if r.verdict is
                        Verdict.PROVED else "enumeration: the hands asked again")
                for r in again]
    evidence = engine.comparator_evidence(SCOPES[scope], deck, values)
    if evidence is not None:
        results.append(comparator.check(scope, evidence))
    results += _channel(scope, passed, engine, out)
    results = tag_given_up(results, out.channel.get(scope))
    out.left_out += left_out(scope, ev.named, compare_of is not None, evidence is not None)
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
