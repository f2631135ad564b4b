"""Mutation score: faulty implementations and specifications, generated, each run through the
proofs. A check that cannot fail is a defect; here every generated fault must be caught.

Implementation mutants (an engine wrapped around our implementation's adapter, changing some
of its answers; they need no import of the implementation):

- craps ``payout``: every win paying X pays X + 1 instead, for each X a wager pays;
- craps ``decision``: on every roll of one total, a win becomes a loss and a loss a win;
- craps ``total``: the rolls of one total are settled as those of the next total are;
- craps ``working``: the player's working call, or the come-out flag, is read backwards;
- Pai Gow ``category``: one combination ranked above the next higher one;
- Pai Gow ``label``: one combination called by the next lower one's name;
- Pai Gow ``tiebreak``: the order within one combination reversed;
- Pai Gow ``suits``: suits made to rank.

Specification mutants (craps): each rule of each wager ``dropped``, ``weakened`` (its guard made
unsatisfiable) or with its settlement's net ``shifted`` by one.

An implementation mutant is killed by a REFUTED verdict with a counterexample; a specification
mutant by any verdict other than PROVED (the implementation disagreeing, a gap, a vacuity).
Pai Gow mutants run on three small decks (``DECKS``) that hold every combination next to its
neighbours; the whole-deck runs are the must-fail tests.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import z3

from casino_proofs import regulation, spec
from casino_proofs.adapters.mutated import Ask, Mutated, RankChange
from casino_proofs.adapters.ours import ours
from casino_proofs.analyses.assurance.coverage import ordering_gaps
from casino_proofs.analyses.assurance.ours import check_craps, check_paigow
from casino_proofs.craps.obligations.answers import question
from casino_proofs.obligations.verdict import Result, Verdict
from casino_proofs.paigow.obligations.scope_spec import CLAUSE_OF, SPEC_MUTATION, ScopeSpec
from casino_proofs.protocol.answers import DICE, CrapsAnswer, CrapsInput, Settled, Strength
from casino_proofs.spec.paigow import COMBINATIONS, JOKER_INDEX, PaiGowSpec


@dataclass(frozen=True)
class Mutant:
    id: str
    game: str
    kind: str
    clause: str  # the clause (or convention) the fault is about
    wager: str = ""
    engine: Mutated | None = None
    spec_mutant: spec.WagerSpec | None = None
    spec_change: Callable[[PaiGowSpec], None] | None = None
    #: the kind of obligation that must refute it (a tie across a statement is only caught
    #: when the statement's own ``order`` obligation refutes it, not the tiebreak's)
    killed_by: str = ""


@dataclass(frozen=True)
class Outcome:
    mutant: Mutant
    killed: bool
    by: str  # the obligation (and verdict) that caught it, or why it survived


# ---------------------------------------------------------------------------------------------
# Craps
# ---------------------------------------------------------------------------------------------


def _table(wager: spec.WagerSpec) -> list[tuple[CrapsInput, Settled]]:
    """Our implementation's settlement of every reachable input of the wager."""
    asked = [question(wager.name, st, a, b) for cls in wager.states
             for st in spec.states_of(cls) for a, b in DICE]
    answers = ours().settle(asked, {})
    return [(q, a) for q, a in zip(asked, answers, strict=True) if isinstance(a, Settled)]


def _with(q: CrapsInput, **changes: Any) -> CrapsInput:
    return replace(q, **changes)


