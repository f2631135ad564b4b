"""What every sub-command's parser shares: the parser itself (a usage error is exit 2), the
exit codes, the targets, and the options many commands take (the engine, the budget, the
output file, readings, progress). Each sub-command's module registers its own parser with
these (``register``)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any, NoReturn

from casino_proofs import spec
from casino_proofs.adapters.exec_engine import DEFAULT_TIMEOUT_MS
from casino_proofs.obligations.verdict import (
    EXIT_ERROR,
    EXIT_ON_RECORD,
    EXIT_PROVED,
    EXIT_REFUTED,
    EXIT_UNKNOWN,
    EXIT_USAGE,
)
from casino_proofs.reports import registry
from casino_proofs.solving.budget import (
    DEFAULT_WALL_MS,
    DEFAULT_Z3_RLIMIT,
    MAX_MS,
    MAX_RLIMIT,
    BudgetError,
    positive_int,
)
from casino_proofs.tables.play_budget import (
    EVENTS,
    MAX_EVENTS,
    MAX_K,
    MAX_SESSIONS,
    SESSIONS,
    PlayBudget,
)

#: the exit codes, as every ``--help`` ends (at most 79 columns: an 80-column terminal)
EXIT_CODES = f"""\
exit codes:
  {EXIT_PROVED}  every obligation is PROVED (check); spec and impl agree (settle, rank,
     compare, edge, par); every reading decided (ambiguities); every query
     re-derived (replay)
  {EXIT_REFUTED}  some obligation is REFUTED or VACUOUS (check) -- whatever else the run
     found; spec and impl disagree (settle, rank, compare, edge, par; or a
     Monte Carlo interval misses an exact figure); a query answered otherwise
     than recorded (replay); a mutant survived (mutants); a sentence
     uncovered (coverage)
  {EXIT_USAGE}  usage or input error: nothing was checked (one line on stderr names
     what is valid), standard output closed among them; a report that could
     not be written (nothing written); a bundle that is not intact (replay)
  {EXIT_UNKNOWN}  some obligation, reading or query is UNKNOWN (a resource budget
     exhausted, or the solver gave up), none worse
  {EXIT_ERROR}  some obligation is ERROR (the check itself failed: a counterexample
     that did not replay, the SMT proof and the enumeration disagreeing, an
     engine that did not answer in time) and none is REFUTED or VACUOUS
  {EXIT_ON_RECORD}  (replay) everything re-derived but some verdict taken on record: Pai Gow
     verdicts of an engine not asked again (--engine TARGET asks it;
     --on-record skips our implementation's), or what a file or a table gave
     that the bundle does not hold (a file's records, a table's scripts and
     sessions)
"""

TARGETS = ("impl (this project's implementation, the default), exec:COMMAND (a program "
           "speaking docs/engine-protocol.md), play:COMMAND (a craps table speaking its "
           "protocol 2, played scripts of events), python:MODULE or python:FILE.py, table:FILE "
           "(a recorded craps settlement table, .csv or JSON lines, or a session log of a "
           "table)")
ENGINE_TIMEOUT_MS = DEFAULT_TIMEOUT_MS
QUIET = "no progress on stderr (on a terminal, or a line every few seconds in a log)"

#: the largest value of each whole-number option
MAXIMA = {"--engine-timeout-ms": MAX_MS, "--timeout-ms": MAX_MS, "--rlimit": MAX_RLIMIT,
          "--workers": 64, "--monte-carlo": 100_000_000, "--stake": 10**12,
          "--sessions": MAX_SESSIONS, "--session-events": MAX_EVENTS}

#: the sub-parsers' container, as argparse hands it out
Commands = Any


def wager_list() -> str:
    """Every wager name, from the specification's catalogue, the Hop calls as one entry."""
    names: list[str] = []
    for name in spec.WAGER_NAMES:
        if spec.family(name).kind is spec.Kind.HOP:
            if "hop-A-B (A, B in 1..6)" not in names:
                names.append("hop-A-B (A, B in 1..6)")
        else:
            names.append(name)
    return ", ".join(names)


#: the command's name, and how every one-line error starts (a sub-command's too)
PROG = "casino-proofs"
ERROR = f"{PROG}: error: "


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{ERROR}{message} (see {self.prog} --help)\n")


def command(sub: Commands, name: str, help_text: str, description: str,
            epilog: str = EXIT_CODES) -> argparse.ArgumentParser:
    """A sub-command's parser."""
    parser: argparse.ArgumentParser = sub.add_parser(
        name, help=help_text, description=description, epilog=epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    return parser


def budget_type(option: str) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            return positive_int(text, option, MAXIMA.get(option))
        except BudgetError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from exc
    return parse


def reading_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--reading", action="append", default=[], metavar="NAME=VALUE",
                   help="read an ambiguous clause this way (repeatable; see "
                        "docs/readings-and-conventions.md)")


def engine_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--engine", default="impl", metavar="TARGET",
                   help=f"the implementation under test: {TARGETS}")
    p.add_argument("--engine-timeout-ms", type=budget_type("--engine-timeout-ms"),
                   default=ENGINE_TIMEOUT_MS, metavar="MS",
                   help="how long a program may take to answer one request before its input "
                        f"gets ERROR (default: {ENGINE_TIMEOUT_MS})")


