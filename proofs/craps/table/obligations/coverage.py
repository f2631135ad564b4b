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

from casino_proofs.craps.table.judging.observe import Observation
from casino_proofs.craps.table.judging.policies import Policies
from casino_proofs.craps.table.model.model import CONVENTIONS
from casino_proofs.craps.table.scripts.planner import COME_ODDS, HARD_WAYS, ODDS_ON
from casino_proofs.obligations.verdict import Obligation, Result, Verdict
from casino_proofs.protocol.answers import CrapsInput
from casino_proofs.spec import WagerSpec

COVERAGE_CLAUSES = ("r3-95.15-intro.s1", "r3-95.16-intro.s1", "conv-table-placement",
                    *CONVENTIONS)
#: what each contradicting policy contradicts: (policy, the wagers it concerns, the clause,
#: the clause's words)
CONTRADICTIONS = (
    ("no-take-down", HARD_WAYS, "r3-95.15-1.s5",
     "a Hard Way \u201cmay be withdrawn following an inconclusive roll\u201d"),
    ("no-take-down", tuple(ODDS_ON), "r3-95.16-intro.s1",
     "an Associate Chance \u201cmay always be withdrawn after an inconclusive roll\u201d"),
    ("no-working-call", HARD_WAYS, "r3-95.15-1.s6",
     "Hard Ways are not applicable during a first turn \u201cunless indicated otherwise by "
     "the player\u201d"),
    ("no-working-call", (COME_ODDS,), "r3-95.16-3.s3",
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
             played: frozenset[CrapsInput], unanswered: str = "", lost: str = "") -> Result:
    """``unanswered``: a script the engine gave no answer to; ``lost``: why some sessions
    of a log were never judged (nothing is then established)."""
    started = time.perf_counter()
    ob = _obligation("table-coverage", COVERAGE_CLAUSES[0], COVERAGE_CLAUSES[1:],
                     "the scripts observe exactly the inputs the obligations range over")
    if lost:
        return Result(ob, Verdict.ERROR, time.perf_counter() - started,
                      f"not established: some sessions of the log were never judged ({lost})")
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
    witness: dict[str, Any] = {"missing": len(missing), "outside": len(extra),
                               "universe": len(universe)}
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
                  f"them; a table that refuses them by a house rule declares it in its "
                  f"hello's policies, docs/engine-protocol.md \"hello\"), the first: "
                  f"{missing[0].text()}{why}", witness,
                  cause=not_observed_cause(len(missing)))


def _covers(policies: Policies, name: str, wagers: Sequence[str]) -> frozenset[str]:
    if name == "no-take-down":
        return policies.no_take_down
    return frozenset(wagers) if policies.no_working_call else frozenset()


def contradicting(policies: Policies, offered: frozenset[str]
                  ) -> dict[str, list[tuple[str, str, list[str]]]]:
    """Each declared policy that contradicts the text (for the wagers the table offers): the
    clauses it contradicts, with their words and the wagers concerned."""
    out: dict[str, list[tuple[str, str, list[str]]]] = {}
    for name, wagers, clause, words in CONTRADICTIONS:
        hit = sorted(set(wagers) & _covers(policies, name, wagers) & offered)
        if hit:
            out.setdefault(name, []).append((clause, words, hit))
    return out


def policy_cause(name: str) -> str:
    """The one cause a contradicting policy and every input it excludes share in a report."""
    return (f"the table's declared policy {name} contradicts the text and keeps it from "
            f"inputs the text allows (craps/table/policies/{name})")


def policies_results(policies: Policies, offered: frozenset[str]) -> list[Result]:
    """One finding for each declared policy that contradicts the text, citing every clause it
    contradicts (for the wagers the table offers); PROVED when none does."""
    out = []
    declared = policies.declared()
    for name, hits in contradicting(policies, offered).items():
        clauses = [clause for clause, _, _ in hits]
        ob = _obligation("policies", clauses[0], (*clauses[1:], f"policy-{name}"),
                         "no declared policy contradicts the text", name)
        said = "; and ".join(f"{clause}: {words}, for {', '.join(hit)}"
                             for clause, words, hit in hits)
        out.append(Result(ob, Verdict.REFUTED, 0.0,
                          f"the table declares policy {name}, which contradicts {said}; the "
                          "inputs it keeps the table from are not established, one finding "
                          "with this one, never refuted one by one",
                          {"policy": name, "clauses": clauses,
                           "wagers": sorted({w for _, _, hit in hits for w in hit})},
                          conventions=(f"policy-{name}",), cause=policy_cause(name)))
    if not out:
        ob = _obligation("policies", "r3-95.15-intro.s1", (),
                         "no declared policy contradicts the text")
        said = ", ".join(declared) if declared else "none"
        out.append(Result(ob, Verdict.PROVED, 0.0,
                          f"declared policies: {said}; none contradicts a clause of the text"))
    return out
