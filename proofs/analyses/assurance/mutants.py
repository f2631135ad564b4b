"""Mutation score: faulty implementations and specifications, generated, each run through the
proofs. A check that cannot fail is a defect; here every generated fault must be caught.

Implementation mutants (an engine wrapped around our implementation's adapter, changing some
of its answers; they need no import of the implementation):

- craps ``payout``: every win paying X pays X + 1 instead, for each X a wager pays;
- craps ``decision``: on every roll of one total, a win becomes a loss and a loss a win;
- craps ``total``: the rolls of one total are settled as those of the next total are;
- craps ``working``: the player's working call, or the come-out flag, is read backwards;
- Pai Gow ``category``: one combination ranked above the next higher one;
- Pai Gow ``label``: one combination called by the next lower one's name;
- Pai Gow ``tiebreak``: the order within one combination reversed;
- Pai Gow ``suits``: suits made to rank.

Specification mutants (craps): each rule of each wager ``dropped``, ``weakened`` (its guard made
unsatisfiable) or with its settlement's net ``shifted`` by one.

An implementation mutant is killed by a REFUTED verdict with a counterexample; a specification
mutant by any verdict other than PROVED (the implementation disagreeing, a gap, a vacuity).
Pai Gow mutants run on three small decks that hold every combination next to its neighbours;
the whole-deck runs are the must-fail tests. Each game's mutants, and how one is run, are in
its room (``craps/assurance/mutants.py``, ``paigow/assurance/mutants.py``: the registry's
``mutants`` and ``run_mutant``); what is shared -- a mutant, its outcome, the subset
``--quick`` runs, the report -- is here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from casino_proofs import games, spec
from casino_proofs.adapters.mutated import Mutated
from casino_proofs.obligations.verdict import Result, Verdict


@dataclass(frozen=True)
class Mutant:
    id: str
    game: str
    operator: str  # what the mutation does (payout, decision, dropped, ...): a report's kind
    clause: str  # the clause (or convention) the fault is about
    wager: str = ""
    engine: Mutated | None = None
    spec_mutant: spec.WagerSpec | None = None
    #: a change made to a game's specification object while the mutant runs
    spec_change: Callable[[Any], None] | None = None
    #: the claim of the obligation that must refute it (a tie across a statement is only caught
    #: when the statement's own ``order`` obligation refutes it, not the tiebreak's)
    killed_by: str = ""


@dataclass(frozen=True)
class Outcome:
    mutant: Mutant
    killed: bool
    by: str  # the obligation (and verdict) that caught it, or why it survived


def first_failure(results: list[Result], impl_mutant: bool, claim: str = "") -> str | None:
    """The first obligation that catches a mutant: for an implementation mutant a REFUTED
    verdict with a counterexample (of an obligation that claims ``claim`` when given), for a
    specification mutant any verdict but PROVED (None: none caught it)."""
    for r in results:
        if claim and r.obligation.claim != claim:
            continue
        if impl_mutant and r.verdict is Verdict.REFUTED and r.counterexample:
            return f"{r.obligation.id} {r.verdict.value}"
        if not impl_mutant and r.verdict is not Verdict.PROVED:
            return f"{r.obligation.id} {r.verdict.value}"
    return None


def generate(game: str | None = None) -> list[Mutant]:
    """Every game's mutants (or ``game``'s), each game's made by its room (the registry's
    ``mutants``), in the registry's order."""
    return [m for made in games.each("mutants", among=None if game is None else (game,))
            for m in made]


def run(mutant: Mutant) -> Outcome:
    """The mutant run through its game's proofs (the registry's ``run_mutant``)."""
    outcome: Outcome = games.entry(mutant.game, "run_mutant")(mutant)
    return outcome


def quick(mutants: list[Mutant]) -> list[Mutant]:
    """A representative subset: of a game with wagers (craps), the first mutant of each kind
    for each clause; of another (Pai Gow), the first of each operator."""
    seen: set[tuple[str, str]] = set()
    out = []
    for m in mutants:
        key = (m.operator, m.clause if games.has_wagers(m.game) else "")
        if key not in seen:
            seen.add(key)
            out.append(m)
    return out


def report(outcomes: list[Outcome]) -> dict[str, Any]:
    by_clause: dict[str, dict[str, int]] = {}
    for o in outcomes:
        row = by_clause.setdefault(o.mutant.clause, {"total": 0, "killed": 0})
        row["total"] += 1
        row["killed"] += o.killed
    killed = sum(o.killed for o in outcomes)
    return {
        "schema": "casino-proofs/mutants", "schema_version": 1,
        "total": len(outcomes), "killed": killed,
        "score": f"{killed}/{len(outcomes)}",
        "survivors": [{"id": o.mutant.id, "kind": o.mutant.operator, "clause": o.mutant.clause,
                       "why": o.by} for o in outcomes if not o.killed],
        "by_clause": dict(sorted(by_clause.items())),
        "mutants": [{"id": o.mutant.id, "kind": o.mutant.operator, "clause": o.mutant.clause,
                     "killed": o.killed, "by": o.by} for o in outcomes],
    }