def session_options(p: argparse.ArgumentParser) -> None:
    """How much random play a ``play:`` table gets after the scripts."""
    p.add_argument("--sessions", type=budget_type("--sessions"), default=SESSIONS,
                   metavar="N",
                   help="sessions a play: table is played after the scripts, shared among "
                        "five kinds of player, each failure shrunk to its shortest script; "
                        "the same sessions on every "
                        f"run (default: {SESSIONS}, at most {MAX_SESSIONS:,})")
    p.add_argument("--session-events", type=budget_type("--session-events"), default=EVENTS,
                   metavar="N", help=f"events a session draws, before the rolls that bring it "
                                     f"to 10 shooters and 200 rolls (default: {EVENTS}, at "
                                     f"most {MAX_EVENTS:,})")
    p.add_argument("--table-k", type=_table_k, default=None, metavar="K",
                   help="the k the suite is complete for, for every family of wagers (0 to "
                        f"{MAX_K}; default: the largest each family's budget allows)")


def _table_k(text: str) -> int:
    if text not in {str(k) for k in range(MAX_K + 1)}:
        raise argparse.ArgumentTypeError(f"--table-k is a whole number from 0 to {MAX_K}, "
                                         f"not {text!r}")
    return int(text)


def session_budget(args: argparse.Namespace) -> PlayBudget:
    return PlayBudget(getattr(args, "sessions", SESSIONS), getattr(args, "session_events", EVENTS),
                  getattr(args, "table_k", None))


def budget_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rlimit", type=budget_type("--rlimit"), default=DEFAULT_Z3_RLIMIT,
                   metavar="UNITS",
                   help="Z3's deterministic resource limit per query; exhausting it is "
                        f"UNKNOWN, on any machine alike (default: {DEFAULT_Z3_RLIMIT:,})")
    p.add_argument("--timeout-ms", type=budget_type("--timeout-ms"), default=DEFAULT_WALL_MS,
                   metavar="MS",
                   help="a wall-clock safety net per query, far above what any query needs; "
                        f"reaching it is UNKNOWN (default: {DEFAULT_WALL_MS:,})")


def cache_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--no-cache", action="store_true",
                   help="neither read nor keep the specification's bulk tables in the user's "
                        "cache directory ($XDG_CACHE_HOME/casino-proofs; also "
                        "CASINO_PROOFS_NO_CACHE=1): build them in memory, as on a first run")


def output_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--output", metavar="FILE",
                   help="write the report to FILE (written whole or not at all)")


def format_option(p: argparse.ArgumentParser, document: type, note: str = "",
                  what: str = "output") -> None:
    """``--format``: the document's formats and its default, as ``reports/registry.py`` names
    them; ``note`` follows the default in the help."""
    chosen = registry.default(document)
    p.add_argument("--format", choices=registry.formats(document), default=chosen,
                   help=f"{what} format (default: {chosen}{'; ' + note if note else ''})")


def quiet(p: argparse.ArgumentParser) -> None:
    p.add_argument("--quiet", action="store_true", help=QUIET)
