"""Craps's mutants (``casino-proofs mutants``, :mod:`casino_proofs.analyses.assurance.mutants`):
implementation mutants (an engine wrapped around our implementation's adapter, changing some
of its answers: ``payout``, ``decision``, ``total``, ``validation``, ``working``) and
specification mutants (each rule of each wager ``dropped``, ``weakened`` or ``shifted``), and
how one is run through the proofs."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction
from typing import Any

import z3

from casino_proofs import regulation, spec
from casino_proofs.adapters.mutated import Ask, Mutated
from casino_proofs.adapters.ours import ours
from casino_proofs.analyses.assurance.mutants import Mutant, Outcome, first_failure
from casino_proofs.craps.assurance.ours import check_craps
from casino_proofs.craps.obligations.answers import question
from casino_proofs.obligations.verdict import Verdict
from casino_proofs.protocol.answers import DICE, CrapsAnswer, CrapsInput, Settled


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


def mutants() -> Iterator[Mutant]:
    """Every craps mutant: each wager's implementation mutants, then its specification's."""
    for w in spec.wagers():
        yield from craps_impl_mutants(w)
        yield from craps_spec_mutants(w)


def run(m: Mutant) -> Outcome:
    if m.spec_mutant is not None:
        results = check_craps(specs=[m.spec_mutant])
        by = first_failure(results, impl_mutant=False)
    else:
        assert m.engine is not None
        results = check_craps(engine=m.engine, wagers=[m.wager])
        if any(r.verdict is Verdict.ERROR for r in results):
            return Outcome(m, False, "an ERROR verdict: the proofs did not conclude")
        by = first_failure(results, impl_mutant=True, claim=m.killed_by)
    return Outcome(m, by is not None, by or "every obligation PROVED")
