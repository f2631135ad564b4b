"""One Z3 solver for every craps query, reused with push/pop under one budget, and what its
answers look like: a verdict-ready answer, the witness's roll and state, the state terms.

Every query also checks that its assumptions are satisfiable; every query runs under the
deterministic resource budget (:mod:`casino_proofs.solving.budget`): an exhausted budget is
UNKNOWN, never a verdict.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import z3

from casino_proofs import spec
from casino_proofs.craps.obligations.lifting import state_dict
from casino_proofs.solving import budget as budgets
from casino_proofs.solving.budget import Budget
from casino_proofs.solving.smtlib import query_text
from casino_proofs.spec.vocabulary import (
    COME_OUT,
    DIE_1,
    DIE_2,
    FIRST_ROLL,
    POINT,
    WORKING,
    dice_domain,
    state_universe,
)


@dataclass(frozen=True)
class Answer:
    outcome: z3.CheckSatResult
    values: dict[str, Any] | None
    reason: str = ""
    core: tuple[str, ...] = ()
    smt: str = ""
    cost: int = 0  # Z3 resource units used

    def kept(self, said: str) -> tuple[tuple[str, str], ...]:
        """The query as an audit bundle keeps it, with the answer it must get."""
        return ((said, self.smt),) if self.smt else ()


class Session:
    """One solver reused for every query, with push/pop, under one budget."""

    def __init__(self, budget: Budget, record: bool = False) -> None:
        self.record = record  # keep each query's SMT-LIB text (for an audit bundle)
        self.budget = budget
        self.solver = budgets.solver(budget)
        self.solver.add(dice_domain(), state_universe())

    def close(self) -> None:
        """The solver let go, once the run's queries are done: what a run keeps after (a
        replay of a wager's obligations, :mod:`.proved_once`) reads the answers and the
        specification, never the solver, and a solver holds much."""
        del self.solver

    @contextmanager
    def scope(self, *constraints: z3.BoolRef) -> Iterator[z3.Solver]:
        self.solver.push()
        try:
            self.solver.add(*constraints)
            yield self.solver
        finally:
            self.solver.pop()

    def check(self, *constraints: z3.BoolRef,
              tracked: tuple[tuple[str, z3.BoolRef], ...] = ()) -> Answer:
        """Check the constraints; ``tracked`` ones are asserted under a name (a clause or rule
        ID) so that an UNSAT answer says which of them the proof needed."""
        with self.scope(*constraints) as s:
            for name, expr in tracked:
                s.assert_and_track(expr, z3.Bool(name))
            text = query_text(s, [n for n, _ in tracked]) if self.record else ""
            done = budgets.check(s, self.budget)
            if done.result == z3.sat:
                return Answer(done.result, valuation(s.model()), smt=text, cost=done.rlimit)
            if done.unknown:
                return Answer(done.result, None, reason=done.reason, smt=text,
                              cost=done.rlimit)
            return Answer(done.result, None, core=tuple(sorted(str(c) for c in s.unsat_core())),
                          smt=text, cost=done.rlimit)


def valuation(m: z3.ModelRef) -> dict[str, Any]:
    def as_int(v: z3.ArithRef) -> int:
        return int(m.eval(v, model_completion=True).as_long())

    return {
        "die_1": as_int(DIE_1),
        "die_2": as_int(DIE_2),
        "state": spec.ConcreteState(
            come_out=z3.is_true(m.eval(COME_OUT, model_completion=True)),
            point=as_int(POINT),
            working=z3.is_true(m.eval(WORKING, model_completion=True)),
            first_roll=z3.is_true(m.eval(FIRST_ROLL, model_completion=True)),
        ),
    }


def witness(values: dict[str, Any]) -> dict[str, Any]:
    return {"roll": [values["die_1"], values["die_2"]], "state": state_dict(values["state"])}


def state_is(st: spec.ConcreteState) -> z3.BoolRef:
    return z3.And(COME_OUT == st.come_out, POINT == st.point, WORKING == st.working,
                  FIRST_ROLL == st.first_roll)


def not_at(st: spec.ConcreteState, d1: int | None = None, d2: int | None = None) -> z3.BoolRef:
    """Excludes a state (or one roll in it) from a query: an input the implementation did
    not answer is no evidence, so the solver must look for a counterexample elsewhere."""
    if d1 is None:
        return z3.Not(state_is(st))
    return z3.Not(z3.And(DIE_1 == d1, DIE_2 == d2, state_is(st)))
