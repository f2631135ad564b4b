"""The ``casino-proofs`` command (also ``python -m proofs``)."""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from typing import Any, NoReturn

from casino_proofs import impl, regulation, spec
from casino_proofs.command import hands as paigow_cli
from casino_proofs.obligations.craps import DEFAULT_TIMEOUT_MS, check_craps
from casino_proofs.obligations.lifting import impl_dict, spec_dict, state_dict
from casino_proofs.obligations.paigow import check_paigow
from casino_proofs.obligations.verdict import EXIT_PROVED, EXIT_REFUTED, EXIT_USAGE, exit_code
from casino_proofs.reports import formats
from casino_proofs.reports.check import (
    compare_text,
    quote_lines,
    rank_text,
    settlement_text,
    to_json,
    to_text,
)
from casino_proofs.reports.context import parse_readings, report_context

EXIT_CODES = """\
exit codes:
  0  every obligation is PROVED (check); spec and impl agree (settle, rank, compare,
     edge); every reading decided, material or harmless (ambiguities)
  1  some obligation is REFUTED or VACUOUS (check); spec and impl disagree (settle,
     rank, compare, edge)
  2  usage or input error, or an internal ERROR verdict
  3  some obligation or reading is UNKNOWN (solver timeout or gave up), none worse
"""


