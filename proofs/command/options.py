"""What every sub-command's parser shares: the parser itself (a usage error is exit 2), the
exit codes, the targets, and the options many commands take (the engine, the budget, the
output file, readings, progress). Each sub-command's module registers its own parser with
these (``register``)."""

from __future__ import annotations

import argparse
import re
import shutil
import textwrap
from collections.abc import Callable, Iterator
from typing import Any, NoReturn

from casino_proofs import games, spec
from casino_proofs.adapters.exec_engine import DEFAULT_TIMEOUT_MS
from casino_proofs.obligations.verdict import (
    EXIT_ERROR,
    EXIT_ON_RECORD,
    EXIT_PROVED,
    EXIT_REFUTED,
    EXIT_UNKNOWN,
    EXIT_USAGE,
)
from casino_proofs.protocol.play_budget import (
    EVENTS,
    MAX_EVENTS,
    MAX_K,
    MAX_SESSIONS,
    SESSIONS,
    PlayBudget,
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
from casino_proofs.untrusted.bounds import BOUNDS, Bounds
from casino_proofs.untrusted.printable import one_line

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
          "--sessions": MAX_SESSIONS, "--session-events": MAX_EVENTS,
          **{b.option: b.most for b in BOUNDS.values()}}

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
        # argparse quotes what the user gave (a path holding an ESC): shown escaped
        self.exit(EXIT_USAGE, f"{ERROR}{one_line(message)} (see {self.prog} --help)\n")


#: the widest a ``--help`` is wrapped to, on a terminal however wide (an 80-column one); on a
#: narrower terminal, its width
HELP_COLUMNS = 80
#: the narrowest a ``--help`` is wrapped to, on a terminal however narrow
HELP_NARROWEST = 40


def help_width() -> int:
    """The columns a ``--help`` is wrapped to: the terminal's (``COLUMNS`` too, as argparse
    reads it), at most :data:`HELP_COLUMNS`, less one so that no line touches the edge."""
    columns = shutil.get_terminal_size((HELP_COLUMNS, 24)).columns
    return max(HELP_NARROWEST, min(columns, HELP_COLUMNS)) - 1


class Help(argparse.RawDescriptionHelpFormatter):
    """Every ``--help``: the options as argparse lays them out, and the description and the
    exit codes wrapped to the terminal (:func:`help_width`), each paragraph of them and each
    item of a list (``  1  some obligation ...``) wrapped under its own indent."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position,
                         help_width() if width is None else width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(indent + line for line in rewrapped(text, width - len(indent)))

    def _format_usage(self, usage: str | None, actions: Any, groups: Any,
                      prefix: str | None) -> str:
        """argparse's usage, or, where a line of it would be wider than the terminal (its
        options indented past a long command name), each option laid out from a short
        indent instead, never broken inside its brackets."""
        text: str = super()._format_usage(usage, actions, groups, prefix)
        if max(len(line) for line in text.splitlines()) <= self._width:
            return text
        parts = re.findall(r"\(.*?\)+(?=\s|$)|\[.*?\]+(?=\s|$)|\S+", " ".join(text.split()))
        lines = [""]
        for part in parts:
            if lines[-1].strip() and len(lines[-1]) + 1 + len(part) > self._width:
                lines.append("    ")
            lines[-1] += part if not lines[-1].strip() else " " + part
        return "\n".join(lines) + "\n\n"

    def _split_lines(self, text: str, width: int) -> list[str]:
        """An option's help, never broken inside a name at its hyphens (``come-odds``)."""
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)


def _paragraphs(text: str) -> Iterator[list[str]]:
    """The paragraphs of a help text: a blank line or a line ending in a colon ends one; a
    line indented no deeper than the paragraph's first starts a new one (an item of a list);
    a line indented deeper continues it."""
    current: list[str] = []
    for line in text.splitlines():
        indent = len(line) - len(line.lstrip())
        if current and (not line.strip() or current[-1].rstrip().endswith(":")
                        or indent <= len(current[0]) - len(current[0].lstrip())):
            yield current
            current = []
        if line.strip():
            current.append(line)
        else:
            yield []
    if current:
        yield current