def craps_impl_mutants(wager: spec.WagerSpec) -> Iterator[Mutant]:
    name, clause = wager.name, wager.paragraph
    table = _table(wager)
    pays = sorted({s.net for _q, s in table if s.decision == "win"})
    for x in pays:
        def pays_more(_q: CrapsInput, real: CrapsAnswer, _ask: Ask,
                      x: Fraction = x) -> CrapsAnswer | None:
            if isinstance(real, Settled) and real.decision == "win" and real.net == x:
                return replace(real, net=x + 1)
            return None
        yield Mutant(f"craps/impl/{name}/payout/{x}", "craps", "payout", clause, name,
                     Mutated(name, pays_more))
    swap = {"win": Settled("lose", Fraction(-1), None), "lose": Settled("win", Fraction(1), None)}
    totals = sorted({q.die_1 + q.die_2 for q, s in table if s.decision in swap})
    for t in totals:
        def swapped(q: CrapsInput, real: CrapsAnswer, _ask: Ask,
                    t: int = t) -> CrapsAnswer | None:
            if isinstance(real, Settled) and q.die_1 + q.die_2 == t:
                return swap.get(real.decision)
            return None
        yield Mutant(f"craps/impl/{name}/decision/{t}", "craps", "decision", clause, name,
                     Mutated(name, swapped))
    by_input = dict(table)
    for t in range(2, 12):
        def moved(q: CrapsInput, _real: CrapsAnswer, ask: Ask,
                  t: int = t) -> CrapsAnswer | None:
            if q.die_1 + q.die_2 != t or not 1 <= q.die_1 <= 6 or not 1 <= q.die_2 <= 6:
                return None
            d1 = min(6, t)  # a roll of total t + 1
            return ask(_with(q, die_1=d1, die_2=t + 1 - d1))
        differs = any(by_input.get(_with(q, die_1=min(6, t), die_2=t + 1 - min(6, t))) != s
                      for q, s in table if q.die_1 + q.die_2 == t)
        if differs:
            yield Mutant(f"craps/impl/{name}/total/{t}->{t + 1}", "craps", "total", clause,
                         name, Mutated(name, moved))
    def takes_a_zero(q: CrapsInput, _real: CrapsAnswer, _ask: Ask) -> CrapsAnswer | None:
        return Settled("lose", Fraction(-1), None) if 0 in (q.die_1, q.die_2) else None
    yield Mutant(f"craps/impl/{name}/validation/die-0", "craps", "validation", clause, name,
                 Mutated(name, takes_a_zero), killed_by="validation")
    states = {(q.come_out, q.working) for q, _s in table}
    if any(c for c, _w in states) and any(w for _c, w in states):
        yield Mutant(f"craps/impl/{name}/working/flipped", "craps", "working", clause, name,
                     Mutated(name, lambda q, _real, ask: ask(_with(q, working=not q.working))
                             if q.come_out else None))
    if any(c for c, _w in states) and any(not c for c, _w in states) \
            and spec.family(name).called:
        yield Mutant(f"craps/impl/{name}/come-out/flipped", "craps", "working", clause, name,
                     Mutated(name, lambda q, _real, ask: ask(
                         _with(q, come_out=not q.come_out, first_roll=False))))


def craps_spec_mutants(wager: spec.WagerSpec) -> Iterator[Mutant]:
    for i, rule in enumerate(wager.rules):
        others = wager.rules[:i] + wager.rules[i + 1:]
        clause = regulation.paragraph_of(rule.clause)
        yield Mutant(f"craps/spec/{wager.name}/dropped/{rule.clause}#{i}", "craps", "dropped",
                     clause, wager.name, spec_mutant=replace(wager, rules=others))
        weak = replace(rule, guard=z3.And(rule.guard, z3.BoolVal(False)))
        yield Mutant(f"craps/spec/{wager.name}/weakened/{rule.clause}#{i}", "craps", "weakened",
                     clause, wager.name,
                     spec_mutant=replace(wager, rules=(*wager.rules[:i], weak,
                                                       *wager.rules[i + 1:])))
        shifted = replace(rule, settlement=replace(rule.settlement,
                                                   net=rule.settlement.net + 1))
        yield Mutant(f"craps/spec/{wager.name}/shifted/{rule.clause}#{i}", "craps", "shifted",
                     clause, wager.name,
                     spec_mutant=replace(wager, rules=(*wager.rules[:i], shifted,
                                                       *wager.rules[i + 1:])))


def _first_failure(results: list[Result], impl_mutant: bool, kind: str = "") -> str | None:
    for r in results:
        if kind and r.obligation.kind != kind:
            continue
        if impl_mutant and r.verdict is Verdict.REFUTED and r.counterexample:
            return f"{r.obligation.id} {r.verdict.value}"
        if not impl_mutant and r.verdict is not Verdict.PROVED:
            return f"{r.obligation.id} {r.verdict.value}"
    return None


def run_craps(m: Mutant) -> Outcome:
    if m.spec_mutant is not None:
        results = check_craps(specs=[m.spec_mutant])
        by = _first_failure(results, impl_mutant=False)
    else:
        assert m.engine is not None
        results = check_craps(engine=m.engine, wagers=[m.wager])
        if any(r.verdict is Verdict.ERROR for r in results):
            return Outcome(m, False, "an ERROR verdict: the proofs did not conclude")
        by = _first_failure(results, impl_mutant=True, kind=m.killed_by)
    return Outcome(m, by is not None, by or "every obligation PROVED")


