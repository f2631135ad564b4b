"""``casino-proofs compare``: which of two Pai Gow hands ranks higher, by the specification and
by the implementation under test, citing the clause or convention that decides."""

from __future__ import annotations

import argparse

from casino_proofs.command.arguments import lookup_engine
from casino_proofs.command.options import (
    Commands,
    command,
    engine_options,
    reading_option,
    report_options,
)
from casino_proofs.command.output import check_output_paths, write_report
from casino_proofs.obligations.verdict import EXIT_PROVED, EXIT_REFUTED
from casino_proofs.paigow.command import hands
from casino_proofs.paigow.command.rank import HAND_HELP, paigow_readings
from casino_proofs.reports.documents import CompareDocument


def register(sub: Commands) -> None:
    compare = command(sub, "compare", "which of two Pai Gow hands ranks higher, and why",
                      "Which of two Pai Gow Poker hands ranks higher, by the specification and "
                      "by the implementation, citing the clause or convention that decides.")
    report_options(compare, CompareDocument)
    reading_option(compare)
    compare.add_argument("hand_a", metavar="HAND_A", help=HAND_HELP)
    compare.add_argument("hand_b", metavar="HAND_B", help="as HAND_A, with as many cards")
    engine_options(compare)
    compare.set_defaults(run=run_compare)


def run_compare(args: argparse.Namespace) -> int:
    readings = paigow_readings(args)
    hands.check_dealt_together(args.hand_a, args.hand_b)
    check_output_paths(args.output, None)
    engine = lookup_engine(args, "paigow")
    try:
        doc = hands.compare(args.hand_a, args.hand_b, readings, engine)
    finally:
        engine.close()
    write_report(CompareDocument(doc), args.format, args.output)
    return EXIT_PROVED if doc["agree"] else EXIT_REFUTED
