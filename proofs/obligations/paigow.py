"""Proof obligations for the Pai Gow Poker ranking of s. 40, over every hand of the deck.

The strategy, in three steps:

1. ``abstraction``: Z3 proves that everything the specification says of a hand (its
   combination, its membership in each ordering statement, its conventional order) depends only
   on the rank index of each of its cards in order and on whether its non-joker cards share a
   suit. The proof is over two symbolic hands of the 53-card deck.
2. The implementation is run on every hand (2,869,685 five-card and 1,378 two-card hands),
   each filed under that abstraction (proofs/paigow_pass.py), in worker processes.
3. The specification is evaluated once per class (about ten thousand), and the obligations are
   checked class by class: by step 1 what holds for a class's representative holds for each of
   its hands.

Obligations (``paigow/{high|low}/...``):

- ``exhaustive``: every hand of the deck was evaluated, without failure, to a well-formed value;
- ``abstraction``: step 1, in three parts (combination, statements, conventional order);
- ``nonvacuous``: each combination has a hand;
- ``statement``: each ordering statement of s. 40 names hands on both sides and no hand on both;
- ``combination``: the implementation gives every hand the specification's combination;
- ``order``: the implementation's order respects each ordering statement (a violation is a
  pair of hands, with the clause);
- ``preorder``: the implementation's values form a total preorder and ``compare`` follows them;
- ``convention``: where the text is silent, the implementation orders hands as the named
  conventions do, and suits never rank (a tiebreak-only fault is caught here);
- ``consistency``: the conventions never contradict the text's statements;
- ``evaluator``: the fast evaluation of the specification agrees with Z3's own on a sample.

Every counterexample is replayed through both sides before it is reported.
"""

from __future__ import annotations

import hashlib
import itertools
import multiprocessing
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from math import comb
from typing import Any

import z3

from casino_proofs import impl, spec
from casino_proofs.obligations import paigow_pass as pp
from casino_proofs.obligations.paigow_pass import ClassEntry, Evaluate, Key, PassResult, hand_text
from casino_proofs.obligations.verdict import Obligation, Result, Verdict
from casino_proofs.solving.smtlib import query_text
from casino_proofs.solving.z3_compile import compile_terms, evaluate_with_z3
from casino_proofs.spec.paigow import CODES, COMBINATIONS, JOKER_INDEX, OrderStatement, PaiGowSpec
from casino_proofs.spec.readings import Readings

FULL_DECK: tuple[int, ...] = tuple(range(JOKER_INDEX + 1))
SCOPES = {"high": 5, "low": 2}
NAMES = {code: name for name, code in CODES.items()}
CLAUSE_OF = {**dict(COMBINATIONS), "no-combination": "conv-no-combination-lowest"}
EVALUATOR_SAMPLE = 12  # classes per scope cross-checked against Z3 in every run


# ---------------------------------------------------------------------------------------------
# The specification's outputs for one scope, as one list of terms
# ---------------------------------------------------------------------------------------------


#: A change applied to every specification built (for specification mutants); None normally.
SPEC_MUTATION: list[Callable[[PaiGowSpec], None]] = []


@dataclass
class ScopeSpec:
    """The specification of one scope (five-card high or two-card low hands) as terms."""

    scope: str
    spec: PaiGowSpec
    statements: list[OrderStatement]
    members: list[tuple[str, str, z3.BoolRef]]  # (combination, band, predicate)
    key_terms: list[z3.ArithRef]

    @classmethod
    def build(cls, scope: str, readings: Readings, prefix: str = "card") -> ScopeSpec:
        s = PaiGowSpec(spec.paigow.symbolic_hand(prefix, SCOPES[scope]), readings)
        for mutate in SPEC_MUTATION:
            mutate(s)
        statements = s.statements()
        members = []
        for st in statements:
            if st.id.endswith((":highest", ":second")):
                members.append((_combination_of(st), st.id.rsplit(":", 1)[1], st.higher))
            elif st.id.endswith(":lowest"):
                members.append((_combination_of(st), "lowest", st.lower))
        return cls(scope, s, statements, members, s.conventional_key())

    def outputs(self) -> list[z3.ExprRef]:
        """category, then higher/lower of each statement, then the bands, then the key."""
        terms: list[z3.ExprRef] = [self.spec.category()]
        for st in self.statements:
            terms += [st.higher, st.lower]
        terms += [m for _c, _b, m in self.members]
        return terms + list(self.key_terms)

    def split(self, values: Sequence[Any]) -> SpecView:
        n = len(self.statements)
        category = NAMES[values[0]]
        membership = [(bool(values[1 + 2 * i]), bool(values[2 + 2 * i])) for i in range(n)]
        bands = values[1 + 2 * n: 1 + 2 * n + len(self.members)]
        band = "middle"
        for (combination, name, _m), inside in zip(self.members, bands, strict=True):
            if inside and combination == category:
                band = name
                break
        key = tuple(int(v) for v in values[1 + 2 * n + len(self.members):])
        return SpecView(category, membership, band, key)


