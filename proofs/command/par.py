"""``casino-proofs par``: the PAR sheet, exact, from the specification and checked against the
implementation under test (and, when asked, against a seeded Monte Carlo run)."""

from __future__ import annotations

import argparse

from casino_proofs.analyses.par.breakage import add_breakage
from casino_proofs.analyses.par.sheet import craps_sheet, paigow_sheet
from casino_proofs.command.arguments import (
    UsageError,
    check_readings,
    check_scope,
    games_of,
    open_engine,
    parse_wagers,
)
from casino_proofs.command.output import check_output_paths, write_text
from casino_proofs.reports import par as render
from casino_proofs.reports.context import parse_readings, report_context


def run_par(args: argparse.Namespace) -> int:
    readings = parse_readings(args.reading)
    wagers = parse_wagers(args.wagers)
    games = games_of(args.only)
    check_scope(games, wagers, "par")
    check_readings(readings, games, f"par --only {args.only}" if args.only else "par")
    check_output_paths(args.output, None)
    if args.monte_carlo is not None and args.monte_carlo < 100:
        raise UsageError("--monte-carlo takes a number of trials of 100 or more")
    if args.rounding is not None and args.stake is None:
        raise UsageError("--rounding is the rounding of the breakage at --stake UNITS: give "
                         "--stake too")
    if args.stake is not None and args.only == "paigow":
        raise UsageError("--stake is the breakage of the craps payouts; par --only paigow "
                         "has none")
    engine = open_engine(args.engine, args.engine_timeout_ms)
    try:
        craps = monte = None
        if args.only in (None, "craps"):
            craps, monte = craps_sheet(readings, engine, wagers, args.monte_carlo or 0)
            if args.stake is not None:
                add_breakage(craps, args.stake, args.rounding or "floor")
        paigow = paigow_sheet(readings, engine, args.workers) \
            if args.only in (None, "paigow") else None
    finally:
        engine.close()
    doc = render.document({**report_context(readings), "engine": engine.target}, craps,
                          paigow, monte)
    text = {"json": render.to_json, "csv": render.to_csv, "markdown": render.to_markdown,
            "html": render.to_html, "text": render.to_text}[args.format](doc)
    write_text(text, args.output)
    return int(doc["summary"]["exit_code"])
