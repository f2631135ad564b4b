"""``casino-proofs ambiguities``: every place the text of s. 95.15, 95.16 and 40 can be read
more than one way, decided material (with a witness and the money difference) or harmless
(with the proof)."""

from __future__ import annotations

import argparse
import json

from casino_proofs.command.options import (
    Commands,
    budget_options,
    command,
    output_option,
    quiet,
)
from casino_proofs.command.output import write_text
from casino_proofs.context import report_context
from casino_proofs.obligations.verdict import EXIT_ERROR, EXIT_PROVED, EXIT_UNKNOWN


def register(sub: Commands) -> None:
    ambiguities = command(sub, "ambiguities",
                          "every reading of the regulation text, decided material or harmless",
                          "Each place the text of s. 95.15, 95.16 and 40 can be read more than "
                          "one way, compared with its default reading: a witness and the money "
                          "difference where it matters, the proof where it does not.")
    output_option(ambiguities)
    ambiguities.add_argument("--format", choices=("text", "json", "sarif"), default="text",
                             help="output format (default: text; sarif: results of kind "
                                  "review)")
    budget_options(ambiguities)
    quiet(ambiguities)
    ambiguities.set_defaults(run=run_ambiguities)


def run_ambiguities(args: argparse.Namespace) -> int:
    from casino_proofs.analyses.readings.ambiguities import find_all, finding_json
    from casino_proofs.command.output import check_output_paths
    from casino_proofs.progress import Progress
    from casino_proofs.reports import formats
    from casino_proofs.reports.findings import ambiguities_text
    from casino_proofs.solving.budget import Budget

    check_output_paths(args.output, None)
    budget = Budget(z3_rlimit=args.rlimit, wall_ms=args.timeout_ms)
    bar = Progress("ambiguities", 0, not args.quiet)
    findings = [finding_json(f) for f in find_all(bar, budget)]
    bar.close()
    context = {**report_context({}), "budget": budget.as_json()}
    if args.format == "json":
        doc = {"schema": "casino-proofs/ambiguities", "schema_version": 1, **context,
               "ambiguities": findings}
        write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", args.output)
    elif args.format == "sarif":
        write_text(formats.to_sarif([], context, findings), args.output)
    else:
        write_text(ambiguities_text(findings, context), args.output)
    verdicts = {f["verdict"] for f in findings}
    if "ERROR" in verdicts:
        return EXIT_ERROR
    return EXIT_UNKNOWN if "UNKNOWN" in verdicts else EXIT_PROVED
