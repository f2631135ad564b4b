"""Proof obligations for the Pai Gow Poker ranking of s. 40, over every hand of the deck.

The strategy, in three steps:

1. ``abstraction``: Z3 proves that everything the specification says of a hand (its
   combination, its membership in each ordering statement, its conventional order) depends only
   on the rank index of each of its cards in order and on whether its non-joker cards share a
   suit (:mod:`casino_proofs.obligations.paigow_queries`).
2. The implementation under test is asked about every hand (2,869,685 five-card and 1,378
   two-card hands), each answer filed under that abstraction
   (:mod:`casino_proofs.obligations.paigow_pass`), in worker processes.
3. The specification is evaluated once per class (about ten thousand), and the obligations are
   checked class by class: by step 1 what holds for a class's representative holds for each of
   its hands.

Obligations (``paigow/{high|low}/...``):

- ``exhaustive``: every hand of the deck was answered with a well-formed strength;
- ``abstraction``, ``nonvacuous``, ``statement``: the queries of step 1 about the spec itself;
- ``combination``: the implementation gives every hand the specification's combination (when
  it names combinations; an engine answering strengths alone is proved on the order only);
- ``order``: the implementation's order respects each ordering statement (a violation is a
  pair of hands, with the clause);
- ``convention``: where the text is silent, the implementation orders hands as the named
  conventions do, and suits never rank (a tiebreak-only fault is caught here);
- ``consistency``: the conventions never contradict the text's statements;
- ``evaluator``: the fast evaluation of the specification agrees with Z3's own on a sample;
- ``preorder`` (an implementation with ``compare``): ``compare()`` follows the values, for
  every hand against its class's representative;
- ``deterministic``: a seeded sample of hands, asked again (a program gets the cards in another
  order), gets the same strengths;
- ``library-defaults`` (our implementation): ``evaluate(hand)`` as a user calls it agrees with
  the registry's defaults passed explicitly, on both extreme hands of every class.

Every counterexample is replayed through both sides before it is reported.
"""

from __future__ import annotations

import gc
import hashlib
import itertools
import multiprocessing
import random
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from math import comb
from typing import Any

from casino_proofs import spec
from casino_proofs.adapters.answers import Faulty, Strength, answer_key, is_unanswered
from casino_proofs.adapters.engine import ChannelLog, Engine
from casino_proofs.obligations import paigow_pass as pp
from casino_proofs.obligations import paigow_queries as pq
from casino_proofs.obligations.channel import channel_obligation, channel_result
from casino_proofs.obligations.paigow_pass import Key, PassResult, hand_text
from casino_proofs.obligations.paigow_spec import (
    CLAUSE_OF,
    FULL_DECK,
    SCOPES,
    ScopeSpec,
    SpecView,
)
from casino_proofs.obligations.verdict import Obligation, Result, Verdict
from casino_proofs.solving.budget import Budget
from casino_proofs.solving.z3_compile import compile_terms, evaluate_with_z3
from casino_proofs.spec.paigow import COMBINATIONS

EVALUATOR_SAMPLE = 12  # classes per scope cross-checked against Z3 in every run
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
    passes.sort(key=lambda t: -comb(len(deck) - 1 - int(t[2]), SCOPES[t[1]] - 1))
    return [*passes[:2], *queries, *passes[2:]]


def _run_tasks(tasks: list[tuple[str, ...]], workers: int) -> Iterator[tuple[tuple[str, ...],
                                                                             Any]]:
    if workers <= 1:
        try:
            yield from map(_task, tasks)
        finally:
            _close_worker_engine()
        return
    context = multiprocessing.get_context("fork")
    with context.Pool(workers) as pool:
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


