"""``casino-proofs edge``: the exact house edge of every craps wager, from the specification
and checked against the implementation under test, under every reading that changes it."""

from __future__ import annotations

import argparse
import json

from casino_proofs.command.options import (
    Commands,
    command,
    engine_options,
    output_option,
    reading_option,
    text_or_json,
)
from casino_proofs.command.output import write_text
from casino_proofs.context import parse_readings, report_context
from casino_proofs.obligations.verdict import EXIT_PROVED, EXIT_REFUTED


def register(sub: Commands) -> None:
    edge = command(sub, "edge", "the exact house edge of every craps wager under each reading",
                   "The exact house edge of every craps wager (a fraction and a percentage), "
                   "from the specification and checked against the implementation under "
                   "test, under the base readings and under each other reading that changes "
                   "the wager.")
    text_or_json(edge)
    reading_option(edge)
    output_option(edge)
    engine_options(edge)
    edge.set_defaults(run=run_edge)


def run_edge(args: argparse.Namespace) -> int:
    from casino_proofs.analyses.readings.edge import edge_rows, row_json
    from casino_proofs.command.arguments import check_readings, open_engine
    from casino_proofs.command.output import check_output_paths
    from casino_proofs.reports.findings import edge_text

    readings = parse_readings(args.reading)
    check_readings(readings, ("craps",), "edge")
    check_output_paths(args.output, None)
    engine = open_engine(args.engine, args.engine_timeout_ms, ("craps",), "edge")
    try:
        rows = [row_json(r) for r in edge_rows(readings, engine=engine)]
    finally:
        engine.close()
    context = report_context(readings)
    if args.format == "json":
        doc = {"schema": "casino-proofs/edge", "schema_version": 1, **context,
               "engine": engine.target, "edges": rows}
        write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", args.output)
    else:
        write_text(edge_text(rows, context), args.output)
    return EXIT_PROVED if all(r["agree"] for r in rows) else EXIT_REFUTED
