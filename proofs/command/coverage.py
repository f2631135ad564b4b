"""``casino-proofs coverage``: for every sentence of s. 95.15, 95.16 and 40, what encodes,
implements, proves and tests it, or why it is out of scope."""

from __future__ import annotations

import argparse

from casino_proofs.command.options import Commands, bound_options, command, report_options
from casino_proofs.command.output import write_report
from casino_proofs.obligations.verdict import EXIT_PROVED, EXIT_REFUTED
from casino_proofs.reports.documents import CoverageDocument


def register(sub: Commands) -> None:
    coverage = command(sub, "coverage", "what encodes, implements, proves and tests each sentence",
                       "For every sentence of s. 95.15, 95.16 and 40: the constraints, "
                       "implementation functions, proof obligations and tests that cover it, "
                       "or why it is out of scope. Exit 1 if a sentence is covered by nothing "
                       "or a constraint cites no clause.")
    report_options(coverage, CoverageDocument)
    coverage.add_argument("--tests", metavar="DIR",
                          help="the project's tests/ folder (default: ./tests, else the "
                               "checkout the package was installed from)")
    bound_options(coverage, "test_file_bytes")
    coverage.set_defaults(run=run_coverage)


def run_coverage(args: argparse.Namespace) -> int:
    from casino_proofs.analyses.assurance.coverage import coverage, find_tests
    from casino_proofs.command.output import check_output_paths

    folder = find_tests(args.tests, args.max_test_file_bytes)
    check_output_paths(args.output, None,
                       [("the tests folder", str(folder))] if folder is not None else [])
    rows, uncited = coverage(folder, test_file_bytes=args.max_test_file_bytes)
    write_report(CoverageDocument(tuple(rows), tuple(uncited), folder), args.format,
                 args.output)
    return EXIT_PROVED if all(r.covered for r in rows) and not uncited else EXIT_REFUTED
