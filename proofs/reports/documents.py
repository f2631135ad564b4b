"""The documents the commands build and the reports render (issue 33): one frozen dataclass a
kind of report, every input of every format in it, computed before anything is rendered.

Each document names the schema its JSON report validates against (``SCHEMA``:
``proofs/schemas/SCHEMA.schema.json``, whose ``x-schema-version`` is the report's
``schema_version``). A document's ``json()`` is its JSON report (and what the audit bundle
records of it), exactly as it has always been written: the typed fields are the documents'
single source, the dicts their serialisation. The formats of each document are named in
``reports/registry.py``.

What an engine, an analysis or the bundle hands over as JSON (an engine's description, a
run's fingerprints, a PAR row, a difference) stays JSON-shaped inside a document: the
document types what a report reads to lay itself out, not every leaf of what it prints.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from casino_proofs.obligations.verdict import (
    EXIT_ERROR,
    EXIT_PROVED,
    EXIT_REFUTED,
    EXIT_UNKNOWN,
    Result,
)

if TYPE_CHECKING:
    from casino_proofs.analyses.assurance.coverage import SentenceCoverage
    from casino_proofs.audit.findings import Finding, OnRecord

JSON = dict[str, Any]


# -- check ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CheckScope:
    """What the user asked the check to cover: every other reading too, one game only."""

    all_readings: bool = False
    only: str | None = None

    def json(self) -> JSON:
        return {"all_readings": self.all_readings, "only": self.only}


@dataclass(frozen=True)
class CheckDetail:
    """Everything a check report states besides its verdicts: the engine under test (its
    description), each run (its readings and the fingerprints of its answers), the games each
    run was about, what was left out and why, the notes, the wagers chosen, the scope, a
    table's fault domain, and each game's figures of the run under the readings in force (by
    game: what its report states beside its verdicts, as the Pai Gow hands and classes)."""

    engine: JSON | None = None
    runs: tuple[JSON, ...] = ()
    planned: tuple[tuple[str, ...], ...] = ()
    left_out: tuple[JSON, ...] = ()
    wagers: tuple[str, ...] | None = None
    scope: CheckScope = field(default_factory=CheckScope)
    notes: tuple[str, ...] = ()
    table_domain: tuple[JSON, ...] = ()
    figures: dict[str, JSON] = field(default_factory=dict)

    def domain_notes(self) -> list[str]:
        """A table check's fault domain, a sentence each (none for a check of another
        kind)."""
        return [n for n in self.notes if n.startswith("fault domain")]

    def json(self) -> JSON:
        """The detail as the bundle's manifest reads it (and as it always was)."""
        out: JSON = {}
        if self.engine is not None:
            out["engine"] = self.engine
        out.update(runs=list(self.runs), planned=[list(p) for p in self.planned],
                   left_out=list(self.left_out),
                   wagers=None if self.wagers is None else list(self.wagers),
                   scope=self.scope.json())
        out.update(self.figures)
        out["notes"] = list(self.notes)
        if self.table_domain:
            out["table_domain"] = list(self.table_domain)
        return out


@dataclass(frozen=True)
class CheckDocument:
    """A check: its results, the context (the text, readings, conventions, versions, budget),
    its time, its detail, the readings in force; and what the auditor's page shows besides
    (the ambiguity findings, the house edges, the PAR sheet), each computed by the command
    when the format asks for it (``registry.needs``), empty otherwise."""

    results: tuple[Result, ...]
    context: JSON
    seconds: float
    detail: CheckDetail = field(default_factory=CheckDetail)
    readings: dict[str, str] = field(default_factory=dict)
    findings: tuple[JSON, ...] = ()
    edges: tuple[JSON, ...] = ()
    par: ParDocument | None = None

    SCHEMA: ClassVar[str] = "check"


# -- the PAR sheet ----------------------------------------------------------------------------


@dataclass(frozen=True)
class ParDocument:
    """The PAR sheet: its context (the engine's target among it), each game's part under its
    name (craps's rows, Pai Gow's tables), the Monte Carlo run (None: not asked for)."""

    context: JSON
    sheets: Mapping[str, list[JSON]] = field(default_factory=dict)
    monte_carlo: JSON | None = None

    SCHEMA: ClassVar[str] = "par"

    @cached_property
    def _json(self) -> JSON:
        from casino_proofs.analyses.par.sheet import document

        return document(self.context, self.sheets, self.monte_carlo)

    def json(self) -> JSON:
        """The sheet as one JSON document (schema proofs/schemas/par.schema.json)."""
        return self._json

    @property
    def exit_code(self) -> int:
        return int(self._json["summary"]["exit_code"])


# -- ambiguities, edges -----------------------------------------------------------------------


@dataclass(frozen=True)
class AmbiguitiesDocument:
    """Every reading of the text decided: each finding (as JSON), and the context."""

    context: JSON
    findings: tuple[JSON, ...]

    SCHEMA: ClassVar[str] = "ambiguities"

    def json(self) -> JSON:
        return {"schema": "casino-proofs/ambiguities", "schema_version": 1, **self.context,
                "ambiguities": list(self.findings)}

    @property
    def exit_code(self) -> int:
        verdicts = {f["verdict"] for f in self.findings}
        if "ERROR" in verdicts:
            return EXIT_ERROR
        return EXIT_UNKNOWN if "UNKNOWN" in verdicts else EXIT_PROVED