def _combination_of(st: OrderStatement) -> str:
    clause = st.clauses[0]
    return next(name for name, c in COMBINATIONS if c == clause.split(".s")[0])


@dataclass(frozen=True)
class SpecView:
    """What the specification says of one class."""

    category: str
    membership: list[tuple[bool, bool]]  # per statement: (in higher, in lower)
    band: str  # highest / second / lowest / middle, for the silence report
    key: tuple[int, ...]


# ---------------------------------------------------------------------------------------------
# Work done in worker processes: the implementation pass and the Z3 queries
# ---------------------------------------------------------------------------------------------

_JOB: dict[str, Any] = {}


@dataclass(frozen=True)
class Query:
    """A Z3 obligation's outcome as plain data (it crosses a process boundary)."""

    id: str
    verdict: str
    seconds: float
    detail: str = ""
    hands: tuple[tuple[int, ...], ...] = ()
    core: tuple[str, ...] = ()
    smt: tuple[tuple[str, str], ...] = ()  # (expected answer, SMT-LIB) when recording


def _deck_domain(hand: spec.paigow.Hand, deck: tuple[int, ...]) -> z3.BoolRef:
    if deck == FULL_DECK:
        return hand.domain()
    return z3.And(hand.domain(), *(z3.Or([c == i for i in deck]) for c in hand.cards))


def model_hand(m: z3.ModelRef, hand: spec.paigow.Hand) -> tuple[int, ...]:
    return tuple(m.eval(c, model_completion=True).as_long() for c in hand.cards)


def _abstraction_queries(scope: str, part: str) -> list[Query]:
    """Two hands alike in the abstraction are alike in every output of ``part``."""
    readings, timeout = _JOB["spec_readings"], _JOB["timeout_ms"]
    a = ScopeSpec.build(scope, readings, "a")
    b = ScopeSpec.build(scope, readings, "b")
    def pick(s: ScopeSpec) -> list[z3.ExprRef]:
        if part == "combination":
            return [s.spec.category()]
        if part == "statements":
            return [t for st in s.statements for t in (st.higher, st.lower)] + [
                m for _c, _b, m in s.members]
        return list(s.key_terms)

    started = time.perf_counter()
    solver = z3.Solver()
    solver.set(timeout=timeout)
    alike = [x / 4 == y / 4 for x, y in zip(a.spec.hand.cards, b.spec.hand.cards, strict=True)]
    solver.add(a.spec.hand.domain(), b.spec.hand.domain(), *alike,
               a.spec.hand.suited == b.spec.hand.suited)
    solver.add(z3.Or([x != y for x, y in zip(pick(a), pick(b), strict=True)]))
    smt = (("unsat", query_text(solver, [])),) if _JOB.get("record") else ()
    r = solver.check()
    qid = f"paigow/{scope}/abstraction/{part}"
    seconds = time.perf_counter() - started
    if r == z3.unsat:
        return [Query(qid, "PROVED", seconds, smt=smt)]
    if r == z3.sat:
        m = solver.model()
        return [Query(qid, "REFUTED", seconds,
                      "two hands alike in ranks and suitedness are told apart",
                      (model_hand(m, a.spec.hand), model_hand(m, b.spec.hand)))]
    return [Query(qid, "UNKNOWN", seconds, f"solver returned unknown: {solver.reason_unknown()}")]


