"""The text report of ``casino-proofs replay``: what was not re-derived, what was taken on
record, and the count of each."""

from __future__ import annotations

from casino_proofs.audit.findings import BAD
from casino_proofs.audit.rederivation import status_of
from casino_proofs.obligations.verdict import EXIT_ON_RECORD
from casino_proofs.reports.documents import ReplayDocument
from casino_proofs.reports.text import fit, render


def replay_text(doc: ReplayDocument) -> str:
    """``replay --format text``: each finding that is not ``same``, one entry each, then the
    count of queries re-solved and of obligations re-derived."""
    findings = list(doc.findings)
    status = status_of(findings)
    lines = [f"{f.status.upper():<22} {f.obligation}: {f.detail}" for f in findings
             if f.status not in ("same", "on-record")]
    held = sorted(o for o, s in status.items() if s == "on-record")
    if held:
        lines.append(f"{'ON RECORD':<22} {len(held)} verdicts, e.g. {held[0]}: they rest "
                     "on what only the engine could give again (its answers over every Pai "
                     "Gow hand, which the bundle holds as a hash; the records of a file; the "
                     "events a table played or logged) "
                     f"(replay --engine TARGET asks again; exit {EXIT_ON_RECORD})")
    lines += [f"{'ON RECORD':<22} {r.what}: {r.why}" for r in doc.on_record]
    lines = [out for entry in lines for out in fit(entry, " " * 23)]  # under the detail
    queries = sum(len(f.queries) for f in findings)
    ids = set(doc.obligations)
    bad = sum(1 for s in status.values() if s in BAD)
    unknown = sum(1 for s in status.values() if s == "unknown")
    rederived = len([o for o in ids if status.get(o, "same") == "same"])
    lines.append(f"{queries} queries re-solved with {doc.solver} and regenerated; {rederived} "
                 f"of {len(ids)} obligations re-derived"
                 f"{', the engine asked again' if doc.engine is not None else ''}, "
                 f"{len(held)} taken on record: {bad} not re-derived, {unknown} UNKNOWN")
    return render(lines)