# ---------------------------------------------------------------------------------------------
# Pai Gow
# ---------------------------------------------------------------------------------------------


def _deck(ranks: str, suits: str) -> tuple[int, ...]:
    return (*(r * 4 + s for r in range(13) for s in range(4)
              if "23456789TJQKA"[r] in ranks and "cdhs"[s] in suits), JOKER_INDEX)


#: Small decks that between them hold every combination next to its neighbours: all ranks in
#: two suits (straights, flushes, straight flushes, the royal flush); 2, 3, Q, K, A in four
#: suits (five aces, four of a kind, full houses); 9 to A in four suits (five aces, the royal
#: flush, straight flushes and four of a kind together).
DECKS = (_deck("23456789TJQKA", "cs"), _deck("23QKA", "cdhs"), _deck("9TJQKA", "cdhs"))
#: The combinations from the highest; our implementation's strength of a combination is its
#: distance from the bottom (10 for five aces, 0 for no combination).
ORDER = [name for name, _c in COMBINATIONS] + ["no-combination"]


def _strength(name: str) -> int:
    return len(ORDER) - 1 - ORDER.index(name)


def _above(c: str, a: str) -> RankChange:
    def change(_hand: tuple[int, ...], v: Strength) -> Strength:
        if v.combination == c:
            return Strength((_strength(a), 99, *v.value[1:]), v.combination)
        return v
    return change


def _named(c: str, b: str) -> RankChange:
    def change(_hand: tuple[int, ...], v: Strength) -> Strength:
        return replace(v, combination=b) if v.combination == c else v
    return change


def _reversed(c: str) -> RankChange:
    def change(_hand: tuple[int, ...], v: Strength) -> Strength:
        if v.combination == c:
            return Strength((v.value[0], *(-t for t in v.value[1:])), v.combination)
        return v
    return change


def _tied(c: str, below: str) -> RankChange:
    """Every hand of ``c`` and of the combination below it made level: each pair across the
    chapeau's statement that ``c`` ranks above ``below`` is a tie."""
    def change(_hand: tuple[int, ...], v: Strength) -> Strength:
        if v.combination in (c, below):
            return Strength((_strength(below),), v.combination)
        return v
    return change


def _suits_rank(hand: tuple[int, ...], v: Strength) -> Strength:
    spades = sum(1 for i in hand if i != JOKER_INDEX and i % 4 == 3)
    return Strength((*v.value, spades), v.combination)


def paigow_mutants() -> Iterator[Mutant]:
    for i, c in enumerate(ORDER[1:], start=1):
        above = ORDER[i - 1]
        yield Mutant(f"paigow/impl/{c}/category/above-{above}", "paigow", "category",
                     CLAUSE_OF[c], engine=Mutated(rank_change=_above(c, above)))
    for i, c in enumerate(ORDER[:-1]):
        below = ORDER[i + 1]
        yield Mutant(f"paigow/impl/{c}/label/{below}", "paigow", "label", CLAUSE_OF[c],
                     engine=Mutated(rank_change=_named(c, below)))
    for c in ORDER:
        if c in ("five-aces", "royal-flush"):
            continue  # one value each: reversing their order changes nothing
        yield Mutant(f"paigow/impl/{c}/tiebreak/reversed", "paigow", "tiebreak", CLAUSE_OF[c],
                     engine=Mutated(rank_change=_reversed(c)))
    yield Mutant("paigow/impl/suits/rank", "paigow", "suits", "conv-tiebreak",
                 engine=Mutated(rank_change=_suits_rank))
    for i, c in enumerate(ORDER[:-1]):
        below = ORDER[i + 1]
        yield Mutant(f"paigow/impl/{c}/tied/{below}", "paigow", "tied", "r3-40-intro.s1",
                     engine=Mutated(rank_change=_tied(c, below)), killed_by="order")


def run_paigow(m: Mutant) -> Outcome:
    assert m.engine is not None
    for deck in DECKS:
        outcome = check_paigow(engine=m.engine, deck=deck, workers=1, spec_checks=False)
        for r in outcome.results:
            if r.verdict is Verdict.REFUTED and r.obligation.kind == (m.killed_by
                                                                     or r.obligation.kind):
                return Outcome(m, True, f"{r.obligation.id} REFUTED (deck of {len(deck)})")
    return Outcome(m, False, "every obligation PROVED or VACUOUS on every small deck")


