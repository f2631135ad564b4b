"""``casino-proofs rank``: one Pai Gow hand's combination (s. 40) by the specification and by
the implementation under test, with the clause that names it."""

from __future__ import annotations

import argparse

from casino_proofs.command.arguments import check_readings, lookup_engine
from casino_proofs.command.options import (
    Commands,
    command,
    engine_options,
    reading_option,
    report_options,
)
from casino_proofs.command.output import check_output_paths, write_report
from casino_proofs.context import parse_readings
from casino_proofs.obligations.verdict import EXIT_PROVED, EXIT_REFUTED
from casino_proofs.paigow.command import hands
from casino_proofs.reports.documents import RankDocument

HAND_HELP = ("five cards (high hand) or two (low hand): ranks 2-9 T J Q K A, suits c d h s, "
             "the joker Jk; separated by spaces or commas, e.g. 'Ah Kh Qh Jh Th'")


def register(sub: Commands) -> None:
    rank = command(sub, "rank", "rank one Pai Gow hand, spec and impl side by side",
                   "The combination of one Pai Gow Poker hand (s. 40) by the specification "
                   "and by the implementation, with the clause that names it.")
    report_options(rank, RankDocument)
    reading_option(rank)
    rank.add_argument("hand", metavar="HAND", help=HAND_HELP)
    engine_options(rank)
    rank.set_defaults(run=run_rank)


def paigow_readings(args: argparse.Namespace) -> dict[str, str]:
    readings = parse_readings(args.reading)
    check_readings(readings, ("paigow",), args.command)
    return readings


def run_rank(args: argparse.Namespace) -> int:
    readings = paigow_readings(args)
    hands.parse_cards(args.hand)  # a bad hand is refused before any engine starts
    check_output_paths(args.output, None)
    engine = lookup_engine(args, "paigow")
    try:
        doc = hands.rank(args.hand, readings, engine)
    finally:
        engine.close()
    write_report(RankDocument(doc), args.format, args.output)
    return EXIT_REFUTED if doc["agree"] is False else EXIT_PROVED
