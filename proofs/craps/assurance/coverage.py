"""Craps's part of the coverage table (``casino-proofs coverage``,
:mod:`casino_proofs.analyses.assurance.coverage`): the constraints of every wager's rules and
state classes, the obligations of our own run, and the table obligations of protocol 2, each
by the sentences it rests on."""

from __future__ import annotations

from collections.abc import Callable

from casino_proofs import regulation, spec
from casino_proofs.analyses.assurance.coverage import registered, sentences_of
from casino_proofs.craps.assurance.ours import check_craps

#: Words about play at a table, which no single wager's state domain can show: "can be played
#: at any time", "cannot be played unless ... has already been engaged", "follow the outcome",
#: "may be withdrawn". A state class citing them does not cover them; the table obligations
#: of protocol 2 (casino_proofs.craps.table.obligations.clauses) do.
TABLE_SENTENCES = ("r3-95.15-intro.s1", "r3-95.16-intro.s1", "r3-95.15-1.s5")


def constraints(note: Callable[..., None]) -> None:
    """Every rule and state class of every wager, noted with the clauses it cites."""
    for w in spec.wagers():
        for i, rule in enumerate(w.rules):
            note(f"spec {w.name} rule #{i}: {rule.label}", rule.clauses)
        for cls in w.states:
            note(f"spec {w.name} state class {cls.name}", cls.clauses, TABLE_SENTENCES)


def obligations() -> dict[str, list[str]]:
    """Our own run's craps obligations by the sentences they rest on."""
    found: dict[str, list[str]] = {}
    for r in check_craps():
        for c in r.obligation.clauses:
            if registered(c):
                for s in sentences_of(c):
                    found.setdefault(s, []).append(r.obligation.id)
    return found


def table_obligations() -> dict[str, list[str]]:
    """The table obligations of protocol 2 by the sentences they rest on."""
    from casino_proofs.craps.table.obligations.clauses import KINDS
    from casino_proofs.craps.table.obligations.coverage import COVERAGE_CLAUSES

    found: dict[str, list[str]] = {}
    cited = {kind: (k.clause, *k.clauses) for kind, k in KINDS.items()}
    cited["table-coverage"] = COVERAGE_CLAUSES
    for kind, clauses in cited.items():
        for c in clauses:
            if registered(c) and not regulation.is_convention(c):
                for s in sentences_of(c):
                    found.setdefault(s, []).append(f"craps/table/{kind}")
    return found
