"""What a bundle's manifest says of craps, derived again (``audit/rederive_manifest.py`` asks
each game's room through the registry): what a check of the recorded scope leaves out of
craps, each run's craps record (the hash and counts of the engine's answers), where each run's
answers are, and what a played or logged table's bundle takes on record."""

from __future__ import annotations

from typing import Any

from casino_proofs.audit.findings import Finding, OnRecord
from casino_proofs.audit.intact import Bundle
from casino_proofs.audit.manifest import RunRecord
from casino_proofs.audit.rederive_engine import field_finding
from casino_proofs.craps.rederive.answers import ON_RECORD, TABLE_OWN, answers_digest, played


def left_out(bundle: Bundle, again: dict[str, Any]) -> list[dict[str, str]]:
    """What the base run's craps proof, made again, left out (``again``: by run, each run's
    craps proof made again)."""
    base = again.get("base")
    return list(base.left_out) if base is not None else []


def run_findings(bundle: Bundle, i: int, run: RunRecord, again: dict[str, Any]
                 ) -> list[Finding]:
    """Run ``i``'s craps record derived again: whether it has one (it does when its craps
    obligations were proved again), the hash of the engine's answers and its counts."""
    kept, proved = run.records.get("craps"), run.reading in again
    out = []
    if (kept is not None) != proved:
        out += field_finding(f"runs[{i}].craps", kept is not None, proved)
    if kept is not None and proved:
        out += field_finding(f"runs[{i}].craps.answers_sha256", kept["answers_sha256"],
                             answers_digest(bundle, run))
        engine = again[run.reading].answers.engine
        out += field_finding(f"runs[{i}].craps.questions", kept["questions"],
                             engine["questions"])
        out += field_finding(f"runs[{i}].craps.asked", kept["asked"], engine["asked"])
    return out


def left_out_on_record(bundle: Bundle) -> tuple[str, ...]:
    """What a check leaves out that a bundle takes on record, by the prefix of what: a played
    or logged table's own obligations."""
    return (TABLE_OWN,) if played(bundle) else ()


def engine_on_record(bundle: Bundle) -> list[OnRecord]:
    """What of the engine a bundle takes on record: a played or logged table's events."""
    return [OnRecord("the table's events", ON_RECORD)] if played(bundle) else []