class _ScopeCheck:
    def __init__(self, scope: str, result: PassResult, built: ScopeSpec, engine: Engine,
                 readings: Mapping[str, str]) -> None:
        self.scope = scope
        self.table = result.table
        self.built = built
        self.engine = engine
        self.readings = readings
        self.named = result.named
        self.results: list[Result] = []
        self.keys = sorted(self.table)
        self.inputs = list(built.spec.hand.cards)
        self.outputs = built.outputs()
        self.fast = compile_terms(self.inputs, self.outputs)
        #: every class of the deck, answered or not, with its hand count and a hand
        self.every = result.every
        self.all_keys = sorted(self.every)
        self.views = {k: built.split(self.fast(*self.every[k][1])) for k in self.all_keys}
        self._values: dict[tuple[int, ...], Any] = {}

    # -- helpers --------------------------------------------------------------------------------

    def _ob(self, kind: str, subject: str, clauses: tuple[str, ...], description: str,
            suffix: str = "") -> Obligation:
        oid = f"paigow/{self.scope}/{kind}" + (f"/{suffix}" if suffix else "")
        readings = ("joker",) if self.scope == "high" else ()
        return Obligation(oid, kind, clauses[0], clauses, subject, f"{self.scope} hands",
                          description, readings, game="paigow")

    def _add(self, ob: Obligation, started: float, verdict: Verdict, detail: str = "",
             cex: dict[str, Any] | None = None) -> None:
        self.results.append(Result(ob, verdict, time.perf_counter() - started, detail, cex))

    def _answer(self, hand: tuple[int, ...]) -> Any:
        """The engine's answer on one hand, asked again here (for replays)."""
        if hand not in self._values:
            self._values[hand] = self.engine.rank([hand], self.readings)[0]
        return self._values[hand]

    def _impl_value(self, hand: tuple[int, ...]) -> tuple[int, ...] | None:
        answer = self._answer(hand)
        return answer.value if isinstance(answer, Strength) else None

    def _spec_exact(self, hand: tuple[int, ...]) -> SpecView:
        """The specification on one hand, evaluated by Z3 itself (for replays)."""
        return self.built.split(evaluate_with_z3(self.inputs, self.outputs, hand))

    def _hand_json(self, hand: tuple[int, ...]) -> dict[str, Any]:
        view = self._spec_exact(hand)
        answer = self._answer(hand)
        impl_side: dict[str, Any]
        if isinstance(answer, Strength):
            impl_side = {"strength": list(answer.value)}
            if answer.combination is not None:
                impl_side["combination"] = answer.combination
        else:
            impl_side = answer.json()
        return {
            "hand": hand_text(hand),
            "spec": {"combination": view.category, "clause": CLAUSE_OF[view.category],
                     "key": list(view.key)},
            "impl": impl_side,
        }

    # -- obligations ----------------------------------------------------------------------------

    def combinations(self) -> None:
        if not self.named:
            return  # listed as left out: the engine names no combinations
        names = [n for n, _ in COMBINATIONS] if self.scope == "high" else ["pair"]
        names.append("no-combination")
        by_category: dict[str, list[Key]] = {n: [] for n in names}
        for k in self.keys:
            by_category.setdefault(self.views[k].category, []).append(k)
        for name in names:
            started = time.perf_counter()
            clause = CLAUSE_OF[name] if name != "no-combination" or self.scope == "high" \
                else "conv-low-hand"
            rests_on = ("conv-highest-combination", "conv-joker-ace-or-completes") \
                if self.scope == "high" else ()
            ob = self._ob("combination", name, (clause, *rests_on),
                          f"the implementation calls every {name} hand a {name}", name)
            bad = None
            for k in by_category.get(name, []):
                entry = self.table[k]
                if entry.combination != name:
                    bad = entry.low_hand
                    break
                if entry.others:
                    bad = next(iter(entry.others.values()))
                    break
            if bad is None:  # and no hand of another category is given this name
                for k in self.keys:
                    entry = self.table[k]
                    if self.views[k].category != name and name in (entry.combination,
                                                                    *entry.others):
                        bad = entry.low_hand if entry.combination == name else \
                            entry.others[name]
                        break
            hands = sum(self.table[k].count for k in by_category.get(name, []))
            if bad is None:
                self._add(ob, started, Verdict.PROVED, f"{hands:,} hands")
                continue
            replay = self._hand_json(bad)
            if replay["spec"]["combination"] == replay["impl"].get("combination"):
                self._add(ob, started, Verdict.ERROR, "the counterexample did not replay",
                          {"hands": [replay]})
            else:
                self._add(ob, started, Verdict.REFUTED,
                          f"{replay['hand']}: the text makes it a {replay['spec']['combination']}"
                          f", the implementation a {replay['impl'].get('combination')}",
                          {"hands": [replay]})

    def statements(self) -> None:
        for i, st in enumerate(self.built.statements):
            started = time.perf_counter()
            ob = self._ob("order", st.description, st.clauses,
                          f"the implementation ranks as the text says: {st.description}", st.id)
            lowest_higher: tuple[Any, tuple[int, ...]] | None = None
            highest_lower: tuple[Any, tuple[int, ...]] | None = None
            for k in self.keys:
                inside_higher, inside_lower = self.views[k].membership[i]
                entry = self.table[k]
                if inside_higher and (lowest_higher is None or entry.low < lowest_higher[0]):
                    lowest_higher = (entry.low, entry.low_hand)
                if inside_lower and (highest_lower is None or entry.high > highest_lower[0]):
                    highest_lower = (entry.high, entry.high_hand)
            if lowest_higher is None or highest_lower is None:
                side = "higher" if lowest_higher is None else "lower"
                deck_has = any(self.views[k].membership[i][0 if side == "higher" else 1]
                               for k in self.all_keys)
                self._add(ob, started, Verdict.VACUOUS,
                          f"the implementation ranked no hand on the {side} side (it refused "
                          "or failed on them: see exhaustive)" if deck_has else
                          f"no hand of this deck on the {side} side")
                continue
            if lowest_higher[0] > highest_lower[0]:
                self._add(ob, started, Verdict.PROVED)
                continue
            self._refute_pair(ob, started, i, lowest_higher[1], highest_lower[1])

    def _refute_pair(self, ob: Obligation, started: float, index: int, upper: tuple[int, ...],
                     lower: tuple[int, ...]) -> None:
        """Replay: ``upper`` must be in the statement's higher set, ``lower`` in its lower set,
        and the implementation must not rank ``upper`` strictly higher."""
        vu, vl = self._spec_exact(upper), self._spec_exact(lower)
        iu, il = self._impl_value(upper), self._impl_value(lower)
        cex = {"hands": [self._hand_json(upper), self._hand_json(lower)]}
        confirmed = (vu.membership[index][0] and vl.membership[index][1]
                     and iu is not None and il is not None and not iu > il)
        if not confirmed:
            self._add(ob, started, Verdict.ERROR, "the counterexample did not replay", cex)
            return
        assert iu is not None and il is not None
        relation = "ties with" if iu == il else "ranks below"
        self._add(ob, started, Verdict.REFUTED,
                  f"{hand_text(upper)} {relation} {hand_text(lower)} in the implementation",
                  cex)

    def convention(self) -> None:
        """The implementation's order is the conventional order, and suits never rank."""
        started = time.perf_counter()
        conventions = ("conv-tiebreak", "conv-joker-best", "conv-highest-combination") \
            if self.scope == "high" else ("conv-low-hand",)
        ob = self._ob("convention", "order within combinations", conventions,
                      "where the text is silent the implementation follows the conventions",
                      "order")
        for k in self.keys:
            entry = self.table[k]
            if entry.low != entry.high:
                cex = {"hands": [self._hand_json(entry.high_hand),
                                 self._hand_json(entry.low_hand)]}
                same_suitless = pp.abstraction(entry.high_hand) == pp.abstraction(entry.low_hand)
                iu, il = self._impl_value(entry.high_hand), self._impl_value(entry.low_hand)
                if same_suitless and iu is not None and il is not None and iu != il:
                    self._add(ob, started, Verdict.REFUTED,
                              f"{hand_text(entry.high_hand)} and {hand_text(entry.low_hand)} "
                              "differ only in suits but do not tie", cex)
                else:
                    self._add(ob, started, Verdict.ERROR, "the counterexample did not replay",
                              cex)
                return
        ordered = sorted(self.keys, key=lambda k: self.views[k].key)
        for a, b in itertools.pairwise(ordered):
            ka, kb = self.views[a].key, self.views[b].key
            va, vb = self.table[a].low, self.table[b].low
            if (ka == kb) != (va == vb) or (ka < kb and not va < vb):
                ha, hb = self.table[a].low_hand, self.table[b].low_hand
                sa, sb = self._spec_exact(ha).key, self._spec_exact(hb).key
                ia, ib = self._impl_value(ha), self._impl_value(hb)
                cex = {"hands": [self._hand_json(ha), self._hand_json(hb)]}
                if ia is None or ib is None or ((sa == sb) == (ia == ib)
                                                and (sa < sb) == (ia < ib)):
                    self._add(ob, started, Verdict.ERROR, "the counterexample did not replay",
                              cex)
                    return
                expected = "tie" if sa == sb else f"{hand_text(hb)} ranks higher"
                self._add(ob, started, Verdict.REFUTED,
                          f"{hand_text(ha)} against {hand_text(hb)}: the conventions say "
                          f"{expected}; the implementation does not", cex)
                return
        self._add(ob, started, Verdict.PROVED, f"{len(self.keys):,} classes")

    def consistency(self) -> None:
        """The conventional order satisfies every statement of the text."""
        started = time.perf_counter()
        ob = self._ob("consistency", "conventions against the text",
                      ("r3-40-intro.s1", "conv-tiebreak"),
                      "the conventions never contradict an ordering statement of s. 40",
                      "conventions")
        for i, st in enumerate(self.built.statements):
            higher = [self.views[k].key for k in self.all_keys
                      if self.views[k].membership[i][0]]
            lower = [self.views[k].key for k in self.all_keys
                     if self.views[k].membership[i][1]]
            if higher and lower and not min(higher) > max(lower):
                self._add(ob, started, Verdict.REFUTED,
                          f"the conventional order breaks {st.id}: {st.description}")
                return
        self._add(ob, started, Verdict.PROVED)

    def preorder(self, compare: Any, result: PassResult) -> None:
        """``compare()`` follows the values: every hand against its class's representative
        (in the pass), and every two neighbouring classes of the sorted order."""
        started = time.perf_counter()
        ob = self._ob("preorder", "the implementation's order", ("r3-40-intro.s1",),
                      "compare() follows the values, for every hand", "compare")
        if result.mismatch is not None:
            hand, rep, got, expected = result.mismatch
            self._add(ob, started, Verdict.REFUTED,
                      f"{hand_text(hand)} against {hand_text(rep)} (its class's representative):"
                      f" compare gives {got}, the values give {expected}",
                      {"hands": [self._hand_json(hand), self._hand_json(rep)]})
            return
        ordered = sorted(self.keys, key=lambda k: self.table[k].low)
        pairs = [(self.table[a].low_hand, self.table[b].low_hand)
                 for a, b in itertools.pairwise(ordered)]
        for (ha, hb), got in zip(pairs, compare(pairs, self.readings), strict=True):
            va, vb = self._impl_value(ha), self._impl_value(hb)
            wanted = None if va is None or vb is None else (va > vb) - (va < vb)
            if got != wanted:
                self._add(ob, started, Verdict.REFUTED,
                          f"{hand_text(ha)} against {hand_text(hb)}: compare gives {got}, "
                          f"the values give {wanted}",
                          {"hands": [self._hand_json(ha), self._hand_json(hb)]})
                return
        self._add(ob, started, Verdict.PROVED,
                  f"{result.compared:,} hands against their class's representative, "
                  f"{len(pairs):,} neighbouring classes")

    def evaluator(self) -> None:
        started = time.perf_counter()
        ob = self._ob("evaluator", "fast evaluation of the specification", ("r3-40-intro.s1",),
                      "the compiled evaluation of the spec agrees with Z3's", "sample")
        rng = random.Random(3)
        sample = rng.sample(self.keys, min(EVALUATOR_SAMPLE, len(self.keys)))
        for k in sample:
            hand = self.table[k].low_hand
            if self.fast(*hand) != evaluate_with_z3(self.inputs, self.outputs, hand):
                self._add(ob, started, Verdict.ERROR,
                          f"the fast evaluation disagrees with Z3 on {hand_text(hand)}")
                return
        self._add(ob, started, Verdict.PROVED, f"{len(sample)} classes")

    def enumerated(self, queries: list[Result]) -> list[Result]:
        """Dual evidence: the SMT-decided non-vacuity and statement obligations checked again
        on every hand of the deck (class by class), and the pass's own obligations labelled as
        the enumerations they are."""
        hands = {name: 0 for name in CLAUSE_OF}
        for k in self.all_keys:
            hands[self.views[k].category] += self.every[k][0]
        out = []
        for r in queries:
            kind, subject = r.obligation.kind, r.obligation.subject
            if kind == "nonvacuous":
                holds, what = hands.get(subject, 0) > 0, f"{hands.get(subject, 0):,} hands"
            elif kind == "statement":
                i = next(i for i, st in enumerate(self.built.statements) if st.id == subject)
                up = sum(self.every[k][0] for k in self.all_keys
                         if self.views[k].membership[i][0])
                down = sum(self.every[k][0] for k in self.all_keys
                           if self.views[k].membership[i][1])
                both = sum(self.every[k][0] for k in self.all_keys
                           if all(self.views[k].membership[i]))
                holds = up > 0 and down > 0 and both == 0
                what = f"{up:,} hands above, {down:,} below, {both:,} on both sides"
            else:
                out.append(r)  # the abstraction lemma: pairs of hands, too many to enumerate
                continue
            text = f"enumeration: {what}"
            proved = r.verdict is Verdict.PROVED
            if proved != holds and r.verdict in (Verdict.PROVED, Verdict.REFUTED,
                                                 Verdict.VACUOUS):
                out.append(replace(r, verdict=Verdict.ERROR, enumeration=text,
                                   detail=f"{r.detail} the SMT answer and the enumeration "
                                          "disagree".strip()))
            else:
                out.append(replace(r, enumeration=text))
        return out

    def silence(self) -> dict[str, Any]:
        """How many ordering questions s. 40 leaves open, by combination."""
        rows: list[dict[str, Any]] = []
        distinct: dict[str, int] = {}
        names = [n for n, _ in COMBINATIONS] if self.scope == "high" else ["pair"]
        for name in [*names, "no-combination"]:
            bands: dict[str, set[Any]] = {}
            for k in self.keys:
                view = self.views[k]
                if view.category == name:
                    bands.setdefault(view.band, set()).add(self.table[k].low)
            values = set().union(*bands.values()) if bands else set()
            total = comb(len(values), 2)
            distinct[name] = len(values)
            undecided = sum(comb(len(v), 2) for v in bands.values())
            rows.append({
                "combination": name, "clause": CLAUSE_OF[name] if self.scope == "high"
                or name == "pair" else "conv-low-hand",
                "distinct_values": len(values), "pairs": total,
                "decided_by_text": total - undecided if name != "no-combination" else 0,
                "decided_by_convention": undecided if name != "no-combination" else total,
                "convention": "conv-tiebreak" if self.scope == "high" else "conv-low-hand",
            })
        everything = sum(distinct.values())
        across = comb(everything, 2) - sum(comb(n, 2) for n in distinct.values())
        with_none = distinct["no-combination"] * (everything - distinct["no-combination"])
        return {"by_combination": rows,
                "across_combinations": {"pairs": across, "decided_by_text": across - with_none,
                                        "decided_by_convention": with_none}}

    def digest(self) -> str:
        """A digest of the implementation's order over every hand: each class with its
        hand count and the dense rank of its lowest and highest value."""
        values = sorted({e.low for e in self.table.values()} | {e.high for e in
                                                                 self.table.values()})
        dense = {v: i for i, v in enumerate(values)}
        h = hashlib.sha256()
        for k in self.keys:
            e = self.table[k]
            ranks, suited = k
            h.update(f"{','.join(map(str, ranks))}|{int(suited)}|{dense[e.low]}|"
                     f"{dense[e.high]}|{e.count}\n".encode())
        return h.hexdigest()




