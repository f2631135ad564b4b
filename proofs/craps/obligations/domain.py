"""``domain``: the implementation accepts exactly the states the specification says are
reachable (the wager's paragraph, and each state class's clauses): it settles every state that
occurs and refuses every other state of the universe (each asked on roll 1-1).
"""

from __future__ import annotations

import time
from typing import Any

import z3

from casino_proofs import spec
from casino_proofs.craps.obligations.answers import accepted, answer_json, question
from casino_proofs.craps.obligations.context import (
    WagerCheck,
    fault_verdict,
    observed_detail,
    problem,
)
from casino_proofs.craps.obligations.lifting import state_dict
from casino_proofs.craps.obligations.session import not_at, state_is
from casino_proofs.obligations.verdict import Verdict
from casino_proofs.protocol.answers import Faulty, is_unanswered


def check(ctx: WagerCheck) -> None:
    w = ctx.wager
    started = time.perf_counter()
    clauses = tuple(dict.fromkeys(c for cls in w.states for c in cls.clauses))
    ob = ctx.obligation("domain", "all-states", (w.paragraph, *clauses),
                        "the implementation accepts exactly the reachable states")
    reachable = z3.Or([cls.constraint for cls in w.states])

    def at(st: spec.ConcreteState) -> Any:
        return ctx.answers.at(w.name, st, 1, 1)

    silent = [st for st in spec.rules.all_states() if is_unanswered(at(st))]
    taken = z3.Or([state_is(st) for st in spec.rules.all_states()
                   if accepted(at(st)) and st not in silent] or [z3.BoolVal(False)])

    def replay(values: dict[str, Any]) -> dict[str, Any] | None:
        st = values["state"]
        in_spec = spec.holds(reachable, st)
        answer = at(st)
        in_impl = accepted(answer)
        if in_spec == in_impl:
            return None
        side = "rejects a reachable state" if in_spec else "accepts an unreachable state"
        if isinstance(answer, Faulty) and answer.fault == "missing":
            side = "has no row for a reachable state (a gap in the table)"
        elif isinstance(answer, Faulty) and not in_spec:  # it broke: it did not refuse
            side = (f"does not refuse an unreachable state: it gave no answer but a fault "
                    f"({answer.fault})")
        return {"detail": f"the implementation {side}", "state": state_dict(st),
                "roll": [1, 1], "spec_reachable": in_spec, "impl_accepts": in_impl,
                "impl": answer_json(answer), "verdict": fault_verdict(answer)}

    answer = ctx.session.check(z3.Xor(reachable, taken), *map(not_at, silent))
    states = sum(1 for _ in spec.rules.all_states())
    if answer.outcome == z3.unsat and silent and ctx.observed_only and states > len(silent):
        ctx.replays[ob.id] = replay
        ctx.record(ob, started, Verdict.PROVED,
                   observed_detail(states - len(silent), "states (on roll 1-1)", len(silent)),
                   core=answer.core, smt=answer.kept("unsat"), cost=answer.cost)
        return
    if answer.outcome == z3.unsat and silent:
        st = silent[0]
        ctx.record(ob, started, Verdict.ERROR,
                   f"not established: no answer in {len(silent)} state(s), e.g. "
                   f"{question(w.name, st, 1, 1).text()}: {problem(at(st))}",
                   {"state": state_dict(st), "roll": [1, 1], "impl": answer_json(at(st))},
                   cost=answer.cost, smt=answer.kept("unsat"), smt_verdict=Verdict.PROVED)
        return
    ctx.decide(ob, started, answer, replay)
