"""The Pai Gow obligations Z3 decides about the specification itself.

- ``abstraction``: two hands alike in the abstraction (the rank index of each card in order,
  and whether the non-joker cards share a suit) are alike in everything the specification says
  of them. In three parts: the combination; the membership in every ordering statement; the
  conventional order. Each part is split by the combination the first hand has (11 cases for
  high hands), so that every query sits far inside its budget in Z3 and in cvc5; the order
  part also assumes the second hand has that combination, which the combination part proves.
- ``nonvacuous``: each combination has a hand of the deck;
- ``statement``: each ordering statement of s. 40 names hands on both sides and none on both.

The queries run in worker processes; their outcomes come back as plain :class:`Query` data.
Each query is built the same way in every run, so an audit bundle can rebuild and compare it
(``replay --regenerate``).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass

import z3

from casino_proofs import spec
from casino_proofs.paigow.obligations.scope_spec import FULL_DECK, ScopeSpec, model_hand
from casino_proofs.solving import budget as budgets
from casino_proofs.solving.budget import Budget
from casino_proofs.solving.smtlib import query_text
from casino_proofs.spec.paigow import CODES, COMBINATIONS
from casino_proofs.spec.readings import Readings

PARTS = ("combination", "statements", "order")


@dataclass(frozen=True)
class Query:
    """A Z3 obligation's outcome as plain data (it crosses a process boundary)."""

    id: str
    verdict: str
    seconds: float
    detail: str = ""
    hands: tuple[tuple[int, ...], ...] = ()
    smt: tuple[tuple[str, str], ...] = ()  # (expected answer, SMT-LIB) when recording
    resources: int = 0


def combination_names(scope: str) -> list[str]:
    """The combinations of a scope, and a name for a hand with none of them."""
    return [n for n, _ in COMBINATIONS] + ["no-combination"] if scope == "high" else \
        ["pair", "no-combination"]


def abstraction_cases(scope: str) -> list[str]:
    """The cases each part of the lemma is split into: the first hand's combination."""
    return combination_names(scope)


def _pick(s: ScopeSpec, part: str) -> list[z3.ExprRef]:
    if part == "combination":
        return [s.spec.category()]
    if part == "statements":
        return [t for st in s.statements for t in (st.higher, st.lower)] + [
            m for _c, _b, m in s.members]
    return list(s.key_terms)


def abstraction_queries(scope: str, part: str, readings: Readings, budget: Budget,
                        record: bool) -> list[Query]:
    """Two hands alike in the abstraction are alike in ``part``: one query per combination
    the first hand may have, on one solver (push/pop)."""
    a = ScopeSpec.build(scope, readings, "a")
    b = ScopeSpec.build(scope, readings, "b")
    solver = budgets.solver(budget)
    alike = [x / 4 == y / 4 for x, y in zip(a.spec.hand.cards, b.spec.hand.cards, strict=True)]
    solver.add(a.spec.hand.domain(), b.spec.hand.domain(), *alike,
               a.spec.hand.suited == b.spec.hand.suited)
    solver.add(z3.Or([x != y for x, y in zip(_pick(a, part), _pick(b, part), strict=True)]))
    out = []
    for case in abstraction_cases(scope):
        started = time.perf_counter()
        solver.push()
        solver.add(a.spec.category() == CODES[case])
        if part == "order":  # the combination part proves b has a's combination
            solver.add(b.spec.category() == CODES[case])
        text = query_text(solver, []) if record else ""
        done = budgets.check(solver, budget)
        qid = f"paigow/{scope}/abstraction/{part}/{case}"
        if done.result == z3.unsat:
            out.append(Query(qid, "PROVED", time.perf_counter() - started,
                             smt=(("unsat", text),) if record else (), resources=done.rlimit))
        elif done.result == z3.sat:
            m = solver.model()
            out.append(Query(qid, "REFUTED", time.perf_counter() - started,
                             "two hands alike in ranks and suitedness are told apart",
                             (model_hand(m, a.spec.hand), model_hand(m, b.spec.hand)),
                             smt=(("sat", text),) if record else (), resources=done.rlimit))
        else:
            out.append(Query(qid, "UNKNOWN", time.perf_counter() - started, done.reason,
                             resources=done.rlimit,
                             smt=(("unknown", text),) if record else ()))
        solver.pop()
    return out