def _deterministic(scope: str, engine: Engine, passes: PassResult,
                   readings: Mapping[str, str]) -> Result:
    """The sampled hands, asked three times: in the pass, again by the same process at the end
    of its task, and once more by another process, their cards in another order."""
    started = time.perf_counter()
    ob = Obligation(f"paigow/{scope}/deterministic", "deterministic", "r3-40-intro.s1",
                    ("r3-40-intro.s1",), "every hand", f"{scope} hands",
                    "hands asked again (by the same process, and by another, their cards in "
                    "another order) get the same strengths", game="paigow")
    hands = sorted(passes.sample)
    again = engine.rank_again(hands, readings)
    silent: list[tuple[tuple[int, ...], Any]] = []
    differing: list[tuple[tuple[int, ...], str, Any, Any]] = []
    for hand, other in zip(hands, again, strict=True):
        first = passes.sample[hand]
        askings = [("asked again by the same process", passes.sample_again.get(hand)),
                   ("asked again by another process", other)]
        for how, answer in askings:
            if answer is None:
                continue
            if is_unanswered(first) or is_unanswered(answer):  # a non-answer is no evidence
                silent.append((hand, answer if is_unanswered(answer) else first))
            elif answer_key(answer) != answer_key(first):
                differing.append((hand, how, first, answer))
    if differing:
        hand, how, first, answer = differing[0]
        count = len({h for h, *_ in differing})
        return Result(ob, Verdict.REFUTED, time.perf_counter() - started,
                      f"non-deterministic: {hand_text(hand)} answered two ways ({how}); "
                      f"{count:,} of {len(hands):,} hands asked again",
                      {"hands": [{"hand": hand_text(hand), "first": first.json(),
                                  "second": answer.json(), "second_asking": how}],
                       "count": count})
    if silent:
        hand, answer = silent[0]
        return Result(ob, Verdict.ERROR, time.perf_counter() - started,
                      f"not established: {hand_text(hand)} was not answered every time "
                      f"({len({h for h, _ in silent}):,} of {len(hands):,} hands asked again)",
                      {"hands": [{"hand": hand_text(hand), "impl": answer.json()}]})
    return Result(ob, Verdict.PROVED, time.perf_counter() - started,
                  f"a seeded sample of {len(hands):,} hands asked again, by the same process "
                  "and by another")


