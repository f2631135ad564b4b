"""Dual evidence for the craps obligations: the same claims checked by brute force.

The craps domain is finite (every reachable state of a wager times 36 rolls), so each claim the
SMT queries prove is also checked by enumerating it with exact fractions, the specification
evaluated by proofs/z3_compile.py and the implementation run directly. Each result carries both
answers; where they disagree the verdict becomes ERROR, since one of the two means of proof is
wrong.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from casino_proofs import impl, spec
from casino_proofs.obligations.lifting import DICE, ImplSettle, impl_accepts, run_impl
from casino_proofs.obligations.verdict import Result, Verdict
from casino_proofs.solving.z3_compile import UnsupportedTerm, compile_terms
from casino_proofs.spec.vocabulary import COME_OUT, DIE_1, DIE_2, FIRST_ROLL, POINT, WORKING

Outcome = tuple[str, Fraction, int]


def _spec_fired(w: spec.WagerSpec) -> Any:
    inputs = [DIE_1, DIE_2, COME_OUT, POINT, WORKING, FIRST_ROLL]
    terms = [t for r in w.rules for t in (r.guard, r.settlement.decision, r.settlement.net,
                                          r.settlement.next_point)]
    compiled = compile_terms(inputs, terms)

    def fired(st: spec.ConcreteState, d1: int, d2: int) -> list[tuple[int, Outcome]]:
        v = compiled(d1, d2, st.come_out, st.point, st.working, st.first_roll)
        return [(i // 4, (v[i + 1], Fraction(v[i + 2]), int(v[i + 3])))
                for i in range(0, len(v), 4) if v[i]]
    return fired


def _claims(w: spec.WagerSpec, settle: ImplSettle,
            readings: impl.Readings) -> dict[str, tuple[bool, str]]:
    """Obligation ID -> (the claim holds, what was enumerated)."""
    fired_at = _spec_fired(w)
    out: dict[str, tuple[bool, str]] = {}
    reached: set[int] = set()
    reachable_states: set[spec.ConcreteState] = set()
    for cls in w.states:
        states = spec.states_of(cls)
        reachable_states.update(states)
        gaps = clashes = 0
        wrong: dict[int, int] = {}
        seen: dict[int, int] = {}
        for st in states:
            for d1, d2 in DICE:
                fired = fired_at(st, d1, d2)
                if not fired:
                    gaps += 1
                if len({o for _i, o in fired}) > 1:
                    clashes += 1
                got = run_impl(settle, w.name, st, d1, d2, readings)
                for i, o in fired:
                    reached.add(i)
                    seen[i] = seen.get(i, 0) + 1
                    same = isinstance(got, impl.Settlement) and (
                        got.decision.value, got.net, got.point or 0) == o
                    if not same:
                        wrong[i] = wrong.get(i, 0) + 1
        n = len(states) * len(DICE)
        base = f"craps/{w.name}/{cls.name}"
        out[f"{base}/exhaustive"] = (gaps == 0, f"{n} outcomes, {gaps} undecided")
        out[f"{base}/exclusive"] = (clashes == 0, f"{n} outcomes, {clashes} in conflict")
        for i, rule in enumerate(w.rules):
            if i in seen:
                out[f"{base}/agrees/{rule.clause}#{i}"] = (
                    i not in wrong, f"{seen[i]} outcomes, {wrong.get(i, 0)} settled otherwise")
    for i, rule in enumerate(w.rules):
        out[f"craps/{w.name}/all-states/reachable/{rule.clause}#{i}"] = (
            i in reached, "applies to some outcome" if i in reached else "applies nowhere")
    accepted = {st for st in spec.rules.all_states() if impl_accepts(settle, w.name, st,
                                                                        readings)}
    mismatched = len(accepted ^ reachable_states)
    out[f"craps/{w.name}/all-states/domain"] = (
        mismatched == 0, f"{len(list(spec.rules.all_states()))} states, {mismatched} accepted "
                         "by one side only")
    return out


def confirm(results: list[Result], specs: list[spec.WagerSpec], settle: ImplSettle,
            readings: impl.Readings) -> list[Result]:
    claims: dict[str, tuple[bool, str]] = {}
    for w in specs:
        try:
            claims.update(_claims(w, settle, readings))
        except UnsupportedTerm:
            continue  # a rule over more than the roll and state: nothing finite to enumerate
    out = []
    for r in results:
        claim = claims.get(r.obligation.id)
        if claim is None:
            out.append(r)
            continue
        holds, what = claim
        text = f"enumeration: {what}"
        if r.verdict is Verdict.PROVED and not holds:
            out.append(replace(r, verdict=Verdict.ERROR, enumeration=text,
                               detail="the SMT proof and the enumeration disagree"))
        elif r.verdict is Verdict.REFUTED and holds:
            out.append(replace(r, verdict=Verdict.ERROR, enumeration=text,
                               detail=f"{r.detail}; but the enumeration finds no violation"))
        else:
            out.append(replace(r, enumeration=text))
    return out
