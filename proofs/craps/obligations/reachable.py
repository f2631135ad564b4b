"""``reachable``: every rule of a wager applies to some outcome in some reachable state (else
VACUOUS: a clause nothing can trigger). Decided by the applicability queries ``agrees`` asked,
class by class; the first satisfiable one is the proof.
"""

from __future__ import annotations

import time

from casino_proofs.craps.obligations.context import WagerCheck, rule_id
from casino_proofs.obligations.verdict import Verdict


def check(ctx: WagerCheck, reached: set[int]) -> None:
    for index, rule in enumerate(ctx.wager.rules):
        ob = ctx.obligation("reachable", "all-states", rule.clauses,
                            f"the rule applies to some outcome: {rule.label}",
                            rule_id(ctx.wager, index), rule.readings)
        checks = ctx.applies.get(index, [])
        record = ctx.session.record
        cost = sum(c for _q, c in checks)
        if index in reached:
            first = next(q for q, _c in checks if q[0] == "sat")
            ctx.record(ob, time.perf_counter(), Verdict.PROVED,
                       smt=(first,) if record else (), cost=cost)
        elif ctx.undecided:
            ctx.record(ob, time.perf_counter(), Verdict.UNKNOWN,
                       "not decided: the solver could not say where the rule applies within "
                       "its budget", smt=tuple(q for q, _c in checks) if record else (),
                       cost=cost)
        else:
            ctx.record(ob, time.perf_counter(), Verdict.VACUOUS,
                       "no outcome in any reachable state satisfies this rule's guard",
                       smt=tuple(q for q, _c in checks) if record else (), cost=cost)
