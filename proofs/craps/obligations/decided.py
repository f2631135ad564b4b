"""``exhaustive`` and ``exclusive``, for each state class of a wager: some clause decides every
outcome (else a *gap*, with the roll), and no outcome gets two different settlements (else a
*conflict*). A class with no reachable state is VACUOUS.
"""

from __future__ import annotations

import time
from typing import Any

import z3

from casino_proofs import spec
from casino_proofs.craps.obligations import agrees
from casino_proofs.craps.obligations.context import WagerCheck, rule_id
from casino_proofs.craps.obligations.lifting import impl_json, spec_dict
from casino_proofs.craps.obligations.session import witness
from casino_proofs.obligations.verdict import Obligation, Verdict


def state_class(ctx: WagerCheck, cls: spec.StateClass, reached: set[int]) -> None:
    """Every obligation of one state class: exhaustive, exclusive, and each rule's agreement
    (``reached``: the rules found to apply, for ``reachable``)."""
    w = ctx.wager
    with ctx.session.scope(cls.constraint):
        started = time.perf_counter()
        ob = ctx.obligation("exhaustive", cls.name, (w.paragraph, *cls.clauses),
                            f"every outcome is decided ({cls.description})")
        answer = ctx.session.check()
        if answer.outcome == z3.unsat:
            ctx.record(ob, started, Verdict.VACUOUS, "no reachable state in this class",
                       cost=answer.cost, smt=answer.kept("unsat"))
            return
        if answer.outcome == z3.unknown:
            ctx.undecided = True
            ctx.record(ob, started, Verdict.UNKNOWN, answer.reason, cost=answer.cost,
                       smt=answer.kept("unknown"))
            for kind in ("exclusive", "agrees"):
                ctx.record(ctx.obligation(kind, cls.name, (w.paragraph, *cls.clauses),
                                          f"not decided: whether the class has a state "
                                          f"({cls.description})"),
                           started, Verdict.UNKNOWN, answer.reason, by_smt=False)
            return
        exhaustive(ctx, ob, started)
        exclusive(ctx, cls)
        agrees.check(ctx, cls, reached)


def exhaustive(ctx: WagerCheck, ob: Obligation, started: float) -> None:
    def replay(values: dict[str, Any]) -> dict[str, Any] | None:
        if ctx.spec_firing(values):
            return None
        return {"detail": "gap: no clause decides this outcome", **witness(values),
                "spec": [], "impl": impl_json(ctx.impl_at(values))}

    # Each rule's guard is negated under the rule's ID: the unsat core names the rules that
    # together decide every outcome of the class.
    undecided = tuple((rule_id(ctx.wager, i), z3.Not(r.guard))
                      for i, r in enumerate(ctx.wager.rules))
    ctx.decide(ob, started, ctx.session.check(tracked=undecided), replay)


def _settlements_differ(a: spec.Settlement, b: spec.Settlement) -> z3.BoolRef:
    return z3.Or(a.decision != b.decision, a.net != b.net, a.next_point != b.next_point,
                 a.next_working != b.next_working)


def exclusive(ctx: WagerCheck, cls: spec.StateClass) -> None:
    w = ctx.wager
    started = time.perf_counter()
    ob = ctx.obligation("exclusive", cls.name, (w.paragraph, *cls.clauses),
                        f"no outcome gets two settlements ({cls.description})")
    clashes = [z3.And(a.guard, b.guard, _settlements_differ(a.settlement, b.settlement))
               for i, a in enumerate(w.rules) for b in w.rules[i + 1:]]

    def replay(values: dict[str, Any]) -> dict[str, Any] | None:
        fired = ctx.spec_firing(values)
        if len({(s.decision, s.net, s.next_point, s.working) for _, s in fired}) < 2:
            return None
        return {"detail": "conflict: clauses prescribe different settlements",
                **witness(values),
                "spec": [spec_dict(s, r.clauses) for r, s in fired],
                "impl": impl_json(ctx.impl_at(values))}

    ctx.decide(ob, started,
               ctx.session.check(z3.Or(clashes) if clashes else z3.BoolVal(False)), replay)
