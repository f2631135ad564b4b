"""``casino-proofs edge``: the exact house edge of every craps wager, from the specification
and checked against the implementation under test, under every reading that changes it."""

from __future__ import annotations

import argparse

from casino_proofs.command.options import (
    Commands,
    bounds_of,
    command,
    engine_options,
    reading_option,
    report_options,
)
from casino_proofs.command.output import write_report
from casino_proofs.context import parse_readings, report_context
from casino_proofs.reports.documents import EdgeDocument


def register(sub: Commands) -> None:
    edge = command(sub, "edge", "the exact house edge of every craps wager under each reading",
                   "The exact house edge of every craps wager (a fraction and a percentage), "
                   "from the specification and checked against the implementation under "
                   "test, under the base readings and under each other reading that changes "
                   "the wager.")
    report_options(edge, EdgeDocument)
    reading_option(edge)
    engine_options(edge)
    edge.set_defaults(run=run_edge)


def run_edge(args: argparse.Namespace) -> int:
    from casino_proofs.analyses.readings.edge import edge_rows, row_json
    from casino_proofs.command.arguments import check_readings, open_engine
    from casino_proofs.command.output import check_output_paths, engine_reads

    readings = parse_readings(args.reading)
    check_readings(readings, ("craps",), "edge")
    check_output_paths(args.output, None, engine_reads(args.engine))
    engine = open_engine(args.engine, args.engine_timeout_ms, ("craps",), "edge",
                         bounds=bounds_of(args))
    try:
        rows = [row_json(r) for r in edge_rows(readings, engine=engine)]
    finally:
        engine.close()
    doc = EdgeDocument(report_context(readings), engine.target, tuple(rows))
    write_report(doc, args.format, args.output)
    return doc.exit_code
