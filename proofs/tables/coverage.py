"""What a table's scripts or log reached, and what its declared policies say of the text.

- ``table-coverage``: the inputs observed are exactly the universe the protocol-1 obligations
  range over. An input of the universe never observed is **not established** (ERROR, every
  one named): the table refused a placement, or a log never played it; it is never a breach
  ("the implementation breaks ..."), which is for the rule the table broke. An input observed
  outside the universe is a state the text says cannot occur: REFUTED.
- ``policies``: a declared policy that contradicts the text is one finding, citing the clause
  it contradicts; the inputs it keeps the table from are left out of the universe.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from casino_proofs.obligations.verdict import Obligation, Result, Verdict
from casino_proofs.protocol.answers import CrapsInput
from casino_proofs.spec import WagerSpec
from casino_proofs.tables.model import CONVENTIONS
from casino_proofs.tables.observe import Observation
from casino_proofs.tables.policies import HARD_WAYS, ODDS, Policies

COVERAGE_CLAUSES = ("r3-95.15-intro.s1", "r3-95.16-intro.s1", "conv-table-placement",
                    *CONVENTIONS)
#: what each contradicting policy contradicts: (policy, the wagers it concerns, the clause,
#: the clause's words)
CONTRADICTIONS = (
    ("no-take-down", HARD_WAYS, "r3-95.15-1.s5",
     "a Hard Way \u201cmay be withdrawn following an inconclusive roll\u201d"),
    ("no-take-down", ODDS, "r3-95.16-intro.s1",
     "an Associate Chance \u201cmay always be withdrawn after an inconclusive roll\u201d"),
    ("no-working-call", HARD_WAYS, "r3-95.15-1.s6",
     "Hard Ways are not applicable during a first turn \u201cunless indicated otherwise by "
     "the player\u201d"),
    ("no-working-call", ("come-odds",), "r3-95.16-3.s3",
     "Come odds are not active during a come out roll \u201cunless otherwise indicated by "
     "the player\u201d"),
)


def _obligation(kind: str, clause: str, clauses: Sequence[str], description: str,
                suffix: str = "") -> Obligation:
    return Obligation(f"craps/table/{kind}" + (f"/{suffix}" if suffix else ""), kind, clause,
                      tuple(dict.fromkeys((clause, *clauses))), "the table", "all-scripts",
                      description, game="craps")


def not_observed_cause(missing: int) -> str:
    return (f"{missing:,} inputs of the universe were never observed at the table "
            "(table-coverage names each): what no script or log reached is not established")


def coverage(first: Mapping[CrapsInput, Observation], specs: Sequence[WagerSpec],
             played: frozenset[CrapsInput], unanswered: str = "") -> Result:
    """``unanswered``: a script the engine gave no answer to."""
    started = time.perf_counter()
    ob = _obligation("table-coverage", COVERAGE_CLAUSES[0], COVERAGE_CLAUSES[1:],
                     "the scripts observe exactly the inputs the obligations range over")
    offered = {w.name for w in specs}
    universe = {q for q in played if q.wager in offered}
    observed = set(first)
    missing = sorted(universe - observed, key=CrapsInput.sort_key)
    extra = sorted((q for q in observed - universe if q.wager in offered),
                   key=CrapsInput.sort_key)
    seconds = time.perf_counter() - started
    if not universe:
        return Result(ob, Verdict.VACUOUS, seconds, "no wager to observe")
    if not missing and not extra:
        return Result(ob, Verdict.PROVED, seconds,
                      f"the scripts observed each of the {len(universe):,} inputs of the "
                      "universe, and no other",
                      enumeration=f"enumeration: {len(universe):,} inputs, 0 missing, 0 "
                                  "outside")
    witness: dict[str, Any] = {"missing": len(missing), "outside": len(extra)}
    if extra:
        o = first[extra[0]]
        witness["first_outside"] = {**extra[0].item(), "where": o.where.text()}
        return Result(ob, Verdict.REFUTED, seconds,
                      f"{len(extra):,} observed inputs outside the universe (a state the "
                      f"text says cannot occur), the first: {extra[0].text()} "
                      f"({o.where.text()})", witness)
    witness["first_missing"] = missing[0].item()
    witness["gaps"] = [q.text() for q in missing]  # every one, in a fixed order
    why = (f"; the engine gave no answer to some scripts, e.g. {unanswered}" if unanswered
           else "")
    return Result(ob, Verdict.ERROR, seconds,
                  f"not established: {len(missing):,} inputs of the universe never observed "
                  f"(the table refused a placement the rules allow, or a log never played "
                  f"them), the first: {missing[0].text()}{why}", witness,
                  cause=not_observed_cause(len(missing)))


def policies_results(policies: Policies, offered: frozenset[str]) -> list[Result]:
    """One finding for each clause a declared policy contradicts (for the wagers the table
    offers); PROVED when none does."""
    out = []
    declared = policies.declared()
    for name, wagers, clause, words in CONTRADICTIONS:
        covers = {"no-take-down": policies.no_take_down,
                  "no-working-call": frozenset(wagers) if policies.no_working_call
                  else frozenset()}[name]
        hit = sorted(set(wagers) & covers & offered)
        if not hit:
            continue
        ob = _obligation("policies", clause, (f"policy-{name}",),
                         "no declared policy contradicts the text", clause)
        out.append(Result(ob, Verdict.REFUTED, 0.0,
                          f"the table declares policy {name}, which contradicts {clause}: "
                          f"{words}; for {', '.join(hit)}; the inputs it keeps the table from "
                          "are left out of the universe, not refuted one by one",
                          {"policy": name, "clause": clause, "wagers": hit},
                          conventions=(f"policy-{name}",)))
    if not out:
        ob = _obligation("policies", "r3-95.15-intro.s1", (),
                         "no declared policy contradicts the text")
        said = ", ".join(declared) if declared else "none"
        out.append(Result(ob, Verdict.PROVED, 0.0,
                          f"declared policies: {said}; none contradicts a clause of the text"))
    return out