def _library_defaults(scope: str, check: _ScopeCheck, explicit: Engine,
                      readings: Mapping[str, str]) -> Result:
    started = time.perf_counter()
    ob = Obligation(f"paigow/{scope}/library-defaults", "library-defaults", "r3-40-intro.s1",
                    ("r3-40-intro.s1",), "every hand", f"{scope} hands",
                    "evaluate(hand) as a user calls it agrees with the registry's defaults "
                    "passed explicitly", game="paigow")
    hands = [h for k in check.keys for h in (check.table[k].low_hand, check.table[k].high_hand)]
    wanted = [check.table[k].low if i % 2 == 0 else check.table[k].high
              for k in check.keys for i in range(2)]
    for hand, value, answer in zip(hands, wanted, explicit.rank(hands, readings), strict=True):
        if not isinstance(answer, Strength) or answer.value != value:
            return Result(ob, Verdict.REFUTED, time.perf_counter() - started,
                          f"called as a user calls it, the library ranks {hand_text(hand)} "
                          "otherwise than with the registry's default readings",
                          {"hands": [{"hand": hand_text(hand), "impl": {"strength": list(value)},
                                      "explicit_defaults": answer.json()}]})
    return Result(ob, Verdict.PROVED, time.perf_counter() - started,
                  f"{len(hands):,} hands, the lowest and highest of every class")


