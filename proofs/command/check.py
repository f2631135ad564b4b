"""``casino-proofs check``: every obligation, against the implementation the user chose.

One run per set of readings: the readings given (the defaults otherwise), and with
``--all-readings`` once more for every other value of every reading the engine claims to
implement (and the specification encodes), one reading changed at a time. Every run proves
every obligation of the games chosen; an obligation of a run under another reading carries
that reading in its ID (``reading/hop-call=total/craps/...``).

Everything the user can get wrong is checked before anything runs: the readings, the budget,
the wagers, the engine (it must start and say hello), the report's file and the bundle's
directory. The audit bundle is written before the report, so a run whose bundle cannot be
written reports nothing and writes no file.
"""

from __future__ import annotations

import argparse
import gc
import time
from typing import Any

from casino_proofs import spec
from casino_proofs.adapters.engine import Engine
from casino_proofs.command.arguments import (
    UsageError,
    check_readings,
    check_scope,
    games_of,
    open_engine,
    parse_wagers,
)
from casino_proofs.command.claims import readings_claimed
from casino_proofs.command.output import check_output_paths
from casino_proofs.obligations.craps import prove_craps
from casino_proofs.obligations.craps.answers import CrapsAnswers
from casino_proofs.obligations.paigow import check_paigow
from casino_proofs.obligations.plan import not_offered, plan_runs, relabel
from casino_proofs.obligations.verdict import Result, exit_code
from casino_proofs.reports import formats
from casino_proofs.reports.check import to_json, to_text
from casino_proofs.reports.context import parse_readings, report_context
from casino_proofs.reports.progress import Progress
from casino_proofs.solving.budget import Budget

GAMES = ("craps", "paigow")


def run_check(args: argparse.Namespace) -> int:
    from casino_proofs.command.output import write_text

    readings = parse_readings(args.reading)
    budget = Budget(z3_rlimit=args.rlimit, wall_ms=args.timeout_ms)
    wagers = parse_wagers(args.wagers)
    games = games_of(args.only)
    check_scope(games, wagers, "check")
    check_readings(readings, games, f"check --only {args.only}" if args.only else "check")
    check_output_paths(args.output, args.bundle)
    engine = open_engine(args.engine, args.engine_timeout_ms)
    hello = engine.hello
    try:
        readings, claim_notes = readings_claimed(hello, readings, games)
    except UsageError:
        engine.close()
        raise
    started = time.perf_counter()
    record = bool(args.bundle)
    results: list[Result] = []
    detail: dict[str, Any] = {"engine": engine.describe(), "runs": [], "left_out": []}
    if args.only is not None:
        other = next(g for g in GAMES if g != args.only)
        detail["left_out"].append({"what": f"every {other} obligation",
                                   "why": f"--only {args.only}"})
    craps_answers: dict[str, CrapsAnswers] = {}
    detail["wagers"] = wagers
    detail["scope"] = {"all_readings": args.all_readings, "only": args.only}
    pass_counts: dict[str, dict[str, int]] | None = None
    par_doc: dict[str, Any] | None = None
    try:
        for label, chosen, run_games in plan_runs(hello, readings, args.all_readings, games,
                                                  detail["left_out"]):
            run: dict[str, Any] = {"reading": label or "base", "readings": chosen}
            if detail["runs"]:
                # What earlier runs left for the collector is freed now, not at whatever
                # moment this run's allocations trigger it: Z3 hands out the ids of freed
                # terms again, and a resource count depends on them (principle 6: the same
                # counts every run, idle or under load).
                gc.collect()
            if "craps" in run_games:
                if "craps" not in hello.games:
                    results += relabel([not_offered("craps")], label)
                else:
                    left = [w for w in spec.WAGER_NAMES if wagers and w not in wagers]
                    bar = Progress(f"craps{' ' + label if label else ''}: every wager", 1,
                                   not args.quiet)
                    craps = prove_craps(engine, chosen, wagers, budget, record=record,
                                        left_out=left)
                    bar.step()
                    bar.close()
                    results += relabel(craps.results, label)
                    run["craps"] = {"answers_sha256": craps.answers.digest,
                                    **craps.answers.engine}
                    if craps.answers.channel is not None:
                        run["craps"]["channel"] = craps.answers.channel.json()
                    craps_answers[label or "base"] = craps.answers
                    if label is None:
                        detail["left_out"] += craps.left_out
            if "paigow" in run_games:
                if "paigow" not in hello.games:
                    results += relabel([not_offered("paigow")], label)
                else:
                    bar = Progress(f"Pai Gow{' ' + label if label else ''}: every hand", 1,
                                   not args.quiet)

                    def advance(done: int, total: int, bar: Progress = bar) -> None:
                        bar.total = total
                        bar.step()

                    outcome = check_paigow(chosen, engine, workers=args.workers, budget=budget,
                                           record=record, progress=advance)
                    bar.close()
                    results += relabel(outcome.results, label)
                    run["paigow"] = {"answers_sha256": outcome.answers_digest,
                                     "determinism_sample": outcome.determinism_sample,
                                     "combination_counts": outcome.combination_counts}
                    if outcome.channel:
                        run["paigow"]["channel"] = {scope: log.json() for scope, log
                                                    in outcome.channel.items()}
                    if label is None:
                        detail["paigow"] = {"hands": outcome.hands, "classes": outcome.classes,
                                            "digest": outcome.digest,
                                            "silence": outcome.silence}
                        detail["left_out"] += outcome.left_out
                        pass_counts = outcome.combination_counts
            detail["runs"].append(run)
        detail["notes"] = claim_notes + engine.notes()
        if args.bundle or args.format == "html":
            played = tuple(g for g in games if g in hello.games)
            par_doc = par_sheet(engine, readings, played, wagers, pass_counts, args.workers)
    finally:
        engine.close()
    if args.all_readings and hello.readings is None:
        detail["notes"].append("--all-readings: the engine claims no readings; it is proved "
                               "under the readings in force alone")
    elif args.all_readings:
        by_game = {g: sum(1 for r in detail["runs"][1:] if g in r) for g in GAMES}
        detail["notes"].append(
            f"--all-readings: {by_game['craps']} run(s) under another craps reading check "
            f"craps alone and {by_game['paigow']} under another Pai Gow reading Pai Gow "
            "alone: a reading of one game changes no answer of the other, so the other "
            "game's check under the readings in force stands for it (reused, not run again)")
    seconds = time.perf_counter() - started
    context = {**report_context(readings), "budget": budget.as_json()}
    text = render(args.format, results, context, seconds, detail, readings, par_doc)
    if args.bundle:
        from casino_proofs.audit.bundle import write_bundle

        try:
            write_bundle(args.bundle, results, context, budget, detail, craps_answers, par_doc)
        except OSError as exc:
            raise UsageError(f"--bundle {args.bundle}: cannot write it ({exc.strerror or exc});"
                             " no report written") from exc
    write_text(text, args.output)
    return exit_code(results)