def rewrapped(text: str, width: int) -> list[str]:
    """A help text's paragraphs each wrapped to ``width``: its first line's indent kept, its
    later lines indented as its second line was, or past an item's marker (``  1  ``)."""
    out: list[str] = []
    for lines in _paragraphs(text):
        if not lines:
            out.append("")
            continue
        first = lines[0]
        lead = first[:len(first) - len(first.lstrip())]
        marker = re.match(r"\s*\S+ {2,}", first)
        hang = (lines[1][:len(lines[1]) - len(lines[1].lstrip())] if len(lines) > 1
                else " " * marker.end() if marker else lead)
        words = " ".join(line.strip() for line in lines)
        out += textwrap.wrap(words, max(width, len(hang) + 20), initial_indent=lead,
                             subsequent_indent=hang, break_on_hyphens=False,
                             break_long_words=False) or [""]
    return out


def command(sub: Commands, name: str, help_text: str, description: str,
            epilog: str = EXIT_CODES) -> argparse.ArgumentParser:
    """A sub-command's parser, its help wrapped to the terminal (:class:`Help`)."""
    parser: argparse.ArgumentParser = sub.add_parser(
        name, help=help_text, description=description, epilog=epilog, formatter_class=Help)
    return parser


def budget_type(option: str) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            return positive_int(text, option, MAXIMA.get(option))
        except BudgetError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from exc
    return parse


def only_option(p: argparse.ArgumentParser, help: str) -> None:
    """``--only GAME``: one game of the registry (``games.py``) only."""
    p.add_argument("--only", choices=games.names(), default=None, help=help)


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
    bound_options(p, *ENGINE_BOUNDS)


def bound_options(p: argparse.ArgumentParser, *fields: str) -> None:
    """The options that raise these bounds on what is read from outside (the fields of
    :class:`~casino_proofs.untrusted.bounds.Bounds`; docs/commands.md, "Bounds")."""
    for name in fields:
        bound = BOUNDS[name]
        unit = "MS" if bound.option.endswith("-ms") else "N"
        p.add_argument(bound.option, type=budget_type(bound.option), default=bound.default,
                       metavar=unit, help=f"the bound on {bound.what}; past it, {bound.past} "
                                          f"(default: {bound.default:,}, at most "
                                          f"{bound.most:,})")


#: the bounds of every command that opens an engine (a session log is one)
ENGINE_BOUNDS = ("log_lines", "gzip_ratio", "restarts")


def bounds_of(args: argparse.Namespace) -> Bounds:
    """The bounds a command runs under: each its option's value, or its default where the
    command has no such option."""
    return Bounds(**{name: getattr(args, bound.option[2:].replace("-", "_"), bound.default)
                     for name, bound in BOUNDS.items()})


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


#: what ``--output FILE`` does, in every sub-command that prints a report
OUTPUT = "write the report to FILE (written whole or not at all); default: standard output"


def output_option(p: argparse.ArgumentParser, metavar: str = "FILE",
                  help_text: str = OUTPUT, required: bool = False) -> None:
    """``--output``: where the report goes (``blueprint``: the site's directory)."""
    p.add_argument("--output", metavar=metavar, required=required, help=help_text)


def cache_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--no-cache", action="store_true",
                   help="neither read nor keep the specification's bulk tables in the user's "
                        "cache directory ($XDG_CACHE_HOME/casino-proofs; also "
                        "CASINO_PROOFS_NO_CACHE=1): build them in memory, as on a first run")


def format_option(p: argparse.ArgumentParser, document: type, note: str = "",
                  what: str = "output") -> None:
    """``--format``: the document's formats and its default, as ``reports/registry.py`` names
    them; ``note`` follows the default in the help. The parser keeps the document's type
    (``document``: what its JSON's schema is named by)."""
    chosen = registry.default(document)
    p.add_argument("--format", choices=registry.formats(document), default=chosen,
                   help=f"{what} format (default: {chosen}{'; ' + note if note else ''})")
    p.set_defaults(document=document)


def quiet(p: argparse.ArgumentParser) -> None:
    p.add_argument("--quiet", action="store_true", help=QUIET)


def report_options(p: argparse.ArgumentParser, document: type, note: str = "",
                   what: str = "output") -> None:
    """What every sub-command that prints a result takes, defined once: ``--format`` (the
    document's formats), ``--output FILE`` and ``--quiet``."""
    format_option(p, document, note, what)
    output_option(p)
    quiet(p)
