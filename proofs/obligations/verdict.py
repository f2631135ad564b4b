"""Verdicts and obligation results: the vocabulary of every report.

Only PROVED passes. REFUTED and VACUOUS are failures of the model or of the implementation;
UNKNOWN (a budget exhausted, or the solver gave up) fails closed; ERROR is a failure of the
check itself (a counterexample that did not replay, the two means of proof disagreeing, an
engine that did not answer in time).

Exit codes, most telling first: a refutation is a definite finding about the text or the
implementation, so it decides the exit code even when other obligations ended in ERROR or
UNKNOWN (the summary names those too); an ERROR without any refutation comes next, then
UNKNOWN. Exit 2 is kept for bad input: nothing was checked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any


class Verdict(Enum):
    PROVED = "PROVED"
    REFUTED = "REFUTED"
    VACUOUS = "VACUOUS"
    UNKNOWN = "UNKNOWN"
    ERROR = "ERROR"


#: Exit codes of ``casino-proofs check`` (documented in its --help).
EXIT_PROVED = 0
EXIT_REFUTED = 1
EXIT_USAGE = 2
EXIT_UNKNOWN = 3
EXIT_ERROR = 4
#: replay only: everything re-derived but some verdict, which only the engine could give
#: again, taken on record
EXIT_ON_RECORD = 5


@dataclass(frozen=True)
class Obligation:
    """One thing to prove, named so that a report can cite it. Its ``game`` is the first
    part of its ID (``craps/any-7/...``) unless given; its ``claim``, what it claims (a
    report's and a bundle's ``kind``)."""

    id: str
    claim: str  # craps: domain | exhaustive | exclusive | agrees | reachable; paigow: see there
    clause: str  # the deciding clause (or convention) ID
    clauses: tuple[str, ...]  # every clause the obligation rests on
    subject: str  # craps: the wager; paigow: the combination or ordering statement
    scope: str  # craps: the state class (or "all-states"); paigow: high or low hands
    description: str
    readings: tuple[str, ...] = ()
    game: str = ""
    under: str = ""  # the non-default reading of the run (check --all-readings), if any

    def __post_init__(self) -> None:
        if not self.game:
            object.__setattr__(self, "game", self.id.partition("/")[0])


@dataclass(frozen=True)
class Result:
    obligation: Obligation
    verdict: Verdict
    seconds: float
    detail: str = ""
    counterexample: dict[str, Any] | None = field(default=None)
    core: tuple[str, ...] = ()  # for PROVED: the tracked rules (by clause ID) the proof needed
    smt: tuple[tuple[str, str], ...] = ()  # (expected answer, SMT-LIB text) of its queries
    enumeration: str = ""  # the same claim checked by brute force, where the domain is finite
    resources: int = 0  # Z3 resource units its queries used
    evidence_note: str = ""  # how far the SMT query's scope reaches, where it falls short
    #: the verdict its SMT queries gave, before the enumeration had its say (None for an
    #: obligation no query decides)
    smt_verdict: Verdict | None = None
    #: conventions its counterexample rests on beyond the obligation's own clauses (a hand
    #: with the joker is a straight only under conv-joker-ace-or-completes)
    conventions: tuple[str, ...] = ()
    #: one fact several failing obligations rest on (an engine given up on), so that a report
    #: shows them as one finding
    cause: str = ""

    @property
    def clauses(self) -> tuple[str, ...]:
        """Every clause and convention the result rests on, each once."""
        return tuple(dict.fromkeys((*self.obligation.clauses, *self.conventions)))


def exit_code(results: list[Result]) -> int:
    """0 if every obligation is PROVED; else 1 on any REFUTED or VACUOUS (whatever else);
    else 4 on any ERROR; else 3 on any UNKNOWN."""
    verdicts = {r.verdict for r in results}
    if verdicts & {Verdict.REFUTED, Verdict.VACUOUS}:
        return EXIT_REFUTED
    if Verdict.ERROR in verdicts:
        return EXIT_ERROR
    if Verdict.UNKNOWN in verdicts:
        return EXIT_UNKNOWN
    return EXIT_PROVED
