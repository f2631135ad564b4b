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
from dataclasses import dataclass, field
from typing import Any

from casino_proofs import games, scale
from casino_proofs.command.arguments import (
    UsageError,
    check_readings,
    check_scope,
    games_of,
    open_engine,
    parse_wagers,
)
from casino_proofs.command.claims import readings_claimed
from casino_proofs.command.options import (
    Commands,
    bound_options,
    bounds_of,
    budget_options,
    budget_type,
    cache_option,
    command,
    engine_options,
    only_option,
    reading_option,
    report_options,
    session_budget,
    session_options,
)
from casino_proofs.command.output import check_output_paths, engine_reads
from casino_proofs.context import parse_readings, report_context
from casino_proofs.obligations.capabilities import policies_in_force, table_player
from casino_proofs.obligations.game import Asked, GameRun
from casino_proofs.obligations.plan import not_offered, plan_runs, relabel
from casino_proofs.obligations.verdict import Result, exit_code
from casino_proofs.progress import phase, stage
from casino_proofs.protocol.engine import Capability, Engine
from casino_proofs.reports import registry
from casino_proofs.reports.documents import CheckDetail, CheckDocument, CheckScope, ParDocument
from casino_proofs.solving.budget import Budget


def register(sub: Commands) -> None:
    check = command(sub, "check", "prove every obligation",
                    "Prove every obligation: spec exhaustive, exclusive and never vacuous; the "
                    "implementation under test agreeing with spec on every reachable state "
                    "and all 36 rolls, and on every Pai Gow hand.")
    report_options(check, CheckDocument, "html: one self-contained page for an auditor",
                  "report")
    reading_option(check)
    check.add_argument("--all-readings", action="store_true",
                       help="also prove every other value of every reading the engine "
                            "implements, one reading at a time")
    only_option(check, "check one game only (default: every game)")
    check.add_argument("--wagers", metavar="LIST",
                       help="prove these craps wagers only (comma-separated); the others are "
                            "listed as left out")
    engine_options(check)
    session_options(check)
    check.add_argument("--require-coverage", action="store_true",
                       help="a session log (table:FILE) is proved on the settlements it "
                            "holds and lists its gaps; with this, every gap (an input, a "
                            "transition, a wager or a kind of event the log never shows) is "
                            "ERROR")
    check.add_argument("--workers", type=budget_type("--workers"), default=2, metavar="N",
                       help="processes for the exhaustive Pai Gow pass, and for the "
                            "sessions of a session log (default: 2)")
    check.add_argument("--scheduler", metavar="ADDRESS",
                       help="run the Pai Gow pass of an engine that is a program (exec:, "
                            "python:) on a Dask cluster, each worker starting its own engine, "
                            "or judge a session log's sessions there: "
                            f"{scale.LOCAL} (a LocalCluster of --workers processes) or "
                            f"tcp://HOST:PORT (a running scheduler); needs {scale.INSTALL} "
                            "(docs/scale.md)")
    bound_options(check, "scheduler_timeout_ms")
    budget_options(check)
    cache_option(check)
    check.add_argument("--bundle", metavar="DIR",
                       help="also write an audit bundle to DIR (a new or empty directory): "
                            "manifest, verdicts, answers, and every SMT query as SMT-LIB 2")
    check.set_defaults(run=run_check)


