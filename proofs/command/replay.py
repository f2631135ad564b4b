"""``casino-proofs replay DIR``: the command around :mod:`casino_proofs.audit.rederivation` -- its
options checked, the engine to ask again started, the findings printed as text or JSON."""

from __future__ import annotations

import argparse

from casino_proofs.command.arguments import UsageError, open_engine
from casino_proofs.command.options import (
    ENGINE_BOUNDS,
    ENGINE_TIMEOUT_MS,
    TARGETS,
    Commands,
    bound_options,
    bounds_of,
    budget_type,
    cache_option,
    command,
    report_options,
)
from casino_proofs.command.output import check_output, write_report
from casino_proofs.obligations.verdict import (
    EXIT_ON_RECORD,
    EXIT_PROVED,
    EXIT_REFUTED,
    EXIT_UNKNOWN,
)
from casino_proofs.progress import stage, steps
from casino_proofs.reports.documents import ReplayDocument
from casino_proofs.solving.budget import DEFAULT_CVC5_RLIMIT, DEFAULT_Z3_RLIMIT


def register(sub: Commands) -> None:
    replay = command(sub, "replay", "re-derive an audit bundle, believing nothing it says",
                     "Check that a bundle written by check --bundle is intact (regular files, "
                     "each with its hash, nothing else), then derive it again from the "
                     "installed package: the obligations the recorded scope gives rise to, the "
                     "craps verdicts from the recorded answers, the Pai Gow verdicts about the "
                     "specification, every query rebuilt and compared as text and solved "
                     "again by cvc5 (default, the independent solver; pip install cvc5) or Z3, "
                     "the manifest's fields and the PAR sheet. What only the engine could "
                     "re-derive is named as taken on record; --engine TARGET asks it again.")
    replay.add_argument("bundle", metavar="DIR", help="a bundle written by check --bundle")
    replay.add_argument("--solver", choices=("cvc5", "z3"), default="cvc5",
                        help="the solver to re-check with (default: cvc5)")
    report_options(replay, ReplayDocument)
    replay.add_argument("--rlimit", type=budget_type("--rlimit"), default=None,
                        metavar="UNITS",
                        help="the solver's resource limit per query (default: the bundle's: "
                             f"cvc5 {DEFAULT_CVC5_RLIMIT:,}, Z3 {DEFAULT_Z3_RLIMIT:,} units)")
    replay.add_argument("--timeout-ms", type=budget_type("--timeout-ms"), default=None,
                        metavar="MS",
                        help="the wall-clock safety net per query (default: the bundle's)")
    replay.add_argument("--regenerate", action="store_true",
                        help="kept for old scripts: every query is rebuilt and compared "
                             "anyway")
    replay.add_argument("--engine", metavar="TARGET", default=None,
                        help="ask this engine again, every craps input and every Pai Gow hand, "
                             "and demand the bundle's answers and hashes (a bundle records "
                             "answers, not which program gave them; its own command is never "
                             f"run): {TARGETS}")
    replay.add_argument("--engine-timeout-ms", type=budget_type("--engine-timeout-ms"),
                        default=ENGINE_TIMEOUT_MS, metavar="MS",
                        help=f"with --engine: the time limit per request (default: "
                             f"{ENGINE_TIMEOUT_MS})")
    replay.add_argument("--on-record", action="store_true",
                        help="faster: for a bundle of our implementation, take its Pai Gow "
                             "verdicts on record instead of proving them again over every hand "
                             f"(about 25 s a reading); anything taken on record exits "
                             f"{EXIT_ON_RECORD}")
    replay.add_argument("--paigow-again", action="store_true",
                        help="kept for old scripts: a bundle of our implementation has its "
                             "Pai Gow verdicts proved again by default")
    bound_options(replay, *ENGINE_BOUNDS)
    cache_option(replay)
    replay.set_defaults(run=run_replay)


def run_replay(args: argparse.Namespace) -> int:
    from casino_proofs.audit import again as asking
    from casino_proofs.audit.findings import BAD
    from casino_proofs.audit.intact import load
    from casino_proofs.audit.manifest import BundleError
    from casino_proofs.audit.rederivation import replay, status_of

    check_output(args.output, args.bundle)  # never into the bundle it re-derives
    stage("reading the bundle")
    bundle = load(args.bundle)  # a bad bundle is a one-line error before any solving
    if args.paigow_again:
        asking.refuse_foreign_engine(bundle)
    if args.on_record and (args.engine is not None or args.paigow_again):
        raise UsageError("--on-record takes the Pai Gow verdicts on record; --engine and "
                         "--paigow-again ask again: give one or the other")
    if args.solver == "cvc5":
        try:
            import cvc5  # noqa: F401
        except ImportError as exc:
            raise BundleError("cvc5 is not installed: pip install cvc5 (or use --solver z3)") \
                from exc
    engine = None
    ours = bundle.manifest.engine.get("target") == "impl" \
        and bundle.manifest.engine.get("kind") == "impl"
    target = args.engine or ("impl" if ours and not args.on_record else None)
    steps(6 if target is not None else 5)
    if target is not None:
        engine = open_engine(target, args.engine_timeout_ms, bounds=bounds_of(args))
    try:
        findings, on_record = replay(bundle, args.solver, args.rlimit, args.timeout_ms, None,
                                     engine)
    finally:
        if engine is not None:
            engine.close()
    status = status_of(findings)
    bad = [o for o, s in status.items() if s in BAD]
    unknown = [o for o, s in status.items() if s == "unknown"]
    held = [o for o, s in status.items() if s == "on-record"]
    code = EXIT_REFUTED if bad else EXIT_UNKNOWN if unknown else \
        EXIT_ON_RECORD if held else EXIT_PROVED
    stage("writing the report")
    write_report(ReplayDocument(args.solver, tuple(o["id"] for o in bundle.obligations),
                                tuple(findings), tuple(on_record), target, code),
                 args.format, args.output)
    return code
