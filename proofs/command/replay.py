"""``casino-proofs replay DIR``: the command around :mod:`casino_proofs.audit.replay` -- its
options checked, the engine to ask again started, the findings printed as text or JSON."""

from __future__ import annotations

import argparse
import json
from typing import Any

from casino_proofs.audit import again as asking
from casino_proofs.audit.findings import BAD, Finding, OnRecord
from casino_proofs.audit.intact import Bundle, load
from casino_proofs.audit.manifest import BundleError
from casino_proofs.audit.replay import replay, status_of
from casino_proofs.command.arguments import open_engine
from casino_proofs.command.output import write_text
from casino_proofs.obligations.verdict import EXIT_PROVED, EXIT_REFUTED, EXIT_UNKNOWN
from casino_proofs.reports.progress import Progress


def _text(bundle: Bundle, findings: list[Finding], on_record: list[OnRecord], solver: str,
          engine: Any) -> str:
    status = status_of(findings)
    lines = [f"{f.status.upper():<22} {f.obligation}: {f.detail}" for f in findings
             if f.status not in ("same", "on-record")]
    held = sorted(o for o, s in status.items() if s == "on-record")
    if held:
        lines.append(f"{'ON RECORD':<22} {len(held)} Pai Gow verdicts, e.g. {held[0]}: they "
                     "rest on the engine's answers over every hand, which the bundle holds as "
                     "a hash (replay --engine TARGET asks again)")
    lines += [f"{'ON RECORD':<22} {r.what}: {r.why}" for r in on_record]
    queries = sum(len(f.queries) for f in findings)
    ids = {o["id"] for o in bundle.obligations}
    bad = sum(1 for s in status.values() if s in BAD)
    unknown = sum(1 for s in status.values() if s == "unknown")
    rederived = len([o for o in ids if status.get(o, "same") == "same"])
    lines.append(f"{queries} queries re-solved with {solver} and regenerated; {rederived} of "
                 f"{len(ids)} obligations re-derived"
                 f"{', the engine asked again' if engine is not None else ''}, {len(held)} "
                 f"taken on record: {bad} not re-derived, {unknown} UNKNOWN")
    return "\n".join(lines) + "\n"


def run_replay(args: argparse.Namespace) -> int:
    bundle = load(args.bundle)  # a bad bundle is a one-line error before any solving
    if args.paigow_again:
        asking.refuse_foreign_engine(bundle)
    if args.solver == "cvc5":
        try:
            import cvc5  # noqa: F401
        except ImportError as exc:
            raise BundleError("cvc5 is not installed: pip install cvc5 (or use --solver z3)") \
                from exc
    engine = None
    target = "impl" if args.paigow_again else args.engine
    if target is not None:
        engine = open_engine(target, args.engine_timeout_ms)
    bar = Progress(f"replay with {args.solver}", 0, not args.quiet)
    try:
        findings, on_record = replay(bundle, args.solver, args.rlimit, args.timeout_ms, bar,
                                     engine)
    finally:
        bar.close()
        if engine is not None:
            engine.close()
    status = status_of(findings)
    bad = [o for o, s in status.items() if s in BAD]
    unknown = [o for o, s in status.items() if s == "unknown"]
    code = EXIT_REFUTED if bad else EXIT_UNKNOWN if unknown else EXIT_PROVED
    if args.format == "json":
        doc = {"schema": "casino-proofs/replay", "schema_version": 3, "solver": args.solver,
               "queries": sum(len(f.queries) for f in findings),
               "obligations": len(bundle.obligations),
               "engine_asked_again": target,
               "on_record": sum(1 for s in status.values() if s == "on-record"),
               "taken_on_record": [{"what": r.what, "why": r.why} for r in on_record],
               "findings": [{"obligation": f.obligation, "status": f.status,
                             "detail": f.detail, "queries": f.queries}
                            for f in findings if f.status not in ("same", "on-record")],
               "exit_code": code}
        write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", None)
    else:
        write_text(_text(bundle, findings, on_record, args.solver, engine), None)
    return code
