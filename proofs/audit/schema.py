"""The audit bundle's schema of an obligation: what it is (its metadata) and its verdict, as
the bundle records it and every report renders it (reports import this; never the reverse)."""

from __future__ import annotations

from typing import Any

from casino_proofs.obligations.verdict import Obligation, Result


def obligation_metadata(ob: Obligation) -> dict[str, Any]:
    """What an obligation is, before any verdict: its ID, kind, clauses, subject, scope,
    description and readings."""
    entry: dict[str, Any] = {
        "id": ob.id, "game": ob.game, "kind": ob.claim, "clause": ob.clause,
        "clauses": list(dict.fromkeys(ob.clauses)), "subject": ob.subject, "scope": ob.scope,
        "description": ob.description, "readings": list(ob.readings),
    }
    if ob.under:
        entry["under"] = ob.under
    return entry


def obligation_json(r: Result, timed: bool = True) -> dict[str, Any]:
    """One obligation as the JSON report (and the audit bundle, untimed) gives it."""
    entry = {**obligation_metadata(r.obligation), "verdict": r.verdict.value}
    if r.conventions:
        entry["clauses"] = list(r.clauses)
        entry["rests_on"] = list(r.conventions)
    if timed:
        entry["seconds"] = round(r.seconds, 6)
    if r.detail:
        entry["detail"] = r.detail
    if r.counterexample is not None:
        entry["counterexample"] = r.counterexample
    if r.cause:
        entry["cause"] = r.cause
    if r.core:
        entry["unsat_core"] = list(r.core)
    if r.resources:
        entry["resources"] = r.resources
    if r.enumeration or r.smt_verdict is not None:
        entry["evidence"] = {"smt": r.smt_verdict.value if r.smt_verdict else "none",
                             "enumeration": r.enumeration or "none"}
        if r.evidence_note:
            entry["evidence"]["note"] = r.evidence_note
    return entry