def par_sheet(engine: Engine, readings: dict[str, str], games: tuple[str, ...],
              wagers: list[str] | None, pass_counts: dict[str, dict[str, int]] | None,
              workers: int) -> dict[str, Any]:
    """The PAR sheet the audit bundle holds: the run's figures, the five-card table set
    against the counts of the run's own pass over every hand."""
    from casino_proofs.analyses.par.sheet import craps_sheet, paigow_sheet
    from casino_proofs.reports.par import document

    craps = craps_sheet(readings, engine, wagers, 0)[0] if "craps" in games else None
    paigow = paigow_sheet(readings, engine, workers) if "paigow" in games else None
    if paigow is not None:
        five = {c["combination"]: c["hands"] for c in paigow[0]["five_card"]["combinations"]}
        paigow[0]["five_card"]["matches_the_proof_pass"] = (
            None if pass_counts is None or "high" not in pass_counts
            else five == pass_counts["high"])
    return document({"engine": engine.target}, craps, paigow, None)


def render(form: str, results: list[Result], context: dict[str, Any], seconds: float,
           detail: dict[str, Any], readings: dict[str, str],
           par: dict[str, Any] | None = None) -> str:
    if form == "junit":
        return formats.to_junit(results, seconds)
    if form == "sarif":
        return formats.to_sarif(results, context)
    if form == "markdown":
        return formats.to_markdown(results, context, seconds, detail)
    if form == "html":
        from casino_proofs.analyses.ambiguities import find_all, finding_json
        from casino_proofs.analyses.edge import edge_rows, row_json
        from casino_proofs.reports.html import to_html

        return to_html(results, context, seconds, [finding_json(f) for f in find_all()],
                       [row_json(r) for r in edge_rows(readings)], detail, par)
    render_doc = to_json if form == "json" else to_text
    return render_doc(results, context, seconds, detail)