def _spec_queries(scope: str) -> list[Query]:
    """Never empty, never conflicting: each combination has a hand; each statement has hands
    on both sides and none on both."""
    readings, timeout, deck = _JOB["spec_readings"], _JOB["timeout_ms"], _JOB["deck"]
    s = ScopeSpec.build(scope, readings)
    hand = s.spec.hand
    solver = z3.Solver()
    solver.set(timeout=timeout)
    solver.add(_deck_domain(hand, deck))
    out: list[Query] = []
    names = [n for n, _ in COMBINATIONS] + ["no-combination"] if scope == "high" else \
        ["pair", "no-combination"]
    for name in names:
        started = time.perf_counter()
        solver.push()
        solver.add(s.spec.is_(name))
        smt = (("sat", query_text(solver, [])),) if _JOB.get("record") else ()
        r = solver.check()
        qid = f"paigow/{scope}/nonvacuous/{name}"
        if r == z3.sat:
            out.append(Query(qid, "PROVED", time.perf_counter() - started, "",
                             (model_hand(solver.model(), hand),), smt=smt))
        elif r == z3.unsat:
            out.append(Query(qid, "VACUOUS", time.perf_counter() - started,
                             f"no hand of this deck is a {name}"))
        else:
            out.append(Query(qid, "UNKNOWN", time.perf_counter() - started,
                             f"solver returned unknown: {solver.reason_unknown()}"))
        solver.pop()
    for st in s.statements:
        started = time.perf_counter()
        qid = f"paigow/{scope}/statement/{st.id}"
        verdict, detail = "PROVED", ""
        hands: tuple[tuple[int, ...], ...] = ()
        recorded: list[tuple[str, str]] = []
        for side, term in (("higher", st.higher), ("lower", st.lower)):
            solver.push()
            solver.add(term)
            if _JOB.get("record"):
                recorded.append(("sat", query_text(solver, [])))
            r = solver.check()
            solver.pop()
            if r != z3.sat:
                verdict = "VACUOUS" if r == z3.unsat else "UNKNOWN"
                detail = f"no hand of this deck on the {side} side"
                break
        if verdict == "PROVED":
            solver.push()
            solver.add(st.higher, st.lower)
            if _JOB.get("record"):
                recorded.append(("unsat", query_text(solver, [])))
            r = solver.check()
            if r == z3.sat:
                verdict, detail = "REFUTED", "a hand would have to rank above itself"
                hands = (model_hand(solver.model(), hand),)
            elif r == z3.unknown:
                verdict, detail = "UNKNOWN", f"solver returned unknown: {solver.reason_unknown()}"
            solver.pop()
        out.append(Query(qid, verdict, time.perf_counter() - started, detail, hands,
                         smt=tuple(recorded)))
    return out


def _impl_pass(scope: str, position: int) -> PassResult:
    deck = _JOB["deck"]
    hands: Iterator[tuple[int, ...]] = pp.hands_starting_with(deck, position, SCOPES[scope])
    return pp.run(hands, _JOB["evaluate"], _JOB["impl_readings"])


def _task(task: tuple[str, ...]) -> tuple[tuple[str, ...], Any]:
    kind = task[0]
    if kind == "abstraction":
        return task, _abstraction_queries(task[1], task[2])
    if kind == "spec":
        return task, _spec_queries(task[1])
    return task, _impl_pass(task[1], int(task[2]))


def _tasks(deck: tuple[int, ...]) -> list[tuple[str, ...]]:
    queries = [("abstraction", scope, part) for part in ("order", "statements", "combination")
               for scope in SCOPES] + [("spec", scope) for scope in SCOPES]
    passes = [("pass", scope, str(p)) for scope, size in SCOPES.items()
              for p in range(len(deck) - size + 1)]
    # The longest first: hands starting with the lowest cards are the most numerous.
    passes.sort(key=lambda t: -comb(len(deck) - 1 - int(t[2]), SCOPES[t[1]] - 1))
    return [*queries[:2], *passes[:2], *queries[2:], *passes[2:]]


def _run_tasks(tasks: list[tuple[str, ...]], workers: int) -> Iterator[tuple[tuple[str, ...],
                                                                             Any]]:
    if workers <= 1:
        yield from map(_task, tasks)
        return
    context = multiprocessing.get_context("fork")
    with context.Pool(workers) as pool:
        yield from pool.imap_unordered(_task, tasks)


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
    extras: dict[str, Any] = field(default_factory=dict)


