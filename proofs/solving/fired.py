"""The specification's fast settlement: a wager's rules compiled to a plain function of the
state and the dice (:mod:`.z3_compile`), what the enumerations of the craps obligations and
the reference table of protocol 2 settle by."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from casino_proofs import spec
from casino_proofs.solving.z3_compile import compile_terms
from casino_proofs.spec.vocabulary import COME_OUT, DIE_1, DIE_2, FIRST_ROLL, POINT, WORKING

#: a rule's outcome: decision, net, next point, the call carried
Outcome = tuple[str, Fraction, int, bool]


def spec_fired(w: spec.WagerSpec) -> Any:
    """The specification of ``w`` compiled to a plain function: (state, die 1, die 2) to the
    rules that fire there, each with its outcome (decision, net, next point, call carried)."""
    inputs = [DIE_1, DIE_2, COME_OUT, POINT, WORKING, FIRST_ROLL]
    terms = [t for r in w.rules for t in (r.guard, r.settlement.decision, r.settlement.net,
                                          r.settlement.next_point, r.settlement.next_working)]
    compiled = compile_terms(inputs, terms)

    def fired(st: spec.ConcreteState, d1: int, d2: int) -> list[tuple[int, Outcome]]:
        v = compiled(d1, d2, st.come_out, st.point, st.working, st.first_roll)
        return [(i // 5, (v[i + 1], Fraction(v[i + 2]), int(v[i + 3]), bool(v[i + 4])))
                for i in range(0, len(v), 5) if v[i]]
    return fired