def _deck_domain(hand: spec.paigow.Hand, deck: tuple[int, ...]) -> z3.BoolRef:
    if deck == FULL_DECK:
        return hand.domain()
    return z3.And(hand.domain(), *(z3.Or([c == i for i in deck]) for c in hand.cards))


def spec_queries(scope: str, readings: Readings, deck: tuple[int, ...], budget: Budget,
                 record: bool) -> list[Query]:
    """Never empty, never conflicting: each combination has a hand; each statement has hands
    on both sides and none on both."""
    s = ScopeSpec.build(scope, readings)
    hand = s.spec.hand
    solver = budgets.solver(budget)
    solver.add(_deck_domain(hand, deck))
    out: list[Query] = []
    for name in combination_names(scope):
        started = time.perf_counter()
        solver.push()
        solver.add(s.spec.is_(name))
        text = query_text(solver, []) if record else ""
        done = budgets.check(solver, budget)
        qid = f"paigow/{scope}/nonvacuous/{name}"
        seconds = time.perf_counter() - started
        if done.result == z3.sat:
            out.append(Query(qid, "PROVED", seconds, "", (model_hand(solver.model(), hand),),
                             smt=(("sat", text),) if record else (), resources=done.rlimit))
        elif done.result == z3.unsat:
            out.append(Query(qid, "VACUOUS", seconds, f"no hand of this deck is a {name}",
                             smt=(("unsat", text),) if record else (), resources=done.rlimit))
        else:
            out.append(Query(qid, "UNKNOWN", seconds, done.reason, resources=done.rlimit,
                             smt=(("unknown", text),) if record else ()))
        solver.pop()
    for st in s.statements:
        out.append(_statement(solver, st, hand, scope, budget, record))
    return out


def _statement(solver: z3.Solver, st: spec.paigow.OrderStatement, hand: spec.paigow.Hand,
               scope: str, budget: Budget, record: bool) -> Query:
    started = time.perf_counter()
    qid = f"paigow/{scope}/statement/{st.id}"
    recorded: list[tuple[str, str]] = []
    used = 0
    for side, term in (("higher", st.higher), ("lower", st.lower)):
        solver.push()
        solver.add(term)
        text = query_text(solver, []) if record else ""
        done = budgets.check(solver, budget)
        solver.pop()
        used += done.rlimit
        answer = "sat" if done.result == z3.sat else "unsat" if done.result == z3.unsat \
            else "unknown"
        recorded.append((answer, text))
        if done.result != z3.sat:
            if done.unknown:
                return Query(qid, "UNKNOWN", time.perf_counter() - started,
                             f"the {side} side: {done.reason}", smt=_kept(recorded, record),
                             resources=used)
            return Query(qid, "VACUOUS", time.perf_counter() - started,
                         f"no hand of this deck on the {side} side",
                         smt=_kept(recorded, record), resources=used)
    solver.push()
    solver.add(st.higher, st.lower)
    text = query_text(solver, []) if record else ""
    done = budgets.check(solver, budget)
    used += done.rlimit
    try:
        if done.result == z3.sat:
            recorded.append(("sat", text))
            return Query(qid, "REFUTED", time.perf_counter() - started,
                         "a hand would have to rank above itself",
                         (model_hand(solver.model(), hand),), smt=_kept(recorded, record),
                         resources=used)
        if done.unknown:
            recorded.append(("unknown", text))
            return Query(qid, "UNKNOWN", time.perf_counter() - started, done.reason,
                         smt=_kept(recorded, record), resources=used)
    finally:
        solver.pop()
    recorded.append(("unsat", text))
    return Query(qid, "PROVED", time.perf_counter() - started, smt=_kept(recorded, record),
                 resources=used)


def _kept(recorded: list[tuple[str, str]], record: bool) -> tuple[tuple[str, str], ...]:
    return tuple(recorded) if record else ()


def query_tasks(scope: str) -> Iterator[tuple[str, ...]]:
    """The worker tasks of one scope's queries: each part of the abstraction lemma, then the
    spec's own."""
    for part in PARTS:
        yield ("abstraction", scope, part)
    yield ("spec", scope)