def check_paigow(readings: Mapping[str, str] | None = None, engine: Engine | None = None,
                 workers: int = 2, deck: tuple[int, ...] = FULL_DECK,
                 budget: Budget | None = None, spec_checks: bool = True,
                 record: bool = False,
                 progress: Callable[[int, int], None] | None = None,
                 evaluate: Callable[..., Any] | None = None,
                 compare: Callable[..., Any] | None = None) -> PaiGowOutcome:
    """Prove every Pai Gow obligation of ``engine`` (our implementation by default; or ours
    with ``evaluate``/``compare`` replaced, for must-fail cases) over every hand of ``deck``.

    ``spec_checks=False`` leaves out the obligations that do not involve the implementation
    (the abstraction lemma, non-vacuity, the statements' soundness, the conventions' consistency
    with the text): for running many implementations against one specification.
    """
    from casino_proofs.adapters.ours import OurImplementation

    started = time.perf_counter()
    values = dict(readings or {})
    if engine is None:
        engine = OurImplementation(evaluate=evaluate, compare=compare)
    spec_readings = spec.Readings.from_dict(values)
    engine.hello  # noqa: B018 - asked once here, before the workers copy the engine
    deck = tuple(sorted(deck))
    _JOB.clear()
    _JOB.update(engine=engine, readings=values, spec_readings=spec_readings, deck=deck,
                budget=budget or Budget(), record=record, sample=_sample(deck))
    passes = {scope: PassResult({}, 0, {}) for scope in SCOPES}
    queries: list[pq.Query] = []
    tasks = _tasks(deck, spec_checks)
    for done, (task, outcome) in enumerate(_run_tasks(tasks, workers), start=1):
        if progress is not None:
            progress(done, len(tasks))
        if task[0] == "pass":
            passes[task[1]].merge(outcome)
        else:
            queries += outcome
    results: list[Result] = []
    outcome_silence: dict[str, Any] = {}
    digests: dict[str, str] = {}
    left_out: list[dict[str, str]] = []
    explicit = engine.with_explicit_defaults() if isinstance(engine, OurImplementation) \
        else None
    compare_of = getattr(engine, "compare", None)
    for scope in SCOPES:
        scope_queries = _query_results(
            [q for q in queries if q.id.startswith(f"paigow/{scope}/")], scope)
        results.append(replace(_exhaustive(scope, passes[scope], deck),
                               enumeration="enumeration: the pass itself"))
        built = ScopeSpec.build(scope, spec_readings)
        check = _ScopeCheck(scope, passes[scope], built, engine, values)
        results += check.enumerated(scope_queries)
        check.combinations()
        check.statements()
        check.convention()
        if spec_checks:
            check.consistency()
            check.evaluator()
        if compare_of is not None:
            check.preorder(compare_of, passes[scope])
        results += [replace(r, enumeration=f"enumeration: every hand of the "
                                           f"{len(deck)}-card deck")
                    for r in check.results]
        asked_again = [_deterministic(scope, engine, passes[scope], values)]
        if explicit is not None:
            asked_again.append(_library_defaults(scope, check, explicit, values))
        results += [replace(r, enumeration=f"enumeration: {r.detail}" if r.verdict is
                            Verdict.PROVED else "enumeration: the hands asked again")
                    for r in asked_again]
        results += _channel(scope, passes[scope], engine)
        if not check.named:
            left_out.append({"what": f"paigow/{scope}/combination",
                             "why": "the engine answers strengths without naming "
                                    "combinations; the order obligations (r3-40-intro:*) "
                                    "prove its combinations by their place in the order"})
        if compare_of is None:
            left_out.append({"what": f"paigow/{scope}/preorder",
                             "why": "the engine has no compare(); its order is its strengths"})
        outcome_silence[scope] = check.silence()
        digests[scope] = check.digest()
    _JOB.clear()
    answers = hashlib.sha256()
    for scope in SCOPES:
        answers.update(f"{scope}:{passes[scope].digest()}\n".encode())
    return PaiGowOutcome(
        results=sorted(results, key=lambda r: _ORDER.index(r.obligation.kind)),
        silence=outcome_silence, digest=digests,
        hands={s: passes[s].hands for s in SCOPES},
        classes={s: len(passes[s].table) for s in SCOPES},
        seconds=time.perf_counter() - started, answers_digest=answers.hexdigest(),
        determinism_sample=sum(len(passes[s].sample) for s in SCOPES), left_out=left_out,
        combination_counts={s: _named_counts(passes[s]) for s in SCOPES if passes[s].named},
    )