# ---------------------------------------------------------------------------------------------


def _without_statement(statement_id: str) -> Callable[[PaiGowSpec], None]:
    def mutate(s: PaiGowSpec) -> None:
        original = s.statements
        s.statements = lambda: [st for st in original()  # type: ignore[method-assign]
                                if st.id != statement_id]
    return mutate


def _reversed_statement(statement_id: str) -> Callable[[PaiGowSpec], None]:
    def mutate(s: PaiGowSpec) -> None:
        original = s.statements
        s.statements = lambda: [  # type: ignore[method-assign]
            replace(st, higher=st.lower, lower=st.higher) if st.id == statement_id else st
            for st in original()]
    return mutate


def _never(name: str) -> Callable[[PaiGowSpec], None]:
    def mutate(s: PaiGowSpec) -> None:
        s._cache[("describes", name)] = z3.BoolVal(False)
    return mutate


def paigow_spec_mutants() -> Iterator[Mutant]:
    for st in ScopeSpec.build("high", spec.Readings()).statements:
        clause = regulation.paragraph_of(st.clauses[0])
        yield Mutant(f"paigow/spec/high/dropped/{st.id}", "paigow", "dropped", clause,
                     spec_change=_without_statement(st.id))
        if not st.id.startswith("r3-40-intro"):
            yield Mutant(f"paigow/spec/high/reversed/{st.id}", "paigow", "reversed", clause,
                         spec_change=_reversed_statement(st.id))
    for name, clause in COMBINATIONS:
        yield Mutant(f"paigow/spec/high/weakened/{name}", "paigow", "weakened", clause,
                     spec_change=_never(name))


def run_paigow_spec(m: Mutant) -> Outcome:
    """A specification mutant is caught by coverage (a statement the text makes is missing)
    or by the proofs (the implementation now disagrees)."""
    assert m.spec_change is not None
    SPEC_MUTATION.append(m.spec_change)
    try:
        gaps = ordering_gaps()
        if gaps:
            return Outcome(m, True, f"coverage: {gaps[0]}")
        for deck in DECKS:
            outcome = check_paigow(deck=deck, workers=1, spec_checks=False)
            for r in outcome.results:
                if r.verdict is Verdict.REFUTED:
                    return Outcome(m, True, f"{r.obligation.id} REFUTED (deck of {len(deck)})")
        return Outcome(m, False, "coverage complete and every obligation PROVED or VACUOUS")
    finally:
        SPEC_MUTATION.remove(m.spec_change)


def generate(game: str | None = None) -> list[Mutant]:
    out: list[Mutant] = []
    if game in (None, "craps"):
        for w in spec.wagers():
            out += list(craps_impl_mutants(w))
            out += list(craps_spec_mutants(w))
    if game in (None, "paigow"):
        out += list(paigow_mutants())
        out += list(paigow_spec_mutants())
    return out


def run(mutant: Mutant) -> Outcome:
    if mutant.game == "craps":
        return run_craps(mutant)
    if mutant.spec_change is not None:
        return run_paigow_spec(mutant)
    return run_paigow(mutant)


def quick(mutants: list[Mutant]) -> list[Mutant]:
    """A representative subset: the first craps mutant of each kind for each clause, and the
    first Pai Gow mutant of each kind."""
    seen: set[tuple[str, str]] = set()
    out = []
    for m in mutants:
        key = (m.kind, m.clause if m.game == "craps" else "")
        if key not in seen:
            seen.add(key)
            out.append(m)
    return out


def report(outcomes: list[Outcome]) -> dict[str, Any]:
    by_clause: dict[str, dict[str, int]] = {}
    for o in outcomes:
        row = by_clause.setdefault(o.mutant.clause, {"total": 0, "killed": 0})
        row["total"] += 1
        row["killed"] += o.killed
    killed = sum(o.killed for o in outcomes)
    return {
        "schema": "casino-proofs/mutants", "schema_version": 1,
        "total": len(outcomes), "killed": killed,
        "score": f"{killed}/{len(outcomes)}",
        "survivors": [{"id": o.mutant.id, "kind": o.mutant.kind, "clause": o.mutant.clause,
                       "why": o.by} for o in outcomes if not o.killed],
        "by_clause": dict(sorted(by_clause.items())),
        "mutants": [{"id": o.mutant.id, "kind": o.mutant.kind, "clause": o.mutant.clause,
                     "killed": o.killed, "by": o.by} for o in outcomes],
    }