@dataclass
class CheckRun:
    """What a check gathers run by run: every result, what the report's detail states of the
    runs (each run, the games each was about, what was left out, each game's figures), the
    answers each game keeps for the bundle (by run) and what each game's base run recorded
    (for the PAR sheet)."""

    args: argparse.Namespace
    engine: Engine
    budget: Budget
    wagers: list[str] | None
    record: bool
    results: list[Result] = field(default_factory=list)
    runs: list[dict[str, Any]] = field(default_factory=list)
    planned: list[tuple[str, ...]] = field(default_factory=list)
    left_out: list[dict[str, str]] = field(default_factory=list)
    figures: dict[str, dict[str, Any]] = field(default_factory=dict)
    answers: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: the command's steps after the runs (the PAR sheet, what the page shows, writing)
    after: tuple[str, ...] = ()

    def game(self, name: str, label: str | None, chosen: dict[str, str],
             run: dict[str, Any]) -> None:
        """One game of one run (``label``: the run's reading; None for the base run): its
        obligations proved by the game's ``prove`` (``games.py``), or refuted as not
        offered."""
        if name not in self.engine.hello.games:
            self.results += relabel([not_offered(name)], label)
            return
        entry = games.game(name)
        bar = phase(f"{entry.label}{' ' + label if label else ''}", unit=entry.unit)
        asked = Asked(self.budget, self.wagers, self.record, self.args.workers,
                      self.args.scheduler, bar.reached)
        try:
            outcome: GameRun = games.entry(name, "prove")(self.engine, chosen, asked)
        finally:
            bar.close()
        self.results += relabel(outcome.results, label)
        run[name] = outcome.record
        if outcome.answers is not None:
            self.answers.setdefault(name, {})[label or "base"] = outcome.answers
        if label is None:
            self.left_out += outcome.left_out
            if outcome.figures is not None:
                self.figures[name] = outcome.figures

    def every_run(self, readings: dict[str, str], chosen_games: tuple[str, ...]) -> None:
        """One run per set of readings (``plan_runs``), each game in turn: a step of the
        command's progress each (after opening the engine, before :attr:`after`)."""
        runs = plan_runs(self.engine.hello, readings, self.args.all_readings, chosen_games,
                         self.left_out)
        steps = 1 + sum(len(g) for _l, _c, g in runs) + len(self.after)
        for label, chosen, run_games in runs:
            run: dict[str, Any] = {"reading": label or "base", "readings": chosen}
            # the games the run is about, one the engine does not offer too (the bundle's)
            self.planned.append(tuple(g for g in games.names() if g in run_games))
            if self.runs:
                # What earlier runs left for the collector is freed now, not at whatever
                # moment this run's allocations trigger it: Z3 hands out the ids of freed
                # terms again, and a resource count depends on them (principle 6: the same
                # counts every run, idle or under load).
                gc.collect()
            for name in games.names():
                if name in run_games:
                    stage(f"{games.game(name).label}{' under ' + label if label else ''}",
                          steps)
                    self.game(name, label, chosen, run)
            self.runs.append(run)

    def detail(self, engine: dict[str, Any], notes: list[str],
               table_domain: list[dict[str, Any]]) -> CheckDetail:
        """The report's detail, once every run is done (``engine``: the engine's description,
        as it was before the runs)."""
        args = self.args
        return CheckDetail(
            engine=engine, runs=tuple(self.runs), planned=tuple(self.planned),
            left_out=tuple(self.left_out),
            wagers=None if self.wagers is None else tuple(self.wagers),
            scope=CheckScope(args.all_readings, args.only), notes=tuple(notes),
            table_domain=tuple(table_domain), figures=dict(self.figures))


def _all_readings_note(args: argparse.Namespace, engine: Engine,
                       runs: list[dict[str, Any]], notes: list[str]) -> None:
    if args.all_readings and engine.hello.readings is None:
        notes.append("--all-readings: the engine claims no readings; it is proved "
                     "under the readings in force alone")
    elif args.all_readings:
        counts = [(games.game(g).label, sum(1 for r in runs[1:] if g in r))
                  for g in games.names()]
        told = [f"{n} run(s) under another {label} reading check {label} alone" if i == 0
                else f"{n} under another {label} reading {label} alone"
                for i, (label, n) in enumerate(counts)]
        notes.append(
            f"--all-readings: {' and '.join(told)}: a reading of one game changes no answer "
            "of the other, so the other game's check under the readings in force stands for "
            "it (reused, not run again)")


def _checked_arguments(args: argparse.Namespace) -> tuple[dict[str, str], Budget,
                                                          list[str] | None, tuple[str, ...]]:
    """Everything the user gave, checked before any work (UsageError otherwise)."""
    readings = parse_readings(args.reading)
    budget = Budget(z3_rlimit=args.rlimit, wall_ms=args.timeout_ms)
    wagers = parse_wagers(args.wagers)
    chosen = games_of(args.only)
    check_scope(chosen, wagers, "check")
    check_readings(readings, chosen, f"check --only {args.only}" if args.only else "check")
    if args.scheduler is not None:
        if not any(games.game(g).spreads for g in chosen) \
                and not args.engine.startswith("table:"):
            raise UsageError("--scheduler runs the Pai Gow pass, or a session log's sessions, "
                             "on a cluster, and check --only craps of an engine has neither: "
                             "leave out --scheduler, or --only")
        try:
            scale.check_scheduler(args.scheduler, args.scheduler_timeout_ms)
        except scale.SchedulerError as exc:
            raise UsageError(str(exc)) from None
    check_output_paths(args.output, args.bundle, engine_reads(args.engine))
    return readings, budget, wagers, chosen


def _check_engine_for_scheduler(args: argparse.Namespace, engine: Engine) -> None:
    """A cluster's workers each start the engine's program, or judge a session log's shards:
    an engine that is neither (our implementation, a recorded settlement table, a table played
    over protocol 2) is refused."""
    if args.scheduler is not None and not engine.can(Capability.SPREADS_OVER_WORKERS):
        engine.close()
        raise UsageError(f"--scheduler runs the Pai Gow pass of an engine that is a program "
                         f"(exec:COMMAND, python:MODULE), each worker starting its own, or "
                         f"the sessions of a session log (table:LOG); --engine "
                         f"{args.engine[:80]} is neither: leave out --scheduler")


