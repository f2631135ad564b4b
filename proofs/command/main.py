"""The ``casino-proofs`` command (also ``python -m casino_proofs``): its parser, its
sub-commands and its exit codes."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import NoReturn

from casino_proofs.adapters.exec_engine import DEFAULT_TIMEOUT_MS as ENGINE_TIMEOUT_MS
from casino_proofs.command.arguments import QUIET, UsageError
from casino_proofs.command.check import run_check
from casino_proofs.command.lookups import WAGER_HELP, parse_point, run_compare, run_rank, run_settle
from casino_proofs.command.output import write_text
from casino_proofs.obligations.verdict import (
    EXIT_ERROR,
    EXIT_PROVED,
    EXIT_REFUTED,
    EXIT_UNKNOWN,
    EXIT_USAGE,
)
from casino_proofs.reports.context import parse_readings, report_context
from casino_proofs.solving.budget import (
    DEFAULT_CVC5_RLIMIT,
    DEFAULT_WALL_MS,
    DEFAULT_Z3_RLIMIT,
    MAX_MS,
    MAX_RLIMIT,
    BudgetError,
    positive_int,
)
from casino_proofs.untrusted.printable import one_line

EXIT_CODES = f"""\
exit codes:
  {EXIT_PROVED}  every obligation is PROVED (check); spec and impl agree (settle, rank, compare,
     edge, par); every reading decided (ambiguities); every query re-derived (replay)
  {EXIT_REFUTED}  some obligation is REFUTED or VACUOUS (check) -- whatever else the run found;
     spec and impl disagree (settle, rank, compare, edge, par; or a Monte Carlo interval
     misses an exact figure); a query answered otherwise
     than recorded (replay); a mutant survived (mutants); a sentence uncovered (coverage)
  {EXIT_USAGE}  usage or input error: nothing was checked (one line on stderr names what is
     valid); a bundle that is not intact (replay)
  {EXIT_UNKNOWN}  some obligation, reading or query is UNKNOWN (a resource budget exhausted,
     or the solver gave up), none worse
  {EXIT_ERROR}  some obligation is ERROR (the check itself failed: a counterexample that did
     not replay, the SMT proof and the enumeration disagreeing, an engine that did not answer
     in time) and none is REFUTED or VACUOUS