class UsageError(Exception):
    """Bad input: reported as one line on stderr, exit 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="casino-proofs",
        description="Proofs that a plain implementation of Québec's By-law respecting casino "
                    "games (S-13.1, r. 3, version 2012-09-01) agrees with its Z3 specification.",
        epilog=EXIT_CODES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--format", choices=("text", "json"), default="text",
                       help="output format (default: text)")
        p.add_argument("--reading", action="append", default=[], metavar="NAME=VALUE",
                       help="read an ambiguous clause this way (repeatable; see README)")

    check = sub.add_parser(
        "check", help="prove every obligation", epilog=EXIT_CODES,
        description="Prove every obligation: spec exhaustive, exclusive and never vacuous; "
                    "impl agreeing with spec on every reachable state and all 36 rolls, and "
                    "on every Pai Gow hand.",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    check.add_argument("--format",
                       choices=("text", "json", "junit", "sarif", "markdown", "html"),
                       default="text", help="report format (default: text; html: one "
                                            "self-contained page for an auditor)")
    check.add_argument("--reading", action="append", default=[], metavar="NAME=VALUE",
                       help="read an ambiguous clause this way (repeatable; see README)")
    check.add_argument("--only", choices=("craps", "paigow"), default=None,
                       help="check one game only (default: every game)")
    check.add_argument("--workers", type=int, default=2, metavar="N",
                       help="processes for the exhaustive Pai Gow pass (default: 2)")
    check.add_argument("--timeout-ms", type=int, default=DEFAULT_TIMEOUT_MS, metavar="MS",
                       help=f"solver timeout per query; a timeout is UNKNOWN "
                            f"(default: {DEFAULT_TIMEOUT_MS})")
    check.add_argument("--output", metavar="FILE",
                       help="write the report to FILE (written whole or not at all)")
    check.add_argument("--bundle", metavar="DIR",
                       help="also write an audit bundle to DIR (a new or empty directory): "
                            "manifest, verdicts, and every SMT query as SMT-LIB 2")
    check.add_argument("--quiet", action="store_true", help="no progress on the terminal")

    settle = sub.add_parser(
        "settle", help="settle one wager on one roll, spec and impl side by side",
        epilog=EXIT_CODES, formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Settle one wager on one roll with both the specification and the "
                    "implementation, quoting the clauses that decide it.")
    common(settle)
    settle.add_argument("wager", metavar="WAGER",
                        help="hard-4, hard-6, hard-8, hard-10, any-7, eleven, any-craps, "
                             "craps-2, craps-3, craps-12, horn, world, three-way-craps, "
                             "hop-A-B (A, B in 1..6), pass, dont-pass, come, dont-come, "
                             "pass-odds, dont-pass-odds, come-odds, dont-come-odds")
    settle.add_argument("--roll", required=True, metavar="D1,D2",
                        help="the two dice, each 1 to 6, e.g. 3,4")
    settle.add_argument("--point", type=int, metavar="N",
                        help="the wager's point (pass line or come point): 4, 5, 6, 8, 9 or 10; "
                             "for pass and dont-pass, no --point means the come-out roll")
    settle.add_argument("--come-out", action="store_true",
                        help="the roll is a come-out roll of the table")
    settle.add_argument("--working", action="store_true",
                        help="the player has said the wager works on the come-out roll "
                             "(hard ways, come-odds)")
    settle.add_argument("--first-roll", action="store_true",
                        help="the come-out roll is a new shooter's first (reading first-turn)")

    hand_help = ("five cards (high hand) or two (low hand): ranks 2-9 T J Q K A, suits c d h s, "
                 "the joker Jk; separated by spaces or commas, e.g. 'Ah Kh Qh Jh Th'")
    rank = sub.add_parser(
        "rank", help="rank one Pai Gow hand, spec and impl side by side", epilog=EXIT_CODES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="The combination of one Pai Gow Poker hand (s. 40) by the specification "
                    "and by the implementation, with the clause that names it.")
    common(rank)
    rank.add_argument("hand", metavar="HAND", help=hand_help)
    compare = sub.add_parser(
        "compare", help="which of two Pai Gow hands ranks higher, and why", epilog=EXIT_CODES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Which of two Pai Gow Poker hands ranks higher, by the specification and "
                    "by the implementation, citing the clause or convention that decides.")
    common(compare)
    compare.add_argument("hand_a", metavar="HAND_A", help=hand_help)
    compare.add_argument("hand_b", metavar="HAND_B", help="as HAND_A, with as many cards")
    ambiguities = sub.add_parser(
        "ambiguities", help="every reading of the seeds, decided material or harmless by Z3",
        epilog=EXIT_CODES, formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Each place the seeds can be read more than one way, compared with its "
                    "default reading: a witness and the money difference where it matters, "
                    "the proof where it does not.")
    ambiguities.add_argument("--output", metavar="FILE",
                        help="write the report to FILE (written whole or not at all)")
    ambiguities.add_argument("--format", choices=("text", "json", "sarif"), default="text",
                             help="output format (default: text; sarif: results of kind "
                                  "review)")
    ambiguities.add_argument("--quiet", action="store_true",
                             help="no progress on the terminal")
    replay = sub.add_parser(
        "replay", help="re-check an audit bundle's SMT queries with another solver",
        epilog=EXIT_CODES, formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Run every SMT-LIB file of a bundle written by check --bundle through "
                    "cvc5 (default, the independent solver; pip install cvc5) or Z3, and "
                    "fail on any answer that differs from the one recorded.")
    replay.add_argument("bundle", metavar="DIR", help="a bundle written by check --bundle")
    replay.add_argument("--solver", choices=("cvc5", "z3"), default="cvc5",
                        help="the solver to re-check with (default: cvc5)")
    replay.add_argument("--format", choices=("text", "json"), default="text",
                        help="output format (default: text)")
    replay.add_argument("--timeout-ms", type=int, default=None, metavar="MS",
                        help="per query (default: the bundle's)")
    replay.add_argument("--quiet", action="store_true", help="no progress on the terminal")
    mutants = sub.add_parser(
        "mutants", help="faulty implementations and specifications, each run through the "
                        "proofs", epilog=EXIT_CODES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Generate faulty implementations (payouts changed, decisions swapped, "
                    "totals moved, working calls flipped, combinations shifted, tiebreaks "
                    "reversed) and faulty specifications (a rule dropped, weakened or "
                    "shifted); run each through the proofs. Exit 1 if any survives.")
    mutants.add_argument("--output", metavar="FILE",
                        help="write the report to FILE (written whole or not at all)")
    mutants.add_argument("--format", choices=("text", "json"), default="text",
                         help="output format (default: text)")
    mutants.add_argument("--only", choices=("craps", "paigow"), default=None,
                         help="one game only (default: both)")
    mutants.add_argument("--quick", action="store_true",
                         help="a representative subset: one mutant of each kind per clause")
    mutants.add_argument("--quiet", action="store_true", help="no progress on the terminal")
    coverage = sub.add_parser(
        "coverage", help="what encodes, implements, proves and tests each sentence",
        epilog=EXIT_CODES, formatter_class=argparse.RawDescriptionHelpFormatter,
        description="For every sentence of the seeds: the constraints, implementation "
                    "functions, proof obligations and tests that cover it, or why it is out "
                    "of scope. Exit 1 if a sentence is covered by nothing or a constraint "
                    "cites no clause.")
    coverage.add_argument("--output", metavar="FILE",
                        help="write the report to FILE (written whole or not at all)")
    coverage.add_argument("--format", choices=("text", "json"), default="text",
                          help="output format (default: text)")
    coverage.add_argument("--tests", metavar="DIR",
                          help="the project's tests/ folder (default: ./tests, else the "
                               "checkout the package was installed from)")
    edge = sub.add_parser(
        "edge", help="the exact house edge of every craps wager under each reading",
        epilog=EXIT_CODES, formatter_class=argparse.RawDescriptionHelpFormatter,
        description="The exact house edge of every craps wager (a fraction and a percentage), "
                    "from the specification and checked against the implementation, under the "
                    "base readings and under each other reading that changes the wager.")
    common(edge)
    edge.add_argument("--output", metavar="FILE",
                      help="write the report to FILE (written whole or not at all)")
    return parser


def _write(text: str, output: str | None) -> None:
    if output is None:
        sys.stdout.write(text)
        return
    directory = os.path.dirname(os.path.abspath(output))
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=".casino-proofs-")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # as a plain open() would, not mkstemp's 0600
        os.replace(tmp, output)
    except BaseException:
        os.unlink(tmp)
        raise


def run_check(args: argparse.Namespace) -> int:
    readings = parse_readings(args.reading)
    if args.timeout_ms <= 0:
        raise UsageError("--timeout-ms must be a positive number of milliseconds")
    if args.output and not os.path.isdir(os.path.dirname(os.path.abspath(args.output))):
        raise UsageError(f"cannot write {args.output}: its directory does not exist")
    if args.bundle:
        from pathlib import Path

        target = Path(args.bundle)
        if target.exists() and (not target.is_dir() or any(target.iterdir())):
            raise UsageError(f"--bundle {args.bundle}: give a new or empty directory")
        if not target.resolve().parent.is_dir():
            raise UsageError(f"--bundle {args.bundle}: its parent directory does not exist")
    if args.workers < 1:
        raise UsageError("--workers must be 1 or more")
    started = time.perf_counter()
    results = []
    games: dict[str, Any] = {}
    record = bool(args.bundle)
    if args.only in (None, "craps"):
        results += check_craps(readings, timeout_ms=args.timeout_ms, record=record)
    if args.only in (None, "paigow"):
        from casino_proofs.reports.progress import Progress

        bar = Progress("Pai Gow: every hand", 1, not args.quiet)

        def advance(done: int, total: int) -> None:
            bar.total = total
            bar.step()

        outcome = check_paigow(readings, workers=args.workers, timeout_ms=args.timeout_ms,
                               record=record, progress=advance)
        bar.close()
        results += outcome.results
        games["paigow"] = {"hands": outcome.hands, "classes": outcome.classes,
                           "digest": outcome.digest, "silence": outcome.silence}
    seconds = time.perf_counter() - started
    context = report_context(readings)
    if args.format == "junit":
        text = formats.to_junit(results, seconds)
    elif args.format == "sarif":
        text = formats.to_sarif(results, context)
    elif args.format == "markdown":
        text = formats.to_markdown(results, context, seconds)
    elif args.format == "html":
        from casino_proofs.analyses.ambiguities import find_all, finding_json
        from casino_proofs.analyses.edge import edge_rows, row_json
        from casino_proofs.reports.html import to_html

        text = to_html(results, context, seconds, [finding_json(f) for f in find_all()],
                       [row_json(r) for r in edge_rows(readings)])
    else:
        render = to_json if args.format == "json" else to_text
        text = render(results, context, seconds, games)
    _write(text, args.output)
    if args.bundle:
        from casino_proofs.audit.bundle import write_bundle

        write_bundle(args.bundle, results, context, args.timeout_ms)
    return exit_code(results)


def _settle_state(args: argparse.Namespace, wager: str,
                  readings: dict[str, str]) -> spec.ConcreteState:
    come_out = args.come_out
    if wager in ("pass", "dont-pass") and args.point is None:
        come_out = True  # no point yet: this is the come-out roll
    state = impl.State(point=args.point, come_out=come_out, working=args.working,
                       first_roll=args.first_roll)
    impl.check_state(wager, state, impl.Readings.from_dict(readings))
    return spec.ConcreteState(come_out=come_out, point=args.point or 0, working=args.working,
                              first_roll=args.first_roll)


def run_settle(args: argparse.Namespace) -> int:
    readings = parse_readings(args.reading)
    roll = impl.Roll.parse(args.roll)
    wager = impl.canonical(args.wager)
    state = _settle_state(args, wager, readings)
    spec_side = spec.firing(spec.wager(wager, spec.Readings.from_dict(readings)), state,
                            roll.die_1, roll.die_2)
    impl_side = impl.settle(wager, impl.State(point=args.point, come_out=state.come_out,
                                              working=args.working,
                                              first_roll=args.first_roll),
                            roll, impl.Readings.from_dict(readings))
    spec_json = [spec_dict(s, r.clauses) for r, s in spec_side]
    distinct = {(s.decision, s.net, s.next_point) for _, s in spec_side}
    impl_json = impl_dict(impl_side)
    agree = len(distinct) == 1 and all(
        (s["decision"], s["net"], s["point"]) ==
        (impl_json["decision"], impl_json["net"], impl_json["point"])
        for s in spec_json)
    clauses = list(dict.fromkeys(c for r, _ in spec_side for c in r.clauses))
    context = report_context(readings)
    doc: dict[str, Any] = {
        "schema": "casino-proofs/settle", "schema_version": 1,
        "wager": wager, "roll": [roll.die_1, roll.die_2], "state": state_dict(state),
        "spec": spec_json[0] if len(spec_json) == 1 else
                {"decision": "conflict" if spec_json else "gap", "rules": spec_json},
        "impl": impl_json, "agree": agree,
        "clauses": [{"id": c, "text": regulation.quote(c)} for c in clauses],
        "readings": {k: v["value"] for k, v in context["readings"].items()},
    }
    if args.format == "json":
        sys.stdout.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    else:
        st = doc["state"]
        where = ", ".join(
            [("come-out roll" if st["come_out"] else "not a come-out roll")]
            + ([f"point {st['point']}"] if st["point"] else [])
            + (["working"] if st["working"] else []))
        lines = [f"{wager} on roll {roll} ({where})"]
        if len(spec_json) == 1:
            lines.append(f"  spec: {settlement_text(spec_json[0])}")
        else:
            lines.append(f"  spec: {'conflict' if spec_json else 'gap'}: "
                         + "; ".join(settlement_text(s) for s in spec_json))
        lines.append(f"  impl: {settlement_text(impl_json)}")
        lines.append("  spec and impl agree" if agree else "  SPEC AND IMPL DISAGREE")
        lines += quote_lines(clauses, "  ")
        lines.append("  readings: " + ", ".join(f"{k}={v}" for k, v in doc["readings"].items()))
        sys.stdout.write("\n".join(lines) + "\n")
    return EXIT_PROVED if agree else EXIT_REFUTED


def run_rank(args: argparse.Namespace) -> int:
    doc = paigow_cli.rank(args.hand, parse_readings(args.reading))
    sys.stdout.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
                     if args.format == "json" else rank_text(doc))
    return EXIT_PROVED if doc["agree"] else EXIT_REFUTED


def run_compare(args: argparse.Namespace) -> int:
    doc = paigow_cli.compare(args.hand_a, args.hand_b, parse_readings(args.reading))
    sys.stdout.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
                     if args.format == "json" else compare_text(doc))
    return EXIT_PROVED if doc["agree"] else EXIT_REFUTED


def run_ambiguities(args: argparse.Namespace) -> int:
    from casino_proofs.analyses.ambiguities import find_all, finding_json
    from casino_proofs.reports.findings import ambiguities_text
    from casino_proofs.reports.progress import Progress

    bar = Progress("ambiguities", 0, not args.quiet)
    findings = [finding_json(f) for f in find_all(bar)]
    bar.close()
    context = report_context({})
    if args.format == "json":
        doc = {"schema": "casino-proofs/ambiguities", "schema_version": 1, **context,
               "ambiguities": findings}
        _write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", args.output)
    elif args.format == "sarif":
        _write(formats.to_sarif([], context, findings), args.output)
    else:
        _write(ambiguities_text(findings, context), args.output)
    verdicts = {f["verdict"] for f in findings}
    if "ERROR" in verdicts:
        return EXIT_USAGE
    return 3 if "UNKNOWN" in verdicts else EXIT_PROVED


def run_edge(args: argparse.Namespace) -> int:
    from casino_proofs.analyses.edge import edge_rows, row_json
    from casino_proofs.reports.findings import edge_text

    readings = parse_readings(args.reading)
    rows = [row_json(r) for r in edge_rows(readings)]
    context = report_context(readings)
    if args.format == "json":
        doc = {"schema": "casino-proofs/edge", "schema_version": 1, **context, "edges": rows}
        _write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", args.output)
    else:
        _write(edge_text(rows, context), args.output)
    return EXIT_PROVED if all(r["agree"] for r in rows) else EXIT_REFUTED


def run_replay(args: argparse.Namespace) -> int:
    from casino_proofs.audit.bundle import load, replay

    load(args.bundle)  # a bad bundle is a one-line error before any solving
    if args.solver == "cvc5":
        try:
            import cvc5  # noqa: F401
        except ImportError as exc:
            raise UsageError("cvc5 is not installed: pip install cvc5 (or use --solver z3)") \
                from exc
    from casino_proofs.reports.progress import Progress

    bar = Progress(f"replay with {args.solver}", 0, not args.quiet)
    replayed = replay(args.bundle, args.solver, args.timeout_ms, bar)
    bar.close()
    differ = [r for r in replayed if not r.same]
    unknown = [r for r in differ if r.got == "unknown"]
    if args.format == "json":
        doc = {"schema": "casino-proofs/replay", "schema_version": 1, "solver": args.solver,
               "queries": len(replayed), "same": len(replayed) - len(differ),
               "differ": [{"obligation": r.obligation, "file": r.file,
                           "expected": r.expected, "got": r.got} for r in differ]}
        sys.stdout.write(json.dumps(doc, indent=2) + "\n")
    else:
        for r in differ:
            sys.stdout.write(f"DIFFERS  {r.obligation} ({r.file}): expected {r.expected}, "
                             f"{args.solver} says {r.got}\n")
        sys.stdout.write(f"{len(replayed)} queries re-checked with {args.solver}: "
                         f"{len(replayed) - len(differ)} same, {len(differ)} differ\n")
    if not differ:
        return EXIT_PROVED
    return 3 if len(unknown) == len(differ) else EXIT_REFUTED


def run_mutants(args: argparse.Namespace) -> int:
    from casino_proofs.analyses.mutants import generate, quick, report, report_text, run
    from casino_proofs.reports.progress import Progress

    chosen = generate(args.only)
    if args.quick:
        chosen = quick(chosen)
    progress = Progress("mutants", len(chosen), not args.quiet)
    outcomes = []
    for m in chosen:
        outcomes.append(run(m))
        progress.step()
    progress.close()
    doc = report(outcomes)
    _write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n" if args.format == "json"
           else report_text(doc), args.output)
    return EXIT_PROVED if not doc["survivors"] else EXIT_REFUTED


def run_coverage(args: argparse.Namespace) -> int:
    from casino_proofs.analyses.coverage import (
        coverage,
        coverage_json,
        coverage_text,
        find_tests,
    )

    folder = find_tests(args.tests)
    rows, uncited = coverage(folder)
    if args.format == "json":
        _write(json.dumps(coverage_json(rows, uncited, folder), indent=2, ensure_ascii=False)
               + "\n", args.output)
    else:
        _write(coverage_text(rows, uncited, folder), args.output)
    return EXIT_PROVED if all(r.covered for r in rows) and not uncited else EXIT_REFUTED


COMMANDS = {
    "check": run_check, "settle": run_settle, "rank": run_rank, "compare": run_compare,
    "ambiguities": run_ambiguities, "edge": run_edge, "coverage": run_coverage,
    "mutants": run_mutants, "replay": run_replay,
}


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    try:
        output = getattr(args, "output", None)
        if output and not os.path.isdir(os.path.dirname(os.path.abspath(output))):
            raise UsageError(f"cannot write {output}: its directory does not exist")
        return int(COMMANDS[args.command](args))
    except (UsageError, ValueError) as exc:
        message = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        sys.stderr.write(f"casino-proofs: error: {message}\n")
        return EXIT_USAGE
    except Exception as exc:  # an internal error: one line, exit 2, never a traceback dump
        sys.stderr.write(f"casino-proofs: internal error: {type(exc).__name__}: {exc}\n")
        return EXIT_USAGE


if __name__ == "__main__":
    raise SystemExit(main())