def _channel(scope: str, result: PassResult, engine: Engine) -> list[Result]:
    """The ``channel`` obligation of an engine that is a program: its worker processes' logs
    over the pass, and this process's (hands asked again, counterexamples replayed)."""
    here = engine.take_channel()
    if here is None and result.channel is None:
        return []
    log = ChannelLog()
    for part in (result.channel, here):
        if part is not None:
            log.merge(part)
    ob = channel_obligation("paigow", f"paigow/{scope}/channel", f"{scope} hands")
    return [replace(channel_result(ob, log), enumeration="enumeration: every request sent")]


def _named_counts(result: PassResult) -> dict[str, int]:
    counts: dict[str, int] = {}
    for entry in result.table.values():
        if entry.combination is not None:
            counts[entry.combination] = counts.get(entry.combination, 0) + entry.count
    return counts


_ORDER = ["exhaustive", "abstraction", "nonvacuous", "statement", "evaluator", "combination",
          "order", "convention", "consistency", "preorder", "deterministic", "library-defaults",
          "channel"]


def _query_results(queries: list[pq.Query], scope: str) -> list[Result]:
    out = []
    for q in sorted(queries, key=lambda q: q.id):
        kind = q.id.split("/")[2]
        subject = q.id.split("/", 3)[3]
        if kind == "statement":
            clauses: tuple[str, ...] = ("r3-40-intro.s1",) if subject.startswith("r3-40-intro") \
                else ((subject.split(":")[0],) if subject.startswith("r3-40") else
                      ("conv-no-combination-lowest" if scope == "high" else "conv-low-hand",))
            description = "the statement names hands on both sides and none on both"
        elif kind == "nonvacuous":
            clauses = (CLAUSE_OF[subject],)
            description = f"some hand is a {subject}"
        else:
            part, case = subject.split("/")
            clauses = ("r3-40-intro.s1", CLAUSE_OF[case])
            description = (f"the specification's {part} depends only on ranks and suitedness, "
                           f"for hands that are a {case}")
        ob = Obligation(q.id, kind, clauses[0], clauses, subject, f"{scope} hands", description,
                        ("joker",) if scope == "high" else (), game="paigow")
        cex = {"hands": [{"hand": hand_text(h)} for h in q.hands]} if q.hands else None
        detail = q.detail
        if q.verdict == "PROVED" and q.hands:
            detail, cex = f"e.g. {hand_text(q.hands[0])}", None
        out.append(Result(ob, Verdict(q.verdict), q.seconds, detail, cex, smt=q.smt,
                          resources=q.resources, smt_verdict=Verdict(q.verdict)))
    return out


