"""``casino-proofs ambiguities``: every place the text of s. 95.15, 95.16 and 40 can be read
more than one way, decided material (with a witness and the money difference) or harmless
(with the proof)."""

from __future__ import annotations

import argparse

from casino_proofs.command.options import (
    Commands,
    budget_options,
    command,
    report_options,
)
from casino_proofs.command.output import write_report
from casino_proofs.context import report_context
from casino_proofs.reports.documents import AmbiguitiesDocument


def register(sub: Commands) -> None:
    ambiguities = command(sub, "ambiguities",
                          "every reading of the regulation text, decided material or harmless",
                          "Each place the text of s. 95.15, 95.16 and 40 can be read more than "
                          "one way, compared with its default reading: a witness and the money "
                          "difference where it matters, the proof where it does not.")
    report_options(ambiguities, AmbiguitiesDocument, "sarif: results of kind review")
    budget_options(ambiguities)
    ambiguities.set_defaults(run=run_ambiguities)


def run_ambiguities(args: argparse.Namespace) -> int:
    from casino_proofs.analyses.readings.ambiguities import find_all, finding_json
    from casino_proofs.command.output import check_output_paths
    from casino_proofs.progress import phase
    from casino_proofs.solving.budget import Budget

    check_output_paths(args.output, None)
    budget = Budget(z3_rlimit=args.rlimit, wall_ms=args.timeout_ms)
    bar = phase("ambiguities", unit="readings decided")
    findings = [finding_json(f) for f in find_all(bar, budget)]
    bar.close()
    doc = AmbiguitiesDocument({**report_context({}), "budget": budget.as_json()},
                              tuple(findings))
    write_report(doc, args.format, args.output)
    return doc.exit_code
