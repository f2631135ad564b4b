"""``agrees``: wherever a rule applies, the implementation settles exactly as it says -- the
decision, the net, and the wager's next state (its point and the working call it carries).
One obligation per rule and state class, so that a counterexample names the clause it breaks.

The implementation's answers for the class are lifted into SMT-LIB as its function graph
(:mod:`~casino_proofs.craps.obligations.lifting`); an input it did not answer is excluded from
the query (no evidence either way), and a proof that needed it is ERROR, "not established".
"""

from __future__ import annotations

import time
from typing import Any

import z3

from casino_proofs import spec
from casino_proofs.craps.obligations.answers import question
from casino_proofs.craps.obligations.context import (
    WagerCheck,
    fault_verdict,
    observed_detail,
    problem,
    rule_id,
)
from casino_proofs.craps.obligations.lifting import (
    impl_graph,
    impl_json,
    same,
    settlement_differs,
    spec_dict,
    state_dict,
)
from casino_proofs.craps.obligations.session import Answer, not_at, witness
from casino_proofs.obligations.verdict import Obligation, Verdict
from casino_proofs.protocol.answers import DICE, Faulty


def _applicable(ctx: WagerCheck, index: int, rule: spec.Rule) -> Answer:
    """Whether the rule applies to some outcome of the class in scope, as the solver says
    (kept for ``reachable``)."""
    applicable = ctx.session.check(rule.guard)
    said = "sat" if applicable.outcome == z3.sat else \
        "unsat" if applicable.outcome == z3.unsat else "unknown"
    ctx.applies.setdefault(index, []).append(((said, applicable.smt), applicable.cost))
    return applicable


def check(ctx: WagerCheck, cls: spec.StateClass, reached: set[int]) -> None:
    w = ctx.wager
    graph = impl_graph(ctx.answers, w.name, spec.states_of(cls))
    ctx.session.solver.add(graph.assertions)
    guards: dict[tuple[Any, int, int], list[spec.Rule]] = {}
    # an input not answered is no evidence: every query of the class leaves it out
    unanswered = [not_at(st, a, b) for st, a, b in graph.unanswered]

    def applying(st: Any, a: int, b: int) -> list[spec.Rule]:
        """The rules whose guard holds at the input, evaluated once per class."""
        if (st, a, b) not in guards:
            holding = spec.holding([r.guard for r in w.rules], st, a, b)
            guards[st, a, b] = [r for r, h in zip(w.rules, holding, strict=True) if h]
        return guards[st, a, b]
    for index, rule in enumerate(w.rules):
        started = time.perf_counter()
        ob = ctx.obligation("agrees", cls.name, (*rule.clauses, *cls.clauses),
                            f"implementation settles as the rule: {rule.label}",
                            rule_id(w, index), rule.readings)
        applicable = _applicable(ctx, index, rule)
        if applicable.outcome == z3.unsat:
            continue  # the rule does not apply in this class: nothing to prove here
        if applicable.outcome == z3.unknown:
            ctx.undecided = True
            ctx.record(ob, started, Verdict.UNKNOWN, applicable.reason, cost=applicable.cost)
            continue
        reached.add(index)

        def replay(values: dict[str, Any], rule: spec.Rule = rule) -> dict[str, Any] | None:
            mine = [s for r, s in ctx.spec_firing(values) if r is rule]
            answer = ctx.impl_at(values)
            if not mine or same(mine[0], answer):
                return None
            detail = f"the implementation breaks {rule.clause}: {rule.label}"
            if isinstance(answer, Faulty):
                detail = (f"no settlement where {rule.clause} applies ({rule.label}): "
                          f"{answer.problem}")
            return {"detail": detail, **witness(values),
                    "spec": [spec_dict(mine[0], rule.clauses)], "impl": impl_json(answer),
                    "verdict": fault_verdict(answer)}

        answer = ctx.session.check(
            *unanswered,
            tracked=((rule_id(w, index), rule.guard),
                     ("impl-differs", settlement_differs(rule))))
        silent = [(st, a, b) for st, a, b in graph.unanswered
                  if any(r is rule for r in applying(st, a, b))]
        if answer.outcome == z3.unsat and silent:
            applies = sum(1 for st in spec.states_of(cls) for a, b in DICE
                          if any(r is rule for r in applying(st, a, b)))
            if ctx.observed_only and applies > len(silent):
                ctx.replays[ob.id] = replay
            _not_all_answered(ctx, ob, started, answer, rule, silent, applies)
            continue
        ctx.decide(ob, started, answer, replay)


def _not_all_answered(ctx: WagerCheck, ob: Obligation, started: float, answer: Answer,
                      rule: spec.Rule, silent: list[tuple[Any, int, int]],
                      applies: int) -> None:
    """A rule proved on the inputs answered, some where it applies not: PROVED of those it
    holds (a log's claim, about what it observed, if it observed any), else ERROR, not
    established, naming the first input unanswered."""
    if ctx.observed_only and applies > len(silent):
        ctx.record(ob, started, Verdict.PROVED,
                   observed_detail(applies - len(silent),
                                   f"inputs where {rule.clause} applies", len(silent)),
                   core=answer.core, smt=answer.kept("unsat"), cost=answer.cost)
        return
    st, a, b = silent[0]
    out = ctx.answers.at(ctx.wager.name, st, a, b)
    ctx.record(ob, started, Verdict.ERROR,
               f"not established: {len(silent)} input(s) where {rule.clause} applies "
               f"went unanswered, e.g. {question(ctx.wager.name, st, a, b).text()}: "
               f"{problem(out)}",
               {"roll": [a, b], "state": state_dict(st), "impl": impl_json(out)},
               cost=answer.cost, smt=answer.kept("unsat"), smt_verdict=Verdict.PROVED)