def _exhaustive(scope: str, result: PassResult, deck: tuple[int, ...]) -> Result:
    started = time.perf_counter()
    expected = comb(len(deck), SCOPES[scope])
    ob = Obligation(f"paigow/{scope}/exhaustive", "exhaustive", "r3-40-intro.s1",
                    ("r3-40-intro.s1",), "every hand", f"{scope} hands",
                    f"every {SCOPES[scope]}-card hand of the {len(deck)}-card deck gets a "
                    "well-formed strength", game="paigow")
    if result.failures:
        failed = sum(n for _hand, n in result.failures.values())
        message, (hand, _n) = min(result.failures.items(), key=lambda kv: kv[1][0])
        unanswered = all(m.startswith(Faulty.UNANSWERED) for m in result.failures)
        verdict = Verdict.ERROR if unanswered else Verdict.REFUTED
        return Result(ob, verdict, time.perf_counter() - started,
                      f"{failed:,} hands without a strength; first {hand_text(hand)}: {message}",
                      {"hands": [{"hand": hand_text(hand), "impl": {"error": message}}]})
    if result.hands != expected or sum(e.count for e in result.table.values()) != expected:
        return Result(ob, Verdict.ERROR, time.perf_counter() - started,
                      f"{result.hands:,} hands evaluated, {expected:,} expected")
    return Result(ob, Verdict.PROVED, time.perf_counter() - started,
                  f"{expected:,} hands in {len(result.table):,} classes")
