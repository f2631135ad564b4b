"""The one place where specification and implementation meet.

The implementation is a black box: it is run on every concrete input of a state class and its
function graph is lifted into SMT-LIB assertions over the specification's own symbols (the
dice and state variables) and three fresh outputs. The SMT queries then compare that graph
with the specification's rules over symbolic dice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import z3

from casino_proofs import impl, spec
from casino_proofs.spec.vocabulary import (
    COME_OUT,
    DIE_1,
    DIE_2,
    FIRST_ROLL,
    LOSE,
    NONE,
    POINT,
    PUSH,
    WIN,
    WORKING,
    Decision,
)

#: The implementation under test: the real one, or a deliberately wrong one (must-fail cases).
ImplSettle = Callable[[str, impl.State, impl.Roll, impl.Readings], impl.Settlement]

IMPL_DECISION = z3.Const("impl_decision", Decision)
IMPL_NET = z3.Real("impl_net")
IMPL_NEXT_POINT = z3.Int("impl_next_point")

_DECLS: dict[str, Any] = {
    "die_1": DIE_1, "die_2": DIE_2, "come_out": COME_OUT, "point": POINT, "working": WORKING,
    "first_roll": FIRST_ROLL,
    "impl_decision": IMPL_DECISION, "impl_net": IMPL_NET, "impl_next_point": IMPL_NEXT_POINT,
    "win": WIN, "lose": LOSE, "push": PUSH, "none": NONE,
}

DICE = tuple((a, b) for a in range(1, 7) for b in range(1, 7))


def to_impl_state(state: spec.ConcreteState) -> impl.State:
    return impl.State(point=state.point or None, come_out=state.come_out, working=state.working,
                      first_roll=state.first_roll)


def state_dict(state: spec.ConcreteState) -> dict[str, Any]:
    return {"come_out": state.come_out, "point": state.point or None, "working": state.working,
            "first_roll": state.first_roll}


def fraction_text(value: Fraction) -> str:
    return str(value)


def impl_dict(s: impl.Settlement) -> dict[str, Any]:
    return {"decision": s.decision.value, "net": fraction_text(s.net), "point": s.point}


def spec_dict(s: spec.ConcreteSettlement, clauses: tuple[str, ...] = ()) -> dict[str, Any]:
    out: dict[str, Any] = {
        "decision": s.decision, "net": fraction_text(s.net), "point": s.next_point or None,
    }
    if clauses:
        out["clauses"] = list(clauses)
    return out


def same(spec_s: spec.ConcreteSettlement, impl_s: impl.Settlement) -> bool:
    return (
        spec_s.decision == impl_s.decision.value
        and spec_s.net == impl_s.net
        and spec_s.next_point == (impl_s.point or 0)
    )


def run_impl(settle: ImplSettle, wager: str, state: spec.ConcreteState, die_1: int, die_2: int,
             readings: impl.Readings) -> impl.Settlement | Exception:
    """Run the implementation on one concrete input; an exception is returned, not raised."""
    try:
        return settle(wager, to_impl_state(state), impl.Roll(die_1, die_2), readings)
    except Exception as exc:  # the impl under test may be wrong in any way
        return exc


def _smt_value(s: impl.Settlement) -> str:
    net = s.net
    return (f"(and (= impl_decision {s.decision.value}) "
            f"(= impl_net (/ {net.numerator} {net.denominator})) "
            f"(= impl_next_point {s.point or 0}))")


def _smt_int(value: int) -> str:
    return str(value) if value >= 0 else f"(- {-value})"


@dataclass(frozen=True)
class ImplGraph:
    """The implementation's function graph over a set of concrete inputs."""

    assertions: z3.AstVector
    failures: int  # inputs on which the implementation raised (left unconstrained)


def impl_graph(settle: ImplSettle, wager: str, states: list[spec.ConcreteState],
               readings: impl.Readings) -> ImplGraph:
    lines = []
    failures = 0
    for st in states:
        guard_state = (f"(= come_out {'true' if st.come_out else 'false'}) "
                       f"(= point {_smt_int(st.point)}) "
                       f"(= working {'true' if st.working else 'false'}) "
                       f"(= first_roll {'true' if st.first_roll else 'false'})")
        for a, b in DICE:
            out = run_impl(settle, wager, st, a, b, readings)
            if isinstance(out, Exception) or not isinstance(out, impl.Settlement):
                failures += 1
                continue
            lines.append(f"(assert (=> (and (= die_1 {a}) (= die_2 {b}) {guard_state}) "
                         f"{_smt_value(out)}))")
    return ImplGraph(z3.parse_smt2_string("\n".join(lines), decls=_DECLS), failures)


def impl_accepts(settle: ImplSettle, wager: str, state: spec.ConcreteState,
                 readings: impl.Readings) -> bool:
    """Whether the implementation accepts ``wager`` in ``state`` (it does not raise
    InvalidState on a roll)."""
    out = run_impl(settle, wager, state, 1, 1, readings)
    return not isinstance(out, impl.InvalidState)


def settlement_differs(rule: spec.Rule) -> z3.BoolRef:
    """The implementation's output differs from what ``rule`` prescribes."""
    s = rule.settlement
    return z3.Or(IMPL_DECISION != s.decision, IMPL_NET != s.net, IMPL_NEXT_POINT != s.next_point)
