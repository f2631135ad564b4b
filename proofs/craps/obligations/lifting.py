"""Where the specification meets the implementation's answers.

The implementation is a black box: its answers to every concrete input of a state class
(asked once, by :mod:`casino_proofs.craps.obligations.answers`) are lifted into SMT-LIB
assertions over the specification's own symbols — the dice and the state variables — and four
fresh outputs: the decision, the net, the point after the roll and the working call carried.
The SMT queries then compare that graph with the specification's rules over symbolic dice.
An input the implementation did not settle (it refused it, failed on it, or a table lacks it)
leaves the outputs free there, so any rule that applies to it is broken there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import z3

from casino_proofs import spec
from casino_proofs.craps.obligations.answers import CrapsAnswers, answer_json
from casino_proofs.protocol.answers import DICE, CrapsAnswer, Settled, is_unanswered
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

IMPL_DECISION = z3.Const("impl_decision", Decision)
IMPL_NET = z3.Real("impl_net")
IMPL_NEXT_POINT = z3.Int("impl_next_point")
IMPL_WORKING = z3.Bool("impl_working")

_DECLS: dict[str, Any] = {
    "die_1": DIE_1, "die_2": DIE_2, "come_out": COME_OUT, "point": POINT, "working": WORKING,
    "first_roll": FIRST_ROLL,
    "impl_decision": IMPL_DECISION, "impl_net": IMPL_NET, "impl_next_point": IMPL_NEXT_POINT,
    "impl_working": IMPL_WORKING,
    "win": WIN, "lose": LOSE, "push": PUSH, "none": NONE,
}


def state_dict(state: spec.ConcreteState) -> dict[str, Any]:
    return {"come_out": state.come_out, "point": state.point or None, "working": state.working,
            "first_roll": state.first_roll}


def spec_dict(s: spec.ConcreteSettlement, clauses: tuple[str, ...] = ()) -> dict[str, Any]:
    out: dict[str, Any] = {
        "decision": s.decision, "net": str(s.net), "point": s.next_point or None,
    }
    if s.decision == "none":
        out["working"] = s.working
    if clauses:
        out["clauses"] = list(clauses)
    return out


def same(spec_s: spec.ConcreteSettlement, answer: CrapsAnswer) -> bool:
    """The implementation settled as the specification's settlement says, next state
    included."""
    return isinstance(answer, Settled) and answer.key() == (
        spec_s.decision, spec_s.net, spec_s.next_point, spec_s.working)


def impl_json(answer: CrapsAnswer) -> dict[str, Any]:
    return answer_json(answer)


def _smt_int(value: int) -> str:
    return str(value) if value >= 0 else f"(- {-value})"


def _smt_bool(value: bool) -> str:
    return "true" if value else "false"


def _smt_value(s: Settled) -> str:
    net = s.net
    return (f"(and (= impl_decision {s.decision}) "
            f"(= impl_net (/ {_smt_int(net.numerator)} {net.denominator})) "
            f"(= impl_next_point {s.point or 0}) (= impl_working {_smt_bool(s.working)}))")


@dataclass(frozen=True)
class ImplGraph:
    """The implementation's function graph over a set of concrete inputs."""

    assertions: z3.AstVector
    unsettled: int  # inputs the implementation did not settle (left unconstrained)
    #: inputs it gave no answer to (it hung, or was given up on): no evidence either way
    unanswered: tuple[tuple[spec.ConcreteState, int, int], ...] = ()


def impl_graph(answers: CrapsAnswers, wager: str,
               states: list[spec.ConcreteState]) -> ImplGraph:
    lines = []
    unsettled = 0
    unanswered: list[tuple[spec.ConcreteState, int, int]] = []
    for st in states:
        guard_state = (f"(= come_out {_smt_bool(st.come_out)}) "
                       f"(= point {_smt_int(st.point)}) "
                       f"(= working {_smt_bool(st.working)}) "
                       f"(= first_roll {_smt_bool(st.first_roll)})")
        for a, b in DICE:
            out = answers.at(wager, st, a, b)
            if not isinstance(out, Settled):
                unsettled += 1
                if is_unanswered(out):
                    unanswered.append((st, a, b))
                continue
            lines.append(f"(assert (=> (and (= die_1 {a}) (= die_2 {b}) {guard_state}) "
                         f"{_smt_value(out)}))")
    return ImplGraph(z3.parse_smt2_string("\n".join(lines), decls=_DECLS), unsettled,
                     tuple(unanswered))


def settlement_differs(rule: spec.Rule) -> z3.BoolRef:
    """The implementation's output differs from what ``rule`` prescribes, next state
    included."""
    s = rule.settlement
    return z3.Or(IMPL_DECISION != s.decision, IMPL_NET != s.net,
                 IMPL_NEXT_POINT != s.next_point, IMPL_WORKING != s.next_working)
