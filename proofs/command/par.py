"""``casino-proofs par``: the PAR sheet, exact, from the specification and checked against the
implementation under test (and, when asked, against a seeded Monte Carlo run)."""

from __future__ import annotations

import argparse
from typing import Any

from casino_proofs.adapters.engine import Engine
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


def craps_sheet(readings: dict[str, str], engine: Engine, wagers: list[str] | None,
                trials: int) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    from casino_proofs.analyses import montecarlo
    from casino_proofs.analyses.par import par_rows, row_json

    rows = par_rows(readings, wagers, engine)
    out = [row_json(r) for r in rows]
    if not trials:
        return out, None
    inside = True
    for row, doc in zip(rows, out, strict=True):
        if row.spec is None or row.chain is None:
            continue
        checks = montecarlo.simulate(row.chain, row.spec, trials)
        doc["monte_carlo"] = montecarlo.checks_json(trials, checks)
        inside = inside and doc["monte_carlo"]["inside"]
    return out, {"run": True, "trials": trials, "seed": montecarlo.SEED,
                 "confidence": montecarlo.CONFIDENCE, "inside": inside,
                 "what": "each craps row played from its start, every exact figure against "
                         "its interval; a check on the arithmetic, never a source of figures"}


def paigow_sheet(readings: dict[str, str], engine: Engine,
                 workers: int) -> list[dict[str, Any]]:
    from casino_proofs.analyses.par_paigow import paigow_par, par_json

    return [par_json(p) for p in paigow_par(readings, engine, workers)]


def run_par(args: argparse.Namespace) -> int:
    readings = parse_readings(args.reading)
    wagers = parse_wagers(args.wagers)
    games = games_of(args.only)
    check_scope(games, wagers, "par")
    check_readings(readings, games, f"par --only {args.only}" if args.only else "par")
    check_output_paths(args.output, None)
    if args.monte_carlo is not None and args.monte_carlo < 100:
        raise UsageError("--monte-carlo takes a number of trials of 100 or more")
    engine = open_engine(args.engine, args.engine_timeout_ms)
    try:
        craps = monte = None
        if args.only in (None, "craps"):
            craps, monte = craps_sheet(readings, engine, wagers, args.monte_carlo or 0)
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
