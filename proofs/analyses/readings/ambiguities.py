"""The ambiguity finder: every reading of the seeds, decided material or harmless by Z3.

An entry is material when some outcome (a roll and a state, or a hand, or two hands) is
settled or ranked differently under its default reading and its other reading. Z3 finds the
witness, which is then replayed concretely through the specification under both readings (and
through the implementation where it implements both); the money difference per unit staked is
the net under the other reading less the net under the default. An entry is harmless when Z3
proves no such outcome exists; the report says what was proved.

Entries come from regulation/readings.toml (parameters of both sides) and
regulation/ambiguities.toml (language differences, and readings decided on one clause).
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

import z3

from casino_proofs import games, regulation
from casino_proofs.adapters.ours import ours
from casino_proofs.progress import Progress
from casino_proofs.protocol.engine import Engine
from casino_proofs.solving import budget as budgets
from casino_proofs.solving.budget import Budget

#: The budget every query of a run gets (``find_all`` sets it).
_BUDGET: list[Budget] = [Budget()]


def solver() -> z3.Solver:
    """A solver under the run's budget."""
    return budgets.solver(_BUDGET[0])


def check(solver: z3.Solver) -> z3.CheckSatResult:
    """The solver's answer; an exhausted budget raises TimeoutError (the finding is UNKNOWN,
    never material or harmless)."""
    done = budgets.check(solver, _BUDGET[0])
    if done.unknown:
        raise TimeoutError(done.reason)
    return done.result


@cache
def ours_engine() -> Engine:
    """Our implementation, through its adapter: the witnesses are replayed through it."""
    return ours()


@dataclass
class Entry:
    id: str
    origin: str  # text | language | convention: what the ambiguity comes from (a report's kind)
    clauses: tuple[str, ...]
    quote: str
    default: str
    values: list[tuple[str, str]]  # (name, description)
    note: str = ""


@dataclass
class Finding:
    entry: Entry
    alternative: str
    verdict: str  # PROVED (decided) | UNKNOWN | ERROR
    material: bool | None
    proof: str = ""
    witness: dict[str, Any] | None = None
    delta: str | None = None
    affected: list[str] = field(default_factory=list)
    seconds: float = 0.0
    #: a craps reading that changes wagers of more than one section: the first witness of
    #: each section (``witness`` is the first of them all), so that a section's page shows
    #: one of its own wagers
    by_section: dict[str, dict[str, Any]] = field(default_factory=dict)


@cache
def entries() -> tuple[Entry, ...]:
    out = []
    for r in regulation.readings().values():
        kind = "convention" if all(regulation.is_convention(c) for c in r.clauses) else "text"
        out.append(Entry(r.id, kind, r.clauses, r.quote, r.default,
                         [(v.name, v.description) for v in r.values]))
    text = resources.files("casino_proofs.regulation").joinpath("ambiguities.toml") \
        .read_text("utf-8")
    for e in tomllib.loads(text)["entry"]:
        out.append(Entry(e["id"], e["kind"], tuple(e["clauses"]), e["quote"], e["default"],
                         [(v["name"], v["description"]) for v in e["value"]], e.get("note", "")))
    return tuple(out)


def _decider(entry_id: str) -> Callable[[Entry, str], Finding] | None:
    """How an entry is decided: the way a game's room decides it (the registry's
    ``ambiguity_deciders``), else as a reading its room compares (``ambiguity_reading``)."""
    special: dict[str, Callable[[Entry, str], Finding]] = {}
    for deciders in games.each("ambiguity_deciders"):
        special.update(deciders)
    if entry_id in special:
        return special[entry_id]
    found: Callable[[Entry, str], Finding] | None = next(
        (d for d in games.each("ambiguity_reading", entry_id) if d is not None), None)
    return found


def decide(entry: Entry) -> list[Finding]:
    """Each other reading of the entry against its default."""
    findings = []
    for name, _description in entry.values:
        if name == entry.default:
            continue
        decide_one = _decider(entry.id)
        try:
            assert decide_one is not None, entry.id
            findings.append(decide_one(entry, name))
        except TimeoutError as exc:
            findings.append(Finding(entry, name, "UNKNOWN", None, f"solver: {exc}"))
    return findings


def find_all(progress: Progress | None = None, budget: Budget | None = None) -> list[Finding]:
    _BUDGET[0] = budget or Budget()
    out = []
    if progress is not None:
        progress.total = len(entries())
    for e in entries():
        out += decide(e)
        if progress is not None:
            progress.step()
    return out


def finding_json(f: Finding) -> dict[str, Any]:
    e = f.entry
    out: dict[str, Any] = {
        "id": e.id, "clause": e.clauses[0], "clauses": list(e.clauses), "kind": e.origin,
        "quote": e.quote,
        "readings": [{"name": n, "description": d, "default": n == e.default}
                     for n, d in e.values],
        "default": e.default, "compared": [e.default, f.alternative],
        "verdict": f.verdict, "material": f.material,
    }
    if e.note:
        out["note"] = e.note
    if f.material:
        out["witness"] = f.witness
        out["delta"] = f.delta
        out["affected"] = f.affected
        if f.by_section:
            out["witness_by_section"] = f.by_section
    if f.proof:
        out["proof"] = f.proof
    return out
