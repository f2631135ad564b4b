"""Solver budgets that do not depend on how busy the machine is (principle 6).

Every query is budgeted by the solver's deterministic resource limit: Z3's ``rlimit`` (a count
of the solver's own elementary steps, given per check) and cvc5's ``rlimit-per``. The same
query on the same input uses the same resources on an idle laptop and on a loaded CI runner,
so it gets the same answer. A wall-clock limit stays only as a generous safety net against a
solver that runs away. An exhausted budget, of either kind, is UNKNOWN: never PROVED,
REFUTED or VACUOUS.

The defaults are set far above what any query of the project needs (the largest uses well
under a tenth of the budget; ``check --format json`` reports each query's use, and the tests
pin the margin), so a verdict never rests on being just inside a limit.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import z3

#: Z3 resource units per query. The largest query of a full check uses about 2 million
#: (measured: see tests/test_budget.py); this leaves a factor of 25.
DEFAULT_Z3_RLIMIT = 50_000_000
#: cvc5 resource units per query (``rlimit-per``), for ``replay --solver cvc5``.
DEFAULT_CVC5_RLIMIT = 50_000_000
#: The wall-clock safety net per query, in milliseconds: far beyond any query's time on a
#: loaded machine; reaching it is UNKNOWN, as exhausting the resources is.
DEFAULT_WALL_MS = 300_000


class BudgetError(ValueError):
    """A budget option out of range; the message names what is valid."""


@dataclass(frozen=True)
class Budget:
    """The limits every query of a run gets."""

    z3_rlimit: int = DEFAULT_Z3_RLIMIT
    cvc5_rlimit: int = DEFAULT_CVC5_RLIMIT
    wall_ms: int = DEFAULT_WALL_MS

    def __post_init__(self) -> None:
        for name, value, most in (("--rlimit", self.z3_rlimit, MAX_RLIMIT),
                                  ("--cvc5-rlimit", self.cvc5_rlimit, MAX_RLIMIT),
                                  ("--timeout-ms", self.wall_ms, MAX_MS)):
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= most:
                raise BudgetError(f"{name} is a whole number of 1 or more and at most "
                                  f"{most:,}, not {str(value)[:40]!r}")

    def as_json(self) -> dict[str, int]:
        return {"z3_rlimit": self.z3_rlimit, "cvc5_rlimit_per": self.cvc5_rlimit,
                "wall_clock_safety_ms": self.wall_ms}


#: the largest resource limit a solver takes (Z3 keeps it in 32 bits)
MAX_RLIMIT = 4_000_000_000
#: the longest time limit, in milliseconds: a day
MAX_MS = 86_400_000


def positive_int(text: str, option: str, maximum: int | None = None) -> int:
    """Parse a budget option's value: a whole number of 1 or more, and at most ``maximum``
    (one-line error else)."""
    stripped = text.strip()
    valid = f"a whole number of 1 or more{f' and at most {maximum:,}' if maximum else ''}"
    if not stripped.isascii() or not stripped.isdigit() or len(stripped) > 20 \
            or int(stripped) < 1 or (maximum is not None and int(stripped) > maximum):
        raise BudgetError(f"{option} is {valid}, not {text[:40]!r}")
    return int(stripped)


def solver(budget: Budget) -> z3.Solver:
    """A Z3 solver limited by ``budget``."""
    s = z3.Solver()
    s.set("rlimit", budget.z3_rlimit)
    s.set("timeout", budget.wall_ms)
    return s


def _rlimit_count(s: z3.Solver) -> int:
    """The resource units the last check used (one look over the statistics' keys)."""
    stats = s.statistics()
    ctx, ref = stats.ctx.ref(), stats.stats
    for i in range(z3.Z3_stats_size(ctx, ref)):
        if z3.Z3_stats_get_key(ctx, ref, i) == "rlimit count":
            return int(z3.Z3_stats_get_uint_value(ctx, ref, i))
    return 0


@dataclass(frozen=True)
class Checked:
    """One check's answer and what it cost."""

    result: z3.CheckSatResult
    rlimit: int  # resource units this check used
    seconds: float
    reason: str = ""  # for unknown: why, in plain words

    @property
    def unknown(self) -> bool:
        return bool(self.result == z3.unknown)


def check(s: z3.Solver, budget: Budget, *assumptions: Any) -> Checked:
    """``s.check(*assumptions)`` under the budget, with its cost and, for unknown, the reason
    in plain words (which limit was reached, or what the solver said)."""
    before = _rlimit_count(s)
    started = time.perf_counter()
    result = s.check(*assumptions)
    seconds = time.perf_counter() - started
    used = _rlimit_count(s) - before
    reason = ""
    if result == z3.unknown:
        said = s.reason_unknown()
        if used >= budget.z3_rlimit:
            reason = f"resource limit reached ({used:,} of {budget.z3_rlimit:,} Z3 units)"
        elif seconds * 1000 >= budget.wall_ms * 0.95:
            reason = (f"wall-clock safety limit reached ({budget.wall_ms:,} ms; the resource "
                      f"budget was not: {used:,} of {budget.z3_rlimit:,} units)")
        else:
            reason = f"the solver gave up: {said or 'no reason given'}"
    return Checked(result, used, seconds, reason)
