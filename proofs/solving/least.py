"""The least witness of a satisfiable query: a function of the constraints alone.

The model Z3 returns for a satisfiable query depends on more than the query: on the terms the
process made before it, and even on when Python's collector freed some of them (Z3 hands out
the ids of freed terms again). A witness taken from that model can change when nothing the
report is about has changed (principle 6). So a witness is chosen as the lexicographically
least assignment of its variables, in a fixed order: each variable in turn is pinned to its
smallest value that keeps the query satisfiable (``false`` before ``true``; integers by binary
search over their bounds). Every step asks only whether a query is satisfiable, which does
not depend on the solver's state, so the witness is the same on every run.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import z3

#: a variable to pin, and for an integer its bounds (inclusive)
Pinned = tuple[z3.ExprRef, tuple[int, int] | None]
Check = Callable[[z3.Solver], z3.CheckSatResult]


def least_model(solver: z3.Solver, variables: Sequence[Pinned], check: Check) -> z3.ModelRef:
    """The model of ``solver`` (already known satisfiable) with ``variables`` pinned, in order,
    to their least values. ``check`` answers each query (it may raise when a budget is
    exhausted); the solver is left as it was given."""
    solver.push()
    try:
        for variable, bounds in variables:
            if bounds is None:
                _pin_bool(solver, variable, check)
            else:
                _pin_int(solver, variable, bounds, check)
        result = check(solver)
        assert result == z3.sat, "a satisfiable query stays satisfiable as it is pinned"
        return solver.model()
    finally:
        solver.pop()


def _satisfiable_with(solver: z3.Solver, extra: z3.BoolRef, check: Check) -> bool:
    solver.push()
    try:
        solver.add(extra)
        return bool(check(solver) == z3.sat)
    finally:
        solver.pop()


def _pin_bool(solver: z3.Solver, variable: z3.ExprRef, check: Check) -> None:
    off = z3.Not(variable)
    solver.add(off if _satisfiable_with(solver, off, check) else variable)


def _pin_int(solver: z3.Solver, variable: z3.ExprRef, bounds: tuple[int, int],
             check: Check) -> None:
    """The least value in ``bounds`` that keeps the query satisfiable (the query holds some
    value in bounds: the caller's domain constraints say so)."""
    lo, hi = bounds
    while lo < hi:
        mid = (lo + hi) // 2
        if _satisfiable_with(solver, variable <= mid, check):
            hi = mid
        else:
            lo = mid + 1
    solver.add(variable == lo)
