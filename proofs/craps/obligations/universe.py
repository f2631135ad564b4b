"""``universe``, once per run: the state universe the SMT queries range over is exactly the
one the enumeration covers (the opening words of 95.15 and 95.16 give every wager its states),
so that the dual evidence of every other obligation speaks of the same states.
"""

from __future__ import annotations

import time

import z3

from casino_proofs import spec
from casino_proofs.craps.obligations.lifting import state_dict
from casino_proofs.craps.obligations.session import Session, state_is
from casino_proofs.obligations.verdict import Obligation, Result, Verdict
from casino_proofs.spec.vocabulary import state_universe

UNIVERSE_CLAUSES = ("r3-95.15-intro.s1", "r3-95.16-intro.s1")


def check(session: Session) -> Result:
    """The state universe of the SMT queries is exactly the enumerated one."""
    started = time.perf_counter()
    ob = Obligation("craps/universe/all-states/universe", "universe", UNIVERSE_CLAUSES[0],
                    UNIVERSE_CLAUSES, "every wager", "all-states",
                    "the SMT queries range over exactly the states the enumeration covers",
                    game="craps")
    enumerated = list(spec.rules.all_states())
    missing = [st for st in enumerated if not spec.holds(state_universe(), st)]
    if missing:
        return Result(ob, Verdict.REFUTED, time.perf_counter() - started,
                      f"the specification's state universe leaves out {len(missing):,} states; "
                      "the SMT queries do not see them (the enumeration does)",
                      {"state": state_dict(missing[0])})
    answer = session.check(z3.Not(z3.Or([state_is(st) for st in enumerated])))
    if answer.outcome == z3.unsat:
        return Result(ob, Verdict.PROVED, time.perf_counter() - started,
                      f"{len(enumerated):,} states", resources=answer.cost,
                      smt=answer.kept("unsat"), smt_verdict=Verdict.PROVED)
    if answer.outcome == z3.unknown:
        return Result(ob, Verdict.UNKNOWN, time.perf_counter() - started, answer.reason)
    assert answer.values is not None
    return Result(ob, Verdict.REFUTED, time.perf_counter() - started,
                  "the specification's state universe holds a state the enumeration does not",
                  {"state": state_dict(answer.values["state"])})
