"""``casino-proofs mutants``: faulty implementations and specifications, generated, each run
through the proofs; every one must be caught."""

from __future__ import annotations

import argparse

from casino_proofs.command.options import Commands, command, only_option, report_options
from casino_proofs.command.output import write_report
from casino_proofs.obligations.verdict import EXIT_PROVED, EXIT_REFUTED
from casino_proofs.reports.documents import MutantsDocument


def register(sub: Commands) -> None:
    mutants = command(sub, "mutants",
                      "faulty implementations and specifications, each run through the proofs",
                      "Generate faulty implementations (payouts changed, decisions swapped, "
                      "totals moved, working calls flipped, combinations shifted, tiebreaks "
                      "reversed) and faulty specifications (a rule dropped, weakened or "
                      "shifted); run each through the proofs. Exit 1 if any survives.")
    report_options(mutants, MutantsDocument)
    only_option(mutants, "one game only (default: both)")
    mutants.add_argument("--quick", action="store_true",
                         help="a representative subset: one mutant of each kind per clause")
    mutants.set_defaults(run=run_mutants)


def run_mutants(args: argparse.Namespace) -> int:
    from casino_proofs.analyses.assurance.mutants import generate, quick, report, run
    from casino_proofs.command.output import check_output_paths
    from casino_proofs.progress import phase

    check_output_paths(args.output, None)
    chosen = generate(args.only)
    if args.quick:
        chosen = quick(chosen)
    progress = phase("mutants", len(chosen), "mutants run")
    outcomes = []
    for m in chosen:
        outcomes.append(run(m))
        progress.step()
    progress.close()
    doc = report(outcomes)
    write_report(MutantsDocument(doc), args.format, args.output)
    return EXIT_PROVED if not doc["survivors"] else EXIT_REFUTED
