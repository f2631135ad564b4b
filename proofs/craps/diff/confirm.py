"""Every listed difference asked again before it is believed: an engine is asked again; the
specification's answers are re-derived by Z3 (one query per wager, else input by input by
substitution), not by the compiled terms that first gave them."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import z3

from casino_proofs import spec
from casino_proofs.craps.diff.completeness import (
    answer_term,
    parse_terms,
    spec_function,
    where,
)
from casino_proofs.craps.diff.sides import (
    CONFLICT,
    GAP,
    NOTHING,
    SETTLED,
    UNANSWERED,
    Difference,
    Meaning,
    Side,
    ask_engine,
    meaning_json,
    meaning_key,
    wager_spec,
)
from casino_proofs.protocol.answers import (
    CrapsInput,
)
from casino_proofs.solving import budget as budgets
from casino_proofs.solving.budget import Budget
from casino_proofs.spec.rules import firing, holds
from casino_proofs.spec.vocabulary import (
    dice_domain,
    state_universe,
)


def _spec_meaning(readings: Mapping[str, str], q: CrapsInput) -> Meaning:
    """The specification's answer at one input, by Z3 substitution (not the compiled terms
    ``ask`` used): a second evaluation of the same rules."""
    w = wager_spec(q.wager, readings)
    state = spec.ConcreteState(q.come_out, q.point or 0, q.working, q.first_roll)
    if not any(holds(c.constraint, state) for c in w.states):
        return NOTHING
    fired = {(s.decision, s.net, s.next_point, s.working)
             for _r, s in firing(w, state, q.die_1, q.die_2)}
    if not fired:
        return (GAP, "", Fraction(0), 0, False)
    if len(fired) > 1:
        return (CONFLICT, "", Fraction(0), 0, False)
    decision, net, point, working = fired.pop()
    return (SETTLED, decision, net, point, working)


def _spec_confirms(side: Side, wager: str, inputs: list[CrapsInput],
                   budget: Budget | None = None) -> bool:
    """Whether Z3 proves that the specification's rules give every one of ``inputs`` the
    answer ``side`` recorded (from the compiled terms): one query, no input where they do
    not. False when it finds one, or cannot tell (the inputs are then replayed one by one)."""
    budget = budget or Budget()
    wrong = [f"(and {where(q)} (not {answer_term(side.meanings[q], 'a')}))" for q in inputs]
    solver = budgets.solver(budget)
    solver.add(dice_domain(), state_universe(), spec_function(side, wager, "a"),
               parse_terms([f"(or false {' '.join(wrong)})"]))
    return bool(budgets.check(solver, budget).result == z3.unsat)


def replay(side: Side, listed: list[Difference]) -> dict[CrapsInput, str]:
    """Ask ``side`` again about every listed input; the inputs whose answer is not the one
    listed, with what came back (empty: every difference replayed)."""
    inputs = [d.input for d in listed if d.input not in side.nondeterministic]
    details: dict[CrapsInput, str] = {}
    if side.is_spec:
        again = {}
        for w in dict.fromkeys(q.wager for q in inputs):
            mine = [q for q in inputs if q.wager == w]
            if not _spec_confirms(side, w, mine):
                again.update({q: _spec_meaning(side.readings, q) for q in mine})
        again.update({q: side.meanings[q] for q in inputs if q not in again})
    else:
        probe = Side(side.label, side.readings, side.engine)
        ask_engine(probe, inputs, twice=False)
        again, details = probe.meanings, probe.details
    return {q: (f"{side.label} could not be asked again: {details.get(q, '')}"
                if again[q][0] == UNANSWERED else
                f"{side.label} answered {meaning_json(again[q])} when asked again")
            for q in inputs if meaning_key(again[q]) != meaning_key(side.meanings[q])}