def run_check(args: argparse.Namespace) -> int:
    from casino_proofs.command.output import write_text

    readings, budget, wagers, chosen = _checked_arguments(args)
    started = time.perf_counter()  # the engine's opening too (a session log is judged then)
    stage("opening the engine")
    engine = open_engine(args.engine, args.engine_timeout_ms, sessions=session_budget(args),
                         require_coverage=args.require_coverage,
                         scheduler=scale.Scheduler(args.workers, args.scheduler,
                                                   args.scheduler_timeout_ms),
                         progress=not args.quiet, bounds=bounds_of(args))
    _check_engine_for_scheduler(args, engine)
    hello = engine.hello
    try:
        readings, claim_notes = readings_claimed(hello, readings, chosen)
    except UsageError:
        engine.close()
        raise
    check = CheckRun(args, engine, budget, wagers, bool(args.bundle))
    described = engine.describe()
    if args.only is not None:
        check.left_out += [{"what": f"every {other} obligation", "why": f"--only {args.only}"}
                           for other in games.names() if other != args.only]
    needs = registry.needs(CheckDocument, args.format)
    check.after = _steps_after(args, needs)
    par_doc: ParDocument | None = None
    try:
        check.every_run(readings, chosen)
        notes = claim_notes + engine.notes()
        table_domain = table_player(engine).table_domain() \
            if engine.can(Capability.PLAYS_TABLES) else []
        if args.bundle or "par" in needs:
            stage("the PAR sheet")
            played = tuple(g for g in chosen if g in hello.games)
            par_doc = par_sheet(engine, readings, played, wagers, check.runs, args.workers)
    finally:
        engine.close()
    _all_readings_note(args, engine, check.runs, notes)
    seconds = time.perf_counter() - started
    context = {**report_context(readings, policies_in_force(engine), chosen),
               "budget": budget.as_json()}
    doc = CheckDocument(tuple(check.results), context, seconds,
                        check.detail(described, notes, table_domain), readings,
                        *page_inputs(needs, readings), par=par_doc)
    stage(f"writing the {args.format} report")
    text = registry.render(doc, args.format)
    if args.bundle:
        from casino_proofs.audit.bundle import write_bundle

        stage("writing the audit bundle")
        try:
            write_bundle(args.bundle, check.results, context, budget, doc.detail.json(),
                         check.answers, par_doc.json() if par_doc else None)
        except OSError as exc:
            raise UsageError(f"--bundle {args.bundle}: cannot write it ({exc.strerror or exc});"
                             " no report written") from exc
    write_text(text, args.output)
    return exit_code(check.results)


def _steps_after(args: argparse.Namespace, needs: frozenset[str]) -> tuple[str, ...]:
    """The command's steps after its runs, for its progress: the PAR sheet, what the page
    shows beside the check, the report, the bundle."""
    return tuple(step for step, taken in (
        ("the PAR sheet", bool(args.bundle) or "par" in needs),
        ("the ambiguity findings", "findings" in needs), ("the house edges", "edges" in needs),
        ("the report", True), ("the audit bundle", bool(args.bundle))) if taken)


def page_inputs(needs: frozenset[str], readings: dict[str, str]
                ) -> tuple[tuple[dict[str, Any], ...], tuple[dict[str, Any], ...]]:
    """What a format shows besides the check (``registry.needs``), computed before it is
    rendered: the ambiguity findings, then the house edges under the readings in force."""
    findings: tuple[dict[str, Any], ...] = ()
    edges: tuple[dict[str, Any], ...] = ()
    if "findings" in needs:
        from casino_proofs.analyses.readings.ambiguities import find_all, finding_json

        stage("the ambiguity findings")
        with phase("ambiguities", unit="readings decided") as bar:
            findings = tuple(finding_json(f) for f in find_all(bar))
    if "edges" in needs:
        from casino_proofs.analyses.readings.edge import edge_rows, row_json

        stage("the house edges")
        edges = tuple(row_json(r) for r in edge_rows(readings))
    return findings, edges


def par_sheet(engine: Engine, readings: dict[str, str], games: tuple[str, ...],
              wagers: list[str] | None, runs: list[dict[str, Any]],
              workers: int) -> ParDocument:
    """The PAR sheet the audit bundle holds: the run's figures, set against what the first
    run recorded (Pai Gow's five-card table against the counts of its pass over every
    hand)."""
    from casino_proofs.analyses.par.sheet import ParAsked, game_sheet

    asked = ParAsked(wagers, workers=workers, proof_record=runs[0] if runs else {})
    return ParDocument({"engine": engine.target},
                       {g: game_sheet(g, readings, engine, asked)[0] for g in games}, None)