class _ScopeCheck:
    def __init__(self, scope: str, table: dict[Key, ClassEntry], built: ScopeSpec,
                 evaluate: Evaluate, spec_readings: spec.Readings,
                 impl_readings: impl.Readings) -> None:
        self.scope = scope
        self.table = table
        self.built = built
        self.evaluate = evaluate
        self.spec_readings = spec_readings
        self.impl_readings = impl_readings
        self.results: list[Result] = []
        self.keys = sorted(table)
        started = time.perf_counter()
        self.inputs = list(built.spec.hand.cards)
        self.outputs = built.outputs()
        self.fast = compile_terms(self.inputs, self.outputs)
        self.views = {k: built.split(self.fast(*table[k].low_hand)) for k in self.keys}
        self.spec_seconds = time.perf_counter() - started

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

    def _impl_value(self, hand: tuple[int, ...]) -> impl.paigow.HandValue | None:
        try:
            return self.evaluate(tuple(pp.CARD_OF_INDEX[i] for i in hand), self.impl_readings)
        except Exception:
            return None

    def _spec_exact(self, hand: tuple[int, ...]) -> SpecView:
        """The specification on one hand, evaluated by Z3 itself (for replays)."""
        return self.built.split(evaluate_with_z3(self.inputs, self.outputs, hand))

    def _hand_json(self, hand: tuple[int, ...]) -> dict[str, Any]:
        view = self._spec_exact(hand)
        value = self._impl_value(hand)
        return {
            "hand": hand_text(hand),
            "spec": {"combination": view.category, "clause": CLAUSE_OF[view.category],
                     "key": list(view.key)},
            "impl": ({"combination": value.combination.value, "value": _value_text(value)}
                     if value is not None else {"error": "the implementation failed"}),
        }

    # -- obligations ----------------------------------------------------------------------------

    def combinations(self) -> None:
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
                self._add(ob, started, Verdict.VACUOUS, "no hand of this deck on one side")
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
            higher = [self.views[k].key for k in self.keys if self.views[k].membership[i][0]]
            lower = [self.views[k].key for k in self.keys if self.views[k].membership[i][1]]
            if higher and lower and not min(higher) > max(lower):
                self._add(ob, started, Verdict.REFUTED,
                          f"the conventional order breaks {st.id}: {st.description}")
                return
        self._add(ob, started, Verdict.PROVED)

    def preorder(self, compare: Callable[..., int]) -> None:
        started = time.perf_counter()
        ob = self._ob("preorder", "the implementation's order", ("r3-40-intro.s1",),
                      "values are totally ordered and compare() follows them", "total")
        ordered = sorted(self.keys, key=lambda k: self.table[k].low)
        rng = random.Random(40)
        pairs = list(itertools.pairwise(ordered))
        pairs += [(rng.choice(ordered), rng.choice(ordered)) for _ in range(2000)]
        for a, b in pairs:
            ha, hb = self.table[a].low_hand, self.table[b].low_hand
            va, vb = self.table[a].low, self.table[b].low
            expected = (va > vb) - (va < vb)
            try:
                got = compare([pp.CARD_OF_INDEX[i] for i in ha],
                              [pp.CARD_OF_INDEX[i] for i in hb], self.impl_readings)
            except Exception as exc:
                got = None
                detail = f"compare raised {type(exc).__name__}: {exc}"
            else:
                detail = f"compare gives {got} where the values give {expected}"
            if got != expected:
                self._add(ob, started, Verdict.REFUTED,
                          f"{hand_text(ha)} against {hand_text(hb)}: {detail}",
                          {"hands": [self._hand_json(ha), self._hand_json(hb)]})
                return
        self._add(ob, started, Verdict.PROVED,
                  f"{len(pairs):,} pairs compared, every adjacent pair of the sorted classes")

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
        for k in self.keys:
            hands[self.views[k].category] += self.table[k].count
        out = []
        for r in queries:
            kind, subject = r.obligation.kind, r.obligation.subject
            if kind == "nonvacuous":
                holds, what = hands.get(subject, 0) > 0, f"{hands.get(subject, 0):,} hands"
            elif kind == "statement":
                i = next(i for i, st in enumerate(self.built.statements) if st.id == subject)
                up = sum(self.table[k].count for k in self.keys
                         if self.views[k].membership[i][0])
                down = sum(self.table[k].count for k in self.keys
                           if self.views[k].membership[i][1])
                both = sum(self.table[k].count for k in self.keys
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


def _value_text(value: impl.paigow.HandValue) -> str:
    return f"{value.strength}:" + ",".join(str(t) for t in value.tiebreak)


def check_paigow(readings: dict[str, str] | None = None,
                 evaluate: Evaluate = impl.paigow.evaluate,
                 compare: Callable[..., int] = impl.paigow.compare,
                 workers: int = 2, deck: tuple[int, ...] = FULL_DECK,
                 timeout_ms: int = 30_000, spec_checks: bool = True,
                 record: bool = False,
                 progress: Callable[[int, int], None] | None = None) -> PaiGowOutcome:
    """Prove every Pai Gow obligation over every hand of ``deck`` (the 53 cards by default).

    ``spec_checks=False`` leaves out the obligations that do not involve the implementation
    (the abstraction lemma, non-vacuity, the statements' soundness, the conventions' consistency
    with the text): for running many implementations against one specification.
    """
    started = time.perf_counter()
    values = readings or {}
    spec_readings = spec.Readings.from_dict(values)
    impl_readings = impl.Readings.from_dict(values)
    _JOB.clear()
    _JOB.update(evaluate=evaluate, impl_readings=impl_readings, spec_readings=spec_readings,
                deck=tuple(sorted(deck)), timeout_ms=timeout_ms, record=record)
    passes = {scope: PassResult({}, 0, {}, {}) for scope in SCOPES}
    queries: list[Query] = []
    tasks = [t for t in _tasks(_JOB["deck"]) if spec_checks or t[0] == "pass"]
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
    for scope in SCOPES:
        scope_queries = _query_results(
            [q for q in queries if q.id.startswith(f"paigow/{scope}/")], scope)
        results.append(replace(_exhaustive(scope, passes[scope], _JOB["deck"]),
                               enumeration="enumeration: the pass itself"))
        built = ScopeSpec.build(scope, spec_readings)
        check = _ScopeCheck(scope, passes[scope].table, built, evaluate, spec_readings,
                            impl_readings)
        results += check.enumerated(scope_queries)
        check.combinations()
        check.statements()
        check.convention()
        if spec_checks:
            check.consistency()
            check.evaluator()
        check.preorder(compare)
        results += [replace(r, enumeration=f"enumeration: every hand of the "
                                           f"{len(_JOB['deck'])}-card deck")
                    for r in check.results]
        outcome_silence[scope] = check.silence()
        digests[scope] = check.digest()
    _JOB.clear()
    return PaiGowOutcome(
        results=sorted(results, key=lambda r: _ORDER.index(r.obligation.kind)),
        silence=outcome_silence, digest=digests,
        hands={s: passes[s].hands for s in SCOPES},
        classes={s: len(passes[s].table) for s in SCOPES},
        seconds=time.perf_counter() - started,
    )


_ORDER = ["exhaustive", "abstraction", "nonvacuous", "statement", "evaluator", "combination",
          "order", "convention", "consistency", "preorder"]


def _query_results(queries: list[Query], scope: str) -> list[Result]:
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
            clauses = ("r3-40-intro.s1",)
            description = f"the specification's {subject} depends only on ranks and suitedness"
        ob = Obligation(q.id, kind, clauses[0], clauses, subject, f"{scope} hands", description,
                        ("joker",) if scope == "high" else (), game="paigow")
        cex = {"hands": [{"hand": hand_text(h)} for h in q.hands]} if q.hands else None
        detail = q.detail
        if q.verdict == "PROVED" and q.hands:
            detail, cex = f"e.g. {hand_text(q.hands[0])}", None
        out.append(Result(ob, Verdict(q.verdict), q.seconds, detail, cex, smt=q.smt))
    return out


def _exhaustive(scope: str, result: PassResult, deck: tuple[int, ...]) -> Result:
    started = time.perf_counter()
    expected = comb(len(deck), SCOPES[scope])
    ob = Obligation(f"paigow/{scope}/exhaustive", "exhaustive", "r3-40-intro.s1",
                    ("r3-40-intro.s1",), "every hand", f"{scope} hands",
                    f"every {SCOPES[scope]}-card hand of the {len(deck)}-card deck is evaluated",
                    game="paigow")
    if result.failures:
        message, hand = next(iter(result.failures.items()))
        return Result(ob, Verdict.REFUTED, time.perf_counter() - started,
                      f"the implementation fails on {hand_text(hand)}: {message}",
                      {"hands": [{"hand": hand_text(hand), "impl": {"error": message}}]})
    if result.malformed:
        text, hand = next(iter(result.malformed.items()))
        return Result(ob, Verdict.REFUTED, time.perf_counter() - started,
                      f"not a well-formed value on {hand_text(hand)}: {text}")
    if result.hands != expected or sum(e.count for e in result.table.values()) != expected:
        return Result(ob, Verdict.ERROR, time.perf_counter() - started,
                      f"{result.hands:,} hands evaluated, {expected:,} expected")
    return Result(ob, Verdict.PROVED, time.perf_counter() - started,
                  f"{expected:,} hands in {len(result.table):,} classes")

