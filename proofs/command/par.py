"""``casino-proofs par``: the PAR sheet, exact, from the specification and checked against the
implementation under test (and, when asked, against a seeded Monte Carlo run)."""

from __future__ import annotations

import argparse
from typing import Any

from casino_proofs import games as registry
from casino_proofs.command.arguments import (
    UsageError,
    check_readings,
    check_scope,
    games_of,
    open_engine,
    parse_wagers,
)
from casino_proofs.command.options import (
    Commands,
    bounds_of,
    budget_type,
    command,
    engine_options,
    only_option,
    reading_option,
    report_options,
)
from casino_proofs.command.output import check_output_paths, engine_reads, write_report
from casino_proofs.context import parse_readings, report_context
from casino_proofs.obligations.capabilities import policies_in_force
from casino_proofs.reports.documents import ParDocument


def register(sub: Commands) -> None:
    par = command(sub, "par",
                  "the PAR sheet: exact probabilities, edges, variance, hand frequencies",
                  "The probability accounting report of every craps wager (each outcome's exact "
                  "probability, hit frequency, return, house edge per bet made, per bet "
                  "resolved and per roll, variance, standard deviation, rolls to a decision, "
                  "volatility index) under every reading that changes it, and of Pai Gow Poker "
                  "(each combination's frequency over every five-card, two-card and "
                  "seven-card hand); from the specification, checked against the "
                  "implementation under test.")
    reading_option(par)
    only_option(par, "one game only (default: both)")
    par.add_argument("--wagers", metavar="LIST",
                     help="these craps wagers only (comma-separated)")
    report_options(par, ParDocument)
    par.add_argument("--monte-carlo", type=budget_type("--monte-carlo"), default=None,
                     metavar="TRIALS",
                     help="also play each craps row TRIALS times (seeded) and check every exact "
                          "figure against its 99.99%% interval")
    par.add_argument("--stake", type=budget_type("--stake"), default=None, metavar="UNITS",
                     help="also show each craps wager's breakage: what the rounding keeps of "
                          "the exact winnings of a stake of UNITS whole units")
    par.add_argument("--rounding", choices=("floor", "half-up", "half-even", "exact"),
                     default=None, help="the rounding of the breakage (default: floor)")
    par.add_argument("--workers", type=budget_type("--workers"), default=2, metavar="N",
                     help="processes for the seven-card count (default: 2)")
    engine_options(par)
    par.set_defaults(run=run_par)


def run_par(args: argparse.Namespace) -> int:
    from casino_proofs.analyses.par.sheet import ParAsked, game_sheet

    readings = parse_readings(args.reading)
    wagers = parse_wagers(args.wagers)
    games = games_of(args.only)
    check_scope(games, wagers, "par")
    check_readings(readings, games, f"par --only {args.only}" if args.only else "par")
    check_output_paths(args.output, None, engine_reads(args.engine))
    if args.monte_carlo is not None and args.monte_carlo < 100:
        raise UsageError("--monte-carlo takes a number of trials of 100 or more")
    if args.rounding is not None and args.stake is None:
        raise UsageError("--rounding is the rounding of the breakage at --stake UNITS: give "
                         "--stake too")
    if args.stake is not None and args.only and not registry.game(args.only).wagers:
        # the breakage is of the payouts of wagers (the games --wagers chooses among)
        raise UsageError(f"--stake is the breakage of the craps payouts; par --only "
                         f"{args.only} has none")
    from casino_proofs.progress import phase

    engine = open_engine(args.engine, args.engine_timeout_ms, bounds=bounds_of(args))
    asked = ParAsked(wagers, args.monte_carlo or 0, args.workers, args.stake,
                     args.rounding or "floor")
    sheets: dict[str, list[dict[str, Any]]] = {}
    monte = None
    # no time left: the craps sheet takes a second or two, the Pai Gow sheet many more
    bar = phase("par", len(games), "games", estimate=False)
    try:
        for game in games:
            sheets[game], ran = game_sheet(game, readings, engine, asked)
            monte = ran if ran is not None else monte
            bar.step()
    finally:
        bar.close()
        engine.close()
    doc = ParDocument({**report_context(readings, policies_in_force(engine),
                                        games),
                       "engine": engine.target}, sheets, monte)
    write_report(doc, args.format, args.output)
    return doc.exit_code