"""

TARGETS = ("impl (this project's implementation, the default), exec:COMMAND (a program "
           "speaking docs/engine-protocol.md), python:MODULE or python:FILE.py, table:FILE "
           "(a recorded craps settlement table, .csv or JSON lines)")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


#: the largest value of each whole-number option
MAXIMA = {"--engine-timeout-ms": MAX_MS, "--timeout-ms": MAX_MS, "--rlimit": MAX_RLIMIT,
          "--workers": 64, "--monte-carlo": 100_000_000}


def _budget_type(option: str) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            return positive_int(text, option, MAXIMA.get(option))
        except BudgetError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from exc
    return parse


def _engine_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--engine", default="impl", metavar="TARGET",
                   help=f"the implementation under test: {TARGETS}")
    p.add_argument("--engine-timeout-ms", type=_budget_type("--engine-timeout-ms"),
                   default=ENGINE_TIMEOUT_MS, metavar="MS",
                   help="how long a program may take to answer one request before its input "
                        f"gets ERROR (default: {ENGINE_TIMEOUT_MS})")


def _budget_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rlimit", type=_budget_type("--rlimit"), default=DEFAULT_Z3_RLIMIT,
                   metavar="UNITS",
                   help="Z3's deterministic resource limit per query; exhausting it is "
                        f"UNKNOWN, on any machine alike (default: {DEFAULT_Z3_RLIMIT:,})")
    p.add_argument("--timeout-ms", type=_budget_type("--timeout-ms"), default=DEFAULT_WALL_MS,
                   metavar="MS",
                   help="a wall-clock safety net per query, far above what any query needs; "
                        f"reaching it is UNKNOWN (default: {DEFAULT_WALL_MS:,})")


def _output_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--output", metavar="FILE",
                   help="write the report to FILE (written whole or not at all)")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="casino-proofs",
        description="Proofs that an implementation of Québec's By-law respecting casino games "
                    "(S-13.1, r. 3, version 2012-09-01) agrees with its Z3 specification: "
                    "this project's own, or any engine speaking docs/engine-protocol.md.",
        epilog=EXIT_CODES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def command(name: str, help_text: str, description: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=help_text, description=description, epilog=EXIT_CODES,
                              formatter_class=argparse.RawDescriptionHelpFormatter)

    def readings(p: argparse.ArgumentParser) -> None:
        p.add_argument("--reading", action="append", default=[], metavar="NAME=VALUE",
                       help="read an ambiguous clause this way (repeatable; see README)")

    check = command("check", "prove every obligation",
                    "Prove every obligation: spec exhaustive, exclusive and never vacuous; the "
                    "implementation under test agreeing with spec on every reachable state "
                    "and all 36 rolls, and on every Pai Gow hand.")
    check.add_argument("--format",
                       choices=("text", "json", "junit", "sarif", "markdown", "html"),
                       default="text", help="report format (default: text; html: one "
                                            "self-contained page for an auditor)")
    readings(check)
    check.add_argument("--all-readings", action="store_true",
                       help="also prove every other value of every reading the engine "
                            "implements, one reading at a time")
    check.add_argument("--only", choices=("craps", "paigow"), default=None,
                       help="check one game only (default: every game)")
    check.add_argument("--wagers", metavar="LIST",
                       help="prove these craps wagers only (comma-separated); the others are "
                            "listed as left out")
    _engine_options(check)
    check.add_argument("--workers", type=_budget_type("--workers"), default=2, metavar="N",
                       help="processes for the exhaustive Pai Gow pass (default: 2)")
    _budget_options(check)
    _output_option(check)
    check.add_argument("--bundle", metavar="DIR",
                       help="also write an audit bundle to DIR (a new or empty directory): "
                            "manifest, verdicts, answers, and every SMT query as SMT-LIB 2")
    check.add_argument("--quiet", action="store_true", help=QUIET)

    settle = command("settle", "settle one wager on one roll, spec and impl side by side",
                     "Settle one wager on one roll with both the specification and the "
                     "implementation under test, quoting the clauses that decide it.")
    settle.add_argument("--format", choices=("text", "json"), default="text",
                        help="output format (default: text)")
    readings(settle)
    settle.add_argument("wager", metavar="WAGER", help=WAGER_HELP)
    settle.add_argument("--roll", required=True, metavar="D1,D2",
                        help="the two dice, each 1 to 6, e.g. 3,4")
    settle.add_argument("--point", type=parse_point, metavar="N",
                        help="the wager's point (pass line or come point): 4, 5, 6, 8, 9 or 10; "
                             "for pass and dont-pass, no --point means the come-out roll")
    settle.add_argument("--come-out", action="store_true",
                        help="the roll is a come-out roll of the table")
    settle.add_argument("--working", action="store_true",
                        help="the player has said the wager works on the come-out roll "
                             "(hard ways, come-odds)")
    settle.add_argument("--first-roll", action="store_true",
                        help="the come-out roll is a new shooter's first (reading first-turn)")
    _engine_options(settle)

    hand_help = ("five cards (high hand) or two (low hand): ranks 2-9 T J Q K A, suits c d h s, "
                 "the joker Jk; separated by spaces or commas, e.g. 'Ah Kh Qh Jh Th'")
    rank = command("rank", "rank one Pai Gow hand, spec and impl side by side",
                   "The combination of one Pai Gow Poker hand (s. 40) by the specification "
                   "and by the implementation, with the clause that names it.")
    rank.add_argument("--format", choices=("text", "json"), default="text",
                      help="output format (default: text)")
    readings(rank)
    rank.add_argument("hand", metavar="HAND", help=hand_help)
    _engine_options(rank)
    compare = command("compare", "which of two Pai Gow hands ranks higher, and why",
                      "Which of two Pai Gow Poker hands ranks higher, by the specification and "
                      "by the implementation, citing the clause or convention that decides.")
    compare.add_argument("--format", choices=("text", "json"), default="text",
                         help="output format (default: text)")
    readings(compare)
    compare.add_argument("hand_a", metavar="HAND_A", help=hand_help)
    compare.add_argument("hand_b", metavar="HAND_B", help="as HAND_A, with as many cards")
    _engine_options(compare)

    ambiguities = command("ambiguities",
                          "every reading of the regulation text, decided material or harmless",
                          "Each place the text of s. 95.15, 95.16 and 40 can be read more than "
                          "one way, compared with its default reading: a witness and the money "
                          "difference where it matters, the proof where it does not.")
    _output_option(ambiguities)
    ambiguities.add_argument("--format", choices=("text", "json", "sarif"), default="text",
                             help="output format (default: text; sarif: results of kind "
                                  "review)")
    _budget_options(ambiguities)
    ambiguities.add_argument("--quiet", action="store_true",
                             help=QUIET)

    replay = command("replay", "re-derive an audit bundle, believing nothing it says",
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
    replay.add_argument("--format", choices=("text", "json"), default="text",
                        help="output format (default: text)")
    replay.add_argument("--rlimit", type=_budget_type("--rlimit"), default=None,
                        metavar="UNITS",
                        help="the solver's resource limit per query (default: the bundle's: "
                             f"cvc5 {DEFAULT_CVC5_RLIMIT:,}, Z3 {DEFAULT_Z3_RLIMIT:,} units)")
    replay.add_argument("--timeout-ms", type=_budget_type("--timeout-ms"), default=None,
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
    replay.add_argument("--engine-timeout-ms", type=_budget_type("--engine-timeout-ms"),
                        default=ENGINE_TIMEOUT_MS, metavar="MS",
                        help=f"with --engine: the time limit per request (default: "
                             f"{ENGINE_TIMEOUT_MS})")
    replay.add_argument("--paigow-again", action="store_true",
                        help="--engine impl, for a bundle whose engine is our implementation "
                             "(about 25 s a reading)")
    replay.add_argument("--quiet", action="store_true", help=QUIET)

    mutants = command("mutants",
                      "faulty implementations and specifications, each run through the proofs",
                      "Generate faulty implementations (payouts changed, decisions swapped, "
                      "totals moved, working calls flipped, combinations shifted, tiebreaks "
                      "reversed) and faulty specifications (a rule dropped, weakened or "
                      "shifted); run each through the proofs. Exit 1 if any survives.")
    _output_option(mutants)
    mutants.add_argument("--format", choices=("text", "json"), default="text",
                         help="output format (default: text)")
    mutants.add_argument("--only", choices=("craps", "paigow"), default=None,
                         help="one game only (default: both)")
    mutants.add_argument("--quick", action="store_true",
                         help="a representative subset: one mutant of each kind per clause")
    mutants.add_argument("--quiet", action="store_true", help=QUIET)

    coverage = command("coverage", "what encodes, implements, proves and tests each sentence",
                       "For every sentence of s. 95.15, 95.16 and 40: the constraints, "
                       "implementation functions, proof obligations and tests that cover it, "
                       "or why it is out of scope. Exit 1 if a sentence is covered by nothing "
                       "or a constraint cites no clause.")
    _output_option(coverage)
    coverage.add_argument("--format", choices=("text", "json"), default="text",
                          help="output format (default: text)")
    coverage.add_argument("--tests", metavar="DIR",
                          help="the project's tests/ folder (default: ./tests, else the "
                               "checkout the package was installed from)")

    edge = command("edge", "the exact house edge of every craps wager under each reading",
                   "The exact house edge of every craps wager (a fraction and a percentage), "
                   "from the specification and checked against the implementation under "
                   "test, under the base readings and under each other reading that changes "
                   "the wager.")
    edge.add_argument("--format", choices=("text", "json"), default="text",
                      help="output format (default: text)")
    readings(edge)
    _output_option(edge)
    _engine_options(edge)
    par = command("par", "the PAR sheet: exact probabilities, edges, variance, hand frequencies",
                  "The probability accounting report of every craps wager (each outcome's exact "
                  "probability, hit frequency, return, house edge per bet made, per bet "
                  "resolved and per roll, variance, standard deviation, rolls to a decision, "
                  "volatility index) under every reading that changes it, and of Pai Gow Poker "
                  "(each combination's frequency over every five-card, two-card and "
                  "seven-card hand); from the specification, checked against the "
                  "implementation under test.")
    readings(par)
    par.add_argument("--only", choices=("craps", "paigow"), default=None,
                     help="one game only (default: both)")
    par.add_argument("--wagers", metavar="LIST",
                     help="these craps wagers only (comma-separated)")
    par.add_argument("--format", choices=("text", "json", "csv", "markdown", "html"),
                     default="text", help="output format (default: text)")
    _output_option(par)
    par.add_argument("--monte-carlo", type=_budget_type("--monte-carlo"), default=None,
                     metavar="TRIALS",
                     help="also play each craps row TRIALS times (seeded) and check every exact "
                          "figure against its 99.99%% interval")
    par.add_argument("--stake", type=_budget_type("--stake"), default=None, metavar="UNITS",
                     help="also show each craps wager's breakage: what the rounding keeps of "
                          "the exact winnings of a stake of UNITS whole units")
    par.add_argument("--rounding", choices=("floor", "half-up", "half-even", "exact"),
                     default=None, help="the rounding of the breakage (default: floor)")
    par.add_argument("--workers", type=_budget_type("--workers"), default=2, metavar="N",
                     help="processes for the seven-card count (default: 2)")
    _engine_options(par)
    from casino_proofs.command.diff import add_parser as add_diff

    def engine_timeout(p: argparse.ArgumentParser) -> None:
        p.add_argument("--engine-timeout-ms", type=_budget_type("--engine-timeout-ms"),
                       default=ENGINE_TIMEOUT_MS, metavar="MS",
                       help="how long an engine may take over one request before it is "
                            f"restarted (default: {ENGINE_TIMEOUT_MS})")

    add_diff(sub, _output_option, _budget_options, engine_timeout, _budget_type("--workers"))
    return parser


def run_diff(args: argparse.Namespace) -> int:
    from casino_proofs.command.diff import run_diff as run

    return run(args)


def run_par(args: argparse.Namespace) -> int:
    from casino_proofs.command.par import run_par as par

    return par(args)


def run_ambiguities(args: argparse.Namespace) -> int:
    from casino_proofs.analyses.ambiguities import find_all, finding_json
    from casino_proofs.command.output import check_output_paths
    from casino_proofs.reports import formats
    from casino_proofs.reports.findings import ambiguities_text
    from casino_proofs.reports.progress import Progress
    from casino_proofs.solving.budget import Budget

    check_output_paths(args.output, None)
    budget = Budget(z3_rlimit=args.rlimit, wall_ms=args.timeout_ms)
    bar = Progress("ambiguities", 0, not args.quiet)
    findings = [finding_json(f) for f in find_all(bar, budget)]
    bar.close()
    context = {**report_context({}), "budget": budget.as_json()}
    if args.format == "json":
        doc = {"schema": "casino-proofs/ambiguities", "schema_version": 1, **context,
               "ambiguities": findings}
        write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", args.output)
    elif args.format == "sarif":
        write_text(formats.to_sarif([], context, findings), args.output)
    else:
        write_text(ambiguities_text(findings, context), args.output)
    verdicts = {f["verdict"] for f in findings}
    if "ERROR" in verdicts:
        return EXIT_ERROR
    return EXIT_UNKNOWN if "UNKNOWN" in verdicts else EXIT_PROVED


def run_edge(args: argparse.Namespace) -> int:
    from casino_proofs.analyses.edge import edge_rows, row_json
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


def run_replay(args: argparse.Namespace) -> int:
    from casino_proofs.command.replay import run_replay as replay

    return replay(args)


def run_mutants(args: argparse.Namespace) -> int:
    from casino_proofs.analyses.mutants import generate, quick, report, report_text, run
    from casino_proofs.command.output import check_output_paths
    from casino_proofs.reports.progress import Progress

    check_output_paths(args.output, None)
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
    write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n" if args.format == "json"
               else report_text(doc), args.output)
    return EXIT_PROVED if not doc["survivors"] else EXIT_REFUTED


def run_coverage(args: argparse.Namespace) -> int:
    from casino_proofs.analyses.coverage import (
        coverage,
        coverage_json,
        coverage_text,
        find_tests,
    )
    from casino_proofs.command.output import check_output_paths

    check_output_paths(args.output, None)
    folder = find_tests(args.tests)
    rows, uncited = coverage(folder)
    if args.format == "json":
        write_text(json.dumps(coverage_json(rows, uncited, folder), indent=2,
                              ensure_ascii=False) + "\n", args.output)
    else:
        write_text(coverage_text(rows, uncited, folder), args.output)
    return EXIT_PROVED if all(r.covered for r in rows) and not uncited else EXIT_REFUTED


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "check": run_check, "settle": run_settle, "rank": run_rank, "compare": run_compare,
    "ambiguities": run_ambiguities, "edge": run_edge, "coverage": run_coverage,
    "mutants": run_mutants, "replay": run_replay, "par": run_par,
    "diff": run_diff,
}


def _attached(argv: list[str]) -> list[str]:
    """``--roll -1,2`` as ``--roll=-1,2``: a value that starts with a dash is still the
    option's value (argparse would take it for an option), so our own message can say what
    is valid."""
    out: list[str] = []
    words = iter(argv)
    for word in words:
        if word == "--roll":
            value = next(words, None)
            out.append(word if value is None else f"--roll={value}")
        else:
            out.append(word)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(_attached(list(sys.argv[1:] if argv is None else argv)))
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    try:
        return int(COMMANDS[args.command](args))
    except (UsageError, ValueError) as exc:
        sys.stderr.write(f"casino-proofs: error: {one_line(str(exc) or type(exc).__name__)}\n")
        return EXIT_USAGE
    except KeyboardInterrupt:
        sys.stderr.write("casino-proofs: interrupted; nothing written\n")
        return EXIT_USAGE
    except BrokenPipeError:  # the reader went away (``| head``): nothing more to say
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_USAGE
    except Exception as exc:  # an internal error: one line, never a traceback dump
        sys.stderr.write(f"casino-proofs: internal error: "
                         f"{one_line(f'{type(exc).__name__}: {exc}')[:500]}\n")
        return EXIT_ERROR


if __name__ == "__main__":
    raise SystemExit(main())