@dataclass(frozen=True)
class EdgeDocument:
    """The house edge of every craps wager from each start under each reading (each row as
    JSON), the engine's target and the context."""

    context: JSON
    engine: str
    rows: tuple[JSON, ...]

    SCHEMA: ClassVar[str] = "edge"

    def json(self) -> JSON:
        return {"schema": "casino-proofs/edge", "schema_version": 1, **self.context,
                "engine": self.engine, "edges": list(self.rows)}

    @property
    def exit_code(self) -> int:
        return EXIT_PROVED if all(r["agree"] for r in self.rows) else EXIT_REFUTED


# -- diff -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DiffDocument:
    """A diff: what the comparison found (its document), the tool and text, the budget, and
    the differences expected (``--expect``; None without it)."""

    comparison: JSON
    tool: JSON
    regulation: JSON
    budget: JSON
    expect: JSON | None = None

    SCHEMA: ClassVar[str] = "diff"

    @property
    def exit_code(self) -> int:
        if self.expect is not None:
            if not self.expect["met"]:
                return EXIT_REFUTED
        elif self.comparison["differences"]:
            return EXIT_REFUTED
        if self.comparison["problems"]:
            return EXIT_ERROR
        if self.comparison["unknown"]:
            return EXIT_UNKNOWN
        return EXIT_PROVED

    @cached_property
    def _json(self) -> JSON:
        doc = {**self.comparison, "tool": self.tool, "regulation": self.regulation,
               "budget": self.budget}
        if self.expect is not None:
            doc["expect"] = self.expect
        doc["exit_code"] = self.exit_code
        return doc

    def json(self) -> JSON:
        """The diff as JSON (schema ``casino-proofs/diff``)."""
        return self._json


# -- one answer, side by side -----------------------------------------------------------------


@dataclass(frozen=True)
class SettleDocument:
    """One wager on one roll: the specification's settlement, the engine's, whether they
    agree, and the clauses that decide it. ``spec_rules``: each rule that fired (several:
    a conflict); ``reachable``: whether the wager can stand in this state."""

    wager: str
    roll: tuple[int, int]
    state: JSON
    spec: JSON
    impl: JSON
    agree: bool
    engine: str
    clauses: tuple[str, ...]
    quoted: tuple[JSON, ...]
    readings: dict[str, str]
    spec_rules: tuple[JSON, ...]
    reachable: bool

    SCHEMA: ClassVar[str] = "settle"

    def json(self) -> JSON:
        return {"schema": "casino-proofs/settle", "schema_version": 1,
                "wager": self.wager, "roll": list(self.roll), "state": self.state,
                "spec": self.spec, "impl": self.impl, "agree": self.agree,
                "engine": self.engine, "clauses": list(self.quoted),
                "readings": self.readings}


@dataclass(frozen=True)
class RankDocument:
    """One Pai Gow hand's combination by both sides (``command/hands.py``'s document)."""

    doc: JSON

    SCHEMA: ClassVar[str] = "rank"

    def json(self) -> JSON:
        return {"schema": "casino-proofs/rank", "schema_version": 1, **self.doc}


@dataclass(frozen=True)
class CompareDocument:
    """Which of two Pai Gow hands ranks higher by both sides (``command/hands.py``'s)."""

    doc: JSON

    SCHEMA: ClassVar[str] = "compare"

    def json(self) -> JSON:
        return {"schema": "casino-proofs/compare", "schema_version": 1, **self.doc}


# -- assurance --------------------------------------------------------------------------------


@dataclass(frozen=True)
class CoverageDocument:
    """What covers each sentence, the constraints citing no clause, and the tests folder
    read (None: none found)."""

    rows: tuple[SentenceCoverage, ...]
    uncited: tuple[str, ...]
    folder: Path | None

    SCHEMA: ClassVar[str] = "coverage"

    def json(self) -> JSON:
        from casino_proofs.analyses.assurance.coverage import coverage_json

        return coverage_json(list(self.rows), list(self.uncited), self.folder)


@dataclass(frozen=True)
class MutantsDocument:
    """The mutation score (``analyses/assurance/mutants.py``'s report)."""

    doc: JSON

    SCHEMA: ClassVar[str] = "mutants"

    def json(self) -> JSON:
        return self.doc


# -- replay -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ReplayDocument:
    """A bundle derived again: the solver, the obligations the bundle holds (their IDs), what
    replay found about each, what it took on record, the engine asked again (its target; None:
    none) and the exit code."""

    solver: str
    obligations: tuple[str, ...]
    findings: tuple[Finding, ...]
    on_record: tuple[OnRecord, ...]
    engine: str | None
    exit_code: int

    SCHEMA: ClassVar[str] = "replay"

    def json(self) -> JSON:
        from casino_proofs.audit.rederivation import status_of

        status = status_of(list(self.findings))
        return {"schema": "casino-proofs/replay", "schema_version": 3, "solver": self.solver,
                "queries": sum(len(f.queries) for f in self.findings),
                "obligations": len(self.obligations),
                "engine_asked_again": self.engine,
                "on_record": sum(1 for s in status.values() if s == "on-record"),
                "taken_on_record": [{"what": r.what, "why": r.why} for r in self.on_record],
                "findings": [{"obligation": f.obligation, "status": f.status,
                              "detail": f.detail, "queries": f.queries}
                             for f in self.findings if f.status not in ("same", "on-record")],
                "exit_code": self.exit_code}
