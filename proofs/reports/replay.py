"""The text report of ``casino-proofs replay``: its result (the verdict, the counts, what to do
next), then what was not re-derived, what was taken on record, and the count of each."""

from __future__ import annotations

from casino_proofs.audit.findings import BAD
from casino_proofs.audit.rederivation import status_of
from casino_proofs.obligations.verdict import (
    EXIT_ON_RECORD,
    EXIT_PROVED,
    EXIT_REFUTED,
    EXIT_UNKNOWN,
)
from casino_proofs.reports.documents import ReplayDocument
from casino_proofs.reports.text import fit, render, result_lines

#: a replay's verdict in words, and what to do next, by its exit code
_RESULT = {
    EXIT_PROVED: ("every obligation and query re-derived",
                  "nothing to do: the bundle holds what its check found, derived again"),
    EXIT_REFUTED: ("NOT RE-DERIVED",
                   "the bundle is not what its check would find now: each entry below names "
                   "what did not re-derive"),
    EXIT_UNKNOWN: ("UNKNOWN", "a query ran out of the solver's budget: run replay again with a "
                              "larger --rlimit"),
    EXIT_ON_RECORD: ("re-derived, some verdicts taken on record",
                     "the verdicts taken on record are listed below, with why: replay "
                     "--engine TARGET asks the engine again"),
}


def replay_text(doc: ReplayDocument) -> str:
    """``replay --format text``: the result first (the verdict, the counts, what to do next),
    then each finding that is not ``same``, one entry each, then what was taken on record,
    then the counts again."""
    findings = list(doc.findings)
    status = status_of(findings)
    queries = sum(len(f.queries) for f in findings)
    ids = set(doc.obligations)
    bad = sum(1 for s in status.values() if s in BAD)
    unknown = sum(1 for s in status.values() if s == "unknown")
    rederived = len([o for o in ids if status.get(o, "same") == "same"])
    held = sorted(o for o, s in status.items() if s == "on-record")
    counts = (f"{rederived} of {len(ids)} obligations re-derived, {queries} queries re-solved "
              f"with {doc.solver}{', the engine asked again' if doc.engine is not None else ''}"
              f"; {len(held)} taken on record, {bad} not re-derived, {unknown} UNKNOWN")
    verdict, step = _RESULT.get(doc.exit_code, ("ERROR", "see the entries below"))
    lines = [f"{f.status.upper():<22} {f.obligation}: {f.detail}" for f in findings
             if f.status not in ("same", "on-record")]
    if held:
        lines.append(f"{'ON RECORD':<22} {len(held)} verdicts, e.g. {held[0]}: they rest "
                     "on what only the engine could give again (its answers over every Pai "
                     "Gow hand, which the bundle holds as a hash; the records of a file; the "
                     "events a table played or logged) "
                     f"(replay --engine TARGET asks again; exit {EXIT_ON_RECORD})")
    lines += [f"{'ON RECORD':<22} {r.what}: {r.why}" for r in doc.on_record]
    lines = [out for entry in lines for out in fit(entry, " " * 23)]  # under the detail
    lines.append(f"{queries} queries re-solved with {doc.solver} and regenerated; {rederived} "
                 f"of {len(ids)} obligations re-derived"
                 f"{', the engine asked again' if doc.engine is not None else ''}, "
                 f"{len(held)} taken on record: {bad} not re-derived, {unknown} UNKNOWN")
    return render([*result_lines(verdict, doc.exit_code, counts, step), *lines])
